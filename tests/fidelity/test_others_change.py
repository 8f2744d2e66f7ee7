"""Facts about the people in a user's life that change, told over two sessions in English,
French, Spanish, Chinese and German: a friend or a sibling who moves, a partner's trade, a
sister who marries, a child who grows a year older or changes school, a father who retires, a
friend who changes employer. Each fact about someone else is a semantic memory about them:
the new value is current, the old one past with its range, what did not change stays current
(a move leaves the trade), a clause told by pronoun ("she lives in Naples", "il est
cuisinier", "是老师") is theirs, and none of it touches the user's own slots.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

FIRST, LATER = "2025-01-05T10:00:00+00:00", "2025-06-05T10:00:00+00:00"
SESSIONS = {
    "sofia": [
        (FIRST, ["Ciao! I'm Sofia, I live in Rome.",
                 "My best friend is Giada, she lives in Naples.",
                 "My sister Emma lives in Denver and she's a nurse."]),
        (LATER, ["Giada moved to Milan.", "Emma moved to Porto, she loves it there."]),
    ],
    "amy": [
        (FIRST, ["I live in Leeds.", "my sister Kate just got engaged to Tom",
                 "we have a daughter called Isla (she's 3)."]),
        (LATER, ["update: Kate and Tom got married in May", "I moved to York.", "Isla's 4 now!",
                 "Anna's pregnant! baby due in February"]),
    ],
    "ben": [
        (FIRST, ["I'm Ben, I live in Bath and work as a teacher.", "My friend Sam works at Google.",
                 "My brother Tom lives in Bristol."]),
        (LATER, ["Sam left Google and joined Meta.", "My daughter Lily started at Oakwood Primary.",
                 "Tom quit his job in March.", "He moved to Cardiff last month."]),
    ],
    "lea": [
        (FIRST, ["Moi c'est Léa, j'habite à Nantes.",
                 "Mon copain s'appelle Hugo, il est cuisinier.",
                 "Mon amie Chloé habite à Lyon, elle est infirmière.",
                 "Mon frère Marc est fiancé à Julie."]),
        (LATER, ["Chloé a déménagé à Marseille.", "Elle travaille maintenant comme sage-femme.",
                 "Marc et Julie se sont mariés en mai."]),
    ],
    "diego": [
        (FIRST, ["Soy Diego y vivo en Valencia con mi mujer Lucía.",
                 "Lucía trabaja en un hospital.",
                 "Mi hermano Luis vive en Sevilla y es profesor.", "Mi hijo Pablo tiene 9 años.",
                 "Mi prima Carla está prometida con Andrés."]),
        (LATER, ["Lucía ahora trabaja en un banco.", "Luis se mudó a Bilbao.",
                 "Ahora trabaja como periodista.", "Pablo ya tiene 10 años.",
                 "Carla y Andrés se casaron en abril."]),
    ],
    "pilar": [
        (FIRST, ["Soy Pilar, vivo en Madrid.", "Mi padre Pedro trabaja en Iberia.",
                 "Mi hija Alba va al colegio Cervantes."]),
        (LATER, ["Mi padre se jubiló en marzo.", "Alba se cambió al colegio San José."]),
    ],
    "wei": [
        (FIRST, ["我叫王伟，住在上海。", "我老婆叫小红，是老师。",
                 "我朋友小王住在南京，他是工程师。", "我妹妹小丽和小张订婚了。"]),
        (LATER, ["小红现在不当老师了，她在阿里巴巴上班。", "小王搬到深圳了。",
                 "他现在在腾讯工作。", "小丽和小张结婚了。", "我辞职了，现在自己开了一家咖啡店。"]),
    ],
    "mei": [
        (FIRST, ["我叫美美，住在广州。", "我儿子小明今年7岁，在阳光小学上学。"]),
        (LATER, ["小明今年8岁了。", "小明现在在育才小学上学。"]),
    ],
    "jonas": [
        (FIRST, ["Ich heiße Jonas und wohne in Bonn.",
                 "Meine Schwester Lena wohnt in Köln, sie arbeitet als Ärztin.",
                 "Meine Freundin Mia ist mit Felix verlobt.", "Mein Sohn Paul ist 6 Jahre alt."]),
        (LATER, ["Lena ist nach Berlin gezogen.", "Mia und Felix haben geheiratet.",
                 "Paul ist jetzt 7 Jahre alt."]),
    ],
}

_BEFORE_SENTENCE = ("the past item holds two sentences (the old home and the old trade); the "
                    "answer to a question about the home before quotes the trade")
QUESTIONS = [
    ("sofia", "Where does Giada live?", "Milan", ["Naples"]),
    ("sofia", "Where did Giada live before?", "Naples", ["Milan"]),
    ("sofia", "Who is Giada?", "best friend", []),
    ("sofia", "Where does Emma live?", "Porto", ["Denver"]),
    ("sofia", "What does Emma do?", "nurse", []),
    ("sofia", "Where do I live?", "Rome", ["Porto", "Milan"]),
    ("amy", "Who is Kate married to?", "Tom", ["engaged"]),
    ("amy", "Is Kate engaged?", "married", ["engaged"]),
    ("amy", "How old is Isla?", "4", ["3"]),
    ("amy", "Is Anna pregnant?", "pregnant", []),
    ("amy", "When is the baby due?", "February", []),
    ("amy", "Where do I live?", "York", ["Leeds"]),
    ("ben", "Where does Sam work?", "Meta", ["Google"]),
    ("ben", "Where did Sam work before?", "Google", []),
    ("ben", "Where does Tom live?", "Cardiff", ["Bristol"]),
    ("ben", "Where did Tom live before?", "Bristol", []),
    ("ben", "What school does Lily go to?", "Oakwood Primary", []),
    ("ben", "Where do I live?", "Bath", ["Cardiff"]),
    ("ben", "What's my job?", "teacher", []),
    ("lea", "What does Hugo do?", "cuisinier", []),
    ("lea", "Que fait Hugo ?", "cuisinier", [],
     "the answer quotes the core line 'Le copain de l'utilisateur s'appelle Hugo' over the "
     "semantic 'Hugo est cuisinier': 'fait' is read as no word of a trade"),
    ("lea", "Où habite Chloé ?", "Marseille", ["Lyon"]),
    ("lea", "Où habitait Chloé avant ?", "Lyon", ["Marseille"], _BEFORE_SENTENCE),
    ("lea", "Que fait Chloé dans la vie ?", "sage-femme", ["infirmière"]),
    ("lea", "Où j'habite ?", "Nantes", ["Marseille"]),
    ("lea", "Marc est marié ?", "mariés", ["fiancé"]),
    ("diego", "¿Dónde trabaja Lucía?", "banco", ["hospital"]),
    ("diego", "¿Dónde trabajaba Lucía antes?", "hospital", []),
    ("diego", "¿Dónde vive Luis?", "Bilbao", ["Sevilla"]),
    ("diego", "¿Dónde vivía Luis antes?", "Sevilla", [], _BEFORE_SENTENCE),
    ("diego", "¿En qué trabaja Luis?", "periodista", ["profesor"]),
    ("diego", "¿Dónde vivo?", "Valencia", ["Bilbao"]),
    ("diego", "¿Cuántos años tiene Pablo?", "10", ["9 años"]),
    ("diego", "¿Está casada Carla?", "casaron", ["prometida"]),
    ("pilar", "¿Está jubilado mi padre?", "jubilado", []),
    ("pilar", "¿A qué colegio va Alba?", "San José", ["Cervantes"]),
    ("pilar", "¿Dónde vivo?", "Madrid", []),
    ("wei", "小红在哪里工作？", "阿里巴巴", ["腾讯", "咖啡店"]),
    ("wei", "小红以前做什么工作？", "老师", []),
    ("wei", "小王住在哪里？", "深圳", ["南京"]),
    ("wei", "小王以前住在哪里？", "南京", []),
    ("wei", "小王在哪里工作？", "腾讯", []),
    ("wei", "我住在哪里？", "上海", ["深圳"]),
    ("wei", "小丽结婚了吗？", "结婚", ["订婚"]),
    ("mei", "小明几岁了？", "8", ["7岁"]),
    ("mei", "小明在哪个学校上学？", "育才小学", ["阳光"]),
    ("mei", "小明以前在哪个学校上学？", "阳光小学", []),
    ("mei", "我住在哪里？", "广州", []),
    ("jonas", "Wo wohnt Lena?", "Berlin", ["Köln"]),
    ("jonas", "Wo hat Lena vorher gewohnt?", "Köln", []),
    ("jonas", "Was macht Lena beruflich?", "Ärztin", []),
    ("jonas", "Ist Mia verheiratet?", "geheiratet", ["verlobt"]),
    ("jonas", "Wo wohne ich?", "Bonn", ["Berlin"]),
    ("jonas", "Wie alt ist Paul?", "7", ["6 Jahre"]),
]

# who, whom, who they are to the user (current, and named in the past item too), what their
# current item says, what only their past item says
KEPT = [
    ("sofia", "Giada", "best friend", ["Milan"], ["Naples"]),
    ("sofia", "Emma", "sister", ["nurse", "Porto"], ["Denver"]),
    ("amy", "Kate", "sister", ["married"], ["engaged"]),
    ("amy", "Isla", "daughter", ["4 years old"], ["3 years old"]),
    ("ben", "Sam", "friend", ["Meta"], ["Google"]),
    ("ben", "Tom", "brother", ["Cardiff"], ["Bristol"]),
    ("lea", "Chloé", "amie", ["Marseille", "sage-femme"], ["Lyon", "infirmière"]),
    ("lea", "Marc", "frère", ["mariés"], ["fiancé"]),
    ("diego", "Luis", "hermano", ["Bilbao", "periodista"], ["Sevilla", "profesor"]),
    ("diego", "Lucía", "", ["banco"], ["hospital"]),
    ("diego", "Pablo", "hijo", ["10 años"], ["9 años"]),
    ("diego", "Carla", "prima", ["casaron"], ["prometida"]),
    ("pilar", "Pedro", "padre", ["jubilado"], ["Iberia"]),
    ("pilar", "Alba", "hija", ["San José"], ["Cervantes"]),
    ("wei", "小红", "老婆", ["阿里巴巴"], ["是老师"]),
    ("wei", "小王", "", ["工程师", "深圳", "腾讯"], ["南京"]),
    ("wei", "小丽", "", ["结婚"], ["订婚"]),
    ("mei", "小明", "", ["8岁", "育才小学"], ["7岁", "阳光小学"]),
    ("jonas", "Lena", "Schwester", ["Ärztin", "Berlin"], ["Köln"]),
    ("jonas", "Mia", "Freundin", ["geheiratet"], ["verlobt"]),
    ("jonas", "Paul", "Sohn", ["7 Jahre"], ["6 Jahre"]),
]
# each user's own home, which no change of someone else's may touch
OWN_HOME = {"sofia": "Rome", "amy": "York", "ben": "Bath", "lea": "Nantes", "diego": "Valencia",
            "pilar": "Madrid", "wei": "上海", "mei": "广州", "jonas": "Bonn"}


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("others_change")
    with told_all(path, SESSIONS) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_each_fact_of_someone_else_is_answered_current_or_as_it_was(
        memory: MemorySystem, user: str, question: str, says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


@pytest.mark.parametrize(("user", "name", "bond", "now", "before"), KEPT,
                         ids=[f"{user}: {name}" for user, name, *_ in KEPT])
def test_the_new_value_is_current_and_only_the_old_one_past(
        memory: MemorySystem, user: str, name: str, bond: str, now: list[str],
        before: list[str]) -> None:
    items = [f for f in memory.list("semantic", user_id=user) if f.name == name]
    current = [f.summary for f in items if not f.is_past()]
    past = [f for f in items if f.is_past()]
    assert len(current) == 1, current
    assert all(w in current[0] for w in [bond, *now]), current
    assert not any(w in current[0] for w in before), current
    # the past item holds what ended, with its range, and none of what still holds
    assert len(past) == 1 and past[0].valid_until is not None, [f.summary for f in past]
    assert all(w in past[0].summary for w in before), past[0].summary
    assert not any(w in past[0].summary for w in now), past[0].summary


@pytest.mark.parametrize("user", list(OWN_HOME))
def test_a_change_of_someone_else_leaves_the_users_own_home(memory: MemorySystem,
                                                            user: str) -> None:
    core = memory.get("core", "human", user_id=user).value
    assert OWN_HOME[user] in core, core
    others = {"Porto", "Milan", "Cardiff", "Marseille", "Bilbao", "深圳", "Berlin", "Lyon"}
    assert not [place for place in others if place in core], core
