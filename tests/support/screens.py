"""Generated screens and a scripted screen source for the desktop assistant's tests."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from mirix_like.desktop import VisibleWindow, WindowInfo

SIZE = (640, 360)


def render(lines: list[str], size: tuple[int, int] = SIZE, *, cursor: bool = False
           ) -> Image.Image:
    """A white screen with ``lines`` of large black text, and a text cursor when asked."""
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=size[1] // 12)
    step = size[1] // 8
    for n, line in enumerate(lines):
        draw.text((size[0] // 16, step // 2 + step * n), line, fill="black", font=font)
    if cursor:
        x, y = size[0] // 16, step // 2 + step * len(lines)
        draw.rectangle((x, y, x + 2, y + size[1] // 14), fill="black")
    return image


class FakeScreen:
    """A screen source the test drives: ``show`` what is on screen, then let the watcher tick."""

    def __init__(self) -> None:
        self.current = WindowInfo()
        self.image = render([])
        self.windows: list[VisibleWindow] = []
        self.grabs = 0
        self.switch_to: WindowInfo | None = None

    def show(self, image: Image.Image, app: str | None = None, title: str | None = None,
             windows: list[VisibleWindow] | None = None) -> None:
        self.image, self.current, self.windows = image, WindowInfo(app, title), windows or []

    def window(self) -> WindowInfo:
        return self.current

    def visible(self) -> list[VisibleWindow]:
        return self.windows

    def grab(self) -> Image.Image:
        self.grabs += 1
        if self.switch_to is not None:  # the user switches windows while the frame is taken
            self.current, self.switch_to = self.switch_to, None
        return self.image.copy()

    def close(self) -> None:
        return None
