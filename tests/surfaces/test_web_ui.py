"""The web UI end to end in headless Chromium: remember, ask, find the memory, edit, delete."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Page, expect, sync_playwright
from support.servers import free_port

from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.rest import create_app
from mirix_like.system import AsyncMemorySystem

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=(
    "Debian chromium is not installed: apt-get install -y --no-install-recommends chromium"))


class Served:
    def __init__(self, url: str, memory: AsyncMemorySystem, key: str) -> None:
        self.url, self.memory, self.key = url, memory, key


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """The app on a free port, in a thread of this process, and a key for user sam."""
    store = str(tmp_path / "store")
    memory = AsyncMemorySystem(store_uri=store, backend="offline")
    keys = ApiKeys(store)
    _, key = keys.create("sam")
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(memory, keys), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield Served(f"http://127.0.0.1:{port}", memory, key)
    server.should_exit = True
    thread.join(timeout=10)
    asyncio.run(memory.close())


@pytest.fixture
def page() -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page()
        page.set_default_timeout(20_000)
        page.on("dialog", lambda dialog: dialog.accept())
        yield page
        browser.close()


def test_remember_ask_browse_edit_and_delete(served: Served, page: Page) -> None:
    page.goto(served.url)
    page.fill("#api-key", served.key)
    page.click("#login-form button")
    expect(page.locator("#who")).to_have_text("user: sam")
    expect(page.locator("#watcher")).to_have_text("watcher: not running")

    page.fill("#chat-input", "My favourite food is ramen.")
    page.click("#remember")
    expect(page.locator(".turn").last).to_contain_text("1 semantic")

    page.fill("#chat-input", "What is my favourite food?")
    page.click("#ask")
    answer = page.locator(".turn.answer").last
    expect(answer).to_contain_text("ramen")
    expect(answer.locator(".used li").first).to_be_visible()  # the memories it used

    page.click("#tab-memories")
    page.select_option("#type-select", "semantic")
    page.fill("#search-input", "ramen")
    page.click("#search")
    found = page.locator("#results li", has_text="ramen")
    expect(found).to_have_count(1)
    expect(page.locator("#tree summary")).to_have_text(["food", "the user's favorite food"])
    expect(page.locator("#tree details details li", has_text="ramen")).to_have_count(1)
    found.click()
    expect(page.locator("#history li")).to_contain_text(["insert"])

    summary = page.locator('#edit-form textarea[name="summary"]')
    summary.fill("The user's favourite food is udon.")
    page.click("#save")
    expect(page.locator("#history li")).to_contain_text(["insert", "update"])
    expect(page.locator("#results li", has_text="udon")).to_have_count(1)

    page.click("#delete")
    expect(page.locator("#status")).to_contain_text("deleted semantic")
    expect(page.locator("#results li", has_text="udon")).to_have_count(0)
    assert served.memory.store.list("semantic", "sam") == []
