"""Every agent with the offline backend, against a real LanceDB store."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from autogen_core import CancellationToken

from mirix_like import MemorySystem
from mirix_like.agents.batch import Batch
from mirix_like.errors import InvalidInputError
from mirix_like.ingest.writer import BatchWriter
from mirix_like.memory_types import get
from mirix_like.memory_types.core import CORE_BLOCK_LIMIT
from mirix_like.memory_types.tools import item_tools

USER = "sam"
MARCH_3 = "2025-03-03T18:30:00+00:00"


@pytest.fixture
def memory(tmp_path: Path) -> MemorySystem:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        yield system


def add(memory: MemorySystem, text: str, message_id: str, at: str = MARCH_3):
    return memory.add([{"id": message_id, "role": "user", "name": "Sam", "content": text}],
                      user_id=USER, occurred_at=at, flush=True)


def test_events_keep_the_time_they_happened_and_their_source(memory: MemorySystem) -> None:
    report = add(memory, "Yesterday I hiked up Mount Tamalpais with my sister Maya.", "m1")
    assert "episodic" in report.routed and report.processed_inputs == ["m1"]
    [event] = memory.list("episodic", user_id=USER)
    assert "Tamalpais" in event.summary
    assert event.source_ids == ["m1"]
    assert event.occurred_at.date().isoformat() == "2025-03-02"  # "yesterday", not ingestion
    assert report.created["episodic"] == [event.id]


def test_facts_steps_secrets_and_user_statements_reach_their_types(
    memory: MemorySystem,
) -> None:
    add(memory, "Maya is a marine biologist who studies octopuses.", "f1")
    add(memory, "To deploy my blog: first run make build, then run make test, and finally "
                "push the site folder with rsync.", "p1")
    add(memory, "My home wifi password is Otter-Lantern-42.", "v1")
    add(memory, "I work as a nurse at St. Mary's hospital.", "c1")

    [fact] = [f for f in memory.list("semantic", user_id=USER) if f.name == "Maya"]
    assert "marine biologist" in fact.summary and fact.source_ids == ["f1"]
    [procedure] = memory.list("procedural", user_id=USER)
    assert len(procedure.steps) == 3 and "make build" in procedure.steps[0]
    [secret] = memory.list("knowledge_vault", user_id=USER)
    assert secret.secret_value == "********"  # masked unless asked for
    secret = memory.get("knowledge_vault", secret.id, user_id=USER, reveal_secrets=True)
    assert secret.secret_value == "Otter-Lantern-42" and secret.sensitivity == "high"
    assert "Otter-Lantern-42" not in secret.caption
    human = memory.store.get("core", USER, "human")
    assert "nurse" in human.value and "c1" in human.source_ids


def test_high_sensitivity_secrets_never_reach_the_chat_prompt(memory: MemorySystem) -> None:
    add(memory, "My home wifi password is Otter-Lantern-42.", "v1")
    response = memory.chat("What is my wifi password?", user_id=USER)
    assert "Otter-Lantern-42" not in response.answer
    assert all(h.memory_type != "knowledge_vault" for h in response.memories)
    assert response.counts["knowledge_vault"] == (0, 1)


def test_chat_answers_from_memory_and_reports_what_it_used(memory: MemorySystem) -> None:
    add(memory, "My favourite food is ramen.", "m1")
    add(memory, "I started a pottery class at the Clay Studio.", "m2")
    response = memory.chat("What is my favourite food?", user_id=USER)
    assert "ramen" in response.answer.lower()
    assert any("ramen" in getattr(h.item, "summary", "") for h in response.memories)
    assert response.topics and "food" in " ".join(response.topics).lower()


def test_chinese_input_stays_chinese(memory: MemorySystem) -> None:
    add(memory, "昨天我和妹妹去了西湖划船。", "z1", at="2025-03-03T12:00:00+08:00")
    [event] = memory.list("episodic", user_id=USER)
    assert "西湖" in event.summary
    assert not any(word in event.summary.lower() for word in ("lake", "yesterday", "sister"))
    assert event.occurred_at.astimezone(UTC).date().isoformat() == "2025-03-02"
    hits = memory.search("西湖", user_id=USER, memory_types=["episodic"], method="fts")
    assert [h.item.id for h in hits] == [event.id]


def test_inputs_wait_for_a_full_batch_then_flush_together(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "s"), backend="offline", batch_size=3) as memory:
        for n in range(2):
            report = memory.add(f"I visited museum number {n} today.", user_id=USER)
            assert not report.processed_inputs and report.pending_inputs
        assert len(memory.pending(USER)) == 2
        assert memory.list("episodic", user_id=USER) == []
        report = memory.add("I visited museum number 2 today.", user_id=USER)
        assert len(report.processed_inputs) == 3
        assert memory.pending(USER) == []
        assert len(memory.list("episodic", user_id=USER)) == 3


def test_repeated_statements_update_instead_of_duplicating(memory: MemorySystem) -> None:
    add(memory, "Maya is a marine biologist.", "f1")
    add(memory, "Maya is a marine biologist.", "f2")
    add(memory, "Maya is a surfer.", "f3")
    facts = [f for f in memory.list("semantic", user_id=USER) if f.name == "Maya"]
    assert len(facts) == 1
    assert "surfer" in facts[0].summary and "marine biologist" in facts[0].details
    assert [e.action for e in memory.history(facts[0].id, user_id=USER)] == ["insert", "update"]
    events = memory.list("episodic", user_id=USER)
    assert len([e for e in events if "marine biologist" in e.summary]) == 1


def test_full_core_block_is_rewritten_to_about_half(memory: MemorySystem) -> None:
    lines = [f"Sam likes hobby number {n} a lot." for n in range(140)]
    memory.store.insert("core", USER, [{"label": "human", "value": "\n".join(lines)}])
    assert len(memory.store.get("core", USER, "human").value) > 0.9 * CORE_BLOCK_LIMIT
    add(memory, "I am allergic to peanuts.", "c1")
    block = memory.store.get("core", USER, "human").value
    assert len(block) <= 0.55 * CORE_BLOCK_LIMIT
    assert "peanuts" in block
    history = memory.history("human", user_id=USER)
    assert len(history[-1].before["value"]) > 0.9 * CORE_BLOCK_LIMIT  # old block kept


def test_managers_can_only_change_items_they_were_shown(memory: MemorySystem) -> None:
    add(memory, "Maya is a marine biologist.", "f1")
    [fact] = [f for f in memory.list("semantic", user_id=USER)]
    writer = BatchWriter(memory.store, USER, inputs=[])
    batch = Batch(inputs=[], writer=writer)
    tools = {t.name: t for t in item_tools(get("semantic"), batch, "semantic_manager")}
    delete = tools["delete_semantic"]
    args = delete.args_type()(item_ids=[fact.id])
    with pytest.raises(InvalidInputError, match="not among the existing items"):
        asyncio.run(delete.run(args, CancellationToken()))
    assert memory.get("semantic", fact.id, user_id=USER) == fact
    writer.show("semantic", [fact.id])
    asyncio.run(delete.run(args, CancellationToken()))
    assert memory.list("semantic", user_id=USER) == []


def test_other_users_memories_are_invisible(memory: MemorySystem) -> None:
    add(memory, "My favourite food is ramen.", "m1")
    assert memory.search("ramen", user_id="someone-else") == []
    response = memory.chat("What is my favourite food?", user_id="someone-else")
    assert "ramen" not in response.answer.lower() and response.memories == []


def test_occurred_at_must_carry_a_time_zone(memory: MemorySystem) -> None:
    with pytest.raises(InvalidInputError, match="time zone"):
        memory.add("hello", user_id=USER, occurred_at=datetime(2025, 1, 1))
    assert memory.pending(USER) == []


SMALL_TALK = ["hello", "thanks!", "ok", "lol", "good night", "danke!", "merci", "好的",
              "Hey Sam!", "cool, thanks a lot", "see you tomorrow", "okay, bye!", "haha nice",
              "Gute Nacht!", "Vielen Dank, tschüss", "merci beaucoup, à demain", "bonne nuit",
              "¡Muchas gracias!", "hasta mañana", "谢谢！", "晚安", "👍", "np", "sounds good",
              "Hallo zusammen!", "Salut tout le monde", "¡Hola a todos!", "brb", "Nice one 😂"]


@pytest.mark.parametrize("chatter", SMALL_TALK)
def test_small_talk_alone_ends_processed_with_nothing_stored(memory: MemorySystem,
                                                              chatter: str) -> None:
    report = add(memory, chatter, "t1")
    assert report.processed_inputs == ["t1"] and not report.failed_inputs, report.errors
    assert report.routed == [] and report.changed == 0
    assert "nothing worth remembering" in report.nothing_stored["t1"]
    assert memory.failed(USER) == [] and memory.pending(USER) == []
    assert all(memory.list(name, user_id=USER) == [] for name in ("episodic", "semantic"))


def test_small_talk_beside_news_in_one_batch_stores_only_the_news(memory: MemorySystem) -> None:
    report = memory.add([{"id": "t1", "role": "user", "content": "thanks!"},
                         {"id": "t2", "role": "user", "content": "We adopted a puppy named Biscuit "
                                                                 "last weekend."},
                         {"id": "t3", "role": "user", "content": "good night"}],
                        user_id=USER, occurred_at=MARCH_3, flush=True)
    assert sorted(report.processed_inputs) == ["t1", "t2", "t3"] and not report.failed_inputs
    assert set(report.nothing_stored) == {"t1", "t3"}
    [event] = memory.list("episodic", user_id=USER)
    assert "Biscuit" in event.summary and event.source_ids == ["t2"]


@pytest.mark.parametrize("said", ["Thanks for the tip, I booked the flight to Oslo.",
                                  "Good night at the opera yesterday, Tosca was superb.",
                                  "Danke, ich fliege morgen nach Rom.",
                                  "Merci, je commence mon nouveau travail lundi.",
                                  "谢谢，我下周去上海出差。"])
def test_polite_words_around_news_do_not_hide_it(memory: MemorySystem, said: str) -> None:
    report = add(memory, said, "n1")
    assert report.processed_inputs == ["n1"] and report.changed > 0 and not report.nothing_stored


LEAK = re.compile(r"</?\w+>|(?:^|\s)\d+: |\bdetails:|\[\d{4}-\d{2}-\d{2}|\(\w+, \w+\)|[{}]")
PERSONA = ["I live in Lisbon.", "My favorite band is Radiohead.",
           "I'm a software engineer at Spotify.",
           "My brother Leo lives in Porto and he is a chef.",
           "Last Saturday I went to the Alfama flea market with Leo.",
           "My dentist is Dr. Patel.", "我的女儿叫小雨，她今年五岁。", "我在腾讯工作。"]


@pytest.fixture(scope="module")
def persona(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    """One user who said :data:`PERSONA` over several days (read-only for the tests)."""
    store = tmp_path_factory.mktemp("persona") / "store"
    with MemorySystem(store_uri=str(store), backend="offline") as memory:
        for n, said in enumerate(PERSONA):
            add(memory, said, f"p{n}", at=f"2025-03-{10 + n}T08:15:00+00:00")
        yield memory


@pytest.mark.parametrize(("question", "expected"), [
    ("Where do I live now?", "Sam lives in Lisbon."),
    ("What's my favourite band?", "Sam's favorite band is Radiohead."),
    # "a software engineer at Spotify" is two facts, where Sam works and as what; the
    # later "我在腾讯工作" replaced the first, and is found by an English question
    ("Where do I work?", "腾讯"),
    ("What is my job?", "Sam works as a software engineer."),
    ("Who is my dentist?", "Sam's dentist is Dr. Patel."),
    ("我女儿叫什么名字？", "小雨"),
    ("我在哪里工作？", "腾讯"),
    ("Where does Tom live?", "I don't have that in memory."),
])
def test_persona_answers_are_clean_and_right(persona: MemorySystem, question: str,
                                             expected: str) -> None:
    response = persona.chat(question, user_id=USER)
    assert expected in response.answer and not LEAK.search(response.answer)


@pytest.mark.parametrize("question", ["Where does Leo live?", "What does Leo do for a living?",
                                      "Is Leo a chef?"])
def test_answers_about_a_named_person_come_from_memories_about_them(
        persona: MemorySystem, question: str) -> None:
    response = persona.chat(question, user_id=USER)
    assert "Leo" in response.answer and not LEAK.search(response.answer)


def test_the_readme_question_is_answered_from_the_memory_it_shows(memory: MemorySystem) -> None:
    add(memory, "I live in Lisbon.", "m1")
    response = memory.chat("Where do I live now?", user_id=USER)
    assert response.answer == "Sam lives in Lisbon."
    assert any("Lisbon" in str(h.item) for h in response.memories)


@pytest.mark.parametrize(("text", "name", "says"), [
    ("My sister Maya lives in Lisbon.", "Maya", "Lisbon"),
    ("My brother Leo lives in Porto and he is a chef.", "Leo", "Porto"),
    ("Dario is my climbing partner; he works at Google.", "Dario", "climbing partner"),
    ("My tennis coach Ravi is from Chennai.", "Ravi", "Chennai"),
])
def test_facts_about_someone_else_make_one_semantic_item_about_them(
        memory: MemorySystem, text: str, name: str, says: str) -> None:
    add(memory, text, "s1")
    [item] = [f for f in memory.list("semantic", user_id=USER) if f.name == name]
    assert says in f"{item.summary} {item.details}" and item.source_ids == ["s1"]
    assert not any(says in block.value for block in memory.list("core", user_id=USER))


def test_facts_about_the_user_land_in_the_core_block(memory: MemorySystem) -> None:
    for n, said in enumerate(["My favourite food is ramen.", "I work as a nurse at St. Mary's.",
                              "I'm allergic to peanuts.", "I speak Portuguese and Spanish."]):
        add(memory, said, f"c{n}")
    human = memory.store.get("core", USER, "human").value
    # "works as a nurse at St. Mary's" sets two things that change apart: two lines
    for fact in ("favourite food is ramen", "works at St. Mary's", "works as a nurse",
                 "allergic to peanuts", "speaks Portuguese"):
        assert fact in human


@pytest.mark.parametrize(("text", "steps"), [
    ("To deploy: first run make build, then make test, finally push.", 3),
    ("To reset the router, unplug it, wait 30 seconds, then plug it back in.", 3),
    ("Steps to renew my passport: fill in the form, then book an appointment, and finally "
     "bring two photos.", 3),
    ("Backup routine:\n1. plug in the drive\n2. run the backup script\n3. eject the drive\n"
     "4. put it in the drawer", 4),
])
def test_step_sequences_become_one_procedure(memory: MemorySystem, text: str,
                                             steps: int) -> None:
    report = add(memory, text, "p1")
    assert "procedural" in report.routed
    [procedure] = memory.list("procedural", user_id=USER)
    assert len(procedure.steps) == steps and procedure.source_ids == ["p1"]
