"""Users told their facts in two sessions: the setup the fidelity tests share."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

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


def converse(system: MemorySystem, user: str, messages: Sequence[Mapping[str, str]],
             at: str) -> None:
    """``messages`` (each with its role, and a name or not) added as one batch of ``user``'s
    at ``at``, processed with no failed input and nothing left pending."""
    system.add([dict(m) for m in messages], user_id=user, occurred_at=at)
    report = system.flush(user)
    assert report.failed_inputs == [] and report.pending_inputs == []


@contextmanager
def told_all(path: Path, people: Mapping[str, Iterable[tuple[str, Sequence[str]]]]
             ) -> Iterator[MemorySystem]:
    """An offline memory in ``path`` where each user of ``people`` said their sessions (see
    :func:`tell`)."""
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for user, sessions in people.items():
            tell(system, user, sessions)
        yield system


def told(path: Path, cases: Sequence[Sequence[Any]], first: str,
         later: str) -> AbstractContextManager[MemorySystem]:
    """An offline memory in ``path`` where user ``u<n>`` said the texts of ``cases[n][0]`` at
    ``first`` and those of ``cases[n][1]`` at ``later``."""
    return told_all(path, {f"u{n}": ((first, before), (later, after))
                           for n, (before, after, *_) in enumerate(cases)})


def asked(cases: Sequence[Sequence[Any]]) -> list[Any]:
    """One test per question of ``cases`` (said first, said later, and the questions: each with
    what the answer must say, must not say, and why it cannot yet): the user's number, the
    question, says and not said; named by what was said later, a strict xfail when a reason
    is given."""
    return [pytest.param(n, question, says, not_said, id=f"{later[0][:40]} | {question}",
                         marks=[pytest.mark.xfail(strict=True, reason=why) for why in known])
            for n, (_, later, questions) in enumerate(cases)
            for question, says, not_said, *known in questions]


def asked_by(questions: Sequence[Sequence[Any]]) -> list[Any]:
    """One test per ``(user, question, says, not said, *why it cannot yet)``: a strict xfail
    when a reason is given, named by the user and the question."""
    return [pytest.param(user, question, says, not_said, id=f"{user}: {question}",
                         marks=[pytest.mark.xfail(strict=True, reason=why) for why in known])
            for user, question, says, not_said, *known in questions]


def stored_facts(system: MemorySystem, user: str) -> dict[str, bool]:
    """Each core line and semantic summary of ``user``, and whether it is past."""
    lines = {line: False for block in system.store.list("core", user)
             for line in block.value.splitlines() if line.strip()}
    return lines | {f.summary: f.is_past() for f in system.store.list("semantic", user)}


RENDERING = re.compile(
    r"</?\w+>|[\[\]{}]|\"\w+\":|\d{4}-\d\d-\d\d|\((?:until|since)\b|\bthe user\b|\bNutzer|"
    r"\busuario\b|\butilisateur\b|用户|(?:^|\s)\d{1,3}:\s|\b(?:details|summary|content):",
    re.IGNORECASE)
"""What an answer must not show: tags, JSON, stamps, ranges, line numbers, labels, "the
user" unsaid."""
_SENTENCE_END = re.compile(r"(?<![\d\s])(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)[.!?。！？]\s+\S")
"""An end of a sentence with more after it (not "1. März", a German date, nor "Dr. Park")."""


def says_only(answer: str, says: str | None, not_said: list[str]) -> None:
    """``answer`` carries ``says`` and none of ``not_said``, in one clean sentence."""
    assert says is None or says.casefold() in answer.casefold(), answer
    assert not [n for n in not_said if n.casefold() in answer.casefold()], answer
    assert not RENDERING.search(answer), answer
    assert not _SENTENCE_END.search(answer.strip()), answer


def says_any(answer: str, says: str | tuple[str, ...] | None, not_said: list[str]) -> None:
    """:func:`says_only`, where ``says`` may be several ways to say it, one enough."""
    if isinstance(says, tuple):
        assert any(way.casefold() in answer.casefold() for way in says), answer
        says = None
    says_only(answer, says, not_said)


def core_holds(system: MemorySystem, user: str, now: Sequence[str], gone: Sequence[str],
               past: Sequence[str]) -> None:
    """``user``'s core block says each of ``now`` and none of ``gone``; their facts kept as
    past (with an end) say each of ``past``."""
    core = system.get("core", "human", user_id=user).value
    assert [w for w in now if w not in core] == [], core
    assert [w for w in gone if w in core] == [], core
    kept = " ".join(item.summary for item in system.list("semantic", user_id=user)
                    if item.valid_until is not None)
    assert [w for w in past if w not in kept] == [], kept
