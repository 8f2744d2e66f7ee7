"""Procedural memory: how to do things, as workflows, guides and scripts."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from mirix_like.memory_types.base import MemoryType, TreeMemoryItem


class Procedure(TreeMemoryItem):
    """A named way of doing something, as ordered steps."""

    entry_type: Literal["workflow", "guide", "script"] = "workflow"
    summary: str = Field(min_length=1)
    steps: list[str] = Field(default_factory=list)


def render(item: Procedure) -> str:
    steps = "\n".join(f"  {n}. {step}" for n, step in enumerate(item.steps, start=1))
    return f"{item.summary} ({item.entry_type})\n{steps}" if steps else item.summary


SPEC = MemoryType(
    name="procedural",
    item_model=Procedure,
    description="How-to knowledge: step-by-step workflows, guides and scripts.",
    instructions=(
        "Store each procedure once with a summary saying what it achieves and its steps in "
        "order; update it when the user refines the steps."
    ),
    text_fields=("summary", "steps"),
    embed_fields=("summary", "steps"),
    render=render,
    order=3,
    sample={"summary": "Deploy the web app", "steps": ["run the tests", "push to main"]},
)
