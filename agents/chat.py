"""The chat agent: active retrieval from all memory types before every answer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Literal

from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.messages import TextMessage, ToolCallExecutionEvent
from autogen_core.models import ChatCompletionClient, SystemMessage, UserMessage
from pydantic import BaseModel, Field

from mirix_like.config import RetrievalSettings
from mirix_like.memory_types.base import utcnow
from mirix_like.memory_types.tools import StoreTool
from mirix_like.prompt_format import task_block
from mirix_like.retrieval.active import (
    ActiveRetrieval,
    Context,
    chat_sensitivity,
    context_lines,
    masked,
    prompt_block,
)
from mirix_like.retrieval.budget import BLOCK_TOKENS
from mirix_like.retrieval.clock import zone_key
from mirix_like.retrieval.snippets import render_hit
from mirix_like.retrieval.topics import keyword_topics
from mirix_like.store import MemoryStore, SearchHit

SYSTEM = """You are a helpful personal assistant with a long-term memory of this user.
Current time: {now}
Memories were retrieved for the topics: {topics}
Each memory type lists k of N: k items shown of N stored.
{memories}
Answer from these memories when they are relevant; say so when memory does not hold the answer.
Use search_memory or list_events to look further, and remember when the user asks you to
remember something. Answer in the user's language."""

TOPICS_PROMPT = task_block("extract-topics") + """
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


class ChatAgent:
    """Derives topics, retrieves from every memory type, then lets the model answer;
    ``fallback_answer(message, memory lines)`` answers when the model gives no usable reply."""

    def __init__(self, store: MemoryStore, client: ChatCompletionClient, *,
                 retrieval: RetrievalSettings, topic_mode: Literal["model", "keywords"],
                 remember: Remember, block_tokens: int = BLOCK_TOKENS,
                 fallback_answer: Callable[[str, list[str]], str] | None = None) -> None:
        self.store = store
        self.active = ActiveRetrieval(store, retrieval)
        self.block_tokens = block_tokens
        self.client = client
        self.topic_mode = topic_mode
        self.remember = remember
        self.fallback_answer = fallback_answer

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

    async def recall(self, message: str, user_id: str, recent: list[str], *,
                     max_tokens: int | None = None) -> Context:
        """Active retrieval for ``message``: topics, then the memories that fit the budget
        (``block_tokens`` unless ``max_tokens`` is given)."""
        topics = await self.topics(message, recent)
        hits, totals = await self.active.retrieve_async(user_id, " ".join(topics) or message,
                                                        message)
        return self.active.context(hits, totals, topics=topics,
                                   max_tokens=self.block_tokens if max_tokens is None
                                   else max_tokens)

    def _tools(self, user_id: str, used: list[SearchHit]) -> list[StoreTool]:
        def render(found: list[SearchHit], query: str = "") -> str:
            used.extend(found)
            lines = [f"[{h.memory_type} {h.item.id}] {render_hit(h, query)}" for h in found]
            return "\n".join(lines) or "nothing found"

        def search(args: SearchArgs) -> str:
            filters = {"since": args.since, "until": args.until,
                       "sensitivity": chat_sensitivity(), "reveal_secrets": True}
            if args.method == "hybrid":
                found = self.active.search(user_id, args.query, types=args.memory_types,
                                           limit=args.limit, **filters)
            else:
                found = self.store.search(args.query, user_id, memory_types=args.memory_types,
                                          method=args.method, limit=args.limit, **filters)
            return render(found, args.query)

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

    async def answer(self, message: str, user_id: str, recent: list[str]) -> ChatResponse:
        """Answer ``message`` for ``user_id`` from memory; ``recent`` holds earlier turns."""
        recall = await self.recall(message, user_id, recent)
        topics, used, counts = recall.topics, list(recall.revealed), recall.counts
        zone = self.active.settings.zone
        system = task_block("answer", timezone=zone_key(zone)) + "\n" + SYSTEM.format(
            now=f"{utcnow().astimezone(zone).isoformat(timespec='minutes')} ({zone_key(zone)})",
            topics=", ".join(topics),
            memories=prompt_block(recall))
        if recent:
            system += "\nRecent conversation:\n" + "\n".join(recent[-6:])
        agent = AssistantAgent("chat_agent", self.client, tools=self._tools(user_id, used),
                               system_message=system, reflect_on_tool_use=True,
                               max_tool_iterations=3)
        result = await agent.run(task=TextMessage(content=message, source="user"))
        replies = [m.content for m in result.messages
                   if isinstance(m, TextMessage) and m.source == "chat_agent" and m.content.strip()]
        if not replies and self.fallback_answer is not None:  # a model with no usable reply
            replies = [self.fallback_answer(message, context_lines(recall))]
        if not replies:
            called = any(isinstance(m, ToolCallExecutionEvent) for m in result.messages)
            replies = ["I looked in memory but could not form an answer." if called else ""]
        unique = [masked(h) for h in {h.item.id: h for h in used}.values()]
        return ChatResponse(answer=replies[-1], memories=unique, topics=topics, counts=counts)

