"""A self-description in notes form comes back like one told in sentences.

A profile of labels ("Wife: Meera. Kids: Arjun (7) and Kavya (4). Allergies: peanuts.") and
clauses that leave out "I" ("Originally from Auckland. Vegan, love climbing.") say the same
facts as full sentences; where someone comes from is asked for apart from where they live.
A meeting note's "Location: Room 4" makes no one live there.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-03-01T09:00:00+00:00", "2025-09-01T09:00:00+00:00"
PEOPLE = {
    "zoe": ((BEFORE, ["Hi! I'm Zoe, 29, a UX designer at Spotify in Stockholm. Originally from "
                      "Auckland. Married to Erik, we have a dog named Pixel. Vegan, love "
                      "climbing and Nordic noir books."]),
            (LATER, ["Update: we moved to Gothenburg in August. Also turned 30 last week!"])),
    "dev": ((BEFORE, ["About me: Dev Patel, software engineer, based in Austin TX. Wife: Meera. "
                      "Kids: Arjun (7) and Kavya (4). Allergies: peanuts. Favourite team: the "
                      "Spurs."]),),
    "sam": ((BEFORE, ["Name: Sam. Age: 31. Job: nurse. City: Leeds. Hometown: Cork."]),),
    "jan": ((BEFORE, ["Ich komme ursprünglich aus Graz, wohne aber seit Jahren in Wien."]),),
    "ivy": ((BEFORE, ["Meeting notes. Location: Room 4. Attendees: Sam, Jo.",
                      "I live in Bath."]),),
}

QUESTIONS = [
    ("zoe", "Where do I live?", "Gothenburg", ["Stockholm"]),
    ("zoe", "Where am I from?", "Auckland", ["Gothenburg"]),
    ("zoe", "How old am I?", "30", ["29"]),
    ("zoe", "Who is my husband?", "Erik", []),
    ("zoe", "Do I eat meat?", "vegan", []),
    ("zoe", "What are my hobbies?", "climbing", []),
    ("dev", "Where do I live?", "Austin", []),
    ("dev", "What's my wife's name?", "Meera", []),
    ("dev", "What are my kids called?", "Arjun and Kavya", []),
    ("dev", "How old is Kavya?", "4", []),
    ("dev", "Am I allergic to anything?", "peanuts", []),
    ("dev", "What do I do for work?", "software engineer", []),
    ("sam", "How old am I?", "31", []),
    ("sam", "What's my job?", "nurse", []),
    ("sam", "Where do I live?", "Leeds", ["Cork"]),
    ("sam", "Where am I from?", "Cork", []),
    ("jan", "Woher komme ich?", "Graz", []),
    ("ivy", "Where do I live?", "Bath", ["Room 4"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("notes"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_notes_form_comes_back(memory: MemorySystem, user: str, question: str, says: str,
                               not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
