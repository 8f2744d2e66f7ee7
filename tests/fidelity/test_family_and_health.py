"""Children's ages that grow, an address that moves, a language switched, a health condition.

"Leo turned 8 last week!" after "My son Leo is 7" makes Leo 8 (the fact now says since when,
and wins over the message that said 7); "I've switched from Italian to Spanish" ends one
language learnt and begins the other; "Do I have any health conditions?" is answered by "type 1
diabetes".
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

PEOPLE = {
    "gus": (("2025-01-05T10:00:00+00:00", [
        "My son Leo is 7 and my daughter Mia is 4.",
        "Our address is 12 Rose Lane, Bristol BS3 4QT.", "I'm learning Italian on Duolingo.",
        "I have type 1 diabetes.", "My pronouns are he/him."]),
            ("2025-09-10T10:00:00+00:00", [
                "Leo turned 8 last week!",
                "We've moved, our new address is 5 Oak Street, Bath BA1 2AB.",
                "I've switched from Italian to Spanish."])),
    "ida": (("2025-01-05T10:00:00+00:00", ["I have asthma and mild eczema.",
                                           "My daughter Zoe is 3.",
                                           "My wife Priya's birthday is on 3 March.",
                                           "I was born on 9 November 1988."]),
            ("2025-06-10T10:00:00+00:00", ["Zoe turned 4 yesterday."])),
}

QUESTIONS = [
    ("gus", "How old is Leo?", "8", ["7"]),
    ("gus", "How old is Mia?", "4", []),
    ("gus", "What's my address?", "Oak Street", ["Rose Lane"]),
    ("gus", "What was my old address?", "Rose Lane", []),
    ("gus", "Which language am I learning?", "Spanish", ["Italian"]),
    ("gus", "Do I have any health conditions?", "diabetes", []),
    ("ida", "Any medical conditions I should mention?", "asthma", []),
    ("ida", "How old is Zoe?", "4", ["3"]),
    # an owner's "'s" is no part of a name ("My wife Priya's birthday …": Priya)
    ("ida", "What's my wife's name?", "Priya", ["Priya's"]),
    ("ida", "When is Priya's birthday?", "3 March", []),
    ("ida", "When is my birthday?", "9 November", ["March"]),
]


def test_an_age_is_counted_from_the_birthday_told(memory: MemorySystem) -> None:
    """"How old am I?" of "I was born on 9 November 1988" is the age today."""
    today = datetime.now(UTC).date()
    age = today.year - 1988 - ((today.month, today.day) < (11, 9))
    says_only(memory.chat("How old am I?", user_id="ida").answer, f"{age} years old", [])


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("family"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_family_and_health_come_back_current(memory: MemorySystem, user: str, question: str,
                                             says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
