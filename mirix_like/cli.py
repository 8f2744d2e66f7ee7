"""The ``mirix-like`` command: each verb is one MemorySystem call plus error translation."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import platformdirs
import typer

from mirix_like import memory_types
from mirix_like.agents.batch import ChangeReport
from mirix_like.config import load_settings
from mirix_like.errors import MirixLikeError
from mirix_like.system import MemorySystem

app = typer.Typer(help="mirix-like: multi-agent memory for LLM assistants.",
                  no_args_is_help=True, pretty_exceptions_enable=False)

User = Annotated[str, typer.Option("--user", "-u", envvar="MIRIX_LIKE_USER",
                                   help="Whose memory to use.")]
Store = Annotated[str | None, typer.Option("--store", help="Store folder or URI.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@contextmanager
def _memory(store: str | None) -> Iterator[MemorySystem]:
    try:
        with MemorySystem(load_settings(store_uri=store)) as memory:
            yield memory
    except MirixLikeError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


def _print(value: Any, as_json: bool, text: str) -> None:
    if as_json:
        typer.echo(json.dumps(value, ensure_ascii=False, indent=2, default=str))
    else:
        typer.echo(text)


def _print_processed(report: ChangeReport, as_json: bool) -> None:
    _print(report.model_dump(), as_json, f"processed {len(report.processed_inputs)}, "
                                         f"failed {len(report.failed_inputs)}")


def _dump(items: list[Any]) -> list[Any]:
    return [item.model_dump(mode="json") for item in items]


@app.command()
def add(
    text: Annotated[list[str] | None, typer.Argument(help="Text to remember.")] = None,
    image: Annotated[list[Path] | None, typer.Option(help="Image file(s).")] = None,
    role: Annotated[str, typer.Option(help="user, assistant, system or other.")] = "user",
    speaker: Annotated[str | None, typer.Option(help="Speaker name.")] = None,
    at: Annotated[str | None, typer.Option(help="When it happened (ISO 8601 with zone).")] = None,
    flush: Annotated[bool, typer.Option(help="Process now rather than when a batch fills.")]
    = True,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Add a message (and/or images) to memory."""
    content = None
    if text:
        content = {"role": role, "content": " ".join(text)}
        if speaker:
            content["name"] = speaker
    with _memory(store) as memory:
        report = memory.add(content, user_id=user, images=image or [], occurred_at=at,
                            flush=flush)
    summary = (f"created {report.created or '{}'}, updated {report.updated or '{}'}, "
               f"pending {len(report.pending_inputs)}, failed {len(report.failed_inputs)}")
    _print(report.model_dump(), as_json, summary)


@app.command()
def chat(
    message: Annotated[list[str] | None, typer.Argument(help="One message; none for a REPL.")]
    = None,
    show_memories: Annotated[bool, typer.Option(help="List the memories used.")] = False,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Chat with the assistant, which answers from memory."""
    with _memory(store) as memory:
        if message:
            response = memory.chat(" ".join(message), user_id=user)
            _print(response.model_dump(mode="json"), as_json, response.answer)
            if show_memories and not as_json:
                for hit in response.memories:
                    typer.echo(f"  [{hit.memory_type} {hit.item.id}]")
            return
        typer.echo("Chat with your memory; an empty line or Ctrl-D quits.")
        for line in sys.stdin:
            if not line.strip():
                break
            typer.echo(memory.chat(line.strip(), user_id=user).answer)


@app.command()
def search(
    query: str,
    memory_type: Annotated[list[str] | None, typer.Option("--type", help="Memory type(s).")]
    = None,
    method: Annotated[str, typer.Option(help="hybrid, fts, vector, exact, fuzzy, recent.")]
    = "hybrid",
    limit: int = 10,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Search memory."""
    with _memory(store) as memory:
        hits = memory.search(query, user_id=user, memory_types=memory_type, method=method,
                             limit=limit)
    lines = [f"{h.score:.3f} [{h.memory_type} {h.item.id}] "
             f"{memory_types.get(h.memory_type).render(h.item)}" for h in hits]
    _print(_dump(hits), as_json, "\n".join(lines) or "nothing found")


@app.command("list")
def list_items(
    memory_type: str, limit: int = 20,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """List the most recent items of one memory type."""
    with _memory(store) as memory:
        items = memory.list(memory_type, user_id=user, limit=limit)
    spec = memory_types.get(memory_type)
    _print(_dump(items), as_json,
           "\n".join(f"[{i.id}] {spec.render(i)}" for i in items) or "no items")


@app.command()
def delete(
    memory_type: str, item_id: list[str],
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Delete items by id (recoverable from their history)."""
    with _memory(store) as memory:
        deleted = memory.delete(memory_type, item_id, user_id=user)
    _print(deleted, as_json, f"deleted {len(deleted)} item(s)")


@app.command()
def history(
    item_id: str, user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Show every change to one item."""
    with _memory(store) as memory:
        entries = memory.history(item_id, user_id=user)
    lines = [f"{e.at:%Y-%m-%d %H:%M:%S} {e.action} by {e.actor} ({e.id})" for e in entries]
    _print(_dump(entries), as_json, "\n".join(lines) or "no history")


@app.command()
def pending(user: User = "default", store: Store = None, as_json: AsJson = False) -> None:
    """List inputs accepted but not yet turned into memories."""
    with _memory(store) as memory:
        inputs = memory.pending(user)
    _print(_dump(inputs), as_json, "\n".join(f"{r.id} {r.kind} {r.text[:60]!r}"
                                             for r in inputs) or "none pending")


@app.command()
def failed(user: User = "default", store: Store = None, as_json: AsJson = False) -> None:
    """List inputs whose processing failed, with the error."""
    with _memory(store) as memory:
        inputs = memory.failed(user)
    _print(_dump(inputs), as_json, "\n".join(f"{r.id}: {r.error}" for r in inputs) or "none")


@app.command()
def flush(user: User = "default", store: Store = None, as_json: AsJson = False) -> None:
    """Turn pending inputs into memories now."""
    with _memory(store) as memory:
        _print_processed(memory.flush(user), as_json)


@app.command()
def retry(user: User = "default", store: Store = None, as_json: AsJson = False) -> None:
    """Process failed inputs again."""
    with _memory(store) as memory:
        _print_processed(memory.retry(user), as_json)


@app.command()
def undo(
    history_id: str, user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Undo one change: put an item back as it was before history entry HISTORY_ID."""
    with _memory(store) as memory:
        item = memory.restore(history_id, user_id=user)
    _print(item.model_dump(mode="json"), as_json, f"restored {item.id}")


@app.command("export")
def export_memories(
    directory: Path,
    include_secrets: Annotated[bool, typer.Option(help="Write secret values in clear.")]
    = False,
    all_users: Annotated[bool, typer.Option("--all-users", help="Export every user.")] = False,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Export memories, raw inputs and history as JSONL files into DIRECTORY."""
    with _memory(store) as memory:
        summary = memory.export(directory, user_id=None if all_users else user,
                                include_secrets=include_secrets)
    _print(summary.model_dump(), as_json, f"exported {summary.counts} to {directory}")


@app.command("import")
def import_memories(directory: Path, store: Store = None, as_json: AsJson = False) -> None:
    """Merge an export from DIRECTORY into the store, without duplicates."""
    with _memory(store) as memory:
        summary = memory.import_(directory)
    _print(summary.model_dump(), as_json,
           f"imported {summary.counts}; skipped {summary.skipped or 'none'}")


@app.command()
def watch(
    interval: Annotated[float, typer.Option(help="Seconds between captures.")] = 2.0,
    similarity: Annotated[float, typer.Option(
        help="Drop a frame at least this similar to the last kept one.")] = 0.99,
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

    with _memory(store) as memory:
        watcher = ScreenWatcher(
            memory, user_id=user, interval=interval, similarity=similarity, batch_size=batch,
            max_wait=max_wait, exclude_apps=exclude_app or [], exclude_titles=exclude_title or [],
            monitor=monitor,
        )
        typer.echo(f"watching the screen every {interval:g} s; Ctrl-C stops", err=True)
        status = watcher.run(duration, handle_signals=True)
    _print(status.model_dump(mode="json"), as_json,
           f"frames seen {status.frames_seen}, kept {status.frames_kept}, near-duplicates "
           f"{status.frames_dropped}, excluded {status.frames_excluded}; inputs processed "
           f"{status.inputs_processed}, failed {status.inputs_failed}")


@app.command("ingest-screens")
def ingest_screens(
    folder: Annotated[Path, typer.Argument(help="Folder of YYYYMMDD_HHMMSS.png screenshots.")],
    tz: Annotated[str | None, typer.Option(
        help="Time zone of the file names (e.g. Europe/Lisbon); default: this machine's.")]
    = None,
    similarity: Annotated[float, typer.Option(
        help="Skip a screenshot at least this similar to the one kept before it.")] = 0.99,
    user: User = "default", store: Store = None, as_json: AsJson = False,
) -> None:
    """Ingest a folder of screenshots; a re-run skips those already stored."""
    from mirix_like.desktop import ingest_screens as ingest

    with _memory(store) as memory:
        report = ingest(memory, folder, user_id=user, tz=tz, similarity=similarity,
                        progress=not as_json)
    for skipped in report.skipped:
        typer.echo(f"skipped {skipped.file}: {skipped.reason}", err=True)
    _print(report.model_dump(), as_json,
           f"stored {len(report.ingested)}, already stored {len(report.already)}, "
           f"near-duplicates {len(report.duplicates)}, bad files {len(report.skipped)}; "
           f"inputs processed {report.processed_inputs}, failed {report.failed_inputs}")


@app.command()
def demo(
    store: Annotated[Path | None, typer.Option(help="Folder for the demo store (wiped).")]
    = None,
) -> None:
    """Ingest a bundled conversation and screenshots offline, then answer from memory."""
    from mirix_like.demo import run_demo

    folder = store or Path(platformdirs.user_data_dir("mirix-like")) / "demo-store"
    try:
        run_demo(folder, say=typer.echo)
    except MirixLikeError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


@app.command("mcp")
def mcp_server(
    transport: Annotated[Literal["stdio", "streamable-http"], typer.Option(
        help="stdio for a local client, or streamable HTTP at http://HOST:PORT/mcp.")]
    = "stdio",
    host: Annotated[str, typer.Option(help="Address to bind for streamable HTTP.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port for streamable HTTP.")] = 8765,
    user: User = "default", store: Store = None,
) -> None:
    """Serve add, search, chat and delete memory tools to MCP clients."""
    from mirix_like.surfaces import mcp_server as server

    try:
        asyncio.run(server.serve(load_settings(store_uri=store), user, transport=transport,
                                 host=host, port=port))
    except MirixLikeError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    admin_key: Annotated[str | None, typer.Option(
        envvar="MIRIX_LIKE_ADMIN_KEY", show_default=False,
        help="The admin key (better from the environment); made up and printed if unset.")]
    = None,
    store: Store = None,
) -> None:
    """Serve the REST API (docs at /docs) and the web UI."""
    from mirix_like.surfaces import rest

    try:
        asyncio.run(rest.serve(load_settings(store_uri=store), host=host, port=port,
                               admin_key=admin_key))
    except MirixLikeError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
