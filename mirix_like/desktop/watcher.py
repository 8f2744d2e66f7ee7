"""The screen watcher: capture every few seconds, keep new screens, read them, remember them."""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from PIL import Image
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mirix_like import ChangeReport, MemorySystem
from mirix_like.desktop.capture import Screen, ScreenSource
from mirix_like.desktop.dedup import DEFAULT_SIMILARITY, NearDuplicateFilter
from mirix_like.desktop.privacy import PrivacyRules
from mirix_like.desktop.reading import ScreenReader
from mirix_like.desktop.windows import WindowInfo
from mirix_like.errors import InvalidInputError, MirixLikeError
from mirix_like.inputs import image_to_input
from mirix_like.store.filters import check_user_id
from mirix_like.vision.ocr import ScreenText

log = logging.getLogger("mirix_like")

__all__ = ["Outcome", "ScreenWatcher", "WatchOptions", "WatchStatus"]

Outcome = Literal["kept", "duplicate", "excluded", "paused", "error"]
MAX_QUEUED_BATCHES = 2
"""Batches waiting for the sender at most; past that, capture waits (frames are not held)."""
WINDOWS_REMEMBERED = 6
"""Windows whose last kept frame is remembered, so that switching back to one that did not
change is no new screen (six 4K frames in grey are 50 MB)."""


class WatchOptions(BaseModel):
    """How the watcher captures, filters and batches."""

    model_config = ConfigDict(extra="forbid")

    interval: float = Field(2.0, gt=0, description="Seconds between captures.")
    similarity: float = Field(DEFAULT_SIMILARITY, ge=0, le=1, description=(
        "How large a change may be and still not count (see mirix_like.desktop.dedup): 1 "
        "keeps every frame that differs at all."))
    batch_size: int = Field(20, ge=1, description="Kept frames sent to memory together.")
    max_wait: float = Field(60.0, gt=0, description=(
        "Seconds a kept frame waits at most before its batch is sent."))
    exclude_apps: list[str] = Field(default_factory=list, description=(
        "Applications never captured (names, case-insensitive)."))
    exclude_titles: list[str] = Field(default_factory=list, description=(
        "Regular expressions: windows whose title matches are never captured."))
    monitor: int = Field(0, ge=0, description="Monitor to capture; 0 captures all of them.")


class WatchStatus(BaseModel):
    """What the watcher is doing and has done, for a status line or a UI."""

    state: Literal["idle", "running", "paused", "stopped"] = "idle"
    started_at: datetime | None = None
    frames_seen: int = Field(0, description="Capture attempts while running.")
    frames_kept: int = 0
    frames_dropped: int = Field(0, description="Frames whose content did not change.")
    dropped_because: dict[str, int] = Field(default_factory=dict, description=(
        "Dropped frames per reason (identical, only the clock changed, ...)."))
    frames_excluded: int = Field(0, description="Not captured: an excluded window.")
    capture_errors: int = 0
    frames_read: int = Field(0, description="Kept frames whose text OCR has read.")
    read_seconds: float = Field(0.0, description="Time OCR took for them, in all.")
    pending: int = Field(0, description="Kept frames not yet turned into memories.")
    batches_sent: int = 0
    inputs_processed: int = 0
    inputs_failed: int = 0
    last_capture_at: datetime | None = None
    last_app: str | None = None
    last_title: str | None = None
    last_error: str | None = None

    def describe(self) -> str:
        """What was kept, dropped (and why), excluded and failed, in a few lines."""
        why = "; ".join(f"{n} {reason}" for reason, n in self.dropped_because.items())
        lines = [f"frames seen {self.frames_seen}: kept {self.frames_kept}, dropped "
                 f"{self.frames_dropped}{f' ({why})' if why else ''}, excluded "
                 f"{self.frames_excluded}, capture errors {self.capture_errors}",
                 f"screens read {self.frames_read} in {self.read_seconds:.1f} s; inputs "
                 f"processed {self.inputs_processed}, failed {self.inputs_failed}"]
        if self.last_error:
            lines.append(f"last error: {self.last_error}")
        return "\n".join(lines)


@dataclass(frozen=True)
class _Frame:
    image: Image.Image
    at: datetime
    window: WindowInfo
    text: Future[ScreenText | None] | None  # None where the model reads images itself

    def metadata(self) -> dict[str, str]:
        meta = {"source": "screen"}
        if self.window.app:
            meta["app"] = self.window.app
        if self.window.title:
            meta["window_title"] = self.window.title
        return meta

    def describe(self) -> str:
        name = " - ".join(part for part in (self.window.app, self.window.title) if part)
        return f"{self.at:%H:%M:%S} {name or 'screen'}"


class ScreenWatcher:
    """Captures the screen for ``user_id`` into ``memory``.

    Every ``interval`` seconds: read the active window; skip the frame if that window is
    excluded; grab the screen and black out excluded windows on it; drop the frame if its
    content did not change since the last kept one in the same window
    (:class:`~mirix_like.desktop.dedup.NearDuplicateFilter`). A kept frame's text is read
    at once by OCR in a background thread (only the regions that changed since the frame
    kept before it; not at all when the model reads images), so capture never waits for
    OCR. Kept frames are sent to memory in batches of ``batch_size`` (or once the oldest has
    waited ``max_wait``), grouped by application, each with its capture time, app, window
    title and text; a background thread stores them so capture goes on meanwhile (if it
    falls two batches behind, capture waits for it instead of holding more frames in
    memory). ``run`` blocks; ``start``/``stop`` run it in a thread. Either way, stopping
    sends what is held and waits until it is stored. ``echo``, when given, is called with
    one line per decision (kept, dropped and why, excluded, failed) and per batch stored.
    """

    def __init__(self, memory: MemorySystem, *, user_id: str, options: WatchOptions | None = None,
                 source: ScreenSource | None = None, echo: Callable[[str], None] | None = None,
                 **overrides: Any) -> None:
        self.memory = memory
        self.user_id = check_user_id(user_id)
        try:
            self.options = WatchOptions.model_validate(
                {**(options.model_dump() if options else {}), **overrides})
        except ValidationError as exc:
            raise InvalidInputError(f"watch options: {exc}") from None
        self.privacy = PrivacyRules(self.options.exclude_apps, self.options.exclude_titles)
        self.echo = echo
        self._given_source = source
        self._source: ScreenSource | None = None
        self._filter = NearDuplicateFilter(self.options.similarity)
        self._reader: ScreenReader | None = None
        self._buffer: list[_Frame] = []
        self._oldest = 0.0
        self._last_window: WindowInfo | None = None
        self._windows: dict[WindowInfo, Image.Image] = {}  # the last kept frame of each
        self._last_drop: str | None = None
        self._captured = False
        self._warned = False
        self._lock = threading.RLock()  # re-entered when a pause signal lands mid-update
        self._stopping = threading.Event()
        self._paused = threading.Event()
        self._sender: ThreadPoolExecutor | None = None
        self._deliveries: list[Future[None]] = []
        self._thread: threading.Thread | None = None
        self._status = WatchStatus()

    # ----------------------------------------------------------------- control

    def status(self) -> WatchStatus:
        """A snapshot of the counters and state."""
        with self._lock:
            status = self._status.model_copy(deep=True)
        if self._reader is not None:
            status.frames_read += self._reader.screens
            status.read_seconds += self._reader.seconds
        return status

    def pause(self) -> None:
        """Stop capturing until :meth:`resume`; held frames are still sent on time."""
        self._paused.set()
        self._set_state()

    def resume(self) -> None:
        """Capture again after :meth:`pause`."""
        self._paused.clear()
        self._set_state()

    def start(self) -> None:
        """Run in a background thread until :meth:`stop`."""
        if self._thread is not None and self._thread.is_alive():
            raise InvalidInputError("the watcher is already running")
        self._thread = threading.Thread(target=self.run, name="mirix-like-watch", daemon=True)
        self._thread.start()

    def stop(self) -> WatchStatus:
        """Stop capturing, send what is held and wait until it is stored."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        return self.status()

    def run(self, duration: float | None = None, *, handle_signals: bool = False) -> WatchStatus:
        """Capture until :meth:`stop`, Ctrl-C or ``duration`` seconds, then send what is held.

        With ``handle_signals`` (main thread, POSIX), SIGTERM stops as Ctrl-C does, SIGUSR1
        pauses and SIGUSR2 resumes.
        """
        end = None if duration is None else time.monotonic() + duration
        self._begin()
        try:
            with self._signals(handle_signals):
                while not self._stopping.is_set() and (end is None or time.monotonic() < end):
                    started = time.monotonic()
                    self.tick()
                    if self._due():
                        self.send()
                    wait = self.options.interval - (time.monotonic() - started)
                    if end is not None:
                        wait = min(wait, end - time.monotonic())
                    self._stopping.wait(max(0.0, wait))
        except KeyboardInterrupt:
            log.info("interrupted: sending the frames held before stopping")
        finally:
            self._finish()
        return self.status()

    # ----------------------------------------------------------------- one frame

    def tick(self) -> Outcome:
        """Capture one frame now (unless paused) and keep, drop or exclude it.

        Errors before the first frame is captured are raised (the screen cannot be read at
        all); later ones are counted in the status and the watcher goes on.
        """
        if self._paused.is_set():
            return "paused"
        if self._source is None:
            self._source = self._given_source or Screen(self.options.monitor)
        self._count(frames_seen=1)
        try:
            outcome = self._capture(self._source)
        except MirixLikeError as exc:
            self._count(capture_errors=1, last_error=str(exc))
            self._say(f"capture failed: {exc}")
            if not self._captured:
                raise
            return "error"
        self._captured = True
        return outcome

    def _capture(self, source: ScreenSource) -> Outcome:
        window = source.window()
        if self.privacy.excludes(window):
            return self._excluded(window)
        image = source.grab()
        at = datetime.now().astimezone()
        if self.privacy.active:
            self.privacy.blank(image, source.visible())
            after = source.window()
            if after != window and self.privacy.excludes(after):  # switched during the grab
                return self._excluded(after)
        decision = self._filter.decide(image)
        if not decision.new and window == self._last_window:
            return self._drop(decision.reason, at)
        if window != self._last_window and (again := self._recapture(window, image)):
            # back to a window that shows what it showed when last kept: the reading of
            # the screen kept before is of another window, so the next is read whole
            self._filter.remember(image)
            self._last_window = window
            if self._reader is not None:
                self._reader.forget()
            return self._drop(again, at)
        if not decision.new:  # the same pixels, another window: kept, and compared to now
            self._filter.remember(image)
        self._last_window, self._last_drop = window, None
        if window.known:
            self._windows.pop(window, None)
            self._windows[window] = image.convert("L")  # all the comparison reads
            while len(self._windows) > WINDOWS_REMEMBERED:
                self._windows.pop(next(iter(self._windows)))
        text = None
        if not self.memory.aio.backend.vision:
            if self._reader is None:
                self._reader = ScreenReader(background=self._sender is not None)
            text = self._reader.read(image, decision.boxes)
        frame = _Frame(image, at, window, text)
        self._say(f"{frame.describe()} kept: "
                  f"{decision.reason if decision.new else 'another window'}")
        with self._lock:
            if not self._buffer:
                self._oldest = time.monotonic()
            self._buffer.append(frame)
            status = self._status
            status.frames_kept += 1
            status.pending += 1
            status.last_capture_at = at
            status.last_app, status.last_title = window.app, window.title
        return "kept"

    def _recapture(self, window: WindowInfo, image: Image.Image) -> str | None:
        """Why ``image`` is no new screen of ``window``, whose last kept frame it matches
        (the user switched back to it), or None."""
        if (kept := self._windows.get(window)) is None or kept.size != image.size:
            return None
        frames = NearDuplicateFilter(self.options.similarity)
        frames.remember(kept)
        decision = frames.decide(image)
        return None if decision.new else decision.reason.replace(
            "the last kept screen", "the screen last kept in this window")

    def _drop(self, reason: str, at: datetime) -> Outcome:
        with self._lock:
            why = self._status.dropped_because
            why[reason] = why.get(reason, 0) + 1
            self._status.frames_dropped += 1
        if reason != self._last_drop:  # say it once, not every two seconds
            self._last_drop = reason
            self._say(f"{at:%H:%M:%S} dropped: {reason}")
        return "duplicate"

    def _excluded(self, window: WindowInfo) -> Outcome:
        if not window.known and not self._warned:
            self._warned = True
            log.warning("exclusion rules are set but the active window cannot be read here: "
                        "frames are not captured")
        self._count(frames_excluded=1)
        return "excluded"

    def _say(self, line: str) -> None:
        if self.echo is not None:
            self.echo(line)

    # ----------------------------------------------------------------- batches

    def send(self) -> None:
        """Hand the frames held to the background sender now."""
        with self._lock:
            frames, self._buffer = self._buffer, []
        if not frames:
            return
        if self._sender is None:  # not running: store them now
            self._deliver(frames)
        else:
            self._deliveries = [d for d in self._deliveries if not d.done()]
            if len(self._deliveries) >= MAX_QUEUED_BATCHES:  # behind: wait, hold no more
                self._deliveries.pop(0).result()
            self._deliveries.append(self._sender.submit(self._deliver, frames))

    def _due(self) -> bool:
        with self._lock:
            return bool(self._buffer) and (
                len(self._buffer) >= self.options.batch_size
                or time.monotonic() - self._oldest >= self.options.max_wait)

    def _deliver(self, frames: list[_Frame]) -> None:
        """Store the frames grouped by application, in time order within each, then flush."""
        first_seen: dict[str | None, int] = {}
        for frame in frames:
            first_seen.setdefault(frame.window.app, len(first_seen))
        frames = sorted(frames, key=lambda f: (first_seen[f.window.app], f.at))
        report = ChangeReport()
        error = None
        try:
            inputs = []
            for frame in frames:
                read = frame.text.result() if frame.text is not None else None
                inputs.append(image_to_input(
                    frame.image, user_id=self.user_id, image_dir=self.memory.aio.image_dir,
                    occurred_at=frame.at, metadata=frame.metadata(),
                    text=read.text if read is not None else ""))
            self.memory.store.add_inputs(inputs)
            report = self.memory.flush(self.user_id)
        except Exception as exc:  # keep watching; what was added stays pending in the store
            log.exception("storing %d screen frames failed", len(frames))
            error = f"{type(exc).__name__}: {exc}"
        error = error or (report.errors[-1] if report.errors else None)
        processed, failed = len(report.processed_inputs), len(report.failed_inputs)
        self._say(f"stored {len(frames)} screen{'s' * (len(frames) != 1)}: processed "
                  f"{processed}, failed {failed}"
                  + (f" ({error})" if error else ""))
        with self._lock:
            status = self._status
            status.pending -= len(frames)
            status.batches_sent += 1
            status.inputs_processed += processed
            status.inputs_failed += failed
            status.last_error = error or status.last_error

    # ----------------------------------------------------------------- lifecycle

    def _begin(self) -> None:
        self._sender = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mirix-like-send")
        with self._lock:
            self._status.started_at = datetime.now().astimezone()
            self._status.state = "running"
        self._set_state()

    def _finish(self) -> None:
        self.send()
        for delivery in self._deliveries:
            delivery.result()
        self._deliveries.clear()
        if self._sender is not None:
            self._sender.shutdown(wait=True)
            self._sender = None
        if self._reader is not None:
            self._reader.close()
            with self._lock:
                self._status.frames_read += self._reader.screens
                self._status.read_seconds += self._reader.seconds
            self._reader = None
        if self._source is not None and self._given_source is None:
            self._source.close()
        self._source = None
        self._stopping.clear()
        with self._lock:
            self._status.state = "stopped"

    def _set_state(self) -> None:
        with self._lock:
            if self._status.state in ("running", "paused"):
                self._status.state = "paused" if self._paused.is_set() else "running"

    def _count(self, last_error: str | None = None, **increments: int) -> None:
        with self._lock:
            for name, step in increments.items():
                setattr(self._status, name, getattr(self._status, name) + step)
            if last_error is not None:
                self._status.last_error = last_error

    @contextmanager
    def _signals(self, enabled: bool) -> Iterator[None]:
        """While inside: SIGTERM stops, SIGUSR1 pauses, SIGUSR2 resumes (where they exist and
        this is the main thread, the only one that may handle signals)."""
        usable = (enabled and hasattr(signal, "SIGUSR1")
                  and threading.current_thread() is threading.main_thread())
        if not usable:
            yield
            return
        previous = {sig: signal.signal(sig, handler) for sig, handler in (
            (signal.SIGTERM, lambda *_: self._stopping.set()),
            (signal.SIGUSR1, lambda *_: self.pause()), (signal.SIGUSR2, lambda *_: self.resume()))}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
