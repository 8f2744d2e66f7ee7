"""The ``mirix-like`` command: each verb is one MemorySystem call plus error translation.

Nothing heavy is imported at module level (see :mod:`mirix_like.cli_support`): ``--help``
starts in a fraction of a second, and the read-only verbs (``search``, ``list``, ``get``,
``history``) open the store without loading the agents and model libraries.
"""

from __future__ import annotations

import functools
import sys
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from mirix_like import cli_support as cs

if TYPE_CHECKING:
    from mirix_like.system import MemorySystem

app = typer.Typer(help="mirix-like: multi-agent memory for LLM assistants.",
                  epilog=cs.EXIT_CODES, no_args_is_help=True, pretty_exceptions_enable=False,
                  rich_markup_mode=None)

User = Annotated[str, typer.Option("--user", "-u", envvar="MIRIX_LIKE_USER", metavar="USER",
                                   help="Whose memory to use.")]
AnyUser = Annotated[str | None, typer.Option(
    "--user", "-u", envvar="MIRIX_LIKE_USER", show_default="every user", metavar="USER",
    help="Whose inputs; every user's when not given.")]
Store = Annotated[str | None, typer.Option(
    "--store", show_default="$MIRIX_LIKE_STORE_URI or ~/.local/share/mirix-like/store",
    metavar="PATH", help="Store folder or URI.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]
TypeName = Annotated[str, typer.Argument(metavar="TYPE", show_default=False,
                                         help=f"A memory type: {cs.TYPES}.")]


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"mirix-like {version('mirix-like')}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")]
    = False,
) -> None:
    """mirix-like: multi-agent memory for LLM assistants."""


@app.command()
def add(
    text: Annotated[list[str] | None, typer.Argument(
        help="Text to remember; - reads it from stdin.", show_default=False,
        metavar="TEXT")] = None,
    file: Annotated[list[Path] | None, typer.Option(
        "--file", "-f", metavar="PATH", help="A UTF-8 text file to remember (repeatable; - for "
        "stdin). A long text is stored as several inputs, split at paragraphs.")] = None,
    image: Annotated[list[Path] | None, typer.Option(metavar="PATH",
                                                     help="Image file (repeatable).")] = None,
    role: Annotated[str, typer.Option(help="user, assistant, system or other.")] = "user",
    speaker: Annotated[str | None, typer.Option(help="Speaker name.")] = None,
    at: Annotated[str | None, typer.Option(help="When it happened (ISO 8601 with zone).")] = None,
    flush: Annotated[bool, typer.Option(help="Process now rather than when a batch fills.")]
    = True,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Add a message, a text file or stdin, and/or images to memory (creates the store).

    Exits 1 when an input could not be processed (it is kept for `mirix-like retry`).
    """
    sources: list[tuple[str | None, str | None]] = []  # (text, file name)
    if text == ["-"]:
        sources.append(cs.read_text("-"))
    elif text:
        sources.append((" ".join(text), None))
    sources += [cs.read_text(str(path)) for path in file or []]
    if not sources and not image:
        cs.fail("nothing to add: give a text, - for stdin, --file PATH or --image PATH",
                cs.INVALID)
    # Checked before a store is created for them (the library checks them again).
    if any(body is not None and not body.strip() for body, _ in sources):
        cs.fail("the text is empty", cs.INVALID)
    for path in image or []:
        if not path.is_file():
            cs.fail(f"image {path} is not a readable file", cs.INVALID)
    name_speaker = {"name": speaker} if speaker else {}
    with cs.memory(store, create=True) as memory:
        # One add per source, so each input keeps its file name; images go with the last.
        reports = [memory.add([{"role": role, "content": part, **name_speaker}
                               for part in cs.chunks(body)] if body is not None else None,
                              user_id=user, occurred_at=at, flush=False,
                              images=(image or []) if n == max(len(sources), 1) - 1 else [],
                              metadata={"file_name": name} if name else None)
                   for n, (body, name) in enumerate(sources or [(None, None)])]
        report = reports[0]
        for later in reports[1:]:
            report.merge(later)
        if flush:
            report.merge(memory.flush(user))
            report.pending_inputs = []
    cs.emit(report.model_dump(), as_json, cs.describe_report(report, user))
    if report.failed_inputs:
        raise typer.Exit(cs.FAILED)


@app.command(cls=cs.TypesInHelp)
def insert(
    memory_type: TypeName,
    file: Annotated[str, typer.Option(
        "--file", "-f", metavar="PATH", help="JSON Lines: one item per line, a JSON object of "
        "its fields (- for stdin).")],
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Store already-structured items as they are, without a model (creates the store).

    Written 1,000 lines at a time, each batch checked whole first; at a bad line it stops,
    says which, and keeps what the lines before it stored.
    """
    import json

    from mirix_like.errors import InvalidInputError

    cs.check_types([memory_type])
    text, _ = cs.read_text(file)
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    ids: list[str] = []
    with cs.memory(store, create=True, model=False) as memory:
        for start in range(0, len(lines), 1_000):
            batch = lines[start:start + 1_000]
            items = []
            for number, line in batch:
                try:
                    items.append(json.loads(line))
                except ValueError as exc:
                    cs.fail(f"line {number} is not JSON ({exc}); {len(ids)} items from the "
                            "lines before it were stored", cs.INVALID)
            try:
                ids += [i.id for i in memory.insert(memory_type, items, user_id=user)]
            except InvalidInputError as exc:
                lines_of = "-".join(dict.fromkeys([str(batch[0][0]), str(batch[-1][0])]))
                cs.fail(f"line(s) {lines_of}: {exc}; none of them was stored, {len(ids)} "
                        "items from the lines before were", cs.INVALID)
    cs.emit(ids, as_json, f"inserted {len(ids)} {memory_type} items for {user}")


@app.command()
def chat(
    message: Annotated[list[str] | None, typer.Argument(
        help="One message; none for an interactive chat.", show_default=False,
        metavar="MESSAGE")] = None,
    show_memories: Annotated[bool, typer.Option(
        help="Print the memories each answer used.")] = False,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Chat with the assistant, which answers from memory (interactive without a message)."""
    with cs.memory(store) as memory:
        if message:
            _answer(memory, " ".join(message), user, show_memories, as_json)
            return
        import readline  # noqa: F401  (line editing and history for input())

        typer.echo(f"Chatting with the memory of {user}; an empty line, Ctrl-D or Ctrl-C "
                   "quits.", err=True)
        while True:
            try:
                line = input("you> ")
            except (EOFError, KeyboardInterrupt):
                typer.echo()
                break
            if not sys.stdin.isatty():
                typer.echo(line)  # piped input: keep the transcript readable
            if not line.strip():
                break
            _answer(memory, line.strip(), user, show_memories, as_json)


def _answer(memory: cs.Blocking, message: str, user: str, show_memories: bool,
            as_json: bool) -> None:
    response = memory.chat(message, user_id=user)
    cs.emit(response.model_dump(mode="json"), as_json, response.answer)
    if show_memories and not as_json:
        lines = cs.hit_lines(response.memories, scores=False)
        typer.echo("\n".join("  " + cs.indent(line, "  ") for line in lines)
                   or "  (no memory used)")


@app.command()
def context(
    query: str,
    max_tokens: Annotated[int | None, typer.Option(
        show_default="the budget chat uses, 1000",
        help="Most tokens the text may hold (estimated as the README describes).")] = None,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Print what active retrieval would put in a chat prompt for QUERY, for apps that bring
    their own model; --json adds its items, their types and source input ids."""
    budget = {} if max_tokens is None else {"max_tokens": max_tokens}
    with cs.memory(store) as memory:
        found = memory.context(query, user_id=user, **budget)
    cs.emit(found.model_dump(mode="json"), as_json, found.text or "no memory matched")


@app.command(cls=cs.TypesInHelp)
def search(
    query: str,
    memory_type: Annotated[list[str] | None, typer.Option(
        "--type", metavar="TYPE", help=f"Memory type (repeatable): {cs.TYPES}; all when not "
        "given.")]
    = None,
    method: Annotated[str, typer.Option(help="hybrid, fts, vector, exact, fuzzy, recent.")]
    = "hybrid",
    limit: Annotated[int, typer.Option(help="Best hits in all, across the memory types.")] = 10,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Search memory: each hit's score, type, id and text, best first (hybrid: ranked as a
    chat context ranks)."""
    cs.check_types(memory_type or [])
    hits = cs.search_store(store, query, user, memory_types=memory_type, method=method,
                           limit=limit)
    cs.emit(cs.dump(hits), as_json, "\n".join(cs.hit_lines(hits)) or "nothing found")


@app.command("list", cls=cs.TypesInHelp)
def list_items(
    memory_type: TypeName,
    limit: Annotated[int, typer.Option(help="Most items to show.")] = 100,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """List the most recent items of one memory type."""
    cs.check_types([memory_type])
    with cs.store_only(store) as memory:
        items = memory.list(memory_type, user, limit=limit)
        lines = [f"[{item.id}] {cs.rendered(memory_type, item)}" for item in items]
    if len(items) == limit:
        lines.append(f"(the newest {limit}; --limit shows more)")
    cs.emit(cs.dump(items), as_json, "\n".join(lines) or f"no {memory_type} items")


@app.command(cls=cs.TypesInHelp)
def get(
    memory_type: TypeName, item_id: str,
    reveal_secrets: Annotated[bool, typer.Option(help="Show secret values in clear.")]
    = False,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Show one item with all its fields. Exits 3 if there is no such item."""
    cs.check_types([memory_type])
    with cs.store_only(store) as memory:
        item = memory.get(memory_type, user, item_id, reveal_secrets=reveal_secrets)
    fields = item.model_dump(mode="json")
    cs.emit(fields, as_json, "\n".join(f"{k}: {cs.indent(str(v), '  ')}"
                                       for k, v in fields.items()))


@app.command(cls=cs.TypesInHelp)
def delete(
    memory_type: TypeName,
    item_id: Annotated[list[str], typer.Argument(help="One or more item ids.", metavar="ID")],
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Delete items by id; `mirix-like undo` brings one back. Exits 3 if an id is unknown."""
    cs.check_types([memory_type])
    with cs.memory(store, model=False) as memory:
        deleted = memory.delete(memory_type, item_id, user_id=user)
        undo = {i: memory.history(i, user_id=user)[-1].id for i in deleted}
    missing = [i for i in dict.fromkeys(item_id) if i not in deleted]
    cs.emit(deleted, as_json, "\n".join(
        f"deleted {memory_type} {i}; undo: mirix-like undo {h} --user {user}"
        for i, h in undo.items()))
    if missing:
        cs.fail(f"no {memory_type} item {', '.join(missing)} for user {user}", cs.NOT_FOUND)


@app.command()
def history(
    item_id: str, user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Show every change to one item, with the history ids `undo` takes. Exits 3 if none."""
    with cs.store_only(store) as memory:
        entries = memory.history(user, item_id)
    cs.emit(cs.dump(entries), as_json, "\n".join(cs.history_lines(entries)))
    if not entries:
        cs.fail(f"no item {item_id} for user {user}", cs.NOT_FOUND)


def _inputs(status: Literal["pending", "failed"], user: str | None, store: str | None,
            reveal_secrets: bool, as_json: bool) -> None:
    with cs.memory(store, model=False) as memory:
        found = getattr(memory, status)(user, reveal_secrets=reveal_secrets)
    lines = cs.input_lines(found, users=user is None)
    whose = f" for user {user}" if user is not None else ""
    cs.emit(cs.dump(found), as_json, "\n".join(lines) or f"no {status} inputs{whose}")


Reveal = Annotated[bool, typer.Option(help="Show credentials and keys in the text in clear.")]


@app.command()
def pending(user: AnyUser = None, reveal_secrets: Reveal = False, store: Store = None,
            as_json: AsJson = False) -> None:
    """List inputs not yet turned into memories: time, kind, and text or file name."""
    _inputs("pending", user, store, reveal_secrets, as_json)


@app.command()
def failed(user: AnyUser = None, reveal_secrets: Reveal = False, store: Store = None,
           as_json: AsJson = False) -> None:
    """List inputs whose processing failed, with the error; `retry` processes them again."""
    _inputs("failed", user, store, reveal_secrets, as_json)


def _process(action: Literal["flush", "retry"], user: str | None, store: str | None,
             as_json: bool, with_model: bool = False) -> None:
    with cs.memory(store) as memory:
        status = "pending" if action == "flush" else "failed"
        users = [user] if user is not None else sorted(
            memory.store.users() if with_model
            else {r.user_id for r in getattr(memory, status)(None)})
        run = functools.partial(memory.retry, with_model=True) if with_model else getattr(
            memory, action)
        reports = {who: run(who) for who in users}
    cs.emit({who: r.model_dump() for who, r in reports.items()}, as_json, "\n".join(
        f"{who}: {cs.indent(cs.describe_report(r), '  ')}" for who, r in reports.items())
        or f"no {status} inputs")
    if any(r.failed_inputs for r in reports.values()):
        raise typer.Exit(cs.FAILED)


@app.command()
def flush(user: AnyUser = None, store: Store = None, as_json: AsJson = False) -> None:
    """Turn pending inputs into memories now. Exits 1 if an input failed."""
    _process("flush", user, store, as_json)


@app.command()
def retry(
    user: AnyUser = None, store: Store = None, as_json: AsJson = False,
    with_model: Annotated[bool, typer.Option(
        "--with-model", help="Also redo, with the model, what the offline rules processed "
        "when the model failed.")] = False,
) -> None:
    """Process failed inputs again. Exits 1 if an input failed again."""
    _process("retry", user, store, as_json, with_model)


@app.command()
def undo(
    history_id: str, user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Undo one change: put an item back as it was before history entry HISTORY_ID.

    `mirix-like history ITEM_ID` lists the ids; exits 3 if there is no such entry.
    """
    with cs.memory(store, model=False) as memory:
        item = memory.restore(history_id, user_id=user)
    cs.emit(item.model_dump(mode="json"), as_json, f"restored {item.id}")


@app.command("export")
def export_memories(
    directory: Path,
    include_secrets: Annotated[bool, typer.Option(help="Write secret values in clear.")]
    = False,
    all_users: Annotated[bool, typer.Option("--all-users", help="Export every user.")] = False,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Export memories, raw inputs and history as JSONL files into DIRECTORY."""
    with cs.memory(store, model=False) as memory:
        summary = memory.export(directory, user_id=None if all_users else user,
                                include_secrets=include_secrets)
    cs.emit(summary.model_dump(), as_json, f"exported {cs.counts(summary.counts)} of "
            f"{', '.join(summary.users) or 'no user'} to {directory}")


@app.command("import")
def import_memories(directory: Path, store: Store = None, as_json: AsJson = False) -> None:
    """Merge an export from DIRECTORY into the store (created if new), without duplicates."""
    if not directory.is_dir():
        cs.fail(f"{directory} is not a folder (an export is a folder of JSONL files)",
                cs.INVALID)
    with cs.memory(store, create=True, model=False) as memory:
        summary = memory.import_(directory)
    skipped = f"; skipped {cs.counts(summary.skipped)}" if any(summary.skipped.values()) else ""
    cs.emit(summary.model_dump(), as_json, f"imported {cs.counts(summary.counts)}{skipped}")


@app.command()
def watch(
    interval: Annotated[float, typer.Option(help="Seconds between captures.")] = 2.0,
    similarity: Annotated[float, typer.Option(
        help="How large a change may be and still not count (1 keeps every frame that "
             "differs at all).")] = 0.99,
    batch: Annotated[int, typer.Option(help="Kept frames sent to memory together.")] = 20,
    max_wait: Annotated[float, typer.Option(
        help="Seconds a kept frame waits at most before its batch is sent.")] = 60.0,
    exclude_app: Annotated[list[str] | None, typer.Option(
        help="Application never captured (repeatable).")] = None,
    exclude_title: Annotated[list[str] | None, typer.Option(
        help="Regular expression: windows whose title matches are never captured.")] = None,
    monitor: Annotated[int, typer.Option(help="Monitor to capture; 0 for all.")] = 0,
    duration: Annotated[float | None, typer.Option(help="Stop after this many seconds.")]
    = None,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Capture the screen into memory until Ctrl-C or SIGTERM (SIGUSR1 pauses, SIGUSR2 resumes)."""
    from mirix_like.desktop import ScreenWatcher

    with cs.memory(store, create=True, blocking=False) as memory:
        watcher = ScreenWatcher(
            memory, user_id=user, interval=interval, similarity=similarity, batch_size=batch,
            max_wait=max_wait, exclude_apps=exclude_app or [], exclude_titles=exclude_title or [],
            monitor=monitor, echo=lambda line: typer.echo(line, err=True),
        )
        typer.echo(f"watching the screen every {interval:g} s; Ctrl-C stops", err=True)
        status = watcher.run(duration, handle_signals=True)
    cs.emit(status.model_dump(mode="json"), as_json, status.describe())


@app.command("ingest-screens")
def ingest_screens(
    folder: Annotated[Path, typer.Argument(help="Folder of YYYYMMDD_HHMMSS.png screenshots.")],
    tz: Annotated[str | None, typer.Option(
        help="Time zone of the file names (e.g. Europe/Lisbon); default: this machine's.")]
    = None,
    similarity: Annotated[float, typer.Option(
        help="How large a change since the screenshot kept before may be and still not "
             "count (1 keeps every one that differs at all).")] = 0.99,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Ingest a folder of screenshots; a re-run skips those already stored.

    Ctrl-C finishes the batch in progress and says how far it got (a second Ctrl-C stops at
    once); exits 1 if a screenshot could not be processed.
    """
    if not folder.is_dir():
        cs.fail(f"{folder} is not a folder", cs.INVALID)
    from mirix_like.desktop import ingest_screens as ingest

    with cs.memory(store, create=True, blocking=False) as memory:
        try:
            report = ingest(memory, folder, user_id=user, tz=tz, similarity=similarity,
                            progress=not as_json)
        except KeyboardInterrupt:
            typer.echo("\ninterrupted: finishing the batch in progress (Ctrl-C again stops "
                       "at once)", err=True)
            memory.flush(user)  # waits for the flush under way, then processes what is left
            typer.echo(_ingested_so_far(memory, folder, user), err=True)
            raise typer.Exit(cs.INTERRUPTED) from None
    for skipped in report.skipped:
        typer.echo(f"skipped {skipped.file}: {skipped.reason}", err=True)
    cs.emit(report.model_dump(), as_json,
            f"stored {len(report.ingested)}, already stored {len(report.already)}, "
            f"near-duplicates {len(report.duplicates)}, bad files {len(report.skipped)}; "
            f"inputs processed {report.processed_inputs}, failed {report.failed_inputs}")
    if report.failed_inputs:
        raise typer.Exit(cs.FAILED)


def _ingested_so_far(memory: MemorySystem, folder: Path, user: str) -> str:
    from mirix_like.desktop.folder import screenshot_id

    ids = []
    for path in sorted(folder.iterdir()):
        if path.is_file() and not path.name.startswith("."):
            with suppress(OSError):
                ids.append(screenshot_id(path))
    stored = memory.store.inputs(user, ids=ids)
    states = {s: sum(r.status == s for r in stored) for s in ("processed", "pending", "failed")}
    return (f"{len(stored)} of the {len(ids)} files of {folder} are stored "
            f"({', '.join(f'{n} {s}' for s, n in states.items())}); the same command "
            "continues where this run stopped")


@app.command()
def demo(
    store: Annotated[Path | None, typer.Option(
        help="Keep the demo store in this new or empty folder (one holding anything is "
        "refused).", show_default="a temporary store, removed at the end")] = None,
) -> None:
    """Ingest a bundled conversation and screenshots offline, then answer from memory.

    Never deletes anything it did not create.
    """
    from mirix_like.demo import run_demo

    cs.offline_notice(None, show=False)  # the demo names its backend itself
    with cs.reported_errors():
        if store is not None:
            run_demo(store, say=typer.echo)
            typer.echo(f"\nThe demo store is kept; try: mirix-like chat --user demo "
                       f"--store {store}")
            return
        with tempfile.TemporaryDirectory(prefix="mirix-like-demo-") as folder:
            run_demo(Path(folder) / "store", say=typer.echo)
        typer.echo("\nThe demo store was temporary and is removed; `mirix-like demo --store "
                   "DIR` keeps one.")


@app.command("mcp")
def mcp_server(
    transport: Annotated[Literal["stdio", "streamable-http"], typer.Option(
        help="stdio for a local client, or streamable HTTP at http://HOST:PORT/mcp.")]
    = "stdio",
    host: Annotated[str, typer.Option(help="Address to bind for streamable HTTP.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port for streamable HTTP.", min=0, max=65535)]
    = 8765,
    user: User = "default", store: Store = None,
) -> None:
    """Serve add, search, chat and delete memory tools to MCP clients (creates the store)."""
    with cs.reported_errors():
        settings = cs.prepared(store, create=True, model=True)
        import asyncio

        from mirix_like.surfaces import mcp_server as server

        asyncio.run(server.serve(settings, user, transport=transport, host=host, port=port))


@app.command()
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="Address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on; 0 picks a free one.", min=0,
                                      max=65535)] = 8000,
    admin_key: Annotated[str | None, typer.Option(
        envvar="MIRIX_LIKE_ADMIN_KEY", show_default=False,
        help="The admin key (better from the environment); made up and printed if unset.")]
    = None,
    store: Store = None,
) -> None:
    """Serve the REST API (docs at /docs) and the web UI at http://HOST:PORT/ (creates the
    store); prints the address and where the admin key came from."""
    source = {"ENVIRONMENT": "$MIRIX_LIKE_ADMIN_KEY", "COMMANDLINE": "--admin-key"}.get(
        getattr(ctx.get_parameter_source("admin_key"), "name", ""), "")
    with cs.reported_errors():
        settings = cs.prepared(store, create=True, model=True)
        import asyncio

        from mirix_like.surfaces import rest

        try:
            asyncio.run(rest.serve(settings, host=host, port=port, admin_key=admin_key or None,
                                   admin_key_source=source))
        except SystemExit:  # uvicorn's way of saying it could not start, after logging why
            cs.fail(f"could not serve on {host}:{port}, for the reason above (a port in use? "
                    "--port picks another)", cs.INVALID)
