"""Offline text recognition with RapidOCR, whose wheel ships its models (Chinese and English).

``read_screen`` reads a whole image into lines with their boxes. ``reread`` reads only the
regions of a screen that changed since an earlier reading of the same screen and keeps that
reading's lines elsewhere: the pixels there are unchanged, so is their text.

The engine runs without the text-angle classifier (screens are upright), detects text on the
image scaled to at most 1280 pixels on its long side (recognition still reads the lines at
full resolution), pads short lines only to the widest line of their batch (RapidOCR pads
every line to 320 pixels: a screen's many short labels cost as much as sentences), and uses
one thread, so a background reader leaves the other cores to the desktop and does not lose
time to threads waiting for each other on a busy machine. ``eval/bench_desktop.py``
measures these settings against RapidOCR's defaults.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image

from mirix_like.errors import InvalidInputError

__all__ = ["ENGINE_PARAMS", "Box", "ScreenText", "TextLine", "read_screen", "read_text",
           "reread"]

ENGINE_PARAMS: dict[str, Any] = {
    "Global.log_level": "warning",
    "Global.use_cls": False,
    "Det.limit_type": "max",
    "Det.limit_side_len": 1280,
    "Rec.rec_img_shape": [3, 48, 48],
    "EngineConfig.onnxruntime.intra_op_num_threads": 1,
}
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

    @property
    def text(self) -> str:
        """One line per row of a block; pieces OCR read apart on one row joined by a space."""
        out: list[str] = []
        for n, line in enumerate(self.lines):
            if n and _same_row(self.lines[n - 1], line) and line.box[0] >= self.lines[
                    n - 1].box[2]:
                out[-1] += " " + line.text
            else:
                out.append(line.text)
        return "\n".join(out)


@cache
def _engine() -> Any:
    from rapidocr import RapidOCR

    return RapidOCR(params=ENGINE_PARAMS)


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


def _recognise(image: Image.Image, offset: tuple[int, int] = (0, 0)) -> list[TextLine]:
    with _lock:  # the ONNX sessions are not documented as thread-safe
        result = _engine()(image)
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


def _ordered(lines: Sequence[TextLine]) -> tuple[TextLine, ...]:
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
    bands: list[list[list[TextLine]]] = []
    for block in sorted(blocks.values(), key=lambda b: min(ln.box[1] for ln in b)):
        first = bands[-1][0] if bands else None
        if first and min(ln.box[1] for ln in block) - min(ln.box[1] for ln in first) <= min(
                _height(ln) for ln in first) / 2:
            bands[-1].append(block)
        else:
            bands.append([block])
    return tuple(line for band in bands
                 for block in sorted(band, key=lambda b: min(ln.box[0] for ln in b))
                 for row in _rows(block) for line in row)


def read_screen(image: Image.Image | str | Path) -> ScreenText:
    """Every line of text in ``image`` (a picture or a path), with its box."""
    picture = _image(image)
    return ScreenText(picture.size, _ordered(_recognise(picture)))


def read_text(path: str | Path) -> str:
    """The text found in the image at ``path``, one recognised line per line."""
    return read_screen(path).text


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _regions(changed: Sequence[Box], lines: Sequence[TextLine], size: tuple[int, int],
             pad: int) -> list[Box]:
    """The changed boxes, padded, grown to hold every earlier line they touch, and merged."""
    width, height = size
    regions = [(max(0, b[0] - pad), max(0, b[1] - pad), min(width, b[2] + pad),
                min(height, b[3] + pad)) for b in changed]
    grown = True
    while grown:
        grown = False
        merged: list[Box] = []
        for region in regions:
            for line in lines:
                if _meets(region, line.box) and _union(region, line.box) != region:
                    region, grown = _union(region, line.box), True
            for n, other in enumerate(merged):
                if _meets(region, other):
                    merged[n], grown = _union(region, other), True
                    break
            else:
                merged.append(region)
        regions = merged
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
    area = sum((r[2] - r[0]) * (r[3] - r[1]) for r in regions)
    if area > MAX_REREAD * picture.width * picture.height:
        return read_screen(picture)
    kept = [line for line in before.lines if not any(_meets(line.box, r) for r in regions)]
    for left, top, right, bottom in regions:
        crop = picture.crop((max(0, left - pad), max(0, top - pad),
                             min(picture.width, right + pad), min(picture.height, bottom + pad)))
        for line in _recognise(crop, (max(0, left - pad), max(0, top - pad))):
            middle = ((line.box[0] + line.box[2]) / 2, (line.box[1] + line.box[3]) / 2)
            if left <= middle[0] < right and top <= middle[1] < bottom:
                kept.append(line)
    return ScreenText(picture.size, _ordered(kept))
