"""Episodic memory: time-stamped events, what happened, when and who."""

from __future__ import annotations

from mirix_like.memory_types.base import Actor, MemoryType, TreeMemoryItem, UTCDatetime, utcnow
from pydantic import Field


class EpisodicEvent(TreeMemoryItem):
    """One event; ``occurred_at`` is when it happened, not when it was stored."""

    event_type: str = Field(default="event", max_length=200)
    summary: str = Field(min_length=1)
    details: str = ""
    actor: Actor = "user"
    occurred_at: UTCDatetime = Field(default_factory=utcnow)


def render(item: EpisodicEvent) -> str:
    when = item.occurred_at.strftime("%Y-%m-%d %H:%M UTC")
    line = f"[{when}] ({item.event_type}, {item.actor}) {item.summary}"
    return f"{line}\n  details: {item.details}" if item.details else line


SPEC = MemoryType(
    name="episodic",
    item_model=EpisodicEvent,
    description="Time-stamped events and experiences: what happened, when, and who was involved.",
    instructions=(
        "Record each distinct event with the time it happened (resolve 'yesterday' and similar "
        "against the input's time), a specific one-sentence summary naming who did what, and "
        "the details. Merge into an existing event instead of adding a duplicate."
    ),
    text_fields=("summary", "details"),
    embed_fields=("summary", "details"),
    render=render,
    order=1,
    time_field="occurred_at",
)
