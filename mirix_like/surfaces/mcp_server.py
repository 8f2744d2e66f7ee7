"""An MCP server with tools to add, search, chat with and delete the memories of one user.

Each tool is one :class:`AsyncMemorySystem` call; library errors come back to the client as
tool errors carrying the message. Vault secrets never leave: hits are rendered text.

Over stdio the server acts for the user it was started for. Over streamable HTTP every
request needs a user's API key (the REST server's keys, ``Authorization: Bearer KEY``) and
acts for that key's user only; the same :class:`~mirix_like.surfaces.guard.Guard` as the
REST server checks the key and the body's size and nesting before the SDK reads it.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, Literal, ParamSpec, TypeVar

import uvicorn
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field

from mirix_like import memory_types
from mirix_like.config import Settings
from mirix_like.errors import MirixLikeError
from mirix_like.ingest.report import ChangeReport
from mirix_like.retrieval.budget import BLOCK_TOKENS
from mirix_like.store import SearchHit, SearchMethod
from mirix_like.store.filters import check_user_id
from mirix_like.surfaces.guard import PRINCIPAL, Guard, Limits
from mirix_like.surfaces.keys import ApiKeys, Principal
from mirix_like.system import AsyncMemorySystem

Transport = Literal["stdio", "streamable-http"]
P = ParamSpec("P")
R = TypeVar("R")

MAX_BODY_BYTES = 4 * 2**20
MAX_JSON_DEPTH = 32
INSTRUCTIONS = """Long-term memory of the user. Search it before answering questions about the
user's life, people, plans, documents or how-tos; add what the user says worth keeping."""


class Hit(BaseModel):
    """One memory as a model may read it."""

    memory_type: str
    id: str
    score: float
    text: str = Field(description="The memory rendered as text (secret values left out).")


class Answer(BaseModel):
    """The assistant's answer and the memories it was given."""

    answer: str
    memories: list[Hit]


class Memories(BaseModel):
    """The memories a chat prompt would carry for a query, within a token budget."""

    text: str = Field(description="The memories as one text, ready for a prompt.")
    tokens: int = Field(description="Estimated tokens in the text.")
    items: list[Hit]
    source_ids: list[str] = Field(description="The inputs the memories were drawn from.")
    counts: dict[str, tuple[int, int]] = Field(
        description="Per memory type: items in the text, items stored.")


def hits(found: list[SearchHit]) -> list[Hit]:
    """Search hits as rendered text, never raw fields."""
    return [Hit(memory_type=h.memory_type, id=h.item.id, score=h.score,
                text=memory_types.get(h.memory_type).render(h.item)) for h in found]


def _tool_errors(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Library errors become tool errors, with their message, for the model to read."""
    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await fn(*args, **kwargs)
        except MirixLikeError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc
    return wrapper


def build_server(memory: AsyncMemorySystem, user_id: str | None, **options: Any
                 ) -> MCPServer:
    """An MCP server whose tools act on the memory of ``user_id``; with ``None``, on that of
    the user whose key the :class:`Guard` in front of it accepted for each request."""
    if user_id is not None:
        check_user_id(user_id)
    options.setdefault("log_level", "WARNING")
    server = MCPServer("mirix-like", instructions=INSTRUCTIONS, **options)

    def whose(ctx: Context) -> str:
        if user_id is not None:
            return user_id
        request = ctx.request_context.request
        found = getattr(request, "scope", {}).get(PRINCIPAL)
        if not isinstance(found, Principal) or found.user_id is None:
            raise ToolError("this server needs a user's API key: Authorization: Bearer KEY")
        return found.user_id

    @server.tool()
    @_tool_errors
    async def add_memory(ctx: Context, content: str, role: str = "user",
                         occurred_at: str | None = None, flush: bool = True) -> ChangeReport:
        """Remember a message (role user or assistant); occurred_at is ISO 8601 with a zone."""
        return await memory.add({"role": role, "content": content}, user_id=whose(ctx),
                                occurred_at=occurred_at, flush=flush)

    types = ", ".join(memory_types.names())  # read when the server is built: new types too

    @server.tool(description=f"Search memory (types: {types}; methods: hybrid, fts, vector, "
                             "exact, fuzzy, recent).")
    @_tool_errors
    async def search_memory(ctx: Context, query: str, memory_types: list[str] | None = None,
                            method: SearchMethod = "hybrid", limit: int = 10) -> list[Hit]:
        return hits(await memory.search(query, user_id=whose(ctx), memory_types=memory_types,
                                        method=method, limit=limit))

    @server.tool()
    @_tool_errors
    async def chat(ctx: Context, message: str) -> Answer:
        """Ask the memory assistant; it answers from the memories it retrieves."""
        response = await memory.chat(message, user_id=whose(ctx))
        return Answer(answer=response.answer, memories=hits(response.memories))

    @server.tool()
    @_tool_errors
    async def context(ctx: Context, query: str, max_tokens: int = BLOCK_TOKENS) -> Memories:
        """The memories relevant to a query as one text of at most max_tokens tokens, for a
        prompt of your own; with the items, their types and the inputs behind them."""
        found = await memory.context(query, user_id=whose(ctx), max_tokens=max_tokens)
        return Memories(text=found.text, tokens=found.tokens, items=hits(found.items),
                        source_ids=found.source_ids, counts=found.counts)

    @server.tool(description=f"Delete memories by type ({types}) and id; returns the ids "
                             "that existed.")
    @_tool_errors
    async def delete_memory(ctx: Context, memory_type: str, item_ids: list[str]) -> list[str]:
        return await memory.delete(memory_type, item_ids, user_id=whose(ctx))

    return server


def http_app(memory: AsyncMemorySystem, keys: ApiKeys, *, host: str = "127.0.0.1") -> Any:
    """The streamable HTTP app at ``/mcp``: each request needs a user's key and acts for
    that user. Stateless, so no session can be carried over from one key to another."""
    server = build_server(memory, None)
    app = server.streamable_http_app(stateless_http=True, host=host)
    return Guard(app, keys, limits=lambda path: Limits(MAX_BODY_BYTES, MAX_JSON_DEPTH),
                 role="user")


async def serve(settings: Settings, user_id: str, *, transport: Transport = "stdio",
                host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve the memory of ``user_id`` over stdio, or streamable HTTP at ``host:port/mcp``.

    Over HTTP ``user_id`` is not used: each request acts for the user of its API key.
    """
    async with AsyncMemorySystem(settings) as memory:
        if transport == "stdio":
            await build_server(memory, user_id).run_stdio_async()
            return
        keys = ApiKeys(settings.store_uri, storage_options=settings.storage_options)
        config = uvicorn.Config(http_app(memory, keys, host=host), host=host, port=port,
                                log_level="warning")
        await uvicorn.Server(config).serve()

