"""Where ``search`` and ``context`` spend their time at one size.

Builds the store of eval/bench.py (same items and seed; the hashing embedder unless
``--embedder`` names another), then reports p50 ms:
the memories table's full-text query alone over every searched type (the item and its key at
limits 10 and 50, the key alone at 50); the parts of one full-text ``context()`` (the store
call, its rows made items, ranking, rendering); the public ``search(limit=10)`` and
``context()``, full-text and as the embedder's default (hybrid for a semantic one); and the
flat one-table baseline of eval/bench.py.

    python eval/bench_breakdown.py --size 100000 --embedder wordllama
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
from bench import USER, _timed, context, fill, flat_run, open_store, queries

from mirix_like import memory_types
from mirix_like.agents.chat import ChatAgent
from mirix_like.config import RetrievalSettings
from mirix_like.embedders import EMBEDDERS

_WHERE = f"user_id = '{USER}'"


def _p50(call: Callable[[str], Any], texts: Sequence[str]) -> float:
    return round(_timed(call, texts)["p50_ms"], 2)


def _fts(table: Any, where: str, limit: int, columns: list[str]) -> Callable[[str], Any]:
    return lambda text: (table.search(text, query_type="fts", fts_columns="search_text")
                         .where(where, prefilter=True).select([*columns, "_score"])
                         .limit(limit).to_arrow())


def memories_fts(db: Any, texts: Sequence[str]) -> dict[str, float]:
    """The memories table's full-text query over every searched type, alone."""
    table = db.open_table("memories")
    searched = ", ".join(f"'{spec.name}'" for spec in memory_types.all_types()
                         if not spec.retrieval.always)
    where = f"{_WHERE} AND memory_type IN ({searched})"
    return {"rows": table.count_rows(),
            "items_10": _p50(_fts(table, where, 10, ["key", "memory_type", "item"]), texts),
            "items_50": _p50(_fts(table, where, 50, ["key", "memory_type", "item"]), texts),
            "key_50": _p50(_fts(table, where, 50, ["key"]), texts)}


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
    figures["search_default"] = _p50(lambda q: memory.search(q, user_id=USER, limit=10), texts)
    figures["context_default"] = _p50(lambda q: memory.context(q, user_id=USER), texts)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="hashing")
    args = parser.parse_args(argv)
    texts = queries(args.queries, args.seed)
    report: dict[str, Any] = {"size": args.size, "embedder": args.embedder,
                              "load_before": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="bench-breakdown-") as folder:
        memory = open_store(folder, args.embedder)
        fill(memory, args.size, random.Random(args.seed))
        memory.store.optimize()
        db = lancedb.connect(f"{folder}/store")
        report["memories_fts"] = memories_fts(db, texts)
        report["context_parts"] = context_parts(memory, texts)
        memory.close()
    report["flat_fts_10"] = flat_run(args.size, args.queries, args.seed)["latency"]["fts_10"]
    report["load_after"] = os.getloadavg()[0]
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
