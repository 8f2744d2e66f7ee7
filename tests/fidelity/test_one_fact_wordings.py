"""One fact told in an everyday wording, asked back in other words, offline."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import told

from mirix_like import MemorySystem

AT = "2025-01-10T09:00:00+00:00"
# (what the user said, what they ask later, what the answer must hold)
SAID = [
    ("I can't stand cilantro, it tastes like soap to me.", "What food do I dislike?",
     "cilantro"),
    ("I was born on 14 March 1990.", "When is my birthday?", "14 March"),
    ("I support Arsenal, been a fan since I was a kid.", "Which football team do I support?",
     "since you were a kid"),
    ("How I make cold brew: grind the beans coarse and steep them overnight.",
     "How do I make cold brew?", "How you make cold brew"),
    ("Our wifi password is bluefrog77.", "What's the wifi password?",
     "wifi password is in the knowledge vault"),
    ("My son Ben is allergic to eggs.", "What is Ben allergic to?", "eggs"),
    # a dog said by its breed is found and answered as the dog
    ("I've got a golden retriever named Cooper.", "What's my dog's name?", "Cooper"),
    ("My mum lives in Cork and my dad lives in Galway.", "Where does my dad live?", "Galway"),
]


CASES = [([said], [], question, expected) for said, question, expected in SAID]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told(tmp_path_factory.mktemp("wordings"), CASES, AT, AT) as system:
        yield system


@pytest.mark.parametrize(("n", "question", "expected"),
                         [(n, q, e) for n, (_, _, q, e) in enumerate(CASES)])
def test_the_fact_answers_the_question_in_other_words(memory: MemorySystem, n: int,
                                                      question: str, expected: str) -> None:
    answer = memory.chat(question, user_id=f"u{n}").answer
    assert expected.casefold() in answer.casefold(), answer
    assert "[" not in answer, answer  # no marker, tag or stamp of how memories are shown
