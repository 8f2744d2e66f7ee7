"""The offline rules for facts that change: what a statement sets, what it replaces, and
which memories an answer may quote, in the languages the rules read."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from mirix_like import MemorySystem
from mirix_like.offline.changes import core_calls, in_time, settings, superseded
from mirix_like.offline.language import InputText
from mirix_like.retrieval.ranking import asks_before

SAID_AT = datetime(2025, 9, 15, 8, tzinfo=UTC)


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("I moved to Vienna last week.", "home", "Vienna"),
    ("We finally relocated to New York City.", "home", "New York City"),
    ("These days I actually prefer coffee.", "prefer coffee", "coffee"),
    ("I prefer not to say.", None, None),
    ("I'm a regular at the Crown.", None, None),  # a customer, not a job
    ("I'm a student at UCLA.", None, None),
    ("fyi we just moved down to Brighton!", "home", "Brighton"),
    ("Handed in my notice at Deloitte, I'm starting at KPMG on Monday.", "work", "KPMG"),
    ("Got promoted to senior accountant today!", "job", "senior accountant"),
    ("I went fully vegan in January.", "diet", "vegan"),
    ("Wir sind letzte Woche nach Frankfurt umgezogen.", "home", "Frankfurt"),
    ("My favorite band these days is Radiohead.", "favourite band", "Radiohead"),
    ("Relocated to Montreal in May.", "home", "Montreal"),
    ("I'm based in Toronto these days.", "home", "Toronto"),
    ("Also, I quit Acme Robotics and joined Globex.", "work", "Globex"),
    ("I started working at Initech on Monday.", "work", "Initech"),
    ("I'm moving to Berlin next month.", None, None),  # a plan, not yet a change
    ("I no longer work at Globex.", "work", None),
    ("These days my favourite food is sushi.", "favourite food", "sushi"),
    ("I'm not vegetarian anymore.", "diet", None),
    ("I got engaged last month!", "relationship", "engaged"),
    ("We got divorced in March.", "relationship", "divorced"),
    ("I don't work at Globex anymore.", "work", None),
    ("I turned 30 last week.", "age", "30"),
    ("Ich bin nach Hamburg gezogen.", "home", "Hamburg"),
    ("Ich arbeite jetzt bei Bosch.", "work", "Bosch"),
    ("J'ai déménagé à Marseille.", "home", "Marseille"),
    ("Je travaille maintenant chez Airbus.", "work", "Airbus"),
    ("Me mudé a Sevilla.", "home", "Sevilla"),
    ("Ahora trabajo en Iberia.", "work", "Iberia"),
    ("Ich arbeite jetzt als Ärztin.", "job", "Ärztin"),
    ("Ich bin Lehrerin von Beruf.", "job", "Lehrerin"),
    ("Je travaille comme professeur de piano.", "job", "professeur de piano"),
    ("Je suis heureuse.", None, None),  # no trade, an adjective
    ("Soy enfermera.", "job", "enfermera"),
    ("Ahora trabajo como profesora de matemáticas.", "job", "profesora de matemáticas"),
    ("Soy soltera.", None, None),
    ("I play tennis every weekend.", "play tennis", "tennis"),
    ("I took up padel.", "play padel", "padel"),
    ("We got a new kitten, Mochi.", "cat", "Mochi"),
    ("Our new puppy is called Luna.", "dog", "Luna"),
    ("We adopted a puppy named Biscuit.", None, None),  # a first pet: a semantic fact only
    ("I have a dog called Biscuit.", "dog", "Biscuit"),
    ("We also have a dog called Max.", None, None),  # one more, not a new one
    ("I no longer work at Acme, I joined Globex.", "work", "Globex"),
    ("我搬到北京了。", "home", "北京"),
    ("我现在在阿里巴巴工作。", "work", "阿里巴巴"),
    ("I accepted an offer from Figma, so now I work there.", "work", "Figma"),
    ("My dentist is Dr. Patel.", "dentist", "Dr. Patel"),
    ("Switched dentists, I now see Dr. Gomez.", "dentist", "Dr. Gomez"),
    ("My new landlord is Mrs. Okafor.", "landlord", "Mrs. Okafor"),
    ("My boss is now Priya.", "boss", "Priya"),
    ("I drive a blue Honda Civic.", "car", "a blue Honda Civic"),
    ("My car is a Tesla Model 3 these days.", "car", "a Tesla Model 3"),
    ("My birthday is on March 3rd.", "birthday", "March 3rd"),
    ("My car is red.", None, None),  # a property, not which car
    ("My manager is on leave this week.", None, None),
    ("I drive a lot for work.", None, None),
    ("Also I'm 30 now!", "age", "30"),
    ("Our new flat is in Gent.", "home", "Gent"),
    ("I work remotely for Canva now.", "work", "Canva"),
    ("I recently moved from Paris to Nice.", "home", "Nice"),
    ("I switched to medicine.", "study", "medicine"),
    ("i'm doing a degree in history at uni", "study", "history"),
    ("I'm studying for my exams.", None, None),  # no subject
    ("These days I run in the evenings.", "when running", "in the evenings"),
    ("I like running in the mornings.", "when running", "in the mornings"),
    ("I got into climbing last year.", "hobby climbing", "climbing"),
    ("I do not know.", None, None),
    ("I'm a nurse.", "job", "nurse"),
    ("I'm a great cook.", None, None),  # praise, not a trade
    ("I retired last spring.", "job", "retired"),
    ("I retrained as a plumber.", "job", "plumber"),
    ("Ich bin jetzt Ärztin.", "job", "Ärztin"),
    ("Ich bin Vegetarier.", "diet", "Vegetarier"),  # a diet, not a trade
    ("Ich bin Berliner.", None, None),
    ("Actually I prefer aisle seats now.", "prefer seat", "aisle seats"),
    ("I moved out of Wicker Park, now I'm in Logan Square.", "home", "Logan Square"),
    ("I rent a flat in Bristol.", "home", "Bristol"),
    ("We've just relocated up north to Newcastle.", "home", "Newcastle"),
    ("Nos hemos mudado a Barcelona este verano.", "home", "Barcelona"),
    ("On a emménagé à Bordeaux le mois dernier.", "home", "Bordeaux"),
    ("Mittlerweile ist mein Lieblingsessen Sushi.", "favourite essen", "Sushi"),
    ("Pickle passed away.", None, None),  # not the speaker: a block's pet ends (core_calls)
    ("so i work at target rn, cashier", "work", "Target"),  # typed in lower case
    ("update: got hired at costco last week!!", "work", "Costco"),
    ("i work at home", None, None),
    ("i moved to be closer to mum", None, None),
    ("changed my course to economics", "study", "economics"),
    ("I take my coffee black.", "coffee how", "black"),
    ("Lately I've been waking up at 8.", "wake", "8"),
])
def test_what_a_message_sets_about_its_speaker(text: str, slot: str | None,
                                               value: str | None) -> None:
    found = {s.slot: s.value for s in settings(text, own=True)}
    assert found == ({} if slot is None else {slot: value})


def test_a_negation_ends_only_what_its_own_clause_says() -> None:
    found = {s.slot: s.value for s in settings("I don't play tennis anymore, I took up padel.",
                                                own=True)}
    assert found == {"play tennis": None, "play padel": "padel"}
    found = {s.slot: s.value for s in settings("I stopped playing football and started "
                                                "playing golf.", own=True)}
    assert found == {"play football": None, "play golf": "golf"}


def test_one_message_may_set_several_slots() -> None:
    found = settings("I'm 29, I live in Glasgow and I work as a nurse at the Royal Infirmary.",
                     own=True)
    assert {s.slot: s.value for s in found} == {
        "age": "29", "home": "Glasgow", "work": "the Royal Infirmary", "job": "nurse"}


@pytest.mark.parametrize(("text", "partner"), [
    ("I broke up with Sam.", None),
    ("Dan and I broke up. I'm seeing someone new, her name is Chloe.", "Chloe"),
    ("I'm dating Chloe now.", "Chloe"),
])
def test_a_break_up_ends_the_partner_and_a_new_one_replaces_it(text: str,
                                                               partner: str | None) -> None:
    found = {s.slot: s.value for s in settings(text, own=True)}
    assert found["partner"] == partner


def test_a_boyfriend_and_a_girlfriend_are_one_slot() -> None:
    said = [settings(text, own=True)[0] for text in ("My boyfriend's name is Dan.",
                                                     "My girlfriend is Mia.")]
    assert [(s.slot, s.value) for s in said] == [("partner", "Dan"), ("partner", "Mia")]
    assert said[0].statement == "The user's boyfriend is Dan."


@pytest.mark.parametrize(("text", "job", "work"), [
    ("I'm a nurse at St. Mary's hospital.", "nurse", "St. Mary's"),
    ("I'm an RN at Mass General.", None, "Mass General"),
    ("Big news, I got hired as sous chef at Alinea!", "sous chef", "Alinea"),
    ("I'm a line cook at a diner in Chicago.", "line cook", None),
    ("Je suis infirmière à l'hôpital Necker.", "infirmière", "l'hôpital Necker"),
    ("Soy profesora en el colegio San José.", "profesora", "colegio San José"),
    ("Ahora soy enfermera en el Ramón y Cajal.", "enfermera", "Ramón y Cajal"),
])
def test_a_job_said_with_its_workplace_sets_both(text: str, job: str | None,
                                                 work: str | None) -> None:
    found = {s.slot: s.value for s in settings(text, own=True)}
    assert found == {k: v for k, v in (("job", job), ("work", work)) if v}


@pytest.mark.parametrize("text", ["My brother Leo lives in Porto and he is a chef.",
                                  "Maya's dentist is Dr. Lee.", "Her car is a Fiat.",
                                  "Our neighbours moved to Lyon.",
                                  "My brother moved from Paris to Nice.",
                                  "I think my sister lives in Rome.",
                                  "Leo's favourite food is pizza.", "Mon frère habite à Lyon.",
                                  "Mi hermana vive en Roma.", "我的哥哥住在上海。"])
def test_what_someone_else_does_is_not_the_speakers_fact(text: str) -> None:
    assert settings(text, own=True) == []


@pytest.mark.parametrize(("text", "found"), [
    ("I'm a keen gardener.", {"hobby gardening": "gardening"}),
    ("I'm a keen baker and a bit of a swimmer.",
     {"hobby baking": "baking", "hobby swimming": "swimming"}),
    ("I'm a keen amateur photographer.", {"hobby photography": "photography"}),
    ("I'm a baker.", {"job": "baker"}),  # a trade, said without a word of choice
    ("I practise Brazilian jiu-jitsu three times a week.",
     {"hobby brazilian jiu-jitsu": "Brazilian jiu-jitsu"}),
    ("Ich male gerne Aquarelle.", {"hobby aquarelle malen": "Aquarelle malen"}),
    ("Am Wochenende wandere ich gern.", {"hobby wandern": "Wandern"}),
    ("Ich bin begeisterte Läuferin.", {"hobby laufen": "Laufen"}),
    ("Ich bin leidenschaftlicher Kletterer.", {"hobby klettern": "Klettern"}),
    ("I switched from violin to viola.", {"play violin": None, "play viola": "viola"}),
    ("Swapped the sax for the clarinet.", {"play saxophone": None, "play clarinet": "clarinet"}),
    ("I switched from climbing to surfing.", {"hobby climbing": None, "hobby surfing": "surfing"}),
    ("Ich bin von Geige auf Bratsche umgestiegen.",
     {"play geige": None, "play bratsche": "Bratsche"}),
    ("Je suis passée du judo au karaté.", {"play judo": None, "play karaté": "karaté"}),
    ("Cambié la guitarra por el bajo.", {"play guitarra": None, "play bajo": "bajo"}),
    ("I'm Dev, 31.", {"age": "31", "name": "Dev"}),
    ("I got a new job at Roche as a lab manager.", {"work": "Roche", "job": "lab manager"}),
    ("Just turned 30 last week, feeling old!", {"age": "30"}),
    ("I gave up on Italian, I'm learning Greek now.",
     {"learn italian": None, "learn greek": "Greek"}),
    ("I've gone freelance, no longer at Monzo.", {"work": "self-employed"}),
    ("I've lived in Berlin for six years now.", {"home": "Berlin"}),
    ("I started a PhD in archaeology.", {"study": "archaeology"}),
    ("I eat meat again now.", {"diet": None}),
    ("On habite à Lyon depuis mars.", {"home": "Lyon"}),
    ("hiya! im jess, 26", {"age": "26", "name": "Jess"}),
    ("I've been a graphic designer at Canva for three years.",
     {"work": "Canva", "job": "graphic designer"}),
    ("I quit Canva to go freelance as an illustrator.",
     {"work": "self-employed", "job": "illustrator"}),
    ("I used to live in Paris, now I live in Nice.", {"home": "Nice"}),
    ("I used to play hockey but now I play tennis.",
     {"play hockey": None, "play tennis": "tennis"}),
])
def test_pastimes_switches_and_ages_in_other_words(text: str,
                                                  found: dict[str, str | None]) -> None:
    assert {s.slot: s.value for s in settings(text, own=True)} == found


@pytest.mark.parametrize("text", ["I'm now a big fan of jazz.", "Now I'm a mom of two!",
                                  "I'm now a bit tired.", "We live in a nice area.",
                                  "I'm a big believer in yoga.", "I'm a regular volunteer.",
                                  "I do Mondays and Thursdays at the office.",
                                  "I switched from tea to coffee.",
                                  "Ich hätte gerne einen Kaffee.",
                                  "Ich bin begeisterter Lehrer.",
                                  "My sister switched from piano to cello."])
def test_what_sounds_like_a_slot_but_is_none_sets_nothing(text: str) -> None:
    assert settings(text, own=True) == []


def _said(text: str) -> InputText:
    return InputText(source_id="m1", text=text, speaker=None, role="user", occurred_at=SAID_AT)


def test_a_move_replaces_the_line_and_dates_it_when_it_happened() -> None:
    blocks = {"human": ["The user lives in Lisbon.", "The user likes tea."]}
    fact = {"label": "human", "content": "The user moved to Vienna last week.",
            "source_ids": ["m1"]}
    [(tool, args)] = core_calls([fact], [_said("I moved to Vienna last week.")], blocks)
    assert tool == "core_replace" and args["line_numbers"] == [1]
    assert args["content"] == "The user lives in Vienna."
    assert args["valid_from"].startswith("2025-09-08")  # "last week", not the message's day


def test_the_same_value_again_or_a_new_slot_replaces_nothing() -> None:
    blocks = {"human": ["The user lives in Vienna (since 2025-09-08)."]}
    assert core_calls([], [_said("I live in Vienna.")], blocks) == []
    assert core_calls([], [_said("I work at Globex.")], blocks) == [
        ("core_append", {"label": "human", "content": "The user works at Globex."})]


def test_an_ending_removes_the_line_and_keeps_it_as_past() -> None:
    blocks = {"human": ["The user works at Globex.", "The user likes tea."]}
    [(tool, args)] = core_calls([], [_said("I quit Globex.")], blocks)
    assert tool == "core_replace" and args["line_numbers"] == [1] and args["content"] == ""
    assert args["valid_from"].startswith("2025-09-15")


def test_an_ending_and_a_new_value_in_one_batch_give_the_new_value() -> None:
    blocks = {"human": ["The user's partner is Julien."]}
    split = _said("Julien and I split up in December.")
    new = InputText(source_id="m2", text="My new partner is Sofia.", speaker=None, role="user",
                    occurred_at=SAID_AT)
    [(tool, args)] = core_calls([], [split, new], blocks)
    assert tool == "core_replace" and args["content"] == "The user's partner is Sofia."


def test_a_death_ends_the_line_that_names_them() -> None:
    blocks = {"human": ["The user lives in Leeds.", "The user's cat is Pickle."]}
    [(tool, args)] = core_calls([], [_said("Sadly Pickle passed away.")], blocks)
    assert tool == "core_replace" and args["line_numbers"] == [2] and args["content"] == ""


def test_a_home_said_by_there_is_a_home_and_a_hometown() -> None:
    found = {s.slot: s.value for s in settings("I'm from Dublin and live there.", own=True)}
    assert found == {"home": "Dublin", "origin": "Dublin"}


def _shown(item_id: str, **fields: object) -> dict[str, object]:
    return {"id": item_id, "text": "", "fields": {"valid_until": None, **fields}}


def test_which_shown_items_a_new_one_replaces() -> None:
    code = {"caption": "Gym locker code of the user", "secret_value": "7730"}
    shown = [_shown("v1", caption="Gym locker code of the user"),
             _shown("v2", caption="Wifi password of the user"),
             {**_shown("v0", caption="Gym locker code of the user"),
              "fields": {"caption": "Gym locker code of the user", "valid_until": "2025-01-01"}}]
    assert superseded("knowledge_vault", code, shown) == ["v1"]
    shorter = {"caption": "Locker code of the user", "entry_type": "code"}
    coded = [{**e, "fields": {**e["fields"], "entry_type": "code"}} for e in shown]
    assert superseded("knowledge_vault", shorter, coded) == ["v1"]
    assert superseded("knowledge_vault", {"caption": "Code of the user", "entry_type": "code"},
                      coded) == []
    facts = [_shown("s1", name="Maya", summary="Maya lives in Porto."),
             _shown("s2", name="Maya", summary="Maya is a marine biologist.")]
    assert superseded("semantic", {"name": "Maya", "summary": "Maya lives in Madrid."},
                      facts) == ["s1"]
    assert superseded("semantic", {"name": "Maya", "summary": "Maya lives in Porto."},
                      facts) == []


@pytest.mark.parametrize("question", ["Where did I live before Vienna?", "What was my old code?",
                                      "Where did I work previously?", "Wo habe ich früher gewohnt?",
                                      "Où habitais-je avant ?", "¿Dónde vivía antes?",
                                      "我以前住在哪里？", "What sport did I use to play?",
                                      "What was my first job?", "Where did I first live?",
                                      "Where did I live at first?", "Who was my first boss?",
                                      "Wo habe ich zuerst gewohnt?", "Was war mein erster Job?",
                                      "Où est-ce que j'habitais au début ?",
                                      "Quel était mon premier travail ?",
                                      "¿Dónde vivía al principio?", "¿Cuál fue mi primer coche?",
                                      "我最初住在哪里？", "我一开始在哪里工作？",
                                      "最初はどこに住んでいましたか？"])
def test_questions_about_before(question: str) -> None:
    assert asks_before(question)


@pytest.mark.parametrize("question", ["How old am I?", "Where do I live?", "我住在哪里？",
                                      "What do I use to clean the oven?",
                                      # "first" of an event or a name asks of no earlier value
                                      "When did I first meet Sarah?", "What's my first name?",
                                      "When was my first date with Sarah?",
                                      "What's the first step of the recipe?",
                                      "¿Cuál es mi primer apellido?"])
def test_questions_about_now(question: str) -> None:
    assert not asks_before(question)


def test_answers_quote_what_is_true_now_unless_asked_about_before() -> None:
    memories = ["The user lives in Vienna (since 2025-09-08).", "The user lives in Lisbon.",
                "The user lives in Lisbon (until 2025-09-08).", "The user is no longer in Lisbon."]
    assert in_time("Where do I live?", memories) == [
        "The user lives in Vienna (since 2025-09-08).", "The user is no longer in Lisbon."]
    assert in_time("Where did I live before Vienna?", memories) == [
        "The user lives in Lisbon (until 2025-09-08)."]
    assert in_time("Where did I live before?", memories[:2]) == memories[1:2]


def test_before_a_named_value_is_the_fact_it_replaced_and_the_latest_past_comes_first() -> None:
    memories = ["The user lives in Basel (since 2025-07-07).",
                "The user lives in Munich (until 2025-01-01).",
                "The user lives in Zurich (2025-01-01 to 2025-07-07)."]
    assert in_time("Where did I live before Zurich?", memories) == [memories[1]]
    assert in_time("Where did I live before?", memories) == [memories[2], memories[1]]


@pytest.mark.parametrize(("first", "then", "now", "before"), [
    ("Ich wohne in Berlin.", "Ich bin nach Hamburg gezogen.", "Hamburg", "Berlin"),
    ("J'habite à Lyon.", "J'ai déménagé à Marseille.", "Marseille", "Lyon"),
    ("Vivo en Madrid.", "Me mudé a Sevilla.", "Sevilla", "Madrid"),
    ("我住在上海。", "我搬到北京了。", "北京", "上海"),
])
def test_a_move_in_another_language_is_stored_with_its_past(tmp_path: Path, first: str,
                                                            then: str, now: str,
                                                            before: str) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        memory.add(first, user_id="u", occurred_at="2025-01-01T10:00:00+00:00", flush=True)
        memory.add(then, user_id="u", occurred_at="2025-06-01T10:00:00+00:00", flush=True)
        block = memory.get("core", "human", user_id="u").value
        assert now in block and before not in block and "(since 2025-06-01)" in block
        [past] = memory.list("semantic", user_id="u")
        assert before in past.summary and past.valid_until.date().isoformat() == "2025-06-01"


def test_a_change_about_someone_else_keeps_their_past_in_semantic_memory(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        for at, said in (("2025-01-01T10:00:00+00:00", "My sister Maya lives in Porto."),
                         ("2025-06-01T10:00:00+00:00", "Maya moved to Madrid last month."),
                         ("2025-06-02T10:00:00+00:00", "Dario works at Google."),
                         ("2025-08-02T10:00:00+00:00", "Dario joined Meta in July.")):
            memory.add(said, user_id="u", occurred_at=at, flush=True)
        answers = {q: memory.chat(q, user_id="u").answer for q in (
            "Where does Maya live?", "Where did Maya live before?", "Where does Dario work?",
            "Where did Dario work before Meta?")}
        assert [f.summary for f in memory.list("semantic", user_id="u") if not f.is_past()
                and f.name == "Maya"] == ["Maya is the user's sister. Maya lives in Madrid."]
    assert "Madrid" in answers["Where does Maya live?"]
    assert "Porto" in answers["Where did Maya live before?"]
    assert "Meta" in answers["Where does Dario work?"]
    assert "Google" in answers["Where did Dario work before Meta?"]


def test_a_fact_setting_two_slots_becomes_two_lines_that_change_apart() -> None:
    fact = {"label": "human", "content": "The user lives in Seoul and work for Samsung.",
            "source_ids": ["m1"]}
    calls = core_calls([fact], [_said("I live in Seoul and work for Samsung.")], {})
    assert calls == [("core_append", {"label": "human", "content": "The user lives in Seoul."}),
                     ("core_append", {"label": "human", "content": "The user works at Samsung."})]


def test_a_preference_is_keyed_by_what_it_is_preferred_over() -> None:
    said = {s.slot: s.value for s in settings("I prefer tea over coffee.", own=True)}
    assert said == {"prefer coffee": "tea", "prefer tea": "tea"}
    assert in_time("Do I prefer tea or coffee?", [
        "The user prefers tea over coffee (until 2025-06-10).",
        "[2024-01-10] The user prefers tea over coffee.",
        "The user actually prefers coffee (since 2025-06-10)."]) == [
        "The user actually prefers coffee (since 2025-06-10)."]
