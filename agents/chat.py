"""The chat agent: active retrieval from all memory types before every answer."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.messages import TextMessage, ToolCallExecutionEvent
from autogen_core.models import ChatCompletionClient, SystemMessage, UserMessage
from mirix_like.agents.tools import StoreTool
from mirix_like.memory_types.base import utcnow
from pydantic import BaseModel, Field

from mirix_like import memory_types
from mirix_like.config import RetrievalSettings
from mirix_like.offline.rules import topics as keyword_topics
from mirix_like.prompt_format import MEMORIES_TAG, TOPICS_TASK
from mirix_like.retrieval import BLOCK_TOKENS, SECTION_TOKENS, estimate_tokens, fit, rank
from mirix_like.store import MemoryStore, SearchHit
from mirix_like.store.secrets import MASK

CHAT_SENSITIVITY = ("low", "medium")  # high-sensitivity vault items never reach a prompt

SYSTEM = """You are a helpful personal assistant with a long-term memory of this user.
Current time: {now}
Memories were retrieved for the topics: {topics}
Each memory type lists k of N: k items shown of N stored.
{memories}
Answer from these memories when they are relevant; say so when memory does not hold the answer.
Use search_memory or list_events to look further, and remember when the user asks you to
remember something. Answer in the user's language."""

TOPICS_PROMPT = f"""{TOPICS_TASK}
List the search topics (names, things, events, places, times) needed to answer the user's
latest message from memory, one per line, at most 6, nothing else."""


class ChatResponse(BaseModel):
    """An answer, the memories it was given, and the topics they were retrieved for."""

    answer: str
    memories: list[SearchHit] = Field(default_factory=list)
    topics: list[str] = Field(default_factory=list)
    counts: dict[str, tuple[int, int]] = Field(default_factory=dict)


class SearchArgs(BaseModel):
    query: str = Field(min_length=1)
    memory_types: list[str] | None = Field(None, description="Types to search; all if omitted.")
    method: Literal["hybrid", "fts", "vector", "exact", "fuzzy"] = "hybrid"
    since: datetime | None = None
    until: datetime | None = None
    limit: int = Field(10, ge=1, le=50)


class ListEventsArgs(BaseModel):
    since: datetime | None = None
    until: datetime | None = None
    limit: int = Field(20, ge=1, le=100)


class RememberArgs(BaseModel):
    statement: str = Field(min_length=1, description="What to remember, as a full sentence.")


Remember = Callable[[str, str], Awaitable[str]]
Counts = dict[str, tuple[int, int]]


@dataclass(frozen=True)
class Recall:
    """What active retrieval found for one message, and the block the model reads."""

    topics: list[str]
    shown: list[SearchHit]
    counts: Counts
    block: str
_POOL = ThreadPoolExecutor(max_workers=8, thread_name_prefix="mirix-like-retrieve")


class ChatAgent:
    """Derives topics, retrieves from every memory type, then lets the model answer."""

    def __init__(self, store: MemoryStore, client: ChatCompletionClient, *,
                 retrieval: RetrievalSettings, topic_mode: Literal["model", "keywords"],
                 remember: Remember, block_tokens: int = BLOCK_TOKENS) -> None:
        self.store = store
        self.block_tokens = block_tokens
        self.client = client
        self.retrieval = retrieval
        self.topic_mode = topic_mode
        self.remember = remember

    async def topics(self, message: str, recent: list[str]) -> list[str]:
        """Search topics for ``message``: one model call, or keywords when so configured."""
        if self.topic_mode == "keywords":
            return keyword_topics(message)
        context = "\n".join([*recent[-4:], f"user: {message}"])
        result = await self.client.create([SystemMessage(content=TOPICS_PROMPT),
                                           UserMessage(content=context, source="user")])
        text = result.content if isinstance(result.content, str) else ""
        found = [t.strip(" -*\t") for t in text.replace(",", "\n").splitlines()]
        return [t for t in found if t][:6] or keyword_topics(message)

    @property
    def method(self) -> str:
        """The search method of active retrieval."""
        if self.retrieval.method != "auto":
            return self.retrieval.method
        return "fts" if getattr(self.store.embedder, "lexical", False) else "hybrid"

    def retrieve(self, user_id: str, query: str) -> tuple[list[SearchHit], Counts]:
        """Active retrieval: core in full, then one ranked list of relevant and recent items.

        Every query (counts, core blocks, relevant items per type, recent events) runs
        concurrently; relevant items of every type are merged by score
        (:func:`mirix_like.retrieval.rank`) and the most recent events follow. ``counts``
        gives per type (retrieved, stored).
        """
        cfg, search = self.retrieval, self.store.search
        specs = memory_types.all_types()
        totals = {s.name: _POOL.submit(self.store.count, s.name, user_id) for s in specs}
        core, relevant, recent = [], [], []
        for spec in specs:
            if spec.kind == "blocks":
                core.append(_POOL.submit(search, "", user_id, memory_types=[spec.name],
                                         method="recent", limit=10))
                continue
            limit = cfg.episodic_relevant if spec.name == "episodic" else getattr(
                cfg, spec.name, 10)
            if limit and query.strip():
                sensitivity = CHAT_SENSITIVITY if spec.secret_fields else None
                relevant.append(_POOL.submit(search, query, user_id, memory_types=[spec.name],
                                             method=self.method, limit=limit,
                                             sensitivity=sensitivity,
                                             reveal_secrets=True))
            if spec.name == "episodic" and cfg.episodic_recent:
                recent.append(_POOL.submit(search, "", user_id, memory_types=[spec.name],
                                           method="recent", limit=cfg.episodic_recent))
        blocks = [h for f in core for h in f.result() if getattr(h.item, "value", "")]
        hits = blocks + rank([h for f in relevant for h in f.result()],
                             [h for f in recent for h in f.result()])
        return hits, self._counts(hits, {name: f.result() for name, f in totals.items()})

    @staticmethod
    def _counts(hits: list[SearchHit], totals: dict[str, int]) -> Counts:
        return {name: (sum(h.memory_type == name for h in hits), total)
                for name, total in totals.items()}

    def shown(self, hits: list[SearchHit]) -> list[SearchHit]:
        """The retrieved hits the memory block has room for: core, then best first."""
        keep = sum(h.memory_type == "core" for h in hits)
        base = estimate_tokens(self._render(hits[:keep], {})) + SECTION_TOKENS * len(
            memory_types.names())
        costs = [estimate_tokens(json.dumps(memory_types.get(h.memory_type).render(h.item),
                                            ensure_ascii=False)) + 3 for h in hits]
        return hits[:fit(costs, self.block_tokens, base, keep)]

    def memory_block(self, hits: list[SearchHit], counts: Counts) -> str:
        """The retrieved memories as the tagged block the model reads, within the budget.

        Items are grouped by type with "k of N" (k shown of N stored); an item that does not
        fit in ``block_tokens`` is left out, with those ranked after it.
        """
        shown = self.shown(hits)
        return self._render(shown, self._counts(shown, {n: t for n, (_, t) in counts.items()}))

    @staticmethod
    def _render(hits: list[SearchHit], counts: Counts) -> str:
        sections = []
        for spec in memory_types.all_types():
            items = [{"text": spec.render(h.item)} for h in hits if h.memory_type == spec.name]
            shown, total = counts.get(spec.name, (len(items), len(items)))
            if items or total:
                sections.append({"type": spec.name, "shown": shown, "total": total,
                                 "items": items})
        return f"<{MEMORIES_TAG}>\n{json.dumps(sections, ensure_ascii=False)}\n</{MEMORIES_TAG}>"

    def _tools(self, user_id: str, used: list[SearchHit]) -> list[StoreTool]:
        def render(found: list[SearchHit]) -> str:
            used.extend(found)
            lines = [f"[{h.memory_type} {h.item.id}] "
                     f"{memory_types.get(h.memory_type).render(h.item)}" for h in found]
            return "\n".join(lines) or "nothing found"

        def search(args: SearchArgs) -> str:
            return render(self.store.search(
                args.query, user_id, memory_types=args.memory_types, method=args.method,
                since=args.since, until=args.until, limit=args.limit,
                sensitivity=CHAT_SENSITIVITY, reveal_secrets=True))

        def list_events(args: ListEventsArgs) -> str:
            return render(self.store.search("", user_id, memory_types=["episodic"],
                                            method="recent", since=args.since,
                                            until=args.until, limit=args.limit))

        async def remember(args: RememberArgs) -> str:
            return await self.remember(user_id, args.statement)

        return [
            StoreTool("search_memory", "Search the user's memory.", SearchArgs, search),
            StoreTool("list_events", "List episodic events in a time range, newest first.",
                      ListEventsArgs, list_events),
            StoreTool("remember", "Store a statement in memory.", RememberArgs, remember),
        ]

    async def recall(self, message: str, user_id: str, recent: list[str]) -> Recall:
        """Active retrieval for ``message``: topics, the memories that fit the block, the block."""
        topics = await self.topics(message, recent)
        query = " ".join(topics) or message
        hits, retrieved = await asyncio.to_thread(self.retrieve, user_id, query)
        shown = self.shown(hits)
        counts = self._counts(shown, {name: total for name, (_, total) in retrieved.items()})
        return Recall(topics, shown, counts, self._render(shown, counts))

    async def answer(self, message: str, user_id: str, recent: list[str]) -> ChatResponse:
        """Answer ``message`` for ``user_id`` from memory; ``recent`` holds earlier turns."""
        recall = await self.recall(message, user_id, recent)
        topics, used, counts = recall.topics, list(recall.shown), recall.counts
        system = SYSTEM.format(now=utcnow().isoformat(timespec="minutes"),
                               topics=", ".join(topics), memories=recall.block)
        if recent:
            system += "\nRecent conversation:\n" + "\n".join(recent[-6:])
        agent = AssistantAgent("chat_agent", self.client, tools=self._tools(user_id, used),
                               system_message=system, reflect_on_tool_use=True,
                               max_tool_iterations=3)
        result = await agent.run(task=TextMessage(content=message, source="user"))
        replies = [m.content for m in result.messages
                   if isinstance(m, TextMessage) and m.source == "chat_agent"]
        if not replies:
            called = any(isinstance(m, ToolCallExecutionEvent) for m in result.messages)
            replies = ["I looked in memory but could not form an answer." if called else ""]
        unique = [_masked(h) for h in {h.item.id: h for h in used}.values()]
        return ChatResponse(answer=replies[-1], memories=unique, topics=topics, counts=counts)


def _masked(hit: SearchHit) -> SearchHit:
    """``hit`` with its secret values masked: a listing of what was used, not a vault read."""
    secret = memory_types.get(hit.memory_type).secret_fields
    if not secret:
        return hit
    item = hit.item.model_copy(update=dict.fromkeys(secret, MASK))
    return hit.model_copy(update={"item": item})
