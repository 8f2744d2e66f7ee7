"""Five more people told over sessions the way a checker would write them, none like the
fixtures the rules were built on: Priya (English: a name, a move, a new job with its title,
a locker code and a wifi password, a brother who moves and stays a pilot), Carmen (Spanish),
Julie (French: "Ma couleur préférée, c'est le jaune maintenant" replaces the violet), Li Ming
(Chinese: "我现在在华为工作" is a new employer, not a home) and Marco, told in a chat with the
assistant's replies between (what the assistant suggests is not what the user did). Every
current fact is asked, every "before", in the user's language and another; no answer shows
rendering.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only

from mirix_like import MemorySystem

SESSIONS = {
    "priya": [
        ("2025-01-10T09:00:00+00:00", [
            "Hi, I'm Priya Raman. I live in Austin, Texas and work as a data analyst at Dell.",
            "My favorite color is blue and my favorite food is sushi.",
            "I have a golden retriever named Biscuit.",
            "My gym locker code is 4471.",
            "My brother Arjun lives in Chicago and he's a pilot."]),
        ("2025-03-02T19:30:00+00:00", [
            "Big news: I moved to Denver last week!",
            "I also started a new job at Google as a product manager.",
            "I changed my gym locker code to 9082.",
            "My wifi password at the new place is 'mountainair42'."]),
        ("2025-05-20T08:15:00+00:00", [
            "Arjun moved to Seattle for a new airline job.",
            "Biscuit turned 5 yesterday.",
            "My favorite color these days is green."]),
    ],
    "carmen": [
        ("2025-01-10T09:00:00+00:00", [
            "Hola, me llamo Carmen Ruiz. Vivo en Sevilla y trabajo como enfermera.",
            "Tengo un perro que se llama Toby.",
            "Mi hermana Elena vive en Londres."]),
        ("2025-03-02T19:30:00+00:00", ["¡Me he mudado a Málaga!"]),
    ],
    "julie": [
        ("2025-01-10T09:00:00+00:00", [
            "Bonjour, je m'appelle Julie Martin, j'habite à Nantes.",
            "Je travaille chez Orange comme développeuse.", "Ma couleur préférée est le violet.",
            "Ma sœur Claire habite à Lille, elle est avocate."]),
        ("2025-03-02T19:30:00+00:00", [
            "J'ai déménagé à Bordeaux le mois dernier.", "Maintenant je travaille chez Capgemini.",
            "Ma couleur préférée, c'est le jaune maintenant."]),
    ],
    "liming": [
        ("2025-01-10T09:00:00+00:00", [
            "你好，我叫李明，住在成都，在腾讯做产品经理。", "我有一只猫，叫咪咪。",
            "我姐姐李华住在北京，她是医生。"]),
        ("2025-03-02T19:30:00+00:00", ["我上个月搬到深圳了。", "我现在在华为工作。"]),
    ],
}
DIALOG = [
    ("2025-04-01T18:00:00+00:00", [
        ("user", "hey! quick intro: I'm Marco, I live in Turin."),
        ("assistant", "Nice to meet you, Marco! Turin is lovely. Do you have any pets?"),
        ("user", "yep, two cats, Pepe and Lola"),
        ("assistant", "You might enjoy the Turin marathon in November."),
        ("user", "nah. my partner Giulia works at Lavazza."),
    ]),
    ("2025-06-15T09:00:00+00:00", [
        ("user", "update: Giulia got a job in Milan so we're moving there in August"),
        ("assistant", "Exciting! Will you keep teaching?"),
    ]),
]

QUESTIONS = [
    ("priya", "What's my name?", "Priya Raman", ["Biscuit"]),
    ("priya", "Where do I live now?", "Denver", ["Austin"]),
    ("priya", "Where did I live before Denver?", "Austin", []),
    ("priya", "Where do I work?", "Google", ["Dell"]),
    ("priya", "What is my job title?", "product manager", ["data analyst"]),
    ("priya", "Which company did I work at before?", "Dell", []),
    ("priya", "What is my favorite color?", "green", ["blue"]),
    ("priya", "What was my favorite color before?", "blue", []),
    ("priya", "What is my dog's name?", "Biscuit", []),
    ("priya", "How old is Biscuit?", "5", []),
    ("priya", "Where does my brother live?", "Seattle", ["Chicago"]),
    ("priya", "Who is Arjun?", "brother", []),
    ("priya", "What is my wifi password?", "knowledge vault", ["mountainair42"]),
    ("priya", "What's my gym locker code?", "knowledge vault", ["9082", "4471"]),
    # "he's a pilot" is a fact of its own: his move to Seattle leaves it current
    ("priya", "What does Arjun do?", "pilot", []),
    ("priya", "Where did Arjun live before?", "Chicago", ["pilot"]),
    ("carmen", "¿Cómo me llamo?", "Carmen Ruiz", []),
    ("carmen", "¿Dónde vivo?", "Málaga", ["Sevilla"]),
    ("carmen", "¿Dónde vivía antes?", "Sevilla", []),
    ("carmen", "¿Cómo se llama mi perro?", "Toby", []),
    ("carmen", "¿Dónde vive mi hermana?", "Londres", []),
    ("carmen", "What's my name?", "Carmen Ruiz", []),
    ("carmen", "Where do I live?", "Málaga", ["Sevilla"]),
    ("julie", "Comment je m'appelle ?", "Julie Martin", []),
    ("julie", "Où est-ce que j'habitais avant ?", "Nantes", []),
    ("julie", "Où est-ce que je travaille ?", "Capgemini", ["Orange"]),
    ("julie", "Quelle est ma couleur préférée ?", "jaune", ["violet"]),
    ("julie", "Que fait Claire dans la vie ?", "avocate", []),
    ("julie", "What's my name?", "Julie Martin", []),
    ("liming", "我叫什么名字？", "李明", []),
    ("liming", "我住在哪里？", "深圳", ["华为"]),
    ("liming", "我以前住在哪里？", "成都", []),
    ("liming", "我在哪里工作？", "华为", ["腾讯"]),
    ("liming", "我以前在哪里工作？", "腾讯", []),
    ("liming", "我做什么工作？", "产品经理", []),
    ("liming", "我的猫叫什么？", "咪咪", []),
    ("liming", "我姐姐住在哪里？", "北京", []),
    ("liming", "Where do I live?", "Shenzhen", ["华为"]),
    ("marco", "What's my name?", "Marco", []),
    ("marco", "What are my cats called?", "Lola", []),
    ("marco", "Who is Giulia?", "partner", []),
    # said in June: the move lies ahead, in August of the same year
    ("marco", "When are we moving to Milan?", "August 2025", ["2024"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path = tmp_path_factory.mktemp("personas_r3")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for user, sessions in SESSIONS.items():
            for at, texts in sessions:
                report = system.add([{"role": "user", "content": t} for t in texts],
                                    user_id=user, occurred_at=at, flush=True)
                assert report.failed_inputs == [] and report.pending_inputs == []
        for at, turns in DIALOG:
            report = system.add([{"role": role, "content": text} for role, text in turns],
                                user_id="marco", occurred_at=at, flush=True)
            assert report.failed_inputs == [] and report.pending_inputs == []
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_each_fact_is_answered_current_or_as_it_was(memory: MemorySystem, user: str,
                                                     question: str, says: str,
                                                     not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


def test_the_old_locker_code_is_kept_past_in_the_vault(memory: MemorySystem) -> None:
    codes = {item.valid_until is None: item.id
             for item in memory.list("knowledge_vault", user_id="priya")
             if "locker" in item.caption.lower()}
    assert set(codes) == {True, False}
    now = memory.get("knowledge_vault", codes[True], user_id="priya", reveal_secrets=True)
    assert now.secret_value == "9082"


def test_what_the_assistant_suggested_is_not_what_the_user_did(memory: MemorySystem) -> None:
    core = memory.get("core", "human", user_id="marco").value
    assert "marathon" not in core.casefold()
