"""Semantic memory: general knowledge about concepts, people, places and things."""

from __future__ import annotations

from pydantic import Field

from mirix_like.memory_types.base import MemoryType, TreeMemoryItem


class SemanticFact(TreeMemoryItem):
    """A named concept and what is known about it."""

    name: str = Field(min_length=1, max_length=500)
    summary: str = Field(min_length=1)
    details: str = ""
    source: str = ""


def render(item: SemanticFact) -> str:
    line = f"{item.name}: {item.summary}"
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
        "for a concept when new facts about it arrive instead of adding a second one."
    ),
    text_fields=("name", "summary", "details"),
    embed_fields=("name", "summary", "details"),
    render=render,
    order=2,
    sample={"name": "Luigi's", "summary": "Ada's favourite Italian restaurant, in Vienna"},
)
