"""A store of the first layout (one table per memory type) opens as it was, in one table.

``data/store_v1.tar.gz`` was written by the store of commit 721cc6b (a table per type): user
``ana`` with a core block, two events, a current and a past semantic fact, a workflow, a
resource, a vault entry with a high-sensitivity secret (key ``KEY`` below), one raw input;
user ``bo`` with one fact.
"""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from mirix_like.store import MemoryStore
from mirix_like.store.search import SearchRequest
from mirix_like.store.tables import Tables

KEY = "djEtZml4dHVyZS1rZXktMDEyMzQ1Njc4OWFiY2RlZiE="
FIXTURE = Path(__file__).parent / "data" / "store_v1.tar.gz"
COUNTS = {"core": 1, "episodic": 2, "semantic": 2, "procedural": 1, "resource": 1,
          "knowledge_vault": 1}


@pytest.fixture
def old_store(tmp_path: Path) -> Path:
    with tarfile.open(FIXTURE) as archive:
        archive.extractall(tmp_path, filter="data")
    return tmp_path / "store"


def open_store(path: Path) -> MemoryStore:
    return MemoryStore(path, secret_key=KEY)


def test_every_item_secret_input_and_history_comes_back(old_store: Path) -> None:
    store = open_store(old_store)
    assert {name: store.count(name, "ana") for name in COUNTS} == COUNTS
    assert store.count("semantic", "bo") == 1
    [vault] = store.list("knowledge_vault", "ana", reveal_secrets=True)
    assert vault.secret_value == "7730"
    assert store.list("knowledge_vault", "ana")[0].secret_value != "7730"  # masked
    [core] = store.list("core", "ana")
    assert "Ana works at Figma." in core.value
    hits = store.search("flight to Oslo", "ana", method="fts", limit=3)
    assert hits[0].item.summary == "Ana booked a flight to Oslo"
    [[past]] = store.search_many("ana", [SearchRequest("semantic", method="recent",
                                                       past=True)]).hits
    assert past.item.summary == "Ana lived in Madrid"
    assert [e.action for e in store.history("ana", hits[0].item.id)] == ["insert"]
    assert store.count_inputs("ana") == 1
    assert store.users() == ["ana", "bo"]
    assert "semantic" not in Tables(str(old_store), None, store._tables._consistency).names()


def test_the_moved_store_is_written_and_reopened_like_a_new_one(old_store: Path) -> None:
    store = open_store(old_store)
    [event] = store.search("hiking Sintra", "ana", method="fts", memory_types=["episodic"],
                           limit=1)
    store.update("episodic", "ana", event.item.id, {"summary": "Ana hiked in Sintra"})
    store.delete("procedural", "ana", [store.list("procedural", "ana")[0].id])
    store.insert("semantic", "ana", [{"name": "Oslo", "summary": "Ana flies to Oslo in June"}])
    again = open_store(old_store)
    assert again.get("episodic", "ana", event.item.id).summary == "Ana hiked in Sintra"
    assert again.count("procedural", "ana") == 0
    assert again.count("semantic", "ana") == 3
    assert [e.action for e in again.history("ana", event.item.id)] == ["insert", "update"]


def test_a_move_cut_short_is_finished_on_the_next_open(old_store: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    drop = Tables.drop

    def crash_at_semantic(self: Tables, name: str) -> None:
        if name == "semantic":
            raise OSError("power cut")
        drop(self, name)

    monkeypatch.setattr(Tables, "drop", crash_at_semantic)
    with pytest.raises(OSError, match="power cut"):
        open_store(old_store)
    monkeypatch.setattr(Tables, "drop", drop)
    store = open_store(old_store)  # semantic is moved again: no item twice, none lost
    assert {name: store.count(name, "ana") for name in COUNTS} == COUNTS
    assert len(store.list("semantic", "ana")) == 2
    assert store.count("semantic", "bo") == 1
