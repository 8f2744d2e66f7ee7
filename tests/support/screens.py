"""Generated screens and a scripted screen source for the desktop assistant's tests.

``render`` draws a plain page of text. ``desktop`` draws a whole desktop as a user sees it: a
panel with a clock (top or bottom), one application window (mail client, calendar, chat,
terminal, notes) with its title bar, sidebar, list and content, in a light or dark theme, a
sans, serif or monospaced font, at any resolution; optionally a text cursor and the mouse
pointer. ``history`` builds a screen history of distinct screens that share one layout, each
followed by the frames a recorder also captures (exact copies, clock ticks, cursor blinks,
pointer moves), with the truth about which frames are new.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from mirix_like import MemorySystem
from mirix_like.desktop import ScreenWatcher, VisibleWindow, WindowInfo

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


# --------------------------------------------------------------------- desktops

@dataclass(frozen=True)
class Theme:
    background: str
    pane: str
    text: str
    muted: str
    accent: str
    panel: str
    panel_text: str
    selected: str


LIGHT = Theme("#fbfbfc", "#eef0f4", "#1d1f24", "#6b7080", "#2f6fde", "#e9e9ec", "#222",
              "#dce7fb")
DARK = Theme("#1e1f24", "#26282e", "#e3e5ea", "#9aa0ad", "#6ea8ff", "#111214", "#eee",
             "#2e3a52")
FAMILIES = {"sans": "DejaVuSans.ttf", "serif": "DejaVuSerif.ttf", "mono": "DejaVuSansMono.ttf"}


@cache
def font(family: str, px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A system font of ``family`` at ``px`` pixels; Pillow's own font where it is missing."""
    try:
        return ImageFont.truetype(FAMILIES[family], px)
    except OSError:
        return ImageFont.load_default(size=px)


@dataclass(frozen=True)
class Shot:
    """What one screen shows: the app's window and the desktop around it."""

    app: str
    title: str
    lines: tuple[str, ...]
    sidebar: tuple[str, ...] = ()
    selected: int = 0
    clock: str = "09:41"
    cursor: bool = False
    pointer: tuple[float, float] | None = None  # where the mouse is, as shares of the screen
    theme: Theme = LIGHT
    family: str = "sans"
    text_px: int = 15  # body text at 1080p; scaled with the screen's height
    panel: str = "top"  # where the clock is: "top" (GNOME, macOS) or "bottom" (Windows)


def desktop(shot: Shot, size: tuple[int, int] = (1920, 1080)) -> Image.Image:
    """The desktop ``shot`` describes, at ``size``."""
    width, height = size
    k = height / 1080
    theme = shot.theme
    image = Image.new("RGB", size, theme.background)
    draw = ImageDraw.Draw(image)
    body = font(shot.family, max(9, round(shot.text_px * k)))
    small = font("sans", max(9, round(13 * k)))
    bold = font("sans", max(10, round((shot.text_px + 3) * k)))
    panel = round(32 * k)
    top = panel if shot.panel == "top" else 0
    bottom = height - (panel if shot.panel == "bottom" else 0)
    # The desktop's panel: launcher labels on one side, the clock on the other.
    y0 = 0 if shot.panel == "top" else height - panel
    draw.rectangle((0, y0, width, y0 + panel), fill=theme.panel)
    for n, label in enumerate(("Activities", "Files", "Browser", shot.app)):
        draw.text((round((14 + 110 * n) * k), y0 + panel // 4), label, font=small,
                  fill=theme.panel_text)
    draw.text((width - round(150 * k), y0 + panel // 4), f"Tue 4 Mar  {shot.clock}",
              font=small, fill=theme.panel_text)
    # The window: title bar, sidebar, content.
    bar = round(38 * k)
    draw.rectangle((0, top, width, top + bar), fill=theme.pane)
    draw.text((round(16 * k), top + bar // 4), f"{shot.title} - {shot.app}", font=bold,
              fill=theme.text)
    for n, colour in enumerate(("#e0443e", "#dea123", "#1aab29")):
        x = width - round((30 + 26 * n) * k)
        draw.ellipse((x, top + bar // 3, x + round(12 * k), top + bar // 3 + round(12 * k)),
                     fill=colour)
    line = round(shot.text_px * 1.7 * k)
    left = round(16 * k)
    if shot.sidebar:
        side = round(300 * k)
        draw.rectangle((0, top + bar, side, bottom), fill=theme.pane)
        for n, item in enumerate(shot.sidebar):
            y = top + bar + round(14 * k) + n * round(2.2 * line)
            if n == shot.selected:
                draw.rectangle((0, y - line // 4, side, y + round(1.8 * line)),
                               fill=theme.selected)
            head, _, tail = item.partition("|")
            draw.text((left, y), head, font=body, fill=theme.text)
            draw.text((left, y + line), tail, font=small, fill=theme.muted)
        left = side + round(28 * k)
    y = top + bar + round(24 * k)
    for n, text in enumerate(shot.lines):
        draw.text((left, y), text, font=bold if n == 0 else body,
                  fill=theme.accent if n == 0 else theme.text)
        y += line if n else round(line * 1.6)
    if shot.cursor:
        draw.rectangle((left, y, left + max(2, round(9 * k)) if shot.app == "Terminal" else
                        left + max(1, round(2 * k)), y + round(shot.text_px * 1.2 * k)),
                       fill=theme.text)
    if shot.pointer is not None:
        _pointer(draw, round(shot.pointer[0] * width), round(shot.pointer[1] * height), k)
    return image


def _pointer(draw: ImageDraw.ImageDraw, x: int, y: int, k: float) -> None:
    """The usual arrow, 24 pixels tall at 1080p: white with a black outline."""
    arrow = [(0, 0), (0, 17), (4, 13), (7, 20), (10, 19), (7, 12), (12, 12)]
    s = 1.2 * k
    draw.polygon([(x + round(px * s), y + round(py * s)) for px, py in arrow], fill="white",
                 outline="black")


# --------------------------------------------------------------------- histories

MAIL_LIST = ("Dana Reyes|Your parcel is on its way", "Omar Haddad|Flight change",
             "Lena Fischer|Invoice March", "Kenji Mori|Team offsite", "Priya Nair|Lease renewal")
CHATS = ("Dana Reyes|see you at 7", "Family|photos from Sunday", "Omar Haddad|the cabin key",
         "Book club|next title?")
NOTES = ("Groceries|Mon", "Trip to Porto|Sun", "Car service|Fri", "Reading list|Thu")
CALENDAR = ("March 2025|Week 10", "Work|12 events", "Personal|5 events", "Holidays|Portugal")

DISTINCT: list[tuple[str, str, tuple[str, ...], tuple[str, ...], str]] = [
    # app, title, sidebar, lines, the fact a user would ask about
    ("Mail", "Inbox", MAIL_LIST, (
        "Your parcel is on its way", "From: Dana Reyes <dana@shop.example>", "",
        "Hello Sam,", "your order 5521 left our warehouse this morning.",
        "Tracking number: 1Z84F2219344710028", "Expected delivery: Thursday 6 March.",
        "Thanks for shopping with us."), "1Z84F2219344710028"),
    ("Mail", "Inbox", MAIL_LIST, (
        "Flight change", "From: Omar Haddad <omar@travel.example>", "",
        "Hi Sam,", "the airline moved your flight to Lisbon.",
        "New departure: TP 1351 at 14:25 from gate B17", "Seats and baggage stay the same.",
        "Safe travels!"), "TP 1351"),
    ("Mail", "Inbox", MAIL_LIST, (
        "Invoice March", "From: Lena Fischer <lena@studio.example>", "",
        "Dear Sam,", "please find the March invoice attached.",
        "Amount due: EUR 1,480.00 by 31 March", "IBAN on the invoice as usual.",
        "Best, Lena"), "EUR 1,480.00"),
    ("Calendar", "Week 10", CALENDAR, (
        "Thursday 6 March", "09:00  Stand-up (video call)", "11:30  Dentist appointment",
        "Location: Rua Augusta 214, Room 3", "16:00  Pick up parcel"), "Rua Augusta 214"),
    ("Calendar", "Week 10", CALENDAR, (
        "Friday 7 March", "10:00  Design review with Kenji", "Location: Meeting room Orca",
        "13:00  Lunch with Priya", "18:30  Piano lesson"), "Meeting room Orca"),
    ("Chat", "Dana Reyes", CHATS, (
        "Dana Reyes", "Dana: are we still on for dinner?", "You: yes! where?",
        "Dana: Nopa, Divisadero Street, table booked at 19:30", "You: perfect"),
     "Divisadero Street"),
    ("Chat", "Omar Haddad", CHATS, (
        "Omar Haddad", "Omar: I left the cabin key with the neighbour",
        "Omar: her name is Ingrid, house number 42", "You: thanks, got it"), "Ingrid"),
    ("Terminal", "sam@laptop: ~/atlas", (), (
        "sam@laptop:~/atlas$ git log --oneline -3", "9f3c2e1 Bump version to 2.7.1",
        "41aa0b9 Fix the export of empty tables", "07c5d1e Add the CSV importer",
        "sam@laptop:~/atlas$ cat VERSION", "2.7.1"), "2.7.1"),
    ("Terminal", "sam@laptop: ~/atlas", (), (
        "sam@laptop:~/atlas$ docker ps", "CONTAINER ID   IMAGE          PORTS",
        "3b9e77c01f2a   atlas-api:2.7  0.0.0.0:8443->8443/tcp",
        "a41c90d2be07   postgres:16    5432/tcp"), "8443"),
    ("Notes", "Car service", NOTES, (
        "Car service", "Garage: Oficina Ribeiro, Rua do Sol 8", "Booked for Friday 8:15",
        "Ask about the brake pads (front left squeaks)"), "Oficina Ribeiro"),
]


@dataclass
class Frame:
    """One captured frame and whether it is new (a distinct screen) or a repeat."""

    image: Image.Image
    new: bool
    what: str
    fact: str = ""
    shot: Shot | None = field(default=None, repr=False)


def repeats(shot: Shot) -> list[tuple[str, Shot]]:
    """The frames a recorder captures while ``shot`` stays on screen: nothing new in them."""
    minute = int(shot.clock[-2:])
    tick = f"{shot.clock[:-2]}{(minute + 1) % 60:02d}"
    return [
        ("exact copy", shot),
        ("clock ticked", replace(shot, clock=tick)),
        ("cursor blinks on", replace(shot, clock=tick, cursor=True)),
        ("pointer moved", replace(shot, clock=tick, cursor=True, pointer=(0.62, 0.41))),
        ("pointer moved again", replace(shot, clock=tick, pointer=(0.35, 0.77))),
    ]


def history(size: tuple[int, int] = (1920, 1080), theme: Theme = LIGHT, family: str = "sans",
            text_px: int = 15, panel: str = "top") -> list[Frame]:
    """Every screen of :data:`DISTINCT` in one layout per app, each followed by its repeats;
    after the invoice mail, the same mail with one line of its body changed."""
    frames: list[Frame] = []
    clock = 9 * 60 + 1

    def add(shot: Shot, what: str, fact: str) -> None:
        frames.append(Frame(desktop(shot, size), True, what, fact, shot))
        frames.extend(Frame(desktop(s, size), False, f"{what}, {why}", shot=s)
                      for why, s in repeats(shot))

    for app, title, sidebar, lines, fact in DISTINCT:
        terminal = app == "Terminal"
        shot = Shot(app, title, lines, sidebar,
                    selected=next((n for n, s in enumerate(sidebar) if lines[0] in s), 0),
                    clock=f"{clock // 60:02d}:{clock % 60:02d}", theme=DARK if terminal
                    else theme, family="mono" if terminal else family, text_px=text_px,
                    panel=panel)
        add(shot, f"{app}: {lines[0]}", fact)
        clock += 7
        if lines[0] == "Invoice March":
            edited = replace(shot, lines=(*lines[:5], "Amount due: EUR 1,840.00 by 30 April",
                                          *lines[6:]), clock=f"{clock // 60:02d}:00")
            add(edited, "Mail: the invoice with one line of its body changed", "EUR 1,840.00")
    return frames


# --------------------------------------------------------------------- a scripted screen

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


Frames = Sequence[tuple[Image.Image, str, str]]
"""What a screen shows, frame by frame: the image, its application and its window title."""


def watch(system: MemorySystem, user: str, sequences: Mapping[str, Frames]
          ) -> dict[str, list[str]]:
    """Each sequence shown to a fresh :class:`ScreenWatcher` of ``user`` frame by frame, its
    screens sent after the last; each frame's outcome (``tick``'s), by sequence."""
    outcomes = {}
    for name, frames in sequences.items():
        screen = FakeScreen()
        watcher = ScreenWatcher(system, user_id=user, source=screen)
        seen = []
        for image, app, title in frames:
            screen.show(image, app, title)
            seen.append(watcher.tick())
        watcher.send()
        outcomes[name] = seen
    return outcomes


@contextmanager
def screens_seen(path: Path, user: str, screens: Sequence[tuple[str, str, Image.Image]],
                 start: datetime, every: timedelta) -> Iterator[MemorySystem]:
    """An offline memory in ``path`` where ``user`` saw each ``(app, window title, image)`` of
    ``screens`` in turn, ``every`` apart from ``start``, all processed."""
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for n, (app, title, image) in enumerate(screens):
            system.add(images=[image], user_id=user, occurred_at=start + every * n,
                       metadata={"source": "screen", "app": app, "window_title": title})
        system.flush(user)
        yield system
