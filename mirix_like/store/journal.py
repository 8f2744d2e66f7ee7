"""The store's journal: raw inputs as received, and the history of every change."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pyarrow as pa
from lancedb.query import ColumnOrdering

from mirix_like.errors import InvalidInputError
from mirix_like.memory_types.base import utcnow
from mirix_like.store import filters
from mirix_like.store.records import INPUT_STATUSES, HistoryEntry, InputStatus, RawInput
from mirix_like.store.schema import KEY, model_row, model_schema, row_key, row_model
from mirix_like.store.secrets import SecretBox
from mirix_like.store.tables import Tables, stream

INPUTS, HISTORY = "raw_inputs", "history"
_SCHEMAS = {INPUTS: model_schema(RawInput), HISTORY: model_schema(HistoryEntry)}
_INPUT_ORDER = [ColumnOrdering(column_name=name) for name in ("received_at", "occurred_at", "id")]


def history_table(schema: pa.Schema, memory_type: str, user_id: str, item_ids: list[str],
                  actions: list[str], before: list[str | None], after: list[str | None],
                  actor: str, batch_id: str | None) -> pa.Table:
    """The history rows of one write (one new id each, one time for all) as a table of
    ``schema``, a column at a time, from values the store made (so not re-validated)."""
    count, at = len(item_ids), utcnow()
    ids = random_ids(count)
    columns = {KEY: ids, "id": ids, "user_id": [user_id] * count,
               "memory_type": [memory_type] * count, "item_id": item_ids, "action": actions,
               "before": before, "after": after, "actor": [actor] * count,
               "batch_id": [batch_id] * count, "at": [at] * count}
    return pa.Table.from_arrays([pa.array(columns.get(field.name, [None] * count), field.type)
                                 for field in schema], schema=schema)


def random_ids(count: int) -> list[str]:
    """``count`` random 128-bit ids as hex, from one read of the system's randomness."""
    pool = os.urandom(16 * count).hex()
    return [pool[n:n + 32] for n in range(0, 32 * count, 32)]


class Journal:
    """Raw inputs and history; mixed into :class:`MemoryStore`."""

    _tables: Tables
    _secrets: SecretBox

    def _lock(self, name: str, *, thread_local: bool = True
              ) -> contextlib.AbstractContextManager[Any]:
        raise NotImplementedError

    def _rows_by_id(self, table: Any, user_id: str, ids: Sequence[str]) -> dict[str, dict]:
        raise NotImplementedError

    @staticmethod
    def _journal_tables() -> tuple[str, ...]:
        return INPUTS, HISTORY

    def _journal_table(self, name: str) -> Any:
        return self._tables.table(name, lambda: _SCHEMAS[name])

    def _record(self, memory_type: str, user_id: str, item_ids: list[str], actions: list[str],
                before: list[str | None], after: list[str | None], *, actor: str,
                batch_id: str | None) -> None:
        """Commit the history of one write (item by item: the action, the item's JSON before
        and after), before the write itself."""
        table = self._journal_table(HISTORY)
        table.add(history_table(self._tables.schemas[HISTORY], memory_type, user_id, item_ids,
                                actions, before, after, actor, batch_id))

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
        table = self._journal_table(INPUTS)
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
                 .execute(pa.Table.from_pylist(rows, schema=self._tables.schemas[INPUTS])))
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
        ids = check_ids(ids)
        if not ids:
            return
        table = self._journal_table(INPUTS)
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
                    pa.Table.from_pylist(updated, schema=self._tables.schemas[INPUTS]))

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

    def _input_filter(self, user_id: str | None, status: InputStatus | None,
                      ids: Sequence[str] | None) -> str:
        clauses = [filters.user_scope(user_id) if user_id is not None else None]
        if status is not None:
            clauses.append(filters.one_of("status", [status]))
        if ids is not None:
            keys = [row_key(user_id, i) for i in check_ids(ids)] if user_id else []
            clauses.append(filters.one_of(KEY, keys) if keys else "false")
        return filters.all_of(clauses)

    def inputs(
        self, user_id: str | None, *, status: InputStatus | None = None,
        ids: Sequence[str] | None = None, limit: int | None = None,
    ) -> list[RawInput]:
        """Raw inputs of ``user_id`` (of every user when ``None``: an admin call), oldest
        first; the oldest ``limit`` when given."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            raise InvalidInputError("limit must be a positive integer")
        where = self._input_filter(user_id, status, ids)
        if limit is None:
            found = [self._input(r) for r in stream(self._journal_table(INPUTS), where)]
            return sorted(found, key=lambda r: (r.received_at, r.occurred_at, r.id))
        query = self._journal_table(INPUTS).search()
        if where:
            query = query.where(where)
        ordered = query.order_by(_INPUT_ORDER)
        return [self._input(r) for r in ordered.limit(limit).to_list()]

    def count_inputs(self, user_id: str, *, status: InputStatus | None = None) -> int:
        """How many raw inputs ``user_id`` has (with ``status`` when given)."""
        filters.check_user_id(user_id)
        return self._journal_table(INPUTS).count_rows(self._input_filter(user_id, status, None))

    def iter_inputs(self, user_id: str) -> Iterator[RawInput]:
        """Every raw input of ``user_id`` in no particular order, read in batches."""
        yield from (self._input(r) for r in stream(self._journal_table(INPUTS),
                                                   filters.user_scope(user_id)))

    # ----------------------------------------------------------------- history

    def history(self, user_id: str, item_id: str) -> list[HistoryEntry]:
        """Every recorded change to ``item_id`` of ``user_id``, oldest first."""
        [item_id] = check_ids([item_id])
        return self._history_rows(user_id, f"item_id = {filters.literal(item_id)}")

    def _history_rows(self, user_id: str, clause: str) -> list[HistoryEntry]:
        where = filters.all_of([filters.user_scope(user_id), clause])
        rows = stream(self._journal_table(HISTORY), where)
        return sorted((row_model(HistoryEntry, r) for r in rows), key=lambda e: e.at)

    def add_history(self, entries: Sequence[HistoryEntry]) -> int:
        """Add history entries not yet recorded (by id); returns how many were new."""
        rows = [model_row(e) | {KEY: e.id} for e in entries]
        if not rows:
            return 0
        table = self._journal_table(HISTORY)
        with self._lock(HISTORY):
            result = (table.merge_insert(KEY).when_not_matched_insert_all()
                      .execute(pa.Table.from_pylist(rows, schema=self._tables.schemas[HISTORY])))
        return int(result.num_inserted_rows)

    def history_of_user(self, user_id: str) -> list[HistoryEntry]:
        """Every recorded change of ``user_id``, oldest first."""
        return self._history_rows(user_id, "true")

    def iter_history(self, user_id: str) -> Iterator[HistoryEntry]:
        """Every recorded change of ``user_id`` in no particular order, read in batches."""
        where = filters.user_scope(user_id)
        yield from (row_model(HistoryEntry, r) for r in stream(self._journal_table(HISTORY),
                                                               where))

    def user_lock(self, user_id: str) -> contextlib.AbstractContextManager[Any]:
        """A lock that one memory update of ``user_id`` holds, across threads and processes
        (and servers, on an ``s3+ddb://`` store)."""
        return self._lock(f"user-{row_key(filters.check_user_id(user_id), '')[:32]}",
                          thread_local=False)


def check_ids(ids: Sequence[str]) -> list[str]:
    """``ids`` as a list, if every one is a usable id."""
    if isinstance(ids, str) or not isinstance(ids, Sequence):
        raise InvalidInputError("ids must be a list of strings")
    for item_id in ids:
        if not isinstance(item_id, str) or not item_id or "\x00" in item_id:
            raise InvalidInputError(f"invalid item id {item_id!r}")
    return list(ids)
