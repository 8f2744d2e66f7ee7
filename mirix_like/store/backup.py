"""Export a store (or one user) to JSONL files, and merge such an export into a store.

An import trusts nothing it reads. Before it writes anything it checks the manifest, every
record of every file (size, nesting, fields, user, id), that the record counts match the
manifest, and the image of each input (a regular file in the export's ``images`` folder, of
bounded size, that decodes as an image). A broken or doctored export raises
:class:`InvalidExportError` and leaves the store as it was.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import re
import shutil
import uuid
import zipfile
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from PIL import Image as PILImage
from pydantic import BaseModel, Field, ValidationError

from mirix_like import memory_types
from mirix_like.errors import InvalidExportError, InvalidInputError, StoreNotWritableError
from mirix_like.inputs import (
    MAX_ID_CHARS,
    MAX_IMAGE_PIXELS,
    ROLES,
    check_metadata,
    check_text,
    nested_deeper_than,
)
from mirix_like.memory_types.base import MemoryType, utcnow
from mirix_like.store.filters import check_user_id, is_utf8
from mirix_like.store.records import HistoryEntry, RawInput
from mirix_like.store.schema import row_model
from mirix_like.store.secrets import MASK
from mirix_like.store.store import MemoryStore

FORMAT = "mirix-like-export"
MANIFEST = "manifest.json"
INPUTS_FILE = "raw_inputs.jsonl"
HISTORY_FILE = "history.jsonl"
IMAGES = "images"
CHUNK = 500
MAX_MANIFEST_BYTES = 2**20
MAX_RECORD_BYTES = 64 * 2**20
MAX_RECORD_DEPTH = 24
"""Deepest nesting of one record: item metadata (20 levels) inside a history entry is 22."""
MAX_IMAGE_BYTES = 64 * 2**20
MAX_UNPACKED_BYTES = 8 * 2**30
MAX_ZIP_ENTRIES = 100_000
_IMAGE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")


class ExportSummary(BaseModel):
    """What an export wrote, or what an import merged."""

    directory: str
    users: list[str]
    counts: dict[str, int] = Field(default_factory=dict)
    skipped: dict[str, int] = Field(default_factory=dict)
    secrets_included: bool = False


def _data_files() -> list[str]:
    return [f"{spec.name}.jsonl" for spec in memory_types.all_types()] + [INPUTS_FILE,
                                                                          HISTORY_FILE]


# ----------------------------------------------------------------- export


def _write_jsonl(path: Path, records: Iterable[BaseModel]) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(record.model_dump_json() + "\n")
            count += 1
    return count


def export_store(store: MemoryStore, directory: Path, *, user_id: str | None = None,
                 include_secrets: bool = False, image_dir: Path | None = None
                 ) -> ExportSummary:
    """Write one JSONL file per memory type, plus raw inputs, history and a manifest.

    Secret values are masked unless ``include_secrets``; a masked export cannot restore them.
    A full export also copies the images still kept in ``image_dir`` (those of inputs not
    yet processed) into its ``images`` folder.
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
        # Inputs are verbatim and may hold secrets: their text and images go out only with
        # secrets.
        counts[INPUTS_FILE] = _write_jsonl(
            directory / INPUTS_FILE,
            (_exported_input(raw, directory, image_dir) if include_secrets
             else raw.model_copy(update={"text": MASK, "image_path": None})
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


def _exported_input(raw: RawInput, directory: Path, image_dir: Path | None) -> RawInput:
    """``raw`` with its image copied into the export (a path relative to it), or none."""
    if raw.image_path is None:
        return raw
    source = Path(raw.image_path)
    if (image_dir is None or source.is_symlink() or not source.is_file()
            or not source.resolve().is_relative_to(image_dir.resolve())):
        return raw.model_copy(update={"image_path": None})  # processed: the image is gone
    digest = hashlib.sha256(f"{raw.user_id}\x1f{raw.id}".encode()).hexdigest()[:32]
    (directory / IMAGES).mkdir(exist_ok=True)
    shutil.copyfile(source, directory / IMAGES / f"{digest}.png")
    return raw.model_copy(update={"image_path": f"{IMAGES}/{digest}.png"})


# ----------------------------------------------------------------- reading an export


def _refuse(where: str, problem: str) -> InvalidExportError:
    return InvalidExportError(f"{where}: {problem}; nothing was imported")


def _regular_file(path: Path, where: str) -> bool:
    """Whether ``path`` exists; refuses a link or anything but a plain file."""
    if path.is_symlink():
        raise _refuse(where, "is a symbolic link")
    if not path.exists():
        return False
    if not path.is_file():
        raise _refuse(where, "is not a regular file")
    return True


def _records(directory: Path, name: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each record of one JSONL file with where it is (``file line N``), every line checked."""
    path = directory / name
    if not _regular_file(path, name):
        return
    with path.open("rb") as handle:
        number = 0
        while line := handle.readline(MAX_RECORD_BYTES + 1):
            number += 1
            where = f"{name} line {number}"
            if len(line) > MAX_RECORD_BYTES:
                raise _refuse(where, f"is over {MAX_RECORD_BYTES:,} bytes")
            if not line.strip():
                continue
            try:
                data = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError) as exc:
                raise _refuse(where, f"is not JSON text: {str(exc)[:200]}") from None
            if not isinstance(data, dict):
                raise _refuse(where, "is not a JSON object")
            if nested_deeper_than(data, MAX_RECORD_DEPTH):
                raise _refuse(where, f"is nested deeper than {MAX_RECORD_DEPTH} levels")
            yield where, data


def _manifest(directory: Path) -> dict[str, Any]:
    if not isinstance(directory, Path) or not directory.is_dir():
        raise InvalidExportError(f"{directory} is not a folder holding a mirix-like export")
    path = directory / MANIFEST
    if not _regular_file(path, MANIFEST):
        raise InvalidExportError(f"{directory} is not a mirix-like export (no {MANIFEST})")
    if path.stat().st_size > MAX_MANIFEST_BYTES:
        raise _refuse(MANIFEST, f"is over {MAX_MANIFEST_BYTES:,} bytes")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _refuse(MANIFEST, f"is not JSON: {str(exc)[:200]}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise InvalidExportError(f"{path} is not a mirix-like export manifest")
    if manifest.get("version") != 1:
        raise _refuse(MANIFEST, f"export version {manifest.get('version')!r} is not 1")
    users = manifest.get("users", [])
    if not isinstance(users, list) or len(set(map(repr, users))) != len(users):
        raise _refuse(MANIFEST, "users must be a list of distinct user ids")
    try:
        for user in users:
            check_user_id(user)
    except InvalidInputError as exc:
        raise _refuse(MANIFEST, str(exc)) from None
    counts = manifest.get("counts", {})
    if not isinstance(counts, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in counts.values()):
        raise _refuse(MANIFEST, "counts must map file names to record counts")
    if not isinstance(manifest.get("secrets_included", False), bool):
        raise _refuse(MANIFEST, "secrets_included must be true or false")
    return manifest


def _check_id(value: Any, where: str, what: str = "id") -> str:
    if (not isinstance(value, str) or not value.strip() or len(value) > MAX_ID_CHARS
            or "\x00" in value or not is_utf8(value)):
        raise _refuse(where, f"{what} {str(value)[:80]!r} is not a valid id")
    return value


def _describe(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'record'}: {e['msg']}"
                     for e in exc.errors()[:3])


class _Check:
    """Phase one of an import: every file read and checked, nothing written."""

    def __init__(self, store: MemoryStore, directory: Path, image_dir: Path | None) -> None:
        self.store = store
        self.directory = directory
        self.image_dir = image_dir
        self.manifest = _manifest(directory)
        self.users = set(self.manifest.get("users", []))
        self.batches: dict[str, set[str]] = defaultdict(set)  # user -> batch ids in history

    def run(self) -> None:
        counts = Counter[str]()
        seen: set[tuple[str, str]] = set()
        for where, data in _records(self.directory, HISTORY_FILE):
            entry = self.history_entry(where, data)
            self._unique(seen, ("history", entry.id), where)
            if entry.batch_id:
                self.batches[entry.user_id].add(entry.batch_id)
            counts[HISTORY_FILE] += 1
        for spec in memory_types.all_types():
            name = f"{spec.name}.jsonl"
            for where, data in _records(self.directory, name):
                item = self.item(spec, where, data)
                self._unique(seen, (spec.name, item["user_id"], item["id"]), where)
                counts[name] += 1
            if spec.merge is not None:
                list(self.merged(spec))  # checks the merge
        for where, data in _records(self.directory, INPUTS_FILE):
            raw = self.raw_input(where, data)
            self._unique(seen, ("input", raw.user_id, raw.id), where)
            counts[INPUTS_FILE] += 1
        for name, expected in self.manifest.get("counts", {}).items():
            if name in _data_files() and counts[name] != expected:
                raise _refuse(name, f"holds {counts[name]} records where the manifest says "
                                    f"{expected}")

    def merged(self, spec: MemoryType) -> Iterator[list[dict[str, Any]]]:
        """The items of each chunk of a type with a ``merge`` as they will be stored: each
        merged into the stored item with its id."""
        name = f"{spec.name}.jsonl"
        for chunk in _chunks(_records(self.directory, name)):
            by_user: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for _, data in chunk:
                by_user[data["user_id"]].append(data)
            for user, items in by_user.items():
                merged = _merged(self.store, spec, user, items)
                for data in merged:
                    try:
                        spec.item_model.model_validate(data)
                    except ValidationError as exc:
                        raise _refuse(name, f"merged with the store, item {data['id']!r} "
                                            f"of {user!r} is invalid: {_describe(exc)}"
                                      ) from None
                yield merged

    @staticmethod
    def _unique(seen: set[tuple[str, ...]], key: tuple[str, ...], where: str) -> None:
        if key in seen:
            raise _refuse(where, f"id {key[-1]!r} appears twice")
        seen.add(key)

    def _user(self, value: Any, where: str) -> str:
        if value not in self.users:
            raise _refuse(where, f"user {str(value)[:80]!r} is not among the manifest's users")
        return str(value)

    def item(self, spec: MemoryType, where: str, data: dict[str, Any]) -> dict[str, Any]:
        self._user(data.get("user_id"), where)
        _check_id(data.get("id"), where)
        for source in data.get("source_ids") or []:
            _check_id(source, where, "source id")
        try:
            check_metadata(data.get("metadata"))
            spec.item_model.model_validate(data)
        except ValidationError as exc:
            raise _refuse(where, f"not a valid {spec.name} item: {_describe(exc)}") from None
        except InvalidInputError as exc:
            raise _refuse(where, str(exc)) from None
        return data

    def history_entry(self, where: str, data: dict[str, Any]) -> HistoryEntry:
        try:
            entry = HistoryEntry.model_validate(data)
            spec = memory_types.get(entry.memory_type)
        except ValidationError as exc:
            raise _refuse(where, f"not a valid history entry: {_describe(exc)}") from None
        except InvalidInputError as exc:
            raise _refuse(where, str(exc)) from None
        self._user(entry.user_id, where)
        for value in (entry.id, entry.item_id, entry.batch_id, entry.actor):
            if value is not None:
                _check_id(value, where)
        for side in (entry.before, entry.after):
            if side is None:
                continue
            # What restore and rollback will put back: an item of this user with this id.
            if side.get("user_id") != entry.user_id or side.get("id") != entry.item_id:
                raise _refuse(where, "the values it records belong to another item or user")
            sealed = {name: "sealed" for name in spec.secret_fields}
            try:
                check_metadata(side.get("metadata"))
                row_model(spec.item_model, {**side, **sealed})
            except (ValidationError, ValueError, TypeError) as exc:
                detail = _describe(exc) if isinstance(exc, ValidationError) else exc
                raise _refuse(where, f"records an invalid {spec.name} item: {detail}"
                              ) from None
        return entry

    def raw_input(self, where: str, data: dict[str, Any]) -> RawInput:
        try:
            raw = RawInput.model_validate(data)
        except ValidationError as exc:
            raise _refuse(where, f"not a valid raw input: {_describe(exc)}") from None
        self._user(raw.user_id, where)
        _check_id(raw.id, where)
        try:
            if raw.text or raw.kind != "image":
                check_text(raw.text, "its text")
            check_metadata(raw.metadata)
        except InvalidInputError as exc:
            raise _refuse(where, str(exc)) from None
        if raw.role is not None and raw.role not in ROLES:
            raise _refuse(where, f"role {raw.role[:40]!r} is not one of {ROLES}")
        if raw.speaker is not None:
            _check_id(raw.speaker, where, "speaker")
        if raw.attempts < 0:
            raise _refuse(where, "attempts is negative")
        if raw.batch_id is not None and raw.batch_id not in self.batches[raw.user_id]:
            # Only a batch whose changes came with the export may be rolled back on replay.
            raw = raw.model_copy(update={"batch_id": None})
        if raw.image_path is not None and raw.text != MASK:  # masked: not imported
            if raw.kind != "image":
                raise _refuse(where, "a text input has an image path")
            raw = raw.model_copy(update={"image_path": str(self.image(raw.image_path, where))})
        return raw

    def image(self, relative: str, where: str) -> Path:
        """The checked image file an input names: inside the export's ``images`` folder."""
        folder, _, name = relative.partition("/")
        if folder != IMAGES or not _IMAGE_NAME.fullmatch(name):
            raise _refuse(where, f"image path {relative[:200]!r} is not a file of the "
                                 f"export's {IMAGES} folder")
        if self.image_dir is None:
            raise _refuse(where, "has an image, and no image folder was given to keep it")
        path = self.directory / IMAGES / name
        if self.directory.joinpath(IMAGES).is_symlink() or not _regular_file(path, where):
            raise _refuse(where, f"image {relative!r} is missing or not a regular file")
        if path.stat().st_size > MAX_IMAGE_BYTES:
            raise _refuse(where, f"image {relative!r} is over {MAX_IMAGE_BYTES:,} bytes")
        try:
            with PILImage.open(path) as picture:
                width, height = picture.size
                if width * height > MAX_IMAGE_PIXELS:
                    raise _refuse(where, f"image {relative!r} is over {MAX_IMAGE_PIXELS:,} "
                                         "pixels")
                picture.load()
        except (OSError, ValueError, SyntaxError, PILImage.DecompressionBombError) as exc:
            raise _refuse(where, f"image {relative!r} cannot be read: {exc}") from None
        return path


def unpack_export(archive: Path, directory: Path, *,
                  max_bytes: int = MAX_UNPACKED_BYTES) -> None:
    """Unpack an export zip into the new folder ``directory``, refusing anything but the
    files of an export (no other names, folders, links or encryption; at most ``max_bytes``
    unpacked, counted as it is written, whatever the zip claims)."""
    allowed = {MANIFEST, *_data_files()}
    try:
        with zipfile.ZipFile(archive) as zipped:
            entries = zipped.infolist()
            if len(entries) > MAX_ZIP_ENTRIES:
                raise InvalidExportError(f"the zip holds over {MAX_ZIP_ENTRIES:,} entries")
            names = [entry.filename for entry in entries]
            for entry in entries:
                folder, _, image = entry.filename.partition("/")
                if entry.filename == f"{IMAGES}/":
                    continue
                if entry.filename not in allowed and not (
                        folder == IMAGES and _IMAGE_NAME.fullmatch(image)):
                    raise InvalidExportError(f"the zip holds {entry.filename[:200]!r}, which "
                                             "is no file of an export")
                if (entry.external_attr >> 16) & 0o170000 not in (0, 0o100000):
                    raise InvalidExportError(f"{entry.filename!r} in the zip is a link or a "
                                             "special file")
                if entry.flag_bits & 0x1:
                    raise InvalidExportError(f"{entry.filename!r} in the zip is encrypted")
            if len(set(names)) != len(names):
                raise InvalidExportError("the zip holds the same name twice")
            (directory / IMAGES).mkdir(parents=True)
            budget = max_bytes
            for entry in entries:
                if entry.is_dir():
                    continue
                with zipped.open(entry) as source, (directory / entry.filename).open("xb") as out:
                    while block := source.read(2**20):
                        budget -= len(block)
                        if budget < 0:
                            raise InvalidExportError(f"the zip unpacks to over {max_bytes:,} "
                                                     "bytes")
                        out.write(block)
    except InvalidExportError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError,
            EOFError, ValueError, zlib.error, lzma.LZMAError) as exc:
        raise InvalidExportError(f"the archive is not a zip file, or a broken one: {exc}"
                                 ) from None
    except OSError as exc:
        raise InvalidExportError(f"the zip cannot be unpacked: {exc}") from None


def _chunks(records: Iterable[Any]) -> Iterator[list[Any]]:
    chunk: list[Any] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# ----------------------------------------------------------------- import


def import_store(store: MemoryStore, directory: Path, *, image_dir: Path | None = None
                 ) -> ExportSummary:
    """Merge an export into ``store``: new items are added, items already there with the
    same or a newer ``updated_at`` are left alone, so importing twice changes nothing.

    Vault items whose secret was masked at export are skipped (counted in ``skipped``).
    Images of imported inputs are copied into ``image_dir``. Everything is checked first:
    a broken or doctored export raises :class:`InvalidExportError` and changes nothing.
    """
    check = _Check(store, directory, image_dir)
    check.run()
    summary = ExportSummary(directory=str(directory), users=sorted(check.users),
                            secrets_included=bool(check.manifest.get("secrets_included")))
    for spec in memory_types.all_types():
        added = skipped = 0
        chunks = check.merged(spec) if spec.merge is not None else (
            [data for _, data in chunk]
            for chunk in _chunks(_records(directory, f"{spec.name}.jsonl")))
        for chunk in chunks:
            by_user: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for data in chunk:
                if any(data.get(name) == MASK for name in spec.secret_fields):
                    skipped += 1
                else:
                    by_user[data["user_id"]].append(data)
            for user, items in by_user.items():
                newer = _newer_than_stored(store, spec, user, items)
                skipped += len(items) - len(newer)
                added += len(store.insert(spec.name, user, newer, actor="import"))
        summary.counts[f"{spec.name}.jsonl"] = added
        if skipped:
            summary.skipped[f"{spec.name}.jsonl"] = skipped
    inputs = [_kept_image(raw, image_dir)
              for raw in (check.raw_input(where, data)
                          for where, data in _records(directory, INPUTS_FILE))
              if raw.text != MASK]
    history = [check.history_entry(where, data)
               for where, data in _records(directory, HISTORY_FILE)]
    stored = store.add_inputs(inputs)  # returns the given object where it was new
    summary.counts[INPUTS_FILE] = sum(new is old for new, old in zip(stored, inputs, strict=True))
    summary.counts[HISTORY_FILE] = store.add_history(history)
    return summary


def _kept_image(raw: RawInput, image_dir: Path | None) -> RawInput:
    """``raw`` with its (checked) image copied into ``image_dir`` under a fresh name."""
    if raw.image_path is None or image_dir is None:
        return raw
    image_dir.mkdir(parents=True, exist_ok=True)
    target = image_dir / f"{uuid.uuid4().hex}.png"
    shutil.copyfile(raw.image_path, target)
    return raw.model_copy(update={"image_path": str(target)})


def _merged(store: MemoryStore, spec: MemoryType, user_id: str,
            items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Exported items merged by ``spec.merge`` into the stored ones with their ids (an item
    the store lacks comes in as it is; one that adds nothing is left out)."""
    assert spec.merge is not None
    stored = store.get_many(spec.name, user_id, [str(d.get("id")) for d in items],
                            reveal_secrets=True)
    merged = []
    for data in items:
        current = stored.get(str(data.get("id")))
        update = data if current is None else spec.merge(current, data)
        if update is not None:
            merged.append(update)
    return merged


def _newer_than_stored(store: MemoryStore, spec: MemoryType, user_id: str,
                       items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    stored = store.get_many(spec.name, user_id, [d["id"] for d in items])
    keep = []
    for data in items:
        current = stored.get(data["id"])
        if (current is None
                or current.updated_at < spec.item_model.model_validate(data).updated_at):
            keep.append(data)
    return keep
