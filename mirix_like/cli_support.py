"""What the ``mirix-like`` commands share: exit codes, opening a store, and readable output.

Only the standard library, typer and :mod:`mirix_like.errors` are imported here at module
level; the library itself is imported by the functions that use it, so ``mirix-like --help``
starts fast and ``search`` never loads the model libraries.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from typer.core import TyperCommand

from mirix_like.errors import ItemNotFoundError, MirixLikeError, ModelError

if TYPE_CHECKING:
    import asyncio

    from mirix_like.config import Settings
    from mirix_like.ingest.report import ChangeReport
    from mirix_like.store import HistoryEntry, MemoryStore, RawInput, SearchHit
    from mirix_like.system import AsyncMemorySystem

FAILED, INVALID, NOT_FOUND, INTERRUPTED = 1, 2, 3, 130
EXIT_CODES = (
    "Exit codes: 0 done; 1 an input could not be processed or the model backend failed (the "
    "input is kept: see `mirix-like failed` and `mirix-like retry`); 2 invalid input, option "
    "or setting; 3 not found: no store at --store, an unknown item or history id, or nothing "
    "matched a delete; 130 interrupted (Ctrl-C)."
)
CHUNK_CHARS = 8_000
"""A longer text (a file, stdin) is stored as several inputs of at most this many characters,
split at paragraph and sentence boundaries, so each fits in a model's prompt."""
NOTICE_MARK = ".offline-notice-shown"
"""A file in a local store saying the offline-backend notice was shown for it."""


# ----------------------------------------------------------------- errors and exit codes


def fail(message: str, code: int) -> NoReturn:
    """Print ``error: message`` on stderr and exit with ``code``."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def exit_code(exc: MirixLikeError) -> int:
    """The exit code for a library error (see :data:`EXIT_CODES`)."""
    if isinstance(exc, ItemNotFoundError):
        return NOT_FOUND
    if isinstance(exc, ModelError):
        return FAILED
    return INVALID


@contextmanager
def reported_errors(interrupted: str = "interrupted") -> Iterator[None]:
    """Library errors become one line on stderr and their exit code; Ctrl-C exits 130."""
    try:
        yield
    except MirixLikeError as exc:
        fail(str(exc), exit_code(exc))
    except KeyboardInterrupt:
        typer.echo(f"\n{interrupted}", err=True)
        raise typer.Exit(INTERRUPTED) from None


# ----------------------------------------------------------------- stores


def load(store: str | None) -> Settings:
    """The settings in force, with ``--store`` when given."""
    from mirix_like.config import load_settings

    return load_settings(store_uri=store)


def _is_store(path: Path) -> bool:
    """A local store is a LanceDB folder: it holds ``*.lance`` table folders."""
    return path.is_dir() and any(p.suffix == ".lance" and p.is_dir() for p in path.iterdir())


def _remote_store_exists(settings: Settings) -> bool:
    import lancedb

    try:
        db = lancedb.connect(settings.store_uri, storage_options=dict(settings.storage_options))
        return bool(db.list_tables(limit=1).tables)
    except (OSError, ValueError, RuntimeError) as exc:
        fail(f"cannot open store at {settings.store_uri}: {exc}", INVALID)


def check_store(settings: Settings, *, create: bool) -> None:
    """Refuse a store that does not exist unless ``create``; never create one silently.

    Only commands that accept input (``add``, ``import``, ``serve``, ...) create a store, and
    only in a new or empty folder: a folder holding other files is never turned into one.
    """
    from mirix_like.config import default_store_uri

    uri = settings.store_uri
    flag = "" if uri == default_store_uri() else f" --store {uri}"
    create_hint = (f"`mirix-like add TEXT{flag}` or `mirix-like import DIR{flag}` creates "
                   "one; check --store and MIRIX_LIKE_STORE_URI")
    if "://" in uri:
        if _remote_store_exists(settings):
            return
        if not create:
            fail(f"no store at {uri}: {create_hint}", NOT_FOUND)
        typer.echo(f"creating a new store at {uri}", err=True)
        return
    path = Path(uri)
    if _is_store(path):
        return
    if path.exists() and not path.is_dir():
        fail(f"{uri} is a file, not a store folder", INVALID)
    # Hidden entries are left by an interrupted start (the store's .locks) or by the system.
    holds_files = path.is_dir() and any(not p.name.startswith(".") for p in path.iterdir())
    if holds_files:
        fail(f"{uri} is not a mirix-like store (it holds other files); choose a new or empty "
             "folder for --store", NOT_FOUND if not create else INVALID)
    if not create:
        fail(f"no store at {uri}: nothing has been added there yet; {create_hint}", NOT_FOUND)
    typer.echo(f"creating a new store at {uri}", err=True)


class _OfflineNotice(logging.Filter):
    """Let the offline-backend notice through once per store, and only where a model is used."""

    def __init__(self, mark: Path | None, show: bool) -> None:
        super().__init__()
        self.mark, self.show = mark, show

    def filter(self, record: logging.LogRecord) -> bool:
        client = sys.modules.get("mirix_like.offline.client")
        if client is None or record.msg != client.OFFLINE_NOTICE:
            return True
        if not self.show or (self.mark is not None and self.mark.exists()):
            return False
        if self.mark is not None:
            with suppress(OSError):
                self.mark.touch()
        return True


def offline_notice(store_uri: str | None, *, show: bool) -> None:
    """Show the offline-backend notice only if ``show`` and not yet shown for this store."""
    local = store_uri is not None and "://" not in store_uri
    mark = Path(store_uri) / NOTICE_MARK if local else None
    logger = logging.getLogger("mirix_like")
    for old in [f for f in logger.filters if isinstance(f, _OfflineNotice)]:
        logger.removeFilter(old)
    logger.addFilter(_OfflineNotice(mark, show))


class Blocking:
    """An AsyncMemorySystem whose coroutine methods block, each run on one asyncio.Runner.

    Ctrl-C during a call cancels it the asyncio way (its tasks are cancelled and awaited, an
    interrupted batch is rolled back by the next flush) and raises KeyboardInterrupt: no
    "Task was destroyed" warnings, as a background event loop would leave.
    """

    def __init__(self, runner: asyncio.Runner, system: AsyncMemorySystem) -> None:
        self.runner, self.aio = runner, system

    def __getattr__(self, name: str) -> Any:
        import inspect

        found = getattr(self.aio, name)
        if not inspect.iscoroutinefunction(found):
            return found
        return lambda *args, **kwargs: self.runner.run(found(*args, **kwargs))


def prepared(store: str | None, *, create: bool, model: bool) -> Settings:
    """The settings for ``--store``, once the store is checked (see :func:`check_store`) and
    the offline notice set up for a command that does or does not use the ``model``."""
    settings = load(store)
    check_store(settings, create=create)
    offline_notice(settings.store_uri, show=model)
    return settings


@contextmanager
def memory(store: str | None, *, create: bool = False, model: bool = True,
           blocking: bool = True) -> Iterator[Any]:
    """The memory behind ``--store`` (which must exist unless ``create``), errors reported.

    ``model`` says whether the command uses the model backend (for the offline notice).
    Yields a :class:`Blocking` facade, or with ``blocking=False`` a MemorySystem (whose
    event loop runs in a thread, for code that calls it from several threads).
    """
    kept = ("interrupted; every input accepted is kept, and the next flush processes it "
            "(`mirix-like pending` lists them)")
    with reported_errors(kept if model else "interrupted"):
        settings = prepared(store, create=create, model=model)
        import asyncio

        from mirix_like.system import AsyncMemorySystem, MemorySystem

        if not blocking:
            with MemorySystem(settings) as system:
                yield system
            return
        with asyncio.Runner() as runner:
            facade = Blocking(runner, runner.run(_build(AsyncMemorySystem, settings)))
            try:
                yield facade
            finally:
                runner.run(facade.aio.close())


async def _build(kind: type[AsyncMemorySystem], settings: Settings) -> AsyncMemorySystem:
    return kind(settings)  # on the runner's loop, where its locks and clients will be used


@contextmanager
def store_only(store: str | None) -> Iterator[MemoryStore]:
    """The existing store behind ``--store``, without the agents and model libraries.

    Built as :class:`~mirix_like.system.AsyncMemorySystem` builds its own, for the read-only
    commands, which need no model and so skip importing autogen, openai and onnxruntime.
    """
    with reported_errors():
        yield _opened(prepared(store, create=False, model=False))


def _opened(settings: Settings) -> MemoryStore:
    """The store ``settings`` name, built as the library builds its own."""
    from mirix_like.store import MemoryStore

    return MemoryStore(settings.store_uri,
                       embedder=settings.make_embedder(),
                       storage_options=settings.storage_options,
                       secret_key_file=settings.secret_key_file)


def search_store(store: str | None, query: str, user: str, *, memory_types: list[str] | None,
                 method: str, limit: int) -> list[SearchHit]:
    """:meth:`MemorySystem.search` on the existing store behind ``--store``, without the
    agents: ``hybrid`` ranked as a chat context ranks (:meth:`ActiveRetrieval.search`)."""
    with reported_errors():
        settings = prepared(store, create=False, model=False)
        memory = _opened(settings)
        if method != "hybrid":
            return memory.search(query, user, memory_types=memory_types,
                                 method=method, limit=limit)  # type: ignore[arg-type]
        from mirix_like.retrieval.active import ActiveRetrieval

        return ActiveRetrieval(memory, settings.retrieval).search(
            user, query, types=memory_types, limit=limit)


TYPES = "{memory types}"
"""Stands in a command's help for the registered memory types, filled in when it is shown."""


class TypesInHelp(TyperCommand):
    """A command whose help names the registered memory types where it says :data:`TYPES`.

    Filled in when the help is shown, so no other command loads the registry to start.
    """

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:
        from mirix_like import memory_types

        known = ", ".join(memory_types.names())
        for param in self.params:
            if isinstance(help_text := getattr(param, "help", None), str):
                param.help = help_text.replace(TYPES, known)
        super().format_help(ctx, formatter)


def check_types(names: Iterable[str]) -> None:
    """Refuse an unknown memory type before opening anything, suggesting the closest one."""
    from difflib import get_close_matches

    from mirix_like import memory_types

    known = [spec.name for spec in memory_types.all_types()]
    for name in names:
        if name not in known:
            close = get_close_matches(name, known, n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            fail(f"unknown memory type {name!r}; {hint}expected one of: {', '.join(known)}",
                 INVALID)


# ----------------------------------------------------------------- text input


def read_text(source: str) -> tuple[str, str | None]:
    """The text of a file, or of stdin for ``-``, and the file's name (``None`` for stdin)."""
    if source == "-":
        if sys.stdin.isatty():
            typer.echo("reading the text from stdin; end it with Ctrl-D", err=True)
        data, name = sys.stdin.buffer.read(), None
    else:
        path = Path(source)
        if path.is_dir():
            fail(f"{source} is a folder, not a text file", INVALID)
        try:
            data, name = path.read_bytes(), path.name
        except OSError as exc:
            fail(f"cannot read {source}: {exc.strerror or exc}", INVALID)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        fail(f"{name or 'stdin'} is not UTF-8 text ({exc.reason} at byte {exc.start}); "
             "images go in with --image", INVALID)
    if not text.strip():
        fail(f"{name or 'stdin'} holds no text", INVALID)
    return text, name


def chunks(text: str) -> list[str]:
    """``text`` as one piece, or split at paragraphs and sentences when it is long."""
    if len(text) <= CHUNK_CHARS:
        return [text]
    from semantic_text_splitter import TextSplitter

    return TextSplitter(CHUNK_CHARS).chunks(text)


# ----------------------------------------------------------------- output


def emit(value: Any, as_json: bool, text: str) -> None:
    """``value`` as JSON with ``--json``, else ``text`` (nothing when it is empty)."""
    if as_json:
        typer.echo(json.dumps(value, ensure_ascii=False, indent=2, default=str))
    elif text:
        typer.echo(text)


def dump(items: Iterable[Any]) -> list[Any]:
    """Pydantic models as JSON-ready dicts."""
    return [item.model_dump(mode="json") for item in items]


def plural(n: int, word: str) -> str:
    """``1 input``, ``2 inputs``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def per_type(ids: Mapping[str, list[str]]) -> str:
    """``{"semantic": [a, b], "core": [c]}`` as ``1 core, 2 semantic``."""
    return ", ".join(f"{len(v)} {k}" for k, v in sorted(ids.items()) if v)


def describe_report(report: ChangeReport, user: str | None = None) -> str:
    """What an add, flush or retry did, in words."""
    changes = [f"{label} {per_type(ids)}" for label, ids in (
        ("new", report.created), ("updated", report.updated), ("deleted", report.deleted))
        if per_type(ids)]
    lines = []
    if report.processed_inputs:
        lines.append(f"processed {plural(len(report.processed_inputs), 'input')}: "
                     + ("; ".join(changes) or "no memory changed"))
    if report.nothing_stored:
        reasons = "; ".join(dict.fromkeys(report.nothing_stored.values()))
        lines.append(f"nothing stored from {plural(len(report.nothing_stored), 'input')}: "
                     f"{reasons}")
    if report.fallback_inputs:
        lines.append(f"{plural(len(report.fallback_inputs), 'input')} processed by the offline "
                     "rules because the model failed on them; `mirix-like retry --with-model` "
                     "redoes them with the model")
    if report.pending_inputs:
        flush = "mirix-like flush" + (f" --user {user}" if user else "")
        lines.append(f"{plural(len(report.pending_inputs), 'input')} pending: processed once "
                     f"a batch has gathered, or now with `{flush}`")
    if report.failed_inputs:
        lines.append(f"{plural(len(report.failed_inputs), 'input')} failed and kept for "
                     f"`mirix-like retry`: {'; '.join(dict.fromkeys(report.errors))}")
    return "\n".join(lines) or "nothing to process"


def indent(text: str, prefix: str = "    ") -> str:
    """Every line after the first indented by ``prefix``."""
    return text.replace("\n", "\n" + prefix)


def rendered(memory_type: str, item: Any) -> str:
    """An item as the model sees it (secrets as the item holds them: masked unless revealed)."""
    from mirix_like import memory_types

    return indent(memory_types.get(memory_type).render(item))


def hit_lines(hits: Iterable[SearchHit], *, scores: bool = True) -> list[str]:
    """One entry per hit: score, type, id and the rendered memory."""
    return [(f"{h.score:.3f} " if scores else "") + f"[{h.memory_type} {h.item.id}] "
            + rendered(h.memory_type, h.item) for h in hits]


def _when(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def input_lines(inputs: Iterable[RawInput], *, users: bool) -> list[str]:
    """Each raw input's time, kind, (user,) and text or file name, errors underneath."""
    lines = []
    for raw in inputs:
        meta = raw.metadata if isinstance(raw.metadata, Mapping) else {}
        # A screenshot from a file by its name; a captured screen by its app and window.
        name = meta.get("file_name") or " - ".join(
            str(meta[key]) for key in ("app", "window_title") if meta.get(key)) or None
        text = " ".join(raw.text.split())
        shown = text if len(text) <= 80 else text[:77] + "..."
        what = ": ".join(part for part in (name, f'"{shown}"' if shown else "") if part)
        who = f"{raw.user_id}  " if users else ""
        line = f"{_when(raw.occurred_at)}  {raw.kind:<7}  {who}{what or '(image)'}"
        lines.append(line + (f"\n    error: {indent(raw.error)}" if raw.error else ""))
    return lines


def history_lines(entries: Iterable[HistoryEntry]) -> list[str]:
    """Each change: when, what, by whom, the fields it changed, and its id (for ``undo``)."""
    lines = []
    for e in entries:
        before, after = e.before or {}, e.after or {}
        fields = sorted(k for k in after if k in before and before[k] != after[k]
                        and k != "updated_at")
        changed = f" ({', '.join(fields)})" if e.action == "update" and fields else ""
        lines.append(f"{_when(e.at)}  {e.action}{changed} by {e.actor}  history id {e.id}")
    return lines


def counts(summary: Mapping[str, int]) -> str:
    """An export's ``{"semantic.jsonl": 3, ...}`` as ``3 semantic, ...``."""
    names = {"raw_inputs": "raw inputs", "history": "history entries"}
    return ", ".join(f"{n} {names.get(Path(k).stem, Path(k).stem)}"
                     for k, n in summary.items() if n) or "nothing"
