"""Performance of the store and the pipeline, each beside a baseline measured in the same run.

- Store, per size (items per user, spread over the five item types, plus core blocks):
  ``MemorySystem.insert`` throughput (batches of 1,000, and single items), and latency p50/p95
  of ``search(limit=10)`` (fts and hybrid, all types), of active retrieval as one
  ``MemoryStore.search_many`` call, of that call ranked and cut to the 1,000-token block
  (``context``), and of ``ChatAgent.retrieve`` (FTS and hybrid); on-disk bytes per item and
  the process's peak memory. Baseline: one flat LanceDB table (id, user id, text, vector;
  BTree on the user id, native FTS) with the same embedder and items, one search per query
  (limit 10, and 60 as before). Each size and each system runs in its own process, so peak
  memory is its own. With ``--mem0-python``, mem0 too (see eval/bench_mem0.py).
- Model usage: calls and tokens per ``add`` batch and per ``chat`` on the bundled demo
  conversation (one batch per session), with the offline backend and with the OpenAI client
  against the scripted local server (tests/support/openai_server.py; its token counts are
  characters / 4 of what was sent). Baseline: the whole conversation in the chat prompt.

    python eval/bench.py --sizes 1000 10000 100000 --out eval/results/bench \
        --mem0-python /tmp/mem0venv/bin/python
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import random
import re
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from importlib.metadata import version
from pathlib import Path
from typing import Any

import lancedb
import numpy as np
import pyarrow as pa
from lancedb.index import FTS, BTree
from lancedb.rerankers import RRFReranker

from mirix_like import memory_types
from mirix_like.agents.chat import ChatAgent
from mirix_like.config import RetrievalSettings
from mirix_like.embedders import HashingEmbedder

USER = "bench-user"
SHARE = {"episodic": 0.5, "semantic": 0.2, "procedural": 0.1, "resource": 0.1,
         "knowledge_vault": 0.1}
BATCH = 1_000
SINGLES = 100
ROOT = Path(__file__).resolve().parents[1]
_WORDS = (
    "hike", "trail", "mountain", "sister", "brother", "lisbon", "paris", "tokyo", "museum",
    "concert", "guitar", "piano", "violin", "pottery", "painting", "recipe", "ramen",
    "sushi", "coffee", "tea", "garden", "tomato", "bicycle", "marathon", "swim", "beach",
    "camping", "tent", "dog", "cat", "puppy", "kitten", "doctor", "nurse", "hospital",
    "school", "teacher", "project", "deadline", "meeting", "report", "invoice", "budget",
    "flight", "hotel", "train", "ticket", "passport", "birthday", "wedding", "party",
    "gift", "book", "novel", "poem", "movie", "series", "game", "chess", "football",
    "tennis", "yoga", "gym", "dentist", "bank", "account", "password", "laptop", "phone",
    "camera", "photo", "email", "calendar", "script", "deploy", "server", "database",
    "backup", "python", "rust", "docker", "kubernetes", "release", "review",
)


# ----------------------------------------------------------------------------- synthetic data


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) if rng.random() < 0.7
             else f"w{int(rng.paretovariate(1.2)) % 50_000}" for _ in range(rng.randint(8, 18))]
    return f"{rng.choice(['Sam', 'Maya', 'Alex', 'Rin'])} " + " ".join(words) + "."


def make_items(memory_type: str, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """``count`` plausible items of one type, reproducible from ``rng``."""
    start = datetime(2024, 1, 1, tzinfo=UTC)
    items = []
    for _ in range(count):
        text, when = _sentence(rng), start + timedelta(minutes=rng.randint(0, 800_000))
        items.append({
            "episodic": {"summary": text, "details": _sentence(rng), "occurred_at": when},
            "semantic": {"name": text.split()[1], "summary": text, "details": _sentence(rng)},
            "procedural": {"summary": text, "steps": [_sentence(rng) for _ in range(3)]},
            "resource": {"title": text[:40], "summary": text, "resource_type": "doc",
                         "content": " ".join(_sentence(rng) for _ in range(5))},
            "knowledge_vault": {"entry_type": "credential", "source": "bench",
                                "sensitivity": rng.choice(["low", "medium", "high"]),
                                "secret_value": f"s{rng.getrandbits(48):x}", "caption": text},
        }[memory_type])
    return items


def item_text(memory_type: str, item: dict[str, Any]) -> str:
    """The searchable text of a synthetic item, for the flat baseline."""
    fields = [v for k, v in item.items() if k not in ("occurred_at", "secret_value",
                                                      "sensitivity", "content")]
    return " ".join(" ".join(v) if isinstance(v, list) else str(v) for v in fields)


def queries(count: int, seed: int) -> list[str]:
    """Questions of 2-4 words drawn like the items' words."""
    rng = random.Random(seed + 1)
    return [" ".join(rng.choice(_WORDS) for _ in range(rng.randint(2, 4))) for _ in range(count)]


def _folder_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _store_figures(folder: str, inserted: int, batched_s: float, single_s: float,
                   latency: dict[str, dict[str, float]]) -> dict[str, Any]:
    """The figures both the store under test and the baseline report."""
    total = inserted + SINGLES
    return {"items": total, "batched_items_per_s": inserted / batched_s,
            "single_items_per_s": SINGLES / single_s, "latency": latency,
            "disk_bytes_per_item": _folder_bytes(Path(folder)) / total,
            "peak_rss_mb": _peak_mb()}


def _percentiles(samples: Sequence[float]) -> dict[str, float]:
    return {"p50_ms": float(np.percentile(samples, 50)),
            "p95_ms": float(np.percentile(samples, 95))}


def _timed(call: Any, texts: Sequence[str]) -> dict[str, float]:
    """p50/p95 of ``call(text)`` over ``texts``, after one untimed warm-up call."""
    call(texts[0])
    samples = []
    for text in texts:
        began = time.perf_counter()
        call(text)
        samples.append((time.perf_counter() - began) * 1000)
    return _percentiles(samples)


# ----------------------------------------------------------------------------- store runs


def context(agent: ChatAgent, query: str) -> str:
    """Active retrieval in one store call, ranked and cut to the 1,000-token block."""
    return agent.active.context(*agent.active.retrieve(USER, query)).text


def open_store(folder: str, embedder: str = "hashing") -> Any:
    """A ``MemorySystem`` on ``folder`` with the offline backend and ``embedder``."""
    from mirix_like import MemorySystem

    return MemorySystem(store_uri=f"{folder}/store", backend="offline", embedder=embedder,
                        secret_key_file=f"{folder}/secret.key")


def fill(memory: Any, size: int, rng: random.Random) -> tuple[float, int]:
    """A core block and ``size`` items spread over the types as :data:`SHARE` says, put in
    with ``insert`` in batches of :data:`BATCH`: the seconds the batches took and the items."""
    memory.store.insert("core", USER, [{"label": "human",
                                        "value": "Sam is a nurse.\nSam loves hiking."}])
    batched_s, inserted = 0.0, 0
    for name, share in SHARE.items():
        items = make_items(name, int(size * share), rng)
        for start in range(0, len(items), BATCH):
            began = time.perf_counter()
            memory.insert(name, items[start:start + BATCH], user_id=USER)
            batched_s += time.perf_counter() - began
        inserted += len(items)
    return batched_s, inserted


def store_run(size: int, n_queries: int, seed: int) -> dict[str, Any]:
    """mirix_like at ``size`` items: ``insert``, latencies, disk, memory."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="bench-store-") as folder:
        memory = open_store(folder)
        store = memory.store
        batched_s, inserted = fill(memory, size, rng)
        singles = make_items("episodic", SINGLES, rng)
        began = time.perf_counter()
        for item in singles:
            memory.insert("episodic", [item], user_id=USER)
        single_s = time.perf_counter() - began
        store.optimize()
        texts = queries(n_queries, seed)
        latency = {
            "search_fts": _timed(lambda q: memory.search(q, user_id=USER, method="fts",
                                                         limit=10), texts),
            "search_hybrid": _timed(lambda q: memory.search(q, user_id=USER, limit=10),
                                    texts)}
        agents = {method: ChatAgent(store, None, retrieval=RetrievalSettings(method=method),  # type: ignore[arg-type]
                                    topic_mode="keywords", remember=_no_remember)
                  for method in ("fts", "hybrid")}
        latency["one_call_fts"] = _timed(lambda q: store.search_many(
            USER, agents["fts"].active._plan(q, q)[0], count=memory_types.names()), texts)
        for method, agent in agents.items():
            latency[f"retrieve_{method}"] = _timed(lambda q, a=agent: a.active.retrieve(USER, q),
                                                   texts)
        latency["context_fts"] = _timed(lambda q: context(agents["fts"], q), texts)
        figures = _store_figures(folder, inserted, batched_s, single_s, latency)
        memory.close()
        return figures


async def _no_remember(user_id: str, statement: str) -> str:
    return "not in the benchmark"


def flat_run(size: int, n_queries: int, seed: int) -> dict[str, Any]:
    """The flat single-table baseline with the same items and embedder."""
    rng = random.Random(seed)
    embedder = HashingEmbedder()
    schema = pa.schema([pa.field("id", pa.string()), pa.field("user_id", pa.string()),
                        pa.field("text", pa.string()),
                        pa.field("vector", pa.list_(pa.float32(), embedder.dim))])
    with tempfile.TemporaryDirectory(prefix="bench-flat-") as folder:
        table = lancedb.connect(folder).create_table("memories", schema=schema)
        table.create_index("user_id", config=BTree())
        table.create_index("text", config=FTS(with_position=False))

        def rows(texts: list[str]) -> list[dict[str, Any]]:
            vectors = np.asarray(embedder.embed(texts), dtype=np.float32)
            return [{"id": f"{rng.getrandbits(64):x}", "user_id": USER, "text": t, "vector": v}
                    for t, v in zip(texts, vectors, strict=True)]

        batched_s, inserted = 0.0, 0
        for name, share in SHARE.items():
            texts = [item_text(name, i) for i in make_items(name, int(size * share), rng)]
            for start in range(0, len(texts), BATCH):
                began = time.perf_counter()
                table.add(rows(texts[start:start + BATCH]))
                batched_s += time.perf_counter() - began
            inserted += len(texts)
        singles = [item_text("episodic", i) for i in make_items("episodic", SINGLES, rng)]
        began = time.perf_counter()
        for text in singles:
            table.add(rows([text]))
        single_s = time.perf_counter() - began
        table.optimize()
        where = f"user_id = '{USER}'"

        def fts(query: str, limit: int) -> Any:
            return (table.search(query, query_type="fts").where(where, prefilter=True)
                    .limit(limit).to_list())

        def hybrid(query: str) -> Any:
            vector = embedder.embed([query])[0]
            return (table.search(query_type="hybrid").vector(vector).text(query)
                    .where(where, prefilter=True).rerank(RRFReranker()).limit(60).to_list())

        texts = queries(n_queries, seed)
        latency = {"fts_10": _timed(lambda q: fts(q, 10), texts),
                   "fts_60": _timed(lambda q: fts(q, 60), texts),
                   "hybrid_60": _timed(hybrid, texts)}
        return _store_figures(folder, inserted, batched_s, single_s, latency)


def mem0_run(python: str, size: int, n_queries: int, seed: int) -> dict[str, Any]:
    """mem0 with the same item texts and queries, by eval/bench_mem0.py in its own venv."""
    import subprocess

    rng = random.Random(seed)
    texts = [item_text(name, item) for name, share in SHARE.items()
             for item in make_items(name, int(size * share), rng)]
    texts += [item_text("episodic", item) for item in make_items("episodic", SINGLES, rng)]
    with tempfile.TemporaryDirectory(prefix="bench-mem0-data-") as folder:
        data, out = Path(folder) / "data.json", Path(folder) / "out.json"
        data.write_text(json.dumps({"texts": texts, "queries": queries(n_queries, seed),
                                    "batch": BATCH, "singles": SINGLES}), encoding="utf-8")
        done = subprocess.run([python, str(ROOT / "eval" / "bench_mem0.py"), str(data),
                               str(out)], capture_output=True, text=True, check=False)
        if done.returncode:
            return {"error": f"exit {done.returncode}: {done.stderr.strip()[-300:]}"}
        return json.loads(out.read_text(encoding="utf-8"))


def in_process(function: Any, *args: Any) -> dict[str, Any]:
    """``function(*args)`` in a fresh process (spawned), so its peak memory is its own."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(function, args)


# ----------------------------------------------------------------------------- model usage


def demo_conversation() -> dict[str, Any]:
    """The conversation bundled for the demo: sessions of messages and questions."""
    path = ROOT / "mirix_like" / "data" / "demo_conversation.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _tokens(text: str) -> int:
    return len(text) // 4  # the same rule as the offline client and the scripted server


async def usage_run(settings: dict[str, Any]) -> dict[str, Any]:
    """Calls and tokens per add batch and per chat, and the full-context baseline tokens."""
    from mirix_like import AsyncMemorySystem

    demo = demo_conversation()
    with tempfile.TemporaryDirectory(prefix="bench-usage-") as folder:
        system = AsyncMemorySystem(store_uri=f"{folder}/store", batch_size=1000, **settings)
        client = system.backend.client

        def snapshot() -> tuple[int, int, int]:
            usage = client.total_usage()
            return client.calls, usage.prompt_tokens, usage.completion_tokens

        adds, chats, history = [], [], []
        try:
            for session in demo["sessions"]:
                before = snapshot()
                await system.add(session["messages"], user_id="sam",
                                 occurred_at=session["occurred_at"], flush=True)
                adds.append([a - b for a, b in zip(snapshot(), before, strict=True)])
                history += [f"{m.get('name', m['role'])}: {m['content']}"
                            for m in session["messages"]]
            full_context = _tokens("\n".join(history))
            for question in demo["questions"]:
                text = question["question"] if isinstance(question, dict) else question
                before = snapshot()
                await system.chat_agent.answer(text, "sam", [])
                chats.append([a - b for a, b in zip(snapshot(), before, strict=True)])
        finally:
            await system.close()

    def mean(rows: list[list[int]]) -> dict[str, float]:
        calls, prompt, completion = (float(np.mean(c)) for c in zip(*rows, strict=True))
        return {"calls": calls, "prompt_tokens": prompt, "completion_tokens": completion}

    return {"batches": len(adds), "messages": len(history), "per_add_batch": mean(adds),
            "chats": len(chats), "per_chat": mean(chats),
            "full_context_prompt_tokens": full_context}


def scripted_responder(request: dict[str, Any]) -> Any:
    """A well-behaved scripted model: routes, inserts one item per input, answers briefly."""
    from support.openai_server import text, tool_calls

    tools = [t["function"]["name"] for t in request.get("tools", [])]
    messages = request["messages"]
    last = messages[-1]
    if last["role"] == "tool":
        return text("done")
    content = last["content"] if isinstance(last["content"], str) else json.dumps(
        last["content"])
    inputs = re.findall(r'"id": "([^"]+)"[^{}]*?"text": "((?:[^"\\]|\\.)*)"', content)
    if "route_to_memory_managers" in tools:
        return tool_calls([("route_to_memory_managers",
                            {"memory_types": ["core", "episodic", "semantic"]})])
    if "core_append" in tools:
        return tool_calls([("core_append", {"label": "human", "content": "Sam is a nurse."})])
    for name in ("episodic", "semantic"):
        if f"insert_{name}" in tools:
            items = [({"summary": t[:200], "details": ""} if name == "episodic"
                      else {"name": (t.split() or ["fact"])[0], "summary": t[:200]})
                     | {"source_ids": [i]} for i, t in inputs]
            return tool_calls([(f"insert_{name}", {"items": items})] if items
                              else [("no_changes", {"reason": "nothing"})])
    if "extract-topics" in messages[0]["content"]:
        return text("hiking\nsister")
    return text("From memory: Sam hiked with Maya.")


def scripted_usage() -> dict[str, Any]:
    """:func:`usage_run` with the OpenAI client against the scripted local server."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.openai_server import ScriptedOpenAIServer

    with ScriptedOpenAIServer(responder=scripted_responder) as server:
        return asyncio.run(usage_run({"backend": "openai", "base_url": server.base_url,
                                      "api_key": "bench", "model": "scripted-model"}))


# ----------------------------------------------------------------------------- report


def _pair(row: dict[str, Any], name: str) -> str:
    latency = row["latency"][name]
    return f"{latency['p50_ms']:.1f} / {latency['p95_ms']:.1f}"


def tables(report: dict[str, Any]) -> str:
    """Markdown tables: the store runs as before, the targets, and the model usage."""
    lines = ["| items/user | system | batched items/s | single items/s | FTS p50/p95 ms | "
             "hybrid p50/p95 ms | disk bytes/item | peak RSS MB |", "|---" * 8 + "|"]
    for size, pair in report["store"].items():
        for system, row in pair.items():
            fts, hybrid = (("retrieve_fts", "retrieve_hybrid") if system == "mirix_like"
                           else ("fts_60", "hybrid_60"))
            lines.append(
                f"| {int(size):,} | {system} | {row['batched_items_per_s']:.0f} | "
                f"{row['single_items_per_s']:.1f} | {_pair(row, fts)} | {_pair(row, hybrid)} | "
                f"{row['disk_bytes_per_item']:.0f} | {row['peak_rss_mb']:.0f} |")
    lines += ["", "| items/user | insert items/s (flat) | search(limit=10) fts p50 ms (flat fts) "
              "| search hybrid p50 | one-call retrieval p50 | context p50 | peak RSS MB (flat) |",
              "|---" * 7 + "|"]
    for size, pair in report["store"].items():
        ours, flat = pair["mirix_like"], pair["flat baseline"]
        base = flat["latency"]["fts_10"]["p50_ms"]

        def p50(name: str, row: dict[str, Any] = ours, base: float = base) -> str:
            value = row["latency"][name]["p50_ms"]
            return f"{value:.1f} ({value / base:.2f}x)"

        lines.append(
            f"| {int(size):,} | {ours['batched_items_per_s']:,.0f} "
            f"({flat['batched_items_per_s']:,.0f}) | {p50('search_fts')} ({base:.1f}) | "
            f"{p50('search_hybrid')} | {p50('one_call_fts')} | {p50('context_fts')} | "
            f"{ours['peak_rss_mb']:.0f} ({flat['peak_rss_mb']:.0f}, "
            f"{ours['peak_rss_mb'] / flat['peak_rss_mb']:.2f}x) |")
    for size, row in report.get("mem0", {}).items():
        if "error" in row:
            lines.append(f"| {int(size):,} | mem0: {row['error']} | | | | | |")
            continue
        lines.append(
            f"| {int(size):,} mem0 | {row['batched_items_per_s']:,.0f} | "
            f"{row['latency']['search_10']['p50_ms']:.1f} (vector) | | | | "
            f"{row['peak_rss_mb']:.0f} |")
    lines += ["", "| backend | calls/add batch | tokens/add batch (prompt+completion) | "
              "calls/chat | tokens/chat | full-context tokens/chat |", "|---" * 6 + "|"]
    for backend, row in report["usage"].items():
        add, chat = row["per_add_batch"], row["per_chat"]
        lines.append(
            f"| {backend} | {add['calls']:.1f} | {add['prompt_tokens']:.0f}+"
            f"{add['completion_tokens']:.0f} | {chat['calls']:.1f} | {chat['prompt_tokens']:.0f}+"
            f"{chat['completion_tokens']:.0f} | {row['full_context_prompt_tokens']} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the store sizes and the usage runs; print tables; write JSON and markdown."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", type=int, default=[1_000, 10_000],
                        help="items per user (add 100000 for the full run)")
    parser.add_argument("--queries", type=int, default=200, help="retrievals per size")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--skip-usage", action="store_true")
    parser.add_argument("--mem0-python", help="Python of a venv with mem0ai (see bench_mem0.py)")
    parser.add_argument("--mem0-sizes", nargs="+", type=int, default=[10_000])
    parser.add_argument("--out", type=Path, help="write OUT.json and OUT.md")
    args = parser.parse_args(argv)
    started, load = time.perf_counter(), os.getloadavg()[0]
    report: dict[str, Any] = {"settings": {
        "sizes": args.sizes, "queries": args.queries, "seed": args.seed, "batch": BATCH,
        "singles": SINGLES, "share": SHARE, "embedder": HashingEmbedder().name,
        "retrieval": RetrievalSettings().model_dump(), "python": platform.python_version(),
        "lancedb": version("lancedb"), "machine": f"{platform.machine()}, {os.cpu_count()} cores"},
        "store": {}, "usage": {}}
    for size in args.sizes:
        print(f"store at {size:,} items per user ...", flush=True)
        report["store"][size] = {"mirix_like": in_process(store_run, size, args.queries, args.seed),
                                 "flat baseline": in_process(flat_run, size, args.queries,
                                                             args.seed)}
    if args.mem0_python:
        for size in args.mem0_sizes:
            print(f"mem0 at {size:,} items per user ...", flush=True)
            report.setdefault("mem0", {})[size] = mem0_run(args.mem0_python, size,
                                                           args.queries, args.seed)
    if not args.skip_usage:
        report["usage"]["offline"] = asyncio.run(usage_run({"backend": "offline"}))
        report["usage"]["openai (scripted server)"] = scripted_usage()
    report["wall_s"] = time.perf_counter() - started
    report["load_average_1m"] = {"start": load, "end": os.getloadavg()[0]}
    text = tables(report)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        Path(f"{args.out}.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
        Path(f"{args.out}.md").write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
