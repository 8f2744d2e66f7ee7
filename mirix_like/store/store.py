"""MemoryStore: the memory tables, raw inputs and history on LanceDB, scoped per user."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
from lancedb.index import IvfSq
from pydantic import ValidationError

from mirix_like import memory_types
from mirix_like.embedders import Embedder, embedder_for_store
from mirix_like.errors import (
    EmbedderMismatchError,
    EmbeddingDimensionError,
    InvalidInputError,
    InvalidItemError,
    InvalidQueryError,
    ItemNotFoundError,
)
from mirix_like.memory_types.base import MemoryItem, MemoryType, utcnow
from mirix_like.store import filters, queries
from mirix_like.store.counts import Counts
from mirix_like.store.journal import (
    INPUTS,
    Journal,
    check_ids,
    random_ids,
)
from mirix_like.store.migrate import adopt_type_table
from mirix_like.store.queries import Plan, RecentRows, SearchMethod
from mirix_like.store.records import Action, HistoryEntry, SearchHit
from mirix_like.store.schema import KEY, item_key, memories_schema, memory_rows, row_key
from mirix_like.store.search import SearchRequest, SearchResults, check_request
from mirix_like.store.secrets import MASK, SecretBox
from mirix_like.store.tables import Tables, stream

log = logging.getLogger(__name__)
META = "store_meta"
MEMORIES = "memories"
ITEM_COLUMNS = [KEY, "memory_type", "time", "item"]
"""What a read takes of a memory row: the item is its JSON, the rest is for ordering."""
WRITE_CHUNK = 2_000
OPTIMIZE_BACKLOG = 4
_META_SCHEMA = pa.schema(
    [pa.field(KEY, pa.string(), nullable=False), pa.field("value", pa.string())]
)


class MemoryStore(Journal):
    """All memory of all users in one LanceDB database; every call is scoped to one user.

    ``uri`` is a local folder, an object-store URI (``s3://bucket/prefix``), or
    ``s3+ddb://bucket/prefix?ddbTableName=TABLE`` for several servers writing at once
    (LanceDB's DynamoDB commit store; the store's locks become leases in that table), with
    ``storage_options`` passed to LanceDB. The store remembers the embedder it was built
    with and refuses to open with another. Secret fields are encrypted at rest with a key
    from ``secret_key``, ``$MIRIX_LIKE_SECRET_KEY`` or a key file (see :mod:`.secrets`).
    Thread-safe; several processes may share one local store.

    A table's indexes are brought up to date in a background thread once
    ``optimize_every`` rows written to it wait and its writes pause for ``optimize_idle``
    seconds, or at once when ``OPTIMIZE_BACKLOG`` times that many wait (a long bulk load):
    a write never waits for it, and searches find rows not yet indexed, only more slowly.
    """

    def __init__(
        self,
        uri: str | os.PathLike[str],
        *,
        embedder: Embedder | None = None,
        storage_options: Mapping[str, str] | None = None,
        read_consistency: timedelta = timedelta(0),
        optimize_every: int = 5_000,
        optimize_idle: float = 1.0,
        vector_index_min_rows: int = 2_000,
        secret_key: bytes | str | None = None,
        secret_key_file: os.PathLike[str] | None = None,
    ) -> None:
        self.uri = str(uri)
        self.optimize_every = optimize_every
        self.optimize_idle = optimize_idle
        self.vector_index_min_rows = vector_index_min_rows
        self._secrets = SecretBox(secret_key, key_file=Path(secret_key_file)
                                  if secret_key_file else None)
        self._tables = Tables(self.uri, storage_options, read_consistency)
        self._counts = Counts()
        self._recent = RecentRows()
        self._writes_since_optimize: dict[str, int] = {}
        self._last_write: dict[str, float] = {}
        self._optimizing: set[str] = set()  # tables with an optimize queued or running
        self._optimize_guard = threading.Condition()  # notified when a backlog is full
        self._optimizer = ThreadPoolExecutor(1, thread_name_prefix="mirix-like-optimize")
        self.embedder = self._check_embedder(embedder)
        self._adopt_type_tables()

    # ----------------------------------------------------------------- tables and locks

    def _memories(self) -> Any:
        """The table of every memory type (see :func:`.schema.memories_schema`)."""
        return self._tables.table(MEMORIES, lambda: memories_schema(self.embedder.dim))

    def _adopt_type_tables(self) -> None:
        """Bring a store of the first layout (a table per type) into the memories table."""
        names = self._tables.names()
        old = [spec for spec in memory_types.all_types() if spec.name in names]
        if not old:
            return
        memories = self._memories()
        with self._lock(MEMORIES):
            for spec in old:
                moved = adopt_type_table(self._tables, spec, memories)
                log.info("moved %d %s items of %s into its memories table", moved, spec.name,
                         self.uri)
        self._counts.forget(MEMORIES)

    def _lock(self, name: str, *, thread_local: bool = True
              ) -> contextlib.AbstractContextManager[Any]:
        """A lock shared by every thread and process using this store (and every server
        on an ``s3+ddb://`` store); re-entrant for the thread holding it."""
        return self._tables.lock(name, thread_local=thread_local)

    def _check_embedder(self, embedder: Embedder | None) -> Embedder:
        """``embedder``, or the one the store was built with; recorded for a new store."""
        table = self._tables.table(META, lambda: _META_SCHEMA)
        with self._lock("meta"):
            stored = {r[KEY]: r["value"] for r in stream(table, None)}
            if not stored:
                embedder = embedder or embedder_for_store(None)
                table.add([{KEY: "embedder", "value": embedder.name},
                           {KEY: "dim", "value": str(embedder.dim)}])
                return embedder
        theirs = (str(stored.get("embedder")), int(stored.get("dim") or 0))
        embedder = embedder or embedder_for_store(theirs)
        if (embedder.name, embedder.dim) != theirs:
            raise EmbedderMismatchError(
                f"store at {self.uri} was built with embedder {theirs[0]} (dim {theirs[1]}), "
                f"not {embedder.name} (dim {embedder.dim}): open it with the same embedder, "
                "or export and re-import into a new store"
            )
        return embedder

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
                if isinstance(error.get("ctx", {}).get("error"), InvalidItemError):
                    raise error["ctx"]["error"] from None
            raise InvalidItemError(f"invalid {spec.name} item: {_describe(exc)}") from None

    def _vectors(self, texts: Sequence[str]) -> np.ndarray:
        matrix = np.asarray(self.embedder.embed(list(texts)), dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape != (len(texts), self.embedder.dim):
            raise EmbeddingDimensionError(
                f"embedder {self.embedder.name} returned vectors of shape {matrix.shape}, "
                f"expected ({len(texts)}, {self.embedder.dim})"
            )
        return matrix

    def _item(self, spec: MemoryType, stored: str | Mapping[str, Any], *, reveal: bool = True
              ) -> MemoryItem:
        """The item stored as ``stored`` (a row's JSON, or the fields a history entry
        kept): secrets decrypted, or masked unless ``reveal``."""
        if isinstance(stored, str) and not spec.secret_fields:
            return spec.item_model.model_validate_json(stored)
        data = json.loads(stored) if isinstance(stored, str) else dict(stored)
        for name in spec.secret_fields:
            data[name] = self._secrets.open(data[name]) if reveal else MASK
        return spec.item_model.model_validate(data)

    def _sealed(self, spec: MemoryType, item: MemoryItem) -> MemoryItem:
        """``item`` as stored: its secret fields encrypted."""
        if not spec.secret_fields:
            return item
        return item.model_copy(update={name: self._secrets.seal(getattr(item, name))
                                       for name in spec.secret_fields})

    def _write(self, spec: MemoryType, user_id: str, items: list[MemoryItem], *,
               action: Action, actor: str, batch_id: str | None,
               existing_only: bool = False, fresh: frozenset[str] = frozenset()) -> None:
        """Upsert ``items`` in one commit, recording each change in the history first.

        ``fresh`` holds ids this call made up (random): no stored row can have them, so
        they are not looked up.
        """
        vectors = self._vectors([spec.embed_text(item) for item in items])
        table = self._memories()
        with self._lock(MEMORIES):
            before = self._stored(spec, user_id, [i.id for i in items if i.id not in fresh])
            if existing_only and len(before) < len(items):
                missing = [i.id for i in items if i.id not in before]
                raise ItemNotFoundError(f"no {spec.name} item {missing[0]!r} for this user")
            for item in items:
                if item.id in before:  # a replaced item keeps its creation time
                    item.created_at = spec.item_model.model_validate_json(
                        before[item.id]).created_at
            stored = [self._sealed(spec, item) for item in items]
            replaced = "update" if action == "insert" else action
            self._record(spec.name, user_id, [item.id for item in stored],
                         [replaced if item.id in before else action for item in stored],
                         [before.get(item.id) for item in stored],
                         [item.model_dump_json() for item in stored],
                         actor=actor, batch_id=batch_id)
            rows = memory_rows(spec, self._tables.schemas[MEMORIES], stored, vectors)
            if not before and (self._tables.locks.exclusive or len(fresh) == len(items)):
                # All new, and no other writer can add the same ids meanwhile: append.
                version, added = table.add(rows).version, len(items)
            else:
                builder = table.merge_insert(KEY).when_matched_update_all()
                if not existing_only:
                    builder = builder.when_not_matched_insert_all()
                result = builder.execute(rows)
                version, added = result.version, result.num_inserted_rows
            self._counts.wrote(MEMORIES, version, (user_id, spec.name), added)
        self._after_write(MEMORIES, len(items))

    def _stored(self, spec: MemoryType, user_id: str, ids: Sequence[str]) -> dict[str, str]:
        """The JSON of the items of ``spec`` of ``user_id`` among ``ids`` as stored
        (secrets sealed), by id."""
        keys = [item_key(spec.name, user_id, i) for i in ids]
        rows = _by_keys(self._memories(), user_id, keys, ["id", "item"])
        return {row["id"]: row["item"] for row in rows}

    def insert(
        self,
        memory_type: str,
        user_id: str,
        items: Sequence[Mapping[str, Any] | MemoryItem],
        *,
        actor: str = "api",
        batch_id: str | None = None,
    ) -> list[MemoryItem]:
        """Validate and store items for ``user_id``; if one is invalid none is stored.

        An item whose id already exists for this user replaces it (recorded as an update).
        Items are written ``WRITE_CHUNK`` at a time, each chunk one commit with its
        history; give ``batch_id`` to be able to undo the whole call with :meth:`rollback`.
        """
        spec = memory_types.get(memory_type)
        filters.check_user_id(user_id)
        if isinstance(items, Mapping | MemoryItem) or not isinstance(items, Sequence):
            raise InvalidItemError("items must be a list of items")
        validated, fresh = [], set()
        new_ids = iter(random_ids(len(items)))
        for item in items:
            data = _fields(item)
            if data.get("user_id", user_id) != user_id:
                raise InvalidItemError("an item's user_id must be the user it is inserted for "
                                       "(leave it out)")
            if "id" not in data and spec.id_field is not None:
                data["id"] = data.get(spec.id_field)
            elif "id" not in data:
                data["id"] = next(new_ids)
                fresh.add(data["id"])
            data["user_id"] = user_id
            validated.append(self._validate(spec, data))
        ids = [item.id for item in validated]
        if len(set(ids)) != len(ids):
            raise InvalidItemError("two items in one insert have the same id")
        for start in range(0, len(validated), WRITE_CHUNK):
            chunk = validated[start:start + WRITE_CHUNK]
            self._write(spec, user_id, chunk, action="insert", actor=actor,
                        batch_id=batch_id, fresh=frozenset(i.id for i in chunk) & fresh)
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
        with self._lock(MEMORIES):  # read and write as one step: concurrent updates merge
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
        ids = check_ids(item_ids)
        table = self._memories()
        with self._lock(MEMORIES):
            before = self._stored(spec, user_id, ids)
            if not before:
                return []
            self._record(spec.name, user_id, list(before), ["delete"] * len(before),
                         list(before.values()), [None] * len(before), actor=actor,
                         batch_id=batch_id)
            keys = [item_key(spec.name, user_id, i) for i in before]
            result = table.delete(_keys_where(user_id, keys))
            self._counts.wrote(MEMORIES, result.version, (user_id, spec.name), -len(before))
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
        """Undo every change made by memory update ``batch_id``.

        Used when an update failed or was interrupted, so that redoing its inputs cannot
        duplicate memories. Each item changed goes back to how it was before the batch's
        first change to it (created by the batch: deleted), a chunk of items per write.
        Returns how many changes were undone.
        """
        where = f"batch_id = {filters.literal(batch_id)}"
        entries = self._history_rows(user_id, where)  # oldest first
        first: dict[tuple[str, str], HistoryEntry] = {}
        for entry in entries:
            first.setdefault((entry.memory_type, entry.item_id), entry)
        for name in dict.fromkeys(entry.memory_type for entry in first.values()):
            spec = memory_types.get(name)
            mine = [e for (kind, _), e in first.items() if kind == name]
            created = [e.item_id for e in mine if e.before is None]
            earlier = [self._item(spec, e.before) for e in mine if e.before is not None]
            for start in range(0, max(len(created), len(earlier)), WRITE_CHUNK):
                if created[start:start + WRITE_CHUNK]:
                    self.delete(name, user_id, created[start:start + WRITE_CHUNK],
                                actor="rollback")
                if earlier[start:start + WRITE_CHUNK]:
                    self._write(spec, user_id, earlier[start:start + WRITE_CHUNK],
                                action="restore", actor="rollback", batch_id=None)
        return len(entries)

    def _after_write(self, name: str, count: int) -> None:
        """Count the rows written to ``name``; once enough wait, optimize it in the background
        (see the class docstring)."""
        with self._optimize_guard:
            pending = self._writes_since_optimize.get(name, 0) + count
            self._writes_since_optimize[name] = pending
            self._last_write[name] = time.monotonic()
            if pending >= OPTIMIZE_BACKLOG * self.optimize_every:
                self._optimize_guard.notify_all()
            if pending < self.optimize_every or name in self._optimizing:
                return
            self._optimizing.add(name)
        self._optimizer.submit(self._optimize_when_idle, name)

    def _optimize_when_idle(self, name: str) -> None:
        """Optimize ``name`` once its writes pause or the backlog is full; if an update or
        delete committed meanwhile preempts it, once more with this process's writes held."""
        try:
            with self._optimize_guard:
                while True:
                    pending = self._writes_since_optimize.get(name, 0)
                    idle = time.monotonic() - self._last_write[name]
                    if pending < self.optimize_every:  # optimized meanwhile
                        return
                    if (idle >= self.optimize_idle
                            or pending >= OPTIMIZE_BACKLOG * self.optimize_every):
                        break
                    self._optimize_guard.wait(self.optimize_idle - idle)
            try:
                self.optimize(name)
            except RuntimeError:  # LanceDB's commit conflict
                with self._lock(name):
                    self.optimize(name)
        except Exception:  # no caller to raise to; a later optimize folds these rows in
            log.warning("could not optimize table %s of the store at %s", name, self.uri,
                        exc_info=True)
        finally:
            with self._optimize_guard:
                self._optimizing.discard(name)

    def optimize(self, *names: str) -> None:
        """Compact tables and bring their indexes up to date (every table by default)."""
        for name in dict.fromkeys(MEMORIES if name in memory_types.names() else name
                                  for name in names or (MEMORIES, *self._journal_tables())):
            if name in self._journal_tables():
                table = self._journal_table(name)
            elif name == MEMORIES:
                table = self._memories()
            else:
                raise InvalidQueryError(f"no table {name!r} in the store")
            with self._lock(f"optimize-{name}"):
                with self._optimize_guard:  # rows written from now on wait for the next one
                    self._writes_since_optimize[name] = 0
                has_vector_index = any(i.columns == ["vector"] for i in table.list_indices())
                if ("vector" in self._tables.schemas[name].names and not has_vector_index
                        and table.count_rows() >= self.vector_index_min_rows):
                    # IVF_SQ: new rows join it in milliseconds at optimize time, where
                    # IVF_HNSW_SQ took seconds per 5,000; and early, since a search without
                    # an index scans every vector and holds far more memory (BENCHMARKS.md).
                    table.create_index(
                        "vector", config=IvfSq(distance_type="cosine"), replace=True
                    )
                table.optimize()
            self._counts.forget(name)

    def restore_to(self, when: datetime) -> dict[str, int]:
        """Admin: put every memory table and the raw inputs back as they were at ``when``.

        The history is kept as it is, so the changes undone stay on record. Old versions are
        kept by LanceDB until compaction cleans them up (7 days by default).
        """
        if not isinstance(when, datetime) or when.tzinfo is None:
            raise InvalidQueryError("restore_to needs a timezone-aware datetime")
        cutoff = when.astimezone(UTC)
        restored = {}
        for name, table in [(MEMORIES, self._memories()), (INPUTS, self._journal_table(INPUTS))]:
            with self._lock(name):
                versions = [v for v in table.list_versions()
                            if v["timestamp"].astimezone(UTC) <= cutoff]
                if not versions:
                    raise InvalidQueryError(f"table {name} has no version as old as {when}")
                version = max(v["version"] for v in versions)
                table.restore(version)
                self._counts.forget(name)
                restored[name] = version
        return restored

    # ----------------------------------------------------------------- reads

    def get(self, memory_type: str, user_id: str, item_id: str, *,
            reveal_secrets: bool = False) -> MemoryItem:
        """One item of ``user_id`` by id; :class:`ItemNotFoundError` if it is not there.

        Secret fields are masked unless ``reveal_secrets``.
        """
        spec = memory_types.get(memory_type)
        [item_id] = check_ids([item_id])
        rows = self._stored(spec, user_id, [item_id])
        if item_id not in rows:
            raise ItemNotFoundError(f"no {spec.name} item {item_id!r} for this user")
        return self._item(spec, rows[item_id], reveal=reveal_secrets)

    def get_many(self, memory_type: str, user_id: str, item_ids: Sequence[str], *,
                 reveal_secrets: bool = False) -> dict[str, MemoryItem]:
        """The items of ``user_id`` among ``item_ids`` that exist, by id."""
        spec = memory_types.get(memory_type)
        rows = self._stored(spec, user_id, check_ids(item_ids))
        return {i: self._item(spec, row, reveal=reveal_secrets) for i, row in rows.items()}

    def _rows_by_id(self, table: Any, user_id: str, ids: Sequence[str]) -> dict[str, dict]:
        """The rows of a journal table of ``user_id`` among ``ids``."""
        return {r["id"]: r for r in _by_keys(table, user_id, [row_key(user_id, i) for i in ids])}

    def count(self, memory_type: str, user_id: str) -> int:
        """How many items of ``memory_type`` ``user_id`` has (kept on write, never stale)."""
        return self._tables.run(self.count_async(memory_type, user_id))

    async def count_async(self, memory_type: str, user_id: str) -> int:
        """:meth:`count` for callers on an event loop."""
        spec = memory_types.get(memory_type)
        filters.check_user_id(user_id)
        await asyncio.to_thread(self._memories)
        return await self._total(user_id, spec.name)

    async def _total(self, user_id: str, name: str) -> int:
        return await self._counts.get(MEMORIES, await self._tables.async_table(MEMORIES),
                                      (user_id, name), filters.type_scope(user_id, name))

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
        """Search the memory of ``user_id``: the ``limit`` best hits of the types asked for
        (every type by default), best first.

        ``method`` is one of :data:`SEARCH_METHODS`; ``since``/``until`` filter on the event
        time for episodic and creation time otherwise; ``sensitivity`` lists the vault levels
        allowed; secret fields are masked unless ``reveal_secrets``. Every type is searched
        in one query, so scores compare across types (``recent``: newest first across them).
        """
        request = SearchRequest([spec.name for spec in self._specs(memory_types)], query,
                                method=method, limit=limit, since=since, until=until,
                                tree_path=tree_path, metadata=metadata,
                                sensitivity=sensitivity, vector=vector,
                                reveal_secrets=reveal_secrets)
        return self.search_many(user_id, [request]).hits[0]

    def search_many(self, user_id: str, requests: Sequence[SearchRequest], *,
                    count: Iterable[str] = ()) -> SearchResults:
        """Run several queries for ``user_id`` at once, and count items per type.

        One call, one round of concurrent LanceDB queries: ``hits[i]`` answers
        ``requests[i]`` (best first; rows become items only for what is returned) and
        ``counts`` gives, for each type named in ``count``, how many items the user has.
        Every request is checked before any query runs.
        """
        plans, counted = self._plan(user_id, requests, count)
        tables = self._tables.run(self._fetch(user_id, plans, counted))
        return self._results(requests, plans, counted, tables)

    async def search_many_async(self, user_id: str, requests: Sequence[SearchRequest], *,
                                count: Iterable[str] = ()) -> SearchResults:
        """:meth:`search_many` for callers on an event loop."""
        plans, counted = await asyncio.to_thread(self._plan, user_id, requests, count)
        tables = await self._fetch(user_id, plans, counted)
        return self._results(requests, plans, counted, tables)

    def _plan(self, user_id: str, requests: Sequence[SearchRequest], count: Iterable[str]
              ) -> tuple[list[Plan | None], list[str]]:
        filters.check_user_id(user_id)
        if isinstance(requests, SearchRequest) or not isinstance(requests, Sequence):
            raise InvalidQueryError("requests must be a list of SearchRequest")
        if isinstance(count, str):
            raise InvalidQueryError("count must be a list of memory type names")
        counted = [memory_types.get(name).name for name in count]
        vectors: dict[str, list[float]] = {}
        plans: list[Plan | None] = []
        for request in requests:
            _, where = check_request(request, user_id)
            if where is None:  # a filter this type cannot match (tree path, no tree)
                plans.append(None)
                continue
            qvec = None
            if request.method in ("hybrid", "vector"):
                if request.vector is not None:
                    qvec = self._query_vector(request.vector)
                elif request.query not in vectors:
                    qvec = vectors[request.query] = self._vectors([request.query])[0].tolist()
                else:
                    qvec = vectors[request.query]
            plans.append(Plan(request.method, request.query, qvec, where, request.limit,
                              ITEM_COLUMNS))
        self._memories()
        return plans, counted

    async def _fetch(self, user_id: str, plans: list[Plan | None], counted: list[str]
                     ) -> list[Any]:
        table = await self._tables.async_table(MEMORIES)
        return await asyncio.gather(
            *(queries.run(table, p, self._recent) for p in plans if p is not None),
            *(self._total(user_id, name) for name in counted))

    def _results(self, requests: Sequence[SearchRequest], plans: list[Plan | None],
                 counted: list[str], fetched: list[Any]) -> SearchResults:
        found = iter(fetched)
        hits: list[list[SearchHit]] = []
        for request, plan in zip(requests, plans, strict=True):
            if plan is None:
                hits.append([])
                continue
            rows = next(found)
            hits.append([SearchHit(memory_type=row["memory_type"],
                                   item=self._item(memory_types.get(row["memory_type"]),
                                                   row["item"], reveal=request.reveal_secrets),
                                   score=row[queries.SCORE])
                         for row in rows.to_pylist()])
        return SearchResults(hits=hits, counts=dict(zip(counted, found, strict=True)))

    def _specs(self, names: Sequence[str] | None) -> list[MemoryType]:
        if names is None:
            return memory_types.all_types()
        if isinstance(names, str):
            names = [names]
        return [memory_types.get(n) for n in names]

    def _query_vector(self, vector: Sequence[float]) -> list[float]:
        values = np.asarray(vector, dtype=np.float32)
        if values.shape != (self.embedder.dim,):
            raise EmbeddingDimensionError(
                f"query vector has shape {values.shape}, the store's embedder "
                f"{self.embedder.name} makes vectors of {self.embedder.dim}"
            )
        return values.tolist()

    def iter_items(self, memory_type: str, user_id: str, *, reveal_secrets: bool = False
                   ) -> Iterator[MemoryItem]:
        """Every item of one type of one user, in no particular order (read in batches)."""
        spec = memory_types.get(memory_type)
        for row in stream(self._memories(), filters.type_scope(user_id, spec.name), ["item"]):
            yield self._item(spec, row["item"], reveal=reveal_secrets)

    def users(self) -> list[str]:
        """Every user id with at least one item or input (admin: reads across users).

        Reads one column a batch at a time: memory grows with the users, not the rows.
        """
        found: set[str] = set()
        for table in [self._memories(), self._journal_table(INPUTS)]:
            found.update(row["user_id"] for row in stream(table, None, ["user_id"]))
        return sorted(found)


def _keys_where(user_id: str, keys: Sequence[str]) -> str:
    """The filter of the rows of ``user_id`` with these primary keys."""
    listed = ", ".join(filters.literal(key) for key in keys)
    return filters.all_of([filters.user_scope(user_id), f"{KEY} IN ({listed})"])


def _by_keys(table: Any, user_id: str, keys: Sequence[str],
             columns: list[str] | None = None) -> list[dict[str, Any]]:
    """The rows of ``user_id`` in ``table`` with these primary keys (``columns`` of them)."""
    if not keys:
        return []
    query = table.search().where(_keys_where(user_id, keys))
    if columns is not None:
        query = query.select(columns)
    return query.limit(len(keys) + 1).to_list()


def _fields(item: Mapping[str, Any] | MemoryItem) -> dict[str, Any]:
    if isinstance(item, MemoryItem):
        return item.model_dump()
    if not isinstance(item, Mapping):
        raise InvalidItemError(f"an item must be a mapping of fields, not {type(item).__name__}")
    return dict(item)


def _describe(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'item'}: {e['msg']}" for e in exc.errors()
    )

