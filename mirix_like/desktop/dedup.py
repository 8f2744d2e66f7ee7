"""Which screens are new: a frame is kept when its content changed since the last kept frame.

Frames are compared at full resolution in grayscale. Pixels that differ by more than a small
tolerance are grouped into regions (on a grid of 8-pixel tiles, so the letters of a word and
the words of a line form one region), and each region is judged by its size and place:

- *thin*: a line one or a few pixels thick (a text cursor, an underline, a progress bar);
- *small*: no larger than the mouse pointer (a blinking block cursor, a pointer that moved,
  a character or two typed);
- *status*: inside the top or bottom strip of the screen, not wide, with ink there on both
  frames, where the text of its row reads the same on both frames but for a time or a
  percentage (a clock ticking, a battery draining; a line printed where there was none, at
  the bottom of a full-screen terminal, is content, and so is a page number in a footer, a
  price in a bottom bar or a chat's newest message there);
- *content*: anything else: a line of text that changed, a new paragraph, another window.

A small change, or a thin one thicker than a cursor (a digit of 14-pixel text on a 4K screen),
is content too when it is a character *replaced* within a line of text ("EUR 1,284.50" become
"EUR 1,234.50"): both frames have ink there, and beside it, on the rows of a line no taller
than the change allows, the rest of the line. A pointer is taller than the
line it passes over, a character typed at the end of a line or a block cursor there has no
ink on one of the frames, and a block cursor on a character changes a solid block, so these
stay small.

A frame is new when a content region changed, or when several small ones did (a table of
figures updating). The sizes scale with the screen's height, and ``similarity`` sets them:
with ``size = (1 - similarity) * 3`` screen heights (32 pixels at 1080p for the default
0.99), a region is small when it is at most ``size`` tall and half of it wide (16 pixels:
three characters of 13-pixel text are wider). The mouse pointer does not scale with the
screen, so a region the size of a pointer (:data:`POINTER`) is small at any resolution.
``similarity=1`` keeps every frame that differs at all; lower values ignore larger changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Literal

import cv2
import numpy as np
from PIL import Image

from mirix_like.errors import InvalidInputError
from mirix_like.vision.ocr import Box, read_screen

__all__ = ["DEFAULT_SIMILARITY", "Change", "Decision", "NearDuplicateFilter", "changes"]

DEFAULT_SIMILARITY = 0.99
TOLERANCE = 24
"""Gray levels a pixel may differ by and still count as unchanged (compression noise)."""
TILE = 8
"""Pixels: changes are first found per tile of this size, then looked at closely."""
THIN = 3
"""Pixels: a change this thin is a text cursor or a rule at any resolution."""
NARROW = 0.5
"""A small change is at most this share of ``size`` wide: a pointer, a cursor, a character or
two (three characters of 13-pixel text are wider)."""
POINTER = (18, 28)
"""Pixels: the usual arrow pointer with its outline (about 12x19) and some room, width and
height; at 1x scaling on any screen size."""
STATUS_STRIP = 0.06
"""The top and bottom strips (a share of the height) where a clock or tray icons change."""
MAX_REGIONS = 64
"""Past this many separate changes the frame changed all over: one region, not looked into."""
SMALL_CHANGES = 4
"""This many small changes at once are content (figures updating), not a cursor or pointer."""
LINE_REACH = 3
"""How far beside a small change the rest of its line is looked for, in the change's size."""
GLYPH_SLACK = 1
"""Pixels a replaced character may reach past its line's ink above or below (anti-aliasing)."""
CAP_RISE = 0.35
"""Share of its height a digit or capital may rise above a line of small letters beside it
("Pending: 0" become "Pending: 1")."""
GLYPH_FILL = 0.9
"""Past this share of its box changed, a small change is a block (a cursor), not strokes."""

Kind = Literal["content", "thin", "small", "status"]


@dataclass(frozen=True)
class Change:
    """One region that changed, and what kind of change it looks like."""

    box: Box
    kind: Kind


@dataclass(frozen=True)
class Decision:
    """Whether a frame is new, why, and the regions that changed since the last kept frame.

    ``changes`` is empty for an identical frame and ``None`` when the frame could not be
    compared (the first frame, or one of another size): then everything is new.
    """

    new: bool
    reason: str
    changes: tuple[Change, ...] | None = field(default=None)

    def __bool__(self) -> bool:
        return self.new

    @property
    def boxes(self) -> list[Box] | None:
        """Every changed region (content or not), or ``None`` when everything is new."""
        return None if self.changes is None else [c.box for c in self.changes]


def _gray(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L"))


def changes(before: np.ndarray, after: np.ndarray, similarity: float = DEFAULT_SIMILARITY
            ) -> list[Change]:
    """The regions that differ between two grayscale frames of one size, classified."""
    height, width = after.shape
    mask = cv2.threshold(cv2.absdiff(before, after), TOLERANCE, 255, cv2.THRESH_BINARY)[1]
    x, y, w, h = cv2.boundingRect(mask)
    if not w:
        return []
    # Tiles first (cheap), within the box around every change, so that only the changed
    # tiles are read again at full resolution.
    left, top = x // TILE * TILE, y // TILE * TILE
    right = min(width, -(-(x + w) // TILE) * TILE)
    bottom = min(height, -(-(y + h) // TILE) * TILE)
    area = mask[top:bottom, left:right]
    grid = cv2.resize(area, (-(-(right - left) // TILE), -(-(bottom - top) // TILE)),
                      interpolation=cv2.INTER_AREA)
    grid = cv2.dilate((grid > 0).astype(np.uint8), np.ones((1, 3), np.uint8))  # join words
    count, _, stats, _ = cv2.connectedComponentsWithStats(grid, connectivity=8)
    if count > MAX_REGIONS:  # changed all over: one region, no need to look closer
        return [Change((x, y, x + w, y + h), "content")]
    scale = (1.0 - similarity) * 3 * height
    strip = STATUS_STRIP * height
    found = []
    for tx, ty, tw, th, _ in stats[1:count]:
        x0, y0 = int(tx) * TILE, int(ty) * TILE
        x, y, w, h = cv2.boundingRect(area[y0:(ty + th) * TILE, x0:(tx + tw) * TILE])
        if not w:  # only the dilation reached here
            continue
        box = (left + x0 + x, top + y0 + y, left + x0 + x + w, top + y0 + y + h)
        kind = _kind(box, scale, strip, height)
        if (kind == "small" or kind == "thin" and min(w, h) > THIN) and _replaced(
                before, after, box):
            kind = "content"
        elif kind == "status" and not (_inked_on_both(before, after, box)
                                       and _ticked(before, after, box)):
            kind = "content"  # a line written where there was none, or a value in a footer
        found.append(Change(box, kind))
    return found


def _ink(pixels: np.ndarray, paper: float) -> np.ndarray:
    return np.abs(pixels.astype(np.int16) - paper) > TOLERANCE


def _paper(frame: np.ndarray, box: Box) -> float:
    """The background around ``box``: the most common grey of it and its surroundings."""
    x0, y0, x1, y1 = box
    tall = y1 - y0
    reach = LINE_REACH * max(tall, x1 - x0)
    return float(np.median(frame[max(0, y0 - tall):min(frame.shape[0], y1 + tall),
                                 max(0, x0 - reach):min(frame.shape[1], x1 + reach)]))


def _inked_on_both(before: np.ndarray, after: np.ndarray, box: Box) -> bool:
    """Whether both frames have ink in ``box``: a value replaced (a clock ticking), not text
    written where there was none or wiped away."""
    x0, y0, x1, y1 = box
    paper = _paper(after, box)
    return all(_ink(frame[y0:y1, x0:x1], paper).any() for frame in (before, after))


_TICK = re.compile(r"\W*(?:(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?|\d{1,3}\s?%|"
                   r"[AaPp]\.?[Mm]\.?)\W*")
"""A word of a status bar that changes on its own: a time ("09:42", "14:05:31", "PM"; with a
colon, as clocks write it: "48.99" is a price) or a percentage (a battery's)."""


def _row_words(frame: np.ndarray, box: Box) -> list[str]:
    """The words OCR reads on the rows of ``box``, in the run of text around it (ink no
    further apart than twice the box is tall: a clock with its date, not the launcher's
    labels beside them)."""
    tall = box[3] - box[1]
    band = frame[max(0, box[1] - tall):min(frame.shape[0], box[3] + tall)]
    inked = np.flatnonzero(_ink(band, _paper(frame, box)).any(axis=0))
    gaps = np.flatnonzero(np.diff(inked) > 2 * tall)
    starts, ends = inked[np.r_[0, gaps + 1]], inked[np.r_[gaps, len(inked) - 1]]
    left = max((int(s) for s in starts if s <= box[0]), default=box[0])
    right = min((int(e) + 1 for e in ends if e + 1 >= box[2]), default=box[2])
    crop = band[:, max(0, left - tall):right + tall]
    key = hash((crop.shape, crop.tobytes()))
    if key not in _READ:
        if len(_READ) > 64:
            _READ.clear()
        _READ[key] = read_screen(Image.fromarray(crop)).text.split()
    return _READ[key]


_READ: dict[int, list[str]] = {}
"""What :func:`_row_words` read lately: the last kept frame's clock is read once, not again
for every frame compared to it."""


def _ticked(before: np.ndarray, after: np.ndarray, box: Box) -> bool:
    """Whether the status strip's change in ``box`` is a clock or a battery: the text of its
    row differs only in times and percentages, or not at all as OCR reads it."""
    words = [_row_words(frame, box) for frame in (before, after)]
    for op, b0, b1, a0, a1 in SequenceMatcher(None, *words, autojunk=False).get_opcodes():
        if op != "equal" and not any(
                side and all(_TICK.fullmatch(word) for word in side)
                for side in (words[0][b0:b1], words[1][a0:a1])):
            return False
    return True


def _replaced(before: np.ndarray, after: np.ndarray, box: Box) -> bool:
    """Whether the small change in ``box`` is a character replaced within a line of text
    (see the module): ink in the box on both frames, changed in strokes rather than as a
    block, and beside it the line's ink, whose rows hold the box's."""
    x0, y0, x1, y1 = box
    tall = y1 - y0
    reach = LINE_REACH * max(tall, x1 - x0)
    top, bottom = max(0, y0 - tall), min(after.shape[0], y1 + tall)
    left, right = max(0, x0 - reach), min(after.shape[1], x1 + reach)
    paper = _paper(after, box)
    if not all(_spans(_ink(frame[y0:y1, x0:x1], paper)) for frame in (before, after)):
        return False
    strokes = cv2.absdiff(before[y0:y1, x0:x1], after[y0:y1, x0:x1]) > TOLERANCE
    if strokes.mean() > GLYPH_FILL:
        return False
    # the unchanged pixels beside the box: the rest of its line, if it is in one
    beside = np.hstack((after[top:bottom, left:x0], after[top:bottom, x1:right]))
    rows = np.flatnonzero(_ink(beside, paper).any(axis=1)) + top
    if not rows.size:
        return False
    # the run of inked rows, no gap, that holds the box's lowest inked row beside it: one
    # line, not the ones around it, and from its baseline (an "i"'s dot is apart above it)
    run = rows[(rows >= y0) & (rows < y1)]
    if not run.size:
        return False
    first = last = int(run[-1])
    inked = set(rows.tolist())
    while first - 1 in inked:
        first -= 1
    while last + 1 in inked:
        last += 1
    return first <= y0 + max(GLYPH_SLACK, int(CAP_RISE * tall)) and last >= y1 - 1 - GLYPH_SLACK


def _spans(ink: np.ndarray) -> bool:
    """Whether ``ink`` (a box's) reaches its top and bottom rows: a glyph the box was drawn
    around, not the text a pointer passed over (which is lower than the pointer)."""
    rows = np.flatnonzero(ink.any(axis=1))
    return bool(rows.size) and rows[0] <= GLYPH_SLACK and rows[-1] >= len(ink) - 1 - GLYPH_SLACK


def _kind(box: Box, scale: float, strip: float, height: int) -> Kind:
    width, tall = box[2] - box[0], box[3] - box[1]
    if not scale:
        return "content"
    if min(width, tall) <= max(THIN, scale / 8):
        return "thin"
    if (box[3] <= strip or box[1] >= height - strip) and width <= 8 * scale:
        return "status"
    if width <= max(NARROW * scale, POINTER[0]) and tall <= max(scale, POINTER[1]):
        return "small"
    return "content"


_WHY = {"status": "the clock or status bar", "thin": "a text cursor",
        "small": "a pointer or a few characters"}


def _decide(found: Sequence[Change]) -> Decision:
    if not found:
        return Decision(False, "identical to the last kept screen", ())
    kinds = [c.kind for c in found]
    if "content" in kinds:
        return Decision(True, "content changed", tuple(found))
    if kinds.count("small") >= SMALL_CHANGES:
        return Decision(True, "many small changes", tuple(found))
    what = [_WHY[kind] for kind in _WHY if kind in kinds]
    listed = ", ".join(what[:-1]) + (" and " if len(what) > 1 else "") + what[-1]
    return Decision(False, f"only {listed} changed since the last kept screen", tuple(found))


class NearDuplicateFilter:
    """Keeps a frame when its content changed since the last kept one (see the module)."""

    def __init__(self, similarity: float = DEFAULT_SIMILARITY) -> None:
        if not 0.0 <= similarity <= 1.0:
            raise InvalidInputError(f"similarity {similarity} is not between 0 and 1")
        self.similarity = similarity
        self._last: np.ndarray | None = None

    def decide(self, image: Image.Image) -> Decision:
        """Whether ``image`` is new; a new image becomes the one later frames are compared to."""
        gray = _gray(image)
        if self._last is None or self._last.shape != gray.shape:
            decision = Decision(True, "first screen" if self._last is None else "screen size "
                                "changed")
        else:
            decision = _decide(changes(self._last, gray, self.similarity))
        if decision.new:
            self._last = gray
        return decision

    def remember(self, image: Image.Image) -> None:
        """Make ``image`` the one to compare to, as if it had just been kept."""
        self._last = _gray(image)
