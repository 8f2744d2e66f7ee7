"""Questions answered by what kind of thing they ask for, not only by the words they share
with a memory: every name of the user's children or pets of one kind ("What are my cats
called?" of two cats told months apart), the time a race took ("What was my half marathon
time?" over the training plan; the race trained for is ahead; a birth told in the future
tense is ahead), the instrument one plays now, whether one
eats meat (of being vegetarian), one's job asked of by another ("Am I a nurse?": a
pharmacist), and whether a fact still holds ("Do I still work at
Siemens?" of "I left Siemens and joined Bosch"). In five languages, told the way users
write, answered offline in one clean sentence.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-03-01T09:00:00+00:00", "2025-10-20T12:00:00+00:00"
PEOPLE = {
    "maya": ((BEFORE, ["Just want you to remember stuff. My partner is Dev, he's a chef. We have "
                       "a cat named Pixel.", "I'm training for the Toronto half marathon in "
                       "October"]),
             (LATER, ["finished the half marathon in 1:52!",
                      "we adopted a second cat, her name is Byte"])),
    "klaus": ((BEFORE, ["Meine Tochter heißt Lena.", "Ich trainiere für den Berlin-Marathon.",
                        "Ich bin Vegetarier."]),
              (LATER, ["Mein Sohn heißt Paul.", "Marathon geschafft, in 3:45 Stunden!"])),
    "camille": ((BEFORE, ["Ma fille s'appelle Chloé.", "Je suis végétarienne depuis 2019.",
                          "Je prépare le semi-marathon de Paris."]),
                (LATER, ["Et mon fils s'appelle Hugo.", "J'ai couru le semi-marathon en 1h58 !"])),
    "lucia": ((BEFORE, ["Mi gata se llama Luna.", "Soy vegetariana."]),
              (LATER, ["Adoptamos otra gata, se llama Nube."])),
    "chen": ((BEFORE, ["我吃素。"]), (LATER, ["我在深圳工作。"])),
    "ravi": ((BEFORE, ["I'm training for the Berlin marathon in September."]),),
    "jens": ((BEFORE, ["Ich trainiere für den Hamburg-Marathon im April."]),),
    "ines": ((BEFORE, ["Je joue du piano depuis l'enfance."]),
             (LATER, ["J'ai arrêté le piano, maintenant je fais du violon.",
                      "Le bébé de ma sœur naîtra en mars."])),
    "pablo": ((BEFORE, ["Mi cumpleaños es el 3 de mayo.", "Toco la batería los fines de semana."]),
              (LATER, ["He abierto mi propio restaurante, se llama La Tapería.",
                       "Carmen está embarazada, nacerá en diciembre."])),
    "rafa": ((BEFORE, ["Buenas! soy Rafa, trabajo de profe de historia en un instituto. Tengo dos "
                       "hijas, Marta y Lucía."]),
             (LATER, ["Marta empieza la universidad en Madrid en septiembre."])),
    "mia": ((BEFORE, ["Wir haben drei Kinder, Mia, Paul und Ben.",
                      "J'ai deux chiens : Filou et Rex."]),),
    "lee": ((BEFORE, ["We have two kids, Amy and Ben."]),),
    "ola": ((BEFORE, ["I work at Siemens.", "My dog is called Rex.", "I'm vegetarian."]),
            (LATER, ["I left Siemens in June and joined Bosch.", "I eat meat again now."])),
    "nia": ((BEFORE, ["I'm Nia, I work as a pharmacist at Boots in Cardiff.",
                      "Ich bin Lehrerin an einer Grundschule."]),),
    "mix": ((BEFORE, ["I live in Leeds and work as a nurse."]),),
    "jonas": ((BEFORE, ["Meine Freundin Lisa ist Lehrerin."]),
              (LATER, ["Lisa und ich haben uns verlobt!"])),
}

QUESTIONS = [
    ("maya", "What are my cats called?", "Pixel and Byte", []),
    ("maya", "What instrument do I play?", None, ["Pixel", "marathon"]),
    ("maya", "What are the names of my cats?", "Pixel and Byte", []),
    ("maya", "What was my half marathon time?", "1:52", ["training"]),
    ("maya", "How fast did I run the half marathon?", "1:52", ["training"]),
    ("klaus", "Wie heißen meine Kinder?", "Lena und Paul", []),
    ("klaus", "Wie heißt mein Sohn?", "Paul", ["Lena"]),
    ("klaus", "Was war meine Zeit beim Marathon?", "3:45", ["trainiere"]),
    ("klaus", "Esse ich Fleisch?", "Vegetarier", []),
    ("camille", "Comment s'appellent mes enfants ?", "Chloé et Hugo", []),
    ("camille", "Quel était mon temps au semi-marathon ?", "1h58", ["prépare"]),
    ("camille", "Est-ce que je mange de la viande ?", "végétarienne", []),
    ("lucia", "¿Cómo se llaman mis gatas?", "Luna y Nube", []),
    ("lucia", "¿Como carne?", "vegetariana", []),
    ("chen", "我吃肉吗？", "吃素", ["深圳"]),
    ("ravi", "When is my marathon?", "September 2025", ["2024"]),
    ("jens", "Wann ist mein Marathon?", "April 2025", ["2024"]),
    ("ines", "De quel instrument je joue ?", "violon", ["piano"]),
    ("ines", "Quand naîtra le bébé de ma sœur ?", "mars 2026", ["2025"]),
    ("pablo", "¿Qué instrumento toco?", "batería", []),
    ("pablo", "¿Cuándo nacerá el bebé?", "diciembre de 2025", ["mayo", "2024"]),
    ("pablo", "¿Cómo se llama mi restaurante?", "La Tapería", []),
    ("klaus", "Welches Instrument spiele ich?", None, ["Tochter", "Marathon"]),
    ("rafa", "¿Cómo se llaman mis hijas?", "Marta y Lucía", []),
    ("rafa", "¿Dónde va a estudiar Marta?", None, ["The user", "El usuario"]),
    ("mia", "Wie heißen meine Kinder?", "Mia, Paul und Ben", []),
    ("mia", "Comment s'appellent mes chiens ?", "Filou et Rex", []),
    ("lee", "What are my kids called?", "Amy and Ben", []),
    ("ola", "Do I still work at Siemens?", "Bosch", []),
    ("ola", "What are my dogs called?", "Rex", ["and"]),
    ("ola", "Do I eat meat?", "meat again", ["vegetarian"]),
    # a job asked of by another one is answered by the job ("Am I a nurse?")
    ("nia", "Am I a nurse?", "pharmacist", []),
    ("nia", "Bin ich Ärztin?", "Lehrerin", []),
    # a home asked for is the home alone, in the language asked ("Du wohnst in Leeds.")
    ("mix", "Wo wohne ich?", "Leeds", ["nurse"]),
    # a name asked for is answered by a line that names someone ("Lisa und ich haben uns
    # verlobt!"), not by one that only says the status ("Du bist verlobt.")
    ("jonas", "Wie heißt meine Verlobte?", "Lisa", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("by_kind"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_the_answer_is_of_the_kind_asked(memory: MemorySystem, user: str, question: str,
                                        says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


@pytest.mark.parametrize(("user", "named"), [
    ("klaus", ["Lena ist die Tochter des Nutzers.", "Paul ist der Sohn des Nutzers."]),
    ("camille", ["Chloé est la fille de l'utilisateur.", "Hugo est le fils de l'utilisateur."]),
])
def test_a_childs_name_told_abroad_is_a_fact_of_its_own(memory: MemorySystem, user: str,
                                                        named: list[str]) -> None:
    """The core keeps one partner and one pet by name; children, who may be several, are
    facts about people, each its own."""
    facts = [item.summary for item in memory.list("semantic", user_id=user)]
    assert not [fact for fact in named if fact not in facts], facts


def test_a_list_of_names_told_abroad_renders_in_its_own_words(memory: MemorySystem) -> None:
    """"Tengo dos hijas, Marta y Lucía" is "El usuario tiene dos hijas, …" in the context an
    app puts in its prompt, with no English "the user:" label before it."""
    text = memory.context("¿Cómo se llaman mis hijas?", user_id="rafa").text
    assert "El usuario tiene dos hijas, Marta y Lucía." in text, text
    assert "the user:" not in text.casefold(), text
