"""Ingesting a folder of screenshots named ``YYYYMMDD_HHMMSS.png`` (the ScreenshotVQA layout).

Resumable: each screenshot's raw input id is the hash of its file, and the store keeps one
input per id, so a second run skips what the first stored. Bad files (not images, empty,
corrupt, too large, unreadable, gone) are reported and skipped; the rest are stored. A
screenshot whose content did not change since the one kept before it is dropped, with the
reason. Where the model cannot see images, each kept screenshot's text is read here, only
the regions that changed since the screenshot kept before it.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import suppress
from datetime import datetime, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from PIL import Image
from pydantic import BaseModel, Field
from tqdm import tqdm

from mirix_like import MemorySystem
from mirix_like.desktop.dedup import DEFAULT_SIMILARITY, Decision, NearDuplicateFilter
from mirix_like.desktop.reading import ScreenReader
from mirix_like.errors import InvalidInputError
from mirix_like.inputs import image_to_input
from mirix_like.store import RawInput
from mirix_like.vision.ocr import ScreenText

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
    duplicates: list[SkippedFile] = Field(default_factory=list, description=(
        "Not stored: their content did not change since the screenshot kept before them."))
    skipped: list[SkippedFile] = Field(default_factory=list, description="Bad files.")
    failed: list[SkippedFile] = Field(default_factory=list, description=(
        "Stored, but turning them into memories failed (``retry`` tries again)."))
    processed_inputs: int = 0
    failed_inputs: int = 0
    errors: list[str] = Field(default_factory=list)

    def describe(self) -> str:
        """One line per file not stored or failed, and a summary line."""
        lines = [f"dropped {d.file}: {d.reason}" for d in self.duplicates]
        lines += [f"bad file {s.file}: {s.reason}" for s in self.skipped]
        lines += [f"failed {f.file}: {f.reason}" for f in self.failed]
        lines.append(f"kept {len(self.ingested)}, already stored {len(self.already)}, dropped "
                     f"{len(self.duplicates)}, bad files {len(self.skipped)}; inputs "
                     f"processed {self.processed_inputs}, failed {self.failed_inputs}")
        return "\n".join(lines)


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
    batch (``batch_size``) at a time. A screenshot whose content did not change since the
    one kept before it is dropped (:class:`~mirix_like.desktop.dedup.NearDuplicateFilter`
    with ``similarity``; ``None`` keeps all). Hidden files and subfolders are ignored. With
    ``progress``, a progress bar, and a line on stderr for each file dropped or failed.
    """
    root = Path(folder)
    if not root.is_dir():
        raise InvalidInputError(f"{root} is not a folder")
    files = sorted(p for p in root.iterdir() if not p.name.startswith(".") and not p.is_dir())
    dedup = NearDuplicateFilter(similarity) if similarity is not None else None
    reader = None if memory.aio.backend.vision else ScreenReader()
    run = _Run(memory, user_id, _zone(tz), dedup, reader)
    size = memory.settings.batch_size
    try:
        with tqdm(total=len(files), unit="screenshot", disable=not progress) as bar:
            if progress:
                run.say = lambda line: bar.write(line, file=sys.stderr)
            for start in range(0, len(files), size):
                if run.store(files[start:start + size], bar):
                    bar.set_postfix_str("remembering")
                    run.flush()
                    bar.set_postfix_str("")
    finally:
        if reader is not None:
            reader.close()
    return run.report


class _Run:
    """One ingest run: what it decided so far, and the screenshot new ones are compared to."""

    def __init__(self, memory: MemorySystem, user_id: str, zone: tzinfo | None,
                 dedup: NearDuplicateFilter | None, reader: ScreenReader | None) -> None:
        self.memory, self.user_id, self.zone = memory, user_id, zone
        self.dedup, self.reader = dedup, reader
        self.report = FolderReport()
        self.say: Callable[[str], object] | None = None
        self.names: dict[str, str] = {}  # input id -> file name, for the failures
        self.stored_before: Path | None = None  # the last file an earlier run stored
        self.kept_before = ""  # the file the next one is compared to

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
        fresh: list[tuple[RawInput, Future[ScreenText | None] | None]] = []
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
                with Image.open(str(raw.image_path)) as copy:
                    image = copy.convert("RGB")
            except (InvalidInputError, OSError) as exc:
                self._skip(path, str(exc))
                continue
            known.add(input_id)
            decision = self._decide(image)
            if not decision.new:
                Path(str(raw.image_path)).unlink(missing_ok=True)
                self._drop(path, f"{decision.reason.removesuffix('the last kept screen')}"
                                 f"{self.kept_before}")
                continue
            self.kept_before = path.name
            text = self.reader.read(image, decision.boxes) if self.reader else None
            fresh.append((raw.model_copy(update={"id": input_id}), text))
            self.names[input_id] = path.name
            self.report.ingested.append(path.name)
        inputs = [raw if text is None else raw.model_copy(update={"text": _text(text)})
                  for raw, text in fresh]
        self.memory.store.add_inputs(inputs)
        return len(inputs)

    def flush(self) -> None:
        """Turn the pending inputs into memories."""
        changes = self.memory.flush(self.user_id)
        self.report.processed_inputs += len(changes.processed_inputs)
        self.report.failed_inputs += len(changes.failed_inputs)
        self.report.errors += changes.errors
        for raw in self.memory.store.inputs(self.user_id, ids=changes.failed_inputs):
            name = self.names.get(raw.id) or raw.metadata.get("file_name") or raw.id
            failure = SkippedFile(file=str(name), reason=raw.error or "failed")
            self.report.failed.append(failure)
            if self.say is not None:
                self.say(f"failed {failure.file}: {failure.reason}")

    def _skip(self, path: Path, reason: str) -> None:
        self.report.skipped.append(SkippedFile(file=path.name, reason=reason))

    def _drop(self, path: Path, reason: str) -> None:
        self.report.duplicates.append(SkippedFile(file=path.name, reason=reason))
        if self.say is not None:
            self.say(f"dropped {path.name}: {reason}")

    def _decide(self, image: Image.Image) -> Decision:
        """Whether the screenshot is new.

        After files an earlier run stored, the last of them is what a new one is compared to,
        so a resumed run drops the same screenshots as an uninterrupted one.
        """
        if self.dedup is None:
            return Decision(True, "kept: no filter")
        if self.stored_before is not None:
            with suppress(OSError), Image.open(self.stored_before) as before:
                self.dedup.remember(before)
                self.kept_before = self.stored_before.name
                if self.reader is not None:
                    self.reader.forget()  # its text is stored; the next one is read whole
            self.stored_before = None
        return self.dedup.decide(image)


def _text(reading: Future[ScreenText | None]) -> str:
    read = reading.result()
    return read.text if read is not None else ""
