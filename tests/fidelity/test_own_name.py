"""The user's own name, told as people introduce themselves in five languages, is kept and
given back: "Hi, I'm Priya Raman", "Name's Priya", "hi im priya", "Ich heiße Jonas", "Hallo, ich
bin Jonas", "Moi c'est Luc", "Me llamo Javier García López", "我的名字是王芳". What says what
someone is, not who ("I'm Canadian", "Hola, soy Ingeniera", "Bonjour, je suis Française", "hi
im tired"), gives no name; a pet's "named Biscuit" never answers "What's my name?".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

_AT = "2025-01-10T09:00:00+00:00"
_LATER = "2025-02-14T19:30:00+00:00"

INTRODUCED = {
    "priya": ["Hi, I'm Priya Raman. I live in Austin, Texas and work as a data analyst at Dell.",
              "I have a golden retriever named Biscuit."],
    "dana": ["Name's Dana. Moved here from Cork last spring."],
    "lower": ["hi im priya, nice to meet you"],
    "here": ["Hey there, Noor here!"],
    "dr": ["Good morning! I am Dr. Ama Mensah, I run a small clinic."],
    "btw": ["I'm Theo btw, my sister Ana says hi."],
    "jonas": ["Hallo, ich bin Jonas und wohne in München."],
    "heisse": ["Ich heiße Anna-Lena Vogt.", "Meine Katze heißt Mimi."],
    "luc": ["Salut, moi c'est Luc, je suis infirmier et j'habite à Rennes."],
    "camille": ["je m'appelle camille"],
    "javier": ["Soy de Madrid y me llamo Javier García López."],
    "lucia": ["Hola, soy Lucía y vivo en Bilbao."],
    "fang": ["我的名字是王芳，我住在上海。"],
    # what someone is, not who
    "canadian": ["I'm Canadian, but I live in Paris."],
    "tired": ["hi im tired, long day at work"],
    "ingeniera": ["Hola, soy Ingeniera."],
    "francaise": ["Bonjour, je suis Française."],
    "lehrerin": ["Hallo, ich bin Lehrerin in Köln."],
}

QUESTIONS = [
    ("priya", "What's my name?", "Priya Raman", ["Biscuit"]),
    ("priya", "What is my dog's name?", "Biscuit", ["Priya"]),
    ("dana", "What's my name?", "Dana", []),
    ("lower", "what's my name?", "Priya", []),
    ("here", "What's my name?", "Noor", []),
    ("dr", "What's my name?", "Ama Mensah", []),
    ("btw", "What's my name?", "Theo", ["Ana"]),
    ("jonas", "Wie heiße ich?", "Jonas", []),
    ("jonas", "What's my name?", "Jonas", []),
    ("heisse", "Wie heiße ich?", "Anna-Lena Vogt", ["Mimi"]),
    ("luc", "Comment je m'appelle ?", "Luc", []),
    ("camille", "Comment je m'appelle ?", "Camille", []),
    ("javier", "¿Cómo me llamo?", "Javier García López", ["Dijiste"]),
    ("lucia", "What's my name?", "Lucía", []),
    ("fang", "What's my name?", "王芳", []),
    ("canadian", "What's my name?", None, ["Canadian"]),
    ("tired", "What's my name?", None, ["Tired"]),
    ("ingeniera", "¿Cómo me llamo?", None, ["Ingeniera"]),
    ("francaise", "Comment je m'appelle ?", None, ["Française"]),
    ("lehrerin", "Wie heiße ich?", None, ["Lehrerin"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    people = {user: [(_AT, texts)] for user, texts in INTRODUCED.items()}
    with told_all(tmp_path_factory.mktemp("own_name"), people) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_own_name_is_given_back(memory: MemorySystem, user: str, question: str,
                                says: str | None, not_said: list[str]) -> None:
    answer = memory.chat(question, user_id=user).answer
    says_only(answer, says, not_said)


@pytest.mark.parametrize("user", ["canadian", "tired", "ingeniera", "francaise", "lehrerin"])
def test_what_someone_is_is_no_name(memory: MemorySystem, user: str) -> None:
    core = " ".join(str(item.value) for item in memory.list("core", user_id=user))
    assert not any(word in core for word in ("name is", "heißt", "s'appelle", "se llama")), core


def test_a_name_given_later_replaces_and_keeps_the_first(tmp_path: Path) -> None:
    people = {"kim": [(_AT, ["Hi, I'm Kimberly."]),
                      (_LATER, ["Actually my name is Kim Novak now, I took my wife's name."])]}
    with told_all(tmp_path, people) as system:
        says_only(system.chat("What's my name?", user_id="kim").answer, "Kim Novak",
                  ["Kimberly"])

