"""Facts told the way people chat over several sessions, in wordings written before the rules
were read for them (issue 13), asked back offline.

Each case is its own user: what was said first, what was said later, the question, the value
the answer must carry (None: none) and the value it must not, and for a case the rules do not
read yet, why. Long messages with several facts, other
people's facts beside the user's, corrections, stops, "Do I still …?", "What was my … before?"
and "did I use to", hobbies told by their doer ("a keen gardener"), switches "from X to Y",
ages told beside a name, in English, German, French and Spanish. No answer may show how
memories are rendered (brackets, ISO dates, "(until …)", "the user").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from support.told import told

from mirix_like import MemorySystem

FIRST, LATER = "2025-01-12T10:00:00+00:00", "2025-06-20T18:00:00+00:00"
MARCO = ("ok so quick intro - I'm Marco, 34, living in Turin, working as a chef at a little "
         "trattoria. Big cyclist too.")
JESS = "hiya! im jess, 26, nurse in leeds, big into netball and baking"
CANVA = "I've been a graphic designer at Canva for three years."
CORK = ("So I'm originally from Cork but I've lived in Berlin for six years now, working at a "
        "startup called Klio as a data engineer.")
DERBY = ("I'm a teacher at Oakwood Primary and I live in Derby with my husband Dan, who's a "
         "plumber.")
PRIYA = ("Hey! So a bit about me: I'm Priya, I live in Leeds with my partner, and I work as a "
         "pharmacist at Boots. Weekends I mostly go bouldering.")
CASES = [
    # the known failures of issue 13
    (["Ich male gerne Aquarelle."], [], "Was sind meine Hobbys?", "Aquarelle", None),
    (["I do Brazilian jiu-jitsu."], [], "What sports do I do?", "Brazilian jiu-jitsu", None),
    (["I play the violin."], ["I switched from violin to viola."],
     "Which instrument do I play?", "viola", "violin"),
    (["I'm a keen gardener."], [], "What are my hobbies?", "gardening", None),
    (["I'm Dev, 31."], [], "How old am I?", "31", None),
    (["I'm 31 years old."], ["I turned 32 last week."], "How old am I?", "32", "31"),
    # long chatty messages with several facts in one
    ([PRIYA], [], "Where do I work?", "Boots", None),
    ([PRIYA], [], "What's my job?", "pharmacist", "Boots"),
    ([PRIYA], [], "Where do I live?", "Leeds", None),
    (["Long day. Anyway, I'm a primary school teacher in Cardiff and I've got two kids, Alfie "
      "and Rose."], [], "What do I do for work?", "teacher", None),
    # other people's facts are not the user's
    (["I live in Lisbon.", "My sister just moved to Porto, so I'll visit her a lot."], [],
     "Where do I live?", "Lisbon", "Porto"),
    (["I live in Lisbon.", "My sister just moved to Porto, so I'll visit her a lot."], [],
     "Where does my sister live?", "Porto", None),
    (["I work at Ocado.", "My husband started at Tesco last month."], [], "Where do I work?",
     "Ocado", "Tesco"),
    (["I'm vegetarian.", "My brother went vegan in March, which is wild."], [], "Am I vegan?",
     "vegetarian", None),
    # corrections
    (["My number is 07700 900111."], ["sorry, my number is 07700 900222 not 07700 900111"],
     "What's my phone number?", "07700 900222", "900111"),
    (["I live in Bath."],
     ["Actually, correction: I live in Bristol, not Bath. Bath is where I work."],
     "Where do I live?", "Bristol", None),
    # stops and "Do I still …?"
    (["I play the cello."], ["I don't play the cello anymore, no time."],
     "Do I still play the cello?", "don't play", None),
    (["I go running every morning."], ["I stopped running after my knee injury."],
     "Do I still go running?", "stopped running", "every morning"),
    (["I smoke about five a day."], [], "Do I smoke?", "smoke", None),
    (["I'm not a big coffee drinker, I prefer tea."], [], "Do I prefer tea or coffee?", "tea",
     None),
    # what was before, asked in other words
    (["I work at Lidl."], ["Just started at Aldi, finally out of Lidl!"],
     "Where did I work before Aldi?", "Lidl", None),
    (["I live in Hamburg."], ["We moved to Munich in May."],
     "Which city did I live in previously?", "Hamburg", None),
    (["I play football."], ["Gave up football and took up golf."],
     "Which sport did I use to play?", "football", "golf"),
    (["My favourite band is Blur."], ["These days my favourite band is Wet Leg."],
     "What was my favourite band before?", "Blur", "Wet Leg"),
    (["I drive a Fiat Panda."], ["Sold the Panda, I drive a VW Golf now."],
     "What car did I have before the Golf?", "Panda", None),
    # what is current, asked in other words
    (["I live in Oslo."], ["Moved to Bergen last month!"], "Where am I living these days?",
     "Bergen", "Oslo"),
    (["I work at IKEA."], ["I left IKEA and joined H&M."], "Who's my employer now?", "H&M",
     "IKEA"),
    (["I'm 40."], ["Turned 41 on Sunday!"], "What's my age?", "41", "40"),
    # hobbies by their doer, sports of more than one word, switches from one to another
    (["I'm an avid runner."], [], "What are my hobbies?", "running", None),
    (["I'm a keen baker and a bit of a swimmer."], [], "What hobbies do I have?",
     "baking and swimming", None),
    (["I practise Brazilian jiu-jitsu three times a week."], [], "What sports do I do?",
     "jiu-jitsu", None),
    (["I play the trumpet."], ["I switched from trumpet to trombone this year."],
     "What instrument do I play?", "trombone", "trumpet"),
    (["I do karate."], ["I've moved from karate to kickboxing."], "What martial art do I do?",
     "kickboxing", "karate"),
    (["I go climbing."], ["I switched from climbing to surfing."], "What are my hobbies?",
     "surfing", "climbing"),
    # an age beside a name, a birthday just passed
    (["I'm Sam, 27, and I live in Dundee."], [], "How old am I?", "27", None),
    (["Just turned 30 last week, feeling old!"], [], "How old am I?", "30", None),
    (["I'm 29 years old."], ["I turned 30 yesterday."], "How old was I before?", "29", "30"),
    # German, French, Spanish
    (["Ich wohne in Leipzig."], ["Meine Schwester ist nach Dresden gezogen."], "Wo wohne ich?",
     "Leipzig", "Dresden"),
    (["Ich spiele Geige."], ["Ich bin von Geige auf Bratsche umgestiegen."],
     "Welches Instrument spiele ich?", "Bratsche", "Geige"),
    (["J'habite à Toulouse."], ["Ma sœur habite à Nice."], "Où est-ce que j'habite ?",
     "Toulouse", "Nice"),
    (["Je travaille chez Orange."], ["Je travaille maintenant chez Free."],
     "Où est-ce que je travaillais avant ?", "Orange", None),
    (["Vivo en Sevilla."], ["Mi novio vive en Cádiz."], "¿Dónde vivo?", "Sevilla", "Cádiz"),
    (["Tengo 25 años."], ["Ayer cumplí 26 años."], "¿Cuántos años tengo?", "26", "25"),
    (["Juego al tenis."], ["Ya no juego al tenis, ahora juego al pádel."],
     "¿Qué deporte practico?", "pádel", "tenis"),
    # a second round, written after the first was fixed
    ([MARCO], [], "How old am I?", "34", None),
    ([MARCO], [], "Where do I live?", "Turin", None),
    ([MARCO], [], "What are my hobbies?", "cycling", None),
    # a doer or a trade said with no subject, in a message of the speaker's own
    (["I'm Nina, 28, and I live in Oslo. Keen swimmer as well."], [], "What are my hobbies?",
     "swimming", None),
    (["My brother Ed lives in Hull. Big cyclist too."], [], "What are my hobbies?", None,
     "cycling"),
    (["hey, im tom, 33, plumber in bristol"], [], "what's my job?", "plumber", None),
    (["My dad just retired and moved to Malaga with my mum."], [], "Where do I live?", None,
     "Malaga"),
    (["I'm a nurse."], ["Quick correction - I'm a midwife, not a nurse."], "What's my job?",
     "midwife", "nurse"),
    (["My email is tom.r@yahoo.com"], ["Sorry, typo earlier: my email is tom.r@yahoo.co.uk"],
     "What's my email?", "yahoo.co.uk", None),
    (["I play the saxophone in a jazz band."], ["Swapped the sax for the clarinet."],
     "Which instrument do I play?", "clarinet", "saxophone"),
    (["I'm a keen skier."], [], "Do I ski?", "skiing", None),
    (["I'm a massive reader, mostly sci-fi."], [], "What are my hobbies?", "reading", None),
    (["I do Muay Thai twice a week."], [], "What sports do I do?", "Muay Thai", None),
    (["I do yoga."], ["I switched from yoga to pilates in the spring."],
     "What exercise do I do?", "pilates", "yoga"),
    (["I live in Madrid."], ["My girlfriend lives in Valencia, I visit most weekends."],
     "Where do I live?", "Madrid", "Valencia"),
    (["I work at Spotify."], ["I'm at Klarna now."], "Where did I work before Klarna?",
     "Spotify", None),
    (["I'm 22."], ["Had my 23rd birthday on Friday!"], "How old am I?", "23", "22"),
    (["I'm Lea, 19, studying physics in Bonn."], [], "How old am I?", "19", None),
    (["Ich bin 45."], ["Ich bin gestern 46 geworden."], "Wie alt bin ich?", "46", "45"),
    (["Ich lese gerne Krimis."], [], "Was sind meine Hobbys?", "Krimis", None),
    (["Je fais du judo."], ["Je suis passé du judo au karaté."],
     "Quel sport est-ce que je pratique ?", "karaté", "judo"),
    (["Toco la guitarra."], ["Cambié la guitarra por el bajo."], "¿Qué instrumento toco?",
     "bajo", "guitarra"),
    (["I go swimming on Mondays."], ["I don't swim anymore, my shoulder's bad."],
     "Do I still go swimming?", "don't swim", "Mondays"),
    (["I have a cat called Mo."], ["Mo is 3 now."], "What's my cat's name?", "Mo", None),
    (["I'm a software engineer at Monzo."], ["I've gone freelance, no longer at Monzo."],
     "Where do I work?", None, "Monzo"),
    # a third round
    (["I'm a barista at Pret."], ["Got a job as a junior developer at Monzo!"],
     "What was my job before?", "barista", "developer"),
    (["I live in Glasgow."], ["Relocated to Aberdeen for work."], "Where was I living before?",
     "Glasgow", None),
    (["My favourite film is Alien."], ["Honestly my favourite film now is Arrival."],
     "Which film was my favourite before Arrival?", "Alien", "Arrival"),
    (["I play the piano."], ["I switched from piano to guitar."],
     "Which instrument did I use to play?", "piano", None),
    (["I play rugby."], ["Knee's done, so no more rugby for me. I've taken up cycling instead."],
     "What sports do I do now?", "cycling", "rugby"),
    (["I've got a dog named Rolo."], [], "Do I have any pets?", "Rolo", None),
    (["My partner is Sam."], ["Sam and I broke up in the summer."], "Am I still with Sam?",
     "former", None),
    ([DERBY], [], "What does my husband do?", "plumber", None),
    ([DERBY], [], "What's my job?", "teacher", "plumber"),
    (["Mein Bruder wohnt in Köln, ich wohne in Bonn."], [], "Wo wohne ich?", "Bonn", "Köln"),
    (["Ich arbeite bei SAP."], ["Seit Oktober arbeite ich bei Zalando."],
     "Wo habe ich vorher gearbeitet?", "SAP", "Zalando"),
    (["Je suis prof de maths."], [], "Quel est mon métier ?", "prof", None),
    (["Mi hermana vive en Lima y yo vivo en Quito."], [], "¿Dónde vivo?", "Quito", "Lima"),
    (["Trabajo en Telefónica."], ["Desde mayo trabajo en Iberia."], "¿Dónde trabajaba antes?",
     "Telefónica", "Iberia"),
    (["I'm 35."], [], "What age am I?", "35", None),
    (["I'm a keen climber and I work as a nurse."], [], "What's my job?", "nurse", "climb"),
    (["I'm a keen climber and I work as a nurse."], [], "What are my hobbies?", "climbing",
     "nurse"),
    # a fourth round
    ([CORK], [], "Where do I work?", "Klio", None),
    ([CORK], [], "Where do I live?", "Berlin", None),
    ([CORK], [], "What do I do for a living?", "data engineer", None),
    (["My son Leo just started at Leeds Uni, studying history."], [], "What do I study?", None,
     "history"),
    (["My son Leo just started at Leeds Uni, studying history."], [], "What does Leo study?",
     "history", None),
    (["My wife works at the BBC."], [], "Where do I work?", None, "BBC"),
    (["My flat number is 12."], ["Oops, my flat number is 21, not 12."],
     "What's my flat number?", "21", None),
    (["I'm learning Italian."], ["I gave up on Italian, I'm learning Greek now."],
     "What language am I learning?", "Greek", "Italian"),
    (["I'm vegetarian."], ["I started eating fish again, so I'm pescatarian now."],
     "What's my diet?", "pescatarian", "vegetarian"),
    (["I'm a huge football fan, I support Leeds."], [], "Which team do I support?", "Leeds",
     None),
    (["Ich koche gern und fahre gern Rad."], [], "Was sind meine Hobbys?", "Kochen", None),
    (["I used to live in Paris, now I live in Nice."], [], "Where do I live?", "Nice", "Paris"),
    (["I used to live in Paris, now I live in Nice."], [], "Where did I live before?", "Paris",
     None),
    (["I used to live in Leeds but these days I live in York."], [], "Where did I live before?",
     "Leeds", "York"),
    (["Ich habe in Köln gewohnt, jetzt wohne ich in Bonn."], [], "Wo habe ich vorher gewohnt?",
     "Köln", None),
    (["Antes vivía en Lima, ahora vivo en Quito."], [], "¿Dónde vivía antes?", "Lima", None),
    (["Avant j'habitais à Nice, maintenant j'habite à Lyon."], [],
     "Où est-ce que j'habitais avant ?", "Nice", None),
    (["Mi hermana vivía en Lima y yo vivo en Quito."], [], "¿Dónde vivo?", "Quito", "Lima"),
    (["I used to play hockey but now I play tennis."], [], "What sport do I play?", "tennis",
     "hockey"),
    (["My old job was at Tesco, now I'm at Sainsbury's as a manager."], [], "Where do I work?",
     "Sainsbury", "Tesco"),
    # a fifth round: does it still hold?
    (["I live in Oslo."], ["We moved to Bergen in the autumn."], "Do I still live in Oslo?",
     "Bergen", None),
    (["I'm vegetarian."], ["I eat meat again now."], "Am I still vegetarian?", None,
     "You are vegetarian"),
    (["I work at Siemens."], ["I left Siemens in June and joined Bosch."],
     "Do I still work at Siemens?", "Bosch", None),
    (["I play chess."], [], "Do I still play chess?", "chess", None),
    (["My phone number is 0151 496 0000."], ["sorry, my number's 0151 496 0001, not 0000"],
     "What's my number?", "0001", None),
    (["I'm doing an MA in history."],
     ["I finished my MA in history and started a PhD in archaeology."],
     "What am I studying now?", "archaeology", "history"),
    (["I'm doing a BSc in biology."], ["I finished my BSc and started a Masters in ecology."],
     "What am I studying now?", "ecology", "biology"),
    (["J'étudie l'histoire."],
     ["J'ai fini mon master d'histoire et j'ai commencé un doctorat en archéologie."],
     "Qu'est-ce que j'étudie maintenant ?", "archéologie", None),
    (["Estudio historia."], ["Terminé mi grado en historia y empecé un máster en arqueología."],
     "¿Qué estudio ahora?", "arqueología", None),
    (["Ich studiere Geschichte."], ["Ich habe meinen Bachelor in Geschichte abgeschlossen und "
                                    "einen Master in Archäologie angefangen."],
     "Was studiere ich jetzt?", "Archäologie", None),
    # "my" after "I" names someone else only before a person ("my brother"), not "my flat"
    (["I live in York."], ["I sold my flat and moved to Leeds."], "Where do I live?", "Leeds",
     "York"),
    (["I work at Ocado."], ["I quit my job and joined Tesco."], "Where do I work?", "Tesco",
     "Ocado"),
    (["I live in Lisbon."], ["I think my brother lives in Faro now."], "Where do I live?",
     "Lisbon", "Faro"),
    (["My cousin Ana lives in Rome."], [], "Where do I live?", None, "Rome"),
    (["I'm a nurse."], ["My mum's a nurse too, she just retired."], "What's my job?", "nurse",
     "retired"),
    (["Mi hermano trabaja en Inditex."], ["Yo trabajo en Zara."], "¿Dónde trabajo?", "Zara",
     "Inditex"),
    (["J'habite à Paris."], ["On habite à Lyon depuis mars."],
     "Où est-ce que j'habitais avant ?", "Paris", "Lyon"),
    (["Ich spiele Tennis."], ["Ich spiele kein Tennis mehr."], "Spiele ich noch Tennis?",
     "kein Tennis", "Du spielst Tennis"),
    # a sixth round: typed in lower case, careers, break-ups, routines
    ([JESS], [], "how old am i?", "26", None),
    ([JESS], [], "what do i do for work?", "nurse", None),
    ([JESS], [], "what are my hobbies?", "baking", None),
    ([CANVA], ["Big change: I quit Canva to go freelance as an illustrator."], "What's my job?",
     "illustrator", "graphic designer"),
    ([CANVA], ["Big change: I quit Canva to go freelance as an illustrator."],
     "Where did I work before?", "Canva", None),
    (["My boyfriend Jake and I live in Dublin."],
     ["Jake and I split up, and I've moved back to Galway."], "Where do I live?", "Galway",
     "Dublin"),
    (["My boyfriend Jake and I live in Dublin."],
     ["Jake and I split up, and I've moved back to Galway."], "Who is Jake?", "former", None),
    (["I cycle to work every day."],
     ["I've started taking the bus to work since the weather turned."],
     "How do I get to work?", "bus", None),
    (["I drive to work."], ["These days I get the train to work."], "How do I get to work?",
     "train", "car"),
    (["I work at Google."], ["I cycle to work every day."], "How do I get to work?", "bike",
     "Google"),
    (["I take the tube to work."], [], "How do I commute?", "tube", None),
    (["My landlord is Mr. Hughes."], ["New landlord as of this month: Ms. Patel."],
     "Who's my landlord?", "Patel", "Hughes"),
    (["My dentist is Dr. Lee."], ["Update: new dentist: Dr. Shah."], "Who's my dentist?",
     "Shah", "Lee"),
    (["I play bass in a band."], ["I left the band and gave up bass."],
     "Do I play an instrument?", None, "You play bass"),
    # what someone "used to" do is over
    (["I play hockey on Thursdays."], ["I used to play hockey but now I play tennis."],
     "Which sport did I use to play?", "hockey", "tennis"),
    (["I play hockey on Thursdays."], ["I used to play hockey but now I play tennis."],
     "What sport do I play?", "tennis", "hockey"),
    (["I work at Tesco."], ["I used to work at Tesco, now I work at Lidl."], "Where do I work?",
     "Lidl", "Tesco"),
    (["Ich bin begeisterte Läuferin."], [], "Was sind meine Hobbys?", "Laufen", None),
    (["Je suis une grande lectrice."], [], "Quels sont mes loisirs ?", "lecture", None),
    (["Je suis un randonneur passionné."], [], "Quels sont mes loisirs ?", "randonnée", None),
    (["Soy un nadador empedernido."], [], "¿Cuáles son mis aficiones?", "natación", None),
]
RENDERING = re.compile(r"\[|\(until|\d{4}-\d\d-\d\d|\bthe user\b|\bNutzer|\busuario\b|"
                       r"\butilisateur\b", re.IGNORECASE)
"""What an answer must not show: a memory's tags, stamps and ranges, "the user" unsaid."""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told(tmp_path_factory.mktemp("unseen"), CASES, FIRST, LATER) as system:
        yield system


@pytest.mark.parametrize(("n", "question", "current", "replaced"), [
    pytest.param(n, question, current, replaced, id=question,
                 marks=[pytest.mark.xfail(strict=True, reason=why) for why in known])
    for n, (_, _, question, current, replaced, *known) in enumerate(CASES)])
def test_the_answer_says_what_holds(memory: MemorySystem, n: int, question: str,
                                    current: str | None, replaced: str | None) -> None:
    """``current`` None: nothing holds that the answer must say, only what it must not."""
    answer = memory.chat(question, user_id=f"u{n}").answer
    assert current is None or current.casefold() in answer.casefold(), answer
    assert replaced is None or replaced.casefold() not in answer.casefold(), answer
    assert not RENDERING.search(answer), answer


# a date with no year and no verb saying when goes to the nearest such day: said in January,
# "30 November" is the one just past, "3 February" the one ahead
DATED = [("Party on 30 November, so much fun.", "When was the party?", "30 November 2024"),
         ("Dentist on 3 February, ugh.", "When is the dentist appointment?", "3 February 2025")]


@pytest.fixture(scope="module")
def dated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    cases = [([said], [], question, day) for said, question, day in DATED]
    at = "2025-01-12T10:00:00+00:00"
    with told(tmp_path_factory.mktemp("dated"), cases, at, at) as system:
        yield system


@pytest.mark.parametrize(("n", "question", "day"),
                         [(n, q, d) for n, (_, q, d) in enumerate(DATED)],
                         ids=[case[1] for case in DATED])
def test_a_day_without_a_year_is_the_nearest(dated: MemorySystem, n: int, question: str,
                                             day: str) -> None:
    answer = dated.chat(question, user_id=f"u{n}").answer
    assert day in answer, answer
