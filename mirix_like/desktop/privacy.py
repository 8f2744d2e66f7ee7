"""Which windows are never captured: excluded applications and window-title patterns."""

from __future__ import annotations

import re
from collections.abc import Sequence

from PIL import Image, ImageDraw

from mirix_like.desktop.windows import VisibleWindow, WindowInfo
from mirix_like.errors import InvalidInputError

__all__ = ["PrivacyRules"]


class PrivacyRules:
    """Excluded applications (names, case-insensitive) and title patterns (regular expressions,
    searched case-insensitively).

    With any rule set, a window that cannot be identified counts as excluded: a rule that
    cannot be checked is not taken as passed.
    """

    def __init__(self, exclude_apps: Sequence[str] = (), exclude_titles: Sequence[str] = ()
                 ) -> None:
        self.apps = frozenset(app.strip().casefold() for app in exclude_apps if app.strip())
        self.titles = []
        for pattern in exclude_titles:
            try:
                self.titles.append(re.compile(pattern, re.IGNORECASE))
            except re.error as exc:
                raise InvalidInputError(f"window-title pattern {pattern!r} is not a valid "
                                        f"regular expression: {exc}") from None

    @property
    def active(self) -> bool:
        """Whether any rule is set."""
        return bool(self.apps or self.titles)

    def excludes(self, window: WindowInfo) -> bool:
        """Whether ``window`` must not be captured."""
        if not self.active:
            return False
        if not window.known:
            return True
        if window.app and window.app.casefold() in self.apps:
            return True
        return bool(window.title) and any(p.search(window.title) for p in self.titles)

    def blank(self, image: Image.Image, windows: Sequence[VisibleWindow],
              origin: tuple[int, int] = (0, 0)) -> int:
        """Paint black every excluded window in ``windows`` over ``image``, whose top-left
        corner is at ``origin`` in root coordinates; returns how many were painted."""
        if not self.active:
            return 0
        draw = ImageDraw.Draw(image)
        painted = 0
        for visible in windows:
            if visible.window.known and self.excludes(visible.window):
                left, top, right, bottom = visible.box
                draw.rectangle((left - origin[0], top - origin[1],
                                right - origin[0] - 1, bottom - origin[1] - 1), fill="black")
                painted += 1
        return painted
