"""``mirix-like serve`` as a newcomer starts it, and the defaults every surface shares."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from mcp import Client
from support.servers import CLI, offline_env

from mirix_like.cli import app
from mirix_like.surfaces.mcp_server import build_server
from mirix_like.surfaces.rest import AddRequest, SearchRequest
from mirix_like.system import AsyncMemorySystem

ADMIN = "mlk_admin_key_for_the_serve_tests_0123456789"
ADDRESS = re.compile(r"serving (http://127\.0\.0\.1:\d+)/")


@contextmanager
def serving(tmp_path: Path, *args: str, env: dict[str, str] | None = None
            ) -> Iterator[tuple[str, str]]:
    """``mirix-like serve --port 0 ARGS`` until it prints its address; (address, stdout)."""
    out = tmp_path / "serve.out"
    with out.open("w") as stdout, subprocess.Popen(
            [CLI, "serve", "--port", "0", "--store", str(tmp_path / "store"), *args],
            env=env or offline_env(tmp_path), stdout=stdout, stderr=subprocess.STDOUT,
            text=True) as process:
        try:
            deadline = time.monotonic() + 60
            while not ADDRESS.search(out.read_text()):
                assert process.poll() is None, out.read_text()
                assert time.monotonic() < deadline, out.read_text()
                time.sleep(0.05)
            text = out.read_text()
            yield ADDRESS.search(text)[1], text
        finally:
            process.terminate()
            process.wait(timeout=20)


def call(url: str, key: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(url, headers={
        "Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        data=json.dumps(body).encode() if body is not None else None)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def test_serve_prints_where_it_listens_and_where_the_admin_key_came_from(
        tmp_path: Path) -> None:
    env = {**offline_env(tmp_path), "MIRIX_LIKE_ADMIN_KEY": ADMIN}
    with serving(tmp_path, env=env) as (address, printed):
        assert "admin key: from $MIRIX_LIKE_ADMIN_KEY" in printed and ADMIN not in printed
        assert f"store: {tmp_path / 'store'}" in printed
        key = call(f"{address}/admin/keys", ADMIN, {"user_id": "sam"})["key"]
        # The obvious add-then-chat over HTTP: add processes at once, as in the CLI and MCP.
        call(f"{address}/api/add", key, {"content": "My favourite food is ramen."})
        answer = call(f"{address}/api/chat", key, {"message": "What is my favourite food?"})
        assert "ramen" in answer["answer"].lower()

        port = address.rsplit(":", 1)[1]
        busy = subprocess.run([CLI, "serve", "--port", port, "--store", str(tmp_path / "store")],
                              env=env, capture_output=True, text=True, timeout=60)
        assert busy.returncode == 2 and f"could not serve on 127.0.0.1:{port}" in busy.stderr
        assert "Traceback" not in busy.stderr

    with serving(tmp_path, "--admin-key", ADMIN) as (address, printed):
        assert "admin key: from --admin-key" in printed

    with serving(tmp_path) as (address, printed):
        [made_up] = re.findall(r"made up for this run .*: (mlk_\S+)", printed)
        assert call(f"{address}/admin/keys", made_up, {"user_id": "ana"})["key"]


def test_cli_rest_and_mcp_share_their_defaults(tmp_path: Path) -> None:
    cli = {c.name: {p.name: p.default for p in c.params}
           for c in typer.main.get_command(app).commands.values()}

    async def tools() -> dict:
        memory = AsyncMemorySystem(store_uri=str(tmp_path / "store"), backend="offline")
        async with memory, Client(build_server(memory, "sam")) as client:
            listed = await client.list_tools()
        return {t.name: {k: v.get("default") for k, v in t.input_schema["properties"].items()}
                for t in listed.tools}

    mcp = asyncio.run(tools())
    rest_add, rest_search = AddRequest.model_fields, SearchRequest.model_fields
    assert cli["add"]["flush"] is rest_add["flush"].default is mcp["add_memory"]["flush"] is True
    assert cli["search"]["method"] == rest_search["method"].default == mcp["search_memory"][
        "method"] == "hybrid"
    assert cli["search"]["limit"] == rest_search["limit"].default == mcp["search_memory"][
        "limit"] == 10
