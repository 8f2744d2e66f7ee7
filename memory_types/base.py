"""What every memory item has, and the spec saying how a type is stored, searched, rendered."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, field_validator

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
class MemoryType:
    """One memory type: its item model and how it is indexed, embedded and rendered.

    ``text_fields`` feed the full-text index, ``embed_fields`` the vector; a field named in
    ``secret_fields`` is never indexed, embedded or rendered into a prompt.
    """

    name: str
    item_model: type[MemoryItem]
    description: str
    instructions: str
    text_fields: tuple[str, ...]
    embed_fields: tuple[str, ...]
    render: Callable[[Any], str]
    order: int
    time_field: str = "created_at"
    secret_fields: tuple[str, ...] = ()
    kind: Literal["items", "blocks"] = "items"
    tree: bool = True

    def __post_init__(self) -> None:
        leaked = set(self.secret_fields) & (set(self.text_fields) | set(self.embed_fields))
        if leaked:
            raise ValueError(f"{self.name}: secret fields {sorted(leaked)} must not be indexed")

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
