"""An ``autogen_core.memory.Memory`` over mirix_like, for any ``AssistantAgent(memory=[...])``.

``update_context`` runs mirix_like's active retrieval for the conversation's last user message
and adds the memories found as one system message; ``add`` stores content as input for the
memory managers; ``query`` searches. The component's config rebuilds it::

    memory = MirixMemory("sam", store_uri="./my-memory")
    agent = AssistantAgent("assistant", model_client, memory=[memory])
    same = MirixMemory.load_component(memory.dump_component())
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Self

from autogen_core import CancellationToken, Component, Image
from autogen_core.memory import (
    Memory,
    MemoryContent,
    MemoryMimeType,
    MemoryQueryResult,
    UpdateContextResult,
)
from autogen_core.model_context import ChatCompletionContext
from autogen_core.models import LLMMessage, SystemMessage, UserMessage
from pydantic import BaseModel, Field

from mirix_like import memory_types
from mirix_like.errors import InvalidInputError
from mirix_like.store import SearchHit
from mirix_like.store.filters import check_user_id
from mirix_like.system import AsyncMemorySystem

HEADER = "Long-term memories of this user (mirix_like active retrieval; k of N shown per type):"
CLEAR_PAGE = 500


class MirixMemoryConfig(BaseModel):
    """What rebuilds a :class:`MirixMemory`: the user, and the settings of its memory system."""

    user_id: str
    name: str | None = None
    flush: bool = Field(True, description="Turn added content into memories at once.")
    limit: int = Field(10, ge=1, le=1_000, description="Hits per memory type for query().")
    settings: dict[str, Any] = Field(
        default_factory=dict,
        description="Settings overrides (store_uri, backend, ...); the rest comes from the "
                    "environment and config file. Dumped as given: keep secrets in the "
                    "environment.")


class MirixMemory(Memory, Component[MirixMemoryConfig]):
    """The memory of one user of a mirix_like store, as an AutoGen memory.

    ``settings`` are :class:`~mirix_like.config.Settings` overrides (``store_uri``,
    ``backend``...). ``flush=False`` leaves added content pending until a batch fills.
    """

    component_type = "memory"
    component_provider_override = "mirix_like.adapters.MirixMemory"
    component_config_schema = MirixMemoryConfig

    def __init__(self, user_id: str, *, name: str | None = None, flush: bool = True,
                 limit: int = 10, **settings: Any) -> None:
        self._config = MirixMemoryConfig(user_id=check_user_id(user_id), name=name,
                                         flush=flush, limit=limit, settings=settings)
        self.system = AsyncMemorySystem(**settings)

    @property
    def name(self) -> str:
        """The memory's name, for the events an agent emits."""
        return self._config.name or f"mirix_like:{self.user_id}"

    @property
    def user_id(self) -> str:
        """Whose memory this is."""
        return self._config.user_id

    async def update_context(self, model_context: ChatCompletionContext) -> UpdateContextResult:
        """Retrieve memories for the last user message and add them as a system message."""
        message = _last_user_text(await model_context.get_messages())
        if not message:
            return UpdateContextResult(memories=MemoryQueryResult(results=[]))
        context = await self.system.context(message, user_id=self.user_id)
        if context.items:
            await model_context.add_message(SystemMessage(content=f"{HEADER}\n{context.text}"))
        return UpdateContextResult(memories=MemoryQueryResult(results=_contents(context.items)))

    async def query(self, query: str | MemoryContent,
                    cancellation_token: CancellationToken | None = None,
                    **kwargs: Any) -> MemoryQueryResult:
        """Search this user's memory; ``kwargs`` go to :meth:`AsyncMemorySystem.search`."""
        text = query if isinstance(query, str) else _text(query)
        kwargs.setdefault("limit", self._config.limit)
        hits = await self.system.search(text, user_id=self.user_id, **kwargs)
        return MemoryQueryResult(results=_contents(hits))

    async def add(self, content: MemoryContent,
                  cancellation_token: CancellationToken | None = None) -> None:
        """Store ``content`` as input; metadata ``role``, ``name`` and ``occurred_at`` shape it.

        Text, JSON and :class:`autogen_core.Image` content are accepted.
        """
        metadata = dict(content.metadata or {})
        when = metadata.pop("occurred_at", None)
        message: dict[str, Any] = {"role": metadata.pop("role", "user")}
        if "name" in metadata:
            message["name"] = metadata.pop("name")
        if isinstance(content.content, Image):
            await self.system.add(user_id=self.user_id, images=[content.content.image],
                                  occurred_at=when, metadata=metadata,
                                  flush=self._config.flush)
            return
        message["content"] = _text(content)
        await self.system.add(message, user_id=self.user_id, occurred_at=when,
                              metadata=metadata, flush=self._config.flush)

    async def clear(self) -> None:
        """Delete every memory item of this user (each stays recoverable from its history)."""
        for memory_type in memory_types.names():
            while items := await self.system.list(memory_type, user_id=self.user_id,
                                                  limit=CLEAR_PAGE):
                await self.system.delete(memory_type, [i.id for i in items],
                                         user_id=self.user_id)

    async def close(self) -> None:
        """Release the memory system's model client."""
        await self.system.close()

    def _to_config(self) -> MirixMemoryConfig:
        return self._config.model_copy(deep=True)

    @classmethod
    def _from_config(cls, config: MirixMemoryConfig) -> Self:
        return cls(config.user_id, name=config.name, flush=config.flush, limit=config.limit,
                   **config.settings)


def _last_user_text(messages: Sequence[LLMMessage]) -> str:
    """The text of the last user message: earlier memories may have added system messages."""
    for message in reversed(messages):
        if isinstance(message, UserMessage):
            if isinstance(message.content, str):
                return message.content
            return "\n".join(part for part in message.content if isinstance(part, str))
    return ""


def _text(content: MemoryContent) -> str:
    if isinstance(content.content, str):
        return content.content
    if isinstance(content.content, dict):
        return json.dumps(content.content, ensure_ascii=False)
    raise InvalidInputError(f"mirix_like memory takes text, JSON or an autogen Image, not "
                            f"{type(content.content).__name__}")


def _contents(hits: Sequence[SearchHit]) -> list[MemoryContent]:
    return [MemoryContent(content=memory_types.get(h.memory_type).render(h.item),
                          mime_type=MemoryMimeType.TEXT,
                          metadata={"memory_type": h.memory_type, "id": h.item.id,
                                    "score": h.score})
            for h in hits]
