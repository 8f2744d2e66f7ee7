"""The context API through REST and MCP: the same text, items and sources as the library."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from mcp import Client

from mirix_like.retrieval.active import MAX_CONTEXT_TOKENS
from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.mcp_server import build_server
from mirix_like.surfaces.rest import create_app
from mirix_like.system import AsyncMemorySystem

ADMIN = "admin-test-key"
FACTS = ["My sister Maya lives in Lisbon.", "Maya works as a marine biologist.",
         "My favourite food is ramen."]
QUESTION = "Where does Maya live?"


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[AsyncMemorySystem]:
    system = AsyncMemorySystem(store_uri=str(tmp_path / "store"), backend="offline")

    async def fill() -> None:
        for fact in FACTS:
            await system.add(fact, user_id="sam", flush=True)

    asyncio.run(fill())
    yield system


@pytest.fixture
def rest(memory: AsyncMemorySystem) -> Iterator[tuple[TestClient, dict[str, str]]]:
    keys = ApiKeys(memory.settings.store_uri, admin_keys=[ADMIN])
    _, key = keys.create("sam")
    with TestClient(create_app(memory, keys)) as client:
        yield client, {"Authorization": f"Bearer {key}"}


def test_rest_context_by_post_and_get_matches_the_library(
        memory: AsyncMemorySystem, rest: tuple[TestClient, dict[str, str]]) -> None:
    client, sam = rest
    posted = client.post("/api/context", headers=sam, json={"query": QUESTION})
    assert posted.status_code == 200, posted.text
    body = posted.json()
    assert "Lisbon" in body["text"] and body["tokens"] <= body["max_tokens"] == 1000
    assert any("Lisbon" in str(hit["item"]) for hit in body["items"])
    assert body["source_ids"] and body["counts"]["semantic"][1] >= 1
    got = client.get("/api/context", headers=sam, params={"query": QUESTION, "max_tokens": 40})
    assert got.status_code == 200, got.text
    assert got.json()["tokens"] <= 40 and got.json()["max_tokens"] == 40
    library = asyncio.run(memory.context(QUESTION, user_id="sam"))
    assert body["text"] == library.text and body["source_ids"] == library.source_ids


def test_rest_context_refuses_bad_input_with_4xx(rest: tuple[TestClient, dict[str, str]]
                                                 ) -> None:
    client, sam = rest
    bad = [{"query": ""}, {"query": "   "}, {"query": "x", "max_tokens": 0},
           {"query": "x", "max_tokens": MAX_CONTEXT_TOKENS + 1}, {"query": "x", "max_tokens": -5},
           {"query": "x", "max_tokens": "many"}, {"query": "x", "max_tokens": 2.5},
           {"max_tokens": 10}, {"query": "x" * 20_000}]
    for body in bad:
        response = client.post("/api/context", headers=sam, json=body)
        assert response.status_code == 422, (body, response.text)
        assert response.json()["error"]["message"]
    assert client.get("/api/context", headers=sam,
                      params={"query": "x", "max_tokens": "lots"}).status_code == 422
    assert client.post("/api/context", json={"query": "x"}).status_code == 401
    admin = {"Authorization": f"Bearer {ADMIN}"}
    assert client.post("/api/context", headers=admin, json={"query": "x"}).status_code == 403


def test_rest_context_shows_only_the_keys_user(memory: AsyncMemorySystem,
                                               rest: tuple[TestClient, dict[str, str]]) -> None:
    client, _ = rest
    _, ada = ApiKeys(memory.settings.store_uri).create("ada")
    body = client.post("/api/context", headers={"Authorization": f"Bearer {ada}"},
                       json={"query": QUESTION}).json()
    assert "Lisbon" not in body["text"] and body["items"] == [] and body["source_ids"] == []


def test_mcp_context_tool_gives_text_items_and_sources(memory: AsyncMemorySystem) -> None:
    async def run() -> tuple:
        async with Client(build_server(memory, "sam")) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            found = await client.call_tool("context", {"query": QUESTION, "max_tokens": 200})
            bad = [await client.call_tool("context", args) for args in (
                {"query": ""}, {"query": "x", "max_tokens": 0},
                {"query": "x", "max_tokens": MAX_CONTEXT_TOKENS + 1})]
        return tools, found, bad

    tools, found, bad = asyncio.run(run())
    assert "max_tokens" in tools["context"].input_schema["properties"]
    assert not found.is_error
    result = found.structured_content
    assert "Lisbon" in result["text"] and result["tokens"] <= 200
    assert any("Lisbon" in hit["text"] for hit in result["items"])
    assert result["source_ids"]
    assert all(r.is_error and "InvalidInputError" in r.content[0].text for r in bad), bad
