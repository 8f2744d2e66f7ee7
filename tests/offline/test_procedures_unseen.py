"""Steps told in everyday wordings are procedures; lists that are no steps are not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mirix_like import MemorySystem
from tests.offline.test_answer import LEAK

# (what the user said, the question, words the answer holds, steps stored)
STEPS = [
    ("To reset the router, unplug it, wait 30 seconds, then plug it back in and wait for "
     "the green light.", "How do I reset the router?", ["unplug", "30 seconds"], 3),
    ("Here's how I make cold brew: coarse-grind 100 g of coffee, add 1 litre of cold water, "
     "steep 18 hours, strain through a paper filter.", "How do I make cold brew?",
     ["18 hours"], 4),
    ("Release checklist: bump the version in pyproject.toml, tag it vX.Y.Z, push the tag, "
     "and CI publishes to PyPI.", "What's the release checklist?", ["tag"], 4),
    ("Pour changer le filtre de la hotte : débrancher, retirer la grille, laver le filtre à "
     "l'eau chaude, remonter.", "Comment changer le filtre de la hotte ?", ["grille"], 4),
    ("So für Sauerteig: Anstellgut füttern, 4 Stunden warten, dann alles mischen und über "
     "Nacht gehen lassen.", "Wie mache ich Sauerteig?", ["Anstellgut"], 3),
    ("My morning routine: stretch for 10 minutes, drink a glass of water, then journal for "
     "15 minutes before checking email.", "What's my morning routine?", ["journal"], 3),
    # German says how by "so" or heads the steps with an infinitive; Spanish closes the list
    # with "y"; Chinese opens the first step with 先 after the heading
    ("So starte ich den Server neu: erst ssh auf prod-2, dann sudo systemctl restart nginx, "
     "danach die Logs prüfen.", "Wie starte ich den Server neu?", ["prod-2", "Logs"], 3),
    ("Fahrrad winterfest machen: Kette reinigen, Reifen aufpumpen, dann in den Keller stellen.",
     "Wie mache ich das Fahrrad winterfest?", ["Kette"], 3),
    ("Para renovar el DNI: pides cita online, llevas una foto y pagas la tasa.",
     "¿Cómo renuevo el DNI?", ["cita", "tasa"], 3),
    ("重启服务器的步骤：先登录prod-2，然后运行sudo systemctl restart nginx，最后检查日志。",
     "怎么重启服务器？", ["prod-2", "日志"], 3),
]
NOT_STEPS = [
    "The recipe calls for eggs, flour, sugar, and butter.",
    "Here's how I spent the day: coffee, emails, meetings.",
    "My weekend routine: brunch, a long walk, and a movie.",
    "To be honest, I was tired, hungry, and cold.",
    "Agenda for today: standup, design review, 1:1 with Ana.",
    "My children: Amy, Ben and Carl.",
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("procedures")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for n, text in enumerate([case[0] for case in STEPS] + NOT_STEPS):
            system.add([{"role": "user", "content": text}], user_id=f"u{n}")
            assert system.flush(f"u{n}").failed_inputs == []
        yield system


@pytest.mark.parametrize(("n", "case"), list(enumerate(STEPS)))
def test_steps_are_a_procedure_and_answer_how(memory: MemorySystem, n: int,
                                              case: tuple) -> None:
    _, question, words, count = case
    [procedure] = memory.list("procedural", user_id=f"u{n}")
    assert len(procedure.steps) == count, procedure.steps
    reply = memory.chat(question, user_id=f"u{n}").answer
    assert all(word in reply for word in words), reply
    assert not LEAK.search(reply) and ".:" not in reply, reply


@pytest.mark.parametrize(("n", "text"), list(enumerate(NOT_STEPS, start=len(STEPS))))
def test_a_list_of_things_is_no_procedure(memory: MemorySystem, n: int, text: str) -> None:
    assert memory.list("procedural", user_id=f"u{n}") == [], text
