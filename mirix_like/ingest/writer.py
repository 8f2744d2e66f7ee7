"""The only way a memory update writes: scoped to one user and one batch.

Tools get a :class:`BatchWriter` instead of the store. It records every change under the
batch's id (so an interrupted update can be rolled back), gives each item its provenance
(``source_ids``, only ids of the batch's inputs) and, when the model left it out, the event
time of the inputs it came from. Items may only be changed or deleted when the model was
shown them.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from mirix_like import memory_types
from mirix_like.errors import InvalidInputError
from mirix_like.ingest.report import ChangeReport
from mirix_like.memory_types.base import COMMON_FIELDS, MemoryItem, new_id
from mirix_like.store import MemoryStore, RawInput


class BatchWriter:
    """Writes of one memory update (``batch_id``) for one user, from one batch of inputs;
    ``made_by`` (the offline rules standing in for a failed model) goes into each item's
    metadata."""

    def __init__(self, store: MemoryStore, user_id: str, inputs: Sequence[RawInput], *,
                 batch_id: str | None = None, made_by: str | None = None) -> None:
        self._store = store
        self.user_id = user_id
        self.made_by = made_by
        self.batch_id = batch_id or new_id()
        self._times = {raw.id: raw.occurred_at for raw in inputs}
        self.report = ChangeReport()
        self.shown: dict[str, set[str]] = {}
        self.cited: set[str] = set()
        self.reasons: list[str] = []
        # A model's tool calls run concurrently: an edit that reads an item and writes it
        # back (a core block) holds this lock.
        self.edit_lock = threading.Lock()

    @property
    def input_ids(self) -> list[str]:
        """The ids of the batch's inputs, in order."""
        return list(self._times)

    def source_ids(self, claimed: Sequence[str] | None = None) -> list[str]:
        """Provenance: the claimed ids that are inputs of this batch, else all of them."""
        valid = [i for i in dict.fromkeys(claimed or []) if i in self._times]
        return valid or self.input_ids

    def event_time(self, source_ids: Sequence[str] | None = None) -> datetime:
        """When the cited inputs (default: all of the batch's) happened: the earliest."""
        return min(self._times[i] for i in self.source_ids(source_ids))

    def show(self, memory_type: str, item_ids: Sequence[str]) -> None:
        """Record that the model was shown these items, so it may change or delete them."""
        self.shown.setdefault(memory_type, set()).update(item_ids)

    def nothing_to_store(self, reason: str) -> None:
        """Record why (part of) the batch holds nothing worth remembering."""
        if reason.strip():
            self.reasons.append(reason.strip())

    # ----------------------------------------------------------------- reads

    def related(self, memory_type: str, query: str, limit: int) -> list[MemoryItem]:
        """The user's items of ``memory_type`` most related to ``query``."""
        if not query.strip():
            return []
        hits = self._store.search(query, self.user_id, memory_types=[memory_type], limit=limit)
        return [hit.item for hit in hits]

    def recent(self, memory_type: str, limit: int) -> list[MemoryItem]:
        """The user's newest items of ``memory_type`` (an always-shown type: all of them)."""
        return self._store.list(memory_type, self.user_id, limit=limit)

    def get_many(self, memory_type: str, item_ids: Sequence[str]) -> dict[str, MemoryItem]:
        """The user's items among ``item_ids`` that exist, by id (secrets in clear)."""
        return self._store.get_many(memory_type, self.user_id, item_ids, reveal_secrets=True)

    # ----------------------------------------------------------------- writes

    def insert(self, memory_type: str, rows: Sequence[Mapping[str, Any]], *,
               actor: str) -> list[MemoryItem]:
        """Store new items; each cites its inputs and, if it has none, takes their time.

        Rows that say the same thing (equal content fields) are stored once: weak models
        repeat an item within one call.
        """
        spec = memory_types.get(memory_type)
        content = spec.item_model.content_fields()
        unique: dict[str, Mapping[str, Any]] = {}
        for row in rows:
            key = json.dumps({k: row.get(k) for k in content}, sort_keys=True, default=str)
            unique.setdefault(key, row)
        prepared = []
        for row in unique.values():
            values = self._marked(_as_utc(dict(row)))
            values["source_ids"] = self.source_ids(values.get("source_ids"))
            field = spec.time_field
            if field not in COMMON_FIELDS and values.get(field) is None and values["source_ids"]:
                values[field] = min(self._times[i] for i in values["source_ids"])
            prepared.append(values)
        stored = self._store.insert(memory_type, self.user_id, prepared, actor=actor,
                                    batch_id=self.batch_id)
        self._cite(values["source_ids"] for values in prepared)
        self.report.note("created", memory_type, [item.id for item in stored])
        return stored

    def update(self, memory_type: str, item_id: str, changes: Mapping[str, Any], *,
               actor: str) -> MemoryItem:
        """Change fields of an item the model was shown; it now also cites the whole batch."""
        self.check_shown(memory_type, [item_id])
        current = self._store.get(memory_type, self.user_id, item_id)
        values = _as_utc(dict(changes))
        values["source_ids"] = list(dict.fromkeys([*current.source_ids, *self.input_ids]))
        item = self._store.update(memory_type, self.user_id, item_id, values, actor=actor,
                                  batch_id=self.batch_id)
        self._cite([self.input_ids])
        self.report.note("updated", memory_type, [item_id])
        return item

    def supersede(self, memory_type: str, item_ids: Sequence[str], until: datetime, *,
                  actor: str) -> list[MemoryItem]:
        """Mark items the model was shown as true only until ``until`` (a newer fact replaced
        them); they stay stored and searchable as past facts. Already ended ones keep their
        end."""
        self.check_shown(memory_type, item_ids)
        changed = []
        for item_id in dict.fromkeys(item_ids):
            current = self._store.get(memory_type, self.user_id, item_id)
            if getattr(current, "valid_until", None) is None:
                changed.append(self.update(memory_type, item_id, {"valid_until": until},
                                           actor=actor))
        return changed

    def delete(self, memory_type: str, item_ids: Sequence[str], *, actor: str) -> list[str]:
        """Delete items the model was shown; returns the ids that existed."""
        self.check_shown(memory_type, item_ids)
        deleted = self._store.delete(memory_type, self.user_id, list(item_ids), actor=actor,
                                     batch_id=self.batch_id)
        self._cite([self.input_ids])
        self.report.note("deleted", memory_type, deleted)
        return deleted

    def put(self, memory_type: str, fields: Mapping[str, Any], *, actor: str) -> MemoryItem:
        """Create or replace the item whose id ``fields`` give (a core block by its label).

        Its provenance keeps what it had and gains the whole batch.
        """
        item_id = fields["id"]
        before = self.get_many(memory_type, [item_id]).get(item_id)
        values = self._marked(_as_utc(dict(fields)))
        values["source_ids"] = list(dict.fromkeys(
            [*(before.source_ids if before else []), *self.input_ids]))
        [item] = self._store.insert(memory_type, self.user_id, [values], actor=actor,
                                    batch_id=self.batch_id)
        self._cite([self.input_ids])
        self.report.note("updated" if before else "created", memory_type, [item.id])
        return item

    def _marked(self, values: dict[str, Any]) -> dict[str, Any]:
        """``values`` whose metadata says which path made them, when not the model."""
        if self.made_by:
            values["metadata"] = {**(values.get("metadata") or {}), "made_by": self.made_by}
        return values

    def _cite(self, groups: Any) -> None:
        for ids in groups:
            self.cited.update(ids)

    def check_shown(self, memory_type: str, item_ids: Sequence[str]) -> None:
        """Raise unless the model was shown every item of ``item_ids``."""
        unknown = [i for i in item_ids if i not in self.shown.get(memory_type, set())]
        if unknown:
            raise InvalidInputError(
                f"{memory_type} item(s) {unknown} were not among the existing items shown to "
                "you; only those can be updated or deleted")


def _as_utc(values: dict[str, Any]) -> dict[str, Any]:
    # Models often write times without a zone: read them as UTC.
    return {k: v.replace(tzinfo=UTC) if isinstance(v, datetime) and v.tzinfo is None else v
            for k, v in values.items()}
