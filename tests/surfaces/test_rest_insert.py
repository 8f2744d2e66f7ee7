"""``POST /api/memories/{type}``: structured items in through the REST API, per user."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.rest import create_app
from mirix_like.system import AsyncMemorySystem

ADMIN = {"Authorization": "Bearer admin-insert-key"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = str(tmp_path / "store")
    app = create_app(AsyncMemorySystem(store_uri=store, backend="offline"),
                     ApiKeys(store, admin_keys=["admin-insert-key"]))
    with TestClient(app) as test_client:
        yield test_client


def key(client: TestClient, user: str) -> dict[str, str]:
    response = client.post("/admin/keys", json={"user_id": user}, headers=ADMIN)
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['key']}"}


def test_insert_lists_and_refuses_bad_items_storing_nothing(client: TestClient) -> None:
    sam, ann = key(client, "sam"), key(client, "ann")
    body = [{"summary": "Ran 10 km along the river", "occurred_at": "2024-04-02T07:00:00Z",
             "source_ids": ["watch-77"]},
            {"summary": "Dîner chez Marie", "metadata": {"place": "Lyon"}}]
    response = client.post("/api/memories/episodic", json=body, headers=sam)
    assert response.status_code == 201, response.text
    stored = response.json()
    assert [i["user_id"] for i in stored] == ["sam", "sam"]
    listed = client.get("/api/memories/episodic", headers=sam).json()
    assert {i["id"] for i in listed} == {i["id"] for i in stored}
    assert client.get("/api/memories/episodic", headers=ann).json() == []

    for bad in ([{"summary": "ok"}, {"summary": None}], [{"summary": "x", "user_id": "ann"}],
                {"summary": "not a list"}, ["text"]):
        response = client.post("/api/memories/episodic", json=bad, headers=sam)
        assert response.status_code == 422, (bad, response.text)
        assert "error" in response.json()
    assert len(client.get("/api/memories/episodic", headers=sam).json()) == 2
    assert client.post("/api/memories/nope", json=[], headers=sam).status_code == 422
    assert client.post("/api/memories/episodic", json=body).status_code == 401
