"""Hostile and broken input, as a table: every case raises its documented ``MirixLikeError``
subclass (the CLI: exit code 2 and a message), and nothing stored earlier changes."""

from __future__ import annotations

import io
import json
import os
import struct
import zlib
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from reliability_kit import snapshot
from typer.testing import CliRunner

from mirix_like import MemorySystem
from mirix_like.cli import app
from mirix_like.errors import (
    ConfigError,
    CoreBlockLimitError,
    EmbeddingDimensionError,
    InvalidInputError,
    InvalidItemError,
    InvalidQueryError,
    InvalidUserIdError,
    ItemNotFoundError,
    MirixLikeError,
    StoreNotWritableError,
    UnknownMemoryTypeError,
)

ADA = "ada"
SURROGATE = b"caf\xe9 au lait".decode("utf-8", "surrogateescape")  # invalid UTF-8, as argv
BIG = 10_000_000


def png(width: int = 4, height: int = 4) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` (the pixel data stays 4 x 4)."""
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buffer, "PNG")
    data = buffer.getvalue()
    header = b"IHDR" + struct.pack(">II", width, height) + data[24:29]
    return data[:12] + header + struct.pack(">I", zlib.crc32(header)) + data[33:]


def nested(depth: int) -> dict[str, Any]:
    root: dict[str, Any] = {}
    node = root
    for _ in range(depth):
        node["a"] = {}
        node = node["a"]
    return root


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hostile-files")
    made = {"corrupt": b"this is not an image at all", "empty": b"",
            "truncated": png()[:40], "huge": png(50_000, 50_000), "over_limit": png(8000, 6000)}
    paths = {}
    for name, data in made.items():
        paths[name] = folder / f"{name}.png"
        paths[name].write_bytes(data)
    paths["folder"] = folder / "a-folder.png"
    paths["folder"].mkdir()
    paths["link"] = folder / "passwd.png"
    os.symlink("/etc/passwd", paths["link"])
    paths["a_file"] = folder / "plain-file"
    paths["a_file"].write_text("x")
    paths["no_export"] = folder / "not-an-export"
    paths["no_export"].mkdir()
    paths["bad_export"] = folder / "bad-export"
    paths["bad_export"].mkdir()
    (paths["bad_export"] / "manifest.json").write_text(json.dumps(
        {"format": "mirix-like-export", "version": 1, "users": [ADA]}))
    (paths["bad_export"] / "core.jsonl").write_text("{not json\n")
    return paths


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MemorySystem, dict]]:
    """A system whose store holds memories of every type, inputs and history for ada."""
    store = tmp_path_factory.mktemp("hostile") / "store"
    with MemorySystem(store_uri=str(store), backend="offline") as memory:
        report = memory.add("Yesterday I hiked up Mount Tamalpais with my sister Maya. "
                            "Maya is a marine biologist. I am a vegetarian. My bank PIN is "
                            "8841-7765-ZX", user_id=ADA, flush=True,
                            occurred_at="2025-03-03T18:30:00+00:00")
        assert report.errors == [] and len(report.routed) >= 4
        memory.add("pending note: buy milk", user_id=ADA)
        [event] = memory.list("episodic", user_id=ADA)
        memory.update("episodic", event.id, {"details": "a sunny day"}, user_id=ADA)
        history = memory.history(event.id, user_id=ADA)
        ids = {"event": event.id, "insert": history[0].id, "store": str(store)}
        yield memory, ids


def state(memory: MemorySystem) -> Any:
    store = memory.store
    return (snapshot(store), [r.model_dump() for r in store.inputs(None)],
            {u: [e.model_dump() for e in store.history_of_user(u)] for u in store.users()})


@pytest.fixture(scope="module")
def baseline(seeded: tuple[MemorySystem, dict]) -> Any:
    return state(seeded[0])


Call = Callable[[MemorySystem, dict[str, Any], dict[str, Path]], Any]
A = ADA
API: list[Any] = [
    # (id, call, error)
    ("empty text", lambda m, i, f: m.add("", user_id=A), InvalidInputError),
    ("blank text", lambda m, i, f: m.add(" \n\t ", user_id=A), InvalidInputError),
    ("10 MB text", lambda m, i, f: m.add("x" * BIG, user_id=A), InvalidInputError),
    ("10 MB message", lambda m, i, f: m.add([{"content": "é" * (BIG // 2)}], user_id=A),
     InvalidInputError),
    ("NUL in text", lambda m, i, f: m.add("hello\x00world", user_id=A), InvalidInputError),
    ("NUL in message id", lambda m, i, f: m.add([{"id": "a\x00", "content": "x"}], user_id=A),
     InvalidInputError),
    ("invalid UTF-8 bytes", lambda m, i, f: m.add(b"\xff\xfe\xfd", user_id=A),
     InvalidInputError),
    pytest.param(lambda m, i, f: m.add(SURROGATE, user_id=A), InvalidInputError,
                 id="lone surrogate text"),
    ("lone surrogate query", lambda m, i, f: m.search(SURROGATE, user_id=A),
     InvalidQueryError),
    ("number as content", lambda m, i, f: m.add(42, user_id=A), InvalidInputError),
    ("no content", lambda m, i, f: m.add(None, user_id=A), InvalidInputError),
    ("empty message list", lambda m, i, f: m.add([], user_id=A), InvalidInputError),
    ("message without content", lambda m, i, f: m.add([{"role": "user"}], user_id=A),
     InvalidInputError),
    ("unknown role", lambda m, i, f: m.add([{"role": "root", "content": "x"}], user_id=A),
     InvalidInputError),
    ("user id inside a message", lambda m, i, f: m.add([{"content": "x", "user_id": "bob"}],
                                                       user_id=A), InvalidInputError),
    ("duplicate message ids", lambda m, i, f: m.add(
        [{"id": "d", "content": "a"}, {"id": "d", "content": "b"}], user_id=A),
     InvalidInputError),
    pytest.param(lambda m, i, f: m.add([{"id": "x" * 300, "content": "x"}], user_id=A),
                 InvalidInputError, id="message id over 256 characters"),
    ("empty user id", lambda m, i, f: m.add("x", user_id=""), InvalidUserIdError),
    ("user id None", lambda m, i, f: m.add("x", user_id=None), InvalidUserIdError),
    ("user id of 257 characters", lambda m, i, f: m.add("x", user_id="u" * 257),
     InvalidUserIdError),
    ("user id with NUL", lambda m, i, f: m.add("x", user_id="a\x00b"), InvalidUserIdError),
    ("metadata a list", lambda m, i, f: m.add("x", user_id=A, metadata=["a"]),
     InvalidInputError),
    ("metadata with int keys", lambda m, i, f: m.add("x", user_id=A, metadata={1: 2}),
     InvalidInputError),
    pytest.param(lambda m, i, f: m.add("x", user_id=A, metadata=nested(5000)),
                 InvalidInputError, id="metadata nested 5000 deep"),
    ("time in words", lambda m, i, f: m.add("x", user_id=A, occurred_at="yesterday"),
     InvalidInputError),
    ("30 February", lambda m, i, f: m.add("x", user_id=A,
                                          occurred_at="2025-02-30T10:00:00+00:00"),
     InvalidInputError),
    ("time without zone", lambda m, i, f: m.add("x", user_id=A,
                                                occurred_at="2025-03-03T10:00:00"),
     InvalidInputError),
    ("naive datetime", lambda m, i, f: m.add("x", user_id=A, occurred_at=datetime(2025, 3, 3)),
     InvalidInputError),
    ("offset over 24 hours", lambda m, i, f: m.add("x", user_id=A,
                                                   occurred_at="2025-03-03T10:00:00+25:00"),
     InvalidInputError),
    ("zone name", lambda m, i, f: m.add("x", user_id=A,
                                        occurred_at="2025-03-03T10:00:00 Europe/Lisbon"),
     InvalidInputError),
    pytest.param(lambda m, i, f: m.add("x", user_id=A, occurred_at="9999-12-31T23:59:00-12:00"),
                 InvalidInputError, id="time past year 9999 in UTC"),
    ("time as a number", lambda m, i, f: m.add("x", user_id=A, occurred_at=1_700_000_000),
     InvalidInputError),
    ("image /etc/shadow", lambda m, i, f: m.add(None, user_id=A, images=["/etc/shadow"]),
     InvalidInputError),
    ("image is a folder", lambda m, i, f: m.add(None, user_id=A, images=[f["folder"]]),
     InvalidInputError),
    ("image does not exist", lambda m, i, f: m.add(None, user_id=A,
                                                   images=["/nonexistent/x.png"]),
     InvalidInputError),
    ("image links to /etc/passwd", lambda m, i, f: m.add(None, user_id=A, images=[f["link"]]),
     InvalidInputError),
    ("corrupt image", lambda m, i, f: m.add(None, user_id=A, images=[f["corrupt"]]),
     InvalidInputError),
    ("empty image file", lambda m, i, f: m.add(None, user_id=A, images=[f["empty"]]),
     InvalidInputError),
    ("truncated image", lambda m, i, f: m.add(None, user_id=A, images=[f["truncated"]]),
     InvalidInputError),
    ("decompression bomb", lambda m, i, f: m.add(None, user_id=A, images=[f["huge"]]),
     InvalidInputError),
    ("image over the pixel limit", lambda m, i, f: m.add(None, user_id=A,
                                                         images=[f["over_limit"]]),
     InvalidInputError),
    ("text then a bad image", lambda m, i, f: m.add("a note", user_id=A, images=[f["corrupt"]]),
     InvalidInputError),
    ("image a number", lambda m, i, f: m.add(None, user_id=A, images=[7]), InvalidInputError),
    pytest.param(lambda m, i, f: m.add("x", user_id=A, images=None), InvalidInputError,
                 id="images None"),
    ("list unknown type", lambda m, i, f: m.list("passwords", user_id=A),
     UnknownMemoryTypeError),
    ("search unknown type", lambda m, i, f: m.search("x", user_id=A, memory_types=["nope"]),
     UnknownMemoryTypeError),
    ("delete unknown type", lambda m, i, f: m.delete("passwords", ["x"], user_id=A),
     UnknownMemoryTypeError),
    ("negative limit", lambda m, i, f: m.search("x", user_id=A, limit=-1), InvalidQueryError),
    ("zero limit", lambda m, i, f: m.list("episodic", user_id=A, limit=0), InvalidQueryError),
    ("enormous limit", lambda m, i, f: m.list("episodic", user_id=A, limit=10**12),
     InvalidQueryError),
    ("fractional limit", lambda m, i, f: m.search("x", user_id=A, limit=2.5),
     InvalidQueryError),
    ("unknown search method", lambda m, i, f: m.search("x", user_id=A, method="sql"),
     InvalidQueryError),
    ("naive since", lambda m, i, f: m.search("x", user_id=A, since=datetime(2025, 1, 1)),
     InvalidQueryError),
    ("since after until", lambda m, i, f: m.search(
        "x", user_id=A, since=datetime(2025, 2, 1, tzinfo=UTC),
        until=datetime(2025, 1, 1, tzinfo=UTC)), InvalidQueryError),
    ("query vector of the wrong size", lambda m, i, f: m.search("x", user_id=A,
                                                                vector=[1.0, 2.0]),
     EmbeddingDimensionError),
    ("tree path as one string", lambda m, i, f: m.search("x", user_id=A, tree_path="a/b"),
     InvalidQueryError),
    ("full-text search for nothing", lambda m, i, f: m.search(" ", user_id=A, method="fts"),
     InvalidQueryError),
    ("get unknown id", lambda m, i, f: m.get("episodic", "no-such-id", user_id=A),
     ItemNotFoundError),
    ("get empty id", lambda m, i, f: m.get("episodic", "", user_id=A), InvalidInputError),
    ("delete ids a number", lambda m, i, f: m.delete("episodic", 123, user_id=A),
     InvalidInputError),
    ("update unknown field", lambda m, i, f: m.update("episodic", i["event"], {"bogus": 1},
                                                      user_id=A), InvalidItemError),
    ("update the owner", lambda m, i, f: m.update("episodic", i["event"], {"user_id": "bob"},
                                                  user_id=A), InvalidItemError),
    ("update to an impossible date", lambda m, i, f: m.update(
        "episodic", i["event"], {"occurred_at": "2025-02-30T00:00:00Z"}, user_id=A),
     InvalidItemError),
    ("update with a string", lambda m, i, f: m.update("episodic", i["event"], "summary=x",
                                                      user_id=A), InvalidItemError),
    ("core block over its limit", lambda m, i, f: m.update("core", "human",
                                                           {"value": "x" * 6000}, user_id=A),
     CoreBlockLimitError),
    ("chat empty", lambda m, i, f: m.chat("", user_id=A), InvalidInputError),
    ("chat NUL", lambda m, i, f: m.chat("hi\x00", user_id=A), InvalidInputError),
    ("chat 10 MB", lambda m, i, f: m.chat("x" * BIG, user_id=A), InvalidInputError),
    ("restore unknown change", lambda m, i, f: m.restore("no-such-change", user_id=A),
     ItemNotFoundError),
    ("restore SQL fragment", lambda m, i, f: m.restore("x' OR '1'='1", user_id=A),
     ItemNotFoundError),
    ("restore an insert", lambda m, i, f: m.restore(i["insert"], user_id=A),
     InvalidInputError),
    pytest.param(lambda m, i, f: m.restore(None, user_id=A), InvalidInputError,
                 id="restore None"),
    ("export onto a file", lambda m, i, f: m.export(f["a_file"], user_id=A),
     StoreNotWritableError),
    pytest.param(lambda m, i, f: m.export(None), InvalidInputError, id="export to None"),
    ("import what is no export", lambda m, i, f: m.import_(f["no_export"]), InvalidInputError),
    ("import a corrupt export", lambda m, i, f: m.import_(f["bad_export"]), InvalidInputError),
    ("negative batch size", lambda m, i, f: MemorySystem(store_uri=i["store"], batch_size=-1),
     ConfigError),
    ("store in /proc", lambda m, i, f: MemorySystem(store_uri="/proc/nope/store",
                                                    backend="offline"),
     StoreNotWritableError),
]
API_CASES = [c if hasattr(c, "marks") else pytest.param(c[1], c[2], id=c[0]) for c in API]


@pytest.mark.parametrize(("call", "error"), API_CASES)
def test_api_rejects_with_the_documented_error_and_changes_nothing(
        seeded: tuple[MemorySystem, dict], baseline: Any, files: dict[str, Path],
        call: Call, error: type[MirixLikeError]) -> None:
    memory, ids = seeded
    with pytest.raises(error) as raised:
        call(memory, ids, files)
    assert type(raised.value).__module__ == "mirix_like.errors"
    assert str(raised.value)  # says what is wrong
    assert state(memory) == baseline


CLI = [
    # (id, arguments, fragment of the message)
    ("empty text", ["add", ""], "empty"),
    ("NUL in text", ["add", "hello\x00"], "NUL"),
    ("time in words", ["add", "x", "--at", "yesterday"], "ISO 8601"),
    ("time without zone", ["add", "x", "--at", "2025-03-03T10:00:00"], "time zone"),
    ("30 February", ["add", "x", "--at", "2025-02-30T10:00:00+00:00"], "ISO 8601"),
    ("image /etc/shadow", ["add", "--image", "/etc/shadow"], "cannot be read as an image"),
    ("image is a folder", ["add", "--image", "{folder}"], "not a readable file"),
    ("corrupt image", ["add", "note", "--image", "{corrupt}"], "cannot be read as an image"),
    ("decompression bomb", ["add", "--image", "{huge}"], "cannot be read as an image"),
    ("image over the pixel limit", ["add", "--image", "{over_limit}"], "pixel limit"),
    ("unknown role", ["add", "x", "--role", "root"], "role"),
    ("empty user", ["add", "x", "--user", ""], "user_id"),
    ("user of 300 characters", ["add", "x", "--user", "u" * 300], "longer than"),
    ("list unknown type", ["list", "passwords"], "unknown memory type"),
    ("negative limit", ["list", "episodic", "--limit", "-5"], "limit"),
    ("enormous limit", ["search", "x", "--limit", "99999999999"], "limit"),
    ("limit not a number", ["search", "x", "--limit", "many"], "Invalid value"),
    ("unknown method", ["search", "x", "--method", "sql"], "unknown search method"),
    ("search unknown type", ["search", "x", "--type", "passwords"], "unknown memory type"),
    ("full-text search for nothing", ["search", " ", "--method", "fts"], "non-empty query"),
    ("delete empty id", ["delete", "episodic", ""], "invalid item id"),
    ("delete unknown type", ["delete", "passwords", "x"], "unknown memory type"),
    ("history empty id", ["history", ""], "invalid item id"),
    ("chat empty", ["chat", ""], "empty"),
    ("flush empty user", ["flush", "--user", ""], "user_id"),
    ("unknown option", ["list", "episodic", "--drop-table"], "No such option"),
    pytest.param(["add", SURROGATE], "UTF-8", id="lone surrogate text"),
    pytest.param(["add", "x", "--at", "9999-12-31T23:59:00-12:00"], "time",
                 id="time past year 9999 in UTC"),
]
CLI_CASES = [c if hasattr(c, "marks") else pytest.param(c[1], c[2], id=c[0]) for c in CLI]


@pytest.mark.parametrize(("args", "message"), CLI_CASES)
def test_cli_exits_2_with_a_message_and_changes_nothing(
        seeded: tuple[MemorySystem, dict], baseline: Any, files: dict[str, Path],
        args: list[str], message: str) -> None:
    memory, ids = seeded
    args = [a.format(**files) if a.startswith("{") else a for a in args]
    if not any(a.startswith("--user") for a in args):
        args += ["--user", ADA]
    result = CliRunner().invoke(app, [*args, "--store", ids["store"]])
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert message in result.output
    assert "Traceback" not in result.output
    assert state(memory) == baseline


def test_the_corpus_is_large_enough() -> None:
    assert len(API_CASES) + len(CLI_CASES) >= 30
