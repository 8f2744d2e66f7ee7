"""Arrow schemas derived from the memory type models, and item <-> row conversion."""

from __future__ import annotations

import functools
import hashlib
import json
import types
import typing
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
# Columns the store adds for indexing; they never reach an item.
DERIVED = ("key", "search_text", "vector", "tree_key", "metadata_kv")


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
    """The table schema of one memory type for an embedder of dimension ``dim``."""
    return model_schema(
        spec.item_model,
        [
            pa.field("search_text", pa.string()),
            pa.field("vector", pa.list_(pa.float32(), dim)),
            pa.field("tree_key", pa.string()),
            pa.field("metadata_kv", pa.list_(pa.string())),
        ],
    )


def model_row(model: BaseModel) -> dict[str, Any]:
    """A model's fields as a row: dicts become JSON text."""
    row = model.model_dump()
    for name, value in row.items():
        if isinstance(value, dict):
            row[name] = json.dumps(value, ensure_ascii=False, default=str)
    return row


def item_row(spec: MemoryType, item: MemoryItem, data: dict[str, Any]) -> dict[str, Any]:
    """The stored row of ``item`` (its fields as ``data``), with its key and index columns;
    the vector is added as a column, see :func:`arrow_rows`."""
    row = {name: json.dumps(value, ensure_ascii=False, default=str)
           if isinstance(value, dict) else value for name, value in data.items()}
    row[KEY] = row_key(item.user_id, item.id)
    row["search_text"] = index_text(spec.search_text(item))
    row["tree_key"] = tree_key(getattr(item, "tree_path", []))
    row["metadata_kv"] = metadata_entries(item.metadata)
    return row


def arrow_rows(schema: pa.Schema, rows: list[dict[str, Any]],
               vectors: np.ndarray | None = None) -> pa.Table:
    """``rows`` as a table of ``schema``, built column by column; ``vectors`` (one row per
    row) fill the ``vector`` column without passing through Python floats."""
    columns = []
    for field in schema:
        if field.name == "vector" and vectors is not None:
            flat = pa.array(vectors.reshape(-1), pa.float32())
            columns.append(pa.FixedSizeListArray.from_arrays(flat, vectors.shape[1]))
        else:
            columns.append(pa.array([row.get(field.name) for row in rows], type=field.type))
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
