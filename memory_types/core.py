"""Core memory: two short blocks always in context, ``persona`` (the assistant) and ``human``.

A block is a plain item whose id is its label; its manager edits it line by line.

A line replaced because the fact changed (``core_replace`` with ``valid_from``: a move, a new
job) is not lost: it is kept as a past semantic fact, true until the change, and the new line
says since when it holds (``... (since 2026-11-16).``), which becomes the past fact's start
when it changes again.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from mirix_like.errors import CoreBlockLimitError, InvalidInputError
from mirix_like.memory_types.base import MemoryType, RetrievalPolicy, TreeMemoryItem, utcnow
from mirix_like.memory_types.semantic import SINCE, Validity, dated
from mirix_like.prompt_format import task_block, wrap

if TYPE_CHECKING:
    from mirix_like.agents.batch import Batch
    from mirix_like.memory_types.tools import StoreTool

CORE_BLOCK_LIMIT = 5_000
CORE_LABELS = ("persona", "human")
REWRITE_AT = 0.9
"""A block longer than this share of its limit is rewritten to about half after a batch."""

Label = Literal["persona", "human"]
_END = ".!?。！？"


class CoreBlock(TreeMemoryItem):
    """One core block of one user; its value renders as numbered lines."""

    label: Label
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

    @model_validator(mode="before")
    @classmethod
    def _id_from_label(cls, data: Any) -> Any:
        if isinstance(data, dict) and "id" not in data and "label" in data:
            return {**data, "id": data["label"]}
        return data

    @model_validator(mode="after")
    def _id_is_label(self) -> CoreBlock:
        if self.id != self.label:
            raise ValueError(f"a core block's id is its label ({self.label!r}), not {self.id!r}")
        return self

    def lines(self) -> list[str]:
        """The block's non-empty lines, in order."""
        return [line for line in self.value.splitlines() if line.strip()]


def render(block: CoreBlock) -> str:
    numbered = "\n".join(f"{n}: {line}" for n, line in enumerate(block.lines(), start=1))
    return f"<{block.label}>\n{numbered}\n</{block.label}>"


def brief(block: CoreBlock) -> str:
    """The block as one line of sentences for a chat context: no tags, no line numbers (only
    its manager edits lines by number)."""
    return " ".join(line.strip() if line.strip()[-1] in _END else f"{line.strip()}."
                    for line in block.lines())


def read_block(batch: Batch, label: str) -> CoreBlock:
    """The batch user's block ``label`` as stored (empty if never written)."""
    found = batch.writer.get_many("core", [label]).get(label)
    if isinstance(found, CoreBlock):
        return found
    return CoreBlock(id=label, label=label, user_id=batch.user_id)  # type: ignore[arg-type]


class CoreAppend(BaseModel):
    label: Label
    content: str = Field(min_length=1, description="New line(s) to add to the block.")


class CoreReplace(BaseModel):
    label: Label
    line_numbers: list[int] = Field(min_length=1, description="1-based lines to replace.")
    content: str = Field(description="Text that takes their place; empty deletes them.")
    valid_from: datetime | None = Field(default=None, description=(
        "Set when the fact changed (a move, a new job, a new status), not for a correction: "
        "when the new content became true (ISO 8601). The replaced lines are then kept as "
        "past facts, true until then."))


def past_fact(line: str, until: datetime, label: str) -> dict[str, Any]:
    """The semantic item that keeps a replaced core line, true until ``until``; a line that
    says since when it held gives the start."""
    since = SINCE.search(line)
    text = SINCE.sub("", line).strip()
    start = datetime.fromisoformat(since[1]).replace(tzinfo=UTC) if since else None
    return {"name": text[:500], "summary": text, "source": "core", "tree_path": ["core", label],
            "valid_from": start, "valid_until": until}


class CoreRewrite(BaseModel):
    label: Label
    content: str = Field(description="The whole new block.")


def core_tools(spec: MemoryType, batch: Batch, actor: str) -> list[StoreTool]:
    """append, replace-lines and rewrite tools for the core blocks."""
    # Imported here: the tools need autogen, which reading and searching memory do not.
    from mirix_like.memory_types.tools import StoreTool, no_changes_tool

    def save(label: str, value: str) -> str:
        fields = {**read_block(batch, label).model_dump(), "value": value, "updated_at": utcnow()}
        batch.writer.put(spec.name, fields, actor=actor)
        return f"{label} block now has {len(value)} of {CORE_BLOCK_LIMIT} characters"

    def append(args: CoreAppend) -> str:
        value = "\n".join([*read_block(batch, args.label).lines(), args.content.strip()])
        if len(value) > CORE_BLOCK_LIMIT:
            raise InvalidInputError(
                f"the {args.label} block would pass its {CORE_BLOCK_LIMIT}-character limit: "
                "call core_rewrite with a shorter block first")
        return save(args.label, value)

    def replace(args: CoreReplace) -> str:
        lines = read_block(batch, args.label).lines()
        bad = [n for n in args.line_numbers if not 1 <= n <= len(lines)]
        if bad:
            raise InvalidInputError(f"no line(s) {bad} in the {args.label} block "
                                    f"(it has {len(lines)})")
        first = min(args.line_numbers) - 1
        kept = [line for n, line in enumerate(lines, 1) if n not in set(args.line_numbers)]
        new = [line for line in args.content.splitlines() if line.strip()]
        if args.valid_from is None:
            return save(args.label, "\n".join(kept[:first] + new + kept[first:]))
        since = args.valid_from.replace(tzinfo=args.valid_from.tzinfo or UTC).astimezone(UTC)
        new = [dated(SINCE.sub("", line), Validity(valid_from=since)) for line in new]
        old = [past_fact(lines[n - 1], since, args.label) for n in dict.fromkeys(args.line_numbers)]
        batch.writer.insert("semantic", old, actor=actor)
        saved = save(args.label, "\n".join(kept[:first] + new + kept[first:]))
        return f"{saved}; the replaced line(s) kept as past facts in semantic memory"

    def rewrite(args: CoreRewrite) -> str:
        return save(args.label, args.content.strip())

    def serial(body: Callable[[Any], str]) -> Callable[[Any], str]:
        # A model's tool calls run concurrently: each edit reads the block and writes it back.
        def run(args: Any) -> str:
            with batch.writer.edit_lock:
                return body(args)
        return run

    return [
        StoreTool("core_append", "Append line(s) to a core block.", CoreAppend, serial(append)),
        StoreTool("core_replace", "Replace numbered lines of a core block.", CoreReplace,
                  serial(replace)),
        StoreTool("core_rewrite", "Rewrite a whole core block.", CoreRewrite, serial(rewrite)),
        no_changes_tool(batch),
    ]


def rewrite_full_blocks(spec: MemoryType, batch: Batch) -> list[str]:
    """A task asking the manager to halve each block that is near its limit."""
    tasks = []
    for label in CORE_LABELS:
        block = read_block(batch, label)
        if len(block.value) > REWRITE_AT * CORE_BLOCK_LIMIT:
            tasks.append(
                task_block("rewrite-core-block", label=label)
                + f"\nThe {label} block is {len(block.value)} of "
                f"{CORE_BLOCK_LIMIT} characters. Call core_rewrite with label '{label}' and "
                f"a version about half as long that keeps the most important facts.\n"
                + wrap("block", {"label": label, "value": block.value}))
    return tasks


def merge_lines(current: CoreBlock, incoming: dict[str, Any]) -> dict[str, Any] | None:
    """An imported block keeps the stored lines and adds its new ones (None: nothing new)."""
    if not current.value:
        return incoming
    lines = list(dict.fromkeys([*current.lines(), *str(incoming.get("value", "")).splitlines()]))
    if lines == current.lines():
        return None
    return {**incoming, "value": "\n".join(line for line in lines if line.strip()),
            "updated_at": utcnow().isoformat()}


SPEC = MemoryType(
    name="core",
    item_model=CoreBlock,
    description=(
        "Short, durable facts about the user (name, preferences, relationships, work) and "
        "the assistant's persona; always in context (a long block: the lines that match)."
    ),
    instructions=(
        "Keep the 'human' block a short list of durable facts about the user, one per line; "
        "'persona' describes how the assistant should behave. Append new facts, replace lines "
        "that changed, and rewrite a block to about half its size when it nears its limit. "
        "When a fact changed in the world (a move, a new job, a new status), give core_replace "
        "the valid_from of the change: the old line is kept as a past fact; leave it out only "
        "to correct a mistake."
    ),
    text_fields=("value",),
    embed_fields=("value",),
    render=render,
    brief=brief,
    order=0,
    id_field="label",
    long_field="value",
    snippet_tokens=100,
    retrieval=RetrievalPolicy(always=True),
    tools=core_tools,
    followups=rewrite_full_blocks,
    merge=merge_lines,
    sample={"id": "human", "label": "human", "value": "Name: Ada\nLikes green tea"},
)
