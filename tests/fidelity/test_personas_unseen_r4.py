"""Personas told across sessions in everyday wordings none of the rules were written from,
asked back offline: a move and a new job in Spanish, German and French; codes changed; a
car sold by its make alone ("Sold the Honda last week"); children named in passing as a list
("with my husband Tom and our two kids, Ella and Sam") in four languages; a French question
asked with "est-ce que" or an inverted verb ("Où travaille-t-il ?"); a plan that changed
("we're going to Norway instead of Iceland") and a short reply to the assistant's question
("What's your budget, roughly?" "about 3000 euros for both of us")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import RENDERING, asked_by, says_only, told_all

from mirix_like import MemorySystem

FIRST, LATER = "2025-01-05T09:00:00+00:00", "2025-06-05T09:00:00+00:00"
PEOPLE = {
    "lucia": ((FIRST, ["Hola, soy Lucía. Vivo en Valencia con mi marido Andrés y nuestros dos "
                       "hijos, Pablo y Marta.", "Trabajo como enfermera en el Hospital La Fe.",
                       "Mi madre se llama Rosa y vive en Sevilla."]),
              (LATER, ["Nos hemos mudado a Madrid por el trabajo de Andrés.",
                       "Ahora trabajo en el Hospital Gregorio Marañón."])),
    "jonas": ((FIRST, ["Ich heiße Jonas und wohne in Hamburg.",
                       "Ich arbeite als Elektriker bei den Stadtwerken.",
                       "Die PIN für mein Fahrradschloss ist 5520."]),
              (LATER, ["Lea und ich sind nach Lübeck gezogen.",
                       "Ich habe die Stelle gewechselt und arbeite jetzt bei Dräger."])),
    "claire": ((FIRST, ["Bonjour ! Je m'appelle Claire, j'habite à Lyon et je suis architecte.",
                        "Le code de la porte de l'immeuble est 41B27."]),
               (LATER, ["J'ai déménagé à Grenoble le mois dernier.",
                        "Le nouveau code de la porte est 90C13.",
                        "Ma sœur Julie travaille chez Airbus à Toulouse."])),
    "kenji": ((FIRST, ["I drive a Honda Fit, mostly to the pharmacy."]),
              (LATER, ["Sold the Honda last week, in Kyoto I just bike everywhere."])),
    "sue": ((FIRST, ["I live in Leeds with my husband Tom and our two kids, Ella and Sam."]),
            (LATER, ["We moved to York last month."])),
    "jan": ((FIRST, ["Ich wohne mit meiner Frau Anna und unseren beiden Kindern, Paul und Mia, "
                     "in Köln."]),
            (LATER, ["Wir sind nach Bonn umgezogen."])),
    "eve": ((FIRST, ["J'habite à Lyon avec mon mari Paul et nos deux enfants, Léa et Hugo."]),
            (LATER, ["Nous avons déménagé à Annecy."])),
    "omar": ((FIRST, ["We have two cats, Pixel and Byte."]), (LATER, ["I love my cats."])),
    # a list of notes to self, one "- label: value" a line
    "raj": ((FIRST, ["Notes to self:\n- dentist: Dr. Okafor, Mondays only\n- gym: PureGym "
                     "Camden\n- car: Skoda Octavia (reg LX21 ABC)"]),
            (LATER, ["Personal update: I've joined Wise as a Staff Data Engineer."])),
    "tom": ((FIRST, ["My girlfriend is called Kate."]),
            (LATER, ["Kate and I got married last Saturday!"])),
    "wei": ((FIRST, ["我女朋友叫李静，她是老师。"]), (LATER, ["李静和我结婚了！"])),
    "aiko": ((FIRST, ["Hi! I'm Aiko. I live in Osaka and work as a pharmacist.",
                      "My dog is called Mochi, a shiba inu.",
                      "My favourite drink is a matcha latte."]),
             (LATER, ["Big news: we've relocated to Kyoto!", "These days I prefer hojicha over "
                      "matcha.", "Sold the Honda last week, in Kyoto I just bike everywhere."])),
    "nina": ((FIRST, ["My partner Sam is a nurse at St Thomas'.",
                      "I'm learning Portuguese because Sam's family is from Porto.",
                      "We got a cat! Her name is Pickle.", "I drink coffee every morning."]),
             (LATER, ["Sam now works at King's College Hospital.",
                      "I've given up on Portuguese, learning Italian now.",
                      "Sadly Pickle ran away last week.",
                      "I no longer drink coffee, switched to green tea."])),
    # typed the way people text
    "leo": ((FIRST, ["hey so quick intro lol - im leo, 27, i live in glasgow w my gf hannah 😊 "
                     "i work in IT support at a bank, kinda boring but pays the bills. oh and im "
                     "allergic to cats which sucks bc hannah loves them"]),
            (LATER, ["update!! hannah and i moved to edinburgh last weekend, new flat is "
                     "amazing. rent is 1100 now tho",
                     "also started a new job as a junior devops engineer at skyscanner 🎉"])),
    "ana": ((FIRST, ["We have a dog called Rufus and a cat called Misha."]),
            (LATER, ["We adopted a second cat, her name is Luna."])),
    "marc": ((FIRST, ["J'ai deux enfants : Léo, 8 ans, et Jade, 5 ans."]),
             (LATER, ["Léo a eu 9 ans hier !"])),
    "bea": ((FIRST, ["I play tennis on Tuesdays and swim on Fridays."]),
            (LATER, ["I'm training for a 10k."])),
    "felix": ((FIRST, ["Meine Frau heißt Julia und ist Ärztin."]),
              (LATER, ["Julia arbeitet seit Mai in der Uniklinik."])),
}

QUESTIONS = [
    ("lucia", "¿Dónde vivo?", "Madrid", ["Valencia"]),
    ("lucia", "¿Dónde vivía antes?", "Valencia", []),
    ("lucia", "¿Dónde trabajo?", "Marañón", ["La Fe"]),
    # "¿De qué trabajas?" asks for the job, not the workplace
    ("lucia", "¿De qué trabajo?", "enfermera", []),
    ("lucia", "¿Cómo se llaman mis hijos?", "Pablo y Marta", []),
    ("lucia", "¿Dónde vive mi madre?", "Sevilla", []),
    ("jonas", "Wo wohne ich?", "Lübeck", ["Hamburg"]),
    ("jonas", "Wo arbeite ich?", "Dräger", ["Stadtwerke"]),
    ("jonas", "Was arbeite ich?", "Elektriker", []),
    # a value kept out of chat is said to be in the vault, "mein" told back as "dein"
    ("jonas", "Wie ist die PIN für mein Fahrradschloss?", "für dein Fahrradschloss", ["5520"]),
    ("claire", "Où est-ce que j'habite ?", "Grenoble", ["Lyon"]),
    ("claire", "Où est-ce que je vis ?", "Grenoble", ["Lyon"]),
    ("claire", "Où j'habitais avant ?", "Lyon", []),
    ("claire", "Où travaille-t-elle, Julie ?", "Airbus", []),
    # what the old value was is in the vault: the answer names it, not "the door"
    ("claire", "Quel était l'ancien code de la porte ?", "L'ancien code de la porte", ["41B27"]),
    ("kenji", "Do I have a car?", "until", []),
    ("sue", "What are my kids called?", "Ella and Sam", []),
    ("sue", "What do I work as?", None, ["Ella"]),
    ("sue", "Where do I live?", "York", ["Leeds"]),
    ("jan", "Wie heißen meine Kinder?", "Paul und Mia", []),
    ("jan", "Wo wohne ich?", "Bonn", ["Köln"]),
    ("eve", "Comment s'appellent mes enfants ?", "Léa et Hugo", []),
    ("eve", "Où est-ce que j'habite ?", "Annecy", ["Lyon"]),
    ("omar", "What are my cats called?", "Pixel and Byte", []),
    ("raj", "Who is my dentist?", "Dr. Okafor", []),
    ("raj", "Which gym do I go to?", "PureGym Camden", []),
    ("raj", "What car do I drive?", "Skoda Octavia", []),
    # a title in capitals is the job
    ("raj", "What's my job title?", "Staff Data Engineer", []),
    ("tom", "Am I married?", "married to Kate", []),
    ("tom", "Who is Kate?", "wife", ["girlfriend"]),
    ("wei", "李静是谁？", "结婚", ["女朋友"]),
    ("wei", "我结婚了吗？", "你和李静结婚了", ["我"]),
    # "these days" asks for now, not for a line that says "these days"
    ("aiko", "Remind me where I'm living these days?", "Kyoto", ["Osaka", "hojicha"]),
    ("aiko", "Where'd I move to?", "Kyoto", []),
    # the day of the move, not the day of a later line that names the town
    ("aiko", "When did I move to Kyoto?", "June 2025", ["August"]),
    ("aiko", "What's my pup called?", "Mochi", []),
    # said to the user: "you prefer", never "you prefers"
    ("aiko", "What do I like to drink?", "you prefer hojicha", ["prefers"]),
    # what a message said beside a value that changed still holds
    ("nina", "Where is Sam's family from?", "Porto", []),
    # the partner is no past value when only the partner's job changed
    ("nina", "Who is my partner?", "Sam", []),
    ("nina", "Where am I from?", None, ["Porto"]),
    ("nina", "Which language am I learning?", "Italian", ["Portuguese"]),
    ("nina", "Do I have a cat?", "Pickle was your cat", []),
    ("nina", "Do I drink coffee?", "no longer drink coffee", ["noes"]),
    ("nina", "What do I drink in the morning?", None, ["June", "from what you told me"]),
    ("felix", "Was ist Julia von Beruf?", "Ärztin", []),
    # all of a kind, or how many, told across sessions
    ("ana", "What pets do I have?", "Rufus, Misha and Luna", []),
    ("ana", "How many cats do I have?", "two cats", []),
    ("marc", "Comment s'appellent mes enfants ?", "Léo et Jade", []),
    ("marc", "Combien d'enfants ai-je ?", "deux enfants", []),
    # two habits in one sentence: each is its own, told back in the second person
    ("bea", "When do I play tennis?", "You play tennis on Tuesdays", ["swim"]),
    ("bea", "When do I go swimming?", "Fridays", []),
    ("leo", "Where do I live?", "Edinburgh", ["Glasgow"]),
    ("leo", "Where did I live before?", "Glasgow", []),
    ("leo", "How old am I?", "27", []),
    ("leo", "Who is my girlfriend?", "Hannah", []),
    ("leo", "What's my job?", "junior devops engineer", []),
    # a number the event's summary leaves out is in what the message said
    ("leo", "How much is my rent?", "1100", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("personas_unseen_r4"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_told_facts_come_back_current(memory: MemorySystem, user: str, question: str,
                                      says: str | None, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


CONVERSATION = [
    ("2025-04-01T10:00:00+00:00", [
        ("user", "hey"), ("assistant", "Hi! How can I help today?"),
        ("user", "I need help planning a trip to Iceland in September with my boyfriend Lars"),
        ("assistant", "Sounds great! What's your budget, roughly?"),
        ("user", "about 3000 euros for both of us"),
        ("assistant", "Noted. Where will you fly from?"),
        ("user", "Lisbon, that's where we live")]),
    ("2025-07-30T10:00:00+00:00", [
        ("user", "change of plans, we're going to Norway instead of Iceland"),
        ("assistant", "Okay! Same dates?"), ("user", "yes, still September")]),
]


@pytest.fixture(scope="module")
def planner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path = tmp_path_factory.mktemp("trip_planner")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for at, turns in CONVERSATION:
            system.add([{"role": role, "content": text} for role, text in turns],
                       user_id="ines", occurred_at=at)
            report = system.flush("ines")
            assert report.failed_inputs == [] and report.pending_inputs == []
        yield system


@pytest.mark.parametrize(("question", "says", "not_said"), [
    ("Where am I travelling in September?", "Norway", []),
    # the reply is read with the assistant's question; "both of us" is two people
    ("What's my travel budget?", "3000 euros for two people", ["the user", "others"]),
    ("Where do I live?", "Lisbon", []),
    ("Where was I going to go originally?", "Iceland", []),
])
def test_a_conversation_with_the_assistant_comes_back(planner: MemorySystem, question: str,
                                                      says: str, not_said: list[str]) -> None:
    answer = planner.chat(question, user_id="ines").answer
    says_only(answer, says, not_said)
    assert not RENDERING.search(answer)


def test_a_verb_joined_to_the_speakers_is_theirs_too(memory: MemorySystem) -> None:
    """"I live in Osaka and work as a pharmacist" is kept as "… lives in Osaka and works as a
    pharmacist", not "and work"."""
    hits = memory.search("Osaka pharmacist", user_id="aiko", memory_types=["episodic"])
    summaries = [hit.item.summary for hit in hits]
    assert any("lives in Osaka and works as a pharmacist" in s for s in summaries), summaries
