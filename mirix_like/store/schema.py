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
# Columns the store adds for indexing; they never reach an item.
DERIVED = ("key", "search_text", "vector", "tree_key", "metadata_kv")
# json.dumps(value, ensure_ascii=False, default=str), without making an encoder per call.
_JSON = json.JSONEncoder(ensure_ascii=False, default=str).encode


def row_key(user_id: str, item_id: str) -> str:
    """The table's primary key: ids are unique per user, keys across all users."""
    return hashlib.sha256(f"{user_id}\x00{item_id}".encode()).hexdigest()


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


def memory_schema(spec: MemoryType, dim: int) -> pa.Schema:
    """The table schema of one memory type for an embedder of dimension ``dim``; its text
    columns compressed with LZ4 (``_FAST_TEXT``)."""
    schema = model_schema(
        spec.item_model,
        [
            pa.field("search_text", pa.string()),
            pa.field("vector", pa.list_(pa.float32(), dim)),
            pa.field("tree_key", pa.string()),
            pa.field("metadata_kv", pa.list_(pa.string())),
        ],
    )
    return pa.schema([field.with_metadata({**(field.metadata or {}), **_FAST_TEXT})
                      if field.type == pa.string() else field for field in schema])


def model_row(model: BaseModel) -> dict[str, Any]:
    """A model's fields as a row: dicts become JSON text."""
    row = model.model_dump()
    for name, value in row.items():
        if isinstance(value, dict):
            row[name] = _JSON(value)
    return row


def item_table(spec: MemoryType, schema: pa.Schema, items: Sequence[MemoryItem],
               vectors: np.ndarray) -> pa.Table:
    """The stored rows of ``items`` as a table of ``schema``: dict fields as JSON text, the
    key and index columns derived, and ``vectors`` (one row per item) as the ``vector``
    column without passing through Python floats."""
    as_json = _json_fields(spec.item_model)
    fields = [name for name in schema.names if name not in DERIVED]
    values: dict[str, list[Any]] = {name: [] for name in fields}
    keys, texts, trees, entries, offsets = [], [], [], [], [0]
    # One item at a time, so that only the values outlive each item's dump (far fewer
    # objects for the garbage collector to track than a dump of every item).
    for item in items:
        row = item.model_dump()
        for name in fields:
            value = row.get(name)
            values[name].append(_JSON(value) if name in as_json and isinstance(value, dict)
                                else value)
        keys.append(row_key(item.user_id, item.id))
        texts.append(index_text(spec.search_text(item)))
        trees.append(tree_key(getattr(item, "tree_path", [])))
        entries += metadata_entries(item.metadata)
        offsets.append(len(entries))
    values |= {KEY: keys, "search_text": texts, "tree_key": trees}
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
