"""A sixth round of personas told in wordings no rule was written from, asked back offline:
a casual intro typed in lower case ("3rd year medic at edinburgh uni, living in marchmont"),
German typed without "ich" ("bin jonas, 41, arbeite als elektriker"), a move said as "we
ended up moving to" or "got a studio in", a conversation whose answers say a job with where
it is done, a break-up told without the partner's name ("We broke up.", "我们分手了。",
"Lo dejamos."), jobs that end without a new one ("quit the barista job", "Unemployed for
now", "I retired last month!"), a start "in January" told in July, a lock set to new digits
with no word for the code, and an amount said to have changed ("Parking permit went up to 60
pounds")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, converse, says_only, stored_facts, told_all

from mirix_like import MemorySystem

T1, T2, T3, T4 = ("2025-02-03T09:00:00+00:00", "2025-04-10T18:30:00+00:00",
                  "2025-07-01T08:00:00+00:00", "2025-09-15T20:00:00+00:00")


def _sessions(*texts: str) -> tuple[tuple[str, list[str]], ...]:
    """One session per text, at the next of T1-T4."""
    return tuple((at, [text]) for at, text in zip((T1, T2, T3, T4), texts, strict=False))


PEOPLE = {
    "kofi": _sessions(
        "hey! kofi here. 3rd year medic at edinburgh uni, living in marchmont with two "
        "flatmates",
        "exams done finally. oh and I'm doing my elective in Accra this summer",
        "update: moved out of marchmont, got a studio in Leith now"),
    "nell": _sessions("Nurse at St Mary's, based in Leeds.", "Got a tiny flat in York."),
    "jonas": _sessions(
        "hi, bin jonas, 41, arbeite als elektriker bei den stadtwerken münchen",
        "wohne seit märz in augsburg, pendle jetzt jeden tag",
        "hab bei den stadtwerken gekündigt, bin jetzt selbstständig"),
    # a job said as a noun before where one lives, in French, Spanish, German and Chinese
    "manon": _sessions("Infirmière au CHU de Nantes, j'habite à Rezé avec mon mari Paul.",
                       "On a déménagé à Vertou."),
    "luz": _sessions("Profe de inglés en un instituto, vivo en Getafe.", "Ahora vivo en Leganés."),
    "jan": _sessions("Krankenpfleger im Klinikum Nord, wohne in Hamburg-Barmbek.",
                     "Bin nach Altona gezogen."),
    "hao": _sessions("软件工程师，在腾讯工作，住在深圳。", "我搬到广州了。"),
    "ayo": _sessions("Data analyst at Monzo, based in London, originally from Lagos."),
    "grete": _sessions("Ich lebe schon seit drei Jahren in Graz.",
                       "Ich arbeite als Kellnerin im Café Luna."),
    "theo": _sessions("I live in Lyon and work at Ubisoft.", "so we ended up moving to Grenoble"),
    # a break-up told without the partner's name, in five languages
    "wei": _sessions("My boyfriend is Wang Lei, he's a doctor.", "We broke up."),
    "lina": _sessions("我男朋友叫王磊，他是医生。", "我们分手了。"),
    "lena": _sessions("Mein Freund heißt Lukas, er ist Arzt.", "Wir haben uns getrennt."),
    "ana": _sessions("Mi novio se llama Pablo, es médico.", "Lo dejamos."),
    # jobs that end with none after them
    "max": _sessions("I work as a barista at Blue Bottle.",
                     "quit the barista job last week, full time student now"),
    "bo": _sessions("I work as a barista at Blue Bottle.",
                    "I quit my job at Blue Bottle, I'm a full-time student now."),
    "nia": _sessions("I'm a nurse at St Mary's.", "I handed in my notice, I'm done with nursing."),
    "cal": _sessions("I work at Tesco as a cashier.", "Left Tesco. Unemployed for now."),
    "ed": _sessions("I'm a teacher at Oakfield.", "I retired last month!"),
    "ella": _sessions("Ich arbeite als Kellnerin im Café Luna.",
                      "Ich habe im Café Luna gekündigt und studiere jetzt."),
    # a start and a moved appointment are ahead of when they were told
    "rob": ((T3, ["big news!!! I got into the nursing program at Samuel Merritt 🎉 starting in "
                  "January"]),),
    "zoe": ((T2, ["Moved my dentist appointment to Friday the 14th, 3pm."]),),
    # a gym, a favourite and a bike, changed in passing
    "mo": _sessions("My gym is PureGym on Oxford Road.",
                    "Switched gyms, I'm at The Gym Group now, same days."),
    "ky": _sessions("My favourite restaurant is Dishoom.",
                    "Honestly Hoppers has overtaken Dishoom as my favourite restaurant."),
    "lu": _sessions("My bike is a Brompton.", "Someone stole my Brompton outside the station :("),
    # a diary entry of many facts, then one of them changes
    "jd": _sessions(
        "Long day. Work was brutal – we had three ambulances waiting outside A&E at St "
        "James's where I've been a staff nurse since 2019. My mum, who lives in Cork, called "
        "to say she's finally retiring in June. My brother Liam, the one in Toronto, is getting "
        "married next spring to his partner Dev. Also my landlord is putting the rent up to "
        "1,200 from next month, which is annoying.",
        "Quick one: my mum moved in with her sister in Galway."),
    # a pet that died and a new one, an allergy that was wrong, a race given up, a dentist
    # who retired
    "pip": _sessions("My partner Sam and I live in Bristol with our dog Biscuit.",
                     "Biscuit died last week, we're heartbroken.",
                     "We adopted a rescue greyhound called Pepper."),
    "bea": _sessions("I'm allergic to penicillin.",
                     "Turns out I'm not actually allergic to penicillin, the test was negative."),
    "dev": _sessions("I'm training for the Berlin marathon in September.",
                     "Pulled out of the Berlin marathon, injured my ankle."),
    "uma": _sessions("My dentist is Dr Alvarez at Smile Clinic.",
                     "Dr Alvarez retired so I'm seeing Dr Chen now."),
    # codes and amounts
    "sam": _sessions("bike lock combo is 4-4-1-9", "changed the bike lock to 7702",
                     "Locker at the pool: number 112, code 3391"),
    "ada": _sessions(
        "To renew my parking permit: log into the council portal, upload proof of address, "
        "pay 45 pounds",
        "Parking permit went up to 60 pounds this year"),
}

QUESTIONS = [
    ("kofi", "Where do I live?", "Leith", ["marchmont"]),
    ("kofi", "Where did I live before?", "marchmont", []),
    ("kofi", "Which uni do I go to?", "edinburgh", []),
    ("nell", "Where do I work?", "St Mary's", []),
    ("nell", "What's my job?", "nurse", ["Nurse at"]),
    ("nell", "Where do I live?", "York", ["Leeds"]),
    ("jonas", "Wo wohne ich?", "Augsburg", []),
    ("jonas", "Wie alt bin ich?", "41", []),
    ("jonas", "Was bin ich von Beruf?", "Elektriker", []),
    ("jonas", "Wo habe ich früher gearbeitet?", "Stadtwerke", []),
    ("manon", "Quel est mon métier ?", "infirmière", []),
    ("manon", "Où est-ce que j'habite ?", "Vertou", ["Rezé"]),
    ("luz", "¿A qué me dedico?", "profe de inglés", []),
    ("luz", "¿Dónde vivo?", "Leganés", ["Getafe"]),
    ("jan", "Was bin ich von Beruf?", "Krankenpfleger", []),
    ("hao", "我住在哪里？", "广州", ["深圳"]),
    ("hao", "我在哪里工作？", "腾讯", ["深圳"]),
    ("ayo", "Where am I from?", "Lagos", []),
    ("ayo", "Where do I work?", "Monzo", []),
    ("grete", "Wo wohne ich?", "Graz", []),
    ("grete", "Wo arbeite ich?", "Café Luna", []),
    ("theo", "Where do I live?", "Grenoble", ["Lyon"]),
    ("theo", "Where did I live before Grenoble?", "Lyon", []),
    ("wei", "Who is my boyfriend?", None, ["Wang Lei"]),
    ("wei", "What does Wang Lei do?", "doctor", []),
    ("lina", "我男朋友是谁？", None, ["王磊"]),
    ("lina", "王磊是做什么的？", "医生", []),
    ("lena", "Wer ist mein Freund?", None, ["Lukas"]),
    ("ana", "¿Quién es mi novio?", None, ["Pablo"]),
    ("max", "Where do I work?", None, ["Blue Bottle"]),
    ("max", "What's my job?", "until", []),
    ("bo", "Where do I work?", None, ["Blue Bottle"]),
    ("bo", "What's my job?", "until", []),
    ("nia", "Where do I work?", None, ["St Mary's"]),
    ("cal", "Where do I work?", None, ["Tesco"]),
    ("ed", "Where do I work?", "retired", ["Oakfield"]),
    ("ella", "Wo arbeite ich?", None, ["Café Luna"]),
    ("rob", "When does my nursing program start?", "January 2026", []),
    ("rob", "What am I studying?", "nursing", []),
    ("zoe", "When is my dentist appointment?", "2025", ["March", "April 14"]),
    ("mo", "Which gym do I go to?", "The Gym Group", ["PureGym", "I'm"]),
    ("ky", "What's my favourite restaurant?", "Hoppers", ["Dishoom", "Honestly"]),
    ("lu", "What happened to my Brompton?", "stole", [":("]),
    ("jd", "Where does my mum live?", "Galway", ["Cork"]),
    ("jd", "When is my mum retiring?", "June 2025", []),
    ("jd", "Who is Liam marrying?", "Dev", []),
    ("jd", "Where does Liam live?", "Toronto", ["My brother"]),
    ("jd", "How much is my rent?", "1,200", []),
    ("jd", "How long have I been a nurse?", "2019", []),
    ("pip", "Do I have a dog?", "Pepper", ["Biscuit"]),
    ("pip", "Where do I live?", "Bristol", ["Biscuit"]),
    ("bea", "Am I allergic to penicillin?", "until", ["You are allergic"]),
    ("dev", "Am I running the Berlin marathon?", "pulled out", ["training"]),
    ("uma", "Who is my dentist?", "Dr Chen", ["Alvarez"]),
    ("sam", "What's my bike lock code?", "knowledge vault", ["4-4-1-9", "7702"]),
    ("sam", "Which locker do I use at the pool?", "112", ["3391", "The pool is"]),
    ("ada", "How much is the parking permit?", "60", ["45"]),
    ("ada", "How do I renew my parking permit?", "portal", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("personas_unseen_r6"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_told_facts_come_back_current(memory: MemorySystem, user: str, question: str,
                                      says: str | None, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


def test_a_job_said_before_a_home_is_its_own_line(memory: MemorySystem) -> None:
    """"3rd year medic at edinburgh uni, living in marchmont": the move replaces the home and
    the studies stay current."""
    current = [fact for fact, past in stored_facts(memory, "kofi").items() if not past]
    assert any("medic" in fact for fact in current), current
    assert any("Leith" in fact for fact in current), current
    assert not any("marchmont" in fact.casefold() for fact in current), current


def test_a_lock_set_to_new_digits_replaces_its_combination(memory: MemorySystem) -> None:
    """"changed the bike lock to 7702": the vault holds the new combination, the old one kept
    as past; the pool locker's code is kept too, and no code is left in the events."""
    vault = memory.list("knowledge_vault", user_id="sam")
    bike = [e for e in vault if "bike lock" in e.caption.casefold()]
    assert len(bike) == 2 and sum(e.valid_until is None for e in bike) == 1, vault
    assert any("locker" in e.caption.casefold() for e in vault), vault
    events = " ".join(e.summary for e in memory.list("episodic", user_id="sam"))
    assert not [code for code in ("4-4-1-9", "7702", "3391") if code in events], events


def test_retirement_ends_the_workplace(memory: MemorySystem) -> None:
    core = memory.get("core", "human", user_id="ed").value
    assert "retired" in core and "Oakfield" not in core, core


CONVERSATION = [
    {"role": "assistant", "content": "Hi! Where are you based?"},
    {"role": "user", "content": "Lyon, for now."},
    {"role": "assistant", "content": "Nice. What do you do?"},
    {"role": "user", "content": "UX designer at a small agency"},
]
LATER = [
    {"role": "user", "content": "so we ended up moving to Grenoble"},
    {"role": "assistant", "content": "Exciting! Same job?"},
    {"role": "user", "content": "nope, I'm at Schneider Electric now"},
]


@pytest.fixture(scope="module")
def chatted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path = tmp_path_factory.mktemp("conversation_r6")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for at, messages in ((T1, CONVERSATION), (T2, LATER)):
            converse(system, "lea", messages, at)
        yield system


@pytest.mark.parametrize(("question", "says", "not_said"), [
    ("Where do I live?", "Grenoble", ["Lyon"]),
    ("Where do I work?", "Schneider Electric", ["agency"]),
    ("Where did I live before Grenoble?", "Lyon", []),
    ("What was my job before?", "a UX designer", ["an UX"]),
])
def test_the_conversation_comes_back(chatted: MemorySystem, question: str, says: str,
                                     not_said: list[str]) -> None:
    says_only(chatted.chat(question, user_id="lea").answer, says, not_said)


# The assistant asks, the user answers with a list or a name, in several languages.
ANSWERED = {
    "kai": [("assistant", "Wo wohnst du?"), ("user", "In Köln, seit 2020."),
            ("assistant", "Und was machst du beruflich?"),
            ("user", "Lehrerin an einer Grundschule.")],
    "eva": [("assistant", "¿A qué te dedicas?"), ("user", "Enfermera en el Hospital Clínic.")],
    "jo": [("assistant", "What's your partner's name?"), ("user", "Jamie."),
           ("assistant", "Do you have any pets?"), ("user", "Two cats, Miso and Tofu.")],
    "fay": [("assistant", "How many kids do you have?"), ("user", "Three - Ava, Leo and Max.")],
    "ola": [("assistant", "What languages do you speak?"),
            ("user", "English, Polish and a bit of German.")],
    "gus": [("assistant", "Any hobbies?"), ("user", "Climbing and baking, mostly.")],
}


@pytest.fixture(scope="module")
def answered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path = tmp_path_factory.mktemp("answered_r6")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for user, turns in ANSWERED.items():
            converse(system, user, [{"role": role, "content": text} for role, text in turns], T1)
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by([
    ("kai", "Wo wohne ich?", "Köln", []),
    ("kai", "Was bin ich von Beruf?", "Lehrerin", []),
    ("eva", "¿A qué me dedico?", "enfermera", []),
    ("jo", "What's my partner's name?", "Jamie", []),
    ("jo", "What are my cats called?", "Miso", []),
    ("fay", "How many kids do I have?", "three", []),
    ("fay", "What are my kids' names?", "Leo", []),
    ("ola", "What languages do I speak?", "Polish", []),
    ("gus", "What are my hobbies?", "baking", []),
]))
def test_a_reply_to_the_assistant_is_a_fact(answered: MemorySystem, user: str, question: str,
                                            says: str, not_said: list[str]) -> None:
    says_only(answered.chat(question, user_id=user).answer, says, not_said)


# Two friends chatting (named speakers, no assistant): a wish is no job, and a named
# speaker's words are told as theirs.
FRIENDS = [
    ("Caroline", "Hey Mel! Guess what, I finally signed up for the counseling certification "
                 "course."),
    ("Melanie", "That's amazing! When does it start?"),
    ("Caroline", "Next month. I've wanted to work with LGBTQ youth for ages."),
    ("Melanie", "You'll be great. I started pottery classes, it's so relaxing."),
]


@pytest.fixture(scope="module")
def friends(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path = tmp_path_factory.mktemp("friends_r6")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        converse(system, "chat", [{"role": "user", "name": who, "content": text}
                                  for who, text in FRIENDS], T1)
        yield system


@pytest.mark.parametrize(("question", "says", "not_said"), [
    ("Who does Caroline want to work with?", "Caroline said: I've wanted to work with LGBTQ",
     ["works at"]),
    ("What course did Caroline sign up for?", "counseling", []),
    ("What hobby did Melanie start?", "pottery", []),
])
def test_friends_words_come_back_as_theirs(friends: MemorySystem, question: str, says: str,
                                           not_said: list[str]) -> None:
    says_only(friends.chat(question, user_id="chat").answer, says, not_said)


def test_a_wish_to_work_somewhere_is_no_job(friends: MemorySystem) -> None:
    facts = stored_facts(friends, "chat")
    assert not any("works at" in fact or "LGBTQ" in fact and "work" in fact.split()[1:3]
                   for fact in facts), facts
