"""The search methods, each one query on the memories table through LanceDB's async API,
over one memory type or several at once.

Every method returns an Arrow table of at most ``limit`` rows, best first, with the item
columns asked for and a ``_score`` column (higher is better); rows become items only
after, and only those returned.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, get_args

import pyarrow as pa
import pyarrow.compute as pc
from lancedb.query import ColumnOrdering, MatchQuery
from lancedb.rerankers import RRFReranker

from mirix_like.store import filters
from mirix_like.store.schema import KEY
from mirix_like.text import index_text

SearchMethod = Literal["hybrid", "fts", "vector", "exact", "fuzzy", "recent"]
SEARCH_METHODS: tuple[str, ...] = get_args(SearchMethod)
MAX_LIMIT = 1_000
SCORE = "_score"
NEWEST = ColumnOrdering(column_name="time", ascending=False)


@dataclass(frozen=True)
class Plan:
    """One resolved query: method, text or vector, filter (which names the types) and
    columns."""

    method: str
    query: str
    vector: list[float] | None
    where: str
    limit: int
    columns: list[str]


@dataclass(frozen=True)
class Newest:
    """The newest rows of one (filter, limit), the table version they were read at, and
    the time of the oldest of them when there were ``limit`` (else ``None``)."""

    version: int
    rows: pa.Table
    floor: datetime | None


class RecentRows:
    """For each (filter, limit): the :class:`Newest` rows last read.

    At the version they were read at they are the answer (nothing was written since). At a
    later one their floor is a hint: a query for rows at or after it that finds ``limit``
    rows has found the newest ``limit`` (anything older is older than all of them); when it
    finds fewer (rows were deleted) the ordered scan runs instead. So a hint can be old but
    never wrong. At most ``size`` entries are kept (each at most ``limit`` rows).
    """

    def __init__(self, size: int = 1_000) -> None:
        self._known: dict[tuple[str, int], Newest] = {}
        self._size = size
        self._guard = threading.Lock()

    def get(self, key: tuple[str, int]) -> Newest | None:
        with self._guard:
            return self._known.get(key)

    def set(self, key: tuple[str, int], value: Newest) -> None:
        with self._guard:
            if len(self._known) >= self._size:
                self._known.clear()
            self._known[key] = value


async def run(table: Any, plan: Plan, recent: RecentRows) -> pa.Table:
    """The rows ``plan`` asks for from ``table`` (an AsyncTable), best first, with a
    ``_score`` column."""
    text = index_text(plan.query)
    where, limit = plan.where, plan.limit
    if plan.method == "recent":
        return await _recent(table, plan, recent)
    if plan.method == "exact":
        needle = filters.literal(plan.query.lower())
        query = (table.query().where(f"{where} AND strpos(lower(search_text), {needle}) > 0")
                 .order_by([NEWEST]).select(plan.columns).limit(limit))
        return _scored(await query.to_arrow(), 1.0)
    if plan.method == "fts":
        return await _full_text(table, plan, MatchQuery(text, "search_text"))
    if plan.method == "fuzzy":
        # Fuzzy terms skip the index's lower-casing and stemming, and only see indexed rows:
        # exact (stemmed) matches come first, then matches within one edit.
        await _fold_new_rows(table)
        exact = await _full_text(table, plan, MatchQuery(text, "search_text"))
        try:
            near = await _full_text(table, plan,
                                    MatchQuery(text.lower(), "search_text", fuzziness=1))
        except RuntimeError as exc:
            # A very long or unusual term outgrows the index's edit automaton: exact only.
            if "Levenshtein" not in str(exc):
                raise
            return exact.slice(0, limit)
        near = near.filter(pc.invert(pc.is_in(near[KEY], exact[KEY])))
        return pa.concat_tables([exact, near]).slice(0, limit)
    vector_query = (table.query().nearest_to(plan.vector).column("vector")
                    .distance_type("cosine").where(where).limit(limit))
    if plan.method == "vector" or not any(ch.isalnum() for ch in text):
        rows = await vector_query.select([*plan.columns, "_distance"]).to_arrow()
        return _scored(rows, pc.subtract(1.0, rows["_distance"]))
    # Hybrid: both legs at once, fused by reciprocal rank (LanceDB's RRF reranker).
    fts_query = (table.query().nearest_to_text(MatchQuery(text, "search_text")).where(where)
                 .select([*plan.columns, "_score"]).with_row_id().limit(limit))
    vectors, texts = await asyncio.gather(
        vector_query.select([*plan.columns, "_distance"]).with_row_id().to_arrow(),
        fts_query.to_arrow())
    fused = RRFReranker().rerank_hybrid(plan.query, vectors, texts).slice(0, limit)
    return _scored(fused, fused["_relevance_score"])


async def _recent(table: Any, plan: Plan, recent: RecentRows) -> pa.Table:
    """The ``limit`` newest rows by each type's time field: those last read if nothing was
    written since, else a range query on the time index from their floor, else an ordered
    scan (top-k, bounded memory)."""
    key = (plan.where, plan.limit)
    version = await table.version()
    known = recent.get(key)
    rows = None
    if known is not None and known.version == version:
        rows = known.rows
    elif known is not None and known.floor is not None:
        where = f"{plan.where} AND time >= {filters.timestamp(known.floor)}"
        rows = await _ordered(table, plan, where)
        if rows.num_rows < plan.limit:
            rows = None
    if rows is None:
        rows = await _ordered(table, plan, plan.where)
    if known is None or known.rows is not rows:
        # Read at ``version`` or later: if later, the entry is never used as the answer.
        floor = rows["time"][-1].as_py() if rows.num_rows == plan.limit else None
        recent.set(key, Newest(version, rows, floor))
    return _scored(rows, pa.array([1.0 / (1 + n) for n in range(rows.num_rows)]))


async def _ordered(table: Any, plan: Plan, where: str) -> pa.Table:
    query = (table.query().where(where).order_by([NEWEST])
             .select(plan.columns).limit(plan.limit))
    return await query.to_arrow()


async def _full_text(table: Any, plan: Plan, match: MatchQuery) -> pa.Table:
    query = (table.query().nearest_to_text(match).where(plan.where)
             .select([*plan.columns, "_score"]).limit(plan.limit))
    rows = await query.to_arrow()
    return _scored(rows, rows["_score"])


def _scored(rows: pa.Table, score: Any) -> pa.Table:
    """``rows`` with only the item columns and one float ``_score`` column."""
    names = [n for n in rows.column_names if not n.startswith("_")]
    if not isinstance(score, pa.Array | pa.ChunkedArray):
        score = pa.array([float(score)] * rows.num_rows, pa.float64())
    return rows.select(names).append_column(SCORE, pc.cast(score, pa.float64()))


async def _fold_new_rows(table: Any) -> None:
    stats = await table.index_stats("search_text_idx")
    if stats is not None and stats.num_unindexed_rows:
        await table.optimize()
