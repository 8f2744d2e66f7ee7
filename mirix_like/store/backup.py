"""Export a store (or one user) to JSONL files, and merge such an export into a store."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from mirix_like import memory_types
from mirix_like.errors import InvalidInputError, StoreNotWritableError
from mirix_like.memory_types.base import utcnow
from mirix_like.store.records import HistoryEntry, RawInput
from mirix_like.store.secrets import MASK
from mirix_like.store.store import MemoryStore

FORMAT = "mirix-like-export"
MANIFEST = "manifest.json"
INPUTS_FILE = "raw_inputs.jsonl"
HISTORY_FILE = "history.jsonl"
CHUNK = 500


class ExportSummary(BaseModel):
    """What an export wrote, or what an import merged."""

    directory: str
    users: list[str]
    counts: dict[str, int] = Field(default_factory=dict)
    skipped: dict[str, int] = Field(default_factory=dict)
    secrets_included: bool = False


def _write_jsonl(path: Path, records: Iterable[BaseModel]) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(record.model_dump_json() + "\n")
            count += 1
    return count


def export_store(store: MemoryStore, directory: Path, *, user_id: str | None = None,
                 include_secrets: bool = False) -> ExportSummary:
    """Write one JSONL file per memory type, plus raw inputs, history and a manifest.

    Secret values are masked unless ``include_secrets``; a masked export cannot restore them.
    """
    if not isinstance(directory, Path):
        raise InvalidInputError("the export directory must be a path")
    users = [user_id] if user_id is not None else store.users()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        counts = {
            f"{spec.name}.jsonl": _write_jsonl(
                directory / f"{spec.name}.jsonl",
                (item for user in users for item in store.iter_items(
                    spec.name, user, reveal_secrets=include_secrets)))
            for spec in memory_types.all_types()
        }
        # Inputs are verbatim and may hold secrets: their text goes out only with secrets.
        counts[INPUTS_FILE] = _write_jsonl(
            directory / INPUTS_FILE,
            (raw if include_secrets else raw.model_copy(update={"text": MASK})
             for user in users for raw in store.inputs(user)))
        counts[HISTORY_FILE] = _write_jsonl(
            directory / HISTORY_FILE,
            (entry for user in users for entry in store.history_of_user(user)))
        summary = ExportSummary(directory=str(directory), users=users, counts=counts,
                                secrets_included=include_secrets)
        manifest = {"format": FORMAT, "version": 1, "created_at": utcnow().isoformat(),
                    "embedder": store.embedder.name, **summary.model_dump()}
        (directory / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False))
    except OSError as exc:
        raise StoreNotWritableError(f"cannot write the export to {directory}: {exc}") from None
    return summary


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    if not path.is_file():
        return
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InvalidInputError(f"{path.name} line {number} is not JSON: {exc}"
                                            ) from None


def _chunks(records: Iterable[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    chunk: list[dict[str, Any]] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def import_store(store: MemoryStore, directory: Path) -> ExportSummary:
    """Merge an export into ``store``: new items are added, items already there with the
    same or a newer ``updated_at`` are left alone, so importing twice changes nothing.

    Vault items whose secret was masked at export are skipped (counted in ``skipped``).
    """
    manifest_path = directory / MANIFEST if isinstance(directory, Path) else None
    if manifest_path is None or not manifest_path.is_file():
        raise InvalidInputError(f"{directory} is not a mirix-like export (no {MANIFEST})")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    if manifest.get("format") != FORMAT:
        raise InvalidInputError(f"{manifest_path} is not a mirix-like export manifest")
    summary = ExportSummary(directory=str(directory), users=manifest.get("users", []),
                            secrets_included=bool(manifest.get("secrets_included")))
    for spec in memory_types.all_types():
        added = skipped = 0
        for chunk in _chunks(_read_jsonl(directory / f"{spec.name}.jsonl")):
            by_user: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for data in chunk:
                if any(data.get(name) == MASK for name in spec.secret_fields):
                    skipped += 1
                else:
                    by_user[str(data.get("user_id"))].append(data)
            for user, items in by_user.items():
                if spec.kind == "blocks":
                    items = _merged_blocks(store, user, items)
                newer = _newer_than_stored(store, spec.name, user, items)
                skipped += len(items) - len(newer)
                added += len(store.insert(spec.name, user, newer, actor="import"))
        summary.counts[f"{spec.name}.jsonl"] = added
        if skipped:
            summary.skipped[f"{spec.name}.jsonl"] = skipped
    try:
        inputs = [RawInput.model_validate(d) for d in _read_jsonl(directory / INPUTS_FILE)
                  if d.get("text") != MASK]
        history = [HistoryEntry.model_validate(d)
                   for d in _read_jsonl(directory / HISTORY_FILE)]
    except ValidationError as exc:
        raise InvalidInputError(f"the export holds an invalid record: {exc}") from None
    stored = store.add_inputs(inputs)  # returns the given object where it was new
    summary.counts[INPUTS_FILE] = sum(new is old for new, old in zip(stored, inputs, strict=True))
    summary.counts[HISTORY_FILE] = store.add_history(history)
    return summary


def _merged_blocks(store: MemoryStore, user_id: str,
                   blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Core blocks with the lines already in the store kept, the export's new lines added."""
    merged = []
    for data in blocks:
        current = store.core_block(user_id, str(data.get("label")))
        if not current.value:
            merged.append(data)
            continue
        lines = list(dict.fromkeys([*current.lines(), *str(data.get("value", "")).splitlines()]))
        if lines == current.lines():
            continue
        merged.append({**data, "value": "\n".join(line for line in lines if line.strip()),
                       "updated_at": utcnow().isoformat()})
    return merged


def _when(value: Any) -> datetime:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise InvalidInputError(f"updated_at {value!r} in the export is not a time") from None


def _newer_than_stored(store: MemoryStore, memory_type: str, user_id: str,
                       items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    stored = store.get_many(memory_type, user_id, [str(d.get("id")) for d in items])
    keep = []
    for data in items:
        current = stored.get(str(data.get("id")))
        if current is None or current.updated_at < _when(data.get("updated_at")):
            keep.append(data)
    return keep
