"""The orchestration API: ``AsyncMemorySystem`` (the core) and ``MemorySystem`` (its sync face)."""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import threading
from collections import deque
from collections.abc import Callable, Coroutine, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from mirix_like import memory_types
from mirix_like.agents.chat import ChatAgent, ChatResponse
from mirix_like.agents.manager import MemoryManager
from mirix_like.agents.meta import MetaMemoryManager
from mirix_like.config import Settings, load_settings
from mirix_like.errors import InvalidInputError
from mirix_like.ingest.pipeline import IngestPipeline
from mirix_like.ingest.report import ChangeReport
from mirix_like.inputs import ImageLike, Message, call_inputs, check_text
from mirix_like.memory_types.base import MemoryItem, new_id
from mirix_like.models import ModelBackend, make_backend, offline_backend
from mirix_like.retrieval.active import MAX_CONTEXT_TOKENS, Context
from mirix_like.retrieval.budget import BLOCK_TOKENS
from mirix_like.secrets import redact
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

T = TypeVar("T")
RECENT_TURNS = 10
SEARCH_FILTERS = tuple(
    name for name, parameter in inspect.signature(MemoryStore.search).parameters.items()
    if parameter.kind is parameter.KEYWORD_ONLY and name not in ("memory_types", "method", "limit"))
"""The filters :meth:`AsyncMemorySystem.search` passes on to :meth:`MemoryStore.search`."""
# These loggers write whole prompts (memories, secrets included) at INFO and DEBUG.
MODEL_LOGGERS = ("autogen_core.events", "autogen_core.trace", "autogen_agentchat.events",
                 "openai", "httpx")


def quiet_model_loggers() -> None:
    """Keep prompts out of the logs: the model libraries' loggers log warnings only."""
    for name in MODEL_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)


def _meta_manager(backend: ModelBackend, *, attempts: int) -> MetaMemoryManager:
    """The meta memory manager and one manager per memory type, on ``backend``."""
    managers = {spec.name: MemoryManager(spec, backend.client, vision=backend.vision,
                                         attempts=attempts)
                for spec in memory_types.all_types()}
    return MetaMemoryManager(backend.client, managers, vision=backend.vision, attempts=attempts)


def _offline_answer(question: str, memories: list[str]) -> str:
    """The offline rules' answer, for a model that gave no usable reply."""
    from mirix_like.offline.answer import answer  # loads dateparser: only when needed

    return answer(question, memories)


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
            embedder=self.settings.make_embedder(),
            storage_options=self.settings.storage_options,
            secret_key_file=self.settings.secret_key_file,
        )
        self.backend = model_backend or make_backend(self.settings)
        if not self.settings.log_model_events:
            quiet_model_loggers()
        client, vision = self.backend.client, self.backend.vision
        self.meta = _meta_manager(self.backend, attempts=self.settings.max_retries + 1)
        fallback = (_meta_manager(offline_backend(announce=False), attempts=1)
                    if self.settings.offline_fallback and not self.backend.capabilities.rule_based
                    else None)
        self.ingest = IngestPipeline(self.store, self.meta, vision=vision,
                                     batch_size=self.settings.batch_size,
                                     keep_images=self.settings.keep_images, fallback=fallback)
        self.chat_agent = ChatAgent(self.store, client, retrieval=self.settings.retrieval,
                                    topic_mode=self._topic_mode(), remember=self._remember,
                                    fallback_answer=_offline_answer)
        self._recent: dict[str, deque[str]] = {}

    def _topic_mode(self) -> Any:
        return ("keywords" if self.backend.capabilities.rule_based
                else self.settings.topic_extraction)

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
        pending inputs reach ``batch_size``, or now when ``flush`` is true. A call with any
        invalid part (a message, an unreadable image) raises :class:`InvalidInputError` and
        stores none of its inputs.
        """
        inputs = call_inputs(content, images, user_id=user_id, occurred_at=occurred_at,
                             metadata=metadata, image_dir=self.image_dir)
        stored = await asyncio.to_thread(self.store.add_inputs, inputs)
        pending = await asyncio.to_thread(self.store.inputs, user_id, status="pending")
        if flush or len(pending) >= self.settings.batch_size:
            return await self.flush(user_id)
        return ChangeReport(pending_inputs=[raw.id for raw in stored if raw.status == "pending"])

    async def flush(self, user_id: str) -> ChangeReport:
        """Turn every pending input of ``user_id`` into memories, a batch at a time.

        Each input ends processed (the report says why when nothing was stored from it) or
        failed alone, with its error; one flush per user runs at a time.
        """
        return await self.ingest.flush(user_id)

    async def retry(self, user_id: str, *, with_model: bool = False) -> ChangeReport:
        """Process the failed inputs of ``user_id`` again; ``with_model`` also redoes, with
        the model, the inputs the offline rules processed when the model failed on them
        (their memories are undone first)."""
        return await self.ingest.retry(user_id, with_model=with_model)

    async def pending(self, user_id: str | None = None, *,
                      reveal_secrets: bool = False) -> list[RawInput]:
        """Inputs accepted but not yet processed (of every user when ``user_id`` is None).

        Credentials, keys and account numbers in their text (and in a failed input's error)
        are redacted unless asked for.
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
        return [raw.model_copy(update={"text": redact(raw.text),
                                       "error": raw.error and redact(raw.error)})
                for raw in found]

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

    async def context(self, query: str, *, user_id: str, max_tokens: int = BLOCK_TOKENS
                      ) -> Context:
        """What active retrieval would put in a chat prompt for ``query``, for apps that
        bring their own model: ``text`` (at most ``max_tokens`` estimated tokens, see the
        README), the ``items`` in it with their types, and their ``source_ids``."""
        check_user_id(user_id)
        check_text(query, "query")
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or not (
                1 <= max_tokens <= MAX_CONTEXT_TOKENS):
            raise InvalidInputError(f"max_tokens must be an integer from 1 to "
                                    f"{MAX_CONTEXT_TOKENS}")
        recent = list(self._recent.get(user_id, ()))
        return await self.chat_agent.recall(query, user_id, recent, max_tokens=max_tokens)

    async def search(
        self, query: str, *, user_id: str, memory_types: Sequence[str] | None = None,
        method: SearchMethod = "hybrid", limit: int = 10, **filters: Any,
    ) -> list[SearchHit]:
        """The ``limit`` best hits in the memory of ``user_id``, across the types asked for;
        see :meth:`MemoryStore.search` for the filters.

        ``hybrid`` (the default) ranks as a chat context does (see
        :meth:`ActiveRetrieval.search`); the other methods are the store's own. An unknown
        keyword raises :class:`TypeError` naming the ones accepted."""
        if unknown := sorted(set(filters) - set(SEARCH_FILTERS)):
            raise TypeError(f"search() got unexpected keyword argument(s) {', '.join(unknown)}; "
                            f"it takes memory_types, method, limit and the filters "
                            f"{', '.join(SEARCH_FILTERS)}")
        if method == "hybrid":
            return await asyncio.to_thread(functools.partial(
                self.chat_agent.active.search, user_id, query, types=memory_types,
                limit=limit, **filters))
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

    async def insert(self, memory_type: str, items: Sequence[Mapping[str, Any] | MemoryItem],
                     *, user_id: str) -> list[MemoryItem]:
        """Store already-structured items as given, without a model (mem0's ``infer=False``).

        Validated like every write (if one item is invalid, none is stored), each change
        recorded in the history under one batch id, written in chunks; returns the items.
        """
        return await asyncio.to_thread(self.store.insert, memory_type, user_id, items,
                                       actor="user", batch_id=new_id())

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
                                       user_id=user_id, include_secrets=include_secrets,
                                       image_dir=self.image_dir)

    async def import_(self, directory: str | Path) -> ExportSummary:
        """Merge an export into this store; items already present are not duplicated."""
        if not isinstance(directory, str | Path) or not str(directory):
            raise InvalidInputError("the import directory must be a path")
        return await asyncio.to_thread(import_store, self.store, Path(directory),
                                       image_dir=self.image_dir)

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
    context = _sync("context")
    search = _sync("search")
    get = _sync("get")
    list = _sync("list")
    insert = _sync("insert")
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
