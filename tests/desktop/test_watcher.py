"""The watcher with a scripted screen: batching, grouping, status, pause, stopping, raw files."""

from __future__ import annotations

import os
import signal
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image
from support.screens import FakeScreen, render
from typer.testing import CliRunner

from mirix_like import MemorySystem
from mirix_like.cli import app
from mirix_like.desktop import ScreenWatcher
from mirix_like.errors import ConfigError, InvalidInputError

MAIL = ["From: Dana Lee", "Let us meet at Nopa at 7 pm"]
NOTES = ["Trip to Porto", "Book the train"]


def test_kept_frames_are_stored_grouped_by_app_and_become_memories(memory, screen) -> None:
    watcher = ScreenWatcher(memory, user_id="sam", source=screen, batch_size=3)
    before = datetime.now().astimezone()
    screen.show(render(MAIL), "Mail", "Inbox")
    assert watcher.tick() == "kept"
    assert watcher.tick() == "duplicate"
    screen.show(render(NOTES), "Editor", "porto.md")
    assert watcher.tick() == "kept"
    screen.show(render(MAIL + ["See you there!"]), "Mail", "Inbox")
    assert watcher.tick() == "kept"
    status = watcher.status()
    assert (status.frames_seen, status.frames_kept, status.frames_dropped) == (4, 3, 1)
    assert status.pending == 3 and status.last_app == "Mail" and status.state == "idle"

    watcher.send()
    status = watcher.status()
    assert (status.pending, status.batches_sent, status.inputs_processed) == (0, 1, 3)
    inputs = memory.store.inputs("sam")
    assert [raw.metadata["app"] for raw in inputs] == ["Mail", "Mail", "Editor"]  # grouped
    assert all(raw.kind == "image" and raw.status == "processed" for raw in inputs)
    assert inputs[0].occurred_at < inputs[1].occurred_at and inputs[0].occurred_at >= before
    assert not any(memory.aio.image_dir.iterdir())  # raw screenshots deleted once processed

    hit = memory.search("Nopa", user_id="sam", memory_types=["resource"])[0]
    assert hit.item.title == "Mail - Inbox" and hit.item.resource_type == "screenshot"
    assert "See you there!" in hit.item.content
    events = memory.list("episodic", user_id="sam")
    assert sorted(e.summary.split(" at ")[0] for e in events) == [
        "Viewed Inbox in Mail", "Viewed porto.md in Editor"]
    [mail_event] = [e for e in events if "Mail" in e.summary]
    assert abs(mail_event.occurred_at - inputs[0].occurred_at) < timedelta(seconds=1)


def test_raw_screenshots_are_kept_when_asked(tmp_path: Path, screen: FakeScreen) -> None:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline",
                      keep_images=True) as memory:
        watcher = ScreenWatcher(memory, user_id="sam", source=screen)
        screen.show(render(NOTES), "Editor", "porto.md")
        watcher.tick()
        watcher.send()
        [raw] = memory.store.inputs("sam")
        assert raw.status == "processed" and Path(raw.image_path).is_file()
        assert Image.open(raw.image_path).size == (640, 360)


def test_secrets_on_screen_reach_only_the_vault_and_screen_text_is_not_the_user_speaking(
        memory, screen) -> None:
    watcher = ScreenWatcher(memory, user_id="sam", source=screen)
    screen.show(render(["password: Otter-Lantern-42", "I love hiking with Maya"]),
                "KeePass", "vault.kdbx")
    watcher.tick()
    watcher.send()
    [entry] = memory.list("knowledge_vault", user_id="sam")
    secret = memory.get("knowledge_vault", entry.id, user_id="sam", reveal_secrets=True)
    assert secret.secret_value == "Otter-Lantern-42" and secret.sensitivity == "high"
    assert "KeePass" in secret.caption
    [resource] = memory.list("resource", user_id="sam")
    [event] = memory.list("episodic", user_id="sam")
    for text in (resource.content, resource.summary, event.summary, event.details):
        assert "Otter-Lantern-42" not in text
    assert "[password in knowledge vault]" in resource.content
    assert memory.list("semantic", user_id="sam") == []
    assert "hiking" not in memory.store.core_block("sam", "human").value


def test_run_sends_after_the_max_wait_pauses_resumes_and_flushes_on_stop(memory, screen) -> None:
    watcher = ScreenWatcher(memory, user_id="sam", source=screen, interval=0.05, max_wait=0.2)
    screen.show(render(NOTES), "Editor", "porto.md")
    watcher.start()
    deadline = time.monotonic() + 30
    while watcher.status().batches_sent == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert watcher.status().batches_sent == 1  # sent after max_wait, not a full batch
    watcher.pause()
    assert watcher.status().state == "paused"
    time.sleep(0.2)  # a tick in progress may finish
    seen = watcher.status().frames_seen
    time.sleep(0.3)
    assert watcher.status().frames_seen == seen
    watcher.resume()
    screen.show(render(MAIL), "Mail", "Inbox")
    while watcher.status().frames_kept < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    status = watcher.stop()  # the Mail frame is held (max_wait not reached): stop sends it
    assert status.state == "stopped" and status.frames_kept == 2 and status.pending == 0
    assert status.inputs_processed == 2 and status.frames_seen > seen
    assert [raw.status for raw in memory.store.inputs("sam")] == ["processed"] * 2


class InterruptedScreen(FakeScreen):
    """Ctrl-C arrives during the second grab."""

    def grab(self) -> Image.Image:
        if self.grabs == 1:
            raise KeyboardInterrupt
        return super().grab()


def test_ctrl_c_stops_cleanly_and_stores_the_frames_held(memory) -> None:
    screen = InterruptedScreen()
    screen.show(render(NOTES), "Reader", "porto.md")
    status = ScreenWatcher(memory, user_id="sam", source=screen, interval=0.01).run()
    assert status.state == "stopped" and status.frames_kept == 1 and status.pending == 0
    assert [raw.status for raw in memory.store.inputs("sam")] == ["processed"]


def test_signals_pause_resume_and_stop_a_run_in_the_main_thread(memory, screen) -> None:
    screen.show(render(NOTES), "Editor", "porto.md")
    watcher = ScreenWatcher(memory, user_id="sam", source=screen, interval=0.05)
    states = []

    def send_signals() -> None:
        while watcher.status().frames_seen == 0:
            time.sleep(0.05)
        for sig in (signal.SIGUSR1, signal.SIGUSR2):
            os.kill(os.getpid(), sig)
            time.sleep(0.3)
            states.append(watcher.status().state)
        os.kill(os.getpid(), signal.SIGTERM)

    before = signal.getsignal(signal.SIGTERM)
    threading.Thread(target=send_signals, daemon=True).start()
    started = time.monotonic()
    status = watcher.run(duration=60, handle_signals=True)
    assert states == ["paused", "running"]
    assert status.state == "stopped" and time.monotonic() - started < 50
    assert status.frames_kept == 1 and status.inputs_processed == 1
    assert signal.getsignal(signal.SIGTERM) == before  # the previous handler is back


class BrokenScreen(FakeScreen):
    def __init__(self, fail_after: int) -> None:
        super().__init__()
        self.fail_after = fail_after

    def grab(self) -> Image.Image:
        if self.grabs >= self.fail_after:
            self.grabs += 1
            raise ConfigError("cannot capture the screen: display went away")
        return super().grab()


def test_a_screen_that_cannot_be_read_fails_at_once_and_later_errors_are_counted(
        memory) -> None:
    with pytest.raises(ConfigError, match="cannot capture"):
        ScreenWatcher(memory, user_id="sam", source=BrokenScreen(0)).run(duration=1)
    screen = BrokenScreen(1)
    watcher = ScreenWatcher(memory, user_id="sam", source=screen, similarity=1.0)
    screen.show(render(NOTES), "Editor", "porto.md")
    assert watcher.tick() == "kept"
    assert watcher.tick() == "error"
    status = watcher.status()
    assert status.capture_errors == 1 and "display went away" in status.last_error


def test_options_are_checked() -> None:
    with pytest.raises(InvalidInputError, match="interval"):
        ScreenWatcher(None, user_id="sam", interval=0)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="user"):
        ScreenWatcher(None, user_id="")  # type: ignore[arg-type]


def test_cli_watch_without_a_display_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    result = CliRunner().invoke(app, ["watch", "--duration", "1", "--store",
                                      str(tmp_path / "store")])
    assert result.exit_code == 2 and "cannot capture the screen" in result.stderr
    bad = CliRunner().invoke(app, ["watch", "--interval", "0", "--store",
                                   str(tmp_path / "store")])
    assert bad.exit_code == 2 and "interval" in bad.stderr
