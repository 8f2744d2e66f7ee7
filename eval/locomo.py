"""LOCOMO through the memory pipeline: answers judged and scored, or evidence recall (no LLM).

Each conversation is ingested into its own store (user = sample id), session by session, one
``add`` batch per session at the session's time; every turn keeps its ``dia_id`` as input id
and its speaker's name, shared photos enter as ``[shared photo: caption]``. Annotations are
never read (see ``locomo_data``). Ingestion is cached per conversation under ``--workdir``
(a store folder plus ``ingest.json`` once complete), answers in ``answers.jsonl`` beside it.

    python eval/locomo.py ../shared/data/locomo/locomo_dev.json                # retrieval
    python eval/locomo.py data/locomo10.json --mode answer --backend openai \
        --model gpt-4.1-mini --judge-model gpt-4.1-mini                         # answers

Retrieval mode: for each question the chat agent's active retrieval (keyword topics, no
model call) gives ranked memories (core blocks aside); their ``source_ids`` are the turns
found. Reported: mean evidence recall and all-evidence rate at k, and at a token budget (the
rendered memory block cut at ``--budget`` tokens), the block's mean tokens; beside them BM25
over raw turns and the whole conversation in context (tokens only).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import sys
import time
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
from locomo_data import (
    CATEGORY_NAMES,
    SCORED_CATEGORIES,
    Conversation,
    Question,
    Turn,
    load_locomo,
    total_evidence_stats,
)
from retrieval import BM25, recall_at
from scoring import Judge, TokenCounter, bleu1, token_f1
from tqdm import tqdm

from mirix_like import AsyncMemorySystem, memory_types
from mirix_like.config import Settings, load_settings
from mirix_like.embedders import EMBEDDERS

MODES = ("retrieval", "answer")
SYSTEM, SEARCH, BM25_NAME, FULL = "mirix_like", "mirix_like search", "bm25", "full-context"
MARKER, ANSWERS = "ingest.json", "answers.jsonl"


# ----------------------------------------------------------------------------- ingestion


def turn_text(turn: Turn) -> str:
    """What a turn says, with the caption of a shared photo; the speaker goes in ``name``."""
    text = turn.text.strip()
    photo = f"[shared photo: {turn.blip_caption}]" if turn.blip_caption else ""
    return " ".join(part for part in (text, photo) if part)


def session_messages(turns: Sequence[Turn]) -> list[dict[str, str]]:
    """One session as ``add`` messages: id = dia_id, name = speaker (empty turns left out)."""
    return [{"id": t.dia_id, "role": "user", "name": t.speaker, "content": turn_text(t)}
            for t in turns if turn_text(t)]


def ingest_settings(settings: Settings) -> dict[str, Any]:
    """The settings that decide what ingestion stores: a cached store must match them."""
    return {"backend": settings.backend, "model": settings.model if settings.backend != "offline"
            else None, "base_url": settings.base_url, "embedder": settings.embedder,
            "embedder_options": settings.embedder_options, "batch_size": settings.batch_size}


def _usage(system: AsyncMemorySystem) -> dict[str, int]:
    client = system.backend.client
    usage = client.total_usage()
    return {"calls": client.calls, "prompt_tokens": usage.prompt_tokens,
            "completion_tokens": usage.completion_tokens}


def _delta(after: dict[str, int], before: dict[str, int]) -> dict[str, int]:
    return {k: after[k] - before[k] for k in after}


async def ingest(conversation: Conversation, folder: Path, settings: Settings) -> dict[str, Any]:
    """Ingest one conversation into ``folder/store`` unless a complete ingestion is there.

    Returns the marker: the ingest settings, time, model usage and items per memory type.
    """
    marker = folder / MARKER
    wanted = ingest_settings(settings)
    if marker.is_file():
        done = json.loads(marker.read_text(encoding="utf-8"))
        if done["settings"] != wanted:
            raise SystemExit(f"{folder} was ingested with {done['settings']}, not {wanted}: "
                             "use another --workdir or --reingest")
        return done | {"cached": True}
    shutil.rmtree(folder, ignore_errors=True)  # an unfinished ingestion starts over
    folder.mkdir(parents=True)
    system = AsyncMemorySystem(settings.model_copy(update={"store_uri": str(folder / "store")}))
    user, failed = conversation.sample_id, 0
    start, before = time.perf_counter(), _usage(system)
    try:
        for session in tqdm(conversation.sessions, desc=f"ingest {user}", leave=False):
            if messages := session_messages(session.turns):
                report = await system.add(messages, user_id=user,
                                          occurred_at=session.occurred_at, flush=True)
                failed += len(report.failed_inputs)
        counts = {name: system.store.count(name, user) for name in memory_types.names()}
    finally:
        await system.close()
    done = {"settings": wanted, "sample_id": user, "seconds": time.perf_counter() - start,
            "sessions": len(conversation.sessions), "turns": len(conversation.turns),
            "failed_inputs": failed, "items": counts, "usage": _delta(_usage(system), before)}
    marker.write_text(json.dumps(done, indent=1), encoding="utf-8")
    return done | {"cached": False}


# ----------------------------------------------------------------------------- retrieval mode


def scored(conversation: Conversation, categories: Sequence[int], limit: int | None,
           need_evidence: bool) -> list[Question]:
    """The questions to score: in ``categories``, with evidence if asked, at most ``limit``."""
    found = [q for q in conversation.questions
             if q.category in categories and (q.evidence or not need_evidence)]
    return found[:limit] if limit else found


def render_turn(turn: Turn, when: str) -> str:
    """A raw turn as a context line: ``[date] speaker: text [shared photo: ...]``."""
    return f"[{when}] {turn.content}"


async def retrieval_questions(conversation: Conversation, folder: Path, settings: Settings,
                              args: argparse.Namespace, tokens: TokenCounter) -> list[dict]:
    """Per question: ranked memories' turns, block turns and tokens; BM25; full context."""
    system = AsyncMemorySystem(settings.model_copy(update={
        "store_uri": str(folder / "store"), "backend": "offline"}))  # no model: keywords only
    agent, user = system.chat_agent, conversation.sample_id
    lines, turns = [], []
    for session in conversation.sessions:
        when = session.occurred_at.strftime("%Y-%m-%d %H:%M")
        lines += [render_turn(t, when) for t in session.turns]
        turns += list(session.turns)
    full_tokens = tokens.count("\n".join(lines))
    bm25 = BM25([t.content for t in turns])
    results = []
    try:
        for question in scored(conversation, args.categories, args.limit, need_evidence=True):
            start = time.perf_counter()
            topics = await agent.topics(question.question, [])
            hits, counts = await agent.active.retrieve_async(
                user, " ".join(topics) or question.question, question.question)
            context = agent.active.context(hits, counts, max_tokens=args.budget, topics=topics)
            elapsed = (time.perf_counter() - start) * 1000
            # Always-shown items (core blocks) cite whole batches: they earn nothing.
            ranked = [h for h in hits if not memory_types.get(h.memory_type).retrieval.always]
            in_block = list(dict.fromkeys(s for h in context.items for s in h.item.source_ids
                                          if h in ranked))
            block_tokens = tokens.count(context.text)
            found = [h for h in await system.search(question.question, user_id=user,
                                                    limit=max(args.ks))
                     if not memory_types.get(h.memory_type).retrieval.always]
            shown = [memory_types.get(h.memory_type).render(h.item) for h in found]
            search_cut = tokens.cut("\n".join(shown), args.budget)
            top = bm25.top(question.question, max(args.ks))
            bm25_block = "\n".join(lines[i] for i in top)
            bm25_cut = tokens.cut(bm25_block, args.budget)
            results.append({
                "sample_id": user, "index": question.index, "category": question.category,
                "question": question.question, "evidence": list(question.evidence),
                "topics": topics, "retrieve_ms": elapsed,
                SYSTEM: {"hits": [h.item.source_ids for h in ranked],
                         "types": [h.memory_type for h in ranked],
                         "budget_hits": [in_block], "block_tokens": block_tokens},
                SEARCH: {"hits": [h.item.source_ids for h in found],
                         "budget_hits": [h.item.source_ids
                                         for h, line in zip(found, shown, strict=True)
                                         if line in search_cut],
                         "block_tokens": tokens.count("\n".join(shown[:args.main_k]))},
                BM25_NAME: {"hits": [[turns[i].dia_id] for i in top],
                            "budget_hits": [[turns[i].dia_id] for i in top
                                            if lines[i] in bm25_cut],
                            "block_tokens": tokens.count("\n".join(
                                lines[i] for i in top[:args.main_k]))},
                FULL: {"block_tokens": full_tokens},
            })
    finally:
        await system.close()
    return results


def summarise_retrieval(rows: Sequence[dict], ks: Sequence[int]) -> dict[str, Any]:
    """Per system and category: recall@k, all@k, recall and all at the budget, mean tokens."""
    out: dict[str, Any] = {}
    for system in (SYSTEM, SEARCH, BM25_NAME, FULL):
        per: dict[str, Any] = {}
        for name, group in _groups(rows).items():
            entry: dict[str, float] = {"questions": len(group)}
            entry["mean_block_tokens"] = _mean([r[system]["block_tokens"] for r in group])
            if system != FULL:
                for k in [*ks, "budget"]:
                    key, depth = (k, 10**9) if k == "budget" else (k, k)
                    hits = "budget_hits" if k == "budget" else "hits"
                    recalls = [recall_at(r["evidence"], r[system][hits], depth) for r in group]
                    entry[f"recall@{key}"] = _mean(recalls)
                    entry[f"all@{key}"] = _mean([x == 1.0 for x in recalls])
            per[name] = entry
        out[system] = per
    return out


# ----------------------------------------------------------------------------- answer mode


def _gold(question: Question) -> str:
    if question.category == 5:
        return "Not mentioned in the conversation"
    return str(question.answer)


async def answer_questions(conversation: Conversation, folder: Path, settings: Settings,
                           args: argparse.Namespace, judge: Judge | None
                           ) -> tuple[list[dict], dict[str, int]]:
    """Per question: the chat agent's answer, F1, BLEU-1 and the judge's verdict; and the
    model usage of the questions answered now (answers in ``answers.jsonl`` are reused)."""
    cache = folder / ANSWERS
    key = json.dumps({"model": settings.model, "backend": settings.backend,
                      "judge": args.judge_model if judge else None}, sort_keys=True)
    done = {}
    if cache.is_file():
        for line in cache.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["key"] == key:
                done[row["index"]] = row
    system = AsyncMemorySystem(settings.model_copy(update={"store_uri": str(folder / "store")}))
    user = conversation.sample_id
    questions = [q for q in scored(conversation, args.categories, args.limit, False)
                 if q.index not in done]
    gate = asyncio.Semaphore(args.concurrency)

    async def one(question: Question) -> dict:
        async with gate:
            start = time.perf_counter()
            response = await system.chat_agent.answer(question.question, user, [])
            elapsed = time.perf_counter() - start
            gold = _gold(question)
            verdict, reply = await judge(question.question, gold, response.answer) if judge \
                else (None, None)
        return {"key": key, "sample_id": user, "index": question.index,
                "category": question.category, "question": question.question, "gold": gold,
                "answer": response.answer, "f1": token_f1(response.answer, gold),
                "bleu1": bleu1(response.answer, gold), "judge": verdict, "judge_reply": reply,
                "seconds": elapsed, "topics": response.topics,
                "memories": [h.item.source_ids for h in response.memories]}

    try:
        with cache.open("a", encoding="utf-8") as handle:
            tasks = [asyncio.ensure_future(one(q)) for q in questions]
            for task in tqdm(asyncio.as_completed(tasks), total=len(tasks),
                             desc=f"answer {user}", leave=False):
                row = await task
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
                handle.flush()
                done[row["index"]] = row
        usage = _usage(system) | {"questions": len(questions)}
    finally:
        await system.close()
    rows = sorted(done.values(), key=lambda r: r["index"])
    for row in rows:
        row.pop("key", None)
    return rows, usage


def summarise_answers(rows: Sequence[dict], judged: bool) -> dict[str, Any]:
    """Per category and overall: questions, judge accuracy (if judged), mean F1 and BLEU-1."""
    out: dict[str, Any] = {}
    for name, group in _groups(rows).items():
        entry: dict[str, float] = {"questions": len(group),
                                   "f1": _mean([r["f1"] for r in group]),
                                   "bleu1": _mean([r["bleu1"] for r in group])}
        if judged:
            entry["judge"] = _mean([bool(r["judge"]) for r in group])
            entry["judge_unreadable"] = sum(r["judge"] is None for r in group)
        out[name] = entry
    return out


# ----------------------------------------------------------------------------- reporting


def _groups(rows: Sequence[dict]) -> dict[str, list[dict]]:
    groups = {"overall": list(rows)}
    for category in sorted({r["category"] for r in rows} | set(SCORED_CATEGORIES)):
        groups[CATEGORY_NAMES.get(category, f"category {category}")] = [
            r for r in rows if r["category"] == category]
    return groups


def _mean(values: Sequence[float]) -> float:
    return float(np.mean(values)) if len(values) else float("nan")


def _fmt(value: float) -> str:
    return "-" if value != value else f"{value:.3f}"


def retrieval_table(summary: dict[str, Any], ks: Sequence[int], main_k: int,
                    budget: int) -> str:
    """Markdown: systems x recall columns, then recall@main_k per category."""
    head = ([f"R@{k}" for k in ks] + [f"all@{main_k}", f"R@{budget}tok", f"all@{budget}tok",
                                      "block tokens"])
    lines = ["| system | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    for system, per in summary.items():
        row = per["overall"]
        cells = [_fmt(row.get(f"recall@{k}", float("nan"))) for k in ks]
        cells += [_fmt(row.get(f"all@{main_k}", float("nan"))),
                  _fmt(row.get("recall@budget", float("nan"))),
                  _fmt(row.get("all@budget", float("nan"))), f"{row['mean_block_tokens']:.0f}"]
        lines.append(f"| {system} | " + " | ".join(cells) + " |")
    names = [n for n in summary[SYSTEM] if n != "overall" and summary[SYSTEM][n]["questions"]]
    lines += ["", "| category (n) | " + " | ".join(
        f"{s} R@{main_k}" for s in (SYSTEM, BM25_NAME)) + f" | {SYSTEM} R@{budget}tok |",
        "|---|---|---|---|"]
    for name in names:
        n = summary[SYSTEM][name]["questions"]
        lines.append(f"| {name} ({n}) | " + " | ".join(
            _fmt(summary[s][name][f"recall@{main_k}"]) for s in (SYSTEM, BM25_NAME))
            + f" | {_fmt(summary[SYSTEM][name]['recall@budget'])} |")
    return "\n".join(lines)


def answer_table(summary: dict[str, Any], judged: bool) -> str:
    """Markdown: one row per category and overall."""
    head = ["questions"] + (["LLM judge"] if judged else []) + ["F1", "BLEU-1"]
    lines = ["| category | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    for name, row in summary.items():
        if not row["questions"]:
            continue
        cells = [str(row["questions"])] + ([_fmt(row["judge"])] if judged else [])
        cells += [_fmt(row["f1"]), _fmt(row["bleu1"])]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def chart(summary: dict[str, Any], mode: str, path: Path, main_k: int, budget: int) -> bool:
    """A PNG bar chart per category (needs the ``eval`` extra); False if matplotlib is absent."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    if mode == "retrieval":
        series = {f"{SYSTEM} R@{main_k}": summary[SYSTEM], f"{BM25_NAME} R@{main_k}":
                  summary[BM25_NAME], f"{SYSTEM} R@{budget} tokens": summary[SYSTEM]}
        keys = [f"recall@{main_k}", f"recall@{main_k}", "recall@budget"]
    else:
        series = {m: summary for m in ("judge", "f1", "bleu1") if m in summary["overall"]}
        keys = list(series)
    names = [n for n, row in next(iter(series.values())).items() if row["questions"]]
    width = 0.8 / len(series)
    figure, axes = plt.subplots(figsize=(1.6 * len(names) + 2, 4))
    for i, ((label, per), key) in enumerate(zip(series.items(), keys, strict=True)):
        values = [per[n][key] for n in names]
        positions = [x + i * width for x in range(len(names))]
        bars = axes.bar(positions, values, width, label=label)
        axes.bar_label(bars, fmt="%.2f", fontsize=7)
    axes.set_xticks([x + width * (len(series) - 1) / 2 for x in range(len(names))],
                    [f"{n}\n(n={series[next(iter(series))][n]['questions']})" for n in names])
    axes.set_ylim(0, 1.05)
    axes.set_title(f"LOCOMO {mode} by category")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return True


# ----------------------------------------------------------------------------- command line


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="a LOCOMO-format JSON file")
    parser.add_argument("--mode", choices=MODES, default="retrieval")
    parser.add_argument("--workdir", type=Path, default=Path("eval/results/locomo"),
                        help="ingested stores and cached answers, one folder per conversation")
    parser.add_argument("--out", type=Path, help="report prefix (default WORKDIR/report-MODE)")
    parser.add_argument("--conversations", nargs="+", metavar="SAMPLE_ID")
    parser.add_argument("--limit", type=int, help="at most this many questions per conversation")
    parser.add_argument("--categories", nargs="+", type=int, default=list(SCORED_CATEGORIES),
                        choices=sorted(CATEGORY_NAMES))
    parser.add_argument("--k", nargs="+", type=int, default=[5, 10, 20], dest="ks")
    parser.add_argument("--main-k", type=int, default=10)
    parser.add_argument("--budget", type=int, default=1000, help="block tokens for R@budget")
    parser.add_argument("--backend", choices=("offline", "openai"), default="offline")
    parser.add_argument("--model", help="chat model (openai backend)")
    parser.add_argument("--base-url", help="an OpenAI-compatible server")
    parser.add_argument("--embedder", choices=("auto", *EMBEDDERS), default="auto",
                        help="auto: the default (a cached store: the one it was built with)")
    parser.add_argument("--judge-model", help="LLM judge model (answer mode, openai backend)")
    parser.add_argument("--judge-base-url", help="judge server (default: --base-url)")
    parser.add_argument("--concurrency", type=int, default=4, help="questions answered at once")
    parser.add_argument("--reingest", action="store_true", help="ignore cached ingestion")
    args = parser.parse_args(argv)
    if args.mode == "answer" and args.backend == "openai" and not args.judge_model:
        args.judge_model = args.model or "gpt-4.1-mini"
    args.ks = sorted({*args.ks, args.main_k})
    return args


def make_settings(args: argparse.Namespace) -> Settings:
    """Memory system settings: every session one batch, keyword topics offline."""
    return load_settings(backend=args.backend, model=args.model, base_url=args.base_url,
                         embedder=args.embedder, batch_size=1000,
                         store_uri=str(args.workdir / "_unused"))


def _judge(args: argparse.Namespace, settings: Settings) -> Judge | None:
    if args.mode != "answer" or settings.backend == "offline":
        return None
    import openai

    client = openai.AsyncOpenAI(
        base_url=args.judge_base_url or settings.base_url,
        api_key=settings.api_key or os.environ.get("OPENAI_API_KEY") or "unused")
    return Judge(args.judge_model, client)


def record(args: argparse.Namespace, settings: Settings, tokens: TokenCounter,
           judge: Judge | None) -> dict[str, Any]:
    """The exact settings of the run, for the JSON report."""
    memory = settings.model_dump(exclude={"api_key", "store_uri", "storage_options"})
    return {
        "path": str(args.path), "mode": args.mode, "conversations": args.conversations,
        "limit": args.limit, "categories": {c: CATEGORY_NAMES[c] for c in args.categories},
        "ks": args.ks, "main_k": args.main_k, "budget_tokens": args.budget,
        "tokenizer": tokens.name, "memory_settings": memory,
        "topics": "keywords (no model call)" if args.mode == "retrieval"
        or settings.backend == "offline" else settings.topic_extraction,
        "judge": ({"model": judge.model, "temperature": 0.0, "prompt": "mem0 llm_judge"}
                  if judge else "none: offline backend, F1 and BLEU-1 only"),
        "python": platform.python_version(), "lancedb": version("lancedb"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Ingest (or reuse) every chosen conversation, then score it in the chosen mode."""
    conversations = load_locomo(args.path)
    if args.conversations:
        unknown = set(args.conversations) - {c.sample_id for c in conversations}
        if unknown:
            raise SystemExit(f"error: no such conversations: {', '.join(sorted(unknown))}")
        conversations = [c for c in conversations if c.sample_id in args.conversations]
    settings, tokens = make_settings(args), TokenCounter()
    judge = _judge(args, settings)
    ingestion, usage, rows = {}, {}, []
    for conversation in tqdm(conversations, desc="conversations"):
        folder = args.workdir / conversation.sample_id
        if args.reingest:
            shutil.rmtree(folder, ignore_errors=True)
        ingestion[conversation.sample_id] = await ingest(conversation, folder, settings)
        if args.mode == "retrieval":
            rows += await retrieval_questions(conversation, folder, settings, args, tokens)
        else:
            found, usage[conversation.sample_id] = await answer_questions(
                conversation, folder, settings, args, judge)
            rows += found
    questions = [q for c in conversations for q in c.questions if q.category in args.categories]
    stats = total_evidence_stats(questions)
    summary = (summarise_retrieval(rows, args.ks) if args.mode == "retrieval"
               else summarise_answers(rows, judge is not None))
    return {"settings": record(args, settings, tokens, judge),
            "data": {"conversations": [c.sample_id for c in conversations],
                     "questions": len(questions), "scored": len(rows),
                     "skipped_no_evidence": stats.questions_without_evidence
                     if args.mode == "retrieval" else 0,
                     "evidence_repairs": {"entries_split": stats.entries_split,
                                          "ids_renumbered": stats.ids_renumbered,
                                          "ids_dropped": stats.ids_dropped}},
            "ingestion": ingestion, "answer_usage": usage, "summary": summary,
            "questions": rows}


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print the category mapping and the table, write JSON, markdown and PNG."""
    args = parse_args(argv)
    start = time.perf_counter()
    report = asyncio.run(run(args))
    report["wall_s"] = time.perf_counter() - start
    judged = args.mode == "answer" and report["settings"]["judge"] != \
        "none: offline backend, F1 and BLEU-1 only"
    table = (retrieval_table(report["summary"], args.ks, args.main_k, args.budget)
             if args.mode == "retrieval" else answer_table(report["summary"], judged))
    mapping = ", ".join(f"{c} {n}" for c, n in CATEGORY_NAMES.items())
    data = report["data"]
    notes = [f"Categories (official LOCOMO mapping): {mapping}; scored: "
             f"{', '.join(map(str, args.categories))}.",
             f"{data['scored']} of {data['questions']} questions scored "
             f"({data['skipped_no_evidence']} skipped: no usable evidence); "
             f"tokens: {report['settings']['tokenizer']}; wall {report['wall_s']:.0f} s."]
    if args.mode == "answer" and not judged:
        notes.append("No LLM judge with the offline backend: token F1 and BLEU-1 only.")
    text = "\n".join([*notes, "", table])
    print(text)
    prefix = args.out or args.workdir / f"report-{args.mode}"
    prefix.parent.mkdir(parents=True, exist_ok=True)
    Path(f"{prefix}.json").write_text(json.dumps(report, indent=1, ensure_ascii=False),
                                      encoding="utf-8")
    Path(f"{prefix}.md").write_text(text + "\n", encoding="utf-8")
    if chart(report["summary"], args.mode, Path(f"{prefix}.png"), args.main_k, args.budget):
        print(f"\nwrote {prefix}.json, {prefix}.md and {prefix}.png")
    else:
        print(f"\nwrote {prefix}.json and {prefix}.md (no chart: pip install '.[eval]')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
