"""The MCP server through the SDK's own client: in process, over stdio and streamable HTTP."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from support.servers import CLI, free_port, offline_env, server_process

from mirix_like import MemorySystem
from mirix_like.surfaces.keys import ApiKeys
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
    assert result["tools"] == ["add_memory", "chat", "context", "delete_memory",
                               "search_memory"]
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


def over_http(url: str, key: str) -> Client:
    """An MCP client for ``url`` that sends ``key`` as its bearer token."""
    headers = {"Authorization": f"Bearer {key}"}
    return Client(streamable_http_client(url, http_client=create_mcp_http_client(headers)))


def initialize(url: str, headers: dict[str, str]) -> tuple[int, str]:
    """POST an MCP ``initialize`` with ``headers``: the status and body of the answer."""
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "probe", "version": "1"}}}).encode()
    request = urllib.request.Request(url, data=body, headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
        **headers})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_streamable_http_needs_a_users_key_and_serves_only_that_user(store: str,
                                                                     tmp_path: Path) -> None:
    keys = ApiKeys(store, admin_keys=["admin-key-never-valid-here"])
    _, sam = keys.create("sam")
    _, ada = keys.create("ada")
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    args = [CLI, "mcp", "--transport", "streamable-http", "--port", str(port), "--store", store]

    async def run() -> tuple[dict, list, list]:
        async with over_http(url, sam) as client:
            result = await exercise(client)
        async with over_http(url, ada) as client:
            await client.call_tool("add_memory", {"content": "My favourite colour is teal."})
            ada_sees = await client.call_tool("search_memory", {"query": "teal",
                                                                 "method": "fts"})
        async with over_http(url, sam) as client:
            sam_sees = await client.call_tool("search_memory", {"query": "teal",
                                                                 "method": "fts"})
        return (result, ada_sees.structured_content["result"],
                sam_sees.structured_content["result"])

    with server_process(args, port, offline_env(tmp_path)):
        refusals = [initialize(url, headers) for headers in (
            {}, {"Authorization": "Bearer mlk_not-a-key"}, {"Authorization": f"Basic {sam}"},
            {"Authorization": "Bearer admin-key-never-valid-here"})]
        result, ada_sees, sam_sees = asyncio.run(run())
        status, _ = initialize(url, {"Authorization": f"Bearer {sam}"})
        keys.revoke(keys.list("sam")[0].key_id)
        revoked, _ = initialize(url, {"Authorization": f"Bearer {sam}"})
    assert [status for status, _ in refusals] == [401, 401, 401, 401]
    assert all(json.loads(body)["error"]["message"] for _, body in refusals)
    check(result)
    assert status == 200 and revoked == 401
    assert [hit["text"] for hit in ada_sees] and "teal" in ada_sees[0]["text"]
    assert sam_sees == []  # one user's key never reaches another user's memories
    with MemorySystem(store_uri=store, backend="offline") as memory:
        assert memory.list("episodic", user_id="sam")
        assert not memory.list("episodic", user_id="default")  # nothing went to a default
