"""Episodic memory: time-stamped events, what happened, when and who."""

from __future__ import annotations

import re

from pydantic import Field

from mirix_like.memory_types.base import (
    Actor,
    MemoryType,
    RetrievalPolicy,
    TreeMemoryItem,
    UTCDatetime,
    utcnow,
)

_WORD = re.compile(r"\w+")
BRIEF_DAY = re.compile(r"\[(?P<day>\d{4}-\d{2}-\d{2})\]")
"""How :func:`brief` opens, matched at a memory's start: the day the event is about."""


class EpisodicEvent(TreeMemoryItem):
    """One event; ``occurred_at`` is when it happened, not when it was stored."""

    event_type: str = Field(default="event", max_length=200)
    summary: str = Field(min_length=1)
    details: str = ""
    context: str = Field(default="", description="What was said just before, if anything.")
    actor: Actor = "user"
    occurred_at: UTCDatetime = Field(default_factory=utcnow)


def render(item: EpisodicEvent) -> str:
    when = item.occurred_at.strftime("%Y-%m-%d %H:%M UTC")
    line = f"[{when}] ({item.event_type}, {item.actor}) {item.summary}"
    return f"{line}\n  details: {item.details}" if item.details else line


def brief(item: EpisodicEvent) -> str:
    """``[date] what happened``: the summary, and the details when they say more than it
    (not when they only quote the message the summary restates; an excerpt of them that
    says something else is shown: "rent is 1100 now" of a message the summary tells the move
    of)."""
    text = item.summary
    if item.details:
        said = set(_WORD.findall(item.summary.lower()))
        told = set(_WORD.findall(item.details.lower()))
        # (an excerpt of the details may be short: what it adds counts against its own length)
        new = told - said
        # (a number the summary leaves out is news: "rent is 1100 now")
        if len(new) > 0.4 * min(len(said), len(told)) or any(w.isdigit() for w in new):
            text = f"{item.summary} — {item.details}"
    return f"[{item.occurred_at:%Y-%m-%d}] {text}"


SPEC = MemoryType(
    name="episodic",
    item_model=EpisodicEvent,
    description="Time-stamped events and experiences: what happened, when, and who was involved.",
    instructions=(
        "Record each distinct event with the time it happened (resolve 'yesterday' and similar "
        "against the input's time), a specific one-sentence summary naming who did what, and "
        "the details. Merge into an existing event instead of adding a duplicate."
    ),
    # ``context`` (the message before) is searched, never rendered: it lets the reply to a
    # question be found by the question's words.
    text_fields=("summary", "details", "context"),
    embed_fields=("summary", "details", "context"),
    render=render,
    brief=brief,
    order=1,
    time_field="occurred_at",
    long_field="details",
    snippet_tokens=30,
    retrieval=RetrievalPolicy(limit=20, recent=10),
    sample={"summary": "Ada booked a table at Luigi's for Friday", "event_type": "conversation",
            "occurred_at": "2025-03-14T18:30:00+00:00"},
)
