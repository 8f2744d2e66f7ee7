"""Which language a message is in decides the language of what is said back."""

from __future__ import annotations

import pytest

from mirix_like.offline.answer import answer
from mirix_like.offline.plain import language


@pytest.mark.parametrize(("text", "lang"), [
    ("Ich trinke am liebsten Rooibos.", "de"),
    ("Ich esse am liebsten Pizza.", "de"),
    ("Je bois du thé vert.", "fr"),
    ("Bebo café de Colombia.", "es"),
    ("I am at the gym.", "en"),
    ("The cafe de la Paix is nice.", "en"),
    ("Von Neumann was a genius", "en"),
    ("I love la dolce vita.", "en"),
])
def test_language_of_a_message(text: str, lang: str) -> None:
    assert language(text) == lang


def test_a_quoted_german_message_is_said_back_in_german() -> None:
    memories = ["[2026-11-24] The user said: Ich trinke am liebsten Rooibos. — user: Ich "
                "trinke am liebsten Rooibos."]
    assert answer("Was trinke ich am liebsten?", memories) == (
        "Du hast gesagt: Ich trinke am liebsten Rooibos.")


def test_a_unit_abbreviation_does_not_end_a_sentence() -> None:
    from mirix_like.offline.language import sentences_of
    assert sentences_of("Zu Fuß: 7 Std. 10 min. Mit dem Rad: 2 Std. Danach Pause.") == [
        "Zu Fuß: 7 Std. 10 min.", "Mit dem Rad: 2 Std.", "Danach Pause."]
