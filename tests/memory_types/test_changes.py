"""Facts that change: the new value is current, the old one is kept with the range it held."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest
from autogen_core import CancellationToken

from mirix_like.agents.batch import Batch
from mirix_like.errors import InvalidInputError
from mirix_like.ingest.writer import BatchWriter
from mirix_like.memory_types import get
from mirix_like.memory_types.core import core_tools
from mirix_like.memory_types.knowledge_vault import VaultEntry
from mirix_like.memory_types.knowledge_vault import render as render_vault
from mirix_like.memory_types.semantic import SemanticFact
from mirix_like.memory_types.semantic import render as render_fact
from mirix_like.memory_types.tools import item_tools
from mirix_like.retrieval.ranking import fuse, rerank
from mirix_like.store import MemoryStore, RawInput

USER = "ada"
JAN = datetime(2025, 1, 10, 9, tzinfo=UTC)
SEP = datetime(2025, 9, 15, 9, tzinfo=UTC)


def _batch(store: MemoryStore, when: datetime, text: str = "a change") -> Batch:
    raw = RawInput(id=f"in-{when:%m%d}", user_id=USER, text=text, occurred_at=when)
    return Batch(inputs=[raw], writer=BatchWriter(store, USER, inputs=[raw]))


def _run(tools: dict[str, Any], name: str, **args: Any) -> str:
    tool = tools[name]
    return asyncio.run(tool.run(tool.args_type()(**args), CancellationToken()))


def _tools(store: MemoryStore, memory_type: str, when: datetime) -> tuple[Batch, dict[str, Any]]:
    batch = _batch(store, when)
    spec = get(memory_type)
    factory = core_tools if memory_type == "core" else item_tools
    return batch, {t.name: t for t in factory(spec, batch, f"{memory_type}_manager")}


def _code(store: MemoryStore, value: str, when: datetime, supersedes: list[str]) -> str:
    batch, tools = _tools(store, "knowledge_vault", when)
    batch.writer.show("knowledge_vault", supersedes)
    _run(tools, "insert_knowledge_vault", items=[{
        "caption": "Gym locker code of the user", "secret_value": value, "entry_type": "code",
        "sensitivity": "medium", "supersedes": supersedes}])
    return batch.writer.report.created["knowledge_vault"][0] if (
        batch.writer.report.created.get("knowledge_vault")) else ""


def test_a_new_vault_value_keeps_the_old_one_with_its_range(store: MemoryStore) -> None:
    old = _code(store, "4471", JAN, [])
    new = _code(store, "7730", SEP, [old])
    entries = {e.id: e for e in store.list("knowledge_vault", USER)}
    kept = store.get_many("knowledge_vault", USER, [old, new], reveal_secrets=True)
    assert kept[new].secret_value == "7730" and kept[new].valid_from == SEP
    assert kept[new].valid_until is None and not kept[new].is_past()
    assert kept[old].secret_value == "4471" and kept[old].valid_until == SEP
    assert kept[old].is_past() and set(entries) == {old, new}
    assert render_vault(kept[old]).endswith("4471 (until 2025-09-15).")
    assert render_vault(kept[new]) == "Gym locker code of the user is 7730 (since 2025-09-15)."
    # Undo: the history of the old entry shows the change and restoring it makes it current.
    [_, ended] = store.history(USER, old)
    assert ended.before["valid_until"] is None
    store.restore(USER, ended.id, actor="user")
    assert store.get("knowledge_vault", USER, old).valid_until is None


def test_repeating_the_same_vault_value_changes_nothing(store: MemoryStore) -> None:
    old = _code(store, "4471", JAN, [])
    assert _code(store, "4471", SEP, [old]) == ""
    [entry] = store.list("knowledge_vault", USER)
    assert entry.id == old and entry.valid_until is None


def test_only_shown_items_can_be_superseded(store: MemoryStore) -> None:
    old = _code(store, "4471", JAN, [])
    _, tools = _tools(store, "knowledge_vault", SEP)
    with pytest.raises(InvalidInputError, match="not among the existing items"):
        _run(tools, "insert_knowledge_vault", items=[{
            "caption": "Gym locker code", "secret_value": "7730", "supersedes": [old]}])
    assert [e.id for e in store.list("knowledge_vault", USER)] == [old]


def test_a_semantic_fact_that_changes_keeps_its_past_and_ranks_below(
        store: MemoryStore) -> None:
    batch, tools = _tools(store, "semantic", JAN)
    _run(tools, "insert_semantic", items=[{"name": "Maya", "summary": "Maya lives in Porto."}])
    [porto] = store.list("semantic", USER)
    batch, tools = _tools(store, "semantic", SEP)
    batch.writer.show("semantic", [porto.id])
    _run(tools, "insert_semantic", items=[{"name": "Maya", "summary": "Maya lives in Madrid.",
                                            "supersedes": [porto.id]}])
    facts = {f.summary: f for f in store.list("semantic", USER)}
    assert facts["Maya lives in Porto."].valid_until == SEP
    assert facts["Maya lives in Madrid."].valid_from == SEP
    assert render_fact(facts["Maya lives in Porto."]) == "Maya lives in Porto (until 2025-09-15)."
    hits = store.search("Maya lives", USER, memory_types=["semantic"], limit=5)
    now, _ = rerank(fuse(hits), "Where does Maya live?")
    before, _ = rerank(fuse(hits), "Where did Maya live before Madrid?")
    assert [h.item.summary for h in now][0] == "Maya lives in Madrid."
    assert {h.item.summary for h in before} == {"Maya lives in Madrid.", "Maya lives in Porto."}
    assert before[[h.item.summary for h in before].index("Maya lives in Porto.")].score > (
        now[[h.item.summary for h in now].index("Maya lives in Porto.")].score)


def test_a_replaced_core_line_is_kept_as_a_past_fact(store: MemoryStore) -> None:
    _, tools = _tools(store, "core", JAN)
    _run(tools, "core_append", label="human", content="Ada lives in Lisbon.\nAda likes tea.")
    _, tools = _tools(store, "core", SEP)
    _run(tools, "core_replace", label="human", line_numbers=[1],
         content="Ada lives in Vienna.", valid_from=SEP)
    assert store.get("core", USER, "human").value == (
        "Ada lives in Vienna (since 2025-09-15).\nAda likes tea.")
    [past] = store.list("semantic", USER)
    assert past.summary == "Ada lives in Lisbon." and past.valid_until == SEP
    assert past.valid_from is None
    assert render_fact(past) == "Ada lives in Lisbon (until 2025-09-15)."
    later = datetime(2026, 2, 1, tzinfo=UTC)
    _, tools = _tools(store, "core", later)
    _run(tools, "core_replace", label="human", line_numbers=[1], content="Ada lives in Graz.",
         valid_from=later)
    ranges = {f.summary: (f.valid_from, f.valid_until) for f in store.list("semantic", USER)}
    # Its "since" (a day) became its start.
    assert ranges["Ada lives in Vienna."] == (SEP.replace(hour=0), later)
    # A correction (no valid_from) keeps no past fact.
    _run(tools, "core_replace", label="human", line_numbers=[2], content="Ada likes green tea.")
    assert len(store.list("semantic", USER)) == 2


def test_a_semantic_item_without_a_range_renders_as_before() -> None:
    fact = SemanticFact(user_id=USER, name="Luigi's", summary="Ada's favourite restaurant")
    assert render_fact(fact) == "Luigi's: Ada's favourite restaurant"
    entry = VaultEntry(user_id=USER, caption="Wifi password", secret_value="hunter2")
    assert render_vault(entry) == "Wifi password is hunter2."


def test_rolling_back_the_batch_of_a_change_makes_the_old_value_current(
        store: MemoryStore) -> None:
    old = _code(store, "4471", JAN, [])
    batch, tools = _tools(store, "knowledge_vault", SEP)
    batch.writer.show("knowledge_vault", [old])
    _run(tools, "insert_knowledge_vault", items=[{
        "caption": "Gym locker code of the user", "secret_value": "7730", "supersedes": [old]}])
    assert store.rollback(USER, batch.writer.batch_id) == 2
    [entry] = store.list("knowledge_vault", USER, reveal_secrets=True)
    assert entry.id == old and entry.secret_value == "4471" and entry.valid_until is None
