"""Semantic memory: general knowledge about concepts, people, places and things.

A fact that changes is not overwritten: the new item says what is true now and the old one is
kept with the time range it was true (``valid_from`` / ``valid_until``), so questions about
before can still be answered. :class:`Validity` is shared with the knowledge vault.
"""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import BaseModel, Field

from mirix_like.memory_types.base import MemoryType, TreeMemoryItem, UTCDatetime, utcnow

_END = ".!?。！？"
_DAY = r"\d{4}-\d{2}-\d{2}"
SINCE = re.compile(rf"\s*\(since ({_DAY})\)")
"""How a rendered fact says since when it holds (the day in group 1)."""
PAST = re.compile(rf"\s*\((?:until {_DAY}|{_DAY} to {_DAY})\)")
"""How a rendered fact says it no longer holds."""
PERIOD = re.compile(rf"{SINCE.pattern}|{PAST.pattern}")
"""Any of the two: what :func:`dated` adds."""


class Validity(BaseModel):
    """When a fact was true: unknown start (None) and no end means true now."""

    valid_from: UTCDatetime | None = Field(
        default=None, description="When this became true, if known.")
    valid_until: UTCDatetime | None = Field(
        default=None, description="When this stopped being true (it was replaced); None: true now.")

    def is_past(self, now: datetime | None = None) -> bool:
        """Whether the fact has stopped being true (by ``now``, default the current time)."""
        return self.valid_until is not None and self.valid_until <= (now or utcnow())


def day(when: datetime) -> str:
    """A date as ranges render it: ``2026-11-16``."""
    return when.date().isoformat()


def period(item: Validity) -> str:
    """``(until 2026-11-16)``, ``(2025-01-02 to 2026-11-16)``, ``(since ...)`` or ``""``."""
    start, end = item.valid_from, item.valid_until
    if end is not None:
        return f"({day(start)} to {day(end)})" if start else f"(until {day(end)})"
    return f"(since {day(start)})" if start else ""


def dated(text: str, item: Validity) -> str:
    """``text`` with the item's period before its final punctuation, so that the sentence
    an answer quotes carries it: ``Lives in Lisbon (until 2026-11-16).``"""
    span = period(item)
    if not span:
        return text
    body = text.rstrip()
    stop = len(body.rstrip(_END))
    return f"{body[:stop]} {span}{body[stop:]}"


class SemanticFact(Validity, TreeMemoryItem):
    """A named concept and what is known about it."""

    name: str = Field(min_length=1, max_length=500)
    summary: str = Field(min_length=1)
    details: str = ""
    source: str = ""


def render(item: SemanticFact) -> str:
    # A summary that already starts with the name needs no "name:" label.
    summary = dated(item.summary, item)
    named = item.summary.casefold().startswith(item.name.rstrip(_END).casefold())
    line = summary if named else f"{item.name}: {summary}"
    return f"{line} ({item.details})" if item.details else line


SPEC = MemoryType(
    name="semantic",
    item_model=SemanticFact,
    description=(
        "Facts and knowledge about concepts, people, places and things, independent of when "
        "they were learned."
    ),
    instructions=(
        "Store one item per concept, person or thing, named clearly. Update the existing item "
        "for a concept when new facts about it arrive instead of adding a second one. When a "
        "fact changed (someone moved, changed jobs, a status or preference changed), insert "
        "the new fact with supersedes set to the old item's id and valid_from to when it "
        "became true: the old item is kept as a past fact instead of being overwritten."
    ),
    text_fields=("name", "summary", "details"),
    embed_fields=("name", "summary", "details"),
    render=render,
    order=2,
    sample={"name": "Luigi's", "summary": "Ada's favourite Italian restaurant, in Vienna"},
)
