"""MemoryStore round trips: insert, get, update, delete, history, restore, core blocks, inputs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from mirix_like import memory_types
from mirix_like.embedders import DEFAULT_EMBEDDER, HashingEmbedder, make_embedder
from mirix_like.errors import (
    CoreBlockLimitError,
    EmbedderMismatchError,
    InvalidInputError,
    InvalidItemError,
    ItemNotFoundError,
)
from mirix_like.store import MemoryStore, RawInput

ITEM_TYPES = [n for n in memory_types.names()]


def dump(item) -> dict:
    return item.model_dump()


# ----------------------------------------------------------------- insert and get


@pytest.mark.parametrize("memory_type", ITEM_TYPES)
def test_insert_then_get_returns_the_same_item(store, make_item, memory_type):
    fields = make_item(memory_type, metadata={"origin": "test", "n": 3}, source_ids=["in-1"])
    [stored] = store.insert(memory_type, "ada", [fields])
    got = store.get(memory_type, "ada", stored.id, reveal_secrets=True)
    assert dump(got) == dump(stored)
    assert got.user_id == "ada"
    assert got.metadata == {"origin": "test", "n": 3}
    assert got.source_ids == ["in-1"]
    for name, value in fields.items():
        assert getattr(got, name) == value, name
    assert store.count(memory_type, "ada") == 1


def test_insert_several_and_list_newest_first(store, make_item):
    base = datetime(2024, 1, 1, tzinfo=UTC)
    items = [make_item("semantic", name=f"fact {i}", created_at=base + timedelta(days=i))
             for i in range(5)]
    stored = store.insert("semantic", "ada", items)
    assert store.count("semantic", "ada") == 5
    listed = store.list("semantic", "ada")
    assert [i.id for i in listed] == [i.id for i in reversed(stored)]
    assert {i.id for i in store.iter_items("semantic", "ada")} == {i.id for i in stored}


def test_times_are_stored_and_returned_in_utc(store, make_item):
    local = datetime(2023, 7, 14, 20, 15, tzinfo=timezone(timedelta(hours=2)))
    [event] = store.insert("episodic", "ada", [make_item("episodic", occurred_at=local,
                                                          created_at=local)])
    got = store.get("episodic", "ada", event.id)
    assert got.occurred_at == local and got.created_at == local
    assert got.occurred_at.utcoffset() == timedelta(0)
    assert (got.occurred_at.hour, got.occurred_at.minute) == (18, 15)


def test_insert_with_an_existing_id_replaces_and_records_an_update(store, make_item):
    [first] = store.insert("semantic", "ada", [make_item("semantic", id="lisbon")])
    store.insert("semantic", "ada", [make_item("semantic", id="lisbon", summary="Lisboa!")])
    assert store.count("semantic", "ada") == 1
    assert store.get("semantic", "ada", "lisbon").summary == "Lisboa!"
    actions = [e.action for e in store.history("ada", "lisbon")]
    assert actions == ["insert", "update"]
    assert store.history("ada", "lisbon")[1].before["summary"] == first.summary


def test_get_of_a_missing_item_raises_item_not_found(store):
    with pytest.raises(ItemNotFoundError, match="missing"):
        store.get("semantic", "ada", "missing")
    with pytest.raises(KeyError):  # ItemNotFoundError is also a KeyError
        store.get("semantic", "ada", "missing")


# ----------------------------------------------------------------- update and history


def test_update_changes_fields_and_keeps_the_before_value_in_history(store, make_item):
    [fact] = store.insert("semantic", "ada", [make_item("semantic")])
    updated = store.update("semantic", "ada", fact.id, {"summary": "Capital city of Portugal",
                                                         "metadata": {"checked": True}},
                           actor="semantic_manager")
    got = store.get("semantic", "ada", fact.id)
    assert got.summary == updated.summary == "Capital city of Portugal"
    assert got.metadata == {"checked": True}
    assert got.created_at == fact.created_at
    assert got.updated_at > fact.updated_at
    history = store.history("ada", fact.id)
    assert [e.action for e in history] == ["insert", "update"]
    assert history[1].before["summary"] == "Lisbon is the capital of Portugal"
    assert history[1].after["summary"] == "Capital city of Portugal"
    assert history[1].actor == "semantic_manager"
    assert history[0].before is None and history[0].after["summary"] == fact.summary


def test_update_changes_what_search_finds(store, make_item):
    [fact] = store.insert("semantic", "ada", [make_item("semantic")])
    store.update("semantic", "ada", fact.id, {"summary": "famous for pasteis de nata"})
    assert [h.item.id for h in store.search("pasteis", "ada", method="fts")] == [fact.id]
    assert store.search("Portugal", "ada", method="fts") == []


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"summary": ""}, "summary"), ({"summary": 42}, "summary"), ({"steps": "one"}, "steps"),
     ({"entry_type": "recipe"}, "entry_type"), ({"colour": "red"}, "colour")],
)
def test_an_invalid_update_raises_and_leaves_the_item_unchanged(store, make_item, changes,
                                                                 field):
    [proc] = store.insert("procedural", "ada", [make_item("procedural")])
    with pytest.raises(InvalidItemError, match=field):
        store.update("procedural", "ada", proc.id, changes)
    assert dump(store.get("procedural", "ada", proc.id)) == dump(proc)
    assert [e.action for e in store.history("ada", proc.id)] == ["insert"]


def test_update_cannot_change_id_owner_or_creation_time(store, make_item):
    [fact] = store.insert("semantic", "ada", [make_item("semantic")])
    for changes in ({"user_id": "eve"}, {"id": "other"},
                    {"created_at": datetime(2000, 1, 1, tzinfo=UTC)}):
        with pytest.raises(InvalidItemError):
            store.update("semantic", "ada", fact.id, changes)
    assert dump(store.get("semantic", "ada", fact.id)) == dump(fact)
    assert store.count("semantic", "eve") == 0


def test_update_of_a_missing_item_raises(store):
    with pytest.raises(ItemNotFoundError):
        store.update("semantic", "ada", "missing", {"summary": "x"})


# ----------------------------------------------------------------- delete and restore


def test_delete_then_restore_from_history_brings_it_back(store, make_item):
    [keep, gone] = store.insert("episodic", "ada", [
        make_item("episodic", summary="kept event"),
        make_item("episodic", summary="deleted event", metadata={"k": "v"}),
    ])
    assert store.delete("episodic", "ada", [gone.id, "never-existed"]) == [gone.id]
    with pytest.raises(ItemNotFoundError):
        store.get("episodic", "ada", gone.id)
    assert store.count("episodic", "ada") == 1
    assert store.search("deleted", "ada", method="fts") == []
    assert store.delete("episodic", "ada", [gone.id]) == []

    entry = store.history("ada", gone.id)[-1]
    assert entry.action == "delete" and entry.before["summary"] == "deleted event"
    restored = store.restore("ada", entry.id)
    assert dump(restored) == dump(gone)
    assert dump(store.get("episodic", "ada", gone.id)) == dump(gone)
    assert [h.item.id for h in store.search("deleted", "ada", method="fts")] == [gone.id]
    assert [e.action for e in store.history("ada", gone.id)] == ["insert", "delete", "restore"]
    assert dump(store.get("episodic", "ada", keep.id)) == dump(keep)


def test_restore_an_update_puts_the_old_value_back(store, make_item):
    [fact] = store.insert("semantic", "ada", [make_item("semantic")])
    store.update("semantic", "ada", fact.id, {"summary": "wrong fact"})
    update_entry = store.history("ada", fact.id)[-1]
    store.restore("ada", update_entry.id)
    assert store.get("semantic", "ada", fact.id).summary == fact.summary


def test_restore_of_an_insert_or_unknown_entry_raises(store, make_item):
    [fact] = store.insert("semantic", "ada", [make_item("semantic")])
    insert_entry = store.history("ada", fact.id)[0]
    with pytest.raises(InvalidInputError):
        store.restore("ada", insert_entry.id)
    with pytest.raises(ItemNotFoundError):
        store.restore("ada", "no-such-entry")
    assert dump(store.get("semantic", "ada", fact.id)) == dump(fact)


# ----------------------------------------------------------------- core blocks


def test_core_blocks_are_items_keyed_by_their_label(store):
    with pytest.raises(ItemNotFoundError):
        store.get("core", "ada", "human")
    store.insert("core", "ada", [{"label": "human", "value": "Name: Ada\nLikes green tea"},
                                 {"label": "persona", "value": "Friendly and brief"}])
    assert store.get("core", "ada", "human").lines() == ["Name: Ada", "Likes green tea"]
    assert store.get("core", "ada", "persona").value == "Friendly and brief"
    store.insert("core", "ada", [{"label": "human", "value": "Name: Ada Lovelace"}],
                 actor="core_manager")
    assert store.get("core", "ada", "human").value == "Name: Ada Lovelace"
    assert store.count("core", "ada") == 2 and store.count("core", "bob") == 0
    history = store.history("ada", "human")
    assert [(e.action, e.actor) for e in history] == [("insert", "api"),
                                                      ("update", "core_manager")]
    assert history[1].before["value"] == "Name: Ada\nLikes green tea"
    with pytest.raises(InvalidItemError, match="label"):
        store.insert("core", "ada", [{"id": "persona", "label": "human", "value": "x"}])


def test_core_block_at_the_limit_is_kept_and_over_it_raises(store):
    store.insert("core", "ada", [{"label": "human", "value": "a" * 5_000}])
    assert len(store.get("core", "ada", "human").value) == 5_000
    with pytest.raises(CoreBlockLimitError, match="5001|5,001|limit"):
        store.insert("core", "ada", [{"label": "human", "value": "b" * 5_001}])
    assert store.get("core", "ada", "human").value == "a" * 5_000
    assert [e.action for e in store.history("ada", "human")] == ["insert"]


def test_core_block_with_an_unknown_label_raises(store):
    with pytest.raises(InvalidItemError, match="label"):
        store.insert("core", "ada", [{"label": "assistant", "value": "text"}])
    assert store.count("core", "ada") == 0


# ----------------------------------------------------------------- raw inputs


def test_add_inputs_is_idempotent_per_user_and_id(store):
    first = [RawInput(id="m1", user_id="ada", text="hello"),
             RawInput(id="m2", user_id="ada", text="how are you")]
    store.add_inputs(first)
    again = store.add_inputs([RawInput(id="m1", user_id="ada", text="CHANGED"),
                              RawInput(id="m1", user_id="bob", text="bob's m1")])
    assert again[0].text == "hello"  # the stored version is returned
    assert again[1].text == "bob's m1"
    ada = store.inputs("ada")
    assert [(r.id, r.text) for r in ada] == [("m1", "hello"), ("m2", "how are you")]
    assert [(r.id, r.text) for r in store.inputs("bob")] == [("m1", "bob's m1")]
    assert len(store.inputs(None)) == 3


def test_input_status_and_filtering(store):
    store.add_inputs([RawInput(id=f"m{i}", user_id="ada", text=f"msg {i}") for i in range(4)])
    store.set_input_status("ada", ["m0", "m1"], "processed")
    store.set_input_status("ada", ["m2"], "failed", error="model timed out")
    assert [r.id for r in store.inputs("ada", status="pending")] == ["m3"]
    assert [r.id for r in store.inputs("ada", status="processed")] == ["m0", "m1"]
    [failed] = store.inputs("ada", status="failed")
    assert (failed.id, failed.error, failed.attempts) == ("m2", "model timed out", 1)
    store.set_input_status("ada", ["m2"], "pending")
    assert [r.id for r in store.inputs("ada", status="pending")] == ["m2", "m3"]
    assert [r.id for r in store.inputs("ada", ids=["m1", "m3", "zz"])] == ["m1", "m3"]
    # another user's ids are untouched by ada's status change
    store.add_inputs([RawInput(id="m0", user_id="bob", text="bob")])
    store.set_input_status("ada", ["m0"], "failed", error="x")
    assert store.inputs("bob")[0].status == "pending"


def test_inputs_keep_their_text_and_times(store):
    at = datetime(2023, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=-5)))
    raw = RawInput(id="m1", user_id="ada", text="图片里有一只猫", occurred_at=at,
                   metadata={"app": "chat"}, role="user")
    store.add_inputs([raw])
    [got] = store.inputs("ada")
    assert got.text == "图片里有一只猫" and got.occurred_at == at
    assert got.occurred_at.utcoffset() == timedelta(0)
    assert got.metadata == {"app": "chat"} and got.role == "user"


# ----------------------------------------------------------------- reopening and admin


def test_reopened_store_sees_everything(store_path, make_item):
    first = MemoryStore(store_path)
    stored = {name: first.insert(name, "ada", [make_item(name)])[0] for name in ITEM_TYPES
              if name != "core"}
    first.insert("core", "ada", [{"label": "persona", "value": "Be concise"}])
    first.add_inputs([RawInput(id="m1", user_id="ada", text="hi")])
    fact = stored["semantic"]
    first.update("semantic", "ada", fact.id, {"details": "seven hills"})

    second = MemoryStore(store_path)
    for name, item in stored.items():
        got = second.get(name, "ada", item.id, reveal_secrets=True)
        if name != "semantic":
            assert dump(got) == dump(item)
    assert second.get("semantic", "ada", fact.id).details == "seven hills"
    assert second.get("core", "ada", "persona").value == "Be concise"
    assert [r.id for r in second.inputs("ada")] == ["m1"]
    assert [e.action for e in second.history("ada", fact.id)] == ["insert", "update"]
    assert [h.item.id for h in second.search("hiking", "ada", method="fts")] == [
        stored["episodic"].id]


def test_opening_with_another_embedder_raises_and_keeps_the_data(store_path, make_item):
    first = MemoryStore(store_path, embedder=HashingEmbedder(dim=384))
    [event] = first.insert("episodic", "ada", [make_item("episodic")])
    with pytest.raises(EmbedderMismatchError, match="384"):
        MemoryStore(store_path, embedder=HashingEmbedder(dim=64))
    again = MemoryStore(store_path, embedder=HashingEmbedder(dim=384))
    assert dump(again.get("episodic", "ada", event.id)) == dump(event)
    assert [h.item.id for h in again.search("hiking", "ada")] == [event.id]


def test_a_store_opened_with_no_embedder_keeps_the_one_it_was_built_with(store_path,
                                                                         make_item):
    small = MemoryStore(store_path, embedder=HashingEmbedder(dim=64))
    [event] = small.insert("episodic", "ada", [make_item("episodic")])
    assert [h.item.id for h in small.search("hiking", "ada", method="vector")] == [event.id]
    with pytest.raises(EmbedderMismatchError, match="hashing-v2-64"):
        MemoryStore(store_path, embedder=HashingEmbedder(dim=384))
    again = MemoryStore(store_path)
    assert (again.embedder.name, again.embedder.dim) == ("hashing-v2-64", 64)
    assert [h.item.id for h in again.search("hiking", "ada", method="vector")] == [event.id]


def test_a_new_store_opened_with_no_embedder_gets_the_default(store_path):
    name = make_embedder(DEFAULT_EMBEDDER).name
    assert MemoryStore(store_path).embedder.name == name
    assert MemoryStore(store_path).embedder.name == name


def test_users_lists_every_user_with_items_or_inputs(store, make_item):
    assert store.users() == []
    store.insert("semantic", "carol", [make_item("semantic")])
    store.insert("core", "ada", [{"label": "human", "value": "Ada"}])
    store.add_inputs([RawInput(user_id="bob", text="hi")])
    assert store.users() == ["ada", "bob", "carol"]


def test_duplicate_ids_in_one_insert_leave_one_item(store, make_item):
    try:
        store.insert("semantic", "ada", [make_item("semantic", id="dup", summary="first"),
                                         make_item("semantic", id="dup", summary="second")])
    except InvalidItemError:
        assert store.count("semantic", "ada") == 0
        return
    assert store.count("semantic", "ada") == 1
    assert len(list(store.iter_items("semantic", "ada"))) == 1


def test_rollback_undoes_one_batch_inserts_updates_and_deletes(store, make_item):
    [kept] = store.insert("semantic", "ada", [make_item("semantic", name="kept")])
    [changed] = store.insert("semantic", "ada", [make_item("semantic", name="changed")])
    [removed] = store.insert("semantic", "ada", [make_item("semantic", name="removed")])
    [other] = store.insert("semantic", "bob", [make_item("semantic", name="bob's")])

    store.insert("semantic", "ada", [make_item("semantic", name="new")], batch_id="b1")
    store.update("semantic", "ada", changed.id, {"summary": "rewritten"}, batch_id="b1")
    store.delete("semantic", "ada", [removed.id], batch_id="b1")
    store.update("semantic", "ada", kept.id, {"summary": "by another batch"}, batch_id="b2")

    assert store.rollback("ada", "b1") == 3
    names = sorted(i.name for i in store.iter_items("semantic", "ada"))
    assert names == ["changed", "kept", "removed"]
    assert store.get("semantic", "ada", changed.id).summary == changed.summary
    assert store.get("semantic", "ada", kept.id).summary == "by another batch"
    assert store.get("semantic", "bob", other.id) == other
    assert store.rollback("ada", "unknown") == 0
