"""MemoryStore: the six memory tables, raw inputs and history on LanceDB, scoped per user."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import lancedb
import numpy as np
import pyarrow as pa
from filelock import FileLock
from lancedb.index import FTS, BTree, HnswSq
from lancedb.query import MatchQuery
from lancedb.rerankers import RRFReranker
from pydantic import ValidationError

from mirix_like import memory_types
from mirix_like.embedders import Embedder, HashingEmbedder
from mirix_like.errors import (
    CoreBlockLimitError,
    EmbedderMismatchError,
    EmbeddingDimensionError,
    InvalidInputError,
    InvalidItemError,
    InvalidQueryError,
    ItemNotFoundError,
    StoreError,
    StoreNotWritableError,
)
from mirix_like.memory_types.base import MemoryItem, MemoryType, utcnow
from mirix_like.store import filters
from mirix_like.store.records import (
    INPUT_STATUSES,
    HistoryEntry,
    InputStatus,
    RawInput,
    SearchHit,
)
from mirix_like.store.schema import (
    KEY,
    item_row,
    memory_schema,
    model_row,
    model_schema,
    row_key,
    row_model,
)
from mirix_like.text import index_text

SearchMethod = Literal["hybrid", "fts", "vector", "exact", "fuzzy", "recent"]
SEARCH_METHODS: tuple[str, ...] = ("hybrid", "fts", "vector", "exact", "fuzzy", "recent")
MAX_LIMIT = 1_000
INPUTS, HISTORY, META = "raw_inputs", "history", "store_meta"
_META_SCHEMA = pa.schema(
    [pa.field(KEY, pa.string(), nullable=False), pa.field("value", pa.string())]
)


class MemoryStore:
    """All memory of all users in one LanceDB database; every call is scoped to one user.

    ``uri`` is a local folder or an object-store URI (``s3://bucket/prefix``) with
    ``storage_options`` passed to LanceDB. The store remembers the embedder it was built with
    and refuses to open with another. Thread-safe; several processes may share one local store.
    """

    def __init__(
        self,
        uri: str | os.PathLike[str],
        *,
        embedder: Embedder | None = None,
        storage_options: Mapping[str, str] | None = None,
        read_consistency: timedelta = timedelta(0),
        optimize_every: int = 5_000,
        vector_index_min_rows: int = 20_000,
    ) -> None:
        self.uri = str(uri)
        self.embedder = embedder or HashingEmbedder()
        self.optimize_every = optimize_every
        self.vector_index_min_rows = vector_index_min_rows
        self._local = "://" not in self.uri
        if self._local:
            _ensure_writable(Path(self.uri))
        try:
            self._db = lancedb.connect(
                self.uri,
                read_consistency_interval=read_consistency,
                storage_options=dict(storage_options or {}),
            )
        except (OSError, ValueError, RuntimeError) as exc:
            raise StoreError(f"cannot open store at {self.uri}: {exc}") from exc
        self._tables: dict[str, Any] = {}
        self._open_lock = threading.Lock()
        self._writes_since_optimize: dict[str, int] = {}
        self._check_embedder()

    # ----------------------------------------------------------------- tables and locks

    def _table(self, name: str, schema: pa.Schema) -> Any:
        table = self._tables.get(name)
        if table is not None:
            return table
        with self._open_lock, self._lock(f"create-{name}"):
            if name not in self._tables:
                try:
                    table = self._db.open_table(name)
                except (ValueError, FileNotFoundError):
                    table = self._db.create_table(name, schema=schema, exist_ok=True)
                    self._create_indexes(table, schema)
                self._tables[name] = table
        return self._tables[name]

    def _create_indexes(self, table: Any, schema: pa.Schema) -> None:
        names = set(schema.names)
        table.create_index(KEY, config=BTree(), replace=True)
        if "user_id" in names:
            table.create_index("user_id", config=BTree(), replace=True)
        if "search_text" in names:
            table.create_index(
                "search_text",
                config=FTS(with_position=False, stem=True, remove_stop_words=True),
                replace=True,
            )

    def _memory_table(self, spec: MemoryType) -> Any:
        return self._table(spec.name, memory_schema(spec, self.embedder.dim))

    def _inputs_table(self) -> Any:
        return self._table(INPUTS, model_schema(RawInput))

    def _history_table(self) -> Any:
        return self._table(HISTORY, model_schema(HistoryEntry))

    def _lock(self, name: str) -> contextlib.AbstractContextManager[Any]:
        """A lock shared by every thread and process using this local store."""
        if not self._local:
            return contextlib.nullcontext()
        lock_dir = Path(self.uri) / ".locks"
        lock_dir.mkdir(exist_ok=True)
        return FileLock(str(lock_dir / f"{name}.lock"), timeout=120)

    def _check_embedder(self) -> None:
        table = self._table(META, _META_SCHEMA)
        with self._lock("meta"):
            stored = {r[KEY]: r["value"] for r in table.to_arrow().to_pylist()}
            if not stored:
                table.add([{KEY: "embedder", "value": self.embedder.name},
                           {KEY: "dim", "value": str(self.embedder.dim)}])
                return
        mine = (self.embedder.name, str(self.embedder.dim))
        theirs = (stored.get("embedder"), stored.get("dim"))
        if mine != theirs:
            raise EmbedderMismatchError(
                f"store at {self.uri} was built with embedder {theirs[0]} (dim {theirs[1]}), "
                f"not {mine[0]} (dim {mine[1]}): open it with the same embedder, or export "
                "and re-import into a new store"
            )

    # ----------------------------------------------------------------- writes

    def _validate(self, spec: MemoryType, data: Mapping[str, Any] | MemoryItem) -> MemoryItem:
        if isinstance(data, spec.item_model):
            data = data.model_dump()
        if not isinstance(data, Mapping):
            raise InvalidItemError(f"a {spec.name} item must be a mapping of fields")
        try:
            return spec.item_model.model_validate(data)
        except ValidationError as exc:
            for error in exc.errors():
                if isinstance(error.get("ctx", {}).get("error"), CoreBlockLimitError):
                    raise error["ctx"]["error"] from None
            raise InvalidItemError(f"invalid {spec.name} item: {_describe(exc)}") from None

    def _vectors(self, texts: Sequence[str]) -> list[list[float]]:
        matrix = np.asarray(self.embedder.embed(list(texts)), dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape != (len(texts), self.embedder.dim):
            raise EmbeddingDimensionError(
                f"embedder {self.embedder.name} returned vectors of shape {matrix.shape}, "
                f"expected ({len(texts)}, {self.embedder.dim})"
            )
        return matrix.tolist()

    def insert(
        self,
        memory_type: str,
        user_id: str,
        items: Sequence[Mapping[str, Any] | MemoryItem],
        *,
        actor: str = "api",
    ) -> list[MemoryItem]:
        """Validate and store new items for ``user_id``; all or none are stored.

        An item whose id already exists for this user replaces it (recorded as an update).
        """
        spec = memory_types.get(memory_type)
        filters.check_user_id(user_id)
        if isinstance(items, Mapping | MemoryItem) or not isinstance(items, Sequence):
            raise InvalidItemError("items must be a list of items")
        validated = [self._validate(spec, {**_fields(item), "user_id": user_id})
                     for item in items]
        if not validated:
            return []
        ids = [item.id for item in validated]
        if len(set(ids)) != len(ids):
            raise InvalidItemError("two items in one insert have the same id")
        vectors = self._vectors([spec.embed_text(item) for item in validated])
        rows = [item_row(spec, item, v) for item, v in zip(validated, vectors, strict=True)]
        table = self._memory_table(spec)
        with self._lock(spec.name):
            before = self._rows_by_id(table, user_id, ids)
            for item, row in zip(validated, rows, strict=True):
                if item.id in before:  # a replaced item keeps its creation time
                    row["created_at"] = before[item.id]["created_at"]
                    item.created_at = row["created_at"]
            self._upsert(table, rows)
        self._record(
            HistoryEntry(
                user_id=user_id, memory_type=spec.name, item_id=item.id,
                action="update" if item.id in before else "insert",
                before=_public(before.get(item.id)), after=_public(row), actor=actor,
            )
            for item, row in zip(validated, rows, strict=True)
        )
        self._after_write(spec.name, table, len(rows))
        return validated

    def update(
        self,
        memory_type: str,
        user_id: str,
        item_id: str,
        changes: Mapping[str, Any],
        *,
        actor: str = "api",
    ) -> MemoryItem:
        """Change fields of one item; the old value stays in the history.

        If the new value is invalid the old item is left exactly as it was.
        """
        spec = memory_types.get(memory_type)
        current = self.get(memory_type, user_id, item_id)
        if not isinstance(changes, Mapping):
            raise InvalidItemError("changes must be a mapping of field to new value")
        protected = {"id", "user_id", "created_at"} & set(changes)
        if protected:
            raise InvalidItemError(f"fields {sorted(protected)} cannot be changed")
        merged = {**current.model_dump(), **changes, "updated_at": utcnow()}
        item = self._validate(spec, merged)
        [vector] = self._vectors([spec.embed_text(item)])
        row = item_row(spec, item, vector)
        table = self._memory_table(spec)
        with self._lock(spec.name):
            before = self._rows_by_id(table, user_id, [item_id])
            if item_id not in before:
                raise ItemNotFoundError(f"no {spec.name} item {item_id!r} for this user")
            self._record([HistoryEntry(
                user_id=user_id, memory_type=spec.name, item_id=item_id, action="update",
                before=_public(before[item_id]), after=_public(row), actor=actor)])
            table.merge_insert(KEY).when_matched_update_all().execute(
                pa.Table.from_pylist([row], schema=table.schema))
        self._after_write(spec.name, table, 1)
        return item

    def delete(
        self, memory_type: str, user_id: str, item_ids: Sequence[str], *, actor: str = "api"
    ) -> list[str]:
        """Delete items of ``user_id`` by id; returns the ids that existed. Kept in history."""
        spec = memory_types.get(memory_type)
        ids = _check_ids(item_ids)
        table = self._memory_table(spec)
        with self._lock(spec.name):
            before = self._rows_by_id(table, user_id, ids)
            if not before:
                return []
            self._record(
                HistoryEntry(user_id=user_id, memory_type=spec.name, item_id=item_id,
                             action="delete", before=_public(row), actor=actor)
                for item_id, row in before.items()
            )
            keys = ", ".join(filters.literal(row_key(user_id, i)) for i in before)
            table.delete(filters.all_of([filters.user_scope(user_id), f"{KEY} IN ({keys})"]))
        return list(before)

    def restore(self, user_id: str, history_id: str, *, actor: str = "api") -> MemoryItem:
        """Put an item back as it was before the change recorded by ``history_id``."""
        entries = self._history_rows(user_id, f"id = {filters.literal(history_id)}")
        if not entries:
            raise ItemNotFoundError(f"no history entry {history_id!r} for this user")
        entry = entries[0]
        if entry.before is None:
            raise InvalidInputError("that change created the item; delete it instead")
        spec = memory_types.get(entry.memory_type)
        item = self._validate(spec, entry.before)
        [vector] = self._vectors([spec.embed_text(item)])
        row = item_row(spec, item, vector)
        table = self._memory_table(spec)
        with self._lock(spec.name):
            before = self._rows_by_id(table, user_id, [item.id])
            self._upsert(table, [row])
        self._record([HistoryEntry(
            user_id=user_id, memory_type=spec.name, item_id=item.id, action="restore",
            before=_public(before.get(item.id)), after=_public(row), actor=actor)])
        return item

    def _upsert(self, table: Any, rows: list[dict[str, Any]]) -> None:
        data = pa.Table.from_pylist(rows, schema=table.schema)
        (table.merge_insert(KEY).when_matched_update_all().when_not_matched_insert_all()
         .execute(data))

    def _record(self, entries: Iterable[HistoryEntry]) -> None:
        rows = [model_row(e) | {KEY: e.id} for e in entries]
        if rows:
            self._history_table().add(rows)

    def _after_write(self, name: str, table: Any, count: int) -> None:
        """Fold new rows into the indexes now and then, and add a vector index when large."""
        pending = self._writes_since_optimize.get(name, 0) + count
        self._writes_since_optimize[name] = pending
        if pending < self.optimize_every:
            return
        self._writes_since_optimize[name] = 0
        self.optimize(name)

    def optimize(self, *names: str) -> None:
        """Compact tables and bring their indexes up to date (all memory tables by default)."""
        for name in names or tuple(memory_types.names()):
            table = self._memory_table(memory_types.get(name))
            with self._lock(f"optimize-{name}"):
                has_vector_index = any(i.columns == ["vector"] for i in table.list_indices())
                if not has_vector_index and table.count_rows() >= self.vector_index_min_rows:
                    table.create_index(
                        "vector", config=HnswSq(distance_type="cosine"), replace=True
                    )
                table.optimize()

    # ----------------------------------------------------------------- core blocks

    def core_block(self, user_id: str, label: str) -> MemoryItem:
        """The user's core block ``label`` (empty if never written)."""
        spec = memory_types.get("core")
        table = self._memory_table(spec)
        rows = self._rows_by_id(table, user_id, [label])
        if label in rows:
            return row_model(spec.item_model, rows[label])
        return self._validate(spec, {"id": label, "label": label, "user_id": user_id})

    def set_core_block(
        self, user_id: str, label: str, value: str, *, actor: str = "api",
        source_ids: Sequence[str] = (),
    ) -> MemoryItem:
        """Replace the text of core block ``label``; over-limit text raises, storing nothing.

        ``source_ids`` are added to the block's provenance.
        """
        current = self.core_block(user_id, label)
        provenance = list(dict.fromkeys([*current.source_ids, *source_ids]))
        fields = {**current.model_dump(), "value": value, "updated_at": utcnow(),
                  "source_ids": provenance}
        [block] = self.insert("core", user_id, [fields], actor=actor)
        return block

    # ----------------------------------------------------------------- reads

    def get(self, memory_type: str, user_id: str, item_id: str) -> MemoryItem:
        """One item of ``user_id`` by id; :class:`ItemNotFoundError` if it is not there."""
        spec = memory_types.get(memory_type)
        [item_id] = _check_ids([item_id])
        rows = self._rows_by_id(self._memory_table(spec), user_id, [item_id])
        if item_id not in rows:
            raise ItemNotFoundError(f"no {spec.name} item {item_id!r} for this user")
        return row_model(spec.item_model, rows[item_id])

    def _rows_by_id(self, table: Any, user_id: str, ids: Sequence[str]) -> dict[str, dict]:
        if not ids:
            return {}
        keys = ", ".join(filters.literal(row_key(user_id, i)) for i in ids)
        where = filters.all_of([filters.user_scope(user_id), f"{KEY} IN ({keys})"])
        rows = table.search().where(where).limit(len(ids) + 1).to_list()
        return {r["id"]: r for r in rows}

    def count(self, memory_type: str, user_id: str) -> int:
        """How many items of ``memory_type`` ``user_id`` has."""
        spec = memory_types.get(memory_type)
        return self._memory_table(spec).count_rows(filters.user_scope(user_id))

    def list(
        self,
        memory_type: str,
        user_id: str,
        *,
        limit: int = 100,
        since: datetime | None = None,
        until: datetime | None = None,
        tree_path: Sequence[str] | None = None,
        metadata: Mapping[str, Any] | None = None,
        sensitivity: Sequence[str] | None = None,
    ) -> list[MemoryItem]:
        """The most recent items of one type (by event time for episodic), newest first."""
        hits = self.search(
            "", user_id, memory_types=[memory_type], method="recent", limit=limit, since=since,
            until=until, tree_path=tree_path, metadata=metadata, sensitivity=sensitivity,
        )
        return [h.item for h in hits]

    def search(
        self,
        query: str,
        user_id: str,
        *,
        memory_types: Sequence[str] | None = None,
        method: SearchMethod = "hybrid",
        limit: int = 10,
        since: datetime | None = None,
        until: datetime | None = None,
        tree_path: Sequence[str] | None = None,
        metadata: Mapping[str, Any] | None = None,
        sensitivity: Sequence[str] | None = None,
        vector: Sequence[float] | None = None,
    ) -> list[SearchHit]:
        """Search the memory of ``user_id``: ``limit`` best hits per type, best first.

        ``method`` is one of :data:`SEARCH_METHODS`; ``since``/``until`` filter on the event
        time for episodic and creation time otherwise; ``sensitivity`` lists the vault levels
        allowed. Hits of several types are merged by score.
        """
        specs = self._specs(memory_types)
        if method not in SEARCH_METHODS:
            raise InvalidQueryError(
                f"unknown search method {method!r}; expected one of {', '.join(SEARCH_METHODS)}"
            )
        if not isinstance(query, str) or not filters.is_utf8(query):
            raise InvalidQueryError("query must be a string of valid Unicode")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise InvalidQueryError(f"limit must be an integer from 1 to {MAX_LIMIT}")
        if method in ("fts", "exact", "fuzzy") and not query.strip():
            raise InvalidQueryError(f"{method} search needs a non-empty query")
        qvec = self._query_vector(query, vector) if method in ("hybrid", "vector") else None
        common = [filters.user_scope(user_id), filters.tree_prefix(tree_path),
                  filters.metadata_equals(metadata)]
        hits: list[SearchHit] = []
        for spec in specs:
            clauses = [*common, filters.time_range(spec.time_field, since, until)]
            if sensitivity is not None and "sensitivity" in spec.item_model.model_fields:
                clauses.append(filters.one_of("sensitivity", sensitivity))
            if "tree_path" not in spec.item_model.model_fields and tree_path:
                continue
            where = filters.all_of(clauses)
            table = self._memory_table(spec)
            for row, score in _run_query(table, spec, method, query, qvec, where, limit):
                hits.append(SearchHit(memory_type=spec.name,
                                      item=row_model(spec.item_model, row), score=score))
        hits.sort(key=lambda h: h.score, reverse=True)
        return hits

    def _specs(self, names: Sequence[str] | None) -> list[MemoryType]:
        if names is None:
            return memory_types.all_types()
        if isinstance(names, str):
            names = [names]
        return [memory_types.get(n) for n in names]

    def _query_vector(self, query: str, vector: Sequence[float] | None) -> list[float]:
        if vector is None:
            return self._vectors([query])[0]
        values = np.asarray(vector, dtype=np.float32)
        if values.shape != (self.embedder.dim,):
            raise EmbeddingDimensionError(
                f"query vector has shape {values.shape}, the store's embedder "
                f"{self.embedder.name} makes vectors of {self.embedder.dim}"
            )
        return values.tolist()

    # ----------------------------------------------------------------- raw inputs

    def add_inputs(self, inputs: Sequence[RawInput]) -> list[RawInput]:
        """Store inputs as received; one whose id the user already has is kept as it was.

        Returns the stored version of each input (the earlier one where it existed).
        """
        if isinstance(inputs, str) or not isinstance(inputs, Sequence):
            raise InvalidInputError("inputs must be a list of RawInput")
        bad = [type(raw).__name__ for raw in inputs if not isinstance(raw, RawInput)]
        if bad:
            raise InvalidInputError(f"inputs must be RawInput objects, not {bad[0]}")
        if not inputs:
            return []
        table = self._inputs_table()
        with self._lock(INPUTS):
            by_user: dict[str, list[RawInput]] = {}
            for raw in inputs:
                by_user.setdefault(filters.check_user_id(raw.user_id), []).append(raw)
            existing: dict[tuple[str, str], RawInput] = {}
            for user_id, group in by_user.items():
                for row in self._rows_by_id(table, user_id, [r.id for r in group]).values():
                    existing[(user_id, row["id"])] = row_model(RawInput, row)
            fresh = {(r.user_id, r.id): r for r in inputs if (r.user_id, r.id) not in existing}
            if fresh:
                rows = [model_row(r) | {KEY: row_key(r.user_id, r.id)} for r in fresh.values()]
                self._upsert(table, rows)
        return [existing.get((r.user_id, r.id), r) for r in inputs]

    def set_input_status(
        self, user_id: str, ids: Sequence[str], status: InputStatus, error: str | None = None
    ) -> None:
        """Mark inputs processed, failed (with the error) or pending again."""
        ids = _check_ids(ids)
        if status not in INPUT_STATUSES:
            raise InvalidInputError(f"unknown input status {status!r}; expected one of "
                                    f"{', '.join(INPUT_STATUSES)}")
        if not ids:
            return
        table = self._inputs_table()
        with self._lock(INPUTS):
            rows = self._rows_by_id(table, user_id, ids)
            now = utcnow()
            updated = []
            for row in rows.values():
                raw = row_model(RawInput, row)
                attempts = raw.attempts + (status != "pending")
                changed = raw.model_copy(update={"status": status, "error": error,
                                                 "attempts": attempts, "updated_at": now})
                updated.append(model_row(changed) | {KEY: row[KEY]})
            if updated:
                table.merge_insert(KEY).when_matched_update_all().execute(
                    pa.Table.from_pylist(updated, schema=table.schema))

    def inputs(
        self, user_id: str | None, *, status: InputStatus | None = None,
        ids: Sequence[str] | None = None, limit: int | None = None,
    ) -> list[RawInput]:
        """Raw inputs of ``user_id`` (of every user when ``None``: an admin call), oldest first."""
        clauses = [filters.user_scope(user_id) if user_id is not None else None]
        if status is not None:
            clauses.append(filters.one_of("status", [status]))
        if ids is not None:
            keys = [row_key(user_id, i) for i in _check_ids(ids)] if user_id else []
            clauses.append(filters.one_of(KEY, keys) if keys else "false")
        query = self._inputs_table().search()
        where = filters.all_of(clauses)
        if where:
            query = query.where(where)
        rows = query.limit(limit).to_list()
        found = [row_model(RawInput, r) for r in rows]
        return sorted(found, key=lambda r: (r.received_at, r.occurred_at, r.id))

    # ----------------------------------------------------------------- history and admin

    def history(self, user_id: str, item_id: str) -> list[HistoryEntry]:
        """Every recorded change to ``item_id`` of ``user_id``, oldest first."""
        [item_id] = _check_ids([item_id])
        return self._history_rows(user_id, f"item_id = {filters.literal(item_id)}")

    def _history_rows(self, user_id: str, clause: str) -> list[HistoryEntry]:
        where = filters.all_of([filters.user_scope(user_id), clause])
        rows = self._history_table().search().where(where).limit(None).to_list()
        return sorted((row_model(HistoryEntry, r) for r in rows), key=lambda e: e.at)

    def users(self) -> list[str]:
        """Every user id with at least one item or input (admin: reads across users)."""
        found: set[str] = set()
        for spec in memory_types.all_types():
            found.update(self._memory_table(spec).to_arrow().column("user_id").to_pylist())
        found.update(self._inputs_table().to_arrow().column("user_id").to_pylist())
        return sorted(found)

    def iter_items(self, memory_type: str, user_id: str) -> Iterator[MemoryItem]:
        """Every item of one type of one user, in no particular order."""
        spec = memory_types.get(memory_type)
        query = self._memory_table(spec).search().where(filters.user_scope(user_id))
        for row in query.limit(None).to_list():
            yield row_model(spec.item_model, row)


def _run_query(
    table: Any, spec: MemoryType, method: str, query: str, qvec: list[float] | None,
    where: str, limit: int,
) -> list[tuple[dict, float]]:
    text = index_text(query)
    if method == "recent":
        return _most_recent(table, spec, where, limit)
    if method == "exact":
        needle = filters.literal(query.lower())
        builder = table.search().where(f"{where} AND strpos(lower(search_text), {needle}) > 0")
        rows = builder.limit(MAX_LIMIT).to_list()
        rows.sort(key=lambda r: r[spec.time_field], reverse=True)
        return [(r, 1.0) for r in rows[:limit]]
    if method == "fuzzy":
        _fold_new_rows(table)  # typo-tolerant matching only sees rows in the index
        text = text.lower()  # fuzzy terms skip the index's lower-casing
    if method in ("fts", "fuzzy"):
        match = MatchQuery(text, "search_text", fuzziness=1 if method == "fuzzy" else 0)
        rows = table.search(match, query_type="fts").where(where, prefilter=True).limit(limit)
        return [(r, float(r["_score"])) for r in rows.to_list()]
    vector_query = (table.search(qvec, vector_column_name="vector").distance_type("cosine")
                    .where(where, prefilter=True))
    if method == "vector" or not _has_terms(text):
        return [(r, 1.0 - float(r["_distance"])) for r in vector_query.limit(limit).to_list()]
    hybrid = (table.search(query_type="hybrid", vector_column_name="vector",
                           fts_columns="search_text")
              .vector(qvec).text(MatchQuery(text, "search_text")).distance_type("cosine")
              .where(where, prefilter=True)
              .rerank(RRFReranker()).limit(limit))
    return [(r, float(r["_relevance_score"])) for r in hybrid.to_list()]


def _most_recent(table: Any, spec: MemoryType, where: str, limit: int) -> list[tuple[dict, float]]:
    times = table.search().where(where).select([KEY, spec.time_field]).limit(None).to_arrow()
    if times.num_rows == 0:
        return []
    order = np.argsort(times.column(spec.time_field).to_numpy(zero_copy_only=False))[::-1]
    keys = [times.column(KEY)[int(i)].as_py() for i in order[:limit]]
    key_list = ", ".join(filters.literal(k) for k in keys)
    rows = table.search().where(f"{KEY} IN ({key_list})").limit(len(keys)).to_list()
    rank = {k: n for n, k in enumerate(keys)}
    rows.sort(key=lambda r: rank[r[KEY]])
    return [(r, 1.0 / (1 + rank[r[KEY]])) for r in rows]


def _fold_new_rows(table: Any) -> None:
    stats = table.index_stats("search_text_idx")
    if stats is not None and stats.num_unindexed_rows:
        table.optimize()


def _has_terms(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def _fields(item: Mapping[str, Any] | MemoryItem) -> dict[str, Any]:
    if isinstance(item, MemoryItem):
        return item.model_dump()
    if not isinstance(item, Mapping):
        raise InvalidItemError(f"an item must be a mapping of fields, not {type(item).__name__}")
    return dict(item)


def _public(row: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A stored row as plain item fields, for the history (no index columns)."""
    if row is None:
        return None
    skip = {"key", "search_text", "vector", "tree_key", "metadata_kv", "_distance", "_score",
            "_relevance_score"}
    out = {k: v for k, v in row.items() if k not in skip}
    if isinstance(out.get("metadata"), str):
        out["metadata"] = json.loads(out["metadata"])
    return json.loads(json.dumps(out, default=_iso))


def _iso(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"cannot serialise {type(value).__name__}")


def _check_ids(ids: Sequence[str]) -> list[str]:
    if isinstance(ids, str) or not isinstance(ids, Sequence):
        raise InvalidInputError("ids must be a list of strings")
    for item_id in ids:
        if not isinstance(item_id, str) or not item_id or "\x00" in item_id:
            raise InvalidInputError(f"invalid item id {item_id!r}")
    return list(ids)


def _describe(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'item'}: {e['msg']}" for e in exc.errors()
    )


def _ensure_writable(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreNotWritableError(f"cannot create store folder {path}: {exc}") from exc
    if not os.access(path, os.W_OK | os.X_OK):
        raise StoreNotWritableError(f"store folder {path} is not writable; choose another path")


