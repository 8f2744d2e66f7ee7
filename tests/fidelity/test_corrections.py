"""A fact corrected a day later ("Actually, my sister lives in Leeds, not York", "Correction:
the flight is at 9:40, not 9:10", "Korrektur: meine Schwester wohnt in Bonn, nicht in Köln",
"Non, pardon, ma sœur habite à Grenoble, pas à Lyon"): the answer is the corrected value,
whatever day the first one was dated by, and a kept value holds no "not …".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

FIRST, FIXED = "2025-03-01T09:00:00+00:00", "2025-03-02T09:00:00+00:00"
PEOPLE = {
    "ann": ((FIRST, ["My sister lives in York.", "My flight to Rome is at 9:10 on Friday.",
                     "My dentist is Dr Hill."]),
            (FIXED, ["Actually, my sister lives in Leeds, not York.",
                     "Correction: the flight is at 9:40, not 9:10.",
                     "oops, my dentist is Dr Hall not Dr Hill"])),
    "bea": ((FIRST, ["Meine Schwester wohnt in Köln.", "Mein Zug fährt um 7:15 Uhr."]),
            (FIXED, ["Korrektur: meine Schwester wohnt in Bonn, nicht in Köln.",
                     "Sorry, der Zug fährt um 7:45 Uhr, nicht um 7:15 Uhr."])),
    "cleo": ((FIRST, ["Ma sœur habite à Lyon."]),
             (FIXED, ["Non, pardon, ma sœur habite à Grenoble, pas à Lyon."])),
}

QUESTIONS = [
    ("ann", "Where does my sister live?", "Leeds", []),
    ("ann", "What time is my flight?", "9:40", ["Friday"]),
    ("ann", "Who is my dentist?", "Dr Hall", ["Hill"]),
    ("bea", "Wo wohnt meine Schwester?", "Bonn", []),
    ("bea", "Um wie viel Uhr fährt mein Zug?", "7:45", []),
    ("cleo", "Où habite ma sœur ?", "Grenoble", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("corrections"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_the_corrected_value_answers(memory: MemorySystem, user: str, question: str,
                                     says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


def test_the_core_keeps_the_corrected_value_alone(memory: MemorySystem) -> None:
    core = memory.get("core", "human", user_id="ann").value
    assert "Dr Hall" in core and "Hill" not in core, core
