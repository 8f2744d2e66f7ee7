"""Personas told across sessions in wordings none of the rules were written from, asked back
offline: an intro that tells age, job, home and partner in one phrase ("I'm a 34-year-old
architect living in Manchester with my husband Arjun"), then a move; a medicine switched
("my doctor switched me from metformin to Ozempic"); a move said with no subject ("Settled in
Madrid now."); a parting in French, German and Spanish; a relative promoted; a conversation
with the assistant, whose questions and pleasantries are no facts of the user's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked, asked_by, says_only, stored_facts, told, told_all

from mirix_like import MemorySystem

FIRST, LATER = "2025-01-05T09:00:00+00:00", "2025-07-05T09:00:00+00:00"
PEOPLE = {
    "priya": ((FIRST, ["Hello! My name is Priya Nair, I'm a 34-year-old architect living in "
                       "Manchester with my husband Arjun.",
                       "I'm vegetarian and I can't stand coriander."]),
              (LATER, ["I quit the architecture firm, I'm now teaching design at the "
                       "University of Salford.",
                       "Arjun got promoted to head chef at Dishoom last month.",
                       "We moved to Stockport in June."])),
    "cian": ((FIRST, ["I'm a 41 year old nurse living in Cork with my wife Aoife."]),
             (LATER, ["We've moved to Galway, Aoife got a job at the university."])),
    "mel": ((FIRST, ["I'm a 29-year-old mum of two living in Leeds."]),
            (LATER, ["Just moved to York!"])),
    "tomas": ((FIRST, ["I take metformin for type 2 diabetes, 500mg twice a day.",
                       "I live in Seville."]),
              (LATER, ["My doctor switched me from metformin to Ozempic, one injection a week.",
                       "Settled in Madrid now."])),
    "ruth": ((FIRST, ["I'm on sertraline for anxiety."]),
             (LATER, ["The GP changed me from sertraline to citalopram last week."])),
    "ines": ((FIRST, ["I live in Porto."]), (LATER, ["All settled in Lisbon now, loving it."])),
    "camille": ((FIRST, ["Mon copain s'appelle Julien, il est pompier."]),
                (LATER, ["Julien et moi, on s'est séparés."])),
    "lena": ((FIRST, ["Mein Freund heißt Lukas, er ist Feuerwehrmann."]),
             (LATER, ["Lukas und ich haben uns getrennt."])),
    "sara": ((FIRST, ["Mi novio se llama Pablo, es bombero."]),
             (LATER, ["Me separé de Pablo en verano."])),
    "zoe": ((FIRST, ["Mon copain s'appelle Hugo."]), (LATER, ["J'ai rompu avec Hugo."])),
    # a wedding in French, German and Spanish makes a spouse
    "ines_b": ((FIRST, ["Mon copain s'appelle Hugo."]),
               (LATER, ["Hugo et moi, on s'est mariés samedi !"])),
    "jo": ((FIRST, ["Meine Freundin heißt Lena."]), (LATER, ["Lena und ich haben geheiratet!"])),
    "vera": ((FIRST, ["Mi novia se llama Carla."]), (LATER, ["Me casé con Carla en mayo."])),
    # a paragraph about oneself, then changes told one by one
    "dan": ((FIRST, ["So a bit about me: I grew up in Cardiff but I've been in Bristol for "
                     "about six years now. I work for Airbus as a stress engineer, mostly on "
                     "wing parts. My partner Rhiannon is a vet, and we've got a border collie "
                     "called Taff who is a total menace."]),
            (LATER, ["My new manager is Sarah Okoye, she replaced Mike.",
                     "Our address changed, we're now at 14 Cotham Road, Bristol BS6 6DR.",
                     "Not into climbing any more, I do padel on Wednesdays instead."])),
    "marta": ((FIRST, ["Ich bin Marta, 38, und wohne in Graz. Ich bin Physiotherapeutin in "
                       "einer eigenen Praxis."]),
              (LATER, ["Wir sind nach Wien gezogen.", "Ich arbeite jetzt im AKH."])),
    # what was never told is not answered by something else
    "nadia": ((FIRST, ["I'm Nadia, I live in Lyon and work as a pharmacist.",
                       "My brother Karim lives in Marseille.", "My favourite food is couscous."]),
              (LATER, ["We went to the zoo with our son on Sunday."])),
    # the people around the user change too
    "rosa": ((FIRST, ["My sister Ana lives in Berlin and works for Zalando.",
                      "My best friend Tom is a teacher in Leeds.",
                      "Tom's girlfriend is called Sara."]),
             (LATER, ["Ana moved back to Madrid last month.",
                      "Tom got a job at Google as a UX researcher."]),
             ("2025-09-05T09:00:00+00:00", ["Tom and Sara split up, he's pretty sad.",
                                            "Ana now works at Cabify."])),
    # told in English, asked in other languages and other words
    "eva": ((FIRST, ["I'm Eva, I live in Utrecht and work as a nurse at the UMC.",
                     "My husband is called Joost.", "I have a cat named Pluis."]),
            (LATER, ["We moved to Amsterdam in May.", "My new job is at the OLVG hospital."])),
    "ola": ((FIRST, ["I've been in Oslo since 2019."]), (LATER, ["I've been in Rome for two days, "
                                                               "work trip."])),
}

QUESTIONS = [
    # an intro's age and job stay current when its home changes
    ("priya", "How old am I?", "34", []),
    ("priya", "What do I do for a living?", "design", ["architect"]),
    ("priya", "What was my job before?", "architect", []),
    ("priya", "Where do I live?", "Stockport", ["Manchester"]),
    ("priya", "Who is my husband?", "Arjun", []),
    ("priya", "What does Arjun do?", "head chef", ["sous"]),
    ("priya", "What herb do I hate?", "coriander", []),
    ("cian", "What's my job?", "nurse", []),
    ("cian", "How old am I?", "41", []),
    ("cian", "Where do I live?", "Galway", ["Cork"]),
    ("mel", "How many kids do I have?", "two", []),
    ("mel", "Where do I live?", "York", ["Leeds"]),
    # a medicine switched answers what is taken now; what it is taken for stays
    ("tomas", "What medication do I take?", "Ozempic", []),
    ("tomas", "What did I take before Ozempic?", "metformin", []),
    ("tomas", "What condition do I have?", "diabetes", []),
    ("ruth", "What medication am I on?", "citalopram", []),
    # a move said with no subject
    ("tomas", "Where do I live?", "Madrid", ["Seville"]),
    ("tomas", "Where did I live before Madrid?", "Seville", []),
    ("ines", "Where do I live?", "Lisbon", ["Porto"]),
    # a parting in the other languages makes a former partner
    ("camille", "Qui est Julien ?", "ex", ["copain"]),
    ("lena", "Wer ist Lukas?", "Ex", []),
    ("sara", "¿Quién es Pablo?", "ex", ["novio"]),
    ("zoe", "Qui est Hugo ?", "ex", []),
    ("ines_b", "Qui est Hugo ?", "conjoint", ["copain"]),
    ("jo", "Wer ist Lena?", "Ehepartner", ["Freundin"]),
    ("vera", "¿Quién es Carla?", "cónyuge", ["novia"]),
    ("dan", "Where did I grow up?", "Cardiff", ["Cotham"]),
    ("dan", "Where do I live?", "Bristol", []),
    ("dan", "Who do I work for?", "Airbus", ["Cotham"]),
    ("dan", "What's my job?", "stress engineer", []),
    ("dan", "What's my address?", "14 Cotham Road, Bristol BS6 6DR", []),
    ("dan", "Who is my manager?", "Sarah", []),
    ("dan", "What's my dog called?", "Taff", []),
    ("marta", "Wo arbeite ich?", "AKH", ["Praxis"]),
    ("marta", "Was bin ich von Beruf?", "Physiotherapeutin", []),
    ("marta", "Wo wohne ich?", "Wien", []),
    ("eva", "Wo wohne ich?", "Amsterdam", ["Utrecht"]),
    ("eva", "我住在哪里？", "Amsterdam", ["Utrecht"]),
    ("eva", "Comment s'appelle mon chat ?", "Pluis", []),
    ("eva", "Wo arbeite ich?", "OLVG", ["UMC"]),
    ("eva", "WHERE DO I WORK?", "OLVG", ["UMC"]),
    ("eva", "Hubby's name?", "Joost", []),
    ("nadia", "Where does my sister live?", None, ["Lyon", "Marseille"]),
    ("nadia", "Where does my brother live?", "Marseille", []),
    ("nadia", "What's my favourite drink?", None, ["couscous"]),
    ("nadia", "What's my favourite food?", "couscous", []),
    ("nadia", "Do I have kids?", "son", []),
    ("mel", "Do I have kids?", "two", []),
    ("rosa", "Where does Ana live?", "Madrid", ["Berlin"]),
    ("rosa", "Where does my sister work?", "Cabify", ["Zalando"]),
    ("rosa", "What does Tom do?", "UX researcher", ["teacher"]),
    ("rosa", "What did Tom do before Google?", "teacher", ["split"]),
    ("rosa", "Who is Tom's girlfriend?", "split up", []),
    ("rosa", "Where did Ana live before?", "Berlin", []),
    # a stay of years is a home, a stay of days is not
    ("ola", "Where do I live?", "Oslo", ["Rome"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("personas_unseen_r5"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_told_facts_come_back_current(memory: MemorySystem, user: str, question: str,
                                      says: str | None, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


def test_what_an_intro_says_beside_a_home_stays_current(memory: MemorySystem) -> None:
    """A move replaces the intro's home; what else the intro said is kept as its own line."""
    facts = stored_facts(memory, "mel")
    current = [fact for fact, past in facts.items() if not past]
    assert any("mum of two" in fact for fact in current), facts
    assert not any("Leeds" in fact for fact in current), facts


CONVERSATION = [
    {"role": "assistant", "content": "Hi! What should I remember about you?"},
    {"role": "user", "content": "I'm Tomás, I live in Seville and I work as a nurse."},
    {"role": "assistant", "content": "Thanks for letting me know. How are you feeling today?"},
    {"role": "user", "content": "Heads up: I'm moving to Madrid in June for a new job."},
    {"role": "assistant", "content": "Exciting! Are you moving alone?"},
    {"role": "user", "content": "No, with my boyfriend Iker."},
]


@pytest.fixture(scope="module")
def chatted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path = tmp_path_factory.mktemp("conversation_r5")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        system.add(CONVERSATION, user_id="tomas", occurred_at=FIRST)
        report = system.flush("tomas")
        assert report.failed_inputs == [] and report.pending_inputs == []
        yield system


def test_the_assistants_words_are_no_events_of_the_user(chatted: MemorySystem) -> None:
    """Its questions are quoted as asked, its pleasantries store nothing, an announcement's
    "Heads up:" is no part of the event, and "No, with my boyfriend Iker" says who comes."""
    events = [e.summary for e in chatted.list("episodic", user_id="tomas")]
    assert "The assistant asked: What should I remember about you?" in events, events
    assert not any("the assistant remember" in e or "letting" in e for e in events), events
    assert not any(e.startswith("Heads up") for e in events), events
    assert "The user is moving with the user's boyfriend Iker." in events, events


@pytest.mark.parametrize(("question", "says", "not_said"), [
    ("Who is Iker?", "boyfriend", []),
    ("Where am I moving?", "Madrid", []),
    ("What do I do?", "nurse", ["remember"]),
])
def test_the_conversation_comes_back(chatted: MemorySystem, question: str, says: str,
                                     not_said: list[str]) -> None:
    says_only(chatted.chat(question, user_id="tomas").answer, says, not_said)


WORK, HOME = ["I work at Acme as an accountant."], ["I live in London."]
WHERE_WORK, WHERE_HOME = "Where do I work?", "Where do I live?"
# a new employer or home in words no rule was written from; and what only looks like one
CHANGES = [
    (WORK, ["I left Acme for Globex."], [(WHERE_WORK, "Globex", ["Acme"])]),
    (WORK, ["Got poached by Globex, so goodbye Acme."], [(WHERE_WORK, "Globex", ["Acme"])]),
    (WORK, ["Switched jobs: Globex now."], [(WHERE_WORK, "Globex", ["Acme"])]),
    (WORK, ["Globex hired me last month."], [(WHERE_WORK, "Globex", ["Acme"])]),
    (WORK, ["My last day at Acme was Friday."], [(WHERE_WORK, None, ["You work at Acme"])]),
    (WORK, ["Globex hired my brother last month."], [(WHERE_WORK, "Acme", ["Globex"])]),
    (HOME, ["I've swapped London for Leeds."], [(WHERE_HOME, "Leeds", ["London"])]),
    (HOME, ["Leeds is home now."], [(WHERE_HOME, "Leeds", ["London"])]),
    (HOME, ["Moving day done, hello Leeds!"], [(WHERE_HOME, "Leeds", ["London"])]),
    (HOME, ["Relocating to Leeds was the best decision."], [(WHERE_HOME, "Leeds", ["London"])]),
    (HOME, ["I now call Leeds home."], [(WHERE_HOME, "Leeds", ["London"])]),
    (HOME, ["My sister left London for Berlin."], [(WHERE_HOME, "London", ["Berlin"])]),
    (HOME, ["London is home to the best museums."], [(WHERE_HOME, "London", [])]),
    (HOME, ["Moving to Leeds was my sister's best decision."],
     [(WHERE_HOME, "London", ["Leeds"])]),
    # likings and habits that ended or changed
    (["I run every morning."], ["I haven't run since my knee surgery in March."],
     [("Do I still run?", None, ["You go running every morning"])]),
    (["I play the violin."], ["Sold my violin, I play the cello now."],
     [("What instrument do I play?", "cello", ["violin"])]),
    (["I'm learning Japanese."], ["I dropped Japanese, too hard. Doing Korean instead."],
     [("What language am I learning?", "Korean", ["Japanese"])]),
    # a name with initials is kept whole
    (["My favourite band is Radiohead."], ["These days my favourite band is Fontaines D.C."],
     [("What's my favourite band?", "Fontaines D.C.", ["Radiohead"])]),
    (["I'm learning Korean."], ["Doing my homework now."],
     [("What language am I learning?", "Korean", [])]),
    # a way of doing something that changed, said with no steps
    (["To deploy the blog: run npm run build, then rsync the dist folder to the server, then "
      "purge the Cloudflare cache."],
     ["Change to the blog deploy: we use Netlify now, so just git push to main and it deploys "
      "itself."],
     [("How do I deploy the blog?", "Netlify", ["rsync"])]),
    (["My sourdough routine: feed the starter at 8pm, mix the dough at 8am, bulk ferment for 5 "
      "hours, shape, then cold proof overnight."],
     ["For the sourdough I now bulk ferment for 4 hours instead of 5."],
     [("How long do I bulk ferment my sourdough?", "you now bulk ferment for 4 hours", []),
      ("When do I feed the starter?", "8pm", [])]),
    # a list of one's news told with no subject, and a move "there"
    (["I'm Luís, I live in Lisbon, work at OutSystems as a developer, and my girlfriend is "
      "Joana."],
     ["Quick life update: moved to Porto, started at Farfetch, broke up with Joana, and got a "
      "cat named Miso."],
     [("Where do I live?", "Porto", ["Lisbon"]), ("Where do I work?", "Farfetch",
                                                 ["OutSystems"]),
      ("Who is Joana?", "former", []), ("What's my job?", "developer", [])]),
    (["I live in Glasgow.", "I work at the BBC.", "I drive a Ford Focus."],
     ["Big changes: new job at Channel 4 in Leeds, so we relocated there, and I sold the Focus."],
     [("Where do I live?", "Leeds", ["Glasgow"]), ("Where do I work?", "Channel 4", ["BBC"]),
      # what was sold is told as ended, not as nothing
      ("What car do I drive?", "until", [])]),
    (["I drive a Ford Focus."], ["Sold the Focus and bought a Tesla Model 3."],
     [("What car do I drive?", "Tesla Model 3", ["Focus"])]),
    # amounts that changed, asked by what they are
    (["I earn about 42k a year."], ["Got a raise, I'm on 48k now."],
     [("What's my salary?", "48k", ["42k"])]),
    (["My rent is 950 a month."], ["Rent went up to 1,050 in May."],
     [("How much is my rent?", "1,050", ["950"])]),
    (["Mon loyer est de 700 euros."], ["Mon loyer a augmenté à 760 euros."],
     [("Combien est mon loyer ?", "760", ["700"])]),
    # an address's "me" is no speaker
    (["Netflix login is me@mail.com / Sunny2024!"], ["Gym locker combo is 12-34-08"],
     [("What's my Netflix login?", "me@mail.com", ["you@", "Sunny2024"])]),
    # a plan called off
    (["We're going to Lisbon for a long weekend on 18 April."], ["Lisbon trip is cancelled, Tom "
                                                                  "has to work."],
     [("Am I still going to Lisbon?", "cancelled", [])]),
    (["Wir fahren im April nach Lissabon."], ["Die Reise nach Lissabon wurde abgesagt."],
     [("Fahre ich nach Lissabon?", "abgesagt", [])]),
]


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told(tmp_path_factory.mktemp("changes_r5"), CHANGES, FIRST, LATER) as system:
        yield system


@pytest.mark.parametrize(("n", "question", "says", "not_said"), asked(CHANGES))
def test_a_change_in_other_words_replaces_the_old_value(changed: MemorySystem, n: int,
                                                        question: str, says: str | None,
                                                        not_said: list[str]) -> None:
    says_only(changed.chat(question, user_id=f"u{n}").answer, says, not_said)
