"""Habits and things that end, asked of with yes or no.

"Do I smoke?" after "Three months smoke-free today!" is not "you smoke", nor nothing: it is what
ended, told as ended; "Do I still play football?" after "I stopped playing football" says so,
though the football was "five-a-side". A pet that died and a partner one broke up with come back
as past, never as current, and so does a car sold by its name ("Sold the Mazda, I cycle
everywhere now").
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

PEOPLE = {
    "max": (("2025-02-01T09:00:00+00:00", [
        "I drive a red Mazda 3.", "I'm vegetarian.", "I smoke about ten a day, trying to cut down.",
        "My girlfriend is called Sophie.", "We have a cat called Miso.",
        "I play five-a-side football on Mondays."]),
            ("2025-08-01T09:00:00+00:00", [
                "Sold the Mazda, I cycle everywhere now.",
                "I eat fish again, so no longer vegetarian.", "Three months smoke-free today!",
                "Sophie and I broke up in June.", "Miso died last week, we're heartbroken.",
                "I stopped playing football after my knee surgery."])),
    "eve": (("2025-02-01T09:00:00+00:00", ["I vape, mostly at work."]),
            ("2025-05-01T09:00:00+00:00", ["I quit vaping in April."])),
}

QUESTIONS = [
    ("max", "Am I vegetarian?", "no longer vegetarian", []),
    # a thing sold by its name, with none named after it
    ("max", "Do I have a car?", "was a red Mazda", []),
    ("max", "What car did I have?", "Mazda", []),
    ("max", "Do I smoke?", "smoked until", ["You smoke about"]),
    ("max", "Do I have a girlfriend?", "former girlfriend", []),
    ("max", "Do I have a cat?", "Miso was your cat", []),
    ("max", "Do I still play football?", "stopped playing football", []),
    ("eve", "Do I vape?", "April", ["You vape,"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("ended"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_what_ended_comes_back_as_ended(memory: MemorySystem, user: str, question: str,
                                        says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
