"""How far re-ranking alone can take ``search(limit=10)`` on LOCOMO: the candidate pool's recall,
the shipped ranking's, and a ranker learned from the same features, cross-validated.

For each question (categories 1-4 with evidence) of conversations already ingested by
``eval/locomo.py`` into ``--workdir``, the pool is what :meth:`ActiveRetrieval.search` ranks:
the full-text and vector legs (``--candidates`` each) over every searched type. Reported, as
evidence recall at ``--k``:

- ``pool``: every candidate at once (no ordering of the pool can do better);
- ``shipped``: the pool in the order ``search`` gives it (fused, then re-ranked);
- ``learned``: a logistic regression on per-candidate features (the shipped score, each leg's
  score and rank, the named speaker, the neighbouring messages' scores, whether the message is
  a question or answers one, the words of the question it holds, its type and length), trained
  on the other conversations and scored on each one in turn (leave one conversation out).

    python eval/locomo.py ../shared/data/locomo/locomo_dev.json --workdir /tmp/locomo
    python eval/rerank_ceiling.py ../shared/data/locomo/locomo_dev.json --workdir /tmp/locomo
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from locomo_data import SCORED_CATEGORIES, load_locomo
from retrieval import recall_at

from mirix_like import MemorySystem, memory_types
from mirix_like.retrieval import ranking
from mirix_like.retrieval.topics import QUESTION_WORDS, STOPWORDS
from mirix_like.store import SearchHit
from mirix_like.store.search import SearchRequest

_WORD = re.compile(r"[A-Za-z]+")

Question = tuple[str, list[str], np.ndarray, list[list[str]], np.ndarray]
"""Conversation, evidence, features per candidate, their source ids, the shipped scores."""


def _said(hit: SearchHit) -> str:
    item = hit.item
    return " ".join(str(getattr(item, f, "") or "") for f in ("summary", "details", "content",
                                                                "name", "value", "caption"))


def features(question: str, fts: list[SearchHit], vec: list[SearchHit],
             dense_weight: float) -> tuple[list[SearchHit], np.ndarray]:
    """The re-ranked pool and one row of features per candidate."""
    ranked, links = ranking.rerank(ranking.fuse(fts, vec, dense_weight), question)
    top = ranked[0].score or 1.0
    legs = []
    for found in (fts, vec):
        best = max((h.score for h in found), default=0.0) or 1.0
        legs.append({h.item.id: (h.score / best, 1 / (i + 1)) for i, h in enumerate(found)})
    score = {h.item.id: h.score for h in ranked}
    named = [s for s in {ranking.speaker_of(h) for h in ranked} - {""}
             if re.search(rf"\b{re.escape(s)}\b", question)]
    asked = {w.lower() for w in _WORD.findall(question)} - STOPWORDS - QUESTION_WORDS
    rows = []
    for place, hit in enumerate(ranked):
        key, text = hit.item.id, _said(hit)
        words = {w.lower() for w in _WORD.findall(text)}
        context = str(getattr(hit.item, "context", "") or "")
        speaker = ranking.speaker_of(hit)
        rows.append([
            hit.score / top, 1 / (place + 1),
            *legs[0].get(key, (0.0, 0.0)), *legs[1].get(key, (0.0, 0.0)),
            float(len(named) == 1 and speaker == named[0]),
            float(len(named) == 1 and speaker not in ("", named[0])),
            *(sum(score.get(o, 0.0) for o in links.around(key, n)) / top for n in (1, 2)),
            float(text.rstrip().endswith("?")), float(context.rstrip().endswith("?")),
            len(asked & words) / len(asked) if asked else 0.0,
            math.log1p(len(text)),
            *(float(hit.memory_type == name) for name in memory_types.names()),
        ])
    return ranked, np.asarray(rows, dtype=float)


def gather(path: Path, workdir: Path, candidates: int) -> list[Question]:
    """Every scored question of the ingested conversations, with its pool's features."""
    out: list[Question] = []
    for conversation in load_locomo(path):
        folder = workdir / conversation.sample_id / "store"
        if not folder.is_dir():
            continue
        with MemorySystem(store_uri=str(folder), backend="offline") as memory:
            active, user = memory.aio.chat_agent.active, conversation.sample_id
            searched = [s.name for s in memory_types.all_types() if not s.retrieval.always]
            for question in conversation.questions:
                if question.category not in SCORED_CATEGORIES or not question.evidence:
                    continue
                requests = [SearchRequest(searched, question.question, method=m,
                                          limit=candidates) for m in ("fts", "vector")]
                fts, vec = memory.store.search_many(user, requests).hits
                ranked, rows = features(question.question, fts, vec, active.dense_weight)
                if ranked:
                    out.append((user, list(question.evidence), rows,
                                [h.item.source_ids for h in ranked], rows[:, 0]))
    return out


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 3000,
        rate: float = 0.5) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Logistic regression by gradient descent on standardised features."""
    mean, scale = x.mean(0), x.std(0) + 1e-9
    z, weights, bias = (x - mean) / scale, np.zeros(x.shape[1]), 0.0
    for _ in range(steps):
        error = 1 / (1 + np.exp(-(z @ weights + bias))) - y
        weights -= rate * (z.T @ error + l2 * weights) / len(y)
        bias -= rate * float(error.mean())
    return mean, scale, weights, bias


def recall(questions: Sequence[Question], scores: Sequence[np.ndarray], k: int) -> float:
    """Mean evidence recall at ``k`` with each pool ordered by its ``scores``."""
    return float(np.mean([recall_at(ev, [sources[i] for i in np.argsort(-s, kind="stable")], k)
                          for (_, ev, _, sources, _), s in zip(questions, scores, strict=True)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="a LOCOMO-format JSON file")
    parser.add_argument("--workdir", type=Path, required=True, help="eval/locomo.py's workdir")
    parser.add_argument("--candidates", type=int, default=50, help="hits per search leg")
    parser.add_argument("--k", type=int, default=10)
    args = parser.parse_args()
    questions = gather(args.path, args.workdir, args.candidates)
    if not questions:
        raise SystemExit(f"no ingested conversation under {args.workdir}: run eval/locomo.py")
    learned = [np.zeros(len(q[3])) for q in questions]
    users = sorted({q[0] for q in questions})
    for held_out in users if len(users) > 1 else ():
        train = [q for q in questions if q[0] != held_out]
        x = np.vstack([q[2] for q in train])
        y = np.concatenate([[float(bool(set(s) & set(q[1]))) for s in q[3]] for q in train])
        mean, scale, weights, bias = fit(x, y)
        for i, q in enumerate(questions):
            if q[0] == held_out:
                learned[i] = (q[2] - mean) / scale @ weights + bias
    pool = float(np.mean([recall_at(q[1], q[3], len(q[3])) for q in questions]))
    print(f"{len(questions)} questions, {len(users)} conversations, {args.candidates} "
          f"candidates per leg, recall@{args.k}")
    print(f"pool (ceiling of any re-ranking): {pool:.3f}")
    shipped = recall(questions, [q[4] for q in questions], args.k)
    print(f"shipped ranking:                  {shipped:.3f}")
    if len(users) > 1:
        print(f"learned, leave one conversation out: {recall(questions, learned, args.k):.3f}")


if __name__ == "__main__":
    main()
