"""Five fresh personas told over weeks, one message a session, through the whole pipeline
(rules, real store, retrieval, answer): Tomás in English, Jonas in German, Lucía in Spanish,
Camille in French and Wang Fang in Chinese. Each is asked in their own language and in the
others: a fact of where they live or work, what they work as, their name and who their pets
and people are is said in the question's language ("Where do I live?" of "Der Nutzer wohnt in
Bonn." is "You live in Bonn."), a quoted message stays a quote; a question that names someone
is answered of them, not of the user; an answer shows no label of how memories are rendered.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.cases import assert_answered, known
from support.told import told_all
from test_screen_answers_unseen import LEAK

from mirix_like import MemorySystem


def _weekly(*texts: str) -> list[tuple[str, list[str]]]:
    """One session a week for each of ``texts``, in 2025, in their order."""
    return [(f"2025-{3 + n // 4:02d}-{1 + 7 * (n % 4):02d}T18:00:00+00:00", [text])
            for n, text in enumerate(texts)]


PEOPLE = {
    "tomas": _weekly(
        "Hi! I'm Tomás, I'm a nurse at St Mary's hospital in Leeds.",
        "My daughter Inés is 7 and she's obsessed with dinosaurs.",
        "We adopted a cat last weekend, her name is Pimienta.",
        "I'm allergic to penicillin, just so you know.",
        "My partner Joel works as a sound engineer at the BBC.",
        "Moved to Harrogate last month, the commute to Leeds is fine.",
        "Switched jobs: now I'm a nurse at Harrogate District Hospital.",
        "Inés turned 8 yesterday! Dino cake and everything.",
        "Booked flights to Lisbon for the 14th of March, TAP flight TP1337."),
    "jonas": _weekly(
        "Hallo, ich bin Jonas und arbeite als Lehrer an einer Grundschule in Köln.",
        "Meine Frau heißt Miriam, sie ist Ärztin.",
        "Unser Sohn Ben hat am 3. Mai Geburtstag.",
        "Mein Auto ist ein blauer VW Golf, Kennzeichen K-JB 2024.",
        "Ich spiele jeden Donnerstag Handball.",
        "Wir sind nach Bonn gezogen!",
        "Mein neues Auto ist ein Tesla Model 3.",
        "Zahnarzttermin am 12. Juni um 10:30 bei Dr. Weber."),
    "lucia": _weekly(
        "Hola, soy Lucía, trabajo de diseñadora en Glovo en Barcelona.",
        "Mi hermano Pablo vive en Valencia y es bombero.",
        "Soy alérgica a los frutos secos.",
        "Me mudé a Madrid la semana pasada.",
        "Ahora trabajo en Cabify, empecé el lunes."),
    "camille": _weekly(
        "Je suis infirmière à Lyon.",
        "J'habite à Lyon depuis cinq ans.",
        "Mon chien s'appelle Filou.",
        "Je travaille chez Renault maintenant."),
    "fang": _weekly(
        "我叫王芳，在上海的一家银行工作。",
        "我的猫叫咪咪。",
        "我搬到北京了。"),
}

# (user, question, what the answer must say, what it must not)
CASES: list[object] = [
    # a pet or person by name, asked in any language, in the fact's words, not the story
    ("tomas", "What's my cat called?", ["Your cat is called Pimienta"], ["adopted", "("]),
    ("tomas", "¿Cómo se llama mi gata?", ["Tu gata se llama Pimienta"], []),
    ("tomas", "Comment s'appelle mon chat ?", ["Pimienta"], ["(", "adopted"]),
    ("tomas", "Wie heißt meine Katze?", ["Deine Katze heißt Pimienta"], []),
    ("tomas", "我女儿叫什么名字？", ["Inés"], ["dinosaurs"]),
    ("tomas", "Wie heißt meine Tochter?", ["Inés"], []),
    ("jonas", "What is my wife's name?", ["Your wife is called Miriam"], []),
    ("jonas", "¿Cómo se llama mi mujer?", ["Miriam"], []),
    ("jonas", "Wie heißt meine Frau?", ["Deine Frau heißt Miriam"], []),
    ("jonas", "Comment s'appelle ma femme ?", ["Ta femme s'appelle Miriam"], []),
    ("jonas", "Wie heißt mein Sohn?", ["Ben"], ["Miriam"]),
    ("jonas", "What's my son's name?", ["Ben"], ["Miriam"]),
    ("lucia", "What's my brother's name?", ["Pablo"], []),
    ("lucia", "Where does my brother live?", ["Valencia"], ["Madrid"]),
    ("fang", "我的猫叫什么？", ["你的猫叫咪咪"], ["咪咪:", "咪咪："]),
    ("fang", "What's my cat called?", ["Your cat is called 咪咪"], []),
    # the user's own name is not the cat's
    ("fang", "What's my name?", ["Your name is 王芳"], ["咪咪"]),
    ("fang", "¿Cómo me llamo?", ["Te llamas 王芳"], []),
    # where one lives and works, in the question's language
    ("jonas", "Where do I live?", ["You live in Bonn"], ["Du"]),
    ("jonas", "Wo wohne ich?", ["Du wohnst in Bonn"], []),
    ("lucia", "Where do I work?", ["You work at Cabify"], ["Trabajas"]),
    ("lucia", "Wo arbeite ich?", ["Du arbeitest bei Cabify"], []),
    ("lucia", "Where do I live?", ["You live in Madrid"], []),
    ("lucia", "Où est-ce que j'habite ?", ["Tu habites à Madrid"], []),
    ("fang", "Where do I live?", ["You live in Beijing"], ["你"]),
    ("fang", "¿Dónde vivo?", ["Vives en Beijing"], []),
    ("fang", "我住在哪里？", ["你住在北京"], []),
    ("tomas", "Where do I work?", ["Harrogate District Hospital"], ["St Mary"]),
    ("tomas", "Wo arbeite ich?", ["Du arbeitest bei Harrogate District Hospital"], []),
    ("tomas", "¿Dónde vivo?", ["Vives en Harrogate"], []),
    # what one works as, the trade in the question's words
    ("jonas", "What's my job?", ["You work as a teacher"], ["Lehrer"]),
    ("lucia", "What's my job?", ["You work as a designer"], []),
    ("jonas", "Quel est mon métier ?", ["Tu travailles comme enseignant"], []),
    ("jonas", "¿En qué trabajo?", ["Trabajas como profesor"], []),
    ("lucia", "Was bin ich von Beruf?", ["Designerin"], []),
    # a question that names someone is of them, not of the user
    ("jonas", "Was macht Miriam beruflich?", ["Ärztin"], ["Lehrer"]),
    ("jonas", "What does Miriam do for a living?", ["Ärztin"], ["Lehrer", "teacher"]),
    ("lucia", "¿A qué se dedica Pablo?", ["bombero"], []),
    ("tomas", "What does Joel do?", ["sound engineer"], ["nurse"]),
    ("camille", "What's my dog called?", ["Your dog is called Filou"], []),
    ("camille", "Wie heißt mein Hund?", ["Dein Hund heißt Filou"], []),
    ("camille", "我的狗叫什么名字？", ["Filou"], []),
    ("camille", "Where do I live?", ["You live in Lyon"], []),
    ("camille", "Where do I work?", ["You work at Renault"], []),
    ("camille", "What do I do for a living?", ["nurse"], []),
    # how old someone is now, in the question's language, not the age a message once said
    ("tomas", "How old is Inés?", ["Inés is 8 years old"], ["7"]),
    ("tomas", "Wie alt ist Inés?", ["Inés ist 8 Jahre alt"], ["7"]),
    ("tomas", "¿Cuántos años tiene Inés?", ["Inés tiene 8 años"], ["7"]),
    ("tomas", "Quel âge a Inés ?", ["Inés a 8 ans"], ["7"]),
    # a thing told in one language, asked for in another
    ("jonas", "What car do I drive?", ["Tesla"], ["Golf"]),
    ("jonas", "Quelle voiture est-ce que j'ai ?", ["Tesla"], ["Golf"]),
    known(("jonas", "我开什么车？", ["你说过", "Tesla"], ["Golf", "Du hast gesagt"]),
          "the car is now a core fact ('Mein neues Auto ist …': 'Das Auto des Nutzers ist ein "
          "Tesla Model 3.'), which answer.py tells in German joined with the Handball line: "
          "'Dein Auto ist ein Tesla Model 3. Du spielst Handball.'"),
    ("jonas", "When is my dentist appointment?", ["12. Juni", "10:30"], []),
    ("tomas", "What's my flight number?", ["TP1337"], []),
    ("tomas", "Quel est mon numéro de vol ?", ["TP1337"], []),
    ("tomas", "¿Cuál es mi número de vuelo?", ["TP1337"], []),
    ("lucia", "¿Tengo alguna alergia?", ["frutos secos"], []),
    ("lucia", "Am I allergic to anything?", ["frutos secos"], []),
    ("lucia", "Bin ich gegen etwas allergisch?", ["frutos secos"], []),
    ("tomas", "Am I allergic to anything?", ["penicillin"], []),
    ("tomas", "¿Soy alérgico a algo?", ["penicillin"], []),
    known(("tomas", "what's my daughter into", ["dinosaurs"], ["is 7"]),
          "what Inés is into is said only in the message that also says she is 7; the fact "
          "keeps her age 8 but not her interest, so the answer quotes the message with the "
          "age it had then"),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("fresh"), PEOPLE) as system:
        yield system


def _id(case: object) -> str:
    values = case.values if hasattr(case, "values") else case
    return f"{values[0]}: {values[1]}"


@pytest.mark.parametrize(("user", "question", "says", "not_says"), CASES,
                         ids=[_id(c) for c in CASES])
def test_a_fresh_persona_is_answered_in_the_language_asked(
        memory: MemorySystem, user: str, question: str, says: list[str],
        not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=user).answer, says, not_says, LEAK)
