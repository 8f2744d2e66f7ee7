"""What every memory item has, and the spec saying how a type is stored, searched, rendered."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, field_validator

if TYPE_CHECKING:
    from mirix_like.agents.batch import Batch
    from mirix_like.memory_types.tools import StoreTool, ToolsFactory

COMMON_FIELDS = frozenset(
    {"id", "user_id", "created_at", "updated_at", "metadata", "source_ids", "tree_path"}
)
MAX_USER_ID_LENGTH = 256


def new_id() -> str:
    """A fresh random item id."""
    return uuid.uuid4().hex


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


UTCDatetime = Annotated[AwareDatetime, AfterValidator(lambda value: value.astimezone(UTC))]
"""A datetime that must carry a time zone; stored and returned in UTC."""


class MemoryItem(BaseModel):
    """Fields every memory item carries, whatever its type."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    id: str = Field(default_factory=new_id, min_length=1, max_length=256)
    user_id: str = Field(min_length=1, max_length=MAX_USER_ID_LENGTH)
    created_at: UTCDatetime = Field(default_factory=utcnow)
    updated_at: UTCDatetime = Field(default_factory=utcnow)
    metadata: dict[str, Any] = Field(default_factory=dict)
    source_ids: list[str] = Field(default_factory=list)

    @field_validator("metadata")
    @classmethod
    def _json_metadata(cls, value: dict[str, Any]) -> dict[str, Any]:
        try:
            json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
        except (TypeError, ValueError, UnicodeEncodeError) as exc:
            raise ValueError(f"metadata must be JSON (strings, numbers, lists, maps): {exc}"
                             ) from None
        return value

    @classmethod
    def content_fields(cls) -> list[str]:
        """The fields a manager writes: everything but the bookkeeping ones."""
        return [name for name in cls.model_fields if name not in COMMON_FIELDS]


class TreeMemoryItem(MemoryItem):
    """An item placed in a topic hierarchy, e.g. ``["work", "projects", "mirix"]``."""

    tree_path: list[str] = Field(default_factory=list)


Actor = Literal["user", "assistant", "other"]
Sensitivity = Literal["low", "medium", "high"]


@dataclass(frozen=True)
class RetrievalPolicy:
    """What active retrieval offers the chat agent of one type, before any setting.

    ``limit`` items by relevance to the message, plus the ``recent`` newest ones; an
    ``always`` type is shown in full whatever the message. ``chat_sensitivity`` (types with
    secret fields) lists the sensitivity levels whose values may reach a chat prompt.
    """

    limit: int = 10
    recent: int = 0
    always: bool = False
    chat_sensitivity: tuple[Sensitivity, ...] = ()


Followups = Callable[["MemoryType", "Batch"], list[str]]
"""Extra tasks for a manager after its first pass over a batch (core: shorten a full block)."""

Merge = Callable[[Any, dict[str, Any]], dict[str, Any] | None]
"""How an imported item joins the stored item with its id: the fields to store, or None."""


@dataclass(frozen=True)
class MemoryType:
    """One memory type: its item model, and how it is indexed, embedded, rendered, managed
    and retrieved.

    ``text_fields`` feed the full-text index, ``embed_fields`` the vector; ``brief`` renders an
    item as the one line a chat context carries (default: ``render``); a field named in
    ``secret_fields`` is never indexed, embedded or rendered into a prompt. ``tools`` builds
    its manager's tools (None: insert, update and delete); ``sample`` is a valid item's
    fields; ``extractor`` is the offline backend's extractor for the type (None: the generic
    one, which routes inputs by the ``cues`` words). ``merge`` (default: the newer
    ``updated_at`` wins) decides what an imported item does to a stored one. With an
    ``id_field`` an item's id is that field's value (core: the block label), so a user has
    one item per value. ``long_field`` names the field that can hold a whole screen or
    document: a chat context renders the lines of it that match the question
    (:mod:`mirix_like.retrieval.snippets`), about ``snippet_tokens`` of them, instead of its
    first lines.
    """

    name: str
    item_model: type[MemoryItem]
    description: str
    instructions: str
    text_fields: tuple[str, ...]
    embed_fields: tuple[str, ...]
    render: Callable[[Any], str]
    order: int
    brief: Callable[[Any], str] | None = None
    time_field: str = "created_at"
    secret_fields: tuple[str, ...] = ()
    tree: bool = True
    id_field: str | None = None
    long_field: str | None = None
    snippet_tokens: int = 90
    retrieval: RetrievalPolicy = field(default_factory=RetrievalPolicy)
    tools: ToolsFactory | None = None
    followups: Followups | None = None
    merge: Merge | None = None
    sample: Mapping[str, Any] = field(default_factory=dict)
    extractor: Any = None
    cues: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        leaked = set(self.secret_fields) & (set(self.text_fields) | set(self.embed_fields))
        if leaked:
            raise ValueError(f"{self.name}: secret fields {sorted(leaked)} must not be indexed")
        if self.id_field is not None and self.id_field not in self.item_model.model_fields:
            raise ValueError(f"{self.name}: id_field {self.id_field!r} is not a field")
        if self.long_field is not None and self.long_field not in self.item_model.model_fields:
            raise ValueError(f"{self.name}: long_field {self.long_field!r} is not a field")

    def manager_tools(self, batch: Batch, actor: str) -> list[StoreTool]:
        """The tools of this type's manager for one batch."""
        if self.tools is not None:
            return self.tools(self, batch, actor)
        # Imported here: the tools need autogen, which reading and searching memory do not.
        from mirix_like.memory_types.tools import item_tools

        return item_tools(self, batch, actor)

    def search_text(self, item: MemoryItem) -> str:
        """The text the full-text index sees for ``item``."""
        return self._join(item, self.text_fields)

    def embed_text(self, item: MemoryItem) -> str:
        """The text the embedder sees for ``item``."""
        return self._join(item, self.embed_fields)

    def _join(self, item: MemoryItem, names: tuple[str, ...]) -> str:
        parts: list[str] = []
        for name in names:
            value = getattr(item, name)
            if isinstance(value, list):
                parts.extend(str(v) for v in value)
            elif value:
                parts.append(str(value))
        return "\n".join(parts)
