"""Real windows under Xvfb: ``mirix-like watch`` captures them and excluded ones stay out."""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from mirix_like import MemorySystem
from mirix_like.desktop import PrivacyRules, Screen, ScreenWatcher, WindowInfo

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None,
                                reason="Xvfb is not installed (apt-get install xvfb)")
WINDOW = Path(__file__).parents[1] / "support" / "window.py"
GROCERIES = "Buy oat milk and lemons\nCall the plumber at noon"


def _read_line(stream: int, seconds: float) -> str:
    """One line from a pipe, or '' when none arrives in time."""
    data = b""
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([stream], [], [], seconds)
        chunk = os.read(stream, 1) if ready else b""
        if not chunk:
            break
        data += chunk
    return data.decode().strip()


@pytest.fixture
def display(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh X server on a free display number; DISPLAY points at it."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "800x450x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = _read_line(read, 20)
    os.close(read)
    assert number.isdigit(), "Xvfb did not start"
    monkeypatch.setenv("DISPLAY", f":{number}")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def open_window(display: str) -> Iterator:
    """``open_window(app_class, title, text, x, y)`` shows a Tk window and gives it focus."""
    windows: list[subprocess.Popen] = []

    def show(app_class: str, title: str, text: str, x: int = 0, y: int = 0) -> None:
        window = subprocess.Popen([sys.executable, str(WINDOW), app_class, title, text, str(x),
                                   str(y)], stdout=subprocess.PIPE)
        windows.append(window)
        assert _read_line(window.stdout.fileno(), 30) == "ready", "the window did not open"

    yield show
    for window in windows:
        window.terminate()
        window.wait(timeout=10)


def test_watch_captures_a_real_window_and_ctrl_c_stores_it(open_window, tmp_path: Path) -> None:
    open_window("notes", "Grocery list", GROCERIES)
    store = str(tmp_path / "store")
    before = datetime.now().astimezone()
    watch = subprocess.Popen(
        # Ctrl-C as a terminal delivers it, even where this test runs with SIGINT ignored.
        [sys.executable, "-c", "import signal; signal.signal(signal.SIGINT, "
         "signal.default_int_handler); from mirix_like.cli import app; app()", "watch",
         "--interval", "0.5", "--user", "sam", "--store", store],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        lines = [_read_line(watch.stderr.fileno(), 120)]
        while lines[-1] and not lines[-1].startswith("watching the screen"):
            lines.append(_read_line(watch.stderr.fileno(), 120))
        assert lines[-1].startswith("watching the screen"), lines
        select.select([], [], [], 2.0)  # a few captures of an unchanging window
        watch.send_signal(signal.SIGINT)  # Ctrl-C
        out, err = watch.communicate(timeout=120)
    finally:
        watch.kill()
    assert watch.returncode == 0, err.decode()
    assert "kept 1," in out.decode() and "inputs processed 1" in out.decode()
    said = err.decode()  # what it kept, dropped and why, and stored, as it went
    assert " Notes - Grocery list kept: first screen" in said
    assert " dropped: identical to the last kept screen" in said
    assert "stored 1 screen: processed 1, failed 0" in said

    with MemorySystem(store_uri=store, backend="offline") as memory:
        [raw] = memory.store.inputs("sam")
        assert raw.metadata == {"source": "screen", "app": "Notes",
                                "window_title": "Grocery list"}
        hit = memory.search("oat milk", user_id="sam", memory_types=["resource"])[0]
        assert hit.item.title == "Notes - Grocery list"
        assert "Buy oat milk and lemons" in hit.item.content
        event = memory.search("oat milk lemons", user_id="sam", memory_types=["episodic"])[0]
        assert event.item.summary.startswith("Viewed Grocery list in Notes at ")
        assert before <= event.item.occurred_at <= before + timedelta(minutes=5)
        assert not any(memory.aio.image_dir.iterdir())


def test_excluded_windows_are_blacked_out_or_not_captured(open_window, memory) -> None:
    open_window("browser", "Bank - Login", "Balance 1,024.00", x=400, y=200)
    open_window("notes", "Grocery list", GROCERIES)  # opened last: it has the focus
    screen = Screen()
    try:
        assert screen.window() == WindowInfo("Notes", "Grocery list")
        boxes = {v.window.title: v.box for v in screen.visible()}
        assert boxes["Bank - Login"][:2] == (400, 200) and boxes["Grocery list"][:2] == (0, 0)

        image = screen.grab()
        assert image.size == (800, 450)
        assert image.getpixel((600, 300)) != (0, 0, 0)
        assert PrivacyRules(exclude_titles=["^bank"]).blank(image, screen.visible()) == 1
        assert image.getpixel((600, 300)) == (0, 0, 0)  # the bank window, painted over
        assert image.getpixel((100, 50)) != (0, 0, 0)  # the notes window, untouched

        watcher = ScreenWatcher(memory, user_id="sam", source=screen, exclude_apps=["notes"])
        assert watcher.tick() == "excluded"  # the focused window is an excluded app
        assert watcher.status().frames_kept == 0
    finally:
        screen.close()
