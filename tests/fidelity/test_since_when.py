"""How long something has held is answered by since when, in a clean sentence.

"How long have I lived in Leeds?" after "I moved to Leeds in March 2023" is "Since March 2023";
a fact that ended never leaves its message behind as the answer ("(user: I've been with my
partner Sam since 2019.)" once Sam is a spouse).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

PEOPLE = {
    "kay": (("2025-03-01T09:00:00+00:00", [
        "I moved to Leeds in March 2023.", "I've been with my partner Sam since 2019.",
        "I started learning Spanish in January.", "My passport expires on 12 October 2026."]),
            ("2025-10-01T09:00:00+00:00", ["Sam and I got married on 20 September!"])),
    "uwe": (("2025-03-01T09:00:00+00:00", ["Ich wohne seit 2018 in Bremen."]),),
    "emma": (("2025-02-02T09:00:00+00:00", ["I've been learning Japanese for two years."]),),
}

QUESTIONS = [
    ("kay", "How long have I lived in Leeds?", "March 2023", []),
    ("kay", "Since when have I been with Sam?", "2019", ["(user"]),
    ("kay", "When did I start learning Spanish?", "January 2025", []),
    ("kay", "When did we get married?", "20 September 2025", []),
    ("kay", "Am I married?", "married", []),
    ("uwe", "Seit wann wohne ich in Bremen?", "2018", []),
    # a length said is how long: not the day it was said
    ("emma", "How long have I been learning Japanese?", "two years", ["Since"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("since"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_since_when_comes_back(memory: MemorySystem, user: str, question: str, says: str,
                               not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
