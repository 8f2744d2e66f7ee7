"""Questions about work in other words than the memory's ("employer", "employs",
"Arbeitgeber", "empleador") find where someone works, among many other facts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mirix_like import MemorySystem

FACTS = ["I live in Nottingham.", "My favourite food is sushi.", "I support Leicester City.",
         "My wife is called Dina.", "I am allergic to peanuts.", "My favourite band is Elbow.",
         "I drive a blue Skoda Octavia.", "My dentist is Dr. Shah.",
         "I play five-a-side football on Thursdays.", "My favourite drink is mint tea.",
         "I work at Jacobs.", "I was born in Cairo.", "Dina works at the NHS."]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("work")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for fact in FACTS:
            system.add(fact, user_id="omar")
        assert system.flush("omar").failed_inputs == []
        yield system


@pytest.mark.parametrize(("question", "says", "not_said"), [
    ("Who's my employer?", "Jacobs", "NHS"),
    ("Which company employs me?", "Jacobs", "NHS"),
    ("Who employs me?", "Jacobs", "NHS"),
    ("Wer ist mein Arbeitgeber?", "Jacobs", "NHS"),
    ("¿Quién es mi empleador?", "Jacobs", "NHS"),
    ("Quel est mon employeur ?", "Jacobs", "NHS"),
    ("Who is Dina's employer?", "NHS", "Jacobs"),
    ("What's my employer called?", "Jacobs", "NHS"),
    ("What's my wife called?", "Dina", "Jacobs"),
])
def test_a_work_question_in_other_words_finds_the_employer(
        memory: MemorySystem, question: str, says: str, not_said: str) -> None:
    answer = memory.chat(question, user_id="omar").answer
    assert says in answer and not_said not in answer, answer
    assert says in memory.context(question, user_id="omar", max_tokens=200).text
