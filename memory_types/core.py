"""Core memory: two short blocks always in context, ``persona`` (the assistant) and ``human``."""

from __future__ import annotations

from typing import Literal

from mirix_like.memory_types.base import MemoryType, TreeMemoryItem
from pydantic import field_validator

from mirix_like.errors import CoreBlockLimitError

CORE_BLOCK_LIMIT = 5_000
CORE_LABELS = ("persona", "human")


class CoreBlock(TreeMemoryItem):
    """One core block of one user; its value renders as numbered lines."""

    label: Literal["persona", "human"]
    value: str = ""

    @field_validator("value")
    @classmethod
    def _within_limit(cls, value: str) -> str:
        if len(value) > CORE_BLOCK_LIMIT:
            raise CoreBlockLimitError(
                f"core block is {len(value)} characters, over its limit of {CORE_BLOCK_LIMIT}: "
                "rewrite it shorter"
            )
        return value

    def lines(self) -> list[str]:
        """The block's non-empty lines, in order."""
        return [line for line in self.value.splitlines() if line.strip()]


def render(block: CoreBlock) -> str:
    numbered = "\n".join(f"{n}: {line}" for n, line in enumerate(block.lines(), start=1))
    return f"<{block.label}>\n{numbered}\n</{block.label}>"


SPEC = MemoryType(
    name="core",
    item_model=CoreBlock,
    description=(
        "Short, durable facts about the user (name, preferences, relationships, work) and "
        "the assistant's persona; always shown in full."
    ),
    instructions=(
        "Keep the 'human' block a short list of durable facts about the user, one per line; "
        "'persona' describes how the assistant should behave. Append new facts, replace lines "
        "that changed, and rewrite a block to about half its size when it nears its limit."
    ),
    text_fields=("value",),
    embed_fields=("value",),
    render=render,
    order=0,
    kind="blocks",
)
