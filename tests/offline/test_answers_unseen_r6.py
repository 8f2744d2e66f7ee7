"""A sixth round through the whole pipeline (rules, real store, retrieval, answer), with four
users unlike any before, told over weeks as people chat: lower case, emoji, asides ("oh
and"), a pasted shopping list, an invoice and an itinerary. Gwen, a retired Welsh teacher
with grandchildren; Lin, a Chinese student in Munich writing Chinese, German and English;
Margot, a French freelancer with clients; Diego, a Spanish runner training for a marathon.
They ask in forms no test used yet: yes or no ("Do I have a car?", "Habe ich Geschwister?"),
how many, lists ("Which clients do I work with?", "What's on my shopping list?"), politely
("do you remember …", "你还记得…吗？"), when, and of someone else. An answer carries the fact
(in the question's language where the rules retell it, else as the user said it), never a
rendering of how memories are kept, and "not in memory" only when nothing was told.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.cases import assert_answered, known
from support.told import told_all
from test_answers_fresh_personas import _id, _weekly
from test_screen_answers_unseen import LEAK

from mirix_like import MemorySystem

PEOPLE = {
    "gwen": _weekly(
        "hello dear, i'm gwen, retired now but i taught welsh at ysgol glan clwyd for 30 years",
        "my grandchildren are called Cerys and Osian, cerys is 6 and osian is 4 🙂",
        "oh and my daughter Bethan is a vet in Cardiff",
        "i'm allergic to wasp stings, carry an epipen",
        "Shopping list for the garden centre:\n- tomato feed\n- twine\n- 2 bags of compost\n"
        "- slug pellets",
        "my dentist is Dr Hughes in Rhyl, next appointment 3rd of april at 2:15pm",
        "we have a springer spaniel called Mot, he's 9"),
    "lin": _weekly(
        "hi 我叫林晓，在慕尼黑读书，studying informatik at TUM",
        "我有一个哥哥，他叫林峰，在深圳工作。",
        "meine Mitbewohnerin heißt Sophie, sie studiert Medizin",
        "我对花生过敏",
        "Prüfung in Analysis am 18. Juli um 9 Uhr im Hörsaal MW 2001",
        "我没有车，我骑自行车上学"),
    "margot": _weekly(
        "Bonjour ! Je suis Margot, graphiste freelance à Nantes.",
        "Mes clients principaux : Biocoop, la Mairie de Nantes et Studio Pixel.",
        "Facture n° F-2025-031\nClient : Studio Pixel\nMontant : 1 450 € HT\n"
        "Échéance : 30 avril 2025",
        "ma sœur Claire est avocate à Paris",
        "rendez-vous chez le dentiste le 12 mai à 11h, Dr Martin",
        "j'ai deux chats, Moka et Pixel"),
    "diego": _weekly(
        "hola! soy Diego, corro desde hace 3 años y estoy entrenando para el maratón de "
        "Sevilla el 23 de febrero 🏃",
        "mi entrenador se llama Raúl, entrenamos martes y jueves",
        "tengo dos hermanas, Ana y Marta",
        "Itinerario viaje a Sevilla:\n- vuelo IB3120 sale el 21 feb a las 07:40 desde Madrid\n"
        "- hotel Triana, 2 noches\n- recogida dorsal el 22 feb",
        "por cierto mi mejor tiempo en media maratón es 1:32:10",
        "trabajo como fisioterapeuta en una clínica en Getafe"),
    "ben": _weekly(
        "hey! ben here, software dev at Monzo in london 💻",
        "my sister Hannah just had a baby boy, his name is Theo!!",
        "Meeting notes 12/05:\n- Alice owns the API migration\n- release planned for 3 June\n"
        "- next sync Thursday 10am",
        "btw my landlord is called Mr Patel, rent is £1,450 a month",
        "trip to Japan: fly out 14 oct, tokyo 4 nights then kyoto 3 nights"),
}
_CLIENTS = ["Biocoop", "la Mairie de Nantes", "Studio Pixel"]
_LISTED = ["tomato feed, twine, 2 bags of compost, slug pellets"]

# (user, question, what the answer must say, what it must not)
CASES: list[object] = [
    # yes or no: the answer carries what is known, in any language it is asked
    ("gwen", "Do I have any pets?", ["springer spaniel called Mot"], []),
    ("gwen", "我有宠物吗？", ["Mot"], []),
    ("lin", "Do I have a car?", ["You said: 我没有车"], ["你没有车"]),
    ("lin", "我有车吗？", ["你没有车"], []),
    ("margot", "Do I have any pets?", ["Moka", "Pixel"], []),
    ("margot", "Est-ce que j'ai des animaux ?", ["Moka et Pixel"], []),
    # a grandchild, a brother or a sister by any word for them, in any language
    ("gwen", "What are my grandkids called?", ["Cerys and Osian"], []),
    ("gwen", "Habe ich Enkelkinder?", ["Cerys and Osian"], []),
    ("gwen", "Wie viele Enkel habe ich?", ["Cerys and Osian"], []),
    ("gwen", "¿Tengo nietos?", ["Cerys and Osian"], []),
    ("lin", "Do I have any siblings?", ["You said:", "哥哥"], []),
    ("lin", "Habe ich Geschwister?", ["Du hast gesagt:", "哥哥"], []),
    ("diego", "¿Tengo hermanos?", ["Ana y Marta"], []),
    # counted in the language asked, the names as told
    ("diego", "How many sisters do I have?", ["two sisters", "Ana and Marta"], []),
    # a name asked for is the sentence that says it, not one that only says who they are
    ("lin", "What's my brother's name?", ["林峰"], []),
    ("lin", "我哥哥叫什么名字？", ["林峰"], []),
    ("lin", "你还记得我哥哥叫什么吗？", ["林峰"], []),
    ("diego", "¿Cómo se llaman mis hermanas?", ["Ana y Marta"], ["Raúl"]),
    ("diego", "¿Te acuerdas de cómo se llama mi entrenador?", ["Raúl"], []),
    ("lin", "Wie heißt meine Mitbewohnerin?", ["Sophie"], []),
    # (every name of the kind asked, in the question's language: "Moka and Pixel")
    ("margot", "What are my cats' names?", ["Moka", "Pixel"], []),
    ("margot", "Wie heißen meine Katzen?", ["Moka", "Pixel"], []),
    ("margot", "Comment s'appellent mes chats ?", ["Moka et Pixel"], []),
    ("gwen", "do you remember what my dentist is called?", ["Dr Hughes"], []),
    # a list asked for is all of it: pasted under its title, or said in a row
    ("gwen", "What's on my shopping list?", _LISTED, ["/"]),
    ("gwen", "what do i need from the garden centre", _LISTED, ["/"]),
    ("margot", "Which clients do I work with?", _CLIENTS, ["Client :"]),
    ("margot", "Who are my clients?", _CLIENTS, ["Client :"]),
    ("margot", "Quels sont mes clients ?", _CLIENTS, ["Client :"]),
    ("margot", "Wer sind meine Kunden?", _CLIENTS, ["Client :"]),
    known(("gwen", "Was steht auf meiner Einkaufsliste?", ["twine"], []),
          "'Einkaufsliste' is read as no compound: its last word 'Liste' starts with the "
          "English 'list', which lexicon._foreign takes for an English word inside a longer "
          "one, so the question has no word the pasted list has"),
    # when: the day said beside what is asked, not another date of the same message
    # trained for on 1 March 2025, the race of 23 February is the next one
    ("diego", "When is my marathon?", ["23 February 2026"], ["2022"]),
    ("diego", "¿Cuándo es mi maratón?", ["23 de febrero de 2026"], ["1:32:10"]),
    ("diego", "can you remind me when my flight leaves?", ["07:40"], []),
    ("gwen", "When is my dentist appointment?", ["3 April 2026"], []),
    known(("gwen", "can you remind me when my dentist appointment is?",
           ["3 April 2026", "2:15"], []),
          "an English 'when' is answered with the bare date of the fact's resolved label "
          "('(3 April 2026)'), which drops the hour said beside it"),
    ("lin", "When is my exam?", ["18. Juli", "9 Uhr"], []),
    ("margot", "C'est quand, mon rendez-vous chez le dentiste ?", ["12 mai", "11h"], []),
    # an aside's "oh and" opens no answer; of someone else, what they do
    ("gwen", "What does my daughter do?", ["Your daughter Bethan is a vet"], ["And "]),
    ("gwen", "Was macht meine Tochter beruflich?", ["Bethan is a vet"], ["And "]),
    ("margot", "What does my sister do?", ["avocate"], []),
    ("lin", "What does Sophie study?", ["Medizin"], []),
    # a fact told in one language, said in the question's, or quoted
    ("lin", "Am I allergic to anything?", ["You said: 我对花生过敏"], []),
    ("lin", "我对什么过敏？", ["你对花生过敏"], []),
    ("gwen", "Am I allergic to anything?", ["wasp stings"], []),
    ("diego", "What do I do for a living?", ["You work as a physiotherapist"], ["Trabajas"]),
    ("diego", "Was bin ich von Beruf?", ["Du arbeitest als Physiotherapeut"], []),
    ("diego", "¿Dónde trabajo?", ["Getafe"], []),
    ("lin", "What do I study?", ["informatik"], []),
    # a line of a pasted block, a time that is no hour
    ("diego", "Which hotel am I staying at in Seville?", ["Triana"], []),
    ("diego", "What's my half marathon PB?", ["1:32:10"], []),
    ("margot", "Quel est le montant de la facture Studio Pixel ?", ["1 450 €"], []),
    known(("margot", "How much is the Studio Pixel invoice?", ["1 450 €"], []),
          "'How much' names no word of the invoice's 'Montant' line (the lexicon's 'total'), "
          "so the invoice's summary line 'Client : Studio Pixel' answers"),
    known(("gwen", "what did i teach?", ["welsh"], ["retired"]),
          "'taught' and 'retired' both read as 'work' (_SAME_WORDS), so the core fact 'The "
          "user is retired.' answers before the message that says what she taught"),
    # a coach, a roommate, a flight by another word; a name the user typed in lower case
    ("diego", "Who is my coach?", ["Raúl"], []),
    ("lin", "What does my roommate study?", ["Medizin"], ["informatik"]),
    ("diego", "Where am I flying from?", ["Madrid"], []),
    ("ben", "How many nights am I in Kyoto?", ["kyoto 3 nights"], []),
    # a departure told in the present lies ahead ("fly out 14 oct", said on 1 April 2025)
    ("ben", "When do I fly to Japan?", ["14 October 2025"], ["2024"]),
    # pasted meeting notes; an aside's "btw" opens no answer
    ("ben", "Who owns the API migration?", ["Alice"], []),
    ("ben", "When is the next sync?", ["Thursday 10am"], []),
    ("ben", "How much is my rent?", ["£1,450 a month"], ["Btw", "btw"]),
    ("ben", "Who is Theo?", ["Theo"], []),
    # told only inside a quoted message the rules keep no fact of
    known(("margot", "Where do I live?", ["Nantes"], []),
          "'Je suis Margot, graphiste freelance à Nantes.' is kept only as the quoted message "
          "(no fact of where she lives or works), which has no word for living"),
    # one's own name is not the name of someone of one's own
    ("lin", "Wie heiße ich?", ["林晓"], ["Sophie"]),
    ("diego", "¿Cómo me llamo?", ["Diego"], ["Raúl"]),
    # "hey! ben here": a name typed in lower case after a greeting
    ("ben", "What's my name?", ["Ben"], ["Hannah", "Theo", "Patel"]),
    # nothing told: not in memory, not a no
    ("gwen", "Do I have a car?", ["I don't have that in memory"], []),
    ("diego", "¿Tengo mascotas?", ["No tengo eso en mi memoria"], []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("unseen_r6"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_says"), CASES,
                         ids=[_id(c) for c in CASES])
def test_a_new_question_form_is_answered_with_what_was_told(
        memory: MemorySystem, user: str, question: str, says: list[str],
        not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=user).answer, says, not_says, LEAK)
