"""The tools a memory manager acts through, and the insert/update/delete tools every memory
type gets unless its spec names other ones.

Every tool writes through the batch's writer: one memory type of one user, and only items
its manager was shown may be updated or deleted.
"""

from __future__ import annotations

import asyncio
import inspect
import types
import typing
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from autogen_core import CancellationToken
from autogen_core.tools import BaseTool
from pydantic import AwareDatetime, BaseModel, Field, create_model
from pydantic.fields import FieldInfo

if TYPE_CHECKING:
    from mirix_like.agents.batch import Batch
    from mirix_like.memory_types.base import MemoryType

__all__ = ["StoreTool", "ToolsFactory", "item_tools", "new_item_model", "no_changes_tool"]


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


ToolsFactory = Callable[["MemoryType", "Batch", str], list[StoreTool]]
"""Builds a manager's tools from its type, the batch and the actor named in history."""


class NoChanges(BaseModel):
    reason: str = Field(description="Why nothing in the batch needs storing in this memory.")


def no_changes_tool(batch: Batch) -> StoreTool:
    """The tool a manager calls when the batch holds nothing for its memory type."""

    def noted(args: NoChanges) -> str:
        batch.writer.nothing_to_store(args.reason)  # the report gives it as the reason
        return "noted: no changes"

    return StoreTool("no_changes", "Call this when nothing in the inputs belongs in this memory.",
                     NoChanges, noted)


def _is_zoned_datetime(annotation: Any) -> tuple[bool, bool]:
    """Whether ``annotation`` is a zone-aware datetime, and whether it admits None."""
    options = (typing.get_args(annotation)
               if typing.get_origin(annotation) in (typing.Union, types.UnionType)
               else (annotation,))
    optional = type(None) in options
    for option in options:
        if typing.get_origin(option) is typing.Annotated:
            option = typing.get_args(option)[0]
        if option is AwareDatetime:
            return True, optional
    return False, optional


def _argument(info: FieldInfo) -> tuple[Any, Any]:
    zoned, optional = _is_zoned_datetime(info.annotation)
    if not zoned:
        return info.annotation, info
    # Models often write times without a zone: accept them and read them as UTC. A required
    # time stays required; one with a default (or None) may be left out.
    needed = info.is_required() and not optional
    return (datetime if needed else datetime | None,
            Field(... if needed else None, description="ISO 8601 date and time"))


def new_item_model(spec: MemoryType) -> type[BaseModel]:
    """The arguments of one new item: the type's content fields, provenance and tree path."""
    model = spec.item_model
    fields: dict[str, Any] = {name: _argument(model.model_fields[name])
                              for name in model.content_fields()}
    if spec.tree:
        fields["tree_path"] = (list[str], Field(default_factory=list,
                               description="Topic path, general to specific."))
    fields["source_ids"] = (list[str], Field(default_factory=list,
                            description="Ids of the inputs this item comes from."))
    if "valid_until" in model.model_fields:
        fields["supersedes"] = (list[str], Field(default_factory=list, description=(
            "Ids of existing items this one replaces because the fact changed (a move, a new "
            "job, a new code); they are kept as past facts, true until this one's valid_from "
            "(default: when the inputs happened). Leave empty to add a fact.")))
    return create_model(f"New{model.__name__}", **fields)


def _drop_unchanged(spec: MemoryType, batch: Batch, rows: list[dict[str, Any]],
                    replaced: list[list[str]]) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """The rows (and what each supersedes) left once a row that would supersede an item with
    the same values is dropped: a repeated code is no change."""
    olds = batch.writer.get_many(spec.name, [i for old in replaced for i in old])
    same = (*spec.embed_fields, *spec.secret_fields)
    kept = [(row, old) for row, old in zip(rows, replaced, strict=True)
            if not any(i in olds and all(getattr(olds[i], f) == row.get(f) for f in same)
                       for i in old)]
    return [row for row, _ in kept], [old for _, old in kept]


def item_tools(spec: MemoryType, batch: Batch, actor: str) -> list[StoreTool]:
    """insert, update and delete tools for a memory type of items (every type's default)."""
    writer = batch.writer
    new_model = new_item_model(spec)
    insert_args = create_model(f"Insert{spec.item_model.__name__}",
                               items=(list[new_model], Field(min_length=1)))
    optional = {name: (info.annotation | None, None)
                for name, info in new_model.model_fields.items()
                if name not in ("source_ids", "supersedes")}
    update_args = create_model(f"Update{spec.item_model.__name__}",
                               item_id=(str, ...), **optional)

    class DeleteArgs(BaseModel):
        item_ids: list[str] = Field(min_length=1)

    def insert(args: BaseModel) -> str:
        rows = [new.model_dump(exclude_none=True) for new in args.items]  # type: ignore[attr-defined]
        replaced = [row.pop("supersedes", []) for row in rows]
        writer.check_shown(spec.name, [i for old in replaced for i in old])
        rows, replaced = _drop_unchanged(spec, batch, rows, replaced)
        if not rows:
            return f"nothing new: the {spec.name} item(s) already hold these values"
        for row, old in zip(rows, replaced, strict=True):
            if old and row.get("valid_from") is None:
                row["valid_from"] = writer.event_time(row.get("source_ids"))
        stored = writer.insert(spec.name, rows, actor=actor)
        ended = [writer.supersede(spec.name, old, item.valid_from, actor=actor)  # type: ignore[attr-defined]
                 for item, old in zip(stored, replaced, strict=True) if old]
        note = f"; {sum(map(len, ended))} kept as past" if ended else ""
        return (f"stored {len(stored)} {spec.name} item(s): "
                f"{', '.join(i.id for i in stored)}{note}")

    def update(args: BaseModel) -> str:
        item_id = args.item_id  # type: ignore[attr-defined]
        writer.update(spec.name, item_id, args.model_dump(exclude={"item_id"}, exclude_none=True),
                      actor=actor)
        return f"updated {spec.name} item {item_id}"

    def delete(args: DeleteArgs) -> str:
        deleted = writer.delete(spec.name, args.item_ids, actor=actor)
        return f"deleted {len(deleted)} {spec.name} item(s)"

    label = spec.name
    return [
        StoreTool(f"insert_{label}", f"Store new {label} memory items.", insert_args, insert),
        StoreTool(f"update_{label}", f"Change fields of one existing {label} item (by id); "
                  "give only the fields that change.", update_args, update),
        StoreTool(f"delete_{label}", f"Delete existing {label} items by id.", DeleteArgs, delete),
        no_changes_tool(batch),
    ]
