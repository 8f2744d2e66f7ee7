""""What did I do yesterday?": a user told the assistant what they did over two days, in
chat; asked what they did on a day, in five languages, the offline answer lists that day's
events said to them, none of another day and none that only restate a fact, with no
rendering; a question for one thing of the day is still answered by that thing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from support.cases import assert_answered
from support.told import RENDERING

from mirix_like import MemorySystem

USER = "noor"
_TODAY = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
YESTERDAY, BEFORE = _TODAY - timedelta(days=1), _TODAY - timedelta(days=2)
BEFORE_WEEKDAY = f"{BEFORE:%A}"

TOLD = [
    (BEFORE, 10, "Spent the whole morning repotting the monstera."),
    (BEFORE, 19, "Went to Paula's birthday dinner at a Georgian place."),
    (YESTERDAY, 7, "I went for a 10k run along the canal."),
    (YESTERDAY, 9, "My favourite food is ramen."),
    (YESTERDAY, 13, "Had lunch with Sam at Nopa, we talked about his new job."),
    (YESTERDAY, 18, "Finally fixed the flat tyre on my bike."),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    store = str(Path(tmp_path_factory.mktemp("told_days")) / "store")
    with MemorySystem(store_uri=store, backend="offline",
                      retrieval={"timezone": "UTC"}) as system:
        for day, hour, text in TOLD:
            system.add(text, user_id=USER, occurred_at=day.replace(hour=hour))
        system.flush(USER)
        yield system


YESTERDAYS = ["10k run", "Nopa", "flat tyre"]
CASES = [
    ("What did I do yesterday?", YESTERDAYS, ["monstera", "Paula", "ramen", "The user"]),
    ("what was i up to yesterday", YESTERDAYS, ["monstera"]),
    ("Was habe ich gestern gemacht?", ["Gestern", *YESTERDAYS], ["monstera"]),
    ("Qu'est-ce que j'ai fait hier ?", ["Hier", *YESTERDAYS], ["Paula"]),
    ("¿Qué hice ayer?", ["Ayer", *YESTERDAYS], ["monstera"]),
    ("我昨天做了什么？", ["昨天", *YESTERDAYS], ["Paula"]),
    ("What did I do the day before yesterday?", ["monstera", "Paula"], ["Nopa", "canal"]),
    (f"What did I do on {BEFORE_WEEKDAY}?", ["monstera", "Paula"], ["Nopa"]),
    ("What happened yesterday?", YESTERDAYS, ["Paula"]),
    # a part of a day: told events carry their day only, so the day is told, named by date
    ("What did I do yesterday afternoon?", [f"{YESTERDAY.day} {YESTERDAY:%B}", "Nopa"],
     ["monstera"]),
]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES, ids=[c[0] for c in CASES])
def test_what_the_user_did_on_a_day_is_listed(memory: MemorySystem, question: str,
                                              says: list[str], not_says: list[str]) -> None:
    answer = memory.chat(question, user_id=USER).answer
    assert_answered(answer, says, not_says, RENDERING)


def test_one_thing_of_a_day_is_answered_by_that_thing(memory: MemorySystem) -> None:
    answer = memory.chat("Who did I have lunch with yesterday?", user_id=USER).answer
    assert "Sam" in answer and "canal" not in answer and "tyre" not in answer, answer


def test_a_day_with_nothing_told_lists_nothing(memory: MemorySystem) -> None:
    answer = memory.chat("What did I do last year?", user_id=USER).answer
    assert not any(word in answer for word in ("canal", "monstera", "Nopa")), answer
