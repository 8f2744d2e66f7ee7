"""Words a user pastes that someone else wrote, asked back offline: a message forwarded from
a sister ("'Hi! I finally moved to Berlin … Love, Ana'"), an email with its writer's signature
(title, company, phone), a chat log ("Anna: I just got a dog called Bruno\\nMe: nice!!", in
German with "Ich:" and French with "Moi :"), a job ad, words quoted ('My boss said "I'm
leaving the company in May"'), in English, German, French and Spanish. Each user told their
own home and job first: those answers stay theirs, and what the other person wrote is theirs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

FIRST, LATER = "2025-03-01T09:00:00+00:00", "2025-04-01T09:00:00+00:00"
PEOPLE = {
    "mia": ((FIRST, ["Hi, I'm Mia. I live in Leeds and I work as a nurse at St James's "
                     "Hospital.", "My husband is called David."]),
            (LATER, ["Forwarding this from my sister: 'Hi! I finally moved to Berlin and I'm "
                     "working at Zalando now. Love, Ana'"])),
    "raj": ((FIRST, ["I'm Raj, I live in Bristol and I'm a software engineer at Ovo.",
                     "My wife is Priya."]),
            (LATER, ["Can you keep this email for me?\n\nHi Raj,\nthanks for the call, the "
                     "contract is ready, see you Monday.\n\nBest,\nTom Becker\nHead of Sales | "
                     "Acme GmbH\n+49 30 1234567"])),
    "zoe": ((FIRST, ["I'm Zoe. I live in Manchester and work as a teacher.",
                     "My boyfriend is Sam."]),
            (LATER, ["Chat with my friend from today:\nAnna: I just got a dog called Bruno\n"
                     "Me: nice!!\nAnna: and I quit my job at Tesco\nMe: wow, good for you"])),
    "ben": ((FIRST, ["I'm Ben, I live in Leeds and work as an accountant at KPMG."]),
            (LATER, ["Saw this job ad: We are hiring a senior engineer in Munich. You will lead "
                     "our platform team. Apply by June 1."])),
    "kim": ((FIRST, ["I'm Kim, I work as a designer at Figma and live in London.",
                     "My boss is called Mark."]),
            (LATER, ['My boss said "I\'m leaving the company in May".'])),
    "leo": ((FIRST, ["I live in Cardiff and I work at the BBC."]),
            (LATER, ["My brother texted me: \"I just moved to Dublin, I'm a chef at Chapter One "
                     "now\""])),
    "jonas": ((FIRST, ["Ich heiße Jonas, ich wohne in Hamburg und arbeite als Elektriker bei "
                       "den Stadtwerken."]),
              (LATER, ["Nachricht von meiner Schwester: „Hallo! Ich bin endlich nach Berlin "
                       "gezogen und arbeite jetzt bei Zalando. Liebe Grüße, Ana“"])),
    "lena": ((FIRST, ["Ich wohne in Köln und arbeite bei Ford."]),
             (LATER, ["Chat mit meinem Kollegen:\nMarkus: Ich wohne jetzt in München\n"
                      "Ich: cool!\nMarkus: und ich arbeite bei BMW\nIch: Glückwunsch"])),
    "claire": ((FIRST, ["Je m'appelle Claire, j'habite à Lyon et je travaille comme "
                        "architecte."]),
               (LATER, ["Message de ma sœur : « Coucou ! J'ai enfin déménagé à Bordeaux et je "
                        "travaille chez Airbus maintenant. Bisous, Julie »"])),
    "hugo": ((FIRST, ["J'habite à Nantes et je travaille chez Orange."]),
             (LATER, ["Conversation avec mon ami :\nPaul : J'habite à Lille maintenant\n"
                      "Moi : super !"])),
    "amy": ((FIRST, ["I'm Amy, I live in Oxford and work as a librarian at the Bodleian."]),
            (LATER, ["Save this email pls:\nHi Amy, great meeting you at the conference! Let's "
                     "keep in touch.\nCheers,\nSarah Lund\nProduct Manager, Stripe\n"
                     "sarah.lund@stripe.com"])),
    "tim": ((FIRST, ["I live in York and I'm a plumber."]),
            (LATER, ["Got this text from my mum:\nI'm flying to Spain on June 3rd and I've sold "
                     "my car. Call me!"])),
    "eva": ((FIRST, ["I live in Bergen and work at Equinor."]),
            (LATER, ["[10:02] Tom: I live in Oslo now\n[10:03] Me: since when?\n"
                     "[10:05] Tom: since March, I work at DNB"])),
    "ned": ((FIRST, ["I'm Ned, I live in Austin and work as a nurse."]),
            (LATER, ["Interesting article: Acme Corp is moving its headquarters to Denver. The "
                     "CEO said: \"We are hiring 500 engineers there.\""])),
    "pia": ((FIRST, ["I live in Leeds and I'm a teacher."]),
            (LATER, ["My friend Jo wrote: 'I'm a vet in Bath now!' I'm still in Leeds though."])),
    "ole": ((FIRST, ["Ich wohne in Bremen und arbeite bei Airbus."]),
            (LATER, ["Mein Chef hat gesagt: „Ich kündige im Mai und ziehe nach Wien.“"])),
    "sol": ((FIRST, ["Vivo en Madrid y trabajo en Telefónica."]),
            (LATER, ["Chat con mi amiga:\nMarta: Vivo en Bilbao ahora\nYo: ¡qué bien!"])),
    "lucia": ((FIRST, ["Soy Lucía, vivo en Valencia y trabajo como enfermera en el Hospital "
                       "La Fe."]),
              (LATER, ["Te reenvío esto de mi hermano: \"¡Hola! Por fin me mudé a Sevilla y "
                       "ahora trabajo en Iberia. Un abrazo, Diego\""])),
}
QUESTIONS = [
    # forwarded from a sister, signed with her name
    ("mia", "Where do I live?", "Leeds", ["Berlin"]),
    ("mia", "Where do I work?", "St James", ["Zalando"]),
    ("mia", "Where does my sister live?", "Berlin", ["Leeds", "You live"]),
    ("mia", "Where does Ana work?", "Zalando", []),
    ("mia", "What is my sister's name?", "Ana", []),
    # an email and its signature
    ("raj", "What is my job?", "software engineer", ["Head of Sales"]),
    ("raj", "Where do I work?", "Ovo", ["Acme"]),
    ("raj", "Who is Tom Becker?", "Head of Sales", []),
    ("raj", "What is Tom Becker's phone number?", "1234567", []),
    ("raj", "What is my phone number?", None, ["1234567"]),
    # a chat log: the friend's lines are hers, "Me:" lines the user's
    ("zoe", "What is my job?", "teacher", ["Tesco"]),
    ("zoe", "What is Anna's dog called?", "Bruno", []),
    ("zoe", "Do I have a dog?", None, ["Bruno"]),
    ("zoe", "Where do I work?", None, ["Tesco"]),
    # a job ad changes nothing of the user's
    ("ben", "What is my job?", "accountant", ["senior engineer"]),
    ("ben", "Where do I live?", "Leeds", ["Munich"]),
    ("ben", "What was the job ad for?", "senior engineer", []),
    # words quoted: the boss leaves, not the user
    ("kim", "Where do I work?", "Figma", []),
    ("kim", "When is my boss leaving?", "May", []),
    ("kim", "When am I leaving the company?", None, ["May"]),
    ("leo", "Where do I live?", "Cardiff", ["Dublin"]),
    ("leo", "Where do I work?", "BBC", ["Chapter One"]),
    ("leo", "Where does my brother live?", "Dublin", []),
    ("pia", "Where do I live?", "Leeds", []),
    ("pia", "What is my job?", "teacher", ["vet"]),
    ("pia", "What does Jo do?", "vet", []),
    # a signature with an email address, a text from mum, a chat log with its hours
    ("amy", "What is my job?", "librarian", ["Product Manager"]),
    ("amy", "Where do I work?", "Bodleian", ["Stripe"]),
    ("amy", "Who is Sarah Lund?", "Product Manager", []),
    ("amy", "What is Sarah's email?", "sarah.lund@stripe.com", []),
    ("amy", "What is my email?", None, ["stripe"]),
    ("tim", "Where do I live?", "York", []),
    ("tim", "Did I sell my car?", None, ["You sold"]),
    ("tim", "When is my mum flying to Spain?", "June", []),
    ("tim", "When am I flying to Spain?", None, ["June"],
     "a question that names a place ('Spain') is not read as one about the user alone, so "
     "the mum's flight, which says it, answers it"),
    ("eva", "Where do I live?", "Bergen", ["Oslo"]),
    ("eva", "Where do I work?", "Equinor", ["DNB"]),
    ("eva", "Where does Tom live?", "Oslo", []),
    ("eva", "Where does Tom work?", "DNB", []),
    # a news paragraph changes nothing of the user's
    ("ned", "Where do I work?", "nurse", ["Acme", "hiring"]),
    ("ned", "Where do I live?", "Austin", ["Denver"]),
    ("ned", "Where is Acme moving its headquarters?", "Denver", []),
    # German, French, Spanish
    ("ole", "Wo wohne ich?", "Bremen", ["Wien"]),
    ("ole", "Wo arbeite ich?", "Airbus", []),
    ("ole", "Wann kündigt mein Chef?", "Mai", []),
    ("sol", "¿Dónde vivo?", "Madrid", ["Bilbao"]),
    ("sol", "¿Dónde vive Marta?", "Bilbao", []),
    ("jonas", "Wo wohne ich?", "Hamburg", ["Berlin"]),
    ("jonas", "Wo arbeite ich?", "Stadtwerke", ["Zalando"]),
    ("jonas", "Wo wohnt meine Schwester?", "Berlin", ["Hamburg", "Du wohnst"]),
    ("jonas", "Wo arbeitet Ana?", "Zalando", []),
    ("lena", "Wo wohne ich?", "Köln", ["München"]),
    ("lena", "Wo arbeite ich?", "Ford", ["BMW"]),
    ("lena", "Wo wohnt Markus?", "München", []),
    ("claire", "Où est-ce que j'habite ?", "Lyon", ["Bordeaux"]),
    ("claire", "Où habite ma sœur ?", "Bordeaux", ["Lyon", "Tu habites"]),
    ("claire", "Où travaille Julie ?", "Airbus", []),
    ("claire", "Quel est mon métier ?", "architecte", ["Airbus"]),
    ("hugo", "Où est-ce que j'habite ?", "Nantes", ["Lille"]),
    ("hugo", "Où habite Paul ?", "Lille", []),
    ("lucia", "¿Dónde vivo?", "Valencia", ["Sevilla"]),
    ("lucia", "¿Dónde trabajo?", "La Fe", ["Iberia"]),
    ("lucia", "¿Dónde trabaja Diego?", "Iberia", []),
    ("lucia", "¿Dónde vive mi hermano?", "Sevilla", ["Valencia", "Vives"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("pasted")
    with told_all(path, PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_pasted_words_are_their_writers(memory: MemorySystem, user: str, question: str,
                                        says: str | None, not_said: list[str]) -> None:
    """Answers about the user keep their own values; those about the writer say theirs."""
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
