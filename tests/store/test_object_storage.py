"""A store on ``s3://`` against a local S3 emulator (moto_server): the local store's behaviours.

One emulator and one store prefix serve the module; each test works as its own user.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from support.servers import moto_s3

from mirix_like import MemorySystem, memory_types
from mirix_like.errors import ItemNotFoundError
from mirix_like.store import MemoryStore, RawInput
from mirix_like.surfaces.keys import ApiKeys

BUCKET = "memories"


@pytest.fixture(scope="module")
def s3() -> Iterator[dict[str, str]]:
    """Storage options of a fresh moto S3 server on 127.0.0.1 with one bucket."""
    with moto_s3(BUCKET) as options:
        yield options


@pytest.fixture(scope="module")
def uri() -> str:
    return f"s3://{BUCKET}/{uuid.uuid4().hex}"


@pytest.fixture(scope="module")
def store(uri: str, s3: dict[str, str]) -> MemoryStore:
    return MemoryStore(uri, storage_options=s3)


@pytest.mark.parametrize("memory_type", memory_types.names())
def test_insert_get_list_count(store: MemoryStore, make_item, memory_type: str) -> None:
    user = f"insert-{memory_type}"
    [stored] = store.insert(memory_type, user, [make_item(memory_type, metadata={"n": 1})])
    got = store.get(memory_type, user, stored.id, reveal_secrets=True)
    assert got.model_dump() == stored.model_dump()
    assert [i.id for i in store.list(memory_type, user)] == [stored.id]
    assert store.count(memory_type, user) == 1
    assert store.count(memory_type, "someone-else") == 0


@pytest.mark.parametrize("method", ["hybrid", "fts", "vector", "exact", "fuzzy"])
def test_search_methods_find_the_item_and_only_for_its_user(store: MemoryStore, make_item,
                                                           method: str) -> None:
    user = f"search-{method}"
    store.insert("semantic", user, [
        make_item("semantic", name="Lisbon", summary="Lisbon is the capital of Portugal"),
        make_item("semantic", name="Tea", summary="Green tea steeps for two minutes")])
    query = "Portugl" if method == "fuzzy" else "capital of Portugal"  # fuzzy: a typo
    hits = store.search(query, user, memory_types=["semantic"], method=method)
    assert hits and hits[0].item.name == "Lisbon"
    assert store.search(query, "someone-else", method=method) == []


def test_update_delete_history_restore(store: MemoryStore, make_item) -> None:
    user = "history"
    [fact] = store.insert("semantic", user, [make_item("semantic")])
    store.update("semantic", user, fact.id, {"summary": "Lisbon is on the Tagus"})
    assert store.get("semantic", user, fact.id).summary == "Lisbon is on the Tagus"
    assert store.delete("semantic", user, [fact.id]) == [fact.id]
    with pytest.raises(ItemNotFoundError):
        store.get("semantic", user, fact.id)
    entries = store.history(user, fact.id)
    assert [e.action for e in entries] == ["insert", "update", "delete"]
    restored = store.restore(user, entries[-1].id)
    assert restored.summary == "Lisbon is on the Tagus"


def test_raw_inputs_and_their_status(store: MemoryStore) -> None:
    user = "inputs"
    [raw] = store.add_inputs([RawInput(user_id=user, text="buy milk")])
    assert [r.id for r in store.inputs(user, status="pending")] == [raw.id]
    store.set_input_status(user, [raw.id], "failed", "model down")
    [failed] = store.inputs(user, status="failed")
    assert failed.error == "model down"
    assert store.inputs(user, status="pending") == []


def test_two_stores_on_one_bucket_see_each_others_commits(store: MemoryStore, uri: str,
                                                         s3: dict[str, str], make_item) -> None:
    user, other = "shared", MemoryStore(uri, storage_options=s3)
    [fact] = store.insert("semantic", user, [make_item("semantic")])
    assert other.get("semantic", user, fact.id).summary == fact.summary
    other.update("semantic", user, fact.id, {"summary": "changed by the other server"})
    assert store.get("semantic", user, fact.id).summary == "changed by the other server"
    other.delete("semantic", user, [fact.id])
    assert store.list("semantic", user) == []


def test_memory_system_and_api_keys_on_object_storage(uri: str, s3: dict[str, str]) -> None:
    with MemorySystem(store_uri=uri, storage_options=s3, backend="offline") as memory:
        report = memory.add("My favourite food is ramen.", user_id="sam", flush=True)
        assert report.created["semantic"] and not report.errors
        assert "ramen" in memory.chat("What is my favourite food?", user_id="sam").answer
    _, key = ApiKeys(uri, storage_options=s3).create("sam")
    assert ApiKeys(uri, storage_options=s3).principal(key).user_id == "sam"  # another server
