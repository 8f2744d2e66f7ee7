"""Export and import: a full round trip restores everything, a masked one everything but the
secrets, and importing merges into a non-empty store without duplicates, idempotently."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from reliability_kit import SECRET_PIN, snapshot

from mirix_like import MemorySystem
from mirix_like.store import MemoryStore
from mirix_like.store.secrets import MASK

ADA, BOB = "ada", "bob"


def everything(store: MemoryStore) -> dict[str, Any]:
    users = store.users()
    return {"items": snapshot(store),
            "inputs": {r.model_dump_json() for r in store.inputs(None)},
            "history": {e.model_dump_json() for u in users for e in store.history_of_user(u)}}


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    """Two users' memories of every type, with updates, a delete, a secret, a pending input."""
    with MemorySystem(store_uri=str(tmp_path_factory.mktemp("backup") / "source"),
                      backend="offline") as memory:
        for user, text in ((ADA, "Yesterday I hiked up Mount Tamalpais with my sister Maya. "
                            f"Maya is a marine biologist. My bank PIN is {SECRET_PIN}"),
                           (BOB, "I am a vegetarian. Last Friday I repaired my bike. Here is "
                            "the guide: https://example.com/bike-guide.pdf")):
            report = memory.add(text, user_id=user, flush=True,
                                occurred_at="2025-03-03T18:30:00+00:00")
            assert report.errors == []
        [event] = memory.list("episodic", user_id=ADA)
        memory.update("episodic", event.id, {"details": "a sunny day"}, user_id=ADA)
        [fact] = memory.list("semantic", user_id=ADA, limit=1)
        memory.delete("semantic", fact.id, user_id=ADA)
        memory.add("pending: call the plumber", user_id=BOB)
        yield memory


def export(memory: MemorySystem, directory: Path, **options: Any) -> Path:
    memory.export(directory, **options)
    return directory


def test_full_export_round_trip_restores_everything(source: MemorySystem, tmp_path: Path
                                                    ) -> None:
    summary = source.export(tmp_path / "full", include_secrets=True)
    assert summary.users == [ADA, BOB] and summary.secrets_included
    manifest = json.loads((tmp_path / "full" / "manifest.json").read_text())
    assert manifest["format"] == "mirix-like-export"
    with MemorySystem(store_uri=str(tmp_path / "copy"), backend="offline") as copy:
        copy.import_(tmp_path / "full")
        original, restored = everything(source.store), everything(copy.store)
        assert restored["items"] == original["items"]
        assert restored["inputs"] == original["inputs"]  # pending stays pending
        assert original["history"] <= restored["history"]
        extra = [json.loads(e) for e in restored["history"] - original["history"]]
        assert {e["actor"] for e in extra} == {"import"}
        assert copy.get("knowledge_vault", copy.list("knowledge_vault", user_id=ADA)[0].id,
                        user_id=ADA, reveal_secrets=True).secret_value == SECRET_PIN
        # Search works on the copy as on the original.
        for user in (ADA, BOB):
            for query in ("Tamalpais hike", "bike guide", "vegetarian"):
                assert [h.item.id for h in copy.search(query, user_id=user)] == [
                    h.item.id for h in source.search(query, user_id=user)]
        # A delete made before the backup can still be undone after it.
        [deletion] = [json.loads(e) for e in original["history"]
                      if json.loads(e)["action"] == "delete"]
        copy.restore(deletion["id"], user_id=ADA)
        assert copy.get("semantic", deletion["item_id"], user_id=ADA)


def test_masked_export_holds_no_secret_and_imports_all_but_secrets(
        source: MemorySystem, tmp_path: Path) -> None:
    summary = source.export(tmp_path / "masked")
    assert not summary.secrets_included
    for path in (tmp_path / "masked").iterdir():
        assert SECRET_PIN not in path.read_text(encoding="utf-8"), path.name
    with MemorySystem(store_uri=str(tmp_path / "copy"), backend="offline") as copy:
        result = copy.import_(tmp_path / "masked")
        vault = len(list(source.store.iter_items("knowledge_vault", ADA)))
        assert vault and result.skipped["knowledge_vault.jsonl"] == vault
        restored, original = everything(copy.store)["items"], everything(source.store)["items"]
        assert restored == {k: v for k, v in original.items() if k[0] != "knowledge_vault"}
        assert copy.store.inputs(None) == []  # input texts were masked: not imported
        for user in (ADA, BOB):
            assert all(i.secret_value != MASK for i in copy.store.iter_items(
                "knowledge_vault", user, reveal_secrets=True))


def test_a_masked_import_never_overwrites_a_real_secret(source: MemorySystem, tmp_path: Path
                                                        ) -> None:
    export(source, tmp_path / "full", include_secrets=True)
    export(source, tmp_path / "masked")
    with MemorySystem(store_uri=str(tmp_path / "copy"), backend="offline") as copy:
        copy.import_(tmp_path / "full")
        before = everything(copy.store)
        copy.import_(tmp_path / "masked")
        assert everything(copy.store) == before


def test_import_merges_into_a_non_empty_store_without_duplicates_and_twice_is_once(
        source: MemorySystem, tmp_path: Path) -> None:
    first = export(source, tmp_path / "first", user_id=ADA, include_secrets=True)
    with MemorySystem(store_uri=str(tmp_path / "other"), backend="offline") as other:
        # The other store has memories of its own, for ada and for a user of its own...
        assert other.add("On Sunday I baked bread with Tom.", user_id=ADA, flush=True,
                         occurred_at="2025-03-09T10:00:00+00:00").errors == []
        assert other.add("I play the cello.", user_id="cyd", flush=True).errors == []
        # ...and an older copy of ada's memories, one of them since changed there.
        other.import_(first)
        [event] = [i for i in other.list("episodic", user_id=ADA) if "Tamalpais" in i.summary]
        other.update("episodic", event.id, {"details": "changed in the other store"},
                     user_id=ADA)
        own = everything(other.store)["items"]

        # Meanwhile the source moved on: an update and a new memory.
        [source_event] = [i for i in source.list("episodic", user_id=ADA)
                          if i.id == event.id]
        source.update("episodic", source_event.id, {"summary": source_event.summary + "!"},
                      user_id=ADA)
        assert source.add("Maya called me on Tuesday.", user_id=ADA, flush=True,
                          occurred_at="2025-03-04T09:00:00+00:00").errors == []
        second = export(source, tmp_path / "second", user_id=ADA, include_secrets=True)

        summary = other.import_(second)
        merged = everything(other.store)["items"]
        theirs = everything(source.store)["items"]
        # Nothing duplicated: one item per id, every id of both sides present.
        ids = Counter(key for key in merged)
        assert max(ids.values()) == 1
        assert set(merged) == set(own) | {k for k in theirs if k[1] == ADA}
        # The newer version wins, whichever side it is on.
        assert merged[("episodic", ADA, event.id)] == theirs[("episodic", ADA, event.id)]
        assert all(merged[k] == v for k, v in own.items()
                   if k not in theirs or k[1] != ADA)
        assert summary.counts["episodic.jsonl"] == 2  # the updated event and the new one

        # Importing again, or the older export again, changes nothing at all.
        settled = everything(other.store)
        for again in (second, first, second):
            result = other.import_(again)
            assert sum(result.counts.values()) == 0, result.counts
            assert everything(other.store) == settled


def test_importing_core_memory_keeps_the_facts_of_both_stores(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "here"), backend="offline") as here, \
            MemorySystem(store_uri=str(tmp_path / "there"), backend="offline") as there:
        assert here.add("I am a vegetarian.", user_id=ADA, flush=True).errors == []
        assert there.add("I live in Lisbon.", user_id=ADA, flush=True).errors == []
        there.export(tmp_path / "export")
        here.import_(tmp_path / "export")
        block = here.store.core_block(ADA, "human").value
    assert "vegetarian" in block and "Lisbon" in block
