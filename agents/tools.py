"""The tools of the memory managers, built from each memory type's spec.

Every tool acts on one memory type of one user (the batch's), and may only update or delete
items that its manager was shown.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, Literal

from autogen_core import CancellationToken
from autogen_core.tools import BaseTool
from mirix_like.agents.batch import Batch
from mirix_like.memory_types import MemoryType
from mirix_like.memory_types.base import MemoryItem
from mirix_like.memory_types.core import CORE_BLOCK_LIMIT, CoreBlock
from pydantic import AwareDatetime, BaseModel, Field, create_model

from mirix_like.errors import InvalidInputError


class StoreTool(BaseTool[BaseModel, str]):
    """A tool whose body is a function of its validated arguments.

    A blocking body runs in a worker thread; a coroutine function is awaited.
    """

    def __init__(self, name: str, description: str, args_type: type[BaseModel],
                 body: Callable[[Any], str] | Callable[[Any], Awaitable[str]]) -> None:
        super().__init__(args_type, str, name, description)
        self._body = body

    async def run(self, args: BaseModel, cancellation_token: CancellationToken) -> str:
        if inspect.iscoroutinefunction(self._body):
            return await self._body(args)
        return await asyncio.to_thread(self._body, args)


class NoChanges(BaseModel):
    reason: str = Field(description="Why nothing in the batch needs storing in this memory.")


def no_changes_tool() -> StoreTool:
    """The tool a manager calls when the batch holds nothing for its memory type."""
    return StoreTool("no_changes", "Call this when nothing in the inputs belongs in this memory.",
                     NoChanges, lambda args: "noted: no changes")


def _as_utc(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v.replace(tzinfo=UTC) if isinstance(v, datetime) and v.tzinfo is None else v
            for k, v in values.items()}


def new_item_model(spec: MemoryType) -> type[BaseModel]:
    """The arguments of one new item: the type's content fields, provenance and tree path."""
    fields: dict[str, Any] = {}
    model = spec.item_model
    for name in model.content_fields():
        info = model.model_fields[name]
        if info.annotation is AwareDatetime:
            # Models often write times without a zone: accept them, read them as UTC.
            fields[name] = (datetime | None, Field(None, description="ISO 8601 date and time"))
        else:
            fields[name] = (info.annotation, info)
    if spec.tree:
        fields["tree_path"] = (list[str], Field(default_factory=list,
                               description="Topic path, general to specific."))
    fields["source_ids"] = (list[str], Field(default_factory=list,
                            description="Ids of the inputs this item comes from."))
    return create_model(f"New{model.__name__}", **fields)


def item_tools(spec: MemoryType, batch: Batch, actor: str) -> list[StoreTool]:
    """insert, update and delete tools for a memory type of items."""
    new_model = new_item_model(spec)
    insert_args = create_model(f"Insert{spec.item_model.__name__}",
                               items=(list[new_model], Field(min_length=1)))
    optional = {name: (info.annotation | None, None)
                for name, info in new_model.model_fields.items() if name != "source_ids"}
    update_args = create_model(f"Update{spec.item_model.__name__}",
                               item_id=(str, ...), **optional)

    class DeleteArgs(BaseModel):
        item_ids: list[str] = Field(min_length=1)

    def insert(args: BaseModel) -> str:
        rows = []
        for new in args.items:  # type: ignore[attr-defined]
            values = _as_utc(new.model_dump(exclude_none=True))
            values["source_ids"] = batch.source_ids(values.get("source_ids"))
            rows.append(values)
        stored = batch.store.insert(spec.name, batch.user_id, rows, actor=actor,
                                    batch_id=batch.id)
        batch.note("created", spec.name, [item.id for item in stored])
        return f"stored {len(stored)} {spec.name} item(s): {', '.join(i.id for i in stored)}"

    def update(args: BaseModel) -> str:
        item_id = args.item_id  # type: ignore[attr-defined]
        _check_shown(batch, spec, [item_id])
        changes = _as_utc(args.model_dump(exclude={"item_id"}, exclude_none=True))
        current = batch.store.get(spec.name, batch.user_id, item_id)
        changes["source_ids"] = _union(current.source_ids, batch.input_ids)
        batch.store.update(spec.name, batch.user_id, item_id, changes, actor=actor,
                           batch_id=batch.id)
        batch.note("updated", spec.name, [item_id])
        return f"updated {spec.name} item {item_id}"

    def delete(args: DeleteArgs) -> str:
        _check_shown(batch, spec, args.item_ids)
        deleted = batch.store.delete(spec.name, batch.user_id, args.item_ids, actor=actor,
                                     batch_id=batch.id)
        batch.note("deleted", spec.name, deleted)
        return f"deleted {len(deleted)} {spec.name} item(s)"

    label = spec.name
    return [
        StoreTool(f"insert_{label}", f"Store new {label} memory items.", insert_args, insert),
        StoreTool(f"update_{label}", f"Change fields of one existing {label} item (by id); "
                  "give only the fields that change.", update_args, update),
        StoreTool(f"delete_{label}", f"Delete existing {label} items by id.", DeleteArgs, delete),
        no_changes_tool(),
    ]


class CoreAppend(BaseModel):
    label: Literal["human", "persona"]
    content: str = Field(min_length=1, description="New line(s) to add to the block.")


class CoreReplace(BaseModel):
    label: Literal["human", "persona"]
    line_numbers: list[int] = Field(min_length=1, description="1-based lines to replace.")
    content: str = Field(description="Text that takes their place; empty deletes them.")


class CoreRewrite(BaseModel):
    label: Literal["human", "persona"]
    content: str = Field(description="The whole new block.")


def core_tools(batch: Batch, actor: str) -> list[StoreTool]:
    """append, replace-lines and rewrite tools for the core blocks."""

    def save(label: str, value: str) -> str:
        batch.store.set_core_block(batch.user_id, label, value, actor=actor,
                                   source_ids=batch.input_ids, batch_id=batch.id)
        batch.note("updated", "core", [label])
        return f"{label} block now has {len(value)} of {CORE_BLOCK_LIMIT} characters"

    def append(args: CoreAppend) -> str:
        block = batch.store.core_block(batch.user_id, args.label)
        value = "\n".join([*_lines(block), args.content.strip()])
        if len(value) > CORE_BLOCK_LIMIT:
            raise InvalidInputError(
                f"the {args.label} block would pass its {CORE_BLOCK_LIMIT}-character limit: "
                "call core_rewrite with a shorter block first")
        return save(args.label, value)

    def replace(args: CoreReplace) -> str:
        lines = _lines(batch.store.core_block(batch.user_id, args.label))
        bad = [n for n in args.line_numbers if not 1 <= n <= len(lines)]
        if bad:
            raise InvalidInputError(f"no line(s) {bad} in the {args.label} block "
                                    f"(it has {len(lines)})")
        first = min(args.line_numbers) - 1
        kept = [line for n, line in enumerate(lines, 1) if n not in set(args.line_numbers)]
        new = [line for line in args.content.splitlines() if line.strip()]
        return save(args.label, "\n".join(kept[:first] + new + kept[first:]))

    def rewrite(args: CoreRewrite) -> str:
        return save(args.label, args.content.strip())

    def serial(body: Callable[[Any], str]) -> Callable[[Any], str]:
        # A model's tool calls run concurrently: each edit reads the block and writes it back.
        def run(args: Any) -> str:
            with batch.core_lock:
                return body(args)
        return run

    return [
        StoreTool("core_append", "Append line(s) to a core block.", CoreAppend, serial(append)),
        StoreTool("core_replace", "Replace numbered lines of a core block.", CoreReplace,
                  serial(replace)),
        StoreTool("core_rewrite", "Rewrite a whole core block.", CoreRewrite, serial(rewrite)),
        no_changes_tool(),
    ]


def _lines(block: MemoryItem) -> list[str]:
    assert isinstance(block, CoreBlock)
    return block.lines()


def _check_shown(batch: Batch, spec: MemoryType, ids: list[str]) -> None:
    unknown = [i for i in ids if i not in batch.shown.get(spec.name, set())]
    if unknown:
        raise InvalidInputError(
            f"{spec.name} item(s) {unknown} were not among the existing items shown to you; "
            "only those can be updated or deleted")


def _union(first: list[str], second: list[str]) -> list[str]:
    return list(dict.fromkeys([*first, *second]))
