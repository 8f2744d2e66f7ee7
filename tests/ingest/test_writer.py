"""The batch writer: what one memory update may write, and how."""

from __future__ import annotations

from datetime import UTC, datetime

from mirix_like.ingest.writer import BatchWriter
from mirix_like.store import MemoryStore, RawInput

AT = datetime(2025, 3, 2, 18, 30, tzinfo=UTC)


def test_repeated_items_in_one_call_are_stored_once_in_order(store: MemoryStore) -> None:
    raw = RawInput(id="m1", user_id="ada", text="Maya moved to Lisbon. Tom runs.",
                   occurred_at=AT)
    writer = BatchWriter(store, "ada", [raw])
    maya = {"name": "Maya", "summary": "Maya moved to Lisbon."}
    tom = {"name": "Tom", "summary": "Tom runs marathons."}
    stored = writer.insert("semantic", [maya, tom, dict(maya), {**maya, "source_ids": ["m1"]}],
                           actor="semantic_manager")
    assert [item.name for item in stored] == ["Maya", "Tom"]
    assert store.count("semantic", "ada") == 2
    assert writer.report.created["semantic"] == [item.id for item in stored]


def test_an_event_without_a_time_takes_its_inputs_time(store: MemoryStore) -> None:
    raw = RawInput(id="m1", user_id="ada", text="I hiked with Maya.", occurred_at=AT)
    writer = BatchWriter(store, "ada", [raw])
    [event] = writer.insert("episodic", [{"summary": "Ada hiked with Maya"}], actor="m")
    assert event.occurred_at == AT and event.source_ids == ["m1"]
