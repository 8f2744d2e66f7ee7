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
from support.screens import FakeScreen, history, render
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
    assert all("hiking" not in block.value for block in memory.list("core", user_id="sam"))


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


def test_a_run_keeps_each_distinct_screen_says_why_it_drops_and_reads_each_one(
        memory, screen) -> None:
    frames = [f for f in history(size=(1366, 768)) if f.what.startswith("Mail")]
    lines: list[str] = []
    watcher = ScreenWatcher(memory, user_id="sam", source=screen, interval=0.01,
                            batch_size=50, echo=lines.append)
    shown = iter(frames)
    screen.show(next(shown).image, "Mail", "Inbox")
    watcher.start()
    for frame in shown:  # the next frame once the watcher has decided about this one
        seen = watcher.status().frames_seen
        while watcher.status().frames_seen <= seen + 1:
            time.sleep(0.01)
        screen.show(frame.image, "Mail", "Inbox")
    time.sleep(0.1)
    status = watcher.stop()
    distinct = [f for f in frames if f.new]
    assert status.frames_kept == len(distinct) == 4
    assert status.inputs_processed == 4 and status.frames_read == 4 and status.pending == 0
    reasons = status.dropped_because
    assert sum(reasons.values()) == status.frames_dropped
    assert reasons["identical to the last kept screen"] >= 8  # each screen's second frame
    assert any("clock" in why for why in reasons) and any("pointer" in why for why in reasons)
    kept_lines = [line for line in lines if " kept: " in line]
    assert len(kept_lines) == 4 and all("Mail - Inbox kept: " in line for line in kept_lines)
    assert any(" dropped: only the clock or status bar changed" in line for line in lines)
    assert lines[-1] == "stored 4 screens: processed 4, failed 0"
    assert "kept 4, dropped" in status.describe()
    texts = [raw.text for raw in memory.store.inputs("sam")]
    for frame, text in zip(distinct, texts, strict=True):  # each read, most only in part
        assert frame.fact in text and frame.shot.lines[0] in text, text


def test_an_image_gone_before_processing_fails_alone_and_watching_goes_on(
        memory, screen) -> None:
    memory.add(images=[render(["Left pending"])], user_id="sam")
    [lost] = memory.store.inputs("sam")
    Path(lost.image_path).unlink()
    memory.add(images=[render(["Ferry to Cacilhas", "leaves at 18:40"])], user_id="sam")
    watcher = ScreenWatcher(memory, user_id="sam", source=screen)
    screen.show(render(NOTES), "Editor", "porto.md")
    assert watcher.tick() == "kept"
    watcher.send()
    status = watcher.status()
    assert (status.inputs_processed, status.inputs_failed) == (2, 1)
    assert "is gone" in status.last_error
    states = {raw.id: raw.status for raw in memory.store.inputs("sam")}
    assert states.pop(lost.id) == "failed" and list(states.values()) == ["processed"] * 2
    ferry = memory.search("ferry Cacilhas", user_id="sam", memory_types=["resource"])[0]
    assert "leaves at 18:40" in ferry.item.content  # read by OCR when processed
    screen.show(render(MAIL), "Mail", "Inbox")
    assert watcher.tick() == "kept"
    watcher.send()
    assert watcher.status().inputs_processed == 3  # the next batch is not held up


def test_capture_goes_on_while_ocr_reads_in_the_background(memory, screen, monkeypatch) -> None:
    import mirix_like.desktop.reading as reading

    release = threading.Event()
    real = reading.read_screen

    def slow(image):  # OCR that takes until the test lets it finish
        release.wait(30)
        return real(image)

    monkeypatch.setattr(reading, "read_screen", slow)
    watcher = ScreenWatcher(memory, user_id="sam", source=screen, interval=0.01)
    screen.show(render(NOTES), "Editor", "porto.md")
    watcher.start()
    deadline = time.monotonic() + 30
    while watcher.status().frames_kept < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    screen.show(render(MAIL), "Mail", "Inbox")  # a new screen while the first is being read
    while watcher.status().frames_kept < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    seen = watcher.status().frames_seen
    time.sleep(0.3)
    status = watcher.status()
    assert status.frames_kept == 2 and status.frames_read == 0  # OCR has read nothing yet
    assert status.frames_seen > seen  # and capture goes on
    release.set()
    status = watcher.stop()
    assert status.frames_read == 2 and status.inputs_processed == 2
    assert all(raw.text for raw in memory.store.inputs("sam"))


def test_pending_screenshots_are_listed_by_file_name_or_window_and_time(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    with MemorySystem(store_uri=store, backend="offline") as memory:
        render(NOTES).save(tmp_path / "20250316_081500.png")
        memory.add(images=[tmp_path / "20250316_081500.png"], user_id="sam",
                   occurred_at="2025-03-16T08:15:00+00:00")
        memory.add(images=[render(MAIL)], user_id="sam", occurred_at="2025-03-16T08:20:00Z",
                   metadata={"source": "screen", "app": "Mail", "window_title": "Inbox"})
    result = CliRunner().invoke(app, ["pending", "--user", "sam", "--store", store])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "2025-03-16 08:15 UTC  image    20250316_081500.png",
        "2025-03-16 08:20 UTC  image    Mail - Inbox"]
