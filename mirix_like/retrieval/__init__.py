"""Active retrieval's ranking and its token budget: one list across memory types, then a fit.

``rank`` merges the relevant hits of every type by score, drops hits whose source inputs are
all covered by better ones (an event and a fact drawn from the same message say the same
thing), and puts the most recent events after them. ``fit`` keeps what fits a token budget,
counted by :func:`estimate_tokens` (no tokenizer download: one token per CJK character, one
per 4 other characters, which over-counts English prose against ``cl100k_base`` slightly).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from mirix_like.store import SearchHit

BLOCK_TOKENS = 1_000
"""Default budget of the memory block the chat agent reads, core blocks included."""
SECTION_TOKENS = 20
"""About what one type's section costs in the block besides its items (its name, k of N)."""

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")

__all__ = ["BLOCK_TOKENS", "SECTION_TOKENS", "estimate_tokens", "fit", "rank"]


def estimate_tokens(text: str) -> int:
    """About how many model tokens ``text`` is: CJK characters 1 each, other text 4 chars."""
    cjk = len(_CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def rank(relevant: Sequence[SearchHit], recent: Sequence[SearchHit] = ()) -> list[SearchHit]:
    """Relevant hits best first (all types), then recent ones; repeats and covered hits out.

    A hit is covered when every one of its ``source_ids`` is already among those of the hits
    before it; hits without source ids are never covered.
    """
    ordered = sorted(relevant, key=lambda h: h.score, reverse=True)
    seen_ids: set[str] = set()
    covered: set[str] = set()
    ranked: list[SearchHit] = []
    for hit in [*ordered, *recent]:
        sources = set(hit.item.source_ids)
        if hit.item.id in seen_ids or (sources and sources <= covered):
            continue
        seen_ids.add(hit.item.id)
        covered |= sources
        ranked.append(hit)
    return ranked


def fit(costs: Sequence[int], budget: int, base: int = 0, keep: int = 0) -> int:
    """How many items, taken in order, fit in ``budget`` tokens: ``base`` plus their ``costs``.

    The first ``keep`` items (core blocks, already in ``base``) are always kept.
    """
    used, count = base, keep
    for cost in costs[keep:]:
        if used + cost > budget:
            break
        used, count = used + cost, count + 1
    return count
