"""Messages typed the way people chat: lower case, no apostrophes, asides ("btw", "lol",
"anyway"), several facts in one message, months without capitals ("visiting berlin in
october", "next june"), a change told in passing ("switched gyms too, The Gym Group now").
What they tell comes back current and clean; a line of the user's own message is said as
theirs ("You said: my flatmate Kez …") or told to them ("Your flatmate is Kez."), never in
their words as the assistant's own ("My flatmate Kez …").
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-01-20T21:00:00+00:00", "2025-07-03T08:00:00+00:00"
PEOPLE = {
    "jo": ((BEFORE, ["ugh long day. work at the hospital was crazy, im a radiographer btw. "
                     "anyway my flatmate Kez keeps eating my food lol",
                     "my boyfriend is Sam", "my gym is PureGym on Deansgate"]),
           (LATER, ["sam and i are getting married next june!!!",
                    "switched gyms too, The Gym Group in Salford Quays now"])),
    "mei": ((BEFORE, ["my mum's birthday is on 12 august"]),
            (LATER, ["my mum is visiting berlin in november", "ive moved to Potsdam lol"])),
    "kai": ((BEFORE, ["Yesterday I had a job interview at Monzo, it went well I think."]),),
    "ken": ((BEFORE, ["I'm a nurse btw", "Our anniversary is in september"]),
            (LATER, ["I switched dentists, I see Dr Patel now",
                     "got promoted to head of the nursing team!"])),
}

QUESTIONS = [
    ("jo", "What's my job?", "radiographer", []),
    ("jo", "Who is Kez?", "flatmate is Kez", ["Anyway", "lol", "My flatmate"]),
    ("jo", "Am I engaged?", "engaged", ["boyfriend"]),
    ("jo", "When is the wedding?", "June 2026", []),
    ("jo", "Who am I marrying?", "Sam", []),
    ("jo", "Which gym do I go to?", "The Gym Group", ["PureGym"]),
    ("jo", "What was my old gym?", "PureGym", []),
    ("mei", "When is my mum visiting?", "November 2025", ["August"]),
    ("mei", "When is my mum's birthday?", "12 August", ["2025"]),
    ("mei", "Where do I live?", "Potsdam", ["lol"]),
    ("kai", "How did my interview at Monzo go?", "went well you think", ["thinks", "I think"]),
    ("ken", "What do I do for work?", "head of the nursing team", ["btw", "a head"]),
    ("ken", "Who is my dentist?", "Dr Patel", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("casual"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_what_is_typed_casually_comes_back(memory: MemorySystem, user: str, question: str,
                                           says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


def test_a_lower_case_month_dates_the_event(memory: MemorySystem) -> None:
    """"visiting berlin in november", told in July, is an event of November 2025."""
    events = memory.list("episodic", user_id="mei")
    visit = [e for e in events if "visiting" in e.summary]
    assert visit and visit[0].occurred_at.strftime("%Y-%m") == "2025-11", [
        (e.summary, e.occurred_at) for e in events]


def test_no_fact_is_kept_in_the_users_own_words(memory: MemorySystem) -> None:
    """"I'm a nurse" is the core's "The user works as a nurse.", no fact named "I'm"."""
    facts = [item.summary for user in PEOPLE for item in memory.list("semantic", user_id=user)]
    assert not [fact for fact in facts if fact.startswith(("I'm", "I ", "My ", "im "))], facts
