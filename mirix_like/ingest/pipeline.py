"""From pending inputs to memories: claim, roll back, read, route, write, mark, clean up.

Failure is per input, never per queue. An image that is gone or cannot be read fails alone
before any model sees the batch. When the model fails on a batch of several inputs, the
batch is undone and its inputs are processed one by one, so only the input the model cannot
handle fails; when the model server itself is unreachable (or refuses every request), the
batch fails at once with that error instead of being retried input by input. An input the
model answers but cannot turn into valid tool calls is processed by the offline rules when a
``fallback`` is given: it ends processed, its memories say ``made_by: offline rules`` and its
``error`` keeps why, until ``retry(with_model=True)`` redoes it with the model.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import openai
from autogen_core import Image

from mirix_like.agents.batch import Batch
from mirix_like.agents.meta import MetaMemoryManager
from mirix_like.errors import InvalidInputError, ModelOutputError
from mirix_like.ingest.report import ChangeReport
from mirix_like.ingest.writer import BatchWriter
from mirix_like.inputs import read_image
from mirix_like.store import MemoryStore, RawInput
from mirix_like.store.filters import check_user_id
from mirix_like.vision.ocr import read_screen

NOTHING_FOUND = "no memory manager found anything in it worth storing"
FALLBACK = "offline rules"
FALLBACK_NOTE = f"processed by the {FALLBACK}: the model failed on it: "
# Statuses after which every request to the server fails alike: a key, a model or a server
# that is not there, a quota spent, an overload that outlasted the retries.
SERVER_WIDE = frozenset({401, 403, 404, 429})


def server_unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` comes from a model server that cannot answer any request now."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, openai.APIConnectionError | TimeoutError):
            return True
        if isinstance(current, openai.APIStatusError):
            return current.status_code in SERVER_WIDE or current.status_code >= 500
        current = current.__cause__ or current.__context__
    return False


def describe(exc: BaseException) -> str:
    """An error as an input keeps it: its type and message."""
    return f"{type(exc).__name__}: {exc}"


class IngestPipeline:
    """Turns the pending inputs of a user into memories, ``batch_size`` at a time."""

    def __init__(self, store: MemoryStore, meta: MetaMemoryManager, *, vision: bool,
                 batch_size: int, keep_images: bool,
                 fallback: MetaMemoryManager | None = None) -> None:
        self.store = store
        self.meta = meta
        self.fallback = fallback
        self.vision = vision
        self.batch_size = batch_size
        self.keep_images = keep_images
        self._locks: dict[str, asyncio.Lock] = {}

    async def flush(self, user_id: str) -> ChangeReport:
        """Process every pending input of ``user_id``; each ends processed or failed.

        One flush per user runs at a time, across threads and processes sharing the store.
        """
        check_user_id(user_id)
        report = ChangeReport()
        async with self._locks.setdefault(user_id, asyncio.Lock()):
            store_lock = self.store.user_lock(user_id)
            await asyncio.to_thread(store_lock.__enter__)
            try:
                pending = await asyncio.to_thread(self.store.inputs, user_id, status="pending")
                for start in range(0, len(pending), self.batch_size):
                    chunk = pending[start:start + self.batch_size]
                    report.merge(await self._process(user_id, chunk))
            finally:
                store_lock.__exit__(None, None, None)
        return report

    async def retry(self, user_id: str, *, with_model: bool = False) -> ChangeReport:
        """Process the failed inputs of ``user_id`` again (with any still pending); with
        ``with_model``, also those the offline rules processed for a failing model."""
        check_user_id(user_id)
        again = await asyncio.to_thread(self.store.inputs, user_id, status="failed")
        if with_model:
            processed = await asyncio.to_thread(self.store.inputs, user_id, status="processed")
            again += [raw for raw in processed if (raw.error or "").startswith(FALLBACK_NOTE)]
        # Each keeps the batch it was claimed by: flush undoes that batch's memories first.
        await asyncio.to_thread(self.store.set_input_status, user_id,
                                [raw.id for raw in again], "pending")
        return await self.flush(user_id)

    async def _process(self, user_id: str, inputs: list[RawInput]) -> ChangeReport:
        # An input still claimed by an earlier update was interrupted (a crash): undo that
        # update's changes first, so redoing the input cannot duplicate its memories.
        for stale in sorted({raw.batch_id for raw in inputs if raw.batch_id}):
            await asyncio.to_thread(self.store.rollback, user_id, stale)
        report = ChangeReport()
        readable: list[RawInput] = []
        images: dict[str, Image] = {}
        for raw in inputs:
            try:
                read, image = await asyncio.to_thread(self._read, raw)
            except Exception as exc:  # a vanished or broken image fails on its own
                report.merge(await self._fail(user_id, [raw], exc))
                continue
            readable.append(read)
            if image is not None:
                images[raw.id] = image
        if readable:
            outcome, _ = await self._run(user_id, readable, images, split=True)
            report.merge(outcome)
        return report

    def _read(self, raw: RawInput) -> tuple[RawInput, Image | None]:
        """The input as the model gets it: an image's picture, or its text read by OCR."""
        if raw.kind != "image" or not raw.image_path or (raw.text and not self.vision):
            return raw, None
        path = Path(raw.image_path)
        name = raw.metadata.get("file_name") or path.name
        if not path.is_file():
            if raw.text:  # read when it was captured: the text is what matters
                return raw, None
            raise InvalidInputError(f"image {name} is gone: it was removed before processing")
        # Checked again as at add: the file may have been replaced since (by garbage, by a
        # picture over the pixel limit). The user knows the file by its name, not ours.
        picture = read_image(path, f"image {name}")
        if self.vision:
            return raw, Image(picture)
        return raw.model_copy(update={"text": read_screen(picture).text}), None

    async def _run(self, user_id: str, inputs: list[RawInput], images: dict[str, Image], *,
                   split: bool, meta: MetaMemoryManager | None = None,
                   note: str | None = None) -> tuple[ChangeReport, BaseException | None]:
        """One memory update over ``inputs``; on a model failure, undone and reported."""
        writer = BatchWriter(self.store, user_id, inputs,
                             made_by=FALLBACK if meta is self.fallback else None)
        ids = [raw.id for raw in inputs]
        await asyncio.to_thread(self.store.claim_inputs, user_id, ids, writer.batch_id)
        try:
            await (meta or self.meta).process(Batch(inputs, writer, images))
        except Exception as exc:  # keep the inputs, say why, let retry() redo them
            await asyncio.to_thread(self.store.rollback, user_id, writer.batch_id)
            if split and len(inputs) > 1 and not server_unavailable(exc):
                await asyncio.to_thread(self.store.claim_inputs, user_id, ids, None)
                return await self._one_by_one(user_id, inputs, images), None
            if self.fallback is not None and meta is None and isinstance(exc, ModelOutputError):
                await asyncio.to_thread(self.store.claim_inputs, user_id, ids, None)
                return await self._run(user_id, inputs, images, split=False,
                                       meta=self.fallback, note=FALLBACK_NOTE + describe(exc))
            failed = await self._fail(user_id, inputs, exc)
            failed.routed = writer.report.routed
            return failed, exc
        await asyncio.to_thread(self.store.set_input_status, user_id, ids, "processed", note)
        report = writer.report
        report.processed_inputs = ids
        if note:
            report.fallback_inputs = dict.fromkeys(ids, note)
        reason = "; ".join(dict.fromkeys(writer.reasons)) or NOTHING_FOUND
        report.nothing_stored = {i: reason for i in ids if i not in writer.cited}
        if not self.keep_images:
            for raw in inputs:
                if raw.image_path:
                    Path(raw.image_path).unlink(missing_ok=True)
        return report, None

    async def _one_by_one(self, user_id: str, inputs: Sequence[RawInput],
                          images: dict[str, Image]) -> ChangeReport:
        report = ChangeReport()
        for n, raw in enumerate(inputs):
            alone = {raw.id: images[raw.id]} if raw.id in images else {}
            outcome, exc = await self._run(user_id, [raw], alone, split=False)
            report.merge(outcome)
            if exc is not None and server_unavailable(exc):  # the rest would fail alike
                report.merge(await self._fail(user_id, list(inputs[n + 1:]), exc))
                break
        return report

    async def _fail(self, user_id: str, inputs: list[RawInput],
                    exc: BaseException) -> ChangeReport:
        ids = [raw.id for raw in inputs]
        if not ids:
            return ChangeReport()
        message = describe(exc)
        await asyncio.to_thread(self.store.claim_inputs, user_id, ids, None)
        await asyncio.to_thread(self.store.set_input_status, user_id, ids, "failed", message)
        return ChangeReport(failed_inputs=ids, errors=[message])
