"""Dates as people write them in notes and chat: which year, and which day answers 'when'."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mirix_like import MemorySystem

NOTES = """# Q3 planning notes (Oct 2)

Attendees: Priya, Tom, Lea

## Decisions
- Launch of the mobile app moves to November 18.
- Budget for ads: 40,000 EUR.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("dates")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        system.add(NOTES, user_id="notes", occurred_at="2026-11-24T09:00:00+00:00")
        for text in ("I met Ana on 3 May at the cafe.", "We bought the bike on June 2.",
                     "My exam is on 3 May."):
            system.add(text, user_id="chat", occurred_at="2026-01-20T10:00:00+00:00")
        for user in ("notes", "chat"):
            assert system.flush(user).failed_inputs == []
        yield system


def summaries(memory: MemorySystem, user: str) -> str:
    return " | ".join(e.summary for e in memory.list("episodic", user_id=user))


def test_a_heading_date_is_the_past_one_and_is_not_said_twice(memory: MemorySystem) -> None:
    said = summaries(memory, "notes")
    assert "Oct 2, 2026" in said and "2027" not in said and "October" not in said, said


def test_when_is_answered_by_the_day_the_line_names(memory: MemorySystem) -> None:
    answer = memory.chat("When does the mobile app launch?", user_id="notes").answer
    assert "18 November 2026" in answer, answer


@pytest.mark.parametrize(("words", "why"), [
    ("met Ana on 3 May 2025", "past verb met"),
    ("June 2, 2025", "past verb bought"),
    ("exam is on 3 May 2026", "arranged: ahead"),
])
def test_a_date_without_its_year_takes_the_tense_of_its_sentence(
        memory: MemorySystem, words: str, why: str) -> None:
    assert words in summaries(memory, "chat"), why
