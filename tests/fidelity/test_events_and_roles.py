"""What happened to something, when a thing recurs, and who holds a role for the user now.

"What happened to my phone?" is answered by the event done to it ("broke", "was stolen"), not by
the phone that replaced it; "on Tuesday evenings" is every Tuesday, not one; a household's role
("our landlady", "unser Vermieter", "notre propriétaire", "nuestro casero") is the user's, and a
new one replaces it, the old one kept for "Who was … before?"; a verb's irregular past answers
its present ("Where did I meet Raj?" of "I met my husband Raj at a salsa class"); what one
ate is food ("What did I eat in Tokyo?": the sushi), and ramen is no RAM.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-03-03T19:00:00+00:00", "2025-05-10T19:00:00+00:00"
PEOPLE = {
    "amara": ((BEFORE, ["I met my husband Raj at a salsa class in 2015.",
                        "My phone broke last week.", "My piano lessons are on Tuesday evenings.",
                        "Our landlady is Mrs Brown.", "My favourite singer is Adele."]),
              (LATER, ["Got a new phone, a Pixel 9.", "We got a new landlady, Ms Diaz.",
                       "I'm more into Dua Lipa nowadays than Adele."])),
    "ben": ((BEFORE, ["We bought our house in 2019.", "Our car was stolen in January.",
                      "Our vet is Dr Hall.",
                      "I finished the Berlin marathon in 4 hours 10 minutes."]),
            (LATER, ["We switched vets, we go to Dr Singh now.", "I live in Hamburg now."])),
    "dora": ((BEFORE, ["Mein Fahrrad wurde gestern gestohlen.", "Unser Vermieter heißt Herr Kaya.",
                       "Meine Zahnärztin ist Dr. Keller."]),
             (LATER, ["Ich habe ein neues Fahrrad gekauft, ein Gazelle.",
                      "Wir haben einen neuen Vermieter, Frau Lenz."])),
    "fleur": ((BEFORE, ["On m'a volé mon vélo hier devant la gare.",
                        "Notre propriétaire s'appelle M. Girard.",
                        "Mon médecin est le docteur Moreau."]),
              (LATER, ["J'ai acheté un nouveau vélo.",
                       "Nous avons une nouvelle propriétaire, Mme Roux.",
                       "Mon nouveau médecin est le docteur Lefèvre."])),
    "sol": ((BEFORE, ["Me robaron la bici ayer en la estación.",
                      "Nuestro casero se llama Don Luis.", "Mi dentista es la doctora Ruiz."]),
            (LATER, ["Me compré una bici nueva.", "Tenemos una casera nueva, Doña Carmen."])),
    "emma": ((BEFORE, ["My best friend is Chloe, we met at uni in Bristol.",
                       "My bike got stolen yesterday outside the station.",
                       "Our landlord is called Mr Jenkins."]),
             (LATER, ["Got a new bike, a green Brompton.",
                      "We have a new landlord, Ms Okafor, since the flat was sold.",
                      "Honestly I'm more into Arctic Monkeys these days than Coldplay."])),
    "nia": ((BEFORE, ["My husband is called Rhys and our daughter is Elin."]),),
    "tom": ((BEFORE, ["I'm flying to Tokyo next week.", "My laptop has 16 GB of RAM."]),
            (LATER, ["Just got back from Tokyo, the sushi at Tsukiji was unreal.",
                     "Had ramen with Jun at Ippudo tonight."])),
}

QUESTIONS = [
    ("amara", "Where did I meet Raj?", "salsa class", []),
    ("amara", "What happened to my phone?", "broke", []),
    ("amara", "What phone do I have?", "Pixel 9", []),
    ("amara", "When are my piano lessons?", "Tuesday evenings", []),
    ("amara", "Who is our landlady?", "Diaz", ["Brown"]),
    ("amara", "Who was our landlady before?", "Brown", ["Diaz"]),
    ("amara", "Who is my favourite singer?", "Dua Lipa", []),
    ("ben", "When did we buy our house?", "2019", []),
    ("ben", "What happened to our car?", "stolen", []),
    ("ben", "Who is our vet?", "Singh", ["Hall"]),
    ("ben", "Who was our vet before?", "Hall", ["Singh"]),
    ("ben", "How long did the Berlin marathon take me?", "4 hours 10 minutes", []),
    ("dora", "Was ist mit meinem Fahrrad passiert?", "gestohlen", []),
    ("dora", "Wer ist unser Vermieter?", "Lenz", ["Kaya"]),
    ("dora", "Wer war vorher unser Vermieter?", "Kaya", ["Lenz"]),
    ("dora", "Wer ist meine Zahnärztin?", "Keller", []),
    ("fleur", "Qu'est-il arrivé à mon vélo ?", "volé", []),
    ("fleur", "Qui est notre propriétaire ?", "Roux", ["Girard"]),
    ("fleur", "Qui est mon médecin ?", "Lefèvre", ["Moreau"]),
    ("sol", "¿Qué le pasó a mi bici?", "robaron", []),
    ("sol", "¿Quién es nuestro casero?", "Carmen", ["Luis"]),
    ("sol", "¿Quién es mi dentista?", "Ruiz", []),
    ("emma", "Where did I meet Chloe?", "Bristol", []),
    ("emma", "What happened to my bike?", "stolen", ["Brompton"]),
    ("emma", "What bike do I have now?", "Brompton", []),
    ("emma", "Who was our landlord before?", "Jenkins", ["Okafor"]),
    ("emma", "What's my favourite band?", "Arctic Monkeys", []),
    ("nia", "Who's Elin?", "daughter is Elin", [" our daughter"]),
    ("tom", "What did I eat in Tokyo?", "sushi", []),
    ("tom", "Who did I have ramen with?", "Jun", ["laptop"]),
    ("tom", "How much memory does my laptop have?", "16 GB", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("events_roles"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_events_and_roles_come_back(memory: MemorySystem, user: str, question: str, says: str,
                                    not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


def test_a_verb_opening_a_message_is_no_one(memory: MemorySystem) -> None:
    """"Got a new bike, a green Brompton" names no one called Got."""
    names = {item.name for item in memory.list("semantic", user_id="emma")}
    assert not {"Got", "Honestly"} & names, names
