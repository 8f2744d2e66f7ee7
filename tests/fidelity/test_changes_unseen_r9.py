"""Knowledge that changes, ninth round of wordings the rules were not written for: a daily
drink given up by name or by its caffeine ("I've cut out caffeine", "no more coffee for me",
"Ich habe mit dem Kaffee aufgehört", "J'ai arrêté le café", "He dejado el café"); a body
weight that went down, told without "weigh" ("Down to 76 kg!", "I've lost 6 kg, now 76",
"Jetzt nur noch 76 kg", "He bajado a 76 kg", "我瘦到76公斤了"); being "now with" a company or
a person ("I'm now with Globex", "I'm now with Initech GmbH", "I'm now with Sam"); the last
day at one employer and the next in the same sentence ("My last day at Acme was Friday,
Globex from next week!", in German, French and Spanish too); a partner one married, told
with the partner first or not named ("Andrés y yo nos casamos", "¡Nos hemos casado!", "André
et moi, on s'est mariés", "Jonas und ich haben geheiratet"); someone's job asked when only
other things were told of them; and plans asked for by "next" ("What am I doing next?", "Was
mache ich als Nächstes?", "¿Cuál es mi próximo viaje?"): the nearest from the time asked.

Each user says the first session, then the later one. Every question must carry what holds,
must not carry what it lists, must be one sentence and must not show how memories are
rendered; a question answered as ended must say it ended, in one of the ways listed. A
question the rules cannot answer yet carries why.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from support.told import asked_by, says_any, told_all

from mirix_like import MemorySystem

FIRST, LATER = "2025-01-07T09:00:00+00:00", "2025-05-06T19:00:00+00:00"
PLANS = "2025-03-03T09:00:00+00:00"
JUST_NOW = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
"""Plans told an hour before they are asked of, so "next" is from the time asked."""
PEOPLE = {
    # a daily drink given up
    "cass": ((FIRST, ["I drink two coffees a day."]), (LATER, ["I've cut out caffeine."])),
    "dina": ((FIRST, ["I have three coffees a day."]), (LATER, ["no more coffee for me"])),
    "ezra": ((FIRST, ["I drink two cups of tea every morning."]),
             (LATER, ["Finally off caffeine!"])),
    "gero": ((FIRST, ["Ich trinke zwei Kaffee am Tag."]),
             (LATER, ["Ich habe mit dem Kaffee aufgehört."])),
    "hugo": ((FIRST, ["Je bois deux cafés par jour."]), (LATER, ["J'ai arrêté le café."])),
    "inma": ((FIRST, ["Tomo dos cafés al día."]), (LATER, ["He dejado el café."])),
    "jia": ((FIRST, ["I drink two coffees a day."]), (LATER, ["我戒咖啡了。"])),
    # a weight that went down, told without "weigh"
    "kent": ((FIRST, ["I weigh 82 kg."]), (LATER, ["Down to 76 kg!"])),
    "lola": ((FIRST, ["I weigh 82 kg."]), (LATER, ["I've lost 6 kg, now 76."])),
    "mats": ((FIRST, ["Ich wiege 82 kg."]), (LATER, ["Jetzt nur noch 76 kg!"])),
    "noe": ((FIRST, ["Je pèse 82 kg."]), (LATER, ["Je pèse maintenant 76 kg."])),
    "olga": ((FIRST, ["Peso 82 kg."]), (LATER, ["He bajado a 76 kg."])),
    "ping": ((FIRST, ["我体重82公斤。"]), (LATER, ["我瘦到76公斤了！"])),
    "quin": ((FIRST, ["I weigh 82 kg."]), (LATER, ["My weight is now 79 kg."])),
    # "now with" a company or a person
    "rhea": ((FIRST, ["I work at Acme."]), (LATER, ["I'm now with Globex."])),
    "saul": ((FIRST, ["I work at Acme."]), (LATER, ["I'm now with Initech GmbH."])),
    "tara": ((FIRST, ["I work at Acme."]), (LATER, ["I'm with Google now."])),
    "umar": ((FIRST, ["My girlfriend is Lena."]), (LATER, ["I'm now with Sam."])),
    "vera": ((FIRST, ["I work at Acme."]), (LATER, ["I'm now with Hooli, as a designer."])),
    # the last day at one employer, the next in the same sentence
    "wade": ((FIRST, ["I work at Acme."]),
             (LATER, ["My last day at Acme was Friday, Globex from next week!"])),
    "xena": ((FIRST, ["Ich arbeite bei Acme."]),
             (LATER, ["Mein letzter Tag bei Acme war Freitag, ab nächster Woche Globex!"])),
    "yves": ((FIRST, ["Je travaille chez Acme."]),
             (LATER, ["Mon dernier jour chez Acme était vendredi, Globex dès lundi !"])),
    "zulema": ((FIRST, ["Trabajo en Acme."]),
               (LATER, ["Mi último día en Acme fue el viernes, ¡Globex desde la semana que "
                        "viene!"])),
    "abel": ((FIRST, ["I work at Acme."]),
             (LATER, ["My last day at Acme was Friday, so sad."])),
    # a partner one married
    "bea": ((FIRST, ["Mi pareja se llama Andrés."]), (LATER, ["¡Andrés y yo nos casamos!"])),
    "caro": ((FIRST, ["Mi pareja se llama Andrés."]), (LATER, ["¡Nos hemos casado!"])),
    "dora": ((FIRST, ["Mon compagnon s'appelle André."]),
             (LATER, ["André et moi, on s'est mariés !"])),
    "elke": ((FIRST, ["Mein Partner heißt Jonas."]), (LATER, ["Jonas und ich haben geheiratet!"])),
    "fabi": ((FIRST, ["Mi pareja se llama Andrés."]), (LATER, ["Me casé con Andrés."])),
    # someone's job, never told
    "gus": ((FIRST, ["My friend Sara lives in Leeds.", "Tom and Sara split up."]),),
    "hana": ((FIRST, ["My friend Sara lives in Leeds.", "Sara is a nurse at St Mary's."]),),
    "ivo": ((FIRST, ["Mon amie Sara habite à Lyon.", "Sara et Tom se sont séparés."]),),
    "jose": ((FIRST, ["Mi amiga Sara vive en Sevilla.", "Sara y Tom se separaron."]),),
    # plans asked for by "next"
    "kai": ((PLANS, ["I'm flying to Oslo on Friday. After that, a conference in Lyon in May."]),),
    "liv": ((PLANS, ["Am Freitag fliege ich nach Oslo. Danach im Mai eine Konferenz in Lyon."]),),
    "mae": ((JUST_NOW, ["Next year I have a conference in Lyon.",
                        "I'm flying to Oslo tomorrow."]),),
    "nils": ((JUST_NOW, ["Morgen fliege ich nach Oslo.",
                         "Nächstes Jahr habe ich eine Konferenz in Lyon."]),),
    "odile": ((JUST_NOW, ["L'année prochaine, j'ai une conférence à Lyon.",
                          "Demain, je prends l'avion pour Oslo."]),),
    "paco": ((JUST_NOW, ["Mañana vuelo a Oslo.", "El próximo año tengo un congreso en Lyon."]),),
    "qing": ((JUST_NOW, ["明年我在里昂有个会议。", "明天我飞奥斯陆。"]),),
}
ENDED = ("no longer", "not any more", "anymore", "any more", "cut out", "gave up", "given up",
         "stopped", "quit", "off caffeine", "until", "no more", "nicht mehr", "aufgehört",
         "arrêté", "plus", "ya no", "dejado", "戒")
"""Ways an answer may say a daily drink ended."""
UNKNOWN = ("don't have", "nicht in meinem", "pas cette", "no tengo")
"""Ways an answer says it was not told."""
NOT_YET_NEXT = ("the offline answerer is given neither the time of asking nor that of the "
                "latest input, so it cannot order plans by which comes next; 'After that, a "
                "conference in Lyon in May' is not kept as an event of its own")
# (user, question, what the answer must say (a tuple: one of them), what it must not say[, why
# not yet])
QUESTIONS = [
    ("cass", "Do I drink coffee?", ENDED, []),
    ("cass", "Do I still drink coffee?", ENDED, []),
    ("dina", "Do I drink coffee?", ENDED, []),
    ("dina", "How many coffees do I drink a day?", ENDED, []),
    ("ezra", "Do I drink tea?", ENDED, []),
    ("gero", "Trinke ich Kaffee?", ENDED, []),
    ("hugo", "Est-ce que je bois du café ?", ENDED, ["Tu as dit : Je bois"]),
    ("inma", "¿Tomo café?", ENDED, ["Tu as dit"]),
    ("inma", "¿Todavía tomo café?", ENDED, ["Tu as dit"]),
    ("jia", "Do I drink coffee?", ENDED, ["two coffees a day."]),
    ("kent", "How much do I weigh?", "76", ["82"]),
    ("kent", "What's my weight?", "76", ["82"]),
    ("lola", "How much do I weigh?", "76", ["82"]),
    ("mats", "Wie viel wiege ich?", "76", ["82"]),
    ("noe", "Combien je pèse ?", "76", ["82"]),
    ("olga", "¿Cuánto peso?", "76", ["82"]),
    ("ping", "我体重多少？", "76", ["82"]),
    ("quin", "How much do I weigh?", "79", ["82"]),
    ("rhea", "Where do I work?", "Globex", ["Acme"]),
    ("rhea", "Who is my partner?", UNKNOWN, ["Globex"]),
    ("saul", "Where do I work?", "Initech", ["Acme"]),
    ("tara", "Where do I work?", "Google", ["Acme"]),
    ("umar", "Who is my partner?", "Sam", ["Lena"]),
    ("umar", "Where do I work?", UNKNOWN, ["Sam"]),
    ("vera", "Where do I work?", "Hooli", ["Acme"]),
    ("wade", "Where do I work?", "Globex", ["Acme"]),
    ("wade", "Do I still work at Acme?", "Globex", []),
    ("xena", "Wo arbeite ich?", "Globex", ["Acme"]),
    ("yves", "Où est-ce que je travaille ?", "Globex", ["Acme"]),
    ("zulema", "¿Dónde trabajo?", "Globex", ["Acme"]),
    ("abel", "Where do I work?", ("worked", "don't have"), ["You work at Acme"]),
    ("bea", "¿Cómo se llama mi marido?", "Andrés", ["pareja"]),
    ("bea", "¿Cómo se llama mi esposo?", "Andrés", ["pareja"]),
    ("bea", "¿Quién es Andrés?", ("casad", "esposo", "cónyuge", "marido"), ["pareja"]),
    ("caro", "¿Quién es Andrés?", ("casad", "esposo", "cónyuge", "marido"), ["pareja"]),
    ("dora", "Qui est André ?", ("marié", "mari", "époux", "conjoint"), ["compagnon"]),
    ("elke", "Wer ist Jonas?", ("verheiratet", "Ehepartner", "Ehemann"), ["Partner des"]),
    ("fabi", "¿Cómo se llama mi marido?", "Andrés", ["pareja"]),
    ("gus", "What's Sara's job?", UNKNOWN, ["split", "Leeds"]),
    ("gus", "What does Sara do for a living?", UNKNOWN, ["split", "Leeds"]),
    ("hana", "What's Sara's job?", "nurse", ["Leeds"]),
    ("ivo", "Quel est le métier de Sara ?", UNKNOWN, ["séparés", "Lyon"]),
    ("jose", "¿En qué trabaja Sara?", UNKNOWN, ["separaron", "Sevilla"]),
    ("kai", "What am I doing next?", "Oslo", ["Lyon"], NOT_YET_NEXT),
    ("kai", "What's my next trip?", "Oslo", ["Lyon"], NOT_YET_NEXT),
    ("kai", "Where am I going after Oslo?", "Lyon", [], NOT_YET_NEXT),
    ("liv", "Was mache ich als Nächstes?", "Oslo", ["Lyon"], NOT_YET_NEXT),
    ("mae", "What am I doing next?", "Oslo", ["Lyon"]),
    ("mae", "What's my next trip?", "Oslo", ["Lyon"]),
    ("mae", "What's coming up next?", "Oslo", ["Lyon"]),
    ("mae", "Where is my conference next year?", "Lyon", []),
    ("nils", "Was mache ich als Nächstes?", "Oslo", ["Lyon"]),
    ("odile", "Qu'est-ce que je fais ensuite ?", "Oslo", ["Lyon"]),
    ("odile", "Quel est mon prochain voyage ?", "Oslo", ["Lyon"]),
    ("paco", "¿Cuál es mi próximo viaje?", "Oslo", ["Lyon"]),
    ("qing", "我接下来做什么？", "奥斯陆", ["里昂"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("changes_r9"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_what_changed_comes_back_current(memory: MemorySystem, user: str, question: str,
                                         says: str | tuple[str, ...], not_said: list[str]
                                         ) -> None:
    says_any(memory.chat(question, user_id=user).answer, says, not_said)
