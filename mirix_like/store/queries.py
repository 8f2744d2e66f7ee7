"""The search methods, each one LanceDB query on one memory table."""

from __future__ import annotations

from typing import Any

import numpy as np
from lancedb.query import MatchQuery
from lancedb.rerankers import RRFReranker

from mirix_like.memory_types import MemoryType
from mirix_like.store import filters
from mirix_like.store.schema import KEY
from mirix_like.text import index_text

SEARCH_METHODS: tuple[str, ...] = ("hybrid", "fts", "vector", "exact", "fuzzy", "recent")
MAX_LIMIT = 1_000
Scored = list[tuple[dict[str, Any], float]]


def run_query(table: Any, spec: MemoryType, method: str, query: str,
              qvec: list[float] | None, where: str, limit: int) -> Scored:
    """Rows of ``table`` matching ``where``, best first, with a score (higher is better)."""
    text = index_text(query)
    if method == "recent":
        return most_recent(table, spec, where, limit)
    if method == "exact":
        needle = filters.literal(query.lower())
        builder = table.search().where(f"{where} AND strpos(lower(search_text), {needle}) > 0")
        rows = builder.limit(MAX_LIMIT).to_list()
        rows.sort(key=lambda r: r[spec.time_field], reverse=True)
        return [(r, 1.0) for r in rows[:limit]]
    if method == "fts":
        return _full_text(table, MatchQuery(text, "search_text"), where, limit)
    if method == "fuzzy":
        # Fuzzy terms skip the index's lower-casing and stemming, and only see indexed rows:
        # exact (stemmed) matches come first, then matches within one edit.
        _fold_new_rows(table)
        exact = _full_text(table, MatchQuery(text, "search_text"), where, limit)
        near = _full_text(table, MatchQuery(text.lower(), "search_text", fuzziness=1), where,
                          limit)
        seen = {row[KEY] for row, _ in exact}
        return (exact + [(row, score) for row, score in near if row[KEY] not in seen])[:limit]
    vector_query = (table.search(qvec, vector_column_name="vector").distance_type("cosine")
                    .where(where, prefilter=True))
    if method == "vector" or not any(ch.isalnum() for ch in text):
        return [(r, 1.0 - float(r["_distance"])) for r in vector_query.limit(limit).to_list()]
    hybrid = (table.search(query_type="hybrid", vector_column_name="vector",
                           fts_columns="search_text")
              .vector(qvec).text(MatchQuery(text, "search_text")).distance_type("cosine")
              .where(where, prefilter=True)
              .rerank(RRFReranker()).limit(limit))
    return [(r, float(r["_relevance_score"])) for r in hybrid.to_list()]


def most_recent(table: Any, spec: MemoryType, where: str, limit: int) -> Scored:
    """The ``limit`` newest rows by the type's time field."""
    times = table.search().where(where).select([KEY, spec.time_field]).limit(None).to_arrow()
    if times.num_rows == 0:
        return []
    order = np.argsort(times.column(spec.time_field).to_numpy(zero_copy_only=False))[::-1]
    keys = [times.column(KEY)[int(i)].as_py() for i in order[:limit]]
    key_list = ", ".join(filters.literal(k) for k in keys)
    rows = table.search().where(f"{KEY} IN ({key_list})").limit(len(keys)).to_list()
    rank = {k: n for n, k in enumerate(keys)}
    rows.sort(key=lambda r: rank[r[KEY]])
    return [(r, 1.0 / (1 + rank[r[KEY]])) for r in rows]


def _full_text(table: Any, match: MatchQuery, where: str, limit: int) -> Scored:
    rows = table.search(match, query_type="fts").where(where, prefilter=True).limit(limit)
    return [(r, float(r["_score"])) for r in rows.to_list()]


def _fold_new_rows(table: Any) -> None:
    stats = table.index_stats("search_text_idx")
    if stats is not None and stats.num_unindexed_rows:
        table.optimize()
