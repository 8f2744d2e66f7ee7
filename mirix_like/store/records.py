"""The store's own records: raw inputs as received, the change history, search hits."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny

from mirix_like.memory_types.base import MemoryItem, UTCDatetime, new_id, utcnow

InputStatus = Literal["pending", "processed", "failed"]
INPUT_STATUSES: tuple[str, ...] = ("pending", "processed", "failed")
InputKind = Literal["message", "text", "image"]
Action = Literal["insert", "update", "delete", "restore"]


class RawInput(BaseModel):
    """One input exactly as received, and where it stands in processing.

    ``batch_id`` is set while a memory update works on the input; a pending input that still
    has one was interrupted, and that update's changes are rolled back before it is redone.
    """

    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_id, min_length=1, max_length=256)
    user_id: str = Field(min_length=1, max_length=256)
    kind: InputKind = "text"
    role: str | None = None
    speaker: str | None = None
    text: str = ""
    image_path: str | None = None
    occurred_at: UTCDatetime = Field(default_factory=utcnow)
    received_at: UTCDatetime = Field(default_factory=utcnow)
    metadata: dict[str, Any] = Field(default_factory=dict)
    status: InputStatus = "pending"
    error: str | None = None
    attempts: int = 0
    batch_id: str | None = None
    updated_at: UTCDatetime = Field(default_factory=utcnow)


class HistoryEntry(BaseModel):
    """One change to one item: the values before and after, who made it, and when.

    ``batch_id`` names the memory update that made the change, so an interrupted update can
    be rolled back. Secret fields appear encrypted.
    """

    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_id)
    user_id: str
    memory_type: str
    item_id: str
    action: Action
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    actor: str = "api"
    batch_id: str | None = None
    at: UTCDatetime = Field(default_factory=utcnow)


class SearchHit(BaseModel):
    """One retrieved item, its type, and a score where higher is better."""

    memory_type: str
    item: SerializeAsAny[MemoryItem]
    score: float
