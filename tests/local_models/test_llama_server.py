"""The OpenAI-compatible path against a real llama.cpp server with a tiny model (Gemma 3 270M).

A 270M model writes weak memories; what these tests hold it to is what a user of a local
model must be able to count on: every input ends processed or failed with its error (never
lost, never stuck), ``retry`` redoes the failed ones, a server killed in the middle of a
flush costs nothing, and no chat-template token reaches a memory, an answer or a topic.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from support.llama_server import MODEL, QUESTIONS, TEMPLATE_TOKENS, LlamaServer, local_sessions

from mirix_like import AsyncMemorySystem, memory_types
from mirix_like.store import RawInput

pytestmark = pytest.mark.local_model

USER = "sam"


def system_on(server: LlamaServer, tmp_path: Path, **overrides: Any) -> AsyncMemorySystem:
    options: dict[str, Any] = {
        "store_uri": str(tmp_path / "store"), "backend": "openai", "model": MODEL,
        "base_url": server.base_url, "api_key": "local", "max_retries": 1,
        "retry_backoff": 0.2, "request_timeout": 900, "max_tokens": 256, "batch_size": 100}
    return AsyncMemorySystem(**{**options, **overrides})


async def add_all(system: AsyncMemorySystem) -> list[str]:
    """Two sessions (six messages, three languages) as pending inputs; their ids."""
    ids = []
    sessions = local_sessions()
    for session in (sessions[0], sessions[-1]):
        await system.add(session["messages"], user_id=USER, occurred_at=session["occurred_at"])
        ids += [m["id"] for m in session["messages"]]
    return ids


def settled(system: AsyncMemorySystem, ids: list[str]) -> dict[str, RawInput]:
    """The inputs, each processed or failed with its error: none lost, none left pending."""
    raws = {raw.id: raw for raw in system.store.inputs(USER)}
    assert sorted(raws) == sorted(ids)
    assert {raw.status for raw in raws.values()} <= {"processed", "failed"}, Counter(
        raw.status for raw in raws.values())
    assert all(raw.error for raw in raws.values() if raw.status == "failed")
    return raws


def assert_clean(system: AsyncMemorySystem, *texts: str) -> None:
    stored = [item.model_dump(mode="json") for spec in memory_types.all_types()
              for item in system.store.list(spec.name, USER, limit=1000)]
    dumped = json.dumps([stored, texts], ensure_ascii=False)
    assert not [token for token in TEMPLATE_TOKENS if token in dumped]


async def converse(system: AsyncMemorySystem) -> list[str]:
    texts: list[str] = []
    for question in QUESTIONS:
        response = await system.chat(question, user_id=USER)
        assert isinstance(response.answer, str)
        texts += [response.answer, *response.topics]
    return texts


def test_a_server_without_tools_processes_everything_and_chats_clean(
    llama: Any, tmp_path: Path,
) -> None:
    server = llama(jinja=False).start()
    system = system_on(server, tmp_path)

    async def run() -> list[str]:
        ids = await add_all(system)
        await system.flush(USER)
        first = settled(system, ids)
        await system.retry(USER)
        after = settled(system, ids)
        for raw_id, raw in first.items():  # each failed input was tried again
            if raw.status == "failed":
                assert after[raw_id].attempts > raw.attempts
        return await converse(system)

    texts = asyncio.run(run())
    assert system.backend.client.tool_mode == "json_schema"
    assert_clean(system, *texts)


def test_a_server_killed_mid_flush_loses_nothing_and_retry_recovers(
    llama: Any, tmp_path: Path,
) -> None:
    server = llama(jinja=False).start()
    system = system_on(server, tmp_path)
    ids = asyncio.run(add_all(system))
    outcome: dict[str, Any] = {}
    flushing = threading.Thread(target=lambda: outcome.update(
        report=asyncio.run(system.flush(USER))))
    flushing.start()
    deadline = time.monotonic() + 300
    while system.backend.client.calls < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.kill()  # while the model is answering
    flushing.join(timeout=600)
    assert not flushing.is_alive()
    killed = settled(system, ids)
    dead = [raw for raw in killed.values() if raw.status == "failed"]
    assert dead and all("Connection" in raw.error for raw in dead)

    server.start()  # same port, same settings
    asyncio.run(system.retry(USER))
    after = settled(system, ids)
    assert not [raw.id for raw in after.values() if raw.error and "Connection" in raw.error]
    assert_clean(system)


def test_tools_forced_off_on_a_server_that_takes_them(llama: Any, tmp_path: Path) -> None:
    server = llama(jinja=True).start()
    system = system_on(server, tmp_path, model_tools=False)

    async def run() -> list[str]:
        ids = await add_all(system)
        await system.flush(USER)
        settled(system, ids)
        await system.retry(USER)
        settled(system, ids)
        return await converse(system)

    texts = asyncio.run(run())
    assert system.backend.capabilities.tool_mode == "json_schema"
    assert system.backend.client.tool_mode == "json_schema"
    assert_clean(system, *texts)
