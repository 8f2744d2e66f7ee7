"""Introductions that say a job, an employer and a town in one breath ("I'm Maya Okafor,
software engineer at Shopify, working remotely from Toronto", "ich bin Klaus, 61, Rentner aus
Leipzig", "moi c'est Odile, retraitée de Nantes", "soy Lucía, … soy enfermera en Valencia"),
then a new employer said by an offer taken or a contract signed ("got an offer from Stripe and
accepted it", "Ich habe bei Siemens unterschrieben", "J'ai signé chez Airbus", "Firmé con
Telefónica"), and the town one then works in ("我跳槽到阿里巴巴了，现在在杭州工作", "I joined
Stripe and now work in Dublin": that town is the home when none is known or the one known was
the town of the work left), a break-up ("Marco y yo lo dejamos": "¿Tengo novio?" is answered
by the bond that ended), and the people around the user: a brother "who lives in Leeds" is
his home, not the user's, and two things said of someone in one breath ("wohnt in München und
ist Ärztin") are two facts, so a move leaves the job current. Every fact of the user is a
current core line; a change keeps the old one past, so "before" questions are answered.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, core_holds, says_only, told_all

from mirix_like import MemorySystem

SESSIONS = {
    "maya": [
        ("2025-03-01T09:00:00+00:00", [
            "hey! I'm Maya Okafor, software engineer at Shopify, working remotely from Toronto",
            "Just want you to remember stuff. My partner is Dev, he's a chef."]),
        ("2025-07-14T20:00:00+00:00", [
            "big news, I got an offer from Stripe and accepted it! starting in August"]),
    ],
    "ann": [("2025-03-01T09:00:00+00:00", ["Hi, I'm Ann Price, a retired teacher from Leeds."])],
    "kim": [("2025-03-01T09:00:00+00:00", [
        "I'm Kim, 30, a nurse at St James's Hospital in York.",
        "I have a brother, Tim, who lives in Leeds and works at Asda."]),
            ("2025-06-01T10:00:00+00:00", ["Tim moved to Hull."])],
    "klaus": [
        ("2025-02-10T08:00:00+00:00", ["Hallo, ich bin Klaus, 61, Rentner aus Leipzig.",
                                       "Meine Tochter Jana wohnt in München und ist Ärztin."]),
        ("2025-06-02T08:00:00+00:00", ["Jana ist nach Wien umgezogen."]),
    ],
    "uwe": [
        ("2025-02-10T08:00:00+00:00", ["Ich heiße Uwe, 58, Lehrer aus Kassel."]),
        ("2025-06-02T08:00:00+00:00", ["Ich habe bei Siemens unterschrieben."]),
    ],
    "camille": [
        ("2025-01-15T10:00:00+00:00", ["Salut, moi c'est Camille, je suis prof de maths à Lyon.",
                                       "J'ai un frère, Julien, qui vit à Bordeaux."]),
        ("2025-05-20T10:00:00+00:00", ["J'ai déménagé à Marseille le mois dernier.",
                                       "Julien s'est marié avec Sarah."]),
    ],
    "odile": [("2025-01-15T10:00:00+00:00", ["Bonjour, moi c'est Odile, retraitée de Nantes."])],
    "luc": [
        ("2025-01-15T10:00:00+00:00", ["Je m'appelle Luc, 40 ans, infirmier de Brest."]),
        ("2025-05-20T10:00:00+00:00", ["J'ai signé chez Airbus."]),
    ],
    "lucia": [
        ("2025-02-01T10:00:00+00:00", [
            "Hola, soy Lucía, tengo 27 años y soy enfermera en Valencia.",
            "Mi novio se llama Marco y es italiano."]),
        ("2025-08-01T10:00:00+00:00", ["Me mudé a Madrid por trabajo.", "Marco y yo lo dejamos.",
                                       "Ahora trabajo en el Hospital La Paz."]),
    ],
    "pepe": [("2025-02-01T10:00:00+00:00", ["Soy Pepe, jubilado, de Sevilla."])],
    "pilar": [
        ("2025-02-01T10:00:00+00:00", ["Me llamo Pilar y trabajo como maestra en Zaragoza."]),
        ("2025-08-01T10:00:00+00:00", ["Firmé con Telefónica."]),
    ],
    "chen": [
        ("2025-03-01T10:00:00+00:00", ["你好，我叫陈明，在上海的腾讯做产品经理。"]),
        ("2025-09-01T10:00:00+00:00", ["我跳槽到阿里巴巴了，现在在杭州工作。"]),
    ],
    "hua": [("2025-03-01T10:00:00+00:00", ["我是退休工人，住在成都。"])],
    # a full name, a job and an employer with no verb, and the town
    "ines": [("2025-01-15T10:00:00+00:00", [
        "Salut, moi c'est Inès Martin, ingénieure chez Airbus à Toulouse."])],
    "carlos": [("2025-01-15T10:00:00+00:00", [
        "Hola, soy Carlos Ruiz, ingeniero en Indra, vivo en Madrid."])],
    "jan": [("2025-01-15T10:00:00+00:00", [
        "Hallo, ich bin Jan Weber, Ingenieur bei Bosch in Stuttgart."])],
    # a home of its own, not the town of the work: kept when the work moves (one may commute)
    "li": [
        ("2025-03-01T10:00:00+00:00", ["我叫李娜，住在苏州，在上海的腾讯工作。"]),
        ("2025-09-01T10:00:00+00:00", ["我跳槽到阿里巴巴了，现在在杭州工作。"]),
    ],
    "aidan": [("2025-03-01T10:00:00+00:00", ["I work at Google."]),
              ("2025-09-01T10:00:00+00:00", ["I joined Stripe and now work in Dublin."])],
    "dirk": [("2025-03-01T10:00:00+00:00", ["Ich arbeite bei Bosch."]),
             ("2025-09-01T10:00:00+00:00", [
                 "Ich bin zu SAP gewechselt und arbeite jetzt in Walldorf."])],
    "claire": [("2025-03-01T10:00:00+00:00", ["Je travaille chez Renault."]),
               ("2025-09-01T10:00:00+00:00", [
                   "J'ai rejoint Airbus, je travaille maintenant à Toulouse."])],
    "sara": [("2025-03-01T10:00:00+00:00", ["I'm Sara, retired nurse from Cardiff."])],
    # a start to come, a job got or a contract signed is the new employer too
    "eve": [("2025-03-01T10:00:00+00:00", ["I work at Monzo."]),
            ("2025-06-01T10:00:00+00:00", ["Signed with Stripe today!"])],
    "omar": [("2025-03-01T10:00:00+00:00", ["I work at Monzo."]),
             ("2025-06-01T10:00:00+00:00", ["I got the job at Revolut! Starting in March."])],
    "noah": [("2025-03-01T10:00:00+00:00", ["I work at Spotify."]),
             ("2025-06-01T10:00:00+00:00", ["I'm joining Google next month"])],
    "greta": [("2025-03-01T10:00:00+00:00", ["Ich arbeite bei Bosch."]),
              ("2025-06-01T10:00:00+00:00", ["Ich fange im Mai bei Siemens an."])],
    "marta": [("2025-03-01T10:00:00+00:00", ["Trabajo en Iberdrola."]),
              ("2025-06-01T10:00:00+00:00", ["Empiezo en Telefónica el lunes."])],
    # two things said of a relative in one breath: a move leaves the job current
    "yan": [("2025-03-01T10:00:00+00:00", ["我和李强结婚了。"]),
            ("2025-06-01T10:00:00+00:00", ["我们离婚了。"])],
    "wu": [("2025-03-01T10:00:00+00:00", ["我住在南京。", "我妹妹叫小丽，住在杭州，是护士。"]),
           ("2025-06-01T10:00:00+00:00", ["小丽搬到上海了。"])],
    "lea": [("2025-03-01T10:00:00+00:00", ["Mon copain s'appelle Hugo, il est cuisinier."]),
            ("2025-06-01T10:00:00+00:00", ["Hugo et moi, c'est fini."])],
    "amy": [("2025-03-01T10:00:00+00:00", ["My sister Kate lives in Leeds and is a dentist."]),
            ("2025-06-01T10:00:00+00:00", ["Kate moved to York."])],
    "ben": [("2025-03-01T10:00:00+00:00", ["Mein Bruder Tom wohnt in Bonn und ist Lehrer."]),
            ("2025-06-01T10:00:00+00:00", ["Tom ist nach Köln gezogen."])],
    "zoe": [("2025-03-01T10:00:00+00:00", ["Ma sœur Chloé vit à Lyon et travaille chez Airbus."]),
            ("2025-06-01T10:00:00+00:00", ["Chloé a déménagé à Paris."])],
    "rosa": [("2025-03-01T10:00:00+00:00", [
        "Vivo en Granada.", "Tengo una hermana, Ana, que vive en Bilbao y es médica."]),
             ("2025-06-01T10:00:00+00:00", ["Ana se mudó a Madrid."])],
}

QUESTIONS = [
    ("maya", "What's my name?", "Maya Okafor", []),
    ("maya", "Where do I work?", "Stripe", ["Shopify"]),
    ("maya", "Where did I work before Stripe?", "Shopify", []),
    ("maya", "What's my job?", "software engineer", []),
    ("maya", "Where do I live?", "Toronto", []),
    ("maya", "What does Dev do?", "chef", []),
    ("ann", "Where do I live?", "Leeds", []),
    ("ann", "Am I retired?", "retired", []),
    ("kim", "Where do I live?", "York", ["Leeds"]),
    ("kim", "Where does Tim live?", "Hull", ["Leeds"]),
    ("kim", "Where did Tim live before?", "Leeds", ["Asda"]),
    ("kim", "Where does Tim work?", "Asda", ["Leeds"]),
    ("klaus", "Wo wohne ich?", "Leipzig", ["Wien", "München"]),
    ("klaus", "Wie alt bin ich?", "61", []),
    ("klaus", "Wo wohnt Jana?", "Wien", ["München"]),
    ("klaus", "Was macht Jana beruflich?", "Ärztin", ["Wien"]),
    ("klaus", "Wo hat Jana vorher gewohnt?", "München", ["Ärztin", "Wien"]),
    ("uwe", "Wo wohne ich?", "Kassel", []),
    ("uwe", "Was bin ich von Beruf?", "Lehrer", []),
    ("uwe", "Wo arbeite ich?", "Siemens", []),
    ("camille", "Où est-ce que j'habite ?", "Marseille", ["Lyon"]),
    ("camille", "Où j'habitais avant ?", "Lyon", ["Bordeaux"]),
    ("camille", "Quel est mon métier ?", "prof de maths", []),
    ("camille", "Où vit Julien ?", "Bordeaux", ["Sarah", "User:"]),
    ("camille", "Avec qui Julien s'est marié ?", "Sarah", []),
    ("odile", "Où j'habite ?", "Nantes", []),
    ("luc", "Où j'habite ?", "Brest", []),
    ("luc", "Où est-ce que je travaille ?", "Airbus", []),
    ("luc", "Quel est mon métier ?", "infirmier", []),
    ("lucia", "¿Dónde vivo?", "Madrid", ["Valencia"]),
    ("lucia", "¿Dónde vivía antes?", "Valencia", []),
    ("lucia", "¿Dónde trabajo?", "La Paz", []),
    ("lucia", "¿Tengo novio?", "Marco", []),
    ("lucia", "¿Quién es Marco?", "Marco", []),
    ("pepe", "¿Dónde vivo?", "Sevilla", []),
    ("pilar", "¿Dónde vivo?", "Zaragoza", []),
    ("pilar", "¿Dónde trabajo?", "Telefónica", []),
    ("chen", "我在哪里工作？", "阿里巴巴", ["腾讯"]),
    ("chen", "我以前在哪里工作？", "腾讯", []),
    ("chen", "我住在哪里？", "杭州", []),
    ("ines", "Où est-ce que je travaille ?", "Airbus", []),
    ("ines", "Où j'habite ?", "Toulouse", []),
    ("ines", "Quel est mon métier ?", "ingénieure", []),
    ("carlos", "¿Dónde trabajo?", "Indra", []),
    ("carlos", "¿Dónde vivo?", "Madrid", []),
    ("jan", "Wo arbeite ich?", "Bosch", []),
    ("jan", "Wo wohne ich?", "Stuttgart", []),
    ("jan", "Was bin ich von Beruf?", "Ingenieur", []),
    ("hua", "我住在哪里？", "成都", []),
    ("li", "我住在哪里？", "苏州", ["杭州"]),
    ("li", "我在哪里工作？", "阿里巴巴", []),
    ("aidan", "Where do I live?", "Dublin", []),
    ("aidan", "Where do I work?", "Stripe", ["Google"]),
    ("dirk", "Wo wohne ich?", "Walldorf", []),
    ("dirk", "Wo arbeite ich?", "SAP", ["Bosch"]),
    ("claire", "Où j'habite ?", "Toulouse", []),
    ("claire", "Où est-ce que je travaille ?", "Airbus", ["Renault"]),
    ("sara", "Where do I live?", "Cardiff", []),
    ("sara", "Am I retired?", "retired", []),
    ("eve", "Where do I work?", "Stripe", ["Monzo"]),
    ("omar", "Where do I work?", "Revolut", ["Monzo"]),
    ("lea", "Est-ce que j'ai un copain ?", "Hugo", []),
    ("lea", "Que fait Hugo ?", "cuisinier", []),
    ("yan", "我结婚了吗？", "离婚", ["等人"]),
    ("wu", "我住在哪里？", "南京", ["杭州", "上海"]),
    ("wu", "小丽住在哪里？", "上海", ["杭州"]),
    ("wu", "小丽以前住在哪里？", "杭州", []),
    ("wu", "小丽做什么工作？", "护士", []),
    ("yan", "李强是谁？", "李强", []),
    ("noah", "Where do I work?", "Google", ["Spotify"]),
    ("noah", "Where did I work before?", "Spotify", []),
    ("greta", "Wo arbeite ich?", "Siemens", ["Bosch"]),
    ("greta", "Wo habe ich vorher gearbeitet?", "Bosch", []),
    ("marta", "¿Dónde trabajo?", "Telefónica", ["Iberdrola"]),
    ("marta", "¿Dónde trabajaba antes?", "Iberdrola", []),
    ("amy", "What does Kate do?", "dentist", ["York", "Leeds"]),
    ("amy", "Where does Kate live?", "York", ["Leeds"]),
    ("amy", "Where did Kate live before?", "Leeds", ["dentist"]),
    ("ben", "Was macht Tom beruflich?", "Lehrer", ["Köln", "Bonn"]),
    ("ben", "Wo hat Tom vorher gewohnt?", "Bonn", ["Lehrer"]),
    ("zoe", "Où travaille Chloé ?", "Airbus", ["Paris", "Lyon"]),
    ("zoe", "Où vivait Chloé avant ?", "Lyon", ["Airbus"]),
    ("rosa", "¿Dónde vivo?", "Granada", ["Bilbao", "Madrid"]),
    ("rosa", "¿Dónde vive Ana?", "Madrid", ["Bilbao"]),
    ("rosa", "¿A qué se dedica Ana?", "médica", ["Madrid"]),
    ("rosa", "¿Dónde vivía Ana antes?", "Bilbao", ["médica"]),
]

# (user, what the human block now says, what it no longer says, what a past fact keeps)
CORE = [
    ("maya", ["Maya Okafor", "software engineer", "Stripe", "Toronto"], ["Shopify"], ["Shopify"]),
    ("ann", ["Ann Price", "retired", "Leeds"], [], []),
    ("kim", ["Kim", "30", "nurse", "York"], ["Hull"], ["Leeds"]),
    ("klaus", ["Klaus", "61", "Ruhestand", "Leipzig"], ["Jana", "Wien", "München"], []),
    ("uwe", ["Uwe", "58", "Lehrer", "Kassel", "Siemens"], [], []),
    ("camille", ["Camille", "prof de maths", "Marseille"], ["Lyon", "Bordeaux", "Julien"],
     ["Lyon"]),
    ("odile", ["Odile", "retraite", "Nantes"], [], []),
    ("luc", ["Luc", "40", "infirmier", "Brest", "Airbus"], [], []),
    ("lucia", ["Lucía", "27", "enfermera", "Madrid", "La Paz"], ["Marco"], ["Valencia", "Marco"]),
    ("pepe", ["Pepe", "jubilado", "Sevilla"], [], []),
    ("pilar", ["Pilar", "maestra", "Zaragoza", "Telefónica"], [], []),
    ("chen", ["陈明", "产品经理", "阿里巴巴", "杭州"], ["腾讯"], ["腾讯"]),
    ("li", ["李娜", "苏州", "阿里巴巴"], ["腾讯", "杭州"], ["腾讯"]),
    ("hua", ["退休", "成都"], [], []),
    ("ines", ["Inès Martin", "ingénieure", "Airbus", "Toulouse"], [], []),
    ("carlos", ["Carlos Ruiz", "ingeniero", "Indra", "Madrid"], [], []),
    ("jan", ["Jan Weber", "Ingenieur", "Bosch", "Stuttgart"], [], []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("intros_others_r2"), SESSIONS) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_each_fact_is_answered_current_or_as_it_was(memory: MemorySystem, user: str,
                                                     question: str, says: str,
                                                     not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


@pytest.mark.parametrize(("user", "now", "gone", "past"), CORE, ids=[c[0] for c in CORE])
def test_core_holds_each_own_fact_and_keeps_the_old_one_past(
        memory: MemorySystem, user: str, now: list[str], gone: list[str],
        past: list[str]) -> None:
    core_holds(memory, user, now, gone, past)
