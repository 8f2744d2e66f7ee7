"""Arrow schemas derived from the memory type models, and item <-> row conversion."""

from __future__ import annotations

import functools
import hashlib
import json
import types
import typing
from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypeVar

import numpy as np
import pyarrow as pa
from pydantic import AwareDatetime, BaseModel

from mirix_like.memory_types.base import MemoryItem, MemoryType
from mirix_like.store.filters import metadata_entries, tree_key
from mirix_like.text import index_text

KEY = "key"
M = TypeVar("M", bound=BaseModel)
_PRIMARY_KEY = {"lance-schema:unenforced-primary-key": "true"}
# LZ4 for the text of memory tables: Lance's default for it (FSST) took half the CPU of a
# 1,000-row add; LZ4 stores it 6% larger and searches it as fast (BENCHMARKS.md, issue 17).
_FAST_TEXT = {"lance-encoding:compression": "lz4"}
# json.dumps(value, ensure_ascii=False, default=str), without making an encoder per call.
_JSON = json.JSONEncoder(ensure_ascii=False, default=str).encode


def row_key(user_id: str, item_id: str) -> str:
    """A journal table's primary key: ids are unique per user, keys across all users."""
    return hashlib.sha256(f"{user_id}\x00{item_id}".encode()).hexdigest()


def item_key(memory_type: str, user_id: str, item_id: str) -> str:
    """The memories table's primary key: ids are unique per user and type."""
    return hashlib.sha256(f"{memory_type}\x00{user_id}\x00{item_id}".encode()).hexdigest()


def _strip_optional(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(annotation) if a is not type(None))
    return annotation


def _is_json(annotation: Any) -> bool:
    return typing.get_origin(_strip_optional(annotation)) is dict


def _arrow_type(annotation: Any) -> pa.DataType:
    annotation = _strip_optional(annotation)
    if typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal or annotation is str:
        return pa.string()
    if origin is list:
        return pa.list_(_arrow_type(typing.get_args(annotation)[0]))
    if origin is dict:
        return pa.string()  # JSON
    if annotation is int:
        return pa.int64()
    if annotation is float:
        return pa.float64()
    if annotation is bool:
        return pa.bool_()
    if annotation is AwareDatetime or (
        isinstance(annotation, type) and issubclass(annotation, datetime)
    ):
        return pa.timestamp("us", tz="UTC")
    raise TypeError(f"no arrow type for {annotation!r}")


def model_schema(model: type[BaseModel], extra: list[pa.Field] | None = None) -> pa.Schema:
    """One column per model field (dicts as JSON text), then ``extra`` columns; ``key`` first."""
    fields = [pa.field(KEY, pa.string(), nullable=False, metadata=_PRIMARY_KEY)]
    for name, info in model.model_fields.items():
        fields.append(pa.field(name, _arrow_type(info.annotation)))
    return pa.schema(fields + (extra or []))


def memories_schema(dim: int) -> pa.Schema:
    """The one table that holds every memory type: the item as JSON (``item``), beside the
    columns that searches filter, order and match on, for an embedder of dimension ``dim``.

    One table, so that a search over several types is one query (one full-text lookup costs
    about as much on a thousand rows as on a hundred thousand: BENCHMARKS.md, issue 17).
    """
    stamp = pa.timestamp("us", tz="UTC")
    return pa.schema([
        pa.field(KEY, pa.string(), nullable=False, metadata=_PRIMARY_KEY),
        pa.field("memory_type", pa.string(), nullable=False),
        pa.field("user_id", pa.string(), nullable=False),
        pa.field("id", pa.string(), nullable=False),
        pa.field("time", stamp),  # the type's time field: when it happened, else created
        pa.field("sensitivity", pa.string()),
        pa.field("valid_until", stamp),
        pa.field("tree_key", pa.string()),
        pa.field("metadata_kv", pa.list_(pa.string())),
        pa.field("search_text", pa.string(), metadata=_FAST_TEXT),
        pa.field("vector", pa.list_(pa.float32(), dim)),
        pa.field("item", pa.string(), metadata=_FAST_TEXT),
    ])


def memory_rows(spec: MemoryType, schema: pa.Schema, items: Sequence[MemoryItem],
                vectors: np.ndarray, *, search_texts: Sequence[str] | None = None
                ) -> pa.Table:
    """The rows of ``items`` (as stored: secrets sealed) as a table of ``schema``, with
    ``vectors`` (one row per item) as the ``vector`` column without passing through Python
    floats; ``search_texts`` when already made (a migration), else from the items."""
    values: dict[str, list[Any]] = {name: [] for name in schema.names}
    entries, offsets = [], [0]
    for item in items:
        values[KEY].append(item_key(spec.name, item.user_id, item.id))
        values["user_id"].append(item.user_id)
        values["id"].append(item.id)
        values["time"].append(getattr(item, spec.time_field))
        values["sensitivity"].append(getattr(item, "sensitivity", None))
        values["valid_until"].append(getattr(item, "valid_until", None))
        values["tree_key"].append(tree_key(getattr(item, "tree_path", [])))
        values["item"].append(item.model_dump_json())
        if search_texts is None:
            values["search_text"].append(index_text(spec.search_text(item)))
        entries += metadata_entries(item.metadata)
        offsets.append(len(entries))
    values["memory_type"] = [spec.name] * len(items)
    if search_texts is not None:
        values["search_text"] = list(search_texts)
    columns = []
    for field in schema:
        if field.name == "vector":
            flat = pa.array(vectors.reshape(-1), pa.float32())
            columns.append(pa.FixedSizeListArray.from_arrays(flat, vectors.shape[1]))
        elif field.name == "metadata_kv":
            columns.append(pa.ListArray.from_arrays(pa.array(offsets, pa.int32()),
                                                    pa.array(entries, pa.string()),
                                                    type=field.type))
        else:
            columns.append(pa.array(values[field.name], type=field.type))
    return pa.Table.from_arrays(columns, schema=schema)


def model_row(model: BaseModel) -> dict[str, Any]:
    """A model's fields as a row: dicts become JSON text."""
    row = model.model_dump()
    for name, value in row.items():
        if isinstance(value, dict):
            row[name] = _JSON(value)
    return row


@functools.cache
def _json_fields(model: type[BaseModel]) -> frozenset[str]:
    return frozenset(n for n, info in model.model_fields.items() if _is_json(info.annotation))


def row_model(model: type[M], row: dict[str, Any]) -> M:
    """The model stored in ``row`` (derived and scoring columns dropped)."""
    as_json = _json_fields(model)
    data = {}
    for name in model.model_fields:
        value = row.get(name)
        if name in as_json and isinstance(value, str):
            value = json.loads(value)
        data[name] = value
    return model.model_validate(data)
