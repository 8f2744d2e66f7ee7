"""A long message that tells many things in one paragraph gives each of them back.

"Dear diary-ish update: … On Monday I finally handed in my thesis … Oh and my landlord said the
rent goes up to 1,450 in June. …": the rent, the restaurant, the class each come back from the
sentence that tells them (the excerpt of a long message is its sentences that match, still
said as the user's: "You said: …"), and a month a sentence names answers "when", not the day
the message was written.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

PEOPLE = {
    "rosa": (("2025-04-06T21:00:00+00:00", [
        "Dear diary-ish update: This week was intense. On Monday I finally handed in my thesis "
        "on coral bleaching. Tuesday my sister Bea flew in from Toronto and stayed with us until "
        "Friday. We took her to the new Peruvian place on Elm Street, Inti, which was fantastic. "
        "Oh and my landlord said the rent goes up to 1,450 in June. I also signed up for a "
        "pottery class on Wednesday evenings, starting next month."]),),
    "tim": (("2025-04-06T21:00:00+00:00", [
        "Catching up on admin today. Renewed the car insurance with Aviva, it's 612 a year now. "
        "Booked the MOT for 3 June at Kwik Fit. Also my new GP is Dr Okoye at the Parkside "
        "surgery. The boiler service is due in September, remind me nearer the time."]),),
}

QUESTIONS = [
    ("rosa", "What was my thesis about?", "coral bleaching", []),
    ("rosa", "Where does Bea live?", "Toronto", []),
    ("rosa", "What's the name of the Peruvian restaurant?", "Inti", []),
    ("rosa", "How much will my rent be?", "1,450", ["…"]),
    ("rosa", "When does the rent go up?", "June", ["6 April"]),
    ("rosa", "When is my pottery class?", "Wednesday evenings", []),
    ("tim", "How much is my car insurance?", "612", []),
    ("tim", "Where is my MOT booked?", "Kwik Fit", []),
    ("tim", "Who is my GP?", "Okoye", []),
    ("tim", "When is the boiler service due?", "September", ["6 April"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("long"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_each_thing_a_long_message_tells_comes_back(memory: MemorySystem, user: str,
                                                     question: str, says: str,
                                                     not_said: list[str]) -> None:
    answer = memory.chat(question, user_id=user).answer
    says_only(answer, says, not_said)
    assert not answer.startswith(("I ", "My ", "On ", "Oh ")), answer  # the user's words as theirs
