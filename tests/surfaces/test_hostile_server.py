"""Hostile requests to the REST and MCP servers, as an attacker or a careless client sends them.

Every route is found from the app itself, so a route added later is covered too. The servers
must refuse before a request costs anything (413 for a body over the limit, 401 without a
key, neither reading the body), answer 422 naming the limit for JSON nested or sized beyond
it, and never answer 500, whatever the body, path, date or text.
"""

from __future__ import annotations

import base64
import io
import json
import socket
import struct
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from schemathesis import GenerationMode
from starlette.routing import Mount
from support.servers import CLI, free_port, offline_env, server_process

from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.mcp_server import http_app
from mirix_like.surfaces.rest import MAX_JSON_DEPTH, create_app
from mirix_like.system import AsyncMemorySystem

ADMIN = "admin-key-for-hostile-tests"
MB = 2**20
PUBLIC = {("GET", "/"), ("GET", "/favicon.ico"), ("GET", "/docs"), ("GET", "/redoc"),
          ("GET", "/docs/oauth2-redirect"), ("GET", "/openapi.json")}
"""What answers without a key: the login page, the API's own docs and (``GET /static/...``)
static assets."""


def public(method: str, path: str) -> bool:
    return (method, path) in PUBLIC or (method == "GET" and path.startswith("/static/"))


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def nested(depth: int, leaf: Any = 1) -> Any:
    """``depth`` mappings inside each other."""
    value = leaf
    for _ in range(depth):
        value = {"a": value}
    return value


class Api:
    def __init__(self, client: TestClient, keys: ApiKeys) -> None:
        self.client = client
        self.app: FastAPI = client.app  # type: ignore[assignment]
        self.keys = keys
        self.sam = auth(keys.create("sam")[1])

    def key_for(self, user_id: str) -> dict[str, str]:
        return auth(self.keys.create(user_id)[1])


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    store = str(tmp_path_factory.mktemp("hostile-server") / "store")
    keys = ApiKeys(store, admin_keys=[ADMIN])
    # Inputs wait (no batch fills) unless a request asks to flush: the fuzzing stays quick.
    memory = AsyncMemorySystem(store_uri=store, backend="offline", batch_size=1000)
    with TestClient(create_app(memory, keys), raise_server_exceptions=False) as client:
        yield Api(client, keys)


def flat(routes: Iterable[Any]) -> Iterator[Any]:
    """Routes, those of included routers too (FastAPI wraps them in one route each)."""
    for route in routes:
        included = getattr(route, "effective_candidates", None)
        if included is not None:
            yield from flat(included() if callable(included) else included)
        else:
            yield route


def routes(app: FastAPI) -> list[tuple[str, str]]:
    """Every (method, path) the app serves, path parameters filled in; a mount as ``/*``.

    Checked against the OpenAPI schema, so no route of an included router is missed.
    """
    formats, found = set(), []
    for route in flat(app.routes):
        if isinstance(route, Mount):
            found.append(("GET", route.path + "/*"))
            continue
        path = route.path_format
        formats |= {(method, path) for method in route.methods or ()}
        for name in route.param_convertors:
            path = path.replace("{" + name + "}", "semantic" if name == "memory_type" else "x")
        found += [(method, path) for method in sorted(route.methods or ()) if method != "HEAD"]
    schema = {(method.upper(), path) for path, operations in app.openapi()["paths"].items()
              for method in operations}
    assert schema <= formats, schema - formats
    return found


def concrete(path: str) -> str:
    return path.replace("/*", "/app.js")


def send(client: TestClient, method: str, path: str, body: Any, headers: dict[str, str]
         ) -> Any:
    """``body`` as ASCII JSON (a lone surrogate travels as a ``\\udXXX`` escape)."""
    return client.request(method, path, content=json.dumps(body).encode(),
                          headers={**headers, "Content-Type": "application/json"})


def no_server_error(response: Any) -> None:
    assert response.status_code < 500, (response.request.method, response.request.url,
                                        response.status_code, response.text[:500])
    if response.status_code >= 400:
        assert response.json()["error"]["message"], response.text


# ----------------------------------------------------------------- keys


def test_every_route_needs_a_key_but_the_login_page_static_assets_and_docs(api: Api) -> None:
    c = api.client
    found = routes(api.app)
    assert len(found) >= 28 and ("POST", "/api/add") in found and ("GET", "/api/types") in found
    assert {r for r in found if public(*r)} >= {("GET", "/"), ("GET", "/static/*"),
                                               ("GET", "/openapi.json")}
    bad_headers = [{}, auth("mlk_not-a-key"), auth(""), auth("x" * 5000),
                   {"Authorization": "Basic c2FtOnB3"}, {"Authorization": "Bearer"},
                   {"Authorization": "bearer  k\u00e9y".encode("latin-1")},
                   {"Authorization": ADMIN}, auth(ADMIN + "x"), auth("' OR '1'='1"),
                   auth("mlk_%00")]
    for method, path in found:
        for headers in bad_headers:
            response = c.request(method, concrete(path), headers=headers)
            if public(method, path):
                assert response.status_code != 401, (method, path)
            else:
                assert response.status_code == 401, (method, path, headers, response.text)
                assert response.json()["error"]["type"] == "Unauthorized"
                assert response.headers["www-authenticate"] == "Bearer"
    # A user's key opens only /api, the admin key only /admin (and who am I, the types).
    for method, path in found:
        if public(method, path) or path in ("/api/me", "/api/types"):
            continue
        key = auth(ADMIN) if path.startswith("/api/") else api.sam
        assert c.request(method, concrete(path), headers=key).status_code == 403, (method,
                                                                                   path)


def test_unknown_paths_and_methods_need_a_key_too(api: Api) -> None:
    c = api.client
    for method, path in [("GET", "/nope"), ("GET", "/api"), ("GET", "/api/"),
                         ("GET", "/API/pending"), ("GET", "/api/pending/"),
                         ("POST", "/"), ("PUT", "/api/add"), ("OPTIONS", "/api/add"),
                         ("DELETE", "/admin/keys"), ("GET", "/admin"), ("TRACE", "/api/me"),
                         ("GET", "/static"), ("POST", "/static/app.js"), ("GET", "/.env"),
                         ("GET", "/api/memories/semantic/x/extra")]:
        assert c.request(method, path).status_code == 401, (method, path)
    assert c.get("/api/types", headers=api.sam).status_code == 200


# ----------------------------------------------------------------- body limits


def test_bodies_over_the_limit_are_refused_before_and_without_a_key(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    keys = ApiKeys(store, admin_keys=[ADMIN])
    sam = auth(keys.create("sam")[1])
    app = create_app(AsyncMemorySystem(store_uri=store, backend="offline"), keys,
                     max_body_bytes=1000, max_import_bytes=5000)
    with TestClient(app, raise_server_exceptions=False) as c:
        body = json.dumps({"content": "x" * 2000}).encode()
        for headers in ({}, sam, auth("wrong")):
            response = c.post("/api/add", content=body, headers={
                **headers, "Content-Type": "application/json"})
            assert response.status_code == 413, response.text
            assert "1,000-byte limit" in response.json()["error"]["message"]
            assert response.headers["connection"] == "close"

        def chunks(total: int) -> Iterator[bytes]:  # no Content-Length: sent chunked
            yield b'{"flush": false, "content": "'
            for _ in range(total // 100):
                yield b"y" * 100
            yield b'"}'

        json_sam = {**sam, "Content-Type": "application/json"}
        assert c.post("/api/add", content=chunks(3000), headers=json_sam).status_code == 413
        assert c.post("/api/add", content=chunks(3000)).status_code == 401
        assert c.post("/api/add", content=chunks(500), headers=json_sam).status_code == 200
        for headers in ({"Content-Length": "12, 13"}, {"Content-Length": "-5"},
                        {"Content-Length": "abc"}):
            assert c.post("/api/add", content=b"", headers={**sam, **headers}
                          ).status_code in (400, 413)
        # The import route has its own limit, and refuses the same way.
        assert c.post("/admin/import", content=b"z" * 6000,
                      headers=auth(ADMIN)).status_code == 413
        assert c.post("/admin/import", content=(b"z" * 100 for _ in range(60)),
                      headers=auth(ADMIN)).status_code == 413
        assert c.get("/api/pending", headers=sam).json()[0]["text"] == "y" * 500


def raw_request(port: int, head: bytes, body: Iterable[bytes] = ()) -> tuple[str, int]:
    """Send ``head`` and as much of ``body`` as the server takes; its status line and how many
    body bytes got out before it closed the connection."""
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        try:
            sock.sendall(head)
            for chunk in body:
                sock.sendall(chunk)
                sent += len(chunk)
        except OSError:  # the server answered and closed: the rest was never read
            pass
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except OSError:
            pass
    return answer.split(b"\r\n")[0].decode(), sent


def server_rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmRSS")).split()[1]
               ) / 1024


@pytest.mark.slow
def test_a_real_server_answers_48_mb_without_a_key_cheaply(tmp_path: Path) -> None:
    """The issue's probe: 48 MB bodies without a key grew the server by 150 MB each."""
    port = free_port()
    env = {**offline_env(tmp_path), "MIRIX_LIKE_ADMIN_KEY": ADMIN}
    command = [CLI, "serve", "--port", str(port), "--store", str(tmp_path / "store")]
    block = b"x" * MB
    declared = (b"POST /api/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                b"\r\nContent-Length: %d\r\n\r\n" % (48 * MB))
    chunked = (b"POST /api/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
               b"\r\nTransfer-Encoding: chunked\r\n\r\n")
    with server_process(command, port, env) as process:
        raw_request(port, b"GET /api/types HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        before = server_rss_mb(process.pid)
        answers = []
        for _ in range(3):
            answers.append(raw_request(port, declared))  # headers only: no body is awaited
            answers.append(raw_request(port, declared, [block] * 48))
            answers.append(raw_request(port, chunked, [b"%x\r\n" % MB + block + b"\r\n"] * 48
                                       + [b"0\r\n\r\n"]))
        grown = server_rss_mb(process.pid) - before
    assert [status for status, _ in answers] == [
        "HTTP/1.1 413 Request Entity Too Large", "HTTP/1.1 413 Request Entity Too Large",
        "HTTP/1.1 401 Unauthorized"] * 3
    assert all(sent < 48 * MB for _, sent in answers)  # the server hung up: never read whole
    assert grown < 16, f"the server grew by {grown:.0f} MB"


@pytest.mark.slow
def test_a_real_server_never_serves_a_file_or_data_through_path_tricks(tmp_path: Path) -> None:
    port = free_port()
    env = {**offline_env(tmp_path), "MIRIX_LIKE_ADMIN_KEY": ADMIN}
    command = [CLI, "serve", "--port", str(port), "--store", str(tmp_path / "store")]
    tricks = ["/static/../api/pending", "/static/..%2f..%2fapi/pending",
              "/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/static/../../../etc/passwd",
              "/static//etc/passwd", "/static/%00", "/./api/pending", "//api/pending",
              "/api/./pending", "/api/pending%00", "/api/memories/semantic/..%2f..%2fadmin%2fkeys",
              "/static/" + "a" * 5000, "/docs/../api/pending", "/openapi.json/../api/pending",
              "/%2fapi/pending", "/api%2fpending", "/static/app.js%3f/../../api/pending"]
    with server_process(command, port, env):
        for path in tricks:
            head = f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(head)
                answer = b""
                while chunk := sock.recv(65536):
                    answer += chunk
            status = answer.split(b"\r\n")[0].decode()
            assert status.split()[1] in ("400", "401", "404", "414"), (path, status)
            assert b"root:" not in answer and b'"user_id"' not in answer, path


# ----------------------------------------------------------------- nesting and sizes


@pytest.mark.parametrize(("body", "status", "message"), [
    ({"content": "x", "metadata": nested(300)}, 422, f"nested deeper than {MAX_JSON_DEPTH}"),
    ({"content": "x", "metadata": nested(25)}, 422, "metadata nested deeper than 20 levels"),
    ({"content": "x", "metadata": nested(20)}, 200, ""),
    ({"content": "x", "metadata": {"a": [[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]}}, 422,
     "metadata nested deeper than 20 levels"),
    ({"content": "x", "metadata": {"k": "v" * 100_001}}, 422, "100,000 characters"),
    ({"content": "x" * 1_000_001}, 422, "1,000,000 limit"),
    ({"content": [{"content": "x", "id": "i" * 300}]}, 422, "256 characters"),
    ({"content": "x", "images": ["A" * 100]}, 422, "image 0"),
    ({"content": [{"content": "x"}] * 300}, 200, ""),
], ids=["300 deep", "25 deep", "20 deep", "lists 21 deep", "metadata 100 kB",
        "text over a million", "long message id", "image not base64", "300 messages"])
def test_nesting_and_sizes_are_refused_naming_the_limit(api: Api, body: dict, status: int,
                                                        message: str) -> None:
    response = api.client.post("/api/add", json={**body, "flush": False}, headers=api.sam)
    assert response.status_code == status, response.text
    if message:
        assert message in response.json()["error"]["message"]
    for path in ("/api/pending", "/api/failed", "/api/memories/episodic"):
        assert api.client.get(path, headers=api.sam).status_code == 200


@pytest.mark.parametrize("body", [
    b"[" * 100_000, b"{\"a\":" * 50_000, b'{"content": "x", "metadata": ' + b"[" * 5000,
    b"\xff\xfe{}", b"\xef\xbb\xbf{\"content\": \"x\"}", b"null", b"[]", b"NaN", b"",
    b'{"content": "x", "metadata": {"a": NaN}}', b'{"content": "x", "metadata": {"a": 1e999}}',
    b'{"content": "x", "occurred_at": 1e999}', b'{"content": "\\ud800"}',
    b'{"content": "x", "metadata": {"\\udfff": 1}}', b'{"content": "x", "content": 5}',
    b'{"content": "' + b"\\" * 3 + b'"}', b'{"content": "x", "flush": "yes"}',
    b'{"content": {"content": "x", "role": "root"}}', b'{"content": "' + b"1" * 5000 + b'"}',
    b'{"content": "x", "metadata": {"n": ' + b"9" * 5000 + b"}}",
], ids=lambda b: repr(b[:40]))
def test_broken_json_bodies_get_4xx_never_500(api: Api, body: bytes) -> None:
    for content_type in ("application/json", None, "text/plain", "application/x+json"):
        headers = {**api.sam, **({"Content-Type": content_type} if content_type else {})}
        for path in ("/api/add", "/api/search", "/api/chat"):
            no_server_error(api.client.post(path, content=body, headers=headers))
    assert api.client.get("/api/pending", headers=api.sam).status_code == 200


@pytest.mark.parametrize(("path", "body", "limit"), [
    ("/api/search", {"query": "w " * 6000}, "at most 10000 characters"),
    ("/api/chat", {"message": "w " * 600_000}, "1,000,000 limit"),
    ("/admin/keys", {"user_id": "u" * 257}, "256 characters"),
    ("/admin/keys", {"user_id": "sam", "label": "l" * 201}, "200 characters"),
    ("/api/search", {"query": "x", "limit": 10**30}, "limit"),
])
def test_fields_over_their_limit_are_refused_naming_it(api: Api, path: str, body: dict,
                                                       limit: str) -> None:
    key = auth(ADMIN) if path.startswith("/admin") else api.sam
    response = api.client.post(path, json=body, headers=key)
    assert response.status_code == 422, response.text
    assert limit in response.json()["error"]["message"]


def png(width: int = 4, height: int = 4, *, cut: int | None = None) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` (its pixels stay 4 x 4)."""
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buffer, "PNG")
    data = buffer.getvalue()
    header = b"IHDR" + struct.pack(">II", width, height) + data[24:29]
    return (data[:12] + header + struct.pack(">I", zlib.crc32(header)) + data[33:])[:cut]


def encoded(image: Image.Image, kind: str) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, kind)
    return buffer.getvalue()


@pytest.mark.parametrize(("data", "status"), [
    (png(), 200), (encoded(Image.new("RGB", (9, 9)), "JPEG"), 200),
    (encoded(Image.new("RGB", (9, 9)), "GIF"), 200),
    (png(50_000, 50_000), 422), (png(8000, 6000), 422), (png(cut=40), 422),
    (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n", 422),
    (encoded(Image.new("RGB", (9, 9)), "TIFF"), 422),
    (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 422),
    (b"", 422), (b"\x00" * 1000, 422),
], ids=["png", "jpeg", "gif", "bomb", "over the pixel limit", "truncated", "eps", "tiff",
        "svg", "empty", "zeros"])
def test_uploaded_images_are_common_raster_images_within_the_limits(api: Api, data: bytes,
                                                                     status: int) -> None:
    response = api.client.post("/api/add", headers=api.sam, json={
        "images": [base64.b64encode(data).decode()], "flush": False})
    assert response.status_code == status, response.text
    assert api.client.get("/api/pending", headers=api.sam).status_code == 200


# ----------------------------------------------------------------- dates and text

ODD_DATES = ["0001-01-01T00:00:00+00:00", "0001-01-01T00:30:00+01:00", "0999-01-01T00:00:00Z",
             "9999-12-31T23:59:59.999999+00:00", "9999-12-31T23:59:59-14:00",
             "1970-01-01T00:00:00Z", "2025-02-29T10:00:00Z", "2024-02-29T24:00:00Z",
             "2025-03-03T10:00:00+23:59", "2025-03-03T10:00:00-23:59", "2025-03-03T10:00:00+24:00",
             "2025-03-03T10:00:00.1234567891234Z", "2025-W10-1T10:00Z", "2025-062T10:00Z",
             "\uff12\uff10\uff12\uff15-03-03T10:00:00Z", "2025-03-03T10:00:00\u221205:00",
             "+002025-03-03T10:00:00Z", "-0001-01-01T00:00:00Z", "2025-03-03T10:00:00Z\x00",
             "2025-13-01T00:00:00Z", "", " ", "NaN", "1e9", "now", "昨天",
             "2025-03-03T10:00:00 Europe/Lisbon", "2025-03-03T25:61:61Z"]


@pytest.mark.parametrize("when", ODD_DATES)
def test_odd_dates_are_accepted_or_refused_never_500(api: Api, when: str) -> None:
    c = api.client
    no_server_error(send(c, "POST", "/api/add", {"content": "a note", "occurred_at": when,
                                                 "flush": False}, api.sam))
    no_server_error(send(c, "POST", "/api/add", {"content": [
        {"content": "a message", "occurred_at": when}], "flush": False}, api.sam))
    for name in ("since", "until"):
        no_server_error(send(c, "POST", "/api/search", {"query": "note", name: when},
                             api.sam))
    no_server_error(send(c, "PATCH", "/api/memories/episodic/x", {"occurred_at": when},
                         api.sam))
    for path in ("/api/pending", "/api/failed", "/api/memories/episodic"):
        assert c.get(path, headers=api.sam).status_code == 200


WEIRD_TEXT = ["\u202eevil\u202c", "\u0000", "e\u0301\u0301\u0301", "👩‍👩‍👧‍👦" * 50, "\ufeff",
              "\u200b", "ℌ𝔢𝔩𝔩𝔬", "' OR '1'='1", "\\x00\\n", "%00", "a/../../b", "con", "\r\n",
              "\udc80", "\U0010ffff", "　", "ẞ" * 256, "x" * 257, "\x1f"]


@pytest.mark.parametrize("text", WEIRD_TEXT, ids=lambda t: ascii(t[:12]))
def test_unicode_in_ids_texts_and_paths_never_500(api: Api, text: str) -> None:
    c, admin = api.client, auth(ADMIN)
    created = send(c, "POST", "/admin/keys", {"user_id": text, "label": text}, admin)
    no_server_error(created)
    if created.status_code == 201:
        me = c.get("/api/me", headers=auth(created.json()["key"])).json()
        assert me["user_id"] == text  # the user id round-trips exactly
    for body in ({"content": text}, {"content": "x", "metadata": {text: text}},
                 {"content": [{"content": "x", "name": text, "id": text}]}):
        no_server_error(send(c, "POST", "/api/add", {**body, "flush": False}, api.sam))
    no_server_error(send(c, "POST", "/api/search", {
        "query": text, "tree_path": [text], "metadata": {text: text},
        "memory_types": ["semantic"]}, api.sam))
    quoted = "".join(f"%{b:02X}" for b in text.encode("utf-8", "surrogatepass"))
    for path in (f"/api/memories/{quoted}", f"/api/memories/semantic/{quoted}",
                 f"/api/history/{quoted}", f"/api/memories/semantic?tree_path={quoted}"):
        no_server_error(c.get(path, headers=api.sam))
    no_server_error(c.post(f"/api/history/{quoted}/restore", headers=api.sam))
    no_server_error(c.delete(f"/admin/keys/{quoted}", headers=admin))
    no_server_error(c.get(f"/admin/keys?user_id={quoted}", headers=admin))
    for path in ("/api/pending", "/api/failed", "/admin/pending", "/admin/users"):
        key = admin if path.startswith("/admin") else api.sam
        assert c.get(path, headers=key).status_code == 200


# ----------------------------------------------------------------- fuzzing

TEXT = st.text(st.characters(exclude_categories=()), max_size=30)  # lone surrogates too
JSON_LEAVES = (st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
               | st.floats(allow_nan=False) | TEXT)
JSON = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(TEXT, inner, max_size=3), max_leaves=40)
ADD_BODIES = st.fixed_dictionaries({}, optional={
    "content": st.one_of(TEXT, JSON, st.lists(st.fixed_dictionaries(
        {"content": TEXT}, optional={
            "role": st.sampled_from(["user", "assistant", "root", ""]),
            "name": TEXT, "id": TEXT, "occurred_at": st.sampled_from(ODD_DATES)}),
        max_size=3)),
    "metadata": JSON, "occurred_at": st.sampled_from(ODD_DATES) | JSON,
    "images": st.lists(TEXT, max_size=2), "flush": st.sampled_from([False, False, True])})


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(bodies=st.lists(ADD_BODIES, min_size=1, max_size=4))
def test_hostile_adds_never_break_a_listing(api: Api, bodies: list[dict]) -> None:
    """The issue's bug: after a series of hostile adds, GET /api/pending answered 500."""
    user = api.key_for("fuzz")
    for body in bodies:
        no_server_error(send(api.client, "POST", "/api/add", body, user))
    for path in ("/api/pending", "/api/failed", "/api/export", "/api/memories/core",
                 "/api/memories/episodic"):
        assert api.client.get(path, headers=user).status_code == 200, path


schemathesis.serializer.alias("application/zip", "application/octet-stream")


@pytest.mark.slow
def test_every_route_in_the_openapi_schema_survives_fuzzing(api: Api) -> None:
    """schemathesis sends schema-shaped and schema-breaking requests to every route."""
    schema = schemathesis.openapi.from_asgi("/openapi.json", api.app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 20
    answered: dict[str, set[int]] = {}

    @settings(max_examples=30, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def survives(operation: Any, data: st.DataObject) -> None:
        case = data.draw(st.one_of(operation.as_strategy(GenerationMode.POSITIVE),
                                   operation.as_strategy(GenerationMode.NEGATIVE)))
        key = auth(ADMIN) if operation.path.startswith("/admin") else api.sam
        # What is checked is the status, not the speed: a busy machine must not fail it.
        response = case.call(headers=key, timeout=120)
        answered.setdefault(operation.label, set()).add(response.status_code)
        assert response.status_code < 500, (
            case.method, case.path, case.path_parameters, case.query, repr(case.body)[:300],
            response.text[:300])

    for operation in operations:
        survives(operation)
    # The key went through: most routes also answered with success, not only refusals.
    succeeded = [label for label, codes in answered.items() if codes & {200, 201, 204}]
    assert len(succeeded) >= len(operations) * 2 // 3, answered


# ----------------------------------------------------------------- import through REST


def zip_of(files: dict[str, bytes], *, links: tuple[str, ...] = ()) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name)
            if name in links:
                info.external_attr = 0o120777 << 16  # a symbolic link
            archive.writestr(info, data)
    return buffer.getvalue()


def test_doctored_import_zips_are_refused_and_change_nothing(api: Api) -> None:
    c, admin = api.client, auth(ADMIN)
    ok = c.post("/api/add", headers=api.sam, json={"content": "My favourite food is ramen.",
                                                    "flush": True})
    assert ok.status_code == 200
    good = c.get("/api/export", headers=api.sam, params={"include_secrets": True}).content
    files = {n: zipfile.ZipFile(io.BytesIO(good)).read(n)
             for n in zipfile.ZipFile(io.BytesIO(good)).namelist()}
    image_input = json.dumps({"id": "img", "user_id": "sam", "kind": "image",
                              "image_path": "/etc/passwd", "status": "pending"}).encode()
    doctored = {
        "dot-dot name": zip_of({**files, "../evil.jsonl": b"{}"}),
        "absolute name": zip_of({**files, "/tmp/evil.jsonl": b"{}"}),
        "unknown file": zip_of({**files, "run.sh": b"rm -rf /"}),
        "symlink entry": zip_of({**files, "history.jsonl": b"/etc/passwd"},
                                links=("history.jsonl",)),
        "image outside": zip_of({**files, "raw_inputs.jsonl": image_input}),
        "image path with ..": zip_of({**files, "raw_inputs.jsonl": image_input.replace(
            b"/etc/passwd", b"images/../../../etc/passwd")}),
        "not a zip": b"PK\x03\x04 this is no zip",
        "empty zip": zip_of({}),
        "manifest a list": zip_of({**files, "manifest.json": b"[]"}),
    }
    before = {path: c.get(path, headers=api.sam).json() for path in (
        "/api/memories/semantic", "/api/memories/episodic", "/api/pending", "/api/failed")}
    for name, archive in doctored.items():
        response = c.post("/admin/import", headers={**admin, "Content-Type": "application/zip"},
                          content=archive)
        assert response.status_code == 422, (name, response.text)
        assert response.json()["error"]["type"] == "InvalidExportError", name
    after = {path: c.get(path, headers=api.sam).json() for path in before}
    assert after == before


# ----------------------------------------------------------------- MCP over HTTP


@pytest.fixture(scope="module")
def mcp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str]]:
    store = str(tmp_path_factory.mktemp("hostile-mcp") / "store")
    keys = ApiKeys(store)
    _, key = keys.create("sam")
    app = http_app(AsyncMemorySystem(store_uri=store, backend="offline"), keys)
    with TestClient(app, base_url="http://127.0.0.1:8765",
                    raise_server_exceptions=False) as client:
        yield client, key


def initialize(**params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "probe", "version": "1"}, **params}}


MCP_HEADERS = {"Accept": "application/json, text/event-stream",
               "Content-Type": "application/json"}


def test_mcp_over_http_refuses_before_reading(mcp: tuple[TestClient, str]) -> None:
    c, key = mcp
    for method, path in [("POST", "/mcp"), ("GET", "/mcp"), ("DELETE", "/mcp"),
                         ("POST", "/mcp/"), ("GET", "/"), ("GET", "/.well-known/x")]:
        response = c.request(method, path, headers=MCP_HEADERS, json=initialize())
        assert response.status_code == 401, (method, path)
    huge = json.dumps(initialize(pad="x" * (5 * MB))).encode()
    for headers in ({}, auth(key)):
        assert c.post("/mcp", content=huge, headers={**MCP_HEADERS, **headers}
                      ).status_code == 413
    deep = json.dumps(initialize(pad=nested(200))).encode()
    response = c.post("/mcp", content=deep, headers={**MCP_HEADERS, **auth(key)})
    assert response.status_code == 422 and "nested deeper" in response.text
    for body in (b"[" * 100_000, b"\xff", b"{}", b"null", json.dumps(initialize(
            protocolVersion="\ud800")).encode()):
        response = c.post("/mcp", content=body, headers={**MCP_HEADERS, **auth(key)})
        assert response.status_code < 500, (body[:20], response.text)
    assert c.post("/mcp", json=initialize(), headers={**MCP_HEADERS, **auth(key)}
                  ).status_code == 200
