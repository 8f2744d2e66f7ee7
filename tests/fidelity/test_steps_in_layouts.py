"""Steps told as numbered lines, bullets, "n)" marks or one sentence come back whole.

An event keeps an excerpt of a long message, which may end before the last step: the answer is
the whole procedure, never the excerpt ("…; mettre le nouveau filtre" without "rebrancher"),
and a procedure in the user's own words in another language ("Mi receta de gazpacho: …", "So
entkalke ich …") is said as theirs, not as the assistant's own recipe.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

AT = "2025-03-01T09:00:00+00:00"
PEOPLE = {
    "pat": ((AT, [
        "How I make my sourdough:\n1. Feed the starter the night before\n2. Mix 500g flour with "
        "350g water and 100g starter\n3. Rest 1 hour, then add 10g salt\n4. Stretch and fold "
        "every 30 min for 2 hours\n5. Shape, proof overnight in the fridge\n6. Bake at 250°C "
        "for 40 minutes",
        "Mi receta de gazpacho: primero trituro los tomates, luego añado pepino y pimiento, "
        "después el aceite y el vinagre, y por último lo enfrío dos horas.",
        "So entkalke ich die Kaffeemaschine:\n- Wassertank mit Entkalker füllen\n- Programm "
        "'Clean' starten\n- zweimal mit klarem Wasser spülen",
        "Pour changer le filtre de la hotte :\n1) débrancher la hotte\n2) retirer la grille\n"
        "3) mettre le nouveau filtre\n4) rebrancher"]),),
}

QUESTIONS = [
    ("pat", "How do I make sourdough?", "40 minutes", ["…", "How I make"]),
    ("pat", "How much water goes in my sourdough?", "350g water", []),
    ("pat", "¿Cómo hago el gazpacho?", "Dijiste: Mi receta de gazpacho", []),
    ("pat", "Wie entkalke ich die Kaffeemaschine?", "zweimal mit klarem Wasser spülen",
     ["Du hast gesagt: -"]),
    ("pat", "Wie oft spüle ich mit klarem Wasser?", "zweimal", ["- "]),
    ("pat", "Comment changer le filtre de la hotte ?", "rebrancher", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("layouts"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_steps_come_back_whole(memory: MemorySystem, user: str, question: str, says: str,
                               not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
