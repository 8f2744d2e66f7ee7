"""What one ``add``, ``flush`` or ``retry`` did: the changes per type and each input's fate."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ChangeReport(BaseModel):
    """Item ids created, updated and deleted per memory type, and where each input ended.

    Every input processed appears in ``processed_inputs``; one from which nothing was stored
    also appears in ``nothing_stored`` with the reason (small talk, nothing new). A failed
    input appears in ``failed_inputs``, its error in ``errors`` (once per distinct message).
    An input the offline rules processed because the model failed on it is processed and
    also in ``fallback_inputs``, with the model's error.
    """

    created: dict[str, list[str]] = Field(default_factory=dict)
    updated: dict[str, list[str]] = Field(default_factory=dict)
    deleted: dict[str, list[str]] = Field(default_factory=dict)
    processed_inputs: list[str] = Field(default_factory=list)
    failed_inputs: list[str] = Field(default_factory=list)
    pending_inputs: list[str] = Field(default_factory=list)
    nothing_stored: dict[str, str] = Field(default_factory=dict)
    fallback_inputs: dict[str, str] = Field(default_factory=dict)
    routed: list[str] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)

    def merge(self, other: ChangeReport) -> None:
        """Fold ``other`` into this report."""
        for name in ("created", "updated", "deleted"):
            mine: dict[str, list[str]] = getattr(self, name)
            for memory_type, ids in getattr(other, name).items():
                mine.setdefault(memory_type, []).extend(ids)
        for name in ("processed_inputs", "failed_inputs", "pending_inputs"):
            getattr(self, name).extend(getattr(other, name))
        self.errors = list(dict.fromkeys([*self.errors, *other.errors]))
        self.nothing_stored.update(other.nothing_stored)
        self.fallback_inputs.update(other.fallback_inputs)
        self.routed = sorted(set(self.routed) | set(other.routed))

    def note(self, kind: str, memory_type: str, ids: list[str]) -> None:
        """Record ids ``created``, ``updated`` or ``deleted`` in ``memory_type``."""
        getattr(self, kind).setdefault(memory_type, []).extend(ids)

    @property
    def changed(self) -> int:
        """How many item changes the report holds."""
        return sum(len(ids) for d in (self.created, self.updated, self.deleted)
                   for ids in d.values())
