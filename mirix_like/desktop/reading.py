"""Reading kept screens in order, each from the one before it where only parts changed."""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

from PIL import Image

from mirix_like.vision.ocr import Box, ScreenText, read_screen, reread

log = logging.getLogger("mirix_like")

__all__ = ["ScreenReader"]


class ScreenReader:
    """OCR for a sequence of kept screens, one at a time, in a background thread or inline.

    Each screen is read given the regions that changed since the screen read before it (as
    the near-duplicate filter found them): only those are read again, the rest of the text
    is the earlier screen's. ``None`` for the regions (the first screen, another size) reads
    the whole screen. A failed reading is logged and gives an empty text; the next screen
    is then read whole.
    """

    def __init__(self, *, background: bool = True) -> None:
        self._pool = (ThreadPoolExecutor(max_workers=1, thread_name_prefix="mirix-like-ocr")
                      if background else None)
        self._last: Future[ScreenText | None] | None = None
        self._lock = threading.Lock()
        self.screens = 0
        self.seconds = 0.0

    def read(self, image: Image.Image, changed: list[Box] | None) -> Future[ScreenText | None]:
        """Start reading ``image``; the future gives its text (``None`` if reading failed)."""
        previous = self._last if changed is not None else None

        def job() -> ScreenText | None:
            before = previous.result() if previous is not None else None
            started = time.perf_counter()
            try:
                text = (reread(image, before, changed) if before is not None
                        else read_screen(image))
            except Exception:  # one unreadable screen must not stop the others
                log.exception("reading a screen failed")
                return None
            finally:
                with self._lock:
                    self.screens += 1
                    self.seconds += time.perf_counter() - started
            return text

        if self._pool is not None:
            future = self._pool.submit(job)
        else:
            future = Future()
            future.set_result(job())
        self._last = future
        return future

    def forget(self) -> None:
        """Read the next screen whole: the one before it was not read here."""
        self._last = None

    def close(self) -> None:
        """Finish the readings under way."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
