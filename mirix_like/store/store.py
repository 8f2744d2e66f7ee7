"""MemoryStore: the six memory tables, raw inputs and history on LanceDB, scoped per user."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import lancedb
import numpy as np
import pyarrow as pa
from filelock import FileLock
from lancedb.index import FTS, BTree, HnswSq
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
from mirix_like.store.queries import MAX_LIMIT, SEARCH_METHODS, run_query
from mirix_like.store.records import (
    INPUT_STATUSES,
    Action,
    HistoryEntry,
    InputStatus,
    RawInput,
    SearchHit,
)
from mirix_like.store.schema import (
    DERIVED,
    KEY,
    item_row,
    memory_schema,
    model_row,
    model_schema,
    row_key,
    row_model,
)
from mirix_like.store.secrets import MASK, SecretBox

SearchMethod = Literal["hybrid", "fts", "vector", "exact", "fuzzy", "recent"]
INPUTS, HISTORY, META = "raw_inputs", "history", "store_meta"
_META_SCHEMA = pa.schema(
    [pa.field(KEY, pa.string(), nullable=False), pa.field("value", pa.string())]
)


class MemoryStore:
    """All memory of all users in one LanceDB database; every call is scoped to one user.

    ``uri`` is a local folder or an object-store URI (``s3://bucket/prefix``) with
    ``storage_options`` passed to LanceDB. The store remembers the embedder it was built with
    and refuses to open with another. Secret fields are encrypted at rest with a key from
    ``secret_key``, ``$MIRIX_LIKE_SECRET_KEY`` or a key file (see :mod:`.secrets`).
    Thread-safe; several processes may share one local store.
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
        secret_key: bytes | str | None = None,
        secret_key_file: os.PathLike[str] | None = None,
    ) -> None:
        self.uri = str(uri)
        self.embedder = embedder or HashingEmbedder()
        self.optimize_every = optimize_every
        self.vector_index_min_rows = vector_index_min_rows
        self._secrets = SecretBox(secret_key, key_file=Path(secret_key_file)
                                  if secret_key_file else None)
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
        self._open_lock = threading.RLock()
        self._locks: dict[tuple[str, bool], FileLock] = {}
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

    def _lock(self, name: str, *, thread_local: bool = True
              ) -> contextlib.AbstractContextManager[Any]:
        """A lock shared by every thread and process using this local store.

        One lock object per name, so a thread that holds it may take it again.
        """
        if not self._local:
            return contextlib.nullcontext()
        with self._open_lock:
            lock = self._locks.get((name, thread_local))
            if lock is None:
                lock_dir = Path(self.uri) / ".locks"
                lock_dir.mkdir(exist_ok=True)
                lock = FileLock(str(lock_dir / f"{name}.lock"), timeout=300,
                                thread_local=thread_local)
                self._locks[(name, thread_local)] = lock
        return lock

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

    def _item(self, spec: MemoryType, row: Mapping[str, Any], *, reveal: bool = True
              ) -> MemoryItem:
        """The item stored in ``row``: secrets decrypted, or masked unless ``reveal``."""
        data = dict(row)
        for name in spec.secret_fields:
            data[name] = self._secrets.open(data[name]) if reveal else MASK
        return row_model(spec.item_model, data)

    def _write(self, spec: MemoryType, user_id: str, items: list[MemoryItem], *,
               action: Action, actor: str, batch_id: str | None,
               existing_only: bool = False) -> None:
        """Upsert ``items``, recording each change in the history before making it."""
        vectors = self._vectors([spec.embed_text(item) for item in items])
        rows = []
        for item, vector in zip(items, vectors, strict=True):
            row = item_row(spec, item, vector)
            for name in spec.secret_fields:
                row[name] = self._secrets.seal(row[name])
            rows.append(row)
        table = self._memory_table(spec)
        with self._lock(spec.name):
            before = self._rows_by_id(table, user_id, [i.id for i in items])
            if existing_only and len(before) < len(items):
                missing = [i.id for i in items if i.id not in before]
                raise ItemNotFoundError(f"no {spec.name} item {missing[0]!r} for this user")
            for item, row in zip(items, rows, strict=True):
                if item.id in before:  # a replaced item keeps its creation time
                    row["created_at"] = before[item.id]["created_at"]
                    item.created_at = row["created_at"]
            self._record(
                HistoryEntry(
                    user_id=user_id, memory_type=spec.name, item_id=item.id,
                    action="update" if action == "insert" and item.id in before else action,
                    before=_public(before.get(item.id)), after=_public(row), actor=actor,
                    batch_id=batch_id)
                for item, row in zip(items, rows, strict=True)
            )
            builder = table.merge_insert(KEY).when_matched_update_all()
            if not existing_only:
                builder = builder.when_not_matched_insert_all()
            builder.execute(pa.Table.from_pylist(rows, schema=table.schema))
        self._after_write(spec.name, len(rows))

    def insert(
        self,
        memory_type: str,
        user_id: str,
        items: Sequence[Mapping[str, Any] | MemoryItem],
        *,
        actor: str = "api",
        batch_id: str | None = None,
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
        ids = [item.id for item in validated]
        if len(set(ids)) != len(ids):
            raise InvalidItemError("two items in one insert have the same id")
        if validated:
            self._write(spec, user_id, validated, action="insert", actor=actor,
                        batch_id=batch_id)
        return validated

    def update(
        self,
        memory_type: str,
        user_id: str,
        item_id: str,
        changes: Mapping[str, Any],
        *,
        actor: str = "api",
        batch_id: str | None = None,
    ) -> MemoryItem:
        """Change fields of one item; the old value stays in the history.

        If the new value is invalid the old item is left exactly as it was.
        """
        spec = memory_types.get(memory_type)
        if not isinstance(changes, Mapping):
            raise InvalidItemError("changes must be a mapping of field to new value")
        protected = {"id", "user_id", "created_at"} & set(changes)
        if protected:
            raise InvalidItemError(f"fields {sorted(protected)} cannot be changed")
        with self._lock(spec.name):  # read and write as one step: concurrent updates merge
            current = self.get(memory_type, user_id, item_id, reveal_secrets=True)
            item = self._validate(spec, {**current.model_dump(), **changes,
                                         "updated_at": utcnow()})
            self._write(spec, user_id, [item], action="update", actor=actor,
                        batch_id=batch_id, existing_only=True)
        return item

    def delete(
        self, memory_type: str, user_id: str, item_ids: Sequence[str], *, actor: str = "api",
        batch_id: str | None = None,
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
                             action="delete", before=_public(row), actor=actor,
                             batch_id=batch_id)
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
        item = self._item(spec, entry.before)
        self._write(spec, user_id, [item], action="restore", actor=actor, batch_id=None)
        return item

    def rollback(self, user_id: str, batch_id: str) -> int:
        """Undo every change made by memory update ``batch_id``, newest first.

        Used when an update failed or was interrupted, so that redoing its inputs cannot
        duplicate memories. Returns how many changes were undone.
        """
        where = f"batch_id = {filters.literal(batch_id)}"
        entries = sorted(self._history_rows(user_id, where), key=lambda e: e.at, reverse=True)
        for entry in entries:
            spec = memory_types.get(entry.memory_type)
            if entry.before is None:
                self.delete(spec.name, user_id, [entry.item_id], actor="rollback")
            else:
                item = self._item(spec, entry.before)
                self._write(spec, user_id, [item], action="restore", actor="rollback",
                            batch_id=None)
        return len(entries)

    def _record(self, entries: Iterable[HistoryEntry]) -> None:
        rows = [model_row(e) | {KEY: e.id} for e in entries]
        if rows:
            self._history_table().add(rows)

    def _after_write(self, name: str, count: int) -> None:
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

    def restore_to(self, when: datetime) -> dict[str, int]:
        """Admin: put every memory table and the raw inputs back as they were at ``when``.

        The history is kept as it is, so the changes undone stay on record. Old versions are
        kept by LanceDB until compaction cleans them up (7 days by default).
        """
        if not isinstance(when, datetime) or when.tzinfo is None:
            raise InvalidQueryError("restore_to needs a timezone-aware datetime")
        cutoff = when.astimezone(UTC)
        restored = {}
        tables = [(spec.name, self._memory_table(spec)) for spec in memory_types.all_types()]
        for name, table in [*tables, (INPUTS, self._inputs_table())]:
            with self._lock(name):
                versions = [v for v in table.list_versions()
                            if v["timestamp"].astimezone(UTC) <= cutoff]
                if not versions:
                    raise InvalidQueryError(f"table {name} has no version as old as {when}")
                version = max(v["version"] for v in versions)
                table.restore(version)
                restored[name] = version
        return restored

    # ----------------------------------------------------------------- core blocks

    def core_block(self, user_id: str, label: str) -> MemoryItem:
        """The user's core block ``label`` (empty if never written)."""
        spec = memory_types.get("core")
        table = self._memory_table(spec)
        rows = self._rows_by_id(table, user_id, [label])
        if label in rows:
            return self._item(spec, rows[label])
        return self._validate(spec, {"id": label, "label": label, "user_id": user_id})

    def set_core_block(
        self, user_id: str, label: str, value: str, *, actor: str = "api",
        source_ids: Sequence[str] = (), batch_id: str | None = None,
    ) -> MemoryItem:
        """Replace the text of core block ``label``; over-limit text raises, storing nothing.

        ``source_ids`` are added to the block's provenance.
        """
        current = self.core_block(user_id, label)
        provenance = list(dict.fromkeys([*current.source_ids, *source_ids]))
        fields = {**current.model_dump(), "value": value, "updated_at": utcnow(),
                  "source_ids": provenance}
        [block] = self.insert("core", user_id, [fields], actor=actor, batch_id=batch_id)
        return block

    # ----------------------------------------------------------------- reads

    def get(self, memory_type: str, user_id: str, item_id: str, *,
            reveal_secrets: bool = False) -> MemoryItem:
        """One item of ``user_id`` by id; :class:`ItemNotFoundError` if it is not there.

        Secret fields are masked unless ``reveal_secrets``.
        """
        spec = memory_types.get(memory_type)
        [item_id] = _check_ids([item_id])
        rows = self._rows_by_id(self._memory_table(spec), user_id, [item_id])
        if item_id not in rows:
            raise ItemNotFoundError(f"no {spec.name} item {item_id!r} for this user")
        return self._item(spec, rows[item_id], reveal=reveal_secrets)

    def get_many(self, memory_type: str, user_id: str, item_ids: Sequence[str], *,
                 reveal_secrets: bool = False) -> dict[str, MemoryItem]:
        """The items of ``user_id`` among ``item_ids`` that exist, by id."""
        spec = memory_types.get(memory_type)
        rows = self._rows_by_id(self._memory_table(spec), user_id, _check_ids(item_ids))
        return {i: self._item(spec, row, reveal=reveal_secrets) for i, row in rows.items()}

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
        reveal_secrets: bool = False,
    ) -> list[MemoryItem]:
        """The most recent items of one type (by event time for episodic), newest first."""
        hits = self.search(
            "", user_id, memory_types=[memory_type], method="recent", limit=limit, since=since,
            until=until, tree_path=tree_path, metadata=metadata, sensitivity=sensitivity,
            reveal_secrets=reveal_secrets,
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
        reveal_secrets: bool = False,
    ) -> list[SearchHit]:
        """Search the memory of ``user_id``: ``limit`` best hits per type, best first.

        ``method`` is one of :data:`SEARCH_METHODS`; ``since``/``until`` filter on the event
        time for episodic and creation time otherwise; ``sensitivity`` lists the vault levels
        allowed; secret fields are masked unless ``reveal_secrets``. Hits of several types
        are merged by score.
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
            for row, score in run_query(table, spec, method, query, qvec, where, limit):
                item = self._item(spec, row, reveal=reveal_secrets)
                hits.append(SearchHit(memory_type=spec.name, item=item, score=score))
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
                    existing[(user_id, row["id"])] = self._input(row)
            fresh = {(r.user_id, r.id): r for r in inputs if (r.user_id, r.id) not in existing}
            if fresh:
                rows = [self._input_row(r) for r in fresh.values()]
                (table.merge_insert(KEY).when_not_matched_insert_all()
                 .execute(pa.Table.from_pylist(rows, schema=table.schema)))
        return [existing.get((r.user_id, r.id), r) for r in inputs]

    def set_input_status(
        self, user_id: str, ids: Sequence[str], status: InputStatus, error: str | None = None
    ) -> None:
        """Mark inputs processed, failed (with the error) or pending again."""
        if status not in INPUT_STATUSES:
            raise InvalidInputError(f"unknown input status {status!r}; expected one of "
                                    f"{', '.join(INPUT_STATUSES)}")
        self._change_inputs(user_id, ids, {"status": status, "error": error},
                            count_attempt=status != "pending")

    def _change_inputs(self, user_id: str, ids: Sequence[str], changes: dict[str, Any], *,
                       count_attempt: bool = False) -> None:
        ids = _check_ids(ids)
        if not ids:
            return
        table = self._inputs_table()
        with self._lock(INPUTS):
            rows = self._rows_by_id(table, user_id, ids)
            updated = []
            for row in rows.values():
                raw = self._input(row)
                changed = raw.model_copy(update={**changes, "updated_at": utcnow(),
                                                 "attempts": raw.attempts + count_attempt})
                updated.append(self._input_row(changed))
            if updated:
                table.merge_insert(KEY).when_matched_update_all().execute(
                    pa.Table.from_pylist(updated, schema=table.schema))

    def _input_row(self, raw: RawInput) -> dict[str, Any]:
        # Inputs are kept verbatim, secrets and all, so their text is encrypted at rest.
        row = model_row(raw) | {KEY: row_key(raw.user_id, raw.id)}
        row["text"] = self._secrets.seal(raw.text)
        return row

    def _input(self, row: Mapping[str, Any]) -> RawInput:
        return row_model(RawInput, {**row, "text": self._secrets.open(row["text"])})

    def claim_inputs(self, user_id: str, ids: Sequence[str], batch_id: str | None) -> None:
        """Mark inputs as being worked on by memory update ``batch_id`` (None: by none)."""
        self._change_inputs(user_id, ids, {"batch_id": batch_id})

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
        found = [self._input(r) for r in rows]
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

    def iter_items(self, memory_type: str, user_id: str, *, reveal_secrets: bool = False
                   ) -> Iterator[MemoryItem]:
        """Every item of one type of one user, in no particular order."""
        spec = memory_types.get(memory_type)
        query = self._memory_table(spec).search().where(filters.user_scope(user_id))
        for row in query.limit(None).to_list():
            yield self._item(spec, row, reveal=reveal_secrets)

    def add_history(self, entries: Sequence[HistoryEntry]) -> int:
        """Add history entries not yet recorded (by id); returns how many were new."""
        rows = [model_row(e) | {KEY: e.id} for e in entries]
        if not rows:
            return 0
        table = self._history_table()
        with self._lock(HISTORY):
            result = (table.merge_insert(KEY).when_not_matched_insert_all()
                      .execute(pa.Table.from_pylist(rows, schema=table.schema)))
        return int(result.num_inserted_rows)

    def history_of_user(self, user_id: str) -> list[HistoryEntry]:
        """Every recorded change of ``user_id``, oldest first."""
        return self._history_rows(user_id, "true")

    def user_lock(self, user_id: str) -> contextlib.AbstractContextManager[Any]:
        """A lock that one memory update of ``user_id`` holds, across threads and processes."""
        return self._lock(f"user-{row_key(filters.check_user_id(user_id), '')[:32]}",
                          thread_local=False)


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
    out = {k: v for k, v in row.items() if k not in DERIVED and not k.startswith("_")}
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


