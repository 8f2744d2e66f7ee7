"""A seventh memory type is one module: ``task``, dropped into a folder of its own.

No other file is touched: on the offline default the generic extractor routes and fills it by
its cues and fields, retrieval limits accept its name (by setting and by environment), and the
CLI, MCP and REST surfaces list it because they read the registry.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from mcp import Client
from typer.testing import CliRunner

from mirix_like import MemorySystem, memory_types
from mirix_like.cli import app
from mirix_like.config import load_settings
from mirix_like.errors import ConfigError
from mirix_like.memory_types import MemoryType
from mirix_like.offline.extractors import registered
from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.mcp_server import build_server
from mirix_like.surfaces.rest import create_app

TASK_MODULE = '''
"""Tasks: what the user has to do, and by when."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from mirix_like.memory_types.base import MemoryItem, MemoryType


class Task(MemoryItem):
    """One thing to do."""

    title: str = Field(min_length=1)
    due: datetime | None = None
    done: bool = False


def render(item: Task) -> str:
    due = f" (due {item.due:%Y-%m-%d})" if item.due else ""
    return f"{'done' if item.done else 'to do'}: {item.title}{due}"


SPEC = MemoryType(
    name="task",
    item_model=Task,
    description="Things the user has to do, with an optional due date.",
    instructions="Store each thing the user has to do once, with its due date when given.",
    text_fields=("title",),
    embed_fields=("title",),
    render=render,
    order=6,
    tree=False,
    sample={"title": "Renew my passport", "due": "2026-12-01T00:00:00+00:00"},
    cues=("need to", "remind me", "todo"),
)
'''
PASSPORT = "I need to renew my passport by 2026-12-01"


def _forget_caches() -> None:
    memory_types._registry.cache_clear()
    registered.cache_clear()


@pytest.fixture
def task(tmp_path: Path) -> Iterator[MemoryType]:
    """The ``task`` type, registered from a module in a temporary folder; removed after."""
    folder = tmp_path / "more_types"
    folder.mkdir()
    (folder / "task.py").write_text(TASK_MODULE)
    memory_types.__path__.append(str(folder))
    _forget_caches()
    try:
        yield memory_types.get("task")
    finally:
        memory_types.__path__.remove(str(folder))
        sys.modules.pop(f"{memory_types.__name__}.task", None)
        _forget_caches()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("MIRIX_LIKE_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "offline")
    return str(tmp_path / "store")


def test_a_task_is_routed_stored_and_found(task: MemoryType, store: str) -> None:
    assert memory_types.names()[-1] == "task"
    with MemorySystem(store_uri=store, backend="offline") as memory:
        report = memory.add(PASSPORT, user_id="sam", flush=True)
        assert "task" in report.routed and not report.failed_inputs
        [task_id] = report.created["task"]
        item = memory.get("task", task_id, user_id="sam")
        hits = memory.search("passport", user_id="sam", memory_types=["task"])
    assert item.title == "Renew my passport"
    assert item.due is not None and item.due.date() == date(2026, 12, 1)
    assert item.done is False and item.source_ids == report.processed_inputs
    assert [h.item.id for h in hits] == [task_id]


def test_chat_and_context_show_a_task_added_as_text(task: MemoryType, store: str) -> None:
    with MemorySystem(store_uri=store, backend="offline") as memory:
        [task_id] = memory.add(PASSPORT, user_id="sam", flush=True).created["task"]
        context = memory.context("When is my passport due?", user_id="sam")
        response = memory.chat("What do I need to do about my passport?", user_id="sam")
    assert task_id in [h.item.id for h in context.items]
    assert "Renew my passport" in context.text and context.counts["task"] == (1, 1)
    assert task_id in [h.item.id for h in response.memories]


def test_chat_context_and_its_retrieval_limit_by_setting_and_environment(
        task: MemoryType, store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    question = "What do I need to do about my passport?"
    tasks = [{"title": "Renew my passport", "due": "2026-12-01T00:00:00+00:00"},
             {"title": "Find my old passport photos"}]
    with MemorySystem(store_uri=store, backend="offline") as memory:
        ids = {i.id for i in memory.insert("task", tasks, user_id="sam")}
        context = memory.context(question, user_id="sam")
        response = memory.chat(question, user_id="sam")
    assert context.counts["task"] == (2, 2) and {h.item.id for h in context.items} == ids
    assert "to do: Renew my passport (due 2026-12-01)" in context.text
    assert ids <= {h.item.id for h in response.memories}
    with MemorySystem(store_uri=store, backend="offline", retrieval={"task": 1}) as memory:
        assert memory.context(question, user_id="sam").counts["task"] == (1, 2)

    monkeypatch.setenv("MIRIX_LIKE_RETRIEVAL__TASK", "1")
    assert load_settings().retrieval.limit(task) == 1
    with MemorySystem(store_uri=store, backend="offline") as memory:
        assert memory.context(question, user_id="sam").counts["task"] == (1, 2)
    monkeypatch.setenv("MIRIX_LIKE_RETRIEVAL__TASKS", "1")  # a typo is refused, not ignored
    with pytest.raises(ConfigError, match="tasks"):
        load_settings()


def test_the_name_is_unknown_once_the_module_is_gone(store: str) -> None:
    with pytest.raises(ConfigError, match="task"):
        load_settings(store_uri=store, retrieval={"task": 1})


def test_the_cli_mcp_and_rest_list_it(task: MemoryType, store: str) -> None:
    runner = CliRunner()
    for command in (["list", "--help"], ["search", "--help"]):
        assert "task" in runner.invoke(app, command).output
    with MemorySystem(store_uri=store, backend="offline") as memory:
        [task_id] = memory.add(PASSPORT, user_id="sam", flush=True).created["task"]

        async def over_mcp() -> tuple[dict[str, str], dict]:
            async with Client(build_server(memory.aio, "sam")) as client:
                tools = {t.name: t.description or "" for t in (await client.list_tools()).tools}
                found = await client.call_tool("search_memory", {
                    "query": "passport", "memory_types": ["task"]})
            return tools, found.structured_content

        tools, found = asyncio.run(over_mcp())
        assert "task" in tools["search_memory"] and "task" in tools["delete_memory"]
        assert [hit["id"] for hit in found["result"]] == [task_id]
        assert "Renew my passport" in found["result"][0]["text"]

        keys = ApiKeys(store, admin_keys=["admin-key"])
        _, key = keys.create("sam")
        sam = {"Authorization": f"Bearer {key}"}
        with TestClient(create_app(memory.aio, keys)) as client:
            types = {t["name"]: t for t in client.get("/api/types", headers=sam).json()}
            listed = client.get("/api/memories/task", headers=sam).json()
    assert list(types) == memory_types.names()
    assert types["task"]["fields"] == ["title", "due", "done"] and not types["task"]["tree"]
    assert [i["id"] for i in listed] == [task_id] and listed[0]["due"].startswith("2026-12-01")
    listed_cli = runner.invoke(app, ["list", "task", "--user", "sam", "--store", store])
    assert listed_cli.exit_code == 0 and "Renew my passport" in listed_cli.output
