"""A name the question says in one language finds memories that say it in another
("Munich" of "München", "Spanish" of "español"), through the offline chat."""

from __future__ import annotations

from pathlib import Path

import pytest

from mirix_like import MemorySystem

CASES = [
    (["Meine Schwester Lea wohnt in München.", "I visited Paris in May."],
     "Who lives in Munich?", "Lea"),
    (["Ich spreche fließend Spanisch und ein bisschen Italienisch."],
     "Do I speak Spanish?", "Spanisch"),
    (["Hablo español e inglés."], "Do I speak Spanish?", "español"),
    (["Mi hermano Pablo vive en Múnich."], "Where does Pablo live?", "Múnich"),
    (["My cousin Jan moved to Vienna last year."], "Wer wohnt in Wien?", "Jan"),
    (["Tom works in Cologne at Ford."], "Who works in Köln?", "Tom"),
    (["I speak Spanish at work.", "My landlord only speaks German."],
     "Which language do I speak at work?", "Spanish"),
]


@pytest.mark.parametrize(("said", "question", "expected"), CASES,
                         ids=[c[1] + " " + c[2] for c in CASES])
def test_a_name_in_another_language_is_the_same_name(
        tmp_path: Path, said: list[str], question: str, expected: str) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        for text in said:
            memory.add(text, user_id="u", flush=True)
        reply = memory.chat(question, user_id="u").answer
    assert expected.lower() in reply.lower(), reply
    assert "in memory" not in reply
