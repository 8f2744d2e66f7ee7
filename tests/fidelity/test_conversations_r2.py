"""Whole conversations with the assistant, asked back later.

The user and the assistant talk in one ``add()`` call per session: facts about the user come
out as short replies to the assistant's questions ("Which dentist do you usually go to?"
"Dr. Patel on King Street"), some change in a later session, and what the assistant says
itself (greetings, offers of help, suggestions like "You could look at Foz do Douro") is no
fact of the user's. Booking a dentist, moving house, a recipe with allergies, a job search,
a Spanish lesson given in German and Spanish, a move in Chinese, a trip whose companion
changes, and short replies in French, Spanish and German (where one moves, who comes along).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.told import asked_by, says_only

from mirix_like import MemorySystem

CONVERSATIONS: dict[str, list[tuple[str, list[tuple[str, str]]]]] = {
    "dana": [
        ("2025-03-03T09:00:00+00:00", [
            ("user", "hi"), ("assistant", "Hello! How can I help you today?"),
            ("user", "I need to book a dentist appointment, my tooth has been hurting since "
                     "the weekend"),
            ("assistant", "I'm sorry to hear that. Which dentist do you usually go to?"),
            ("user", "Dr. Patel on King Street"),
            ("assistant", "Do you have dental insurance?"),
            ("user", "yes, through my work at Siemens"),
            ("assistant", "You could also try the emergency clinic at St Mary's if it gets "
                          "worse."),
            ("user", "thanks, I'll call Dr. Patel tomorrow")]),
        ("2025-05-20T09:00:00+00:00", [
            ("user", "I switched dentists, I go to Dr. Moreau now"),
            ("assistant", "Good to know. Is the new one closer to you?"),
            ("user", "yes, I moved to Leith last month")]),
    ],
    "omar": [
        ("2025-02-10T18:00:00+00:00", [
            ("user", "We're moving in August and I'm a bit overwhelmed"),
            ("assistant", "Exciting! Where are you moving to?"),
            ("user", "Porto, from Manchester"),
            ("assistant", "How many bedrooms do you need?"),
            ("user", "three, we have two kids, Mia and Tom"),
            ("assistant", "You could look at Foz do Douro, it's popular with families. "
                          "What's your rent budget, roughly?"),
            ("user", "about 1500 euros a month, not more")]),
        ("2025-04-02T18:00:00+00:00", [
            ("user", "change of plan, we're moving to Braga instead, Porto was too expensive"),
            ("assistant", "Makes sense. Still in August?"), ("user", "yes")]),
    ],
    "lea": [
        ("2025-06-01T17:00:00+00:00", [
            ("user", "can you give me a recipe for dinner tonight?"),
            ("assistant", "Sure! Any allergies I should know about?"),
            ("user", "peanuts, and my husband Ben is lactose intolerant"),
            ("assistant", "How about a Thai green curry with coconut milk? Just skip the peanut "
                          "garnish."),
            ("user", "perfect, we love Thai food")]),
    ],
    "sam": [
        ("2025-01-15T12:00:00+00:00", [
            ("user", "can you help me with my job search?"),
            ("assistant", "Of course. What kind of job are you looking for?"),
            ("user", "product manager roles, ideally remote"),
            ("assistant", "And what do you do now?"),
            ("user", "I'm a business analyst at Deloitte"),
            ("assistant", "You might want to apply to Spotify, they hire remote PMs.")]),
        ("2025-03-20T12:00:00+00:00", [
            ("user", "I got an offer from Zalando! I start as a product manager on April 1"),
            ("assistant", "Congratulations! Did you accept?"),
            ("user", "yes, I handed in my notice at Deloitte")]),
    ],
    "jonas": [
        ("2025-02-01T19:00:00+00:00", [
            ("user", "Hallo! Ich lerne Spanisch und möchte ein bisschen üben"),
            ("assistant", "¡Claro! Empecemos. ¿De dónde eres?"), ("user", "Soy de Hamburgo"),
            ("assistant", "¿Y dónde vives ahora?"), ("user", "En Múnich, con mi novia Lena"),
            ("assistant", "¿A qué te dedicas?"), ("user", "Soy enfermero"),
            ("assistant", "¡Muy bien! Podrías practicar con podcasts como Coffee Break "
                          "Spanish.")]),
        ("2025-06-10T19:00:00+00:00", [
            ("user", "Kurzes Update: wir sind nach Wien gezogen"),
            ("assistant", "Wie schön! Wie kann ich dir helfen?"),
            ("user", "Ich will weiter Spanisch üben")]),
    ],
    "mei": [
        ("2025-03-05T08:00:00+00:00", [
            ("user", "你好"), ("assistant", "你好！有什么可以帮你的？"),
            ("user", "我想找一家离家近的健身房"), ("assistant", "你住在哪里？"),
            ("user", "上海徐汇区"), ("assistant", "你可以试试附近的一兆韦德。")]),
        ("2025-07-01T08:00:00+00:00", [
            ("user", "我下个月要搬家了"), ("assistant", "你要搬到哪里？"), ("user", "杭州")]),
    ],
    "ines": [
        ("2025-04-01T10:00:00+00:00", [
            ("user", "hey"), ("assistant", "Hi! How can I help today?"),
            ("user", "I need help planning a trip to Iceland in September"),
            ("assistant", "Sounds great! Who are you travelling with?"),
            ("user", "my boyfriend Lars"),
            ("assistant", "Noted. Where will you fly from?"),
            ("user", "Lisbon, that's where we live")]),
        ("2025-07-30T10:00:00+00:00", [
            ("user", "change of plans, we're going to Norway instead of Iceland"),
            ("assistant", "Okay! Who's coming with you?"),
            ("user", "my friend Carla, Lars and I broke up in June")]),
    ],
    # short replies in the other languages: a move, who comes along, one's own doctor
    "claire": [
        ("2025-02-01T10:00:00+00:00", [
            ("user", "Bonjour ! J'ai besoin d'aide pour mon déménagement"),
            ("assistant", "Avec plaisir ! Tu déménages où ?"), ("user", "À Nantes, en juin"),
            ("assistant", "Tu pourrais regarder le quartier de Chantenay.")]),
    ],
    "lucia": [
        ("2025-02-01T10:00:00+00:00", [
            ("user", "Hola, quiero organizar un viaje a Japón"),
            ("assistant", "¡Genial! ¿Con quién viajas?"), ("user", "Con mi hermana Ana")]),
    ],
    "paul": [
        ("2025-02-01T10:00:00+00:00", [
            ("user", "Ich brauche Hilfe bei meinem Umzug"),
            ("assistant", "Gerne! Wohin ziehst du?"), ("user", "Nach Leipzig, im Mai"),
            ("assistant", "Mit wem reist du?"), ("user", "mit meiner Frau Katrin")]),
    ],
    "ruth": [
        ("2025-02-01T10:00:00+00:00", [
            ("user", "I keep getting headaches"),
            ("assistant", "I'm sorry. Which doctor do you usually see?"),
            ("user", "Dr. Okafor at the Elm Street practice"),
            ("assistant", "Maybe book a check-up with her.")]),
    ],
}

_PLAN_DATED = "a plan is dated at the month it is for, not when it was made"
QUESTIONS = [
    ("dana", "Who is my dentist?", "Moreau", ["Patel"]),
    ("dana", "Who was my dentist before?", "Patel", ["Moreau"]),
    ("dana", "Where do I work?", "Siemens", []),
    ("dana", "Where do I live?", "Leith", []),
    ("dana", "Did I go to St Mary's?", None, ["You could", "assistant", "Mary"]),
    ("omar", "Where am I moving to?", "Braga", ["Foz", "overwhelmed"]),
    ("omar", "Where was I going to move before?", "Porto", ["Braga"]),
    ("omar", "What's my rent budget?", "1500", []),
    ("omar", "What are my kids called?", "Mia", []),
    ("omar", "When am I moving?", "August", []),
    ("lea", "What am I allergic to?", "peanut", ["lactose"]),
    ("lea", "What's my husband's name?", "Ben", []),
    ("lea", "Who is lactose intolerant?", "Ben", []),
    ("sam", "What's my job?", "product manager", ["analyst"]),
    ("sam", "Where do I work?", "Zalando", ["Spotify"]),
    ("sam", "Where did I work before?", "Deloitte", []),
    ("sam", "What was my job before?", "analyst", []),
    ("sam", "What kind of job was I looking for?", "product manager", []),
    ("sam", "When do I start my new job?", "April", []),
    ("jonas", "Welche Sprache lerne ich?", "Spanisch", []),
    ("jonas", "Wo wohne ich?", "Wien", ["Múnich", "München"]),
    ("jonas", "Was bin ich von Beruf?", "Krankenpfleger", []),
    ("jonas", "Woher komme ich?", "Hamburg", [],
     "'Soy de Hamburgo' is kept in Spanish, which a German question does not find"),
    ("mei", "我住在哪里？", "杭州", ["徐汇"]),
    ("mei", "我以前住在哪里？", "上海", []),
    ("mei", "我去哪个健身房？", None, ["一兆韦德"]),
    ("ines", "Who am I travelling with?", "Carla", ["Lars"]),
    ("ines", "Where do I live?", "Lisbon", ["the user"]),
    ("ines", "Where am I travelling?", "Norway", ["Iceland"],
     "'going to Norway instead of Iceland' is not found for 'travelling'"),
    ("ines", "When is my trip?", "September", []),
    ("ines", "When did I start planning the trip?", "April", [], _PLAN_DATED),
    ("claire", "Où est-ce que je déménage ?", "Nantes", ["Chantenay"]),
    ("lucia", "¿Con quién viajo?", "Ana", []),
    ("paul", "Wohin ziehe ich?", "Leipzig", []),
    ("paul", "Wie heißt meine Frau?", "Katrin", []),
    ("ruth", "Who is my doctor?", "Okafor", ["usually"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("conversations")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for user, sessions in CONVERSATIONS.items():
            for at, messages in sessions:
                system.add([{"role": role, "content": text} for role, text in messages],
                           user_id=user, occurred_at=at)
                report = system.flush(user)
                assert report.failed_inputs == [] and report.pending_inputs == []
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_a_conversation_answers_later(memory: MemorySystem, user: str, question: str,
                                      says: str | None, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


@pytest.mark.parametrize("user", ["dana", "ines", "jonas", "mei", "sam"])
def test_greetings_and_offers_of_help_store_nothing(memory: MemorySystem, user: str) -> None:
    """"Hi! How can I help today?", "Wie kann ich dir helfen?", "有什么可以帮你的？", "Of
    course.": no event, and no assistant's words made the user's ("How can the assistant
    helps")."""
    events = [e.summary for e in memory.list("episodic", user_id=user)]
    offers = [e for e in events if any(w in e for w in (
        "help you today", "help today", "helfen", "帮你", "helps", "Of course", "Wie schön"))]
    assert offers == [], events


def test_a_reply_said_in_full_is_not_said_twice(memory: MemorySystem) -> None:
    """"¿De dónde eres?" "Soy de Hamburgo" stays "Soy de Hamburgo", not "Soy de Soy de …"."""
    events = " ".join(e.summary for e in memory.list("episodic", user_id="jonas"))
    assert "Soy de Hamburgo" in events and "Soy de Soy" not in events, events
    assert "Soy soy" not in events, events


def test_a_reply_that_goes_on_is_a_sentence_of_its_own(memory: MemorySystem) -> None:
    """"Who's coming with you?" "my friend Carla, Lars and I broke up in June": the break-up
    is dated in the June before, not in the June to come after "I'm travelling with …"."""
    broke = [e for e in memory.list("episodic", user_id="ines") if "broke up" in e.summary]
    assert broke and all(e.occurred_at.year == 2025 for e in broke), broke
