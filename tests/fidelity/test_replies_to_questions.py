"""A short reply means what the question before it asked.

An assistant (or another speaker) asks "Where are you based these days?" and the user answers
"Manchester. I work nights …": the user lives in Manchester, though "Manchester." alone says
nothing. The same for where someone comes from or works, their job, age, name, allergies,
favourites and anything asked for by its name ("Do you have a budget?" "Around 900 a month."),
in the five languages the rules read; a question asking to confirm ("So you live in Porto,
right?") is confirmed by "Yes, …" or corrected by "No, Braga."; a reply that says its own
sentence ("I live in Leeds"), or dodges ("Old enough lol"), is read as it is; what the
assistant suggests ("I'd look in Lisbon") is no fact of the user's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.told import asked_by, says_only

from mirix_like import MemorySystem

AT = "2025-02-10T18:00:00+00:00"
CONVERSATIONS = {
    "kim": [("assistant", "Of course! First, where are you based these days?"),
            ("user", "Manchester. I work nights at the Royal Infirmary."),
            ("assistant", "And what do you do there?"),
            ("assistant", "What do you do for a living?"),
            ("user", "ICU nurse, mostly nights."),
            ("assistant", "How old are you, if you don't mind me asking?"),
            ("user", "41, why?"),
            ("assistant", "What's your favourite film?"),
            ("user", "Amélie!")],
    "ole": [("assistant", "Wo wohnst du jetzt?"), ("user", "In Köln, seit Mai."),
            ("assistant", "Was machst du beruflich?"), ("user", "Krankenpfleger."),
            ("assistant", "Wie alt bist du?"), ("user", "29")],
    "lea": [("assistant", "Où habites-tu ?"), ("user", "À Lyon, près de la gare."),
            ("assistant", "Quel âge as-tu ?"), ("user", "42 ans."),
            ("assistant", "Tu viens d'où ?"), ("user", "D'Italie.")],
    "ana": [("assistant", "¿Dónde vives?"), ("user", "En Sevilla, con mi novio."),
            ("assistant", "¿A qué te dedicas?"), ("user", "Profesora de yoga."),
            ("assistant", "¿Cómo te llamas?"), ("user", "Ana Ruiz.")],
    "wei": [("assistant", "你住在哪里？"), ("user", "杭州。"),
            ("assistant", "你多大了？"), ("user", "30岁。")],
    "sam": [("assistant", "Where do you live?"), ("user", "I live in Leeds, near the park."),
            ("assistant", "How old are you?"), ("user", "Old enough lol")],
    "ben": [("assistant", "So you live in Porto, right?"),
            ("user", "No, Braga. I moved last year."),
            ("assistant", "And you're a teacher?"), ("user", "Yes, maths at a secondary school."),
            ("assistant", "Any allergies?"), ("user", "Peanuts and shellfish.")],
    "ada": [("user", "I need help finding a flat, I live in Porto right now."),
            ("assistant", "Happy to help! If I were you I'd look in Lisbon, rents are rising fast. "
                          "Do you have a budget?"),
            ("user", "Around 900 a month. I work remotely for a Berlin startup.")],
}

QUESTIONS = [
    ("kim", "Where do I live?", "Manchester", []),
    ("kim", "What's my job?", "ICU nurse", []),
    ("kim", "How old am I?", "41", []),
    ("kim", "What's my favourite film?", "Amélie", []),
    ("ole", "Wo wohne ich?", "Köln", []),
    ("ole", "Was bin ich von Beruf?", "Krankenpfleger", []),
    ("ole", "Wie alt bin ich?", "29", []),
    ("lea", "Où est-ce que j'habite ?", "Lyon", []),
    ("lea", "Quel âge ai-je ?", "42", []),
    ("ana", "¿Dónde vivo?", "Sevilla", []),
    ("ana", "¿Cuál es mi profesión?", "yoga", []),
    ("ana", "¿Cómo me llamo?", "Ana Ruiz", []),
    ("wei", "我住在哪里？", "杭州", []),
    ("wei", "我多大了？", "30", []),
    ("sam", "Where do I live?", "Leeds", []),
    ("ben", "Where do I live?", "Braga", ["Porto"]),
    ("ben", "What's my job?", "teacher", []),
    ("ben", "Am I allergic to anything?", "peanuts and shellfish", []),
    ("ada", "What's my budget?", "900 a month", []),
    ("ada", "Where do I live?", "Porto", ["Lisbon"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("replies")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for user, messages in CONVERSATIONS.items():
            system.add([{"role": role, "content": text} for role, text in messages],
                       user_id=user, occurred_at=AT)
            report = system.flush(user)
            assert report.failed_inputs == [] and report.pending_inputs == []
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_a_short_reply_answers_what_was_asked(memory: MemorySystem, user: str, question: str,
                                              says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


def test_a_dodged_question_sets_nothing(memory: MemorySystem) -> None:
    """"How old are you?" "Old enough lol" gives no age."""
    core = " ".join(block.value for block in memory.list("core", user_id="sam"))
    assert "Leeds" in core and "years old" not in core, core
