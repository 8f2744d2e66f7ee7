"""Users told their facts in two sessions: the setup the fidelity tests share."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mirix_like import MemorySystem


def tell(system: MemorySystem, user: str,
         sessions: Iterable[tuple[str, Sequence[str]]]) -> None:
    """``user`` says each session's texts at its time, one message each; every session is
    processed with no failed input and nothing left pending."""
    for at, texts in sessions:
        for text in texts:
            system.add([{"role": "user", "content": text}], user_id=user, occurred_at=at)
        report = system.flush(user)
        assert report.failed_inputs == [] and report.pending_inputs == []


@contextmanager
def told(path: Path, cases: Sequence[Sequence[Any]], first: str,
         later: str) -> Iterator[MemorySystem]:
    """An offline memory in ``path`` where user ``u<n>`` said the texts of ``cases[n][0]`` at
    ``first`` and those of ``cases[n][1]`` at ``later``."""
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for n, (before, after, *_) in enumerate(cases):
            tell(system, f"u{n}", ((first, before), (later, after)))
        yield system
