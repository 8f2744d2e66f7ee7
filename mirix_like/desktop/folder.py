"""Ingesting a folder of screenshots named ``YYYYMMDD_HHMMSS.png`` (the ScreenshotVQA layout).

Resumable: each screenshot's raw input id is the hash of its file, and the store keeps one
input per id, so a second run skips what the first stored. Bad files (not images, empty,
corrupt, too large, unreadable) are reported and skipped; the rest are stored.
"""

from __future__ import annotations

import hashlib
import re
from contextlib import suppress
from datetime import datetime, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from PIL import Image
from pydantic import BaseModel, Field
from tqdm import tqdm

from mirix_like import MemorySystem
from mirix_like.desktop.dedup import DEFAULT_SIMILARITY, NearDuplicateFilter
from mirix_like.errors import InvalidInputError
from mirix_like.inputs import image_to_input
from mirix_like.store import RawInput

__all__ = ["FolderReport", "SkippedFile", "ingest_screens", "screenshot_id", "screenshot_time"]

_STAMP = re.compile(r"^(\d{8}_\d{6})")


class SkippedFile(BaseModel):
    """A file that was not stored, and why."""

    file: str
    reason: str


class FolderReport(BaseModel):
    """What one ingest run did with each file of the folder."""

    ingested: list[str] = Field(default_factory=list, description="Files stored by this run.")
    already: list[str] = Field(default_factory=list, description=(
        "Stored before: by an earlier run, or a file with the same bytes."))
    duplicates: list[str] = Field(default_factory=list, description=(
        "Near-duplicates of the screenshot before them, not stored."))
    skipped: list[SkippedFile] = Field(default_factory=list, description="Bad files.")
    processed_inputs: int = 0
    failed_inputs: int = 0
    errors: list[str] = Field(default_factory=list)


def screenshot_time(path: Path, zone: tzinfo | None = None) -> datetime:
    """When a screenshot was taken: from a ``YYYYMMDD_HHMMSS`` name read in ``zone`` (local
    time when ``None``), else the file's modification time."""
    if (m := _STAMP.match(path.stem)) is not None:
        try:
            naive = datetime.strptime(m.group(1), "%Y%m%d_%H%M%S")
        except ValueError:
            pass
        else:
            return naive.replace(tzinfo=zone) if zone else naive.astimezone()
    return datetime.fromtimestamp(path.stat().st_mtime).astimezone(zone)


def screenshot_id(path: Path) -> str:
    """The raw input id of a screenshot file: a hash of its bytes (``OSError`` if unreadable)."""
    with path.open("rb") as file:
        return "screen-" + hashlib.file_digest(file, "sha256").hexdigest()[:32]


def _zone(tz: str | tzinfo | None) -> tzinfo | None:
    if not isinstance(tz, str):
        return tz
    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidInputError(f"unknown time zone {tz!r} (use a name like Europe/Lisbon)"
                                ) from None


def ingest_screens(memory: MemorySystem, folder: str | Path, *, user_id: str,
                   tz: str | tzinfo | None = None, similarity: float | None = DEFAULT_SIMILARITY,
                   progress: bool = False) -> FolderReport:
    """Store every screenshot in ``folder`` for ``user_id`` and turn them into memories.

    Files are taken in name order (time order for ScreenshotVQA names) and processed a
    batch (``batch_size``) at a time. A screenshot at least ``similarity`` similar to the one
    kept before it is skipped (``None`` keeps all). Hidden files and subfolders are ignored.
    """
    root = Path(folder)
    if not root.is_dir():
        raise InvalidInputError(f"{root} is not a folder")
    files = sorted(p for p in root.iterdir() if not p.name.startswith(".") and not p.is_dir())
    dedup = NearDuplicateFilter(similarity) if similarity is not None else None
    run = _Run(memory, user_id, _zone(tz), dedup)
    size = memory.settings.batch_size
    with tqdm(total=len(files), unit="screenshot", disable=not progress) as bar:
        for start in range(0, len(files), size):
            if run.store(files[start:start + size], bar):
                bar.set_postfix_str("remembering")
                run.flush()
                bar.set_postfix_str("")
    return run.report


class _Run:
    """One ingest run: what it decided so far, and the screenshot new ones are compared to."""

    def __init__(self, memory: MemorySystem, user_id: str, zone: tzinfo | None,
                 dedup: NearDuplicateFilter | None) -> None:
        self.memory, self.user_id, self.zone, self.dedup = memory, user_id, zone, dedup
        self.report = FolderReport()
        self.stored_before: Path | None = None  # the last file an earlier run stored

    def store(self, files: list[Path], bar: tqdm) -> int:
        """Store the new screenshots of ``files`` as pending inputs; returns how many."""
        ids: dict[Path, str] = {}
        for path in files:
            try:
                ids[path] = screenshot_id(path)
            except OSError as exc:
                self._skip(path, f"cannot be read: {exc.strerror or exc}")
                bar.update()
        known = {raw.id for raw in self.memory.store.inputs(self.user_id,
                                                             ids=list(set(ids.values())))}
        fresh: list[RawInput] = []
        for path, input_id in ids.items():
            bar.update()
            if input_id in known:
                self.report.already.append(path.name)
                self.stored_before = path
                continue
            try:
                raw = image_to_input(path, user_id=self.user_id,
                                     image_dir=self.memory.aio.image_dir,
                                     occurred_at=screenshot_time(path, self.zone),
                                     metadata={"source": "screen"})
            except (InvalidInputError, OSError) as exc:
                self._skip(path, str(exc))
                continue
            known.add(input_id)
            if not self._admit(raw, fresh):
                self.report.duplicates.append(path.name)
                continue
            fresh.append(raw.model_copy(update={"id": input_id}))
            self.report.ingested.append(path.name)
        self.memory.store.add_inputs(fresh)
        return len(fresh)

    def flush(self) -> None:
        """Turn the pending inputs into memories."""
        changes = self.memory.flush(self.user_id)
        self.report.processed_inputs += len(changes.processed_inputs)
        self.report.failed_inputs += len(changes.failed_inputs)
        self.report.errors += changes.errors

    def _skip(self, path: Path, reason: str) -> None:
        self.report.skipped.append(SkippedFile(file=path.name, reason=reason))

    def _admit(self, raw: RawInput, kept: list[RawInput]) -> bool:
        """Whether the screenshot is new; a dropped copy is deleted unless a kept one shares it.

        After files an earlier run stored, the last of them is what a new one is compared to,
        so a resumed run drops the same near-duplicates as an uninterrupted one.
        """
        if self.dedup is None:
            return True
        if self.stored_before is not None:
            with suppress(OSError), Image.open(self.stored_before) as before:
                self.dedup.remember(before)
            self.stored_before = None
        path = Path(str(raw.image_path))
        with Image.open(path) as image:
            if self.dedup.admit(image):
                return True
        if all(other.image_path != raw.image_path for other in kept):
            path.unlink(missing_ok=True)
        return False
