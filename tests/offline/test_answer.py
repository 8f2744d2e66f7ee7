"""Offline answers: one clean sentence, never the scaffolding of how memories are shown."""

from __future__ import annotations

import re

import pytest

from mirix_like.offline.answer import NO_ANSWER, answer
from mirix_like.offline.plain import Statement, language, statements

LEAK = re.compile(r"</?\w+>|(?:^|\s)\d+: |\bdetails:|\bcontent:|\[\d{4}-\d{2}-\d{2}|"
                  r"\((?:\w+), (?:user|assistant|\w+)\)|[{}]|\[\w+ [0-9a-f]{8,}\]")

# Memories as the chat prompt and the chat tools show them, one of each shape.
SHOWN = [
    "<human> 1: Sam lives in Lisbon (since 2025-03-16). 2: Sam's favourite food is ramen. "
    "3: Sam works as a nurse at St. Mary's hospital. </human>",
    "[2025-03-16] Sam went bouldering with Dario at the Arena gym. — Sam: climbed with Dario",
    "[episodic 0123456789abcdef0123456789abcdef] [2025-03-14 19:05 UTC] (activity, user) "
    "Sam cooked paella for Maya.\n  details: Sam: I cooked paella for Maya tonight",
    "Maya: Maya is Sam's sister; she lives in Berlin and works as an architect.",
    "Dario is Sam's climbing partner (Dario works at Google.)",
    "Deploy the blog (workflow)   1. run make build   2. run make test   3. push with rsync",
    "Phone number of Dario [phone, medium]: +1 415 555 0100",
    "Sourdough guide [link]: How to bake sourdough bread content: Mix flour and water ...",
    '{"summary": "Sam prefers window seats on long flights", "id": "abc"}',
    "[2025-03-18 09:00 UTC] (screen, user) Viewed Inbox - Dana Lee in Mail at 09:00 UTC.",
]


@pytest.mark.parametrize(("question", "expected"), [
    ("Where do I live now?", "Sam lives in Lisbon."),
    ("Where does Sam live?", "Sam lives in Lisbon."),
    ("What is my favourite food?", "Sam's favourite food is ramen."),
    ("What's my job?", "Sam works as a nurse at St. Mary's hospital."),
    ("Where does Maya live?", "Maya is Sam's sister; she lives in Berlin and works as an "
                              "architect."),
    ("What did I cook for Maya?", "Sam cooked paella for Maya."),
    ("Where does Dario work?", "Dario works at Google."),
    ("Who did I go bouldering with?", "Sam went bouldering with Dario at the Arena gym."),
    ("How do I deploy the blog?", "Deploy the blog: run make build; run make test; push with "
                                  "rsync."),
    ("What is Dario's phone number?", "Phone number of Dario: +1 415 555 0100"),
    ("Which seat do I prefer on flights?", "Sam prefers window seats on long flights"),
    ("What did I look at in Mail?", "Viewed Inbox - Dana Lee in Mail at 09:00 UTC."),
])
def test_answers_are_clean_sentences_from_the_best_memory(question: str, expected: str) -> None:
    found = answer(question, SHOWN)
    assert found == expected
    assert not LEAK.search(found)


@pytest.mark.parametrize("question", ["Where does Tom live?", "What is Priya's job?",
                                      "Who is Jonas married to?"])
def test_a_question_about_someone_unknown_is_not_answered_about_someone_else(
        question: str) -> None:
    assert answer(question, SHOWN) == NO_ANSWER


def test_a_question_about_a_named_person_uses_only_memories_about_them() -> None:
    memories = ["Sam lives in Lisbon.", "Maya lives in Berlin.", "Leo lives in Porto."]
    assert answer("Where does Leo live?", memories) == "Leo lives in Porto."
    assert answer("Where does Maya live these days?", memories) == "Maya lives in Berlin."
    assert answer("Where do I live?", memories) == "Sam lives in Lisbon."


def test_when_questions_still_get_the_date_from_the_stamp() -> None:
    assert answer("When did I cook paella?", SHOWN) == "14 March 2025"


@pytest.mark.parametrize(("question", "nothing"), [
    ("Wo arbeitet Jonas?", "Das habe ich nicht in meinem Gedächtnis."),
    ("Où habite ma sœur ?", "Je n'ai pas cette information en mémoire."),
    ("¿Dónde trabaja mi hermano?", "No tengo eso en mi memoria."),
    ("我的护照在哪里？", "我的记忆里没有这方面的信息。"),
    ("Where is my passport?", NO_ANSWER),
])
def test_not_in_memory_is_said_in_the_question_language(question: str, nothing: str) -> None:
    assert answer(question, ["Sam mag Katzen.", "小雨五岁。"]) == nothing


def test_the_answer_is_in_the_question_language_when_memory_holds_both() -> None:
    memories = ["Sam wohnt in Wien.", "Sam lives in Vienna.", "Sam住在维也纳。"]
    assert answer("Where does Sam live?", memories) == "Sam lives in Vienna."
    assert answer("Wo wohnt Sam?", memories) == "Sam wohnt in Wien."
    assert answer("Sam住在哪里？", memories) == "Sam住在维也纳。"


def test_statements_take_off_tags_numbers_stamps_labels_and_keep_details_last() -> None:
    assert statements(SHOWN[0]) == [
        Statement("Sam lives in Lisbon.", True),
        Statement("Sam's favourite food is ramen.", True),
        Statement("Sam works as a nurse at St. Mary's hospital.", True)]
    assert statements(SHOWN[2]) == [Statement("Sam cooked paella for Maya.", True),
                                    Statement("I cooked paella for Maya tonight", False)]
    assert statements("Caroline went to a support group yesterday (7 May 2023).") == [
        Statement("Caroline went to a support group yesterday (7 May 2023).", True)]
    assert statements("Sam lives in Porto (2024-01-02 to 2025-03-16).") == [
        Statement("Sam lives in Porto (2024-01-02 to 2025-03-16).", True)]


@pytest.mark.parametrize(("text", "lang"), [
    ("Where do I live?", "en"), ("What's the wifi password at Maya's?", "en"),
    ("Wo wohne ich?", "de"), ("Was ist mein Lieblingsessen?", "de"),
    ("Où est-ce que j'habite ?", "fr"), ("Quel est mon plat préféré ?", "fr"),
    ("¿Dónde vivo?", "es"), ("¿Cuál es mi comida favorita?", "es"),
    ("我住在哪里？", "zh"),
    # questions of common words beyond the question words
    ("Haben wir jetzt einen Termin?", "de"), ("Hast du einen Hund?", "de"),
    ("Est-ce que j'ai un chien maintenant ?", "fr"), ("Tu as des enfants ?", "fr"),
    ("¿Tengo una cita hoy?", "es"), ("¿Ahora tienes perro?", "es"),
    ("Do we have a dentist appointment now?", "en"), ("Is Elle in the office today?", "en"),
    ("Did I leave the pas de deux tickets at home?", "en"),
])
def test_language_of_a_question(text: str, lang: str) -> None:
    assert language(text) == lang


def test_a_memory_labelled_with_the_name_asked_about_answers() -> None:
    memories = ["Luigi's: Ada's favourite Italian restaurant, in Vienna",
                "Caroline: researched adoption agencies last week",
                "Melanie painted a sunrise."]
    assert answer("Where is Luigi's?", memories) == "Ada's favourite Italian restaurant, in Vienna"
    assert answer("What did Caroline research?", memories) == (
        "Researched adoption agencies last week")
    assert answer("What did Jonas paint?", memories) == NO_ANSWER


def test_numbers_in_ordinary_text_are_not_taken_for_lines_or_steps() -> None:
    assert statements("We met at 5. It was 10. Great evening") == [
        Statement("We met at 5. It was 10. Great evening", True)]
    assert statements("Chapter 3: The beginning is slow") == [
        Statement("Chapter 3: The beginning is slow", True)]
    assert statements("2: Sam likes tea. 3: Sam has a cat.") == [
        Statement("Sam likes tea.", True), Statement("Sam has a cat.", True)]


def test_an_answer_opening_with_he_or_she_names_the_person() -> None:
    memory = "Sam called his cousin Priya on Sunday. She lives in Oslo now."
    assert answer("Who lives in Oslo?", [memory]) == "Priya lives in Oslo now."
    assert answer("Where do they live?", ["I met Ana and Luis. They live in Rome."]) == (
        "They live in Rome.")


def test_a_when_question_gets_the_year_the_memory_states_not_its_stamp() -> None:
    memories = ["[2025-01-10] The user said: The Eiffel Tower was finished in 1889."]
    assert answer("When was the Eiffel Tower finished?", memories) == "1889"


def test_numbered_steps_joined_as_screen_lines_read_as_one_clean_sentence() -> None:
    memories = ["[2025-01-10] The user said: 1. Run the tests. — user: Deploy checklist: / "
                "1. Run the tests / 2. Tag the release / 3. Push to production"]
    assert answer("What's the deploy checklist?", memories) == (
        "Deploy checklist: Run the tests; Tag the release; Push to production.")


@pytest.mark.parametrize(("memory", "question", "expected"), [
    ("<human> 1: The user lives in Oslo. </human>", "Where do I live?", "You live in Oslo."),
    ("Rex: Rex is the user's dog.", "Who is Rex?", "Rex is your dog."),
    ("The user's mobile is 07700 900456.", "What's my mobile?", "Your mobile is 07700 900456."),
    ("Email address of the user [email, medium]: jo@smithmail.org", "What's my email?",
     "Your email address: jo@smithmail.org"),
    ("The user moved out of Wicker Park, now the user is in Logan Square.",
     "Did I move out of Wicker Park?",
     "You moved out of Wicker Park, now you are in Logan Square."),
    ("The user and others have got a cat named Pickle.", "Do I have a cat?",
     "You have got a cat named Pickle."),
    ("Beth gave the user flowers.", "Who gave me flowers?", "Beth gave you flowers."),
    ("The user studies law.", "What do I study?", "You study law."),
    # in German, Spanish and French too, informally: du, tú, tu
    ("Der Nutzer wohnt in Frankfurt.", "Wo wohne ich?", "Du wohnst in Frankfurt."),
    ("Seit März arbeitet der Nutzer bei Bosch.", "Wo arbeite ich?",
     "Seit März arbeitest du bei Bosch."),
    ("Lena, die Schwester des Nutzers, wohnt in Hamburg.", "Wo wohnt meine Schwester?",
     "Lena, deine Schwester, wohnt in Hamburg."),
    ("El usuario trabaja en Mango.", "¿Dónde trabajo?", "Trabajas en Mango."),
    ("El usuario se mudó a Valencia.", "¿Me mudé a Valencia?", "Te mudaste a Valencia."),
    ("La comida favorita del usuario es la paella.", "¿Cuál es mi comida favorita?",
     "Tu comida favorita es la paella."),
    ("L'utilisateur habite à Lille.", "Où j'habite ?", "Tu habites à Lille."),
    ("Le frère de l'utilisateur travaille chez Thales.", "Où travaille mon frère ?",
     "Ton frère travaille chez Thales."),
    ("La sœur de l'utilisateur s'est installée à Lyon.", "Où habite ma sœur ?",
     "Ta sœur s'est installée à Lyon."),
    ("The user said: Mi perro se llama Toby.", "¿Cómo se llama mi perro?",
     "Dijiste: Mi perro se llama Toby."),
])
def test_an_answer_about_the_user_is_said_to_them(memory: str, question: str,
                                                  expected: str) -> None:
    assert answer(question, [memory]) == expected


_SCREEN_EVENT = "[2026-11-24] Viewed “{}” on screen at 03:08 UTC on 24 November 2026."
_SCREEN_ITEM = ("{0} [screenshot]: Screenshot of {0} at 03:08 UTC on 24 November 2026: {1} "
                "content: {1}")


@pytest.mark.parametrize(("memories", "question", "expected"), [
    # what the screen said, not the summary around it
    ([_SCREEN_EVENT.format("Flight LH 1234 departs from gate B22")],
     "Which gate does my flight leave from?", "Flight LH 1234 departs from gate B22"),
    ([_SCREEN_ITEM.format("Meeting room: Atlas 4B at 14:00", "Meeting room: Atlas 4B at 14:00")],
     "Which room is the meeting in?", "Meeting room: Atlas 4B at 14:00"),
    # a line that says its own day or hour answers "when", not the day it was seen
    ([_SCREEN_EVENT.format("Your parcel will arrive on Friday between 9 and 11")],
     "When will my parcel arrive?", "Your parcel will arrive on Friday between 9 and 11"),
    ([_SCREEN_ITEM.format("Dentist appointment", "Dentist appointment / Tuesday 3 December, "
                                                 "10:30 / Dr. Patel, Smile Clinic")],
     "When is my dentist appointment?", "Dentist appointment / Tuesday 3 December, 10:30"),
    # one line of a document, or the heading with the line under it
    (["Team offsite [document]: Team offsite. content: # Team offsite 2026 / Venue: Hotel "
      "Arcadia, Porto / Budget owner: Inês Duarte / Train from Lisbon leaves at 07:40."],
     "Who owns the offsite budget?", "Team offsite 2026 / Budget owner: Inês Duarte"),
    (["Team offsite [document]: Team offsite. content: # Team offsite 2026 / Venue: Hotel "
      "Arcadia, Porto / Budget owner: Inês Duarte / Train from Lisbon leaves at 07:40."],
     "When does the train to the offsite leave?",
     "Team offsite 2026 / Train from Lisbon leaves at 07:40."),
])
def test_screens_and_documents_are_answered_by_their_own_lines(
        memories: list[str], question: str, expected: str) -> None:
    assert answer(question, memories) == expected


def test_a_labelled_line_is_its_own_answer_even_cut_at_its_joint() -> None:
    # the notes' sentence before it ends with a full stop, so this one opens on the joint
    memories = ["Onboarding [document]: Onboarding. content: Line 9: nothing here. / Laptop "
                "asset tag: LT-99812 / VPN group: eng-emea / Filler 0."]
    assert answer("Which VPN group am I in?", memories) == "VPN group: eng-emea"
    assert answer("What is my laptop asset tag?", memories) == "Laptop asset tag: LT-99812"


def test_when_a_screen_was_seen_is_its_date() -> None:
    memories = [_SCREEN_EVENT.format("Boarding at 10:40, gate B22")]
    assert answer("When did I see the boarding gate on screen?", memories) == "24 November 2026"


_VIEWED = ("[2025-03-10] Viewed “{0}” in {1} at 09:00 UTC on 10 March 2025. — {1} / {2}")
_RECEIPT = _VIEWED.format("ALDI SÜD", "Kassenbon", "ALDI SÜD / Filiale 0423 Hamburg / "
                          "Kaffee 6,99 / Milch 1,19 / SUMME EUR 10,67")
_CALENDAR = _VIEWED.format("Kalender - März 2025", "Kalender", "Kalender - März 2025 / "
                           "Termin beim Zahnarzt Dr. Weber, Do 14:30 / Praxis: Lindenstraße 12")
_CITA = _VIEWED.format("Cita con el médico", "Calendario",
                       "Cita con el médico / Viernes 21 de marzo, 10:45 / Centro de Salud Goya")


@pytest.mark.parametrize(("question", "expected"), [
    # a German compound of two words the screen has, a linking "s" between them
    ("Wann ist der Zahnarzttermin?", "Termin beim Zahnarzt Dr. Weber, Do 14:30"),
    # words of one meaning in another language: a receipt's "Kaffee", "SUMME"
    ("How much did the coffee cost?", "Kaffee 6,99"),
    ("How much did I spend on groceries at Aldi?", "SUMME EUR 10,67"),
    # the receipt's "ALDI" is the question's "Aldi": the line that answers, not the name
    ("What was the total at Aldi?", "SUMME EUR 10,67"),
    # a French hour, and a Spanish appointment asked in English
    ("When is my doctor's appointment?", "Cita con el médico / Viernes 21 de marzo, 10:45"),
])
def test_screens_in_other_languages_are_answered_by_the_line_that_says_it(
        question: str, expected: str) -> None:
    assert answer(question, [_CALENDAR, _RECEIPT, _CITA]) == expected


def test_the_compound_may_be_on_the_screen_and_its_parts_in_the_question() -> None:
    memories = [_VIEWED.format("Woche 12", "Kalender", "Woche 12 / Vertriebsbesprechung Mi 10:00"),
                _VIEWED.format("Einkauf", "Notizen", "Einkauf / Brot, Milch, Kaffee")]
    assert answer("Wann ist die Besprechung mit dem Vertrieb?", memories) == (
        "Vertriebsbesprechung Mi 10:00")


def test_a_name_in_capitals_is_the_name_but_capitals_alone_make_no_name() -> None:
    carrefour = _VIEWED.format("CARREFOUR MARKET", "Ticket", "CARREFOUR MARKET / Pain 1,20 / "
                               "TOTAL A PAYER 12,40 EUR")
    mercadona = _VIEWED.format("MERCADONA", "Fotos", "MERCADONA / Leche 0,89 / TOTAL 23,15")
    assert answer("How much did I pay at Mercadona?", [carrefour, mercadona]) == "TOTAL 23,15"
    assert answer("Combien ai-je payé chez Carrefour ?", [mercadona, carrefour]) == (
        "TOTAL A PAYER 12,40 EUR")
    # "EUR" on both is no name: the question names none, the better line answers
    assert answer("What was the total?", [carrefour]) == "TOTAL A PAYER 12,40 EUR"


@pytest.mark.parametrize(("question", "expected"), [
    # the line that says the hour, not the one that only names what is asked about
    ("When does boarding start for flight IB 3171?",
     "FLIGHT IB 3171 / BOARDING 07:35"),
    ("What seat do I have on flight IB 3171?", "FLIGHT IB 3171 / SEAT 14C"),
])
def test_a_boarding_pass_is_answered_by_its_lines(question: str, expected: str) -> None:
    boarding = _VIEWED.format("BOARDING PASS", "Wallet", "BOARDING PASS / PASSENGER MORENO/LUCIA"
                              " / FLIGHT IB 3171 / FROM MADRID / TO PARIS ORLY / GATE K42 / "
                              "SEAT 14C / BOARDING 07:35")
    assert answer(question, [boarding]) == expected


def test_lines_that_match_only_part_of_what_a_better_line_does_are_left_out() -> None:
    memories = [_VIEWED.format("Apple ID", "iCloud", "Apple ID / lucia.moreno@icloud.com / "
                               "iCloud Storage: 47.3 GB of 200 GB used / Photos 31.2 GB")]
    assert answer("How much iCloud storage is used?", memories) == (
        "ICloud Storage: 47.3 GB of 200 GB used")
    notes = ["Kyoto [document]: Trip to Kyoto. content: # Trip to Kyoto / ## Hotel / - Name: "
             "Gion Hatanaka / - Check-in: 15:00 / ## Flights / - Outbound: JL 407 on 2 April"]
    assert answer("Which flight do I take to Kyoto?", notes) == (
        "Flights / Outbound: JL 407 on 2 April")


def test_a_german_date_in_brackets_ends_no_sentence() -> None:
    memories = ["[2025-06-30] The user said: Der Mietvertrag läuft am 30. Juni (30. Juni 2025) "
                "aus. Die Hausverwaltung erreicht man unter hv@example.de."]
    assert answer("Wann läuft der Mietvertrag aus?", memories) == (
        "Du hast gesagt: Der Mietvertrag läuft am 30. Juni (30. Juni 2025) aus.")


@pytest.mark.parametrize(("question", "memories", "expected"), [
    # a replaced fact is told in the past, to the day it ended
    ("What did my mum do?", ["The user's mum is retired (since 2025-05-01).",
                             "The user's mum is a teacher (until 2025-05-01)."],
     "Your mum was a teacher until 1 May 2025."),
    ("Where did I work before?", ["The user works at Shopify (until 2025-06-03)."],
     "You worked at Shopify until 3 June 2025."),
    # a list asked for is every current value of the slot, in the words of one
    ("What are my hobbies?", ["The user's hobbies include pottery. The user's hobbies include "
                              "climbing."], "Your hobbies include pottery and climbing."),
    ("Which sports do I play?", ["The user plays golf.", "The user plays squash.",
                                 "[2025-06-10] The user gave up squash."], "You play golf."),
    # a later statement of the opposite wins, either way round
    ("Do I have a pet?", ["[2024-01-10] The user doesn't have any pets.",
                          "[2025-06-10] The user adopted a rescue dog called Bruno."],
     "You adopted a rescue dog called Bruno."),
    ("Do I have a pet?", ["[2024-01-10] The user has a cat called Misty.",
                          "[2025-06-10] The user doesn't have any pets now."],
     "You don't have any pets now."),
    # an answer with its own hour is said to the user too
    ("What time do I wake up?", ["The user wakes up at 8:00 (since 2025-06-10)."],
     "You wake up at 8:00."),
    # verb forms of one stem, phrases of one meaning
    ("¿Qué estudio?", ["El usuario estudia medicina.", "[2024-01-10] The user said: Estudio "
                       "medicina."], "Estudias medicina."),
    ("What do I do for a living?", ["The user works as a barista.",
                                    "The user lives in Leeds."], "You work as a barista."),
])
def test_answers_of_lists_past_jobs_opposites_and_verb_forms(question: str,
                                                             memories: list[str],
                                                             expected: str) -> None:
    assert answer(question, memories) == expected


def test_a_line_of_the_users_message_is_said_as_theirs() -> None:
    """The message under an event's summary speaks as the user: the answer quotes it as what
    they said, not as its own words ("My flatmate Kez …")."""
    memory = ("[2025-01-20] The user said: Work at the hospital was crazy. — user: ugh long day. "
              "work at the hospital was crazy. anyway my flatmate Kez keeps eating my food")
    assert answer("Who is Kez?", [memory]) == "You said: my flatmate Kez keeps eating my food"


def test_a_message_quoted_twice_is_framed_once() -> None:
    """The same message under a fact and as an event is said once as the user's."""
    memories = ["Thomas est le mari de l'utilisateur. (user: Mon mari s'appelle Thomas, il est "
                "architecte.)", "[2025-02-01] The user said: Mon mari s'appelle Thomas, il est "
                "architecte."]
    reply = answer("Thomas travaille-t-il encore ?", memories)
    assert "user" not in reply and reply.count(":") <= 1, reply
