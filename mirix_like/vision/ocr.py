"""Offline text recognition with RapidOCR, whose wheel ships its models (Chinese and English).

``read_screen`` reads a whole image into lines with their boxes. ``reread`` reads only the
regions of a screen that changed since an earlier reading of the same screen and keeps that
reading's lines elsewhere: the pixels there are unchanged, so is their text.

The engine runs without the text-angle classifier (screens are upright) and detects text on
the screen scaled to at most 1280 pixels on its long side (recognition still reads the lines
at full resolution), but only where the screen can hold text: cells with sharp changes of
brightness both across and down (glyphs; a window's border or a flat panel has none), joined
into blocks. A screen is mostly empty background, so detection, which costs by the pixel,
runs on a fraction of it. Each line is recognised alone, so it is not padded to the widest
line of a batch, and the engine uses one thread, so a background reader leaves the other
cores to the desktop and does not lose time to threads waiting for each other on a busy
machine. ``eval/bench_desktop.py`` measures these settings against RapidOCR's defaults.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, reduce
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image

from mirix_like.errors import InvalidInputError

__all__ = ["ENGINE_PARAMS", "Box", "ScreenText", "TextLine", "read_screen", "read_text",
           "reread"]

DETECT_SIDE = 1280
"""Text is detected on the screen scaled to at most this many pixels on its long side."""
ENGINE_PARAMS: dict[str, Any] = {
    "Global.log_level": "error",  # a block without text is not worth a warning
    "Global.use_cls": False,
    "Det.limit_type": "max",
    "Det.limit_side_len": DETECT_SIDE,
    "Rec.rec_img_shape": [3, 48, 48],
    "Rec.rec_batch_num": 1,
    "EngineConfig.onnxruntime.intra_op_num_threads": 1,
}
MIN_TEXT = 6
"""Pixels a line of text is at least tall where it is detected (see :func:`_scale`): 13-pixel
text on a 4K screen at 100 % scaling, scaled down to 1280 pixels, is lost."""
MIN_RUN = 4
"""Rows of glyph edges that count as a line of text (fewer are a rule or an underline)."""
CELL = 8
"""Side in pixels of the cells in which text is looked for."""
CONTRAST = 12
"""Grey levels between neighbouring pixels that make an edge of a glyph."""
CONTEXT = 24
"""Pixels of the scaled screen kept around each block, for the detector to see its edges."""
MAX_TEXT_SHARE = 0.6
"""Past this share of the screen in blocks, detecting on the whole screen at once is cheaper."""
_CELL_CHARS = 24
"""A table cell is at most this long; a line of running text is longer."""
PANE_CONTRAST = 4
"""Grey levels between the backgrounds of two panes (a sidebar, a chat) at least."""
_TABLE_GAP = 60
"""Line heights two columns of one table are apart at most (an A4 invoice's amounts are 35
from their items): further apart, they are two windows (on two monitors)."""
_ENTRY = re.compile(r"\d{1,2}[:.]\d{2}\s+\S*[^\W\d_]")
"""An hour and what happens then, in one line of text ("10:00 Dentist", "9.30 Stand-up")."""
MAX_REREAD = 0.5
"""Past this share of the screen changed, reading it all again is as cheap and simpler."""

Box = tuple[int, int, int, int]
"""left, top, right, bottom (exclusive), in pixels."""

_lock = threading.Lock()


@dataclass(frozen=True)
class TextLine:
    """One recognised line and where it is."""

    text: str
    box: Box


@dataclass(frozen=True)
class ScreenText:
    """The lines read from one image of ``size``, in reading order."""

    size: tuple[int, int]
    lines: tuple[TextLine, ...]
    scale: float | None = None
    """The scale text was detected at, which a :func:`reread` of the screen keeps."""
    apart: frozenset[int] = frozenset()
    """The lines that open a pane of their own (a tile, a comment beside a document) level
    with the line before them: not joined to it."""

    @property
    def text(self) -> str:
        """One line per row of a block; pieces OCR read apart on one row joined by a space.
        An entry of a calendar's week or month (under a row of weekdays) is a line of its own,
        after its day ("Thu 22 Mom's birthday", "mar. 13 mai 12:15 Déjeuner"). A sentence
        wrapped onto the lines under it is one line (see :func:`_wrapped`)."""
        days = _days(self.lines)
        out: list[str] = []
        starts: list[TextLine] = []  # the first piece of each row read
        for n, line in enumerate(self.lines):
            if n in days:
                out.append(f"{days[n]} {line.text}")
            elif (n and n - 1 not in days and n not in self.apart
                  and _after(self.lines[n - 1], line)):
                out[-1] += " " + line.text.strip()
                continue
            elif n and n - 1 not in days and _wrapped(starts[-1], out[-1], self.lines[n:]):
                out[-1] += " " + line.text.strip()
            else:
                out.append(line.text)
            starts.append(line)
        return "\n".join(out)


_ENDS_SENTENCE = re.compile(r"[.!?。！？…]\W*$")
_GOES_ON = re.compile(r"[^\W\d_]")
_WRAP_WORDS = 3
"""Words a line has at least when a sentence wraps after it (a label or a name is shorter)."""


def _wrapped(first: TextLine, said: str, after: Sequence[TextLine]) -> bool:
    """Whether ``after[0]`` goes on with the sentence ``said`` (whose last row starts with
    ``first``): it starts under it, level with it, in a small letter, as tall, no further
    below than a line's spacing, and it or a line like it under it ends the sentence (each
    between as full as a wrapped line is). A list's items or lines of code end no sentence,
    a new one starts with a capital."""
    if _ENDS_SENTENCE.search(said) or said.rstrip().endswith((":", ";")) or len(
            said.split()) < _WRAP_WORDS:
        return False
    above = first
    for line in after:
        text = line.text.strip()
        tall = max(_height(above), _height(line))
        if not (text[:1].islower() and _GOES_ON.match(text)
                and abs(line.box[0] - first.box[0]) <= tall / 2
                and abs(_height(line) - _height(above)) <= tall / 4
                and 0 <= line.box[1] - above.box[3] <= tall):
            return False
        if _ENDS_SENTENCE.search(text):
            return True
        if len(text.split()) < _WRAP_WORDS:  # a wrapped line in a paragraph is full
            return False
        above = line
    return False


@cache
def _engine() -> Any:
    from rapidocr import RapidOCR

    engine = RapidOCR(params=ENGINE_PARAMS)
    engine(np.full((64, 64, 3), 255, np.uint8))  # RapidOCR builds its detector on first use
    return engine


def _image(source: Image.Image | str | Path) -> Image.Image:
    if isinstance(source, Image.Image):
        return source.convert("RGB")
    try:
        with Image.open(source) as image:
            return image.convert("RGB")
    except FileNotFoundError:
        raise InvalidInputError(f"image {source} is gone") from None
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"cannot read {source} as an image: {exc}") from None


def _scale(size: tuple[int, int], text_height: float | None = None) -> float:
    """How much a screen of ``size`` is scaled down for detection: to :data:`DETECT_SIDE`,
    but no further than keeps its text (lines of ``text_height`` pixels) :data:`MIN_TEXT`
    pixels tall."""
    fit = DETECT_SIDE / max(size)
    if text_height:
        fit = max(fit, MIN_TEXT / text_height)
    return min(1.0, fit)


def _text_height(across: np.ndarray, blocks: Iterable[Box]) -> float | None:
    """How tall the screen's smaller lines of text are, in pixels: in each block, the runs of
    rows with glyph edges are its lines; a quarter of all lines are no taller."""
    runs: list[int] = []
    for left, top, right, bottom in blocks:
        rows = np.flatnonzero(np.diff(np.concatenate((
            [0], across[top:bottom, left:right].any(axis=1).astype(np.int8), [0]))))
        runs += [int(n) for n in rows[1::2] - rows[::2] if n >= MIN_RUN]
    return float(np.percentile(runs, 25)) if runs else None


def _recognise(bgr: np.ndarray, offset: tuple[int, int], scale: float) -> list[TextLine]:
    """The lines in ``bgr``, a part of a screen at ``offset``, detected on it scaled by
    ``scale`` (the screen's, whatever the part's size) and read at full resolution."""
    engine = _engine()
    with _lock:  # the ONNX sessions are not documented as thread-safe
        engine.text_det.limit_side_len = max(1, round(max(bgr.shape[:2]) * scale))
        result = engine(np.ascontiguousarray(bgr))
    if result.boxes is None or not result.txts:
        return []
    lines = []
    for polygon, text in zip(result.boxes, result.txts, strict=True):
        xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
        box = (int(min(xs)) + offset[0], int(min(ys)) + offset[1],
               int(max(xs)) + 1 + offset[0], int(max(ys)) + 1 + offset[1])
        lines.append(TextLine(text, box))
    return lines


def _height(line: TextLine) -> int:
    return line.box[3] - line.box[1]


def _same_row(a: TextLine, b: TextLine) -> bool:
    """Whether ``b`` starts within half a line's height of ``a``, on the same row."""
    return abs(b.box[1] - a.box[1]) <= max(_height(a), _height(b)) / 2


def _after(a: TextLine, b: TextLine) -> bool:
    """Whether ``b`` goes on in ``a``'s row after it: words a detector boxed apart (in a
    terminal's monospaced text) may overlap by a few pixels."""
    return _same_row(a, b) and b.box[0] > a.box[0] and b.box[0] >= a.box[2] - min(
        _height(a), _height(b)) / 2


def _near(a: TextLine, b: TextLine) -> bool:
    """Whether two lines belong to one block: stacked with at most two lines' height between
    them and overlapping sideways, or side by side on one row with a short gap (table cells,
    words OCR read apart)."""
    height = max(_height(a), _height(b))
    if _same_row(a, b):
        return max(a.box[0], b.box[0]) - min(a.box[2], b.box[2]) <= 2 * height
    overlap = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    return overlap > 0 and max(a.box[1], b.box[1]) - min(a.box[3], b.box[3]) <= 2 * height


def _rows(lines: Sequence[TextLine]) -> list[list[TextLine]]:
    """Top to bottom; lines that start within half a line's height of each other form a row,
    read left to right."""
    rows: list[list[TextLine]] = []
    for line in sorted(lines, key=lambda ln: (ln.box[1], ln.box[0])):
        if rows and _same_row(rows[-1][0], line):
            rows[-1].append(line)
        else:
            rows.append([line])
    return [sorted(row, key=lambda ln: ln.box[0]) for row in rows]


_WEEKDAY = re.compile(
    r"(?i)^(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|"
    r"sat(?:urday)?|sun(?:day)?|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|"
    r"mo|di|mi|do|fr|sa|so|lun(?:di|es)?|mar(?:di|tes)?|mer(?:credi)?|jeu(?:di)?|"
    r"ven(?:dredi)?|sam(?:edi)?|dim(?:anche)?|mi[ée](?:rcoles)?|jue(?:ves)?|vie(?:rnes)?|"
    r"s[áa]b(?:ado)?|dom(?:ingo)?)\.?(?=[\s,]|\d|$)|^(?:周|星期|礼拜)[一二三四五六日天]|"
    r"^[(（]?[月火水木金土日](?:曜日?)?[)）]?$")
"""A cell that opens with a weekday, in English, German, French, Spanish, Chinese or Japanese
("Mon", "Thu 22", "lun. 12 mai", "Mi.", "周三", "(木)")."""
_DAY_NUMBER = re.compile(r"^(?:[1-9]|[12]\d|3[01])\.?$")
"""A cell of a month's grid: the day of the month alone."""


def _cells(row: Sequence[TextLine]) -> list[list[TextLine]]:
    """A row's pieces grouped into cells: pieces closer than a line's height are one."""
    cells: list[list[TextLine]] = []
    for line in row:
        if cells and line.box[0] - cells[-1][-1].box[2] <= max(_height(line), 8):
            cells[-1].append(line)
        else:
            cells.append([line])
    return cells


def _days(lines: Sequence[TextLine]) -> dict[int, str]:
    """For each line (by its index) that is an entry of a calendar, its day: a calendar is a
    row of three cells or more, most of them weekdays (its columns), read as one row, and
    below it the lines each within one column; a row of day numbers in those columns (a
    month's grid) adds the number to the day of the entries below it."""
    index = {id(line): n for n, line in enumerate(lines)}
    rows = _rows(lines)
    days: dict[int, str] = {}
    for top, row in enumerate(rows):
        cells = _cells(row)
        heads = [" ".join(ln.text for ln in cell) for cell in cells]
        weekdays = sum(bool(_WEEKDAY.match(h)) for h in heads)
        read = sorted(index[id(ln)] for ln in row)
        # read as columns, each day is the line over its entries already
        if (len(cells) < 3 or weekdays < 3 or weekdays * 3 < len(cells) * 2
                or read[-1] - read[0] >= len(read)):
            continue
        tall = max(_height(ln) for ln in row)
        starts = [cell[0].box[0] - tall for cell in cells]
        ends = [*starts[1:], math.inf]
        # "Do." and "lun." end no sentence of an entry: "Do 8. Mai 19:00 Chorprobe"
        heads = [_WEEKDAY.sub(lambda m: m.group(0).rstrip("."), h, count=1) for h in heads]
        day = dict(enumerate(heads))
        for below in rows[top + 1:]:
            columns = [next((k for k in range(len(starts)) if starts[k] <= ln.box[0]
                             and ln.box[2] <= ends[k] + tall), None) for ln in below]
            texts = [ln.text.strip() for ln in below]
            if len(below) >= 3 and all(_DAY_NUMBER.match(t) for t in texts) and None not in (
                    columns):
                day = {k: f"{heads[k]} {t.rstrip('.')}" for k, t in zip(columns, texts,
                                                                         strict=True)}
                continue
            if any(_WEEKDAY.match(t) for t in texts) and len(below) >= 3:
                break  # another calendar's head
            for line, k in zip(below, columns, strict=True):
                if k is not None and index[id(line)] not in days:
                    days[index[id(line)]] = day.get(k, heads[k])
    return days


def _agenda(block: Sequence[TextLine]) -> bool:
    """Whether ``block`` lists an entry that opens with its hour ("10:00 Dentist"): a day of
    a calendar's week, whose neighbours are other days, not more cells of its rows (a
    table's hour is a cell of its own)."""
    return any(_ENTRY.match(ln.text) for ln in block)


def _columns(a: Sequence[TextLine], b: Sequence[TextLine]) -> bool:
    """Whether two blocks side by side, not far apart, are columns of one table: each of the
    rows of the block with fewer (at least two) is on a row of the other, and one of them holds
    short cells (labels, values, prices), which two columns of running text do not, nor two
    days of a week."""
    gap = max(min(ln.box[0] for ln in b) - max(ln.box[2] for ln in a),
              min(ln.box[0] for ln in a) - max(ln.box[2] for ln in b))
    if gap < 0 or gap > _TABLE_GAP * float(np.median([_height(ln) for ln in (*a, *b)])):
        return False
    if _agenda(a) and _agenda(b):
        return False
    fewer, more = sorted((_rows(a), _rows(b)), key=len)
    return (len(fewer) >= 2
            and all(any(_same_row(row[0], other[0]) for other in more) for row in fewer)
            and any(all(len(" ".join(ln.text for ln in row)) <= _CELL_CHARS for row in rows)
                    for rows in (fewer, more))
            and not any(_prose(rows) for rows in (fewer, more)))


_SENTENCE = re.compile(r"^\S+(?:\s+\S+){3,}[.!?]$")
"""A line of running text: four words at least, and the end of a sentence."""


def _prose(rows: Sequence[Sequence[TextLine]]) -> bool:
    """Whether most of ``rows`` are sentences: a recipe's method beside its ingredients, a
    column of text beside a list, not the values of a table."""
    said = [" ".join(ln.text for ln in row).strip() for row in rows]
    return sum(bool(_SENTENCE.match(line)) for line in said) * 2 > len(said)


def _span(block: Sequence[TextLine]) -> Box:
    return (min(ln.box[0] for ln in block), min(ln.box[1] for ln in block),
            max(ln.box[2] for ln in block), max(ln.box[3] for ln in block))


def _panes(a: Sequence[TextLine], b: Sequence[TextLine], gray: np.ndarray) -> bool:
    """Whether two blocks side by side are on panes of their own (a sidebar beside a chat):
    their backgrounds differ, beside their lines and past them (above or below), where the
    shaded label column of a table ends with the table; or both differ from the background
    between them (the tiles of a dashboard, with the page showing between)."""
    (ax0, top, ax1, bottom), (bx0, btop, bx1, bbottom) = _span(a), _span(b)
    top, bottom = min(top, btop), max(bottom, bbottom)
    left, right = sorted(((ax0, ax1), (bx0, bx1)))
    if right[0] > left[1]:
        papers = [float(np.median(gray[top:bottom, x0:x1])) for x0, x1 in (left, right)]
        between = np.median(gray[top:bottom, left[1]:right[0]], axis=0)
        gutter = np.all([np.abs(between - paper) > PANE_CONTRAST for paper in papers], axis=0)
        # wider than a rule of a grid between a table's columns
        runs = np.diff(np.flatnonzero(np.diff(np.concatenate(([0], gutter, [0])))))[::2]
        if runs.size and runs.max() >= max(4, max(_height(ln) for ln in (*a, *b)) / 2):
            return True
    reach = 3 * max(_height(ln) for ln in (*a, *b))
    bands = [(top, bottom), (bottom, min(gray.shape[0], bottom + reach)),
             (max(0, top - reach), top)]
    differ = []
    for y0, y1 in bands:
        if y1 - y0 < 2:
            continue
        paper = [float(np.median(gray[y0:y1, x0:x1])) for x0, x1 in ((ax0, ax1), (bx0, bx1))]
        differ.append(abs(paper[0] - paper[1]) > PANE_CONTRAST)
    return len(differ) >= 2 and all(differ)


def _ordered(lines: Sequence[TextLine], gray: np.ndarray | None = None
             ) -> tuple[tuple[TextLine, ...], frozenset[int]]:
    """Reading order: lines grouped into blocks (:func:`_near`, so a sidebar, a mail body and
    a panel are read each as a whole, not row by row across the screen), blocks by their top
    in bands (blocks that start within half a line's height of each other, like the labels
    of a panel) left to right, rows within a block top to bottom, each left to right."""
    parent = list(range(len(lines)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(lines):
        for j in range(i + 1, len(lines)):
            if _near(a, lines[j]):
                parent[root(j)] = root(i)
    blocks: dict[int, list[TextLine]] = {}
    for i, line in enumerate(lines):
        blocks.setdefault(root(i), []).append(line)
    # The columns of a table (a receipt's items and prices, a form's labels and values) are
    # read as its rows: "Kaffee 6,99", not every item before every price.
    columns = list(blocks)
    for n, i in enumerate(columns):
        for j in columns[n + 1:]:
            if root(i) != root(j) and _columns(blocks[i], blocks[j]) and (
                    gray is None or not _panes(blocks[i], blocks[j], gray)):
                parent[root(j)] = root(i)
    blocks = {}
    for i, line in enumerate(lines):
        blocks.setdefault(root(i), []).append(line)
    bands: list[list[list[TextLine]]] = []
    for block in sorted(blocks.values(), key=lambda b: min(ln.box[1] for ln in b)):
        first = bands[-1][0] if bands else None
        if first and min(ln.box[1] for ln in block) - min(ln.box[1] for ln in first) <= min(
                _height(ln) for ln in first) / 2:
            bands[-1].append(block)
        else:
            bands.append([block])
    found = tuple(line for band in bands
                  for block in sorted(band, key=lambda b: min(ln.box[0] for ln in b))
                  for row in _rows(block) for line in row)
    owner = {id(line): block for block in blocks.values() for line in block}
    apart = frozenset(
        k for k in range(1, len(found)) if gray is not None
        and owner[id(found[k])] is not owner[id(found[k - 1])]
        and _same_row(found[k - 1], found[k])
        and _panes(owner[id(found[k - 1])], owner[id(found[k])], gray))
    return found, apart


def _bgr(picture: Image.Image) -> np.ndarray:
    return cv2.cvtColor(np.asarray(picture), cv2.COLOR_RGB2BGR)


def _fitted(box: Box, size: tuple[int, int], scale: float) -> Box:
    """``box`` grown, within the screen, to sides that scale to whole multiples of 32 pixels
    (the detector's step), so the detector sees the block at the screen's scale: stretched
    by RapidOCR's rounding, it splits lines into words."""
    step = 32 / scale  # a side of floor(k * step) pixels scales to 32 * k once rounded
    width, height = (min(limit, math.floor(math.ceil(side / step) * step))
                     for side, limit in ((box[2] - box[0], size[0]), (box[3] - box[1], size[1])))
    left, top = min(box[0], size[0] - width), min(box[1], size[1] - height)
    return left, top, left + width, top + height


def _text_blocks(picture: Image.Image) -> tuple[list[Box], float]:
    """Where ``picture`` can hold text, in boxes that do not overlap: cells with edges both
    across and down (glyphs), joined to the cells a word or a line apart, with some context
    around them and :func:`_fitted` to the detector; and the scale to detect at (see
    :func:`_scale`)."""
    gray = np.asarray(picture.convert("L"))
    height, width = gray.shape
    across = np.zeros_like(gray)
    down = np.zeros_like(gray)
    cv2.threshold(cv2.absdiff(gray[:, 1:], gray[:, :-1]), CONTRAST, 255, cv2.THRESH_BINARY,
                  dst=across[:, 1:])
    cv2.threshold(cv2.absdiff(gray[1:], gray[:-1]), CONTRAST, 255, cv2.THRESH_BINARY,
                  dst=down[1:])
    cells = (-(-width // CELL), -(-height // CELL))
    ink = ((cv2.resize(across, cells, interpolation=cv2.INTER_AREA) > 0)
           & (cv2.resize(down, cells, interpolation=cv2.INTER_AREA) > 0)).astype(np.uint8)
    ink = cv2.dilate(ink, np.ones((3, 9), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    found = [(x * CELL, y * CELL, (x + w) * CELL, (y + h) * CELL)
             for x, y, w, h, _ in stats[1:count].tolist()]
    scale = _scale(picture.size, _text_height(across, found))
    pad = math.ceil(CONTEXT / scale)
    blocks = [(max(0, left - pad), max(0, top - pad), min(width, right + pad),
               min(height, bottom + pad)) for left, top, right, bottom in found]
    while (fitted := _merged(_fitted(b, picture.size, scale) for b in blocks)) != blocks:
        blocks = fitted
    return blocks, scale


def read_screen(image: Image.Image | str | Path) -> ScreenText:
    """Every line of text in ``image`` (a picture or a path), with its box."""
    picture = _image(image)
    blocks, scale = _text_blocks(picture)
    if _area(blocks) > MAX_TEXT_SHARE * picture.width * picture.height:
        blocks = [(0, 0, *picture.size)]
    bgr = _bgr(picture)
    found, apart = _ordered([
        line for left, top, right, bottom in blocks
        for line in _recognise(bgr[top:bottom, left:right], (left, top), scale)],
        cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY))
    return ScreenText(picture.size, found, scale, apart)


def read_text(path: str | Path) -> str:
    """The text found in the image at ``path``, one recognised line per line."""
    return read_screen(path).text


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _merged(boxes: Iterable[Box]) -> list[Box]:
    """``boxes`` with each two that overlap replaced by the box around both, until none do."""
    merged: list[Box] = []
    for box in boxes:
        while touching := [other for other in merged if _meets(box, other)]:
            for other in touching:
                merged.remove(other)
                box = _union(box, other)
        merged.append(box)
    return merged


def _area(boxes: Sequence[Box]) -> int:
    return sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)


def _regions(changed: Sequence[Box], lines: Sequence[TextLine], size: tuple[int, int],
             pad: int) -> list[Box]:
    """The changed boxes, padded, grown to hold every earlier line they touch, and merged."""
    width, height = size
    regions = _merged((max(0, b[0] - pad), max(0, b[1] - pad), min(width, b[2] + pad),
                       min(height, b[3] + pad)) for b in changed)
    while (grown := _merged(reduce(_union, (ln.box for ln in lines if _meets(r, ln.box)), r)
                            for r in regions)) != regions:
        regions = grown
    return regions


def reread(image: Image.Image, before: ScreenText, changed: Sequence[Box] | None
           ) -> ScreenText:
    """The text of ``image``, given ``before`` (a reading of the same screen earlier) and the
    boxes that changed since then: only those regions are read; ``None`` reads it all."""
    picture = _image(image)
    if changed is None or before.size != picture.size:
        return read_screen(picture)
    if not changed:
        return before
    pad = max(4, picture.height // 100)
    regions = _regions(changed, before.lines, picture.size, pad)
    if _area(regions) > MAX_REREAD * picture.width * picture.height:
        return read_screen(picture)
    kept = [line for line in before.lines if not any(_meets(line.box, r) for r in regions)]
    bgr, scale = _bgr(picture), before.scale or _scale(picture.size)
    for left, top, right, bottom in regions:
        x, y = max(0, left - pad), max(0, top - pad)
        crop = bgr[y:min(picture.height, bottom + pad), x:min(picture.width, right + pad)]
        for line in _recognise(crop, (x, y), scale):
            middle = ((line.box[0] + line.box[2]) / 2, (line.box[1] + line.box[3]) / 2)
            if left <= middle[0] < right and top <= middle[1] < bottom:
                kept.append(line)
    found, apart = _ordered(kept, cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY))
    return ScreenText(picture.size, found, scale, apart)
