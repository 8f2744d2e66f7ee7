"""mem0's side of eval/bench.py, run by the Python of a separate virtual environment.

mem0 is not a dependency of mirix_like, so it lives in its own venv::

    python3 -m venv /tmp/mem0venv && /tmp/mem0venv/bin/pip install mem0ai

and ``eval/bench.py --mem0-python /tmp/mem0venv/bin/python`` runs this script with the
same item texts and queries it gives the flat baseline. Setup: mem0's offline local mode,
Qdrant embedded on disk (``path=``), ``add(..., infer=False)`` (no model: each message is
stored as it is), its default ``search``; the embedder is replaced by mirix_like's hashing
embedder (imported from this checkout; numpy only), so both sides embed the same way and
no model is downloaded. mem0's LLM is configured but never called (``infer=False``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


class HashingAdapter:
    """mirix_like's hashing embedder behind mem0's embedder interface."""

    def __init__(self) -> None:
        sys.path.insert(0, str(ROOT))
        from mirix_like.embedders.hashing import HashingEmbedder

        self.embedder = HashingEmbedder()
        self.config = None

    def embed(self, text: str, memory_action: str | None = None) -> list[float]:
        return self.embedder.embed([text])[0].tolist()

    def embed_batch(self, texts: list[str], memory_action: str | None = None
                    ) -> list[list[float]]:
        return self.embedder.embed(texts).tolist()


def run(texts: list[str], queries: list[str], batch: int, singles: int) -> dict[str, Any]:
    """Insert ``texts`` (``batch`` per add call) plus ``singles`` one by one, then search."""
    os.environ.setdefault("MEM0_TELEMETRY", "False")
    from mem0 import Memory

    with tempfile.TemporaryDirectory(prefix="bench-mem0-") as folder:
        memory = Memory.from_config({
            "vector_store": {"provider": "qdrant", "config": {
                "collection_name": "bench", "path": f"{folder}/qdrant", "on_disk": True,
                "embedding_model_dims": 384}},
            "embedder": {"provider": "openai", "config": {"api_key": "unused",
                                                          "embedding_dims": 384}},
            "llm": {"provider": "openai", "config": {"api_key": "unused"}},
            "history_db_path": f"{folder}/history.db"})
        memory.embedding_model = HashingAdapter()
        bulk, single = texts[:len(texts) - singles], texts[len(texts) - singles:]
        began = time.perf_counter()
        for start in range(0, len(bulk), batch):
            memory.add([{"role": "user", "content": t} for t in bulk[start:start + batch]],
                       user_id="bench-user", infer=False)
        batched_s = time.perf_counter() - began
        began = time.perf_counter()
        for text in single:
            memory.add([{"role": "user", "content": text}], user_id="bench-user", infer=False)
        single_s = time.perf_counter() - began
        found = memory.search(queries[0], top_k=10, filters={"user_id": "bench-user"})
        samples = []
        for query in queries:
            began = time.perf_counter()
            memory.search(query, top_k=10, filters={"user_id": "bench-user"})
            samples.append((time.perf_counter() - began) * 1000)
        disk = sum(f.stat().st_size for f in Path(folder).rglob("*") if f.is_file())
    return {"items": len(texts), "batched_items_per_s": len(bulk) / batched_s,
            "single_items_per_s": len(single) / single_s,
            "latency": {"search_10": {"p50_ms": float(np.percentile(samples, 50)),
                                      "p95_ms": float(np.percentile(samples, 95))}},
            "hits_first_query": len(found.get("results", [])),
            "disk_bytes_per_item": disk / len(texts),
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="JSON: texts, queries, batch, singles")
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    data = json.loads(args.data.read_text(encoding="utf-8"))
    report = run(data["texts"], data["queries"], data["batch"], data["singles"])
    from importlib.metadata import version

    report["versions"] = {"mem0ai": version("mem0ai"), "qdrant-client": version("qdrant-client")}
    args.out.write_text(json.dumps(report), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
