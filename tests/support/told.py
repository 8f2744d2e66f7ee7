"""Users told their facts in two sessions: the setup the fidelity tests share."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mirix_like import MemorySystem


@contextmanager
def told(path: Path, cases: Sequence[Sequence[Any]], first: str,
         later: str) -> Iterator[MemorySystem]:
    """An offline memory in ``path`` where user ``u<n>`` said the texts of ``cases[n][0]`` at
    ``first`` and those of ``cases[n][1]`` at ``later``, one message each, every session
    processed with no failed input."""
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for n, (before, after, *_) in enumerate(cases):
            for at, texts in ((first, before), (later, after)):
                for text in texts:
                    system.add([{"role": "user", "content": text}], user_id=f"u{n}",
                               occurred_at=at)
                assert system.flush(f"u{n}").failed_inputs == []
        yield system
