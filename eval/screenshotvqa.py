"""ScreenshotVQA through the desktop pipeline: ingest each user's screenshots, answer, score.

Reads MIRIX's layout: ``qa_pairs.json`` (``[{"student", "qa_pairs": [{"question",
"answer"}]}]``) and one folder of ``YYYYMMDD_HHMMSS.png`` screenshots per student (file times
read as UTC). Each student is ingested into a fresh store with
:func:`mirix_like.desktop.ingest_screens` (near-duplicates dropped, images OCR'd offline or
shown to a vision model), cached under ``--workdir`` like ``locomo.py``. Each question is then
answered by the chat agent with active retrieval and scored:

- accuracy: the normalised gold answer (``scoring.normalise_answer``) equals the normalised
  answer or occurs in it as whole words; with the openai backend also the LLM judge. A pair
  marked ``withheld`` (a password: a high-sensitivity value never reaches a chat prompt) is
  not in the accuracy; ``withheld_kept`` is the share of those whose answer does not give it;
- screenshot recall@k (only where a pair names its ``screenshot``, as ``make_screens.py``
  writes): whether the retrieved memories' ``source_ids`` include that screenshot's input.

    python eval/make_screens.py eval/results/screens && \
    python eval/screenshotvqa.py eval/results/screens
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import shutil
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scoring import Judge, normalise_answer
from tqdm import tqdm

from mirix_like import AsyncMemorySystem, MemorySystem, memory_types
from mirix_like.agents.chat import ChatAgent
from mirix_like.config import Settings, load_settings
from mirix_like.desktop.folder import ingest_screens, screenshot_id

MARKER = "ingest.json"


def matches(answer: str, gold: Any) -> bool:
    """Normalised equality, or the normalised gold answer as whole words inside the answer."""
    said, wanted = normalise_answer(answer), normalise_answer(gold)
    return bool(wanted) and (said == wanted or re.search(
        rf"(?<!\S){re.escape(wanted)}(?!\S)", said) is not None)


def ingest(folder: Path, store: Path, user: str, settings: Settings) -> dict[str, Any]:
    """Ingest one student's screenshots into ``store`` unless done; returns the marker."""
    marker = store.parent / MARKER
    if marker.is_file():
        return json.loads(marker.read_text(encoding="utf-8")) | {"cached": True}
    shutil.rmtree(store.parent, ignore_errors=True)
    store.parent.mkdir(parents=True)
    start = time.perf_counter()
    with MemorySystem(settings.model_copy(update={"store_uri": str(store)})) as memory:
        report = ingest_screens(memory, folder, user_id=user, tz="UTC", progress=True)
        items = {name: memory.store.count(name, user) for name in
                 ("episodic", "semantic", "procedural", "resource", "knowledge_vault")}
    done = {"user": user, "seconds": time.perf_counter() - start, "files": len(
        list(folder.glob("*.png"))), "ingested": len(report.ingested),
            "near_duplicates": len(report.duplicates), "skipped": len(report.skipped),
            "failed_inputs": report.failed_inputs, "items": items}
    marker.write_text(json.dumps(done, indent=1), encoding="utf-8")
    return done | {"cached": False}


async def answer_all(settings: Settings, user: str, pairs: list[dict], files: dict[str, str],
                     ks: Sequence[int], judge: Judge | None) -> list[dict]:
    """Per question: answer, match, judge verdict and screenshot recall at each k."""
    async with AsyncMemorySystem(settings) as memory:
        return [await _one(memory.chat_agent, user, pair, files, ks, judge)
                for pair in tqdm(pairs, desc=f"answer {user}", leave=False)]


async def _one(agent: ChatAgent, user: str, pair: dict, files: dict[str, str],
               ks: Sequence[int], judge: Judge | None) -> dict:
    topics = await agent.topics(pair["question"], [])
    hits, _ = await agent.active.retrieve_async(user, " ".join(topics) or pair["question"],
                                                pair["question"])
    ranked = [h.item.source_ids for h in hits
              if not memory_types.get(h.memory_type).retrieval.always]
    response = await agent.answer(pair["question"], user, [])
    row = {"user": user, "app": pair.get("app"), "question": pair["question"],
           "gold": pair["answer"], "answer": response.answer,
           "match": matches(response.answer, pair["answer"]),
           "withheld": bool(pair.get("withheld"))}
    if judge is not None:
        row["judge"], _ = await judge(pair["question"], pair["answer"], response.answer)
    if pair.get("screenshot") in files:
        wanted = files[pair["screenshot"]]
        row |= {f"recall@{k}": any(wanted in ids for ids in ranked[:k]) for k in ks}
    return row


def summarise(rows: Sequence[dict], ks: Sequence[int]) -> dict[str, Any]:
    """Accuracy (overall and per app, where pairs name one) and judge accuracy if judged, over
    the answerable rows; the share of withheld rows not given away; screenshot recall@k over
    the rows that have it."""
    answerable = [r for r in rows if not r.get("withheld")]
    withheld = [r for r in rows if r.get("withheld")]
    out: dict[str, Any] = {"questions": len(rows), "answerable": len(answerable),
                           "accuracy": _mean(r["match"] for r in answerable)}
    apps = sorted({r["app"] for r in answerable if r.get("app")})
    if apps:
        out["accuracy_by_app"] = {app: _mean(r["match"] for r in answerable
                                             if r.get("app") == app) for app in apps}
    if answerable and "judge" in answerable[0]:
        out["judge"] = _mean(bool(r["judge"]) for r in answerable)
    if withheld:
        out["withheld_kept"] = _mean(not r["match"] for r in withheld)
    for k in ks:
        found = [r[f"recall@{k}"] for r in rows if f"recall@{k}" in r]
        out[f"screenshot_recall@{k}"] = _mean(found)
    return out


def _mean(values: Iterable[bool]) -> float:
    found = list(values)
    return float(np.mean(found)) if found else float("nan")


def main(argv: Sequence[str] | None = None) -> int:
    """Ingest every student, answer every question, print and write the scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="holds qa_pairs.json and a folder per user")
    parser.add_argument("--workdir", type=Path, default=Path("eval/results/screenshotvqa"))
    parser.add_argument("--k", nargs="+", type=int, default=[1, 5, 10], dest="ks")
    parser.add_argument("--backend", choices=("offline", "openai"), default="offline")
    parser.add_argument("--model")
    parser.add_argument("--base-url")
    parser.add_argument("--judge-model", help="LLM judge (openai backend; default: --model)")
    parser.add_argument("--reingest", action="store_true")
    args = parser.parse_args(argv)
    settings = load_settings(backend=args.backend, model=args.model, base_url=args.base_url,
                             store_uri=str(args.workdir / "_unused"))
    judge = None
    if settings.backend == "openai":
        import openai

        judge = Judge(args.judge_model or settings.model, openai.AsyncOpenAI(
            base_url=settings.base_url,
            api_key=settings.api_key or os.environ.get("OPENAI_API_KEY") or "unused"))
    entries = json.loads((args.folder / "qa_pairs.json").read_text(encoding="utf-8"))
    start, ingestion, rows = time.perf_counter(), {}, []
    for entry in entries:
        user, screens = entry["student"], args.folder / entry["student"]
        store = args.workdir / user / "store"
        if args.reingest:
            shutil.rmtree(store.parent, ignore_errors=True)
        ingestion[user] = ingest(screens, store, user, settings)
        files = {p.name: screenshot_id(p) for p in screens.glob("*.png")}
        rows += asyncio.run(answer_all(settings.model_copy(update={"store_uri": str(store)}),
                                       user, entry["qa_pairs"], files, args.ks, judge))
    summary = summarise(rows, args.ks)
    report = {"settings": {"folder": str(args.folder), "ks": args.ks,
                           "memory_settings": settings.model_dump(
                               exclude={"api_key", "store_uri", "storage_options"}),
                           "match": "normalised equality or whole-word containment",
                           "judge": judge.model if judge else "none: offline backend",
                           "python": platform.python_version(),
                           "machine": f"{platform.machine()}, {os.cpu_count()} cores"},
              "ingestion": ingestion, "summary": summary, "questions": rows,
              "wall_s": time.perf_counter() - start}
    lines = ["| questions | answerable | accuracy | " + ("LLM judge | " if judge else "")
             + "withheld kept | " + " | ".join(f"screenshot R@{k}" for k in args.ks) + " |",
             "|---" * (4 + bool(judge) + len(args.ks)) + "|",
             f"| {summary['questions']} | {summary['answerable']} | {summary['accuracy']:.3f} | "
             + (f"{summary['judge']:.3f} | " if judge else "")
             + f"{summary.get('withheld_kept', float('nan')):.3f} | "
             + " | ".join(f"{summary[f'screenshot_recall@{k}']:.3f}" for k in args.ks) + " |"]
    if "accuracy_by_app" in summary:
        lines += ["", "| app | " + " | ".join(summary["accuracy_by_app"]) + " |",
                  "|---" * (1 + len(summary["accuracy_by_app"])) + "|",
                  "| accuracy | " + " | ".join(f"{v:.3f}" for v in
                                               summary["accuracy_by_app"].values()) + " |"]
    print("\n".join(lines))
    args.workdir.mkdir(parents=True, exist_ok=True)
    (args.workdir / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    (args.workdir / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
