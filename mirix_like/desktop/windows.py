"""Which application and window are on screen: X11 through python-xlib, unknown elsewhere.

On X11 the active window is the window manager's ``_NET_ACTIVE_WINDOW`` or, with no window
manager, the window holding the input focus; its application is the class in ``WM_CLASS`` (or
the name of the process in ``_NET_WM_PID``) and its title ``_NET_WM_NAME`` or ``WM_NAME``.
Where none of this can be read (Wayland, macOS, Windows, no display) the window is unknown.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger("mirix_like")

__all__ = ["NoWindows", "VisibleWindow", "WindowInfo", "WindowProbe", "X11Windows",
           "window_probe"]


@dataclass(frozen=True)
class WindowInfo:
    """An application and window title; ``None`` where the platform does not tell."""

    app: str | None = None
    title: str | None = None

    @property
    def known(self) -> bool:
        """Whether anything is known about the window."""
        return bool(self.app or self.title)


@dataclass(frozen=True)
class VisibleWindow:
    """A window on screen and its box (left, top, right, bottom) in root coordinates."""

    window: WindowInfo
    box: tuple[int, int, int, int]


class WindowProbe(Protocol):
    """Tells the active window and the windows on screen."""

    def active(self) -> WindowInfo: ...

    def visible(self) -> list[VisibleWindow]: ...

    def close(self) -> None: ...


class NoWindows:
    """The probe where windows cannot be read: nothing is known."""

    def active(self) -> WindowInfo:
        return WindowInfo()

    def visible(self) -> list[VisibleWindow]:
        return []

    def close(self) -> None:
        return None


def window_probe(display: str | None = None) -> WindowProbe:
    """The X11 probe when an X display can be opened, else :class:`NoWindows`."""
    name = display or os.environ.get("DISPLAY")
    if not sys.platform.startswith("linux") or not name:
        log.info("the active window cannot be read on this platform; windows are unknown")
        return NoWindows()
    try:
        return X11Windows(name)
    except Exception as exc:  # python-xlib raises several unrelated types when it cannot connect
        log.warning("cannot read windows from X display %s (%s); windows are unknown", name, exc)
        return NoWindows()


class X11Windows:
    """Reads windows from an X server with python-xlib (no window manager needed)."""

    def __init__(self, display: str) -> None:
        from Xlib import display as xdisplay

        self._display = xdisplay.Display(display)
        self._root = self._display.screen().root
        atom = self._display.intern_atom
        self._active_atom = atom("_NET_ACTIVE_WINDOW")
        self._name_atom = atom("_NET_WM_NAME")
        self._utf8 = atom("UTF8_STRING")
        self._pid_atom = atom("_NET_WM_PID")

    def active(self) -> WindowInfo:
        """The application and title of the active window (unknown when none has focus)."""
        from Xlib.error import ConnectionClosedError, XError

        try:
            window = self._active_window()
            return self._describe(window) if window is not None else WindowInfo()
        except (XError, ConnectionClosedError):  # the window went away while being read
            return WindowInfo()

    def visible(self) -> list[VisibleWindow]:
        """Mapped top-level windows, bottom to top, with their boxes."""
        from Xlib import X
        from Xlib.error import ConnectionClosedError, XError

        found = []
        try:
            children = self._root.query_tree().children
        except (XError, ConnectionClosedError):
            return []
        for child in children:
            try:
                if child.get_attributes().map_state != X.IsViewable:
                    continue
                geometry = child.get_geometry()
                border = geometry.border_width
                box = (geometry.x, geometry.y, geometry.x + geometry.width + 2 * border,
                       geometry.y + geometry.height + 2 * border)
                found.append(VisibleWindow(self._describe(self._client(child)), box))
            except (XError, ConnectionClosedError):
                continue
        return found

    def close(self) -> None:
        """Close the connection to the X server."""
        self._display.close()

    def _active_window(self) -> Any | None:
        from Xlib import X

        prop = self._root.get_full_property(self._active_atom, X.AnyPropertyType)
        if prop is not None and len(prop.value) and prop.value[0]:
            return self._display.create_resource_object("window", int(prop.value[0]))
        focus = self._display.get_input_focus().focus
        if isinstance(focus, int) or focus.id == self._root.id:  # None or PointerRoot
            return None
        return self._client(focus)

    def _client(self, window: Any) -> Any:
        """The window itself or its nearest ancestor or first descendant naming its class."""
        node = window
        while node.id != self._root.id:
            if node.get_wm_class():
                return node
            node = node.query_tree().parent
        queue = list(window.query_tree().children)
        for _ in range(64):  # a window manager's frame holds the client a level or two down
            if not queue:
                break
            node = queue.pop(0)
            if node.get_wm_class():
                return node
            queue.extend(node.query_tree().children)
        return window

    def _describe(self, window: Any) -> WindowInfo:
        prop = window.get_full_property(self._name_atom, self._utf8)
        title = prop.value.decode("utf-8", "replace") if prop is not None else None
        if not title:
            title = window.get_wm_name() or None
        if isinstance(title, bytes):
            title = title.decode("latin-1")
        wm_class = window.get_wm_class()
        app = wm_class[1] if wm_class else self._process_name(window)
        return WindowInfo(app=app or None, title=title or None)

    def _process_name(self, window: Any) -> str | None:
        from Xlib import X

        prop = window.get_full_property(self._pid_atom, X.AnyPropertyType)
        if prop is None or not len(prop.value):
            return None
        try:
            return Path(f"/proc/{int(prop.value[0])}/comm").read_text().strip() or None
        except OSError:
            return None
