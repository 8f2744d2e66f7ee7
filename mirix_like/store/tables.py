"""The LanceDB side of the store: connections, tables and their indexes, locks, streaming.

Writes go through LanceDB's synchronous API; reads that fan out (several tables, several
queries) go through its async API on one event loop, so they run concurrently without a
thread each.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Coroutine, Iterator, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

import lancedb
import pyarrow as pa
from lancedb.background_loop import LOOP
from lancedb.index import FTS, Bitmap, BTree

from mirix_like.errors import StoreError, StoreNotWritableError
from mirix_like.store.locks import make_locks

T = TypeVar("T")
INDEXED = {"user_id": BTree, "item_id": BTree, "batch_id": BTree, "status": Bitmap,
           "memory_type": Bitmap, "sensitivity": Bitmap, "time": BTree}
STREAM_BATCH = 1_024


class Tables:
    """The database at ``uri`` and the named tables in it, opened once and kept."""

    def __init__(self, uri: str, storage_options: Mapping[str, str] | None,
                 read_consistency: timedelta) -> None:
        self.uri = uri
        self.local = "://" not in uri
        if self.local:
            _ensure_writable(Path(uri))
        self._options = dict(storage_options or {})
        self._consistency = read_consistency
        # One session for the sync and the async connection: one cache of each index.
        self._session = lancedb.Session()
        try:
            self._db = lancedb.connect(uri, read_consistency_interval=read_consistency,
                                       storage_options=self._options, session=self._session)
        except (OSError, ValueError, RuntimeError) as exc:
            raise StoreError(f"cannot open store at {uri}: {exc}") from exc
        self.locks = make_locks(uri, self._options)
        self._adb: Any = None
        self._tables: dict[str, Any] = {}
        self._async_tables: dict[str, Any] = {}
        self.schemas: dict[str, pa.Schema] = {}
        """Each open table's schema (reading it from the table costs a round trip)."""
        self._guard = threading.RLock()

    def lock(self, name: str, *, thread_local: bool = True
             ) -> contextlib.AbstractContextManager[Any]:
        """A lock shared by every thread, process and (on ``s3+ddb://``) server."""
        return self.locks.lock(name, thread_local=thread_local)

    def table(self, name: str, schema: Callable[[], pa.Schema]) -> Any:
        """The table ``name``, created with its indexes if missing (sync API); ``schema``
        makes its schema when it has to be created."""
        table = self._tables.get(name)
        if table is not None:
            return table
        with self._guard, self.lock(f"create-{name}"):
            if name not in self._tables:
                try:
                    table = self._db.open_table(name)
                except (ValueError, FileNotFoundError):
                    table = self._db.create_table(name, schema=schema(), exist_ok=True)
                self.schemas[name] = table.schema
                _ensure_indexes(table, self.schemas[name].names)
                self._tables[name] = table
        return self._tables[name]

    def names(self) -> set[str]:
        """The names of the tables in the database."""
        found: list[str] = []
        token = None
        while True:
            page = self._db.list_tables(page_token=token)
            found += page.tables
            token = page.page_token
            if not token:
                return set(found)

    def existing(self, name: str) -> Any:
        """The table ``name`` as it is (not kept open, never created)."""
        return self._db.open_table(name)

    def drop(self, name: str) -> None:
        """Remove the table ``name`` (nothing if it is gone already)."""
        with self._guard:
            self._db.drop_table(name, ignore_missing=True)
            self._tables.pop(name, None)
            self._async_tables.pop(name, None)
            self.schemas.pop(name, None)

    async def async_table(self, name: str) -> Any:
        """The same table through the async API (open it with :meth:`table` first)."""
        table = self._async_tables.get(name)
        if table is None:
            if self._adb is None:
                self._adb = await lancedb.connect_async(
                    self.uri, read_consistency_interval=self._consistency,
                    storage_options=self._options, session=self._session)
            table = await self._adb.open_table(name)
            self._async_tables[name] = table
        return table

    @staticmethod
    def run(coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` on LanceDB's own event loop and wait for it."""
        return LOOP.run(coroutine)


def stream(table: Any, where: str | None, columns: list[str] | None = None
           ) -> Iterator[dict[str, Any]]:
    """The rows of ``table`` matching ``where``, a batch at a time (bounded memory)."""
    query = table.search()
    if where:
        query = query.where(where)
    if columns is not None:
        query = query.select(columns)
    for batch in query.limit(None).to_batches(STREAM_BATCH):
        yield from batch.to_pylist()


def _ensure_indexes(table: Any, columns: list[str]) -> None:
    """The key, user, type, lookup, time and full-text indexes; a store made before one of
    them existed gets it on first open."""
    names = set(columns)
    have = {tuple(index.columns) for index in table.list_indices()}
    wanted: dict[str, Any] = {"key": BTree()}
    wanted |= {column: kind() for column, kind in INDEXED.items() if column in names}
    if "search_text" in names:
        wanted["search_text"] = FTS(with_position=False, stem=True, remove_stop_words=True)
    for column, config in wanted.items():
        if (column,) not in have:
            table.create_index(column, config=config, replace=True)


def _ensure_writable(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreNotWritableError(f"cannot create store folder {path}: {exc}") from exc
    if not os.access(path, os.W_OK | os.X_OK):
        raise StoreNotWritableError(f"store folder {path} is not writable; choose another path")
