"""``insert``: structured items stored without a model, validated, with history, in chunks."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import UTC, datetime, timedelta, timezone

import pytest

from mirix_like import AsyncMemorySystem, MemorySystem
from mirix_like.errors import InvalidItemError, UnknownMemoryTypeError
from mirix_like.store import MemoryStore
from mirix_like.store import store as store_module
from mirix_like.store.secrets import MASK

START = datetime(2023, 3, 1, 9, 30, tzinfo=UTC)
PHRASES = ["hiked the ridge trail with Maya", "上周五和妹妹去爬山",
           "Bäckerei am Markt: Brot gekauft",
           "fixed the \"quoted\" bug in parser.c", "called the dentist's office; moved to 3 pm",
           "カフェでラテを飲んだ", "paid rent — €1,250 — on time", "' OR 1=1; -- not SQL"]


def events(count: int, offset: int = 0) -> list[dict]:
    """Varied events: several languages and punctuation, zones, metadata and provenance."""
    return [{"summary": f"{PHRASES[n % len(PHRASES)]} (#{n + offset})",
             "occurred_at": (START + timedelta(hours=n + offset)).astimezone(
                 timezone(timedelta(hours=5, minutes=30)) if n % 2 else UTC),
             "metadata": {"n": n + offset, "tags": ["bulk", str(n % 3)]},
             "source_ids": [f"import-{n + offset}"]}
            for n in range(count)]


@pytest.fixture
def memory(tmp_path):
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        yield system


def test_items_are_stored_as_given_with_provenance_and_one_batch_in_history(memory):
    stored = memory.insert("episodic", events(5), user_id="ada")
    assert [i.summary for i in stored] == [e["summary"] for e in events(5)]
    got = memory.get("episodic", stored[1].id, user_id="ada")
    assert got.source_ids == ["import-1"] and got.metadata == {"n": 1, "tags": ["bulk", "1"]}
    assert got.occurred_at == START + timedelta(hours=1)
    histories = [memory.history(i.id, user_id="ada") for i in stored]
    assert all(len(h) == 1 and h[0].action == "insert" and h[0].actor == "user"
               for h in histories)
    assert len({h[0].batch_id for h in histories}) == 1 and histories[0][0].batch_id
    assert histories[0][0].after["summary"] == stored[0].summary
    hits = memory.search("dentist", user_id="ada", memory_types=["episodic"], method="fts")
    assert [h.item.id for h in hits] == [stored[4].id]
    assert memory.store.count("episodic", "ada") == 5


def test_more_items_than_one_chunk_are_all_stored_once_and_can_be_undone(memory, monkeypatch):
    monkeypatch.setattr(store_module, "WRITE_CHUNK", 700)
    stored = memory.insert("episodic", events(2_500), user_id="ada")
    ids = [i.id for i in memory.store.iter_items("episodic", "ada")]
    assert len(ids) == 2_500 and Counter(ids).most_common(1)[0][1] == 1
    assert set(ids) == {i.id for i in stored}
    assert memory.store.count("episodic", "ada") == 2_500
    batch = memory.history(stored[-1].id, user_id="ada")[0].batch_id
    assert memory.store.rollback("ada", batch) == 2_500
    assert memory.store.count("episodic", "ada") == 0
    assert list(memory.store.iter_items("episodic", "ada")) == []


@pytest.mark.parametrize("bad", [
    {"summary": 42},
    {"summary": "fine", "occurred_at": "last tuesday"},
    {"summary": "fine", "occurred_at": "2024-01-01T10:00:00"},  # no time zone
    {"summary": "fine", "unknown_field": 1},
    {"summary": "fine", "metadata": {"x": float("nan")}},
    "just a string",
    {"summary": "fine", "user_id": "bob"},  # another user
])
def test_one_invalid_item_stores_nothing(memory, bad):
    memory.insert("episodic", events(2), user_id="ada")
    before = sorted(i.id for i in memory.store.iter_items("episodic", "ada"))
    with pytest.raises(InvalidItemError):
        memory.insert("episodic", [*events(1_500, offset=10), bad, *events(3, offset=2_000)],
                      user_id="ada")
    assert sorted(i.id for i in memory.store.iter_items("episodic", "ada")) == before
    assert memory.store.count("episodic", "ada") == 2
    assert memory.store.users() == ["ada"]


def test_duplicate_ids_in_one_insert_and_unknown_types_are_refused(memory):
    with pytest.raises(InvalidItemError, match="same id"):
        memory.insert("semantic", [{"id": "x", "name": "a", "summary": "a"},
                                   {"id": "x", "name": "b", "summary": "b"}], user_id="ada")
    with pytest.raises(UnknownMemoryTypeError):
        memory.insert("episodik", events(1), user_id="ada")
    with pytest.raises(InvalidItemError):
        memory.insert("episodic", {"summary": "not a list"}, user_id="ada")
    assert memory.insert("episodic", [], user_id="ada") == []


def test_an_existing_id_is_replaced_and_keeps_its_creation_time(memory):
    [first] = memory.insert("semantic", [{"id": "lisbon", "name": "Lisbon",
                                          "summary": "capital of Portugal"}], user_id="ada")
    [second] = memory.insert("semantic", [{"id": "lisbon", "name": "Lisbon",
                                           "summary": "on the Tagus"}], user_id="ada")
    assert second.created_at == first.created_at
    assert memory.store.count("semantic", "ada") == 1
    assert [e.action for e in memory.history("lisbon", user_id="ada")] == ["insert", "update"]
    assert memory.history("lisbon", user_id="ada")[1].before["summary"] == "capital of Portugal"


def test_users_are_isolated_and_ids_are_per_user(memory):
    memory.insert("semantic", [{"id": "same", "name": "A", "summary": "ada's"}], user_id="ada")
    memory.insert("semantic", [{"id": "same", "name": "B", "summary": "bob's"}], user_id="bob")
    assert memory.get("semantic", "same", user_id="ada").summary == "ada's"
    assert memory.get("semantic", "same", user_id="bob").summary == "bob's"
    assert memory.store.count("semantic", "ada") == memory.store.count("semantic", "bob") == 1


def test_vault_values_are_encrypted_and_masked(memory, tmp_path):
    memory.insert("knowledge_vault", [{"caption": "wifi", "secret_value": "hunter2-xyz",
                                       "sensitivity": "high"}], user_id="ada")
    [item] = memory.list("knowledge_vault", user_id="ada")
    assert item.secret_value == MASK
    assert memory.get("knowledge_vault", item.id, user_id="ada",
                      reveal_secrets=True).secret_value == "hunter2-xyz"
    files = [p for p in (tmp_path / "store").rglob("*") if p.is_file()]
    assert not any(b"hunter2-xyz" in p.read_bytes() for p in files)


def test_the_async_twin(tmp_path):
    async def main() -> list[str]:
        system = AsyncMemorySystem(store_uri=str(tmp_path / "store"), backend="offline")
        try:
            stored = await system.insert("procedural", [
                {"summary": "brew tea", "steps": ["boil", "steep 2 min"]}], user_id="ada")
            return [i.summary for i in await system.list("procedural", user_id="ada")] + [
                stored[0].summary]
        finally:
            await system.close()

    assert asyncio.run(main()) == ["brew tea", "brew tea"]


def test_a_store_insert_of_items_with_their_own_ids_after_a_restart(tmp_path):
    """Ids given by the caller are looked up (a replace), ids made up are not: both right."""
    path = tmp_path / "store"
    MemoryStore(path).insert("episodic", "ada", [{"id": "e1", "summary": "first"}])
    again = MemoryStore(path)
    again.insert("episodic", "ada", [{"id": "e1", "summary": "second"}, {"summary": "new"}])
    assert sorted(i.summary for i in again.iter_items("episodic", "ada")) == ["new", "second"]
    assert again.count("episodic", "ada") == 2
