"""Where ``search`` and ``context`` spend their time at one size, beside what one table would cost.

Builds the store of eval/bench.py (same items, seed and hashing embedder), then reports p50 ms:
each type's full-text query alone (item columns at limit 10 and 50, the key alone at 50); the
parts of one ``context()`` (the store call, its rows made items, ranking, rendering); the
public ``search(limit=10)`` and ``context()``; the flat one-table baseline of eval/bench.py;
and a prototype of one table for every type (key, type, user, search text and the item as
JSON) searched once at limits 10, 50 and 100, which is what a single query would cost.

    python eval/bench_breakdown.py --size 100000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

import lancedb
import pyarrow as pa
from bench import USER, _timed, context, fill, flat_run, open_store, queries
from lancedb.index import FTS, BTree

from mirix_like import memory_types
from mirix_like.agents.chat import ChatAgent
from mirix_like.config import RetrievalSettings

_WHERE = f"user_id = '{USER}'"


def _p50(call: Callable[[str], Any], texts: Sequence[str]) -> float:
    return round(_timed(call, texts)["p50_ms"], 2)


def _fts(table: Any, limit: int, columns: list[str]) -> Callable[[str], Any]:
    return lambda text: (table.search(text, query_type="fts", fts_columns="search_text")
                         .where(_WHERE, prefilter=True).select([*columns, "_score"])
                         .limit(limit).to_arrow())


def per_type(db: Any, texts: Sequence[str]) -> dict[str, dict[str, float]]:
    """Each searched type's full-text query on its own table."""
    figures = {}
    for spec in memory_types.all_types():
        if spec.retrieval.always:
            continue
        table = db.open_table(spec.name)
        columns = [c for c in table.schema.names if c not in ("vector", "search_text")]
        figures[spec.name] = {"rows": table.count_rows(), "columns": len(columns),
                              "items_10": _p50(_fts(table, 10, columns), texts),
                              "items_50": _p50(_fts(table, 50, columns), texts),
                              "key_50": _p50(_fts(table, 50, ["key"]), texts)}
    return figures


async def _remember(user_id: str, statement: str) -> str:
    return "not in the benchmark"


def context_parts(memory: Any, texts: Sequence[str]) -> dict[str, float]:
    """One ``context()`` cut in its parts (private steps of the store and active retrieval)."""
    store = memory.store
    agent = ChatAgent(store, None, retrieval=RetrievalSettings(method="fts"),  # type: ignore[arg-type]
                      topic_mode="keywords", remember=_remember)
    active = agent.active
    parts: dict[str, list[float]] = {"store_call": [], "rows_to_items": [], "rank": [],
                                     "render": []}
    for text in texts:
        requests, asks = active._plan(text, text)
        plans, counted = store._plan(USER, requests, memory_types.names())
        marks = [time.perf_counter()]
        fetched = store._tables.run(store._fetch(USER, plans, counted))
        marks.append(time.perf_counter())
        found = store._results(requests, plans, counted, fetched)
        marks.append(time.perf_counter())
        hits, totals = active._ranked(asks, found, text)
        marks.append(time.perf_counter())
        active.context(hits, totals)
        marks.append(time.perf_counter())
        for name, start, end in zip(parts, marks, marks[1:], strict=False):
            parts[name].append((end - start) * 1000)
    figures = {name: round(statistics.median(values), 2) for name, values in parts.items()}
    figures["search"] = _p50(lambda q: memory.search(q, user_id=USER, method="fts", limit=10),
                             texts)
    figures["context"] = _p50(lambda q: context(agent, q), texts)
    return figures


def one_table(db: Any, folder: str, texts: Sequence[str]) -> dict[str, float]:
    """Every type's rows in one table, the item as JSON beside its search text."""
    parts = []
    for spec in memory_types.all_types():
        rows = db.open_table(spec.name).to_arrow()
        payload = rows.select([c for c in rows.column_names
                               if c not in ("vector", "search_text")]).to_pylist()
        parts.append(pa.table({
            "key": rows["key"], "memory_type": pa.array([spec.name] * rows.num_rows),
            "user_id": rows["user_id"], "search_text": rows["search_text"],
            "payload": pa.array([json.dumps(p, default=str) for p in payload])}))
    table = lancedb.connect(folder).create_table("one_table", pa.concat_tables(parts))
    table.create_index("user_id", config=BTree())
    table.create_index("search_text", config=FTS(with_position=False))
    table.optimize()
    columns = ["key", "memory_type", "payload"]
    return {f"all_types_{limit}": _p50(_fts(table, limit, columns), texts)
            for limit in (10, 50, 100)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    texts = queries(args.queries, args.seed)
    report: dict[str, Any] = {"size": args.size, "load_before": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="bench-breakdown-") as folder:
        memory = open_store(folder)
        fill(memory, args.size, random.Random(args.seed))
        memory.store.optimize()
        db = lancedb.connect(f"{folder}/store")
        report["per_type_fts"] = per_type(db, texts)
        report["context_parts"] = context_parts(memory, texts)
        report["one_table_prototype"] = one_table(db, f"{folder}/prototype", texts)
        memory.close()
    report["flat_fts_10"] = flat_run(args.size, args.queries, args.seed)["latency"]["fts_10"]
    report["load_after"] = os.getloadavg()[0]
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
