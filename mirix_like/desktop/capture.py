"""Grabbing the screen with mss, with the windows on it."""

from __future__ import annotations

from typing import Any, Protocol

from PIL import Image

from mirix_like.desktop.windows import VisibleWindow, WindowInfo, WindowProbe, window_probe
from mirix_like.errors import ConfigError, InvalidInputError

__all__ = ["Screen", "ScreenSource"]


class ScreenSource(Protocol):
    """Where frames come from: the screen, or generated frames in tests and benchmarks."""

    def window(self) -> WindowInfo:
        """The active window now."""
        ...

    def visible(self) -> list[VisibleWindow]:
        """The windows on screen, with boxes relative to the grabbed image."""
        ...

    def grab(self) -> Image.Image:
        """The screen now, as an RGB image."""
        ...

    def close(self) -> None: ...


class Screen:
    """One monitor (``0``: all of them as one image) grabbed with mss.

    mss must be used from the thread that opened it, so it is opened at the first grab: make
    every call from the thread that captures.
    """

    def __init__(self, monitor: int = 0, probe: WindowProbe | None = None) -> None:
        self.monitor = monitor
        self._probe = probe
        self._mss: Any = None
        self._area: dict[str, int] | None = None

    @property
    def probe(self) -> WindowProbe:
        if self._probe is None:
            self._probe = window_probe()
        return self._probe

    def window(self) -> WindowInfo:
        return self.probe.active()

    def visible(self) -> list[VisibleWindow]:
        area = self._open()
        left, top = area["left"], area["top"]
        return [VisibleWindow(v.window, (v.box[0] - left, v.box[1] - top, v.box[2] - left,
                                         v.box[3] - top)) for v in self.probe.visible()]

    def grab(self) -> Image.Image:
        import mss

        area = self._open()
        try:
            shot = self._mss.grab(area)
        except mss.ScreenShotError as exc:
            raise ConfigError(f"cannot capture the screen: {exc}") from None
        return Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")

    def _open(self) -> dict[str, int]:
        if self._area is not None:
            return self._area
        import mss

        try:
            self._mss = mss.MSS()
            monitors = self._mss.monitors
        except mss.ScreenShotError as exc:
            raise ConfigError(f"cannot capture the screen (is a display available?): "
                              f"{exc}") from None
        if self.monitor >= len(monitors):
            raise InvalidInputError(f"monitor {self.monitor} does not exist: 0 (all) to "
                                    f"{len(monitors) - 1}")
        chosen = monitors[self.monitor]
        self._area = {key: int(chosen[key]) for key in ("left", "top", "width", "height")}
        return self._area

    def close(self) -> None:
        """Release mss and the window probe."""
        if self._mss is not None:
            self._mss.close()
            self._mss = None
            self._area = None
        if self._probe is not None:
            self._probe.close()
            self._probe = None
