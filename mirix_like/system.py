"""The orchestration API: ``AsyncMemorySystem`` (the core) and ``MemorySystem`` (its sync face)."""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections import deque
from collections.abc import Callable, Coroutine, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
from autogen_core import Image

from mirix_like import memory_types
from mirix_like.agents.batch import Batch, ChangeReport
from mirix_like.agents.chat import ChatAgent, ChatResponse
from mirix_like.agents.manager import MemoryManager
from mirix_like.agents.meta import MetaMemoryManager
from mirix_like.config import Settings, load_settings
from mirix_like.embedders import make_embedder
from mirix_like.errors import InvalidInputError
from mirix_like.inputs import ImageLike, Message, check_text, image_to_input, messages_to_inputs
from mirix_like.memory_types.base import MemoryItem
from mirix_like.models import ModelBackend, make_backend
from mirix_like.offline.rules import redact
from mirix_like.store import (
    HistoryEntry,
    InputStatus,
    MemoryStore,
    RawInput,
    SearchHit,
    SearchMethod,
)
from mirix_like.store.backup import ExportSummary, export_store, import_store
from mirix_like.store.filters import check_user_id
from mirix_like.vision.ocr import read_text

T = TypeVar("T")
RECENT_TURNS = 10
# These loggers write whole prompts (memories, secrets included) at INFO and DEBUG.
MODEL_LOGGERS = ("autogen_core.events", "autogen_core.trace", "autogen_agentchat.events",
                 "openai", "httpx")


def quiet_model_loggers() -> None:
    """Keep prompts out of the logs: the model libraries' loggers log warnings only."""
    for name in MODEL_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)


class AsyncMemorySystem:
    """Memory for many users: ``add`` inputs, ``chat`` with active retrieval, manage items.

    Built from :class:`Settings` (or keyword overrides of them); ``store`` and
    ``model_backend`` may be given ready-made. Every input is stored as raw input before any
    model sees it.
    """

    def __init__(self, settings: Settings | None = None, *, store: MemoryStore | None = None,
                 model_backend: ModelBackend | None = None, **overrides: Any) -> None:
        self.settings = settings or load_settings(**overrides)
        self.store = store or MemoryStore(
            self.settings.store_uri,
            embedder=make_embedder(self.settings.embedder, **self.settings.embedder_options),
            storage_options=self.settings.storage_options,
            secret_key_file=self.settings.secret_key_file,
        )
        self.backend = model_backend or make_backend(self.settings)
        if not self.settings.log_model_events:
            quiet_model_loggers()
        client, vision = self.backend.client, self.backend.vision
        attempts = self.settings.max_retries + 1
        managers = {spec.name: MemoryManager(spec, client, vision=vision, attempts=attempts)
                    for spec in memory_types.all_types()}
        self.meta = MetaMemoryManager(client, managers, vision=vision, attempts=attempts)
        self.chat_agent = ChatAgent(self.store, client, retrieval=self.settings.retrieval,
                                    topic_mode=self._topic_mode(), remember=self._remember)
        self._recent: dict[str, deque[str]] = {}
        self._user_locks: dict[str, asyncio.Lock] = {}

    def _topic_mode(self) -> Any:
        return "keywords" if self.backend.name == "offline" else self.settings.topic_extraction

    @property
    def image_dir(self) -> Path:
        """Where images are kept until they are processed: beside a local store by default."""
        if self.settings.image_dir:
            return Path(self.settings.image_dir)
        if "://" not in self.settings.store_uri:
            return Path(self.settings.store_uri) / "images"
        return Path(platformdirs.user_data_dir("mirix-like")) / "images"

    # ----------------------------------------------------------------- adding memory

    async def add(
        self,
        content: str | Message | Sequence[Message] | None = None,
        *,
        user_id: str,
        images: Sequence[ImageLike] = (),
        occurred_at: datetime | str | None = None,
        metadata: Mapping[str, Any] | None = None,
        flush: bool = False,
    ) -> ChangeReport:
        """Accept a text, message(s) and/or images for ``user_id``.

        Inputs are stored at once as pending; they are turned into memories when the user's
        pending inputs reach ``batch_size``, or now when ``flush`` is true.
        """
        if isinstance(images, str | Path) or not isinstance(images, Sequence):
            raise InvalidInputError("images must be a list of paths or PIL images")
        inputs: list[RawInput] = []
        if content is not None:
            inputs += messages_to_inputs(content, user_id=user_id, occurred_at=occurred_at,
                                         metadata=metadata)
        inputs += [image_to_input(image, user_id=user_id, image_dir=self.image_dir,
                                  occurred_at=occurred_at, metadata=metadata)
                   for image in images]
        if not inputs:
            raise InvalidInputError("add needs content or images")
        stored = await asyncio.to_thread(self.store.add_inputs, inputs)
        pending = await asyncio.to_thread(self.store.inputs, user_id, status="pending")
        if flush or len(pending) >= self.settings.batch_size:
            return await self.flush(user_id)
        return ChangeReport(pending_inputs=[raw.id for raw in stored if raw.status == "pending"])

    async def flush(self, user_id: str) -> ChangeReport:
        """Turn every pending input of ``user_id`` into memories, a batch at a time.

        One flush per user runs at a time, across threads and processes sharing the store.
        """
        check_user_id(user_id)
        report = ChangeReport()
        async with self._user_locks.setdefault(user_id, asyncio.Lock()):
            store_lock = self.store.user_lock(user_id)
            await asyncio.to_thread(store_lock.__enter__)
            try:
                pending = await asyncio.to_thread(self.store.inputs, user_id, status="pending")
                size = self.settings.batch_size
                for start in range(0, len(pending), size):
                    report.merge(await self._process(user_id, pending[start:start + size]))
            finally:
                store_lock.__exit__(None, None, None)
        return report

    async def _readable(self, raw: RawInput) -> RawInput:
        """An image input with its text read by OCR when the model cannot see images."""
        if raw.kind != "image" or raw.text or self.backend.vision or not raw.image_path:
            return raw
        text = await asyncio.to_thread(read_text, raw.image_path)
        return raw.model_copy(update={"text": text})

    async def _process(self, user_id: str, inputs: list[RawInput]) -> ChangeReport:
        inputs = [await self._readable(raw) for raw in inputs]
        images = {raw.id: Image.from_file(Path(raw.image_path)) for raw in inputs
                  if raw.image_path and self.backend.vision and Path(raw.image_path).is_file()}
        batch = Batch(user_id=user_id, inputs=inputs, store=self.store, images=images)
        ids = batch.input_ids
        # An input still claimed by an earlier update was interrupted (a crash): undo that
        # update's changes first, so redoing the input cannot duplicate its memories.
        for stale in sorted({raw.batch_id for raw in inputs if raw.batch_id}):
            await asyncio.to_thread(self.store.rollback, user_id, stale)
        await asyncio.to_thread(self.store.claim_inputs, user_id, ids, batch.id)
        try:
            await self.meta.process(batch)
        except Exception as exc:  # any failure: keep the inputs, say why, let retry() redo them
            message = f"{type(exc).__name__}: {exc}"
            await asyncio.to_thread(self.store.rollback, user_id, batch.id)
            await asyncio.to_thread(self.store.claim_inputs, user_id, ids, None)
            await asyncio.to_thread(self.store.set_input_status, user_id, ids, "failed", message)
            failed = ChangeReport(failed_inputs=ids, errors=[message], routed=batch.report.routed)
            return failed
        await asyncio.to_thread(self.store.set_input_status, user_id, ids, "processed")
        batch.report.processed_inputs = ids
        if not self.settings.keep_images:
            for raw in inputs:
                if raw.image_path:
                    Path(raw.image_path).unlink(missing_ok=True)
        return batch.report

    async def retry(self, user_id: str) -> ChangeReport:
        """Process the failed inputs of ``user_id`` again."""
        failed = await asyncio.to_thread(self.store.inputs, user_id, status="failed")
        await asyncio.to_thread(self.store.set_input_status, user_id,
                                [raw.id for raw in failed], "pending")
        return await self.flush(user_id)

    async def pending(self, user_id: str | None = None, *,
                      reveal_secrets: bool = False) -> list[RawInput]:
        """Inputs accepted but not yet processed (of every user when ``user_id`` is None).

        Credentials, keys and account numbers in their text are redacted unless asked for.
        """
        return await self._inputs(user_id, "pending", reveal_secrets)

    async def failed(self, user_id: str | None = None, *,
                     reveal_secrets: bool = False) -> list[RawInput]:
        """Inputs whose processing failed, with the error (of every user when None)."""
        return await self._inputs(user_id, "failed", reveal_secrets)

    async def _inputs(self, user_id: str | None, status: InputStatus,
                      reveal_secrets: bool) -> list[RawInput]:
        found = await asyncio.to_thread(self.store.inputs, user_id, status=status)
        if reveal_secrets:
            return found
        return [raw.model_copy(update={"text": redact(raw.text)}) for raw in found]

    async def _remember(self, user_id: str, statement: str) -> str:
        report = await self.add({"role": "user", "content": statement}, user_id=user_id,
                                flush=True)
        if report.errors:
            return f"could not store it yet ({report.errors[-1]}); it is kept for retry"
        changed = {k: len(v) for k, v in {**report.created, **report.updated}.items()}
        return f"remembered: {changed}"

    # ----------------------------------------------------------------- chat and retrieval

    async def chat(self, message: str, *, user_id: str) -> ChatResponse:
        """Answer ``message`` from the memory of ``user_id`` (active retrieval first)."""
        check_user_id(user_id)
        check_text(message, "message")
        recent = self._recent.setdefault(user_id, deque(maxlen=RECENT_TURNS))
        response = await self.chat_agent.answer(message, user_id, list(recent))
        recent.extend([f"user: {message}", f"assistant: {response.answer}"])
        return response

    async def search(
        self, query: str, *, user_id: str, memory_types: Sequence[str] | None = None,
        method: SearchMethod = "hybrid", limit: int = 10, **filters: Any,
    ) -> list[SearchHit]:
        """Search the memory of ``user_id``; see :meth:`MemoryStore.search` for the filters."""
        return await asyncio.to_thread(
            functools.partial(self.store.search, query, user_id, memory_types=memory_types,
                              method=method, limit=limit, **filters))

    async def get(self, memory_type: str, item_id: str, *, user_id: str,
                  reveal_secrets: bool = False) -> MemoryItem:
        """One item by id; secret values are masked unless ``reveal_secrets``."""
        return await asyncio.to_thread(self.store.get, memory_type, user_id, item_id,
                                       reveal_secrets=reveal_secrets)

    async def list(self, memory_type: str, *, user_id: str, limit: int = 100,
                   **filters: Any) -> list[MemoryItem]:
        """The most recent items of one type, newest first."""
        return await asyncio.to_thread(
            functools.partial(self.store.list, memory_type, user_id, limit=limit, **filters))

    async def update(self, memory_type: str, item_id: str, changes: Mapping[str, Any], *,
                     user_id: str) -> MemoryItem:
        """Change fields of one item; the old value stays in its history."""
        return await asyncio.to_thread(self.store.update, memory_type, user_id, item_id,
                                       changes, actor="user")

    async def delete(self, memory_type: str, item_ids: str | Sequence[str], *,
                     user_id: str) -> list[str]:
        """Delete items by id; returns the ids that existed. Recoverable from the history."""
        ids = [item_ids] if isinstance(item_ids, str) else item_ids
        return await asyncio.to_thread(self.store.delete, memory_type, user_id, ids,
                                       actor="user")

    async def history(self, item_id: str, *, user_id: str) -> list[HistoryEntry]:
        """Every change to one item, oldest first."""
        return await asyncio.to_thread(self.store.history, user_id, item_id)

    async def restore(self, history_id: str, *, user_id: str) -> MemoryItem:
        """Undo one change: put the item back as it was before history entry ``history_id``."""
        if not isinstance(history_id, str) or not history_id:
            raise InvalidInputError("history_id must be a non-empty string")
        return await asyncio.to_thread(self.store.restore, user_id, history_id, actor="user")

    async def export(self, directory: str | Path, *, user_id: str | None = None,
                     include_secrets: bool = False) -> ExportSummary:
        """Write memories, raw inputs and history as JSONL files (every user when None)."""
        if not isinstance(directory, str | Path) or not str(directory):
            raise InvalidInputError("the export directory must be a path")
        return await asyncio.to_thread(export_store, self.store, Path(directory),
                                       user_id=user_id, include_secrets=include_secrets)

    async def import_(self, directory: str | Path) -> ExportSummary:
        """Merge an export into this store; items already present are not duplicated."""
        if not isinstance(directory, str | Path) or not str(directory):
            raise InvalidInputError("the import directory must be a path")
        return await asyncio.to_thread(import_store, self.store, Path(directory))

    async def close(self) -> None:
        """Release the model client."""
        await self.backend.client.close()

    async def __aenter__(self) -> AsyncMemorySystem:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class _LoopThread:
    """An event loop in a daemon thread that runs coroutines for synchronous callers."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                       name="mirix-like-loop")
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


def _sync(name: str) -> Callable[..., Any]:
    coroutine_function = getattr(AsyncMemorySystem, name)

    @functools.wraps(coroutine_function)
    def method(self: MemorySystem, *args: Any, **kwargs: Any) -> Any:
        return self._loop.run(getattr(self.aio, name)(*args, **kwargs))

    return method


class MemorySystem:
    """The synchronous face of :class:`AsyncMemorySystem`: same methods, same arguments."""

    def __init__(self, settings: Settings | None = None, **kwargs: Any) -> None:
        self._loop = _LoopThread()
        self.aio = self._loop.run(_build(settings, **kwargs))

    @property
    def store(self) -> MemoryStore:
        """The underlying store."""
        return self.aio.store

    @property
    def settings(self) -> Settings:
        """The settings in force."""
        return self.aio.settings

    add = _sync("add")
    flush = _sync("flush")
    retry = _sync("retry")
    pending = _sync("pending")
    failed = _sync("failed")
    chat = _sync("chat")
    search = _sync("search")
    get = _sync("get")
    list = _sync("list")
    update = _sync("update")
    delete = _sync("delete")
    history = _sync("history")
    restore = _sync("restore")
    export = _sync("export")
    import_ = _sync("import_")

    def close(self) -> None:
        """Release the model client and stop the background loop."""
        self._loop.run(self.aio.close())
        self._loop.stop()

    def __enter__(self) -> MemorySystem:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


async def _build(settings: Settings | None, **kwargs: Any) -> AsyncMemorySystem:
    return AsyncMemorySystem(settings, **kwargs)
