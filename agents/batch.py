"""One batch of raw inputs on its way through the managers, and the report of what changed."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from autogen_core import Image
from mirix_like.memory_types.base import new_id, utcnow
from pydantic import BaseModel, Field

from mirix_like.prompt_format import INPUTS_TAG, wrap
from mirix_like.store import MemoryStore, RawInput


class ChangeReport(BaseModel):
    """What one ``add``/``flush`` changed: item ids per memory type, and the inputs' fate."""

    created: dict[str, list[str]] = Field(default_factory=dict)
    updated: dict[str, list[str]] = Field(default_factory=dict)
    deleted: dict[str, list[str]] = Field(default_factory=dict)
    processed_inputs: list[str] = Field(default_factory=list)
    failed_inputs: list[str] = Field(default_factory=list)
    pending_inputs: list[str] = Field(default_factory=list)
    routed: list[str] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)

    def merge(self, other: ChangeReport) -> None:
        """Fold ``other`` into this report."""
        for name in ("created", "updated", "deleted"):
            mine: dict[str, list[str]] = getattr(self, name)
            for memory_type, ids in getattr(other, name).items():
                mine.setdefault(memory_type, []).extend(ids)
        for name in ("processed_inputs", "failed_inputs", "pending_inputs", "errors"):
            getattr(self, name).extend(getattr(other, name))
        self.routed = sorted(set(self.routed) | set(other.routed))

    @property
    def changed(self) -> int:
        """How many item changes the report holds."""
        return sum(len(ids) for d in (self.created, self.updated, self.deleted)
                   for ids in d.values())


@dataclass
class ManagerRun:
    """When one manager ran, for the report and for checking that managers overlap."""

    memory_type: str
    started: datetime
    finished: datetime | None = None


@dataclass
class Batch:
    """The inputs of one memory update for one user, and what the managers did with them."""

    user_id: str
    inputs: list[RawInput]
    store: MemoryStore
    id: str = field(default_factory=new_id)
    images: dict[str, Image] = field(default_factory=dict)
    report: ChangeReport = field(default_factory=ChangeReport)
    shown: dict[str, set[str]] = field(default_factory=dict)
    runs: list[ManagerRun] = field(default_factory=list)
    core_lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def input_ids(self) -> list[str]:
        """The ids of the batch's inputs, in order."""
        return [raw.id for raw in self.inputs]

    def source_ids(self, claimed: list[str] | None) -> list[str]:
        """The provenance of an item: the claimed ids that are in this batch, else all of them."""
        valid = [i for i in claimed or [] if i in set(self.input_ids)]
        return valid or self.input_ids

    def inputs_block(self) -> str:
        """The batch as the tagged JSON block the agents read."""
        return wrap(INPUTS_TAG, [_input_payload(raw) for raw in self.inputs])

    def note(self, kind: str, memory_type: str, ids: list[str]) -> None:
        """Record created/updated/deleted ids in the report."""
        getattr(self.report, kind).setdefault(memory_type, []).extend(ids)

    def start(self, memory_type: str) -> ManagerRun:
        """Record that a manager started now."""
        run = ManagerRun(memory_type, utcnow())
        self.runs.append(run)
        return run


def _input_payload(raw: RawInput) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": raw.id,
        "kind": raw.kind,
        "occurred_at": raw.occurred_at.isoformat(),
        "text": raw.text,
    }
    for name in ("role", "speaker"):
        if getattr(raw, name):
            payload[name] = getattr(raw, name)
    if raw.metadata:
        payload["metadata"] = raw.metadata
    return payload
