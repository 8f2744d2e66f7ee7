"""Other people's facts told of two at once, and changed later.

"Tom and Priya moved to Bristol last month" moves Tom as well as Priya: "Where does Tom live?"
is Bristol, and Leeds, where he lived with her, is where he lived before. A parent who retired,
a friend's baby born, a sister's divorce come back as told.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

PEOPLE = {
    "liz": (("2025-01-15T19:00:00+00:00", [
        "My brother Tom lives in Leeds with his girlfriend Priya.",
        "My mum works as a primary school teacher.",
        "My best friend Aisha is pregnant, due in March!",
        "My dad turned 69 in December.",
        "My sister Kate is married to a guy called Mark."]),
            ("2025-06-20T19:00:00+00:00", [
                "Tom and Priya moved to Bristol last month.", "Mum finally retired in May!",
                "Aisha had a baby girl, Zara, on 2 March.",
                "Kate and Mark are getting divorced, it's been a rough year."])),
    "raf": (("2025-02-01T10:00:00+00:00", ["Mi amigo Leo vive en Madrid."]),
            ("2025-05-01T10:00:00+00:00", ["Leo and Marta moved to Lisbon in April."])),
}

QUESTIONS = [
    ("liz", "Where does Tom live?", "Bristol", ["Leeds"]),
    ("liz", "Where did Tom live before?", "Leeds", []),
    ("liz", "Where does Priya live?", "Bristol", []),
    ("liz", "Is my mum still working?", "retired", []),
    ("liz", "What's Aisha's baby called?", "Zara", []),
    ("liz", "When was Zara born?", "2 March", []),
    ("liz", "How old is my dad?", "69", []),
    ("liz", "Is Kate still married?", "divorced", []),
    ("raf", "Where does Leo live?", "Lisbon", ["Madrid"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("together"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_others_told_together(memory: MemorySystem, user: str, question: str, says: str,
                              not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
