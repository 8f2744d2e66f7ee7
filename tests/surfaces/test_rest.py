"""The REST API through FastAPI's TestClient: keys and isolation, every route, JSON errors."""

from __future__ import annotations

import io
import json
import socket
import struct
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from support.openai_server import ScriptedOpenAIServer, error
from support.servers import CLI, free_port, offline_env, server_process

from mirix_like.errors import ModelError
from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.rest import create_app
from mirix_like.system import AsyncMemorySystem

ADMIN = "admin-test-key"


class Api:
    """A TestClient plus the keys made for this test."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def key_for(self, user_id: str) -> dict[str, str]:
        response = self.client.post("/admin/keys", json={"user_id": user_id, "label": "test"},
                                    headers=auth(ADMIN))
        assert response.status_code == 201, response.text
        return auth(response.json()["key"])


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Api]:
    store = str(tmp_path / "store")
    memory = AsyncMemorySystem(store_uri=store, backend="offline")
    app = create_app(memory, ApiKeys(store, admin_keys=[ADMIN]))
    with TestClient(app) as client:
        yield Api(client)


def ok(response, status: int = 200):
    assert response.status_code == status, response.text
    return response.json() if response.content else None


def test_add_search_chat_list_get_update_history_restore_delete(api: Api) -> None:
    sam, c = api.key_for("sam"), api.client
    report = ok(c.post("/api/add", headers=sam, json={
        "content": {"role": "user", "content": "My favourite food is ramen."},
        "occurred_at": "2025-03-01T10:00:00+00:00", "flush": True}))
    [fact_id] = report["created"]["semantic"]

    hits = ok(c.post("/api/search", headers=sam, json={"query": "favourite food",
                                                       "memory_types": ["semantic"]}))
    assert [h["item"]["id"] for h in hits] == [fact_id]
    assert "ramen" in hits[0]["item"]["summary"]  # the full item, not the base fields

    answer = ok(c.post("/api/chat", headers=sam, json={"message": "What is my favourite food?"}))
    assert "ramen" in answer["answer"]
    assert any("ramen" in str(h["item"]) for h in answer["memories"])

    assert [i["id"] for i in ok(c.get("/api/memories/semantic", headers=sam))] == [fact_id]
    assert ok(c.get("/api/memories/semantic", headers=sam,
                    params={"tree_path": ["nowhere"]})) == []
    item = ok(c.get(f"/api/memories/semantic/{fact_id}", headers=sam))
    assert item["summary"] == "The user's favorite food is ramen."

    changed = ok(c.patch(f"/api/memories/semantic/{fact_id}", headers=sam,
                         json={"summary": "The user's favourite food is udon."}))
    assert changed["summary"].endswith("udon.")
    entries = ok(c.get(f"/api/history/{fact_id}", headers=sam))
    assert [e["action"] for e in entries] == ["insert", "update"]
    restored = ok(c.post(f"/api/history/{entries[1]['id']}/restore", headers=sam))
    assert restored["summary"].endswith("ramen.")

    assert ok(c.delete(f"/api/memories/semantic/{fact_id}", headers=sam)) == [fact_id]
    assert ok(c.get("/api/memories/semantic", headers=sam)) == []


def test_pending_flush_failed_retry_and_export(api: Api) -> None:
    sam, c = api.key_for("sam"), api.client
    report = ok(c.post("/api/add", headers=sam, json={"content": "note to self: buy milk",
                                                      "flush": False}))
    [pending] = ok(c.get("/api/pending", headers=sam))
    assert report["pending_inputs"] == [pending["id"]]
    assert ok(c.post("/api/flush", headers=sam))["processed_inputs"] == [pending["id"]]
    assert ok(c.get("/api/pending", headers=sam)) == []
    assert ok(c.get("/api/failed", headers=sam)) == []
    assert ok(c.post("/api/retry", headers=sam))["processed_inputs"] == []

    response = c.get("/api/export", headers=sam)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert "episodic.jsonl" in names and "raw_inputs.jsonl" in names
    assert ok(c.get("/api/watcher", headers=sam)) == {"running": False, "status": None}


def test_an_export_imports_back(api: Api) -> None:
    sam, admin, c = api.key_for("sam"), auth(ADMIN), api.client
    [fact_id] = ok(c.post("/api/add", headers=sam, json={
        "content": "My favourite food is ramen.", "flush": True}))["created"]["semantic"]
    archive = c.get("/api/export", headers=sam).content
    ok(c.delete(f"/api/memories/semantic/{fact_id}", headers=sam))

    assert c.post("/admin/import", headers=sam, content=archive).status_code == 403
    summary = ok(c.post("/admin/import", content=archive,
                        headers={**admin, "Content-Type": "application/zip"}))
    assert summary["users"] == ["sam"]
    assert [i["id"] for i in ok(c.get("/api/memories/semantic", headers=sam))] == [fact_id]
    bad = c.post("/admin/import", headers=admin, content=b"not a zip")
    assert bad.status_code == 422 and "not a zip" in bad.json()["error"]["message"]


def test_a_key_sees_only_its_users_memories(api: Api) -> None:
    sam, ada, c = api.key_for("sam"), api.key_for("ada"), api.client
    report = ok(c.post("/api/add", headers=sam, json={"content": "My favourite food is ramen.",
                                                      "flush": True}))
    [fact_id] = report["created"]["semantic"]
    assert ok(c.get("/api/me", headers=ada))["user_id"] == "ada"

    assert ok(c.post("/api/search", headers=ada, json={"query": "ramen", "method": "fts"})) == []
    assert ok(c.get("/api/memories/semantic", headers=ada)) == []
    assert c.get(f"/api/memories/semantic/{fact_id}", headers=ada).status_code == 404
    assert c.patch(f"/api/memories/semantic/{fact_id}", headers=ada,
                   json={"summary": "hacked"}).status_code == 404
    assert c.delete(f"/api/memories/semantic/{fact_id}", headers=ada).status_code == 404
    assert ok(c.get(f"/api/history/{fact_id}", headers=ada)) == []
    assert ok(c.get(f"/api/memories/semantic/{fact_id}", headers=sam))["summary"].endswith(
        "ramen.")


def test_admin_manages_keys_and_users(api: Api) -> None:
    c, admin = api.client, auth(ADMIN)
    sam = api.key_for("sam")
    ok(c.post("/api/add", headers=sam, json={"content": "hello there, I am Sam",
                                             "flush": False}))
    assert ok(c.get("/admin/users", headers=admin)) == ["sam"]
    [listed] = ok(c.get("/admin/keys", headers=admin))
    assert listed["user_id"] == "sam" and "key" not in listed and "key_hash" not in listed
    assert [r["user_id"] for r in ok(c.get("/admin/pending", headers=admin))] == ["sam"]

    assert c.get("/admin/keys", headers=sam).status_code == 403  # users cannot manage keys
    assert c.get("/api/memories/core", headers=admin).status_code == 403  # admins hold no memory
    assert c.delete(f"/admin/keys/{listed['key_id']}", headers=admin).status_code == 204
    assert c.get("/api/me", headers=sam).status_code == 401  # revoked at once
    assert c.delete(f"/admin/keys/{listed['key_id']}", headers=admin).status_code == 404


def test_errors_are_json_with_proper_status_codes(api: Api) -> None:
    sam, c = api.key_for("sam"), api.client

    def error(response, status: int) -> dict:
        assert response.status_code == status, response.text
        return response.json()["error"]

    missing = error(c.get("/api/memories/core"), 401)
    assert "Bearer" in missing["message"]
    assert error(c.get("/api/me", headers=auth("wrong")), 401)["message"] == "unknown API key"
    assert error(c.get("/api/memories/nonsense", headers=sam), 422)["type"] == (
        "UnknownMemoryTypeError")
    assert error(c.get("/api/memories/semantic/nope", headers=sam), 404)["type"] == (
        "ItemNotFoundError")
    assert error(c.post("/api/add", headers=sam, json={"content": "  "}), 422)["type"] == (
        "InvalidInputError")
    assert "ISO 8601" in error(c.post("/api/add", headers=sam, json={
        "content": "hi", "occurred_at": "yesterday"}), 422)["message"]
    assert error(c.post("/api/add", headers=sam, json={"images": ["not base64!"]}),
                 422)["type"] == "InvalidInputError"
    assert error(c.post("/api/search", headers=sam, json={"query": "x", "limit": 0}),
                 422)["type"] == "InvalidQueryError"
    assert error(c.post("/api/chat", headers=sam, json={}), 422)["type"] == (
        "RequestValidationError")
    assert error(c.delete("/api/memories/semantic/nope", headers=sam), 404)["message"]


def test_a_watcher_in_the_server_reports_its_status(tmp_path: Path) -> None:
    class Watcher:
        def status(self) -> dict:
            return {"state": "paused", "frames_kept": 3, "frames_dropped": 7, "pending": 2}

    store = str(tmp_path / "store")
    keys = ApiKeys(store)
    _, key = keys.create("sam")
    app = create_app(AsyncMemorySystem(store_uri=store, backend="offline"), keys,
                     watcher=Watcher())
    with TestClient(app) as client:
        info = ok(client.get("/api/watcher", headers=auth(key)))
    assert info == {"running": True, "status": Watcher().status()}


def test_failed_model_calls_keep_inputs_in_failed(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    keys = ApiKeys(store)
    sam = auth(keys.create("sam")[1])
    with ScriptedOpenAIServer(responder=lambda request: error(503)) as server:
        memory = AsyncMemorySystem(store_uri=store, backend="openai", base_url=server.base_url,
                                   api_key="test", max_retries=0)
        with TestClient(create_app(memory, keys)) as client:
            report = ok(client.post("/api/add", headers=sam, json={"content": "I like tea",
                                                                   "flush": True}))
            assert report["failed_inputs"] and "503" in report["errors"][0]
            [failed] = ok(client.get("/api/failed", headers=sam))
            assert failed["text"] == "I like tea" and "503" in failed["error"]
        server.failures.clear()


@pytest.mark.parametrize(("raised", "status"), [
    (ModelError("the model backend failed after 3 attempts"), 502),
    (RuntimeError("secret internals"), 500),
])
def test_model_and_unexpected_errors(api: Api, monkeypatch: pytest.MonkeyPatch,
                                     raised: Exception, status: int) -> None:
    sam = api.key_for("sam")

    async def failing(*args: object, **kwargs: object) -> None:
        raise raised

    monkeypatch.setattr(AsyncMemorySystem, "chat", failing)
    client = TestClient(api.client.app, raise_server_exceptions=False)
    response = client.post("/api/chat", headers=sam, json={"message": "hi"})
    assert response.status_code == status
    if status == 502:
        assert response.json()["error"] == {"type": "ModelError", "message": str(raised)}
    else:  # nothing of the internals leaks
        assert response.json()["error"] == {"type": "InternalServerError",
                                            "message": "unexpected error; see the server log"}


def test_openapi_schema_lists_the_routes_and_bearer_auth(api: Api) -> None:
    schema = ok(api.client.get("/openapi.json"))
    paths = set(schema["paths"])
    assert {"/api/add", "/api/flush", "/api/chat", "/api/search", "/api/memories/{memory_type}",
            "/api/memories/{memory_type}/{item_id}", "/api/history/{item_id}",
            "/api/pending", "/api/failed", "/api/retry", "/api/export", "/admin/keys",
            "/admin/users", "/admin/import"} <= paths
    assert {"get", "patch", "delete"} <= set(schema["paths"]["/api/memories/{memory_type}/"
                                                           "{item_id}"])
    assert schema["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    assert api.client.get("/docs").status_code == 200


def test_serve_command_binds_loopback_and_takes_the_admin_key(tmp_path: Path) -> None:
    port = free_port()
    env = {**offline_env(tmp_path), "MIRIX_LIKE_ADMIN_KEY": ADMIN}
    command = [CLI, "serve", "--port", str(port), "--store", str(tmp_path / "store")]

    def call(path: str, key: str, body: dict | None = None) -> dict:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}", headers={**auth(key), "Content-Type":
                                                        "application/json"},
            data=json.dumps(body).encode() if body is not None else None)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    with server_process(command, port, env):
        key = call("/admin/keys", ADMIN, {"user_id": "sam"})["key"]
        assert call("/api/me", key)["user_id"] == "sam"
        assert listening_on(port) == {"127.0.0.1"}


def listening_on(port: int) -> set[str]:
    """The IPv4 addresses with a socket listening on ``port``, from /proc/net/tcp (Linux)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
            found.add(socket.inet_ntoa(struct.pack("<I", int(address, 16))))
    return found
