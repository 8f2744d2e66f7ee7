"""The MCP server through the SDK's own client: in process, over stdio and streamable HTTP."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from support.servers import CLI, free_port, offline_env, server_process

from mirix_like import MemorySystem
from mirix_like.surfaces.mcp_server import build_server
from mirix_like.system import AsyncMemorySystem

FOOD = "My favourite food is ramen."


@pytest.fixture
def store(tmp_path: Path) -> str:
    return str(tmp_path / "store")


async def exercise(client: Client) -> dict:
    """Add, search, chat and delete through ``client``; what each returned."""
    tools = await client.list_tools()
    added = await client.call_tool("add_memory", {"content": FOOD})
    found = await client.call_tool("search_memory", {"query": "favourite food",
                                                      "memory_types": ["semantic"]})
    chat = await client.call_tool("chat", {"message": "What is my favourite food?"})
    [hit] = found.structured_content["result"]
    deleted = await client.call_tool("delete_memory", {"memory_type": "semantic",
                                                        "item_ids": [hit["id"]]})
    again = await client.call_tool("search_memory", {"query": "favourite food",
                                                      "memory_types": ["semantic"]})
    return {"tools": sorted(t.name for t in tools.tools), "added": added, "hit": hit,
            "chat": chat, "deleted": deleted, "again": again}


def check(result: dict) -> None:
    assert result["tools"] == ["add_memory", "chat", "delete_memory", "search_memory"]
    assert not result["added"].is_error
    assert result["added"].structured_content["created"]["semantic"] == [result["hit"]["id"]]
    assert "ramen" in result["hit"]["text"]
    assert "ramen" in result["chat"].structured_content["answer"]
    assert result["deleted"].structured_content["result"] == [result["hit"]["id"]]
    assert result["again"].structured_content["result"] == []


def test_tools_in_process_and_user_scope(store: str) -> None:
    async def run() -> tuple[dict, list]:
        async with AsyncMemorySystem(store_uri=store, backend="offline") as memory:
            async with Client(build_server(memory, "sam")) as client:
                result = await exercise(client)
            await memory.add("My favourite colour is teal.", user_id="ada", flush=True)
            async with Client(build_server(memory, "sam")) as client:
                found = await client.call_tool("search_memory", {"query": "teal",
                                                                  "method": "fts"})
        return result, found.structured_content["result"]

    result, sam_sees = asyncio.run(run())
    check(result)
    assert sam_sees == []  # ada's memories stay hers


def test_library_errors_come_back_as_tool_errors(store: str) -> None:
    async def run() -> list:
        async with (AsyncMemorySystem(store_uri=store, backend="offline") as memory,
                    Client(build_server(memory, "sam")) as client):
            return [await client.call_tool(name, args) for name, args in [
                ("search_memory", {"query": "x", "memory_types": ["bogus"]}),
                ("add_memory", {"content": "   "}),
                ("add_memory", {"content": "hi", "occurred_at": "yesterday"}),
            ]]

    errors = asyncio.run(run())
    assert all(r.is_error for r in errors)
    assert "UnknownMemoryTypeError: unknown memory type 'bogus'" in errors[0].content[0].text
    assert "empty" in errors[1].content[0].text
    assert "ISO 8601" in errors[2].content[0].text


def test_vault_secrets_are_never_returned(store: str) -> None:
    with MemorySystem(store_uri=store, backend="offline") as memory:
        memory.store.insert("knowledge_vault", "sam", [{
            "entry_type": "password", "caption": "Home wifi password",
            "secret_value": "hunter2-correct-horse", "sensitivity": "low"}])

    async def run() -> str:
        async with (AsyncMemorySystem(store_uri=store, backend="offline") as memory,
                    Client(build_server(memory, "sam")) as client):
            found = await client.call_tool("search_memory", {"query": "wifi password"})
        return str(found.content) + str(found.structured_content)

    shown = asyncio.run(run())
    assert "Home wifi password" in shown and "hunter2" not in shown


def test_stdio_subprocess(store: str, tmp_path: Path) -> None:
    params = StdioServerParameters(command=CLI, args=["mcp", "--store", store, "--user", "sam"],
                                   env=offline_env(tmp_path))

    async def run() -> dict:
        async with Client(params) as client:
            return await exercise(client)

    check(asyncio.run(run()))
    with MemorySystem(store_uri=store, backend="offline") as memory:
        assert memory.list("episodic", user_id="sam")  # the stdio server wrote this store


def test_streamable_http_on_a_free_port(store: str, tmp_path: Path) -> None:
    port = free_port()
    args = [CLI, "mcp", "--transport", "streamable-http", "--port", str(port), "--store", store,
            "--user", "sam"]

    async def run() -> dict:
        async with Client(f"http://127.0.0.1:{port}/mcp") as client:
            return await exercise(client)

    with server_process(args, port, offline_env(tmp_path)):
        check(asyncio.run(run()))
