"""``MemorySystem.search`` over a chat between two people: a question that names one of them
finds what that person told, not the messages that greet them by name or that ask back."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mirix_like import MemorySystem

USER = "chat"
SAID = datetime(2025, 5, 3, 18, 0, tzinfo=UTC)
# The same chat in each language: the pet is told once, among greetings that name the
# person and a question they ask back.
CHATS = {
    "en": ("Maria", "John", [
        "Hey Maria! Great to hear from you, how have you been?",
        "Hi John! Busy week, but good. We adopted a little puppy named Coco, she is adorable.",
        "Thanks for telling me, Maria! I am so happy for you.",
        "Thanks John! How is your new job going?",
        "Pretty good. Did you finish the Berlin marathon?",
        "Not this year, I hurt my knee in training.",
        "Oh no, Maria, get well soon! You always inspire me, Maria.",
        "Aw, thanks John! Talk soon.",
        "Bye Maria, take care!"]),
    "de": ("Lena", "Jonas", [
        "Hallo Lena! Schön von dir zu hören, wie geht es dir?",
        "Hi Jonas! Viel los, aber gut. Wir haben einen kleinen Welpen adoptiert, er heißt Bruno.",
        "Danke, dass du es mir erzählst, Lena! Ich freue mich für dich.",
        "Danke Jonas! Wie läuft dein neuer Job?",
        "Ganz gut. Bist du den Berlin-Marathon gelaufen?",
        "Dieses Jahr nicht, ich habe mir im Training das Knie verletzt.",
        "Oh nein, Lena, gute Besserung! Du inspirierst mich immer, Lena.",
        "Danke Jonas! Bis bald.",
        "Tschüss Lena, pass auf dich auf!"]),
    "es": ("Lucía", "Pablo", [
        "¡Hola Lucía! Qué alegría saber de ti, ¿cómo estás?",
        "¡Hola Pablo! Mucho trabajo, pero bien. Adoptamos un cachorro pequeño, se llama Coco.",
        "¡Gracias por contármelo, Lucía! Me alegro mucho por ti.",
        "¡Gracias Pablo! ¿Qué tal tu nuevo trabajo?",
        "Bastante bien. ¿Corriste el maratón de Berlín?",
        "Este año no, me lesioné la rodilla entrenando.",
        "¡Oh no, Lucía, que te mejores! Siempre me inspiras, Lucía.",
        "¡Gracias Pablo! Hablamos pronto.",
        "¡Adiós Lucía, cuídate!"]),
}
PET = "D1:2"
"""The message that tells of the pet."""
ES_MISSED = ("WordLlama does not bring 'mascota' or 'perro' near 'cachorro', and the full-text "
             "leg matches only 'Lucía' and 'Qué', which Lucía's own question 'Qué tal tu nuevo "
             "trabajo?' holds too")


@pytest.fixture(scope="module")
def memories(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, MemorySystem]]:
    """Each chat ingested as LOCOMO's turns are: one message per turn, the speaker's name."""
    systems = {}
    for language, (teller, friend, lines) in CHATS.items():
        folder = Path(tmp_path_factory.mktemp(language))
        system = MemorySystem(store_uri=str(folder / "store"), backend="offline")
        speakers = [friend, teller] * len(lines)
        system.add([{"id": f"D1:{n}", "role": "user", "name": speakers[n - 1], "content": text}
                    for n, text in enumerate(lines, 1)],
                   user_id=USER, occurred_at=SAID, flush=True)
        systems[language] = system
    yield systems
    for system in systems.values():
        system.close()


@pytest.mark.parametrize(("language", "question"), [
    ("en", "What pet does Maria have?"),
    ("en", "What dog does Maria have?"),
    ("en", "What animal did Maria adopt?"),
    ("de", "Welches Haustier hat Lena?"),
    ("de", "Welchen Hund hat Lena?"),
    pytest.param("es", "¿Qué mascota tiene Lucía?",
                 marks=pytest.mark.xfail(strict=True, reason=ES_MISSED)),
    pytest.param("es", "¿Qué perro tiene Lucía?",
                 marks=pytest.mark.xfail(strict=True, reason=ES_MISSED)),
])
def test_the_pet_told_comes_before_greetings_and_questions_back(
        memories: dict[str, MemorySystem], language: str, question: str) -> None:
    """The name says whose message is wanted, not what it is about: the message that greets
    the person by name ("Thanks for telling me, Maria!") or the question they ask back
    ("Thanks John! How is your new job going?") is not what they told."""
    hits = memories[language].search(question, user_id=USER, limit=3)
    first = hits[0].item
    assert first.source_ids == [PET], (first.source_ids, getattr(first, "details", first))
