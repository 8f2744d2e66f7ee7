"""Active retrieval: from a query to the memories a chat prompt carries, within a budget.

One concurrent store call per query (:meth:`MemoryStore.search_many`): the items of every
always-shown type (core: its blocks), one full-text query over every other type (and one
vector query when the embedder is a semantic one), the newest events, and the item counts.
Candidates are fused, re-ranked (:mod:`mirix_like.retrieval.ranking`), cut to each type's
limit, followed by the newest events, and rendered into at most ``max_tokens`` estimated tokens
(:func:`~mirix_like.retrieval.budget.estimate_tokens`). A long item (a screen's text, a
document) is rendered as the lines of it that match the topics
(:func:`~mirix_like.retrieval.snippets.render_hit`), not its first lines.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from pydantic import BaseModel, Field

from mirix_like import memory_types
from mirix_like.config import RetrievalSettings
from mirix_like.memory_types.base import utcnow
from mirix_like.prompt_format import MEMORIES_TAG
from mirix_like.retrieval.budget import BLOCK_TOKENS, estimate_tokens
from mirix_like.retrieval.clock import AskedTime, asked_time
from mirix_like.retrieval.ranking import (
    DENSE_WEIGHT,
    Links,
    asks_before,
    fuse,
    named_speakers,
    rank,
    rerank,
    without_names,
)
from mirix_like.retrieval.snippets import render_hit
from mirix_like.store import MemoryStore, SearchHit
from mirix_like.store.queries import MAX_LIMIT
from mirix_like.store.search import SearchRequest, SearchResults
from mirix_like.store.secrets import MASK

CANDIDATES = 50
"""Items per search leg (one query over every searched type) that re-ranking chooses from."""
ALWAYS_SHOWN = 10
"""Items of an always-shown type (core: its blocks) a context carries, newest first."""
CLOCK_SHOWN = 3
"""Events a question that names an hour gets ("What was on my screen at 8:30?"): those of the
day it names, else of the newest day that has any then, the last seen by then first
(:mod:`mirix_like.retrieval.clock`)."""
SPAN_SHOWN = 6
"""Events a question about a part of a day or a day gets ("What did I look at yesterday
afternoon?"): the latest of it, in time order."""
THEN_CANDIDATES = 30
"""Events of the time asked the store returns for those shown to be chosen from."""
PAST_SHOWN = 10
"""Facts that stopped being true (per type with a validity range) a question about before
gets, newest first, whatever words they share with it ("before Austin": "lived in Denver")."""
MAX_CONTEXT_TOKENS = 100_000

Counts = dict[str, tuple[int, int]]


class Context(BaseModel):
    """What active retrieval puts in a chat prompt for one query.

    ``text`` holds at most ``max_tokens`` tokens as :func:`estimate_tokens` counts them;
    ``items`` are the memories in it (secret values masked), best first; ``source_ids`` the
    inputs they were drawn from; ``counts`` per type (items in the text, items stored).
    """

    text: str
    tokens: int
    max_tokens: int
    items: list[SearchHit] = Field(default_factory=list)
    source_ids: list[str] = Field(default_factory=list)
    topics: list[str] = Field(default_factory=list)
    counts: Counts = Field(default_factory=dict)
    revealed: list[SearchHit] = Field(default_factory=list, exclude=True, repr=False)
    """``items`` with vault values as the prompt shows them (low and medium only)."""


@dataclass(frozen=True)
class _Ask:
    """What one request of the store call is for."""

    role: str  # always, past, then, lexical, dense or recent
    then: AskedTime | None = None  # when a question asks about, for role "then"


class ActiveRetrieval:
    """Finds, ranks and fits the memories of one user for a query."""

    def __init__(self, store: MemoryStore, settings: RetrievalSettings) -> None:
        self.store = store
        self.settings = settings

    @property
    def method(self) -> str:
        """``fts``, ``vector`` or ``hybrid`` (both legs, fused); ``auto`` resolved."""
        if self.settings.method != "auto":
            return self.settings.method
        return "fts" if getattr(self.store.embedder, "lexical", False) else "hybrid"

    @property
    def dense_weight(self) -> float:
        """Share of the vector similarity in a fused score: the embedder's own
        ``dense_weight`` (measured on LOCOMO, BENCHMARKS.md), else :data:`DENSE_WEIGHT`."""
        return float(getattr(self.store.embedder, "dense_weight", DENSE_WEIGHT))

    def _plan(self, query: str, question: str) -> tuple[list[SearchRequest], list[_Ask]]:
        legs = {"fts": ["lexical"], "vector": ["dense"], "hybrid": ["lexical", "dense"]}
        specs = memory_types.all_types()
        searched = [s.name for s in specs if not s.retrieval.always and self.settings.limit(s)]
        with_past = [s.name for s in specs if "valid_until" in s.item_model.model_fields]
        requests, asks = [], []
        if with_past and asks_before(question or query):
            requests.append(SearchRequest(with_past, method="recent", reveal_secrets=True,
                                          limit=PAST_SHOWN * len(with_past), past=True,
                                          sensitivity=chat_sensitivity()))
            asks.append(_Ask("past"))
        zone = self.settings.zone
        if then := asked_time(question or query, utcnow().astimezone(zone)):
            requests.append(_then(then, zone))
            asks.append(_Ask("then", then))
        if searched and any(ch.isalnum() for ch in query):
            for leg in legs[self.method]:
                requests.append(SearchRequest(
                    searched, query, method="fts" if leg == "lexical" else "vector",
                    limit=CANDIDATES, sensitivity=chat_sensitivity(), reveal_secrets=True))
                asks.append(_Ask(leg))
        for spec in specs:
            if spec.retrieval.always:
                requests.append(SearchRequest(spec.name, method="recent", limit=ALWAYS_SHOWN))
                asks.append(_Ask("always"))
            elif recent := self.settings.recent(spec):
                requests.append(SearchRequest(spec.name, method="recent", limit=recent))
                asks.append(_Ask("recent"))
        return requests, asks

    def search(self, user_id: str, query: str, *, types: Sequence[str] | None = None,
               limit: int = 10, **filters: Any) -> list[SearchHit]:
        """The ``limit`` best hits for ``query``, best first across types, ranked as a chat
        context ranks them: the full-text and vector legs fused (full-text alone with a
        lexical embedder; the vector one again without the speakers the query names, when
        it names any), then re-ranked by the speaker the query names, by neighbouring
        messages, by whether a fact still holds and by whether a message asks. ``filters``
        are those of :meth:`MemoryStore.search`; a query with no word, a given ``vector`` or
        bad input is the store's plain hybrid search (which reports what is wrong)."""
        if (not isinstance(query, str) or not any(ch.isalnum() for ch in query)
                or isinstance(types, str) or filters.get("vector") is not None
                or isinstance(limit, bool) or not isinstance(limit, int)
                or not 1 <= limit <= MAX_LIMIT):
            return self.store.search(query, user_id, memory_types=types, method="hybrid",
                                     limit=limit, **filters)
        names = memory_types.names() if types is None else [
            memory_types.get(name).name for name in types]
        legs = {"fts": ["fts"], "vector": ["vector"], "hybrid": ["fts", "vector"]}[self.method]
        requests = [SearchRequest(names, query, method=leg, limit=max(limit, CANDIDATES),
                                  **filters) for leg in legs]
        found = self.store.search_many(user_id, requests)
        by_leg = dict(zip(legs, found.hits, strict=True))
        if "vector" in by_leg:
            # A named speaker pulls the query's vector towards messages that greet them
            # ("Thanks, Maria!"); the speaker boost already favours what they said.
            plain = without_names(query, named_speakers(
                [h for hits in found.hits for h in hits], query))
            if plain != " ".join(query.split()) and any(ch.isalnum() for ch in plain):
                by_leg["vector"] = self.store.search_many(user_id, [SearchRequest(
                    names, plain, method="vector", limit=max(limit, CANDIDATES),
                    **filters)]).hits[0]
        ranked, _ = rerank(fuse(by_leg.get("fts", []), by_leg.get("vector", []),
                                self.dense_weight), query)
        return ranked[:limit]

    def retrieve(self, user_id: str, query: str, question: str = "",
                 ) -> tuple[list[SearchHit], dict[str, int]]:
        """Core blocks, then ranked hits: see :meth:`retrieve_async`."""
        requests, asks = self._plan(query, question)
        found = self.store.search_many(user_id, requests, count=memory_types.names())
        return self._ranked(asks, found, question or query)

    async def retrieve_async(self, user_id: str, query: str, question: str = "",
                             ) -> tuple[list[SearchHit], dict[str, int]]:
        """Core blocks, then relevant hits ranked, then the newest events; items per type.

        ``query`` is what is searched (topics); ``question`` the message itself, whose
        named speaker is boosted (``query`` if empty).
        """
        requests, asks = self._plan(query, question)
        found = await self.store.search_many_async(user_id, requests,
                                                   count=memory_types.names())
        return self._ranked(asks, found, question or query)

    def _ranked(self, asks: list[_Ask], found: SearchResults, question: str,
                ) -> tuple[list[SearchHit], dict[str, int]]:
        by_role: dict[str, list[SearchHit]] = {}
        for ask, hits in zip(asks, found.hits, strict=True):
            by_role.setdefault(ask.role, []).extend(hits)
        always = [h for h in by_role.get("always", []) if h.item.model_dump(
            include=set(memory_types.get(h.memory_type).item_model.content_fields()),
            exclude_defaults=True)]
        fused = fuse(by_role.get("lexical", []), by_role.get("dense", []), self.dense_weight)
        ranked, links = rerank(fused, question)
        kept, per_type = [], {}
        for hit in ranked:
            per_type[hit.memory_type] = per_type.get(hit.memory_type, 0) + 1
            if per_type[hit.memory_type] <= self.settings.limit(memory_types.get(hit.memory_type)):
                kept.append(hit)
        pinned = by_role.get("past", [])
        for ask, hits in zip(asks, found.hits, strict=True):
            if ask.then is not None:
                pinned = pinned + ask.then.hits(
                    hits, self.settings.zone, SPAN_SHOWN if ask.then.span else CLOCK_SHOWN)
        shown = {h.item.id for h in pinned}
        rest = _ranked_with_replies(kept, ranked, by_role.get("recent", []), links)
        return always + pinned + [h for h in rest if h.item.id not in shown], found.counts

    def context(self, hits: Sequence[SearchHit], totals: dict[str, int], *,
                max_tokens: int = BLOCK_TOKENS, topics: Sequence[str] = ()) -> Context:
        """The hits (from :meth:`retrieve`) that fit ``max_tokens``, rendered as text; long
        items cut to the lines that match ``topics``."""
        lines = [_line(h, topics) for h in hits]
        headers = {name: _header(name, total, total) for name, total in totals.items()}
        chosen, used, opened = [], 0, set()
        for index, hit in enumerate(hits):
            cost = estimate_tokens(lines[index] + "\n")
            if hit.memory_type not in opened:
                cost += estimate_tokens(headers.get(hit.memory_type, hit.memory_type) + "\n")
            if used + cost <= max_tokens:
                used += cost
                chosen.append(index)
                opened.add(hit.memory_type)
        shown = [hits[i] for i in chosen]
        counts = {name: (sum(h.memory_type == name for h in shown), total)
                  for name, total in totals.items()}
        sections = []
        for spec in memory_types.all_types():
            mine = [lines[i] for i in chosen if hits[i].memory_type == spec.name]
            if mine:
                shown_n, total = counts.get(spec.name, (len(mine), len(mine)))
                sections.append("\n".join([_header(spec.name, shown_n, total), *mine]))
        text = "\n".join(sections)
        sources = list(dict.fromkeys(s for h in shown for s in h.item.source_ids))
        return Context(text=text, tokens=estimate_tokens(text), max_tokens=max_tokens,
                       items=[masked(h) for h in shown], source_ids=sources,
                       topics=list(topics), counts=counts, revealed=shown)


def _ranked_with_replies(kept: list[SearchHit], ranked: list[SearchHit],
                         recent: list[SearchHit], links: Links) -> list[SearchHit]:
    """:func:`rank` of the kept hits, replies to questions taken from all candidates."""
    replies = {links.after[h.item.id] for h in kept if h.item.id in links.after}
    pool = kept + [h for h in ranked if h.item.id in replies and h not in kept]
    return rank(pool, recent, links)


def _header(name: str, shown: int, total: int) -> str:
    return f"{name} ({shown} of {total}):"


def _line(hit: SearchHit, topics: Sequence[str]) -> str:
    """One memory as one line: the type's brief rendering, else its full one, a long field
    cut to the lines that match ``topics``."""
    return "- " + " ".join(str(render_hit(hit, " ".join(topics))).split())


def _then(asked: AskedTime, zone: tzinfo) -> SearchRequest:
    """The newest events (of the types that keep when something happened) of the time
    ``asked``: in its hours, on its day if it names one (and the days either side, which a
    window across midnight reaches)."""
    since = until = None
    if asked.day is not None:
        midnight = datetime.combine(asked.day, time(), tzinfo=zone)
        reach = timedelta(days=1 if asked.clock else 0)
        since, until = midnight - reach, midnight + timedelta(days=1) + reach
    timed = [s.name for s in memory_types.all_types() if s.time_field != "created_at"]
    return SearchRequest(timed, method="recent", limit=THEN_CANDIDATES, since=since,
                         until=until, sensitivity=chat_sensitivity(),
                         clock=asked.clock.utc_ranges(zone, (asked.day or date.today()).year)
                         if asked.clock else None)


def chat_sensitivity() -> list[str]:
    """The sensitivity levels whose secret values may reach a chat prompt: those the types
    with secrets allow in their retrieval policy (high-sensitivity ones never)."""
    return sorted({level for spec in memory_types.all_types()
                   for level in spec.retrieval.chat_sensitivity})


def masked(hit: SearchHit) -> SearchHit:
    """``hit`` with its secret values masked: a listing of what was used, not a vault read."""
    secret = memory_types.get(hit.memory_type).secret_fields
    if not secret:
        return hit
    item = hit.item.model_copy(update=dict.fromkeys(secret, MASK))
    return hit.model_copy(update={"item": item})


def context_lines(context: Context) -> list[str]:
    """Each memory of ``context`` as the one line a prompt shows it (vault values as the
    prompt shows them), in order."""
    return [_line(h, context.topics)[2:] for h in context.revealed]


def prompt_block(context: Context) -> str:
    """The context as the tagged block a chat prompt carries: per type, k of N and the lines."""
    sections = []
    for spec in memory_types.all_types():
        shown, total = context.counts.get(spec.name, (0, 0))
        items = [{"text": text} for h, text in zip(context.revealed, context_lines(context),
                                                     strict=True) if h.memory_type == spec.name]
        if items or total:
            sections.append({"type": spec.name, "shown": shown, "total": total,
                             "items": items})
    return f"<{MEMORIES_TAG}>\n{json.dumps(sections, ensure_ascii=False)}\n</{MEMORIES_TAG}>"
