"""The web UI end to end in headless Chromium (Debian's, driven by Playwright), offline.

Remember, ask and see the memories each answer used, browse, edit, delete and undo; the
status line of one tab never shows on another; no request leaves 127.0.0.1 and none fails.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
import uvicorn
from playwright.sync_api import Page, Request, Response, Route, expect, sync_playwright
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


class Traffic:
    """Every request the page made, and those that went elsewhere or failed."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.failed: list[str] = []


@pytest.fixture
def traffic() -> Traffic:
    return Traffic()


@pytest.fixture
def page(traffic: Traffic) -> Iterator[Page]:
    """A page with no internet: anything not on 127.0.0.1 is recorded and refused."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(viewport={"width": 1024, "height": 640})

        def route(route, request: Request) -> None:  # noqa: ANN001 (playwright's Route)
            traffic.requests.append(request.url)
            if urlparse(request.url).hostname != "127.0.0.1":
                traffic.outside.append(request.url)
                route.abort()
            else:
                route.continue_()

        def response(answer: Response) -> None:
            if answer.status >= 400:
                traffic.failed.append(f"{answer.status} {answer.url}")

        context.route("**/*", route)
        page = context.new_page()
        page.on("response", response)
        page.on("pageerror", lambda error: traffic.failed.append(f"script error: {error}"))
        page.set_default_timeout(20_000)
        page.on("dialog", lambda dialog: dialog.accept())
        yield page
        browser.close()


def sign_in(page: Page, served: Served) -> None:
    page.goto(served.url)
    page.fill("#api-key", served.key)
    page.click("#login-form button")
    expect(page.locator("#who")).to_have_text("user: sam")


def ask(page: Page, question: str) -> None:
    count = page.locator(".turn.answer").count()
    page.fill("#chat-input", question)
    page.click("#ask")
    expect(page.locator(".turn.answer")).to_have_count(count + 1)


def uncovered(page: Page, selector: str) -> bool:
    """Whether the middle of the element's last line is what the page shows there: it is in
    the window and nothing (the input box) is over it."""
    return page.eval_on_selector(selector, """(node) => {
        const lines = node.getClientRects();
        const box = lines[lines.length - 1];
        const top = document.elementFromPoint(box.left + box.width / 2,
                                              box.top + box.height / 2);
        return box.height > 0 && box.bottom <= window.innerHeight
            && (top === node || node.contains(top));
    }""")


def test_remember_ask_browse_edit_delete_and_undo(served: Served, page: Page,
                                                  traffic: Traffic) -> None:
    sign_in(page, served)
    expect(page.locator("#watcher")).to_have_text("watcher: not running")

    page.fill("#chat-input", "My favourite food is ramen.")
    page.click("#remember")
    expect(page.locator(".turn").last).to_contain_text("1 semantic")

    ask(page, "What is my favourite food?")
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
    expect(page.locator("#memories-status")).to_have_text("saved")

    page.click("#delete")
    status = page.locator("#memories-status")
    expect(status).to_contain_text("deleted semantic")
    expect(page.locator("#results li", has_text="udon")).to_have_count(0)
    assert served.memory.store.list("semantic", "sam") == []

    status.get_by_role("button", name="Undo").click()
    expect(page.locator("#results li", has_text="udon")).to_have_count(1)
    expect(status).to_contain_text("restored semantic")
    expect(page.locator("#history li")).to_contain_text(["insert", "update", "delete",
                                                         "restore"])
    [back] = served.memory.store.list("semantic", "sam")
    assert back.summary == "The user's favourite food is udon."
    assert traffic.outside == [] and traffic.failed == []


@pytest.mark.parametrize("size", [(1024, 640), (390, 700)], ids=["laptop", "phone"])
def test_every_answer_shows_its_memories_above_the_input_box(served: Served, page: Page,
                                                             size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    sign_in(page, served)
    for fact in ("My favourite food is ramen.", "My sister Maya lives in Lisbon.",
                 "I work as a nurse at the city hospital."):
        page.fill("#chat-input", fact)
        page.click("#remember")
        expect(page.locator(".turn").last).to_contain_text(f"{fact} →")  # this one, done
    questions = ["What is my favourite food?", "Where does Maya live?", "What is my job?",
                 "Who is Maya?", "What do I like to eat?", "Where do I work?"]
    for n, question in enumerate(questions):
        ask(page, question)
        last = f".turn.answer >> nth={n}"
        entries = page.locator(f"{last} >> .used li")
        assert entries.count() > 0, question
        for k in range(entries.count()):  # every memory of the answer can be read
            expect(entries.nth(k)).not_to_be_empty()
        # The newest answer and the last of its memories are in view, not under the input.
        assert uncovered(page, f"{last} >> .text"), question
        assert uncovered(page, f"{last} >> .used li >> nth=-1"), question
    page.locator(".turn.answer >> nth=0 >> .used li >> nth=0").scroll_into_view_if_needed()
    assert uncovered(page, ".turn.answer >> nth=0 >> .used li >> nth=0")  # earlier ones too


def test_a_status_message_stays_on_its_own_tab(served: Served, page: Page) -> None:
    sign_in(page, served)
    page.fill("#chat-input", "My favourite food is ramen.")
    page.click("#remember")
    expect(page.locator(".turn").last).to_contain_text("1 semantic")
    page.click("#tab-memories")
    page.select_option("#type-select", "semantic")
    page.locator("#results li", has_text="ramen").click()
    page.locator('#edit-form textarea[name="summary"]').fill("")
    page.click("#save")
    expect(page.locator("#memories-status")).to_contain_text("InvalidItemError")

    page.click("#tab-chat")
    expect(page.locator("#chat-status")).to_have_text("")
    expect(page.locator("#memories-status")).to_be_hidden()
    page.click("#tab-memories")
    expect(page.locator("#memories-status")).to_have_text("")  # not the old error

    page.click("#tab-chat")
    page.fill("#chat-input", "hello\u0000")
    page.click("#ask")
    expect(page.locator("#chat-status")).to_contain_text("NUL")
    page.click("#tab-memories")
    expect(page.locator("#memories-status")).to_have_text("")
    page.click("#tab-chat")
    expect(page.locator("#chat-status")).to_have_text("")


def test_the_page_and_the_api_docs_need_no_internet_and_nothing_404s(
        served: Served, page: Page, traffic: Traffic) -> None:
    sign_in(page, served)
    page.click("#tab-memories")
    expect(page.locator("#results")).not_to_be_empty()
    icon = page.request.get(f"{served.url}/favicon.ico")
    assert icon.ok and icon.headers["content-type"] == "image/x-icon" and icon.body()

    page.goto(f"{served.url}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("mirix-like")
    expect(page.locator(".opblock-summary-path", has_text="/api/chat")).to_have_count(1)
    assert traffic.outside == [], traffic.outside
    assert traffic.failed == [], traffic.failed
    assert any(url.endswith("/static/docs/swagger-ui-bundle.js") for url in traffic.requests)


def test_memories_clicked_as_soon_as_shown_stay_shown_while_sign_in_finishes(
        served: Served, page: Page) -> None:
    held: list[Route] = []  # a busy server: the types come after "user: sam"

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/types", hold)
    sign_in(page, served)
    while not held:
        page.wait_for_timeout(50)
    early = page.locator("#tab-memories").is_visible()
    if early:  # the user clicks Memories as soon as it shows
        page.click("#tab-memories")
    held[0].continue_()
    if not early:
        page.click("#tab-memories")
    expect(page.locator("#memories")).to_be_visible()
    expect(page.locator("#results")).not_to_be_empty()
