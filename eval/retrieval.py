"""Evidence recall of MemoryStore search on LOCOMO, next to a BM25 baseline over the raw turns.

Every turn becomes one episodic item (summary ``"speaker: text"`` plus the photo caption,
``source_ids=[dia_id]``, ``occurred_at`` the session time) in a fresh store per conversation
and embedder. Each question of categories 1-4 with usable evidence is searched once with
``limit`` = the largest k; recall@k is the share of its evidence turns among the top k hits.

    python eval/retrieval.py ../shared/data/locomo/locomo_dev.json \
        --embedders hashing sentence-transformers --out retrieval.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
from locomo_data import (
    CATEGORY_NAMES,
    SCORED_CATEGORIES,
    Conversation,
    Question,
    load_locomo,
    total_evidence_stats,
)
from tqdm import tqdm

from mirix_like.embedders import EMBEDDERS, make_embedder
from mirix_like.store.queries import MAX_LIMIT
from mirix_like.store.store import MemoryStore

METHODS = ("fts", "vector", "hybrid")
BM25_K1 = 1.5
BM25_B = 0.75
BASELINE = "bm25"
_TOKEN = re.compile(r"\w+")


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens: no stemming, no stop words."""
    return _TOKEN.findall(text.lower())


class BM25:
    """Okapi BM25 over a fixed list of documents; idf as Lucene's, ``ln(1 + (N-df+.5)/(df+.5))``."""

    def __init__(self, documents: Sequence[str], k1: float = BM25_K1, b: float = BM25_B) -> None:
        tokenised = [tokenize(d) for d in documents]
        self.vocabulary: dict[str, int] = {}
        for tokens in tokenised:
            for token in tokens:
                self.vocabulary.setdefault(token, len(self.vocabulary))
        tf = np.zeros((len(documents), len(self.vocabulary)), dtype=np.float32)
        for row, tokens in enumerate(tokenised):
            for token in tokens:
                tf[row, self.vocabulary[token]] += 1
        lengths = tf.sum(axis=1)
        norm = k1 * (1 - b + b * lengths / max(float(lengths.mean()), 1e-9))
        df = (tf > 0).sum(axis=0)
        idf = np.log1p((len(documents) - df + 0.5) / (df + 0.5))
        self._weights = idf * tf * (k1 + 1) / (tf + norm[:, None])

    def scores(self, query: str) -> np.ndarray:
        """The score of every document for ``query`` (each query token counts once per use)."""
        columns = [self.vocabulary[t] for t in tokenize(query) if t in self.vocabulary]
        return self._weights[:, columns].sum(axis=1)

    def top(self, query: str, limit: int) -> list[int]:
        """Indexes of the ``limit`` best documents with a positive score, best first."""
        scores = self.scores(query)
        order = np.argsort(-scores, kind="stable")[:limit]
        return [int(i) for i in order if scores[i] > 0]


@dataclass
class QuestionResult:
    """What one system retrieved for one question: per hit, its source turn ids."""

    sample_id: str
    index: int
    category: int
    evidence: tuple[str, ...]
    hits: list[list[str]]
    query_ms: float


def recall_at(evidence: Sequence[str], hits: Sequence[Sequence[str]], k: int) -> float:
    """Share of ``evidence`` among the source ids of the first ``k`` hits."""
    found = {source for hit in hits[:k] for source in hit}
    return sum(e in found for e in evidence) / len(evidence)


def summarise(results: Sequence[QuestionResult], ks: Sequence[int]) -> dict[str, dict[str, float]]:
    """Mean recall@k and all-evidence rate@k, overall and per category name."""
    groups: dict[str, list[QuestionResult]] = {"overall": list(results)}
    for category in SCORED_CATEGORIES:
        groups[CATEGORY_NAMES[category]] = [r for r in results if r.category == category]
    summary: dict[str, dict[str, float]] = {}
    for name, group in groups.items():
        row: dict[str, float] = {"questions": len(group)}
        for k in ks:
            recalls = [recall_at(r.evidence, r.hits, k) for r in group]
            row[f"recall@{k}"] = float(np.mean(recalls)) if group else float("nan")
            row[f"all@{k}"] = float(np.mean([x == 1.0 for x in recalls])) if group else float("nan")
        summary[name] = row
    return summary


def scored_questions(conversation: Conversation) -> list[Question]:
    """The questions of categories 1-4 that have at least one usable evidence turn."""
    return [q for q in conversation.questions
            if q.category in SCORED_CATEGORIES and q.evidence]


def ingest(store: MemoryStore, conversation: Conversation) -> None:
    """Store every turn as one episodic item of user ``sample_id``, one batch per session."""
    for session in conversation.sessions:
        store.insert("episodic", conversation.sample_id, [
            {
                "summary": turn.content,
                "details": "",
                "actor": "other",
                "occurred_at": session.occurred_at,
                "source_ids": [turn.dia_id],
                "metadata": {"speaker": turn.speaker},
            }
            for turn in session.turns
        ])


def _bm25_results(conversation: Conversation, limit: int) -> tuple[list[QuestionResult], float]:
    start = time.perf_counter()
    turns = conversation.turns
    index = BM25([t.content for t in turns])
    build_s = time.perf_counter() - start
    results = []
    for question in scored_questions(conversation):
        start = time.perf_counter()
        top = index.top(question.question, limit)
        elapsed = (time.perf_counter() - start) * 1000
        results.append(QuestionResult(conversation.sample_id, question.index, question.category,
                                      question.evidence, [[turns[i].dia_id] for i in top], elapsed))
    return results, build_s


def _store_results(
    store: MemoryStore, conversation: Conversation, method: str, limit: int
) -> list[QuestionResult]:
    results = []
    for question in scored_questions(conversation):
        start = time.perf_counter()
        found = store.search(question.question, conversation.sample_id,
                             memory_types=["episodic"], method=method, limit=limit)
        elapsed = (time.perf_counter() - start) * 1000
        results.append(QuestionResult(conversation.sample_id, question.index, question.category,
                                      question.evidence, [h.item.source_ids for h in found],
                                      elapsed))
    return results


def run_benchmark(
    conversations: Sequence[Conversation],
    embedders: Sequence[str],
    methods: Sequence[str] = METHODS,
    ks: Sequence[int] = (5, 10, 20),
    *,
    progress: bool = True,
) -> dict[str, Any]:
    """Recall of BM25 and of every embedder x method; summaries, timings and per-question hits."""
    limit = max(ks)
    results: dict[str, list[QuestionResult]] = {BASELINE: []}
    timings: dict[str, dict[str, float]] = {BASELINE: {"index_s": 0.0}}
    embedder_info: dict[str, dict[str, Any]] = {}
    for conversation in tqdm(conversations, desc="bm25", disable=not progress):
        found, build_s = _bm25_results(conversation, limit)
        results[BASELINE] += found
        timings[BASELINE]["index_s"] += build_s
    for name in embedders:
        start = time.perf_counter()
        embedder = make_embedder(name)
        embedder_info[name] = {"name": embedder.name, "dim": embedder.dim,
                               "load_s": time.perf_counter() - start}
        ingest_s = 0.0
        for method in methods:
            results[f"{name}/{method}"] = []
        for conversation in tqdm(conversations, desc=name, disable=not progress):
            with tempfile.TemporaryDirectory(prefix="locomo-retrieval-") as folder:
                start = time.perf_counter()
                store = MemoryStore(Path(folder) / "store", embedder=embedder)
                ingest(store, conversation)
                ingest_s += time.perf_counter() - start
                for method in methods:
                    found = _store_results(store, conversation, method, limit)
                    results[f"{name}/{method}"] += found
        for method in methods:
            timings[f"{name}/{method}"] = {"ingest_s": ingest_s}
    systems: dict[str, Any] = {}
    for system, found in results.items():
        timing = timings[system] | {"mean_query_ms": float(np.mean([r.query_ms for r in found]))
                                    if found else float("nan")}
        systems[system] = {"summary": summarise(found, ks), "timings": timing}
    return {
        "embedders": embedder_info,
        "systems": systems,
        "questions": {system: [asdict(r) for r in found] for system, found in results.items()},
    }


def data_summary(conversations: Sequence[Conversation]) -> dict[str, Any]:
    """Question counts of categories 1-4, evidence repairs, and orphan session dates."""
    scored = [q for c in conversations for q in c.questions if q.category in SCORED_CATEGORIES]
    stats = total_evidence_stats(scored)
    return {
        "conversations": [c.sample_id for c in conversations],
        "sessions": sum(len(c.sessions) for c in conversations),
        "turns": sum(len(c.turns) for c in conversations),
        "questions_cat_1_4": len(scored),
        "questions_scored": len(scored) - stats.questions_without_evidence,
        "questions_skipped_no_evidence": stats.questions_without_evidence,
        "evidence": asdict(stats),
        "dates_without_session": {c.sample_id: list(c.dates_without_session)
                                  for c in conversations if c.dates_without_session},
    }


def _fmt(value: float) -> str:
    return "-" if value != value else f"{value:.3f}"


def format_tables(report: dict[str, Any], ks: Sequence[int], main_k: int) -> str:
    """Markdown: recall per system (per-category columns at ``main_k``), then timings."""
    systems = report["systems"]
    first = next(iter(systems.values()))["summary"]
    categories = [CATEGORY_NAMES[c] for c in SCORED_CATEGORIES]
    header = (["system"] + [f"R@{k}" for k in ks] + [f"all@{main_k}"]
              + [f"{c} R@{main_k} (n={first[c]['questions']})" for c in categories])
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for system, entry in systems.items():
        summary = entry["summary"]
        cells = ([_fmt(summary["overall"][f"recall@{k}"]) for k in ks]
                 + [_fmt(summary["overall"][f"all@{main_k}"])]
                 + [_fmt(summary[c][f"recall@{main_k}"]) for c in categories])
        lines.append(f"| {system} | " + " | ".join(cells) + " |")
    lines += ["", "| system | index/ingest s | mean query ms |", "|---|---|---|"]
    for system, entry in systems.items():
        timing = entry["timings"]
        build = timing.get("ingest_s", timing.get("index_s", 0.0))
        lines.append(f"| {system} | {build:.1f} | {timing['mean_query_ms']:.1f} |")
    return "\n".join(lines)


def _settings(args: argparse.Namespace, ks: list[int]) -> dict[str, Any]:
    return {
        "path": str(args.path),
        "methods": args.methods,
        "ks": ks,
        "search_limit": max(ks),
        "bm25": {"k1": BM25_K1, "b": BM25_B, "tokenizer": "lowercase \\w+ words",
                 "idf": "ln(1 + (N - df + 0.5) / (df + 0.5))"},
        "categories": {str(c): CATEGORY_NAMES[c] for c in SCORED_CATEGORIES},
        "python": platform.python_version(),
        "lancedb": version("lancedb"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="a LOCOMO-format JSON file")
    parser.add_argument("--embedders", nargs="+", choices=EMBEDDERS, default=["hashing"])
    parser.add_argument("--methods", nargs="+", choices=METHODS, default=list(METHODS))
    parser.add_argument("--k", nargs="+", type=int, default=[5, 10, 20], dest="ks")
    parser.add_argument("--main-k", type=int, default=10,
                        help="k of the all-evidence and per-category columns")
    parser.add_argument("--conversations", nargs="+", metavar="SAMPLE_ID",
                        help="only these samples (default: all)")
    parser.add_argument("--out", type=Path, help="write the full report as JSON here")
    args = parser.parse_args(argv)
    if any(not 1 <= k <= MAX_LIMIT for k in [*args.ks, args.main_k]):
        parser.error(f"every k must be from 1 to {MAX_LIMIT}")
    args.embedders = list(dict.fromkeys(args.embedders))
    args.methods = list(dict.fromkeys(args.methods))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the tables, and write the JSON report if asked."""
    args = parse_args(argv)
    ks = sorted({*args.ks, args.main_k})
    conversations = load_locomo(args.path)
    if args.conversations:
        unknown = set(args.conversations) - {c.sample_id for c in conversations}
        if unknown:
            print(f"error: no such conversations: {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        conversations = [c for c in conversations if c.sample_id in args.conversations]
    start, load_before = time.perf_counter(), os.getloadavg()[0]
    report = run_benchmark(conversations, args.embedders, args.methods, ks)
    report = {"settings": _settings(args, ks), "data": data_summary(conversations), **report,
              "wall_s": time.perf_counter() - start,
              "load_average_1m": {"start": load_before, "end": os.getloadavg()[0]}}
    data = report["data"]
    print(format_tables(report, ks, args.main_k))
    print(f"\n{data['questions_scored']} questions of categories 1-4 scored "
          f"({data['questions_skipped_no_evidence']} skipped: no usable evidence); evidence: "
          f"{data['evidence']['entries_split']} entries split, "
          f"{data['evidence']['ids_renumbered']} ids renumbered, "
          f"{data['evidence']['ids_dropped']} ids dropped; wall {report['wall_s']:.0f} s")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
