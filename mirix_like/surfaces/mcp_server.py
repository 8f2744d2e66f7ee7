"""An MCP server with tools to add, search, chat with and delete the memories of one user.

Each tool is one :class:`AsyncMemorySystem` call; library errors come back to the client as
tool errors carrying the message. Vault secrets never leave: hits are rendered text.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, Literal, ParamSpec, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field

from mirix_like import memory_types
from mirix_like.agents.batch import ChangeReport
from mirix_like.config import Settings
from mirix_like.errors import MirixLikeError
from mirix_like.store import SearchHit, SearchMethod
from mirix_like.store.filters import check_user_id
from mirix_like.system import AsyncMemorySystem

Transport = Literal["stdio", "streamable-http"]
P = ParamSpec("P")
R = TypeVar("R")

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


def build_server(memory: AsyncMemorySystem, user_id: str, **options: Any) -> MCPServer:
    """An MCP server whose tools act on the memory of ``user_id``."""
    check_user_id(user_id)
    options.setdefault("log_level", "WARNING")
    server = MCPServer("mirix-like", instructions=INSTRUCTIONS, **options)

    @server.tool()
    @_tool_errors
    async def add_memory(content: str, role: str = "user", occurred_at: str | None = None,
                         flush: bool = True) -> ChangeReport:
        """Remember a message (role user or assistant); occurred_at is ISO 8601 with a zone."""
        return await memory.add({"role": role, "content": content}, user_id=user_id,
                                occurred_at=occurred_at, flush=flush)

    @server.tool()
    @_tool_errors
    async def search_memory(query: str, memory_types: list[str] | None = None,
                            method: SearchMethod = "hybrid", limit: int = 10) -> list[Hit]:
        """Search memory (types: core, episodic, semantic, procedural, resource,
        knowledge_vault; methods: hybrid, fts, vector, exact, fuzzy, recent)."""
        return hits(await memory.search(query, user_id=user_id, memory_types=memory_types,
                                        method=method, limit=limit))

    @server.tool()
    @_tool_errors
    async def chat(message: str) -> Answer:
        """Ask the memory assistant; it answers from the memories it retrieves."""
        response = await memory.chat(message, user_id=user_id)
        return Answer(answer=response.answer, memories=hits(response.memories))

    @server.tool()
    @_tool_errors
    async def delete_memory(memory_type: str, item_ids: list[str]) -> list[str]:
        """Delete memories by type and id; returns the ids that existed."""
        return await memory.delete(memory_type, item_ids, user_id=user_id)

    return server


async def serve(settings: Settings, user_id: str, *, transport: Transport = "stdio",
                host: str = "127.0.0.1", port: int = 8765) -> None:
    """Serve the memory of ``user_id`` over stdio, or streamable HTTP at ``host:port/mcp``."""
    async with AsyncMemorySystem(settings) as memory:
        server = build_server(memory, user_id)
        if transport == "stdio":
            await server.run_stdio_async()
        else:
            await server.run_streamable_http_async(host=host, port=port)

