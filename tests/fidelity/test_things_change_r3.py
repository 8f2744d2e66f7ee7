"""Things owned, status, age, volunteering and other people's facts that change, told in
everyday wordings across languages and asked back offline: a car sold for another ("Sold the
Jazz and bought an electric Kia Niro", "J'ai vendu ma Clio, je roule en Zoé maintenant"), a
proposal ("Ollie proposed last weekend, we're engaged!"), an age said in passing ("I'm 61 and
recently retired"), a place one volunteers at that changes, a relative who finished studying,
a home an intro gives by the town of its work ("I'm Noor Haddad, I teach chemistry at a
secondary school in Leeds"). The answer is current, and what it replaced answers "before".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-02-03T18:00:00+00:00", "2025-08-15T10:00:00+00:00"
PEOPLE = {
    "noor": ((BEFORE, ["Hi! I'm Noor Haddad, I teach chemistry at a secondary school in Leeds.",
                       "My partner Ollie works as a paramedic.", "I drive a 2015 Honda Jazz."]),
             (LATER, ["Big news, we've relocated to York!",
                      "Sold the Jazz and bought an electric Kia Niro.",
                      "Ollie proposed last weekend, we're engaged!"])),
    "grace": ((BEFORE, ["My name's Grace. I'm 61 and recently retired from nursing.",
                        "I volunteer at the Oxfam shop on Tuesdays."]),
              (LATER, ["I stopped volunteering at Oxfam, I now help at the library on "
                       "Thursdays instead."])),
    "pete": ((BEFORE, ["I'm Pete, I work as a plumber for a small firm in Hull.",
                       "My car is a silver Ford Fiesta.",
                       "I volunteer with the Scouts on Friday evenings."]),
             (LATER, ["We moved to Beverley last month.",
                      "I traded the Fiesta in and got a used Skoda Octavia.",
                      "Quit volunteering with the Scouts and now volunteer at a food bank "
                      "every Saturday."])),
    "mia": ((BEFORE, ["I'm 38 and live in Bristol with my boyfriend Jake."]),
            (LATER, ["Jake proposed on the beach in Cornwall and I said yes!"])),
    "ravi": ((BEFORE, ["My girlfriend Amy is a vet."]),
             (LATER, ["Popped the question to Amy last night and she said yes!"])),
    "lena": ((BEFORE, ["Ich fahre einen VW Golf."]),
             (LATER, ["Wir haben jetzt einen Tesla statt des Golfs."])),
    "chloe": ((BEFORE, ["Je conduis une Clio."]),
              (LATER, ["J'ai vendu ma Clio, je roule en Zoé maintenant."])),
    "pablo": ((BEFORE, ["Conduzco un Seat Ibiza.", "Tengo 39 años."]),
              (LATER, ["Vendí el Seat y me compré un Kia Niro.", "Cumplí 40 ayer."])),
    "camila": ((BEFORE, ["Mi hermana Daniela estudia medicina en Concepción."]),
               (LATER, ["Daniela ya terminó la carrera, ahora es médica en un hospital de "
                        "Temuco."])),
    "jan": ((BEFORE, ["Meine Schwester Eva studiert Jura in Köln."]),
            (LATER, ["Eva hat ihr Studium abgeschlossen und arbeitet jetzt bei einer Kanzlei "
                     "in Bonn."])),
    "sam": ((BEFORE, ["I play the piano."]), (LATER, ["I gave up piano and took up the cello."])),
    "hugo": ((BEFORE, ["Mon copain s'appelle Hugo.", "J'ai 33 ans."]),
             (LATER, ["Hugo m'a demandée en mariage, on s'est fiancés !", "J'ai eu 34 ans hier."])),
    "lucia": ((BEFORE, ["Mi novia se llama Lucía."]), (LATER, ["¡Lucía y yo nos comprometimos!"])),
    "ute": ((BEFORE, ["Ich arbeite ehrenamtlich bei der Tafel."]),
            (LATER, ["Seit Juli helfe ich ehrenamtlich beim Roten Kreuz."])),
    "ines": ((BEFORE, ["Soy voluntaria en Cáritas los sábados."]),
             (LATER, ["Ahora hago voluntariado con la Cruz Roja."])),
    "fang": ((BEFORE, ["我在图书馆做志愿者。"]), (LATER, ["我现在在动物收容所当义工。"])),
    "ed": ((BEFORE, ["I volunteer for Age UK twice a week."]),
           (LATER, ["Started volunteering at Crisis over Christmas, I quit Age UK."])),
    "tim": ((BEFORE, ["Meine Freundin heißt Petra."]),
            (LATER, ["Petra und ich haben uns verlobt!"])),
}

QUESTIONS = [
    ("noor", "Where do I live?", "York", ["Leeds"]),
    ("noor", "Where did I live before?", "Leeds", []),
    ("noor", "What was my previous job?", "chemistry", []),
    ("noor", "What car do I have?", "Kia Niro", ["Jazz"]),
    ("noor", "What did I drive before?", "Honda Jazz", []),
    ("noor", "Am I engaged?", "engaged", []),
    ("noor", "Who is Ollie?", "fianc", []),
    ("noor", "What does Ollie do?", "paramedic", []),
    ("grace", "How old am I?", "61", []),
    ("grace", "Where do I volunteer?", "library", ["Oxfam shop"]),
    ("grace", "Where did I volunteer before?", "Oxfam", []),
    ("grace", "Am I still working?", "retired", []),
    ("pete", "Where did I live before?", "Hull", []),
    ("pete", "Where do I live?", "Beverley", ["Hull"]),
    ("pete", "What car do I drive?", "Skoda Octavia", ["Fiesta"]),
    ("pete", "Where do I volunteer?", "food bank", ["Scouts"]),
    ("pete", "Where did I volunteer before?", "Scouts", []),
    ("mia", "How old am I?", "38", []),
    ("mia", "Am I engaged?", "engaged", []),
    ("mia", "Who is Jake?", "fianc", []),
    ("ravi", "Am I engaged?", "engaged", []),
    ("ravi", "Who is Amy?", "fianc", []),
    ("lena", "Was für ein Auto fahre ich?", "Tesla", ["Golf"]),
    ("lena", "Welches Auto habe ich?", "Tesla", ["Golf"]),
    ("chloe", "Quelle voiture ai-je ?", "Zoé", ["Clio"]),
    ("pablo", "¿Qué coche tengo?", "Kia", ["Seat"]),
    ("pablo", "¿Cuántos años tengo?", "40", ["39"]),
    ("camila", "¿Qué hace Daniela?", "médica", ["estudia"]),
    ("camila", "¿Dónde trabaja Daniela?", "Temuco", ["Concepción"]),
    ("jan", "Was macht Eva?", "Kanzlei", ["studiert"]),
    ("sam", "What instrument do I play?", "cello", ["piano"]),
    ("hugo", "Quel âge ai-je ?", "34", ["33"]),
    ("hugo", "Est-ce que je suis fiancée ?", "fianc", []),
    ("hugo", "Qui est Hugo ?", "fianc", []),
    ("lucia", "¿Estoy comprometida?", "comprometid", []),
    ("lucia", "¿Cómo se llama mi novia?", "Lucía", []),
    ("ute", "Wo arbeite ich ehrenamtlich?", "Roten Kreuz", ["Tafel"]),
    ("ines", "¿Dónde hago voluntariado?", "Cruz Roja", ["Cáritas"]),
    ("ines", "¿Cuál es mi trabajo?", None, ["voluntaria"]),
    ("fang", "我在哪里做志愿者？", "动物收容所", ["图书馆"]),
    ("ed", "Where do I volunteer?", "Crisis", ["Age UK"]),
    ("ed", "Where did I volunteer before?", "Age UK", []),
    ("tim", "Bin ich verlobt?", "verlobt", []),
    ("tim", "Wie heißt meine Freundin?", "Petra", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("things_change_r3"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_what_changed_comes_back_current(memory: MemorySystem, user: str, question: str,
                                         says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
