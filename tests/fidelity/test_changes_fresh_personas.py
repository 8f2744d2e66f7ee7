"""Knowledge that changes, as fresh personas told it (findings of round 2): a job, a car, a
home or a wifi password changed in a later message of the same batch keeps the old value as
past ("where did I work before?"), a German job change said by "unterrichten", an employer
said with the job ("I'm a nurse at St Mary's", "Je suis infirmière à l'hôpital Saint-Louis"),
a "before" question when nothing was before, and a doctor one sees who is no partner.

Each persona is its own user; their messages, days apart, are processed in one batch (as a
chat processed later is), or, for the cases said in two sessions, session by session. Every
question asked must carry what holds (or, asked about before, what held then), must not carry
what it lists, must be one sentence and must not show how memories are rendered.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from support.told import asked, says_only, told

from mirix_like import MemorySystem

FIRST, LATER = "2024-04-02T09:00:00+00:00", "2025-06-11T19:00:00+00:00"
_DAYS = [f"2024-{m:02d}-{d:02d}T10:00:00+00:00" for m, d in
         ((8, 10), (9, 14), (10, 5), (11, 2), (11, 20), (12, 1))]
"""The days a batch's messages were said, one each, in order."""

# (what was said, one message a day, all in one batch; [(question, what the answer must say
# or None, what it must not say[, why not yet]), ...])
BATCHES = [
    # the persona Tomás: a plain "I'm a nurse at …" gives the employer, which the next job
    # ends; no home was said before Harrogate
    (["Hi! I'm Tomás, I'm a nurse at St Mary's hospital in Leeds.",
      "Moved to Harrogate last month, the commute to Leeds is fine.",
      "Switched jobs: now I'm a nurse at Harrogate District Hospital."], [
        ("Where do I work?", "Harrogate District Hospital", ["Mary"]),
        ("where did i work before?", "St Mary's", ["Harrogate District"]),
        ("Where did I live before Harrogate?", None, ["Harrogate", "Leeds"]),
        ("Where did I live before?", None, ["Harrogate", "Leeds"]),
    ]),
    # the persona Lucía: "Ahora trabajo en Cabify" after Glovo
    (["Hola, soy Lucía, trabajo de diseñadora en Glovo en Barcelona.",
      "Me mudé a Madrid la semana pasada.",
      "Ahora trabajo en Cabify, empecé el lunes."], [
        ("¿Dónde trabajo?", "Cabify", ["Glovo"]),
        ("¿Dónde trabajaba antes?", "Glovo", ["Cabify"]),
        ("¿Dónde trabajaba antes de Cabify?", "Glovo", ["Cabify"]),
        ("Where did I work before Cabify?", "Glovo", ["Cabify"]),
        ("¿Dónde vivía antes?", None, ["Madrid"]),
    ]),
    # the persona Jonas: a job changed by "unterrichten", a car by "Mein neues Auto"
    (["Hallo, ich bin Jonas und arbeite als Lehrer an einer Grundschule in Köln.",
      "Mein Auto ist ein blauer VW Golf, Kennzeichen K-JB 2024.",
      "Wir sind nach Bonn gezogen!",
      "Seit Oktober unterrichte ich an einem Gymnasium in Bonn.",
      "Mein neues Auto ist ein Tesla Model 3."], [
        ("Wo arbeite ich?", "Gymnasium in Bonn", ["Köln"]),
        ("Wo habe ich vorher gearbeitet?", "Grundschule in Köln", ["Gymnasium"]),
        ("Was für ein Auto habe ich?", "Tesla", ["Golf"]),
        ("Was für ein Auto hatte ich vorher?", "VW Golf", ["Tesla"]),
        ("Wo habe ich vorher gewohnt?", None, ["Bonn"]),
        ("Was ist mein Kennzeichen?", "K-JB 2024", [],
         "the Golf's message is now also a past semantic fact ('Das Auto des Nutzers ist ein "
         "blauer VW Golf', until the Tesla) whose details carry the plate; answer.py keeps "
         "past facts from a question of now and answers nothing, though the episode is there"),
    ]),
    # the persona Wang Fang: working at a bank in Shanghai is not living there, so nothing
    # was said of a home before Beijing
    (["我叫王芳，在上海的一家银行工作。", "我的猫叫咪咪。", "我搬到北京了。"], [
        ("我住在哪里？", "北京", ["上海"]),
        ("我在哪里工作？", "上海的一家银行", []),
        ("我以前住在哪里？", None, ["北京", "上海"]),
        ("我搬到北京之前住在哪里？", None, ["北京", "上海"]),
    ]),
    # other wordings of a job changed in a later message
    (["I'm a teacher at Hillside Primary.", "I'm a teacher at Oakfield Academy now."], [
        ("Where do I work?", "Oakfield Academy", ["Hillside"]),
        ("Where did I work before?", "Hillside Primary", ["Oakfield"]),
    ]),
    (["Soy enfermera en el Hospital La Paz.",
      "Ahora soy enfermera en el Hospital Gregorio Marañón."], [
        ("¿Dónde trabajo?", "Gregorio Marañón", ["La Paz"]),
        ("¿Dónde trabajaba antes?", "La Paz", ["Marañón"]),
    ]),
    (["Soy enfermera en el Hospital La Paz.", "Ahora soy enfermera en el Ramón y Cajal."], [
        ("¿Dónde trabajo?", "Ramón y Cajal", ["La Paz"]),
    ]),
    (["Je suis infirmière à l'hôpital Saint-Louis.",
      "Maintenant je suis infirmière à l'hôpital Necker."], [
        ("Où est-ce que je travaille ?", "Necker", ["Saint-Louis"]),
        ("Où est-ce que je travaillais avant ?", "Saint-Louis", ["Necker"]),
    ]),
    (["Ich bin Lehrerin an der Goethe-Schule.", "Ich unterrichte jetzt am Schiller-Gymnasium."], [
        ("Wo arbeite ich?", "Schiller-Gymnasium", ["Goethe"]),
        ("Wo habe ich vorher gearbeitet?", "Goethe-Schule", ["Schiller"]),
    ]),
    (["I work at Glovo.", "I'm at the gym a lot.", "We moved to Leeds.", "I work at Cabify."], [
        ("Where do I work?", "Cabify", ["Glovo"]),
        ("Where did I work before?", "Glovo", ["Cabify"]),
    ]),
    (["I work at Glovo.", "I work at Cabify."], [
        ("Where did I work before?", "Glovo", ["Cabify"]),
    ]),
    # a doctor one sees is no partner, and the name is not cut at the title
    (["I'm seeing Dr Amara Osei for my knee."], [
        ("Who is my partner?", None, ["Dr", "Amara"]),
    ]),
    (["I've been seeing Tom for three months, he's lovely."], [
        ("Who is my partner?", "Tom", []),
    ]),
]

# (what was said first, what was said later, [(question, says, not said[, why]), ...])
SESSIONS = [
    (["Ich arbeite als Lehrer an einer Grundschule in Köln."],
     ["Seit Oktober unterrichte ich an einem Gymnasium in Bonn."], [
        ("Wo arbeite ich?", "Gymnasium in Bonn", ["Köln"]),
        ("Wo habe ich vorher gearbeitet?", "Grundschule in Köln", ["Gymnasium"]),
    ]),
    (["Mein Auto ist ein blauer VW Golf."], ["Mein neues Auto ist ein Tesla Model 3."], [
        ("Was für ein Auto habe ich?", "Tesla", ["Golf"]),
        ("Was für ein Auto hatte ich vorher?", "VW Golf", ["Tesla"]),
    ]),
    (["I'm a nurse at St Mary's hospital in Leeds."],
     ["Switched jobs: now I'm a nurse at Harrogate District Hospital."], [
        ("Where do I work?", "Harrogate District Hospital", ["Mary"]),
        ("Where did I work before?", "St Mary's", ["Harrogate District"]),
    ]),
    (["Je suis infirmière à l'hôpital Saint-Louis."],
     ["J'enseigne au lycée Victor Hugo maintenant."], [
        ("Où est-ce que je travaille ?", "Victor Hugo", ["Saint-Louis"]),
    ]),
    (["I'm a nurse."], ["Moved to Harrogate last month."], [
        ("Where did I live before Harrogate?", None, ["Harrogate"]),
    ]),
    (["Ich bin Lehrer."], ["Wir sind nach Bonn gezogen!"], [
        ("Wo habe ich vor Bonn gewohnt?", None, ["Bonn"]),
    ]),
]

# (what was said, one message a day in one batch; the value replaced, the value that holds)
SECRETS = [
    (["The wifi password at home is kiwi-Lantern-42",
      "New wifi password is kiwi-Lantern-77, the old one leaked."],
     "kiwi-Lantern-42", "kiwi-Lantern-77"),
    (["Das WLAN-Passwort ist Sonne2023.",
      "Hab das WLAN-Passwort geändert, jetzt ist es Mond2024."], "Sonne2023", "Mond2024"),
    (["La contraseña del wifi es gato123.", "Cambié la contraseña del wifi, ahora es perro456."],
     "gato123", "perro456"),
]


def _said_in_one_batch(system: MemorySystem, user: str, texts: Sequence[str]) -> None:
    """``user`` says ``texts``, one a day, processed together, with nothing failed or left."""
    for text, at in zip(texts, _DAYS, strict=False):
        system.add([{"role": "user", "content": text}], user_id=user, occurred_at=at)
    report = system.flush(user)
    assert report.failed_inputs == [] and report.pending_inputs == []


@pytest.fixture(scope="module")
def batches(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path = tmp_path_factory.mktemp("fresh_batches")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for n, (texts, _) in enumerate(BATCHES):
            _said_in_one_batch(system, f"b{n}", texts)
        for n, (texts, *_) in enumerate(SECRETS):
            _said_in_one_batch(system, f"s{n}", texts)
        yield system


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told(tmp_path_factory.mktemp("fresh_sessions"), SESSIONS, FIRST, LATER) as system:
        yield system


@pytest.mark.parametrize(("n", "question", "says", "not_said"),
                         asked([([], texts, questions) for texts, questions in BATCHES]))
def test_a_change_in_one_batch_is_answered(batches: MemorySystem, n: int, question: str,
                                           says: str | None, not_said: list[str]) -> None:
    says_only(batches.chat(question, user_id=f"b{n}").answer, says, not_said)


@pytest.mark.parametrize(("n", "question", "says", "not_said"), asked(SESSIONS))
def test_a_change_in_a_later_session_is_answered(sessions: MemorySystem, n: int, question: str,
                                                 says: str | None, not_said: list[str]) -> None:
    says_only(sessions.chat(question, user_id=f"u{n}").answer, says, not_said)


def _current_and_past(system: MemorySystem, user: str, kind: str) -> dict[str, bool]:
    """Each stored semantic summary of ``user`` about ``kind`` words, past or not."""
    return {f.summary: f.is_past() for f in system.store.list("semantic", user)
            if kind in f.summary}


def test_the_old_job_and_car_are_kept_as_past_with_their_end(batches: MemorySystem) -> None:
    """What a later message of the batch replaced is a past fact, true until that message;
    the block holds the new value."""
    block = "\n".join(b.value for b in batches.store.list("core", "b2"))
    assert "Gymnasium in Bonn" in block and "Tesla Model 3" in block, block
    assert "Köln" not in block and "Golf" not in block, block
    past = {f.summary: f.valid_until for f in batches.store.list("semantic", "b2")
            if f.valid_until is not None}
    assert past == {"Der Nutzer arbeitet an einer Grundschule in Köln.":
                    past.get("Der Nutzer arbeitet an einer Grundschule in Köln."),
                    "Das Auto des Nutzers ist ein blauer VW Golf.":
                    past.get("Das Auto des Nutzers ist ein blauer VW Golf.")}, past
    assert all(until is not None for until in past.values()), past
    assert _current_and_past(batches, "b0", "works at") == {"The user works at St Mary's.": True}


def test_a_doctor_one_sees_is_no_partner(batches: MemorySystem) -> None:
    n = next(n for n, (texts, _) in enumerate(BATCHES) if "Dr Amara" in texts[0])
    stored = [*(b.value for b in batches.store.list("core", f"b{n}")),
              *(f.summary for f in batches.store.list("semantic", f"b{n}"))]
    assert not [s for s in stored if "partner" in s], stored


@pytest.mark.parametrize(("n", "old", "new"), [
    pytest.param(n, old, new, id=texts[-1][:40]) for n, (texts, old, new) in enumerate(SECRETS)])
def test_a_secret_changed_later_in_the_batch_keeps_the_old_value_as_past(
        batches: MemorySystem, n: int, old: str, new: str) -> None:
    held = {e.secret_value: e.is_past() for e in batches.store.list(
        "knowledge_vault", f"s{n}", reveal_secrets=True)}
    assert held == {old: True, new: False}
