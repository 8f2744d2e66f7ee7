"""The desktop assistant's costs, each beside a baseline measured in the same run.

- Filtering throughput at 1920x1080: ``NearDuplicateFilter.admit`` (grayscale, box-averaged to
  160x90, mean absolute difference) on a stream of frames (typing, a blinking cursor,
  scrolling, window switches). Baselines: the same rule on full-resolution grayscale frames,
  and on full-resolution RGB frames.
- OCR time per 1920x1080 screenshot (``mirix_like.vision.ocr.read_text``, RapidOCR on CPU),
  text-heavy screens. Baseline: a blank screen (the fixed cost of detection).
- Stored bytes: a sample of distinct screenshots ingested offline with ``ingest_screens``
  (raw images deleted once processed), scaled to 1,000: as stored (LanceDB keeps superseded
  versions 7 days, for point-in-time restore) and once those are cleaned up. Baseline:
  keeping the PNGs.
- End to end: seconds per batch of 20 screenshots through ``ingest_screens`` (reading and
  copying the files, OCR, routing, managers, LanceDB writes). Baseline: the same batch with
  its text already read (20 text inputs in one ``add``), so the difference is what OCR costs.

Screens are generated (a window with a title bar and lines of text, Pillow's bundled font),
so their PNGs compress better than real screenshots; the stored-bytes ratio is therefore
conservative (real PNGs are larger, the memories about the same).

    .venv/bin/python eval/bench_desktop.py --out eval/results/desktop.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import lancedb
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from mirix_like import MemorySystem
from mirix_like.desktop import NearDuplicateFilter, ingest_screens
from mirix_like.vision.ocr import read_text

SIZE = (1920, 1080)
WORDS = [
    "meeting", "budget", "draft", "review", "Lisbon", "invoice", "deploy", "release", "customer",
    "design", "notes", "schedule", "report", "travel", "dentist", "flight", "hotel", "research",
    "paper", "chapter", "figure", "results", "kernel", "memory", "agent", "screen", "python",
    "table", "index", "query", "vector", "backup", "restore",
]
APPS = ("Mail", "Editor", "Browser", "Terminal", "Calendar")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 11))).capitalize() + "."


def screen(app: str, lines: list[str], cursor: bool = False, size: tuple[int, int] = SIZE
           ) -> Image.Image:
    """A window: a title bar naming ``app`` and ``lines`` of text; a text cursor if asked."""
    image = Image.new("RGB", size, (250, 250, 250))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size[0], 56), fill=(40, 60, 110))
    draw.text((24, 12), f"{app} - {lines[0][:40] if lines else 'untitled'}", fill="white",
              font=_font(28))
    font = _font(26)
    for n, line in enumerate(lines):
        draw.text((48, 90 + 38 * n), line, fill=(20, 20, 20), font=font)
    if cursor:
        x = 48 + int(draw.textlength(lines[-1] if lines else "", font=font))
        y = 90 + 38 * max(len(lines) - 1, 0)
        draw.rectangle((x + 2, y, x + 4, y + 30), fill="black")
    return image


def frame_stream(count: int, seed: int = 7) -> list[Image.Image]:
    """What a screen shows every 2 s: typing, cursor blinks, scrolling and window switches."""
    rng = random.Random(seed)
    frames: list[Image.Image] = []
    app, lines = APPS[0], [_sentence(rng) for _ in range(12)]
    while len(frames) < count:
        event = rng.random()
        if event < 0.45:  # nothing happens but the cursor blinking
            frames.append(screen(app, lines, cursor=len(frames) % 2 == 0))
        elif event < 0.75:  # a few words typed
            lines = [*lines[:-1], lines[-1] + " " + rng.choice(WORDS)]
            frames.append(screen(app, lines, cursor=True))
        elif event < 0.9:  # scrolled by a few lines
            lines = lines[3:] + [_sentence(rng) for _ in range(3)]
            frames.append(screen(app, lines))
        else:  # another window
            app, lines = rng.choice(APPS), [_sentence(rng) for _ in range(rng.randint(6, 20))]
            frames.append(screen(app, lines))
    return frames


class FullResolutionFilter:
    """The baseline: the same rule on whole frames (grayscale or RGB), no downscaling."""

    def __init__(self, threshold: float = 0.99, mode: str = "L") -> None:
        self.threshold, self.mode = threshold, mode
        self._last: np.ndarray | None = None

    def admit(self, image: Image.Image) -> bool:
        pixels = np.asarray(image.convert(self.mode), dtype=np.int16)
        same_shape = self._last is not None and pixels.shape == self._last.shape
        if same_shape and 1 - float(np.abs(pixels - self._last).mean()) / 255 >= self.threshold:
            return False
        self._last = pixels
        return True


def _rate(admit: Callable[[Image.Image], bool], frames: list[Image.Image]) -> dict[str, Any]:
    started = time.perf_counter()
    kept = [admit(frame) for frame in frames]
    seconds = time.perf_counter() - started
    return {"fps": len(frames) / seconds, "ms_per_frame": 1000 * seconds / len(frames),
            "kept": sum(kept), "decisions": kept}


def bench_filter(count: int) -> dict[str, Any]:
    frames = frame_stream(count)
    results = {
        "downscaled gray 160x90 (ours)": _rate(NearDuplicateFilter().admit, frames),
        "full-resolution gray": _rate(FullResolutionFilter(mode="L").admit, frames),
        "full-resolution RGB": _rate(FullResolutionFilter(mode="RGB").admit, frames),
    }
    ours = results["downscaled gray 160x90 (ours)"]["decisions"]
    for row in results.values():
        row["same_decisions_as_ours"] = sum(a == b for a, b in zip(row.pop("decisions"), ours,
                                                                   strict=True))
    return {"frames": count, "results": results}


def _distinct_screens(count: int, seed: int = 11) -> Iterable[Image.Image]:
    rng = random.Random(seed)
    for n in range(count):
        yield screen(APPS[n % len(APPS)], [_sentence(rng) for _ in range(rng.randint(8, 22))])


LIGHTER_OCR = {"Global.use_cls": False, "Det.limit_type": "max", "Det.limit_side_len": 1280}


def bench_ocr(count: int, workdir: Path) -> dict[str, Any]:
    """``read_text`` on text-heavy and blank 1080p screens; and a lighter RapidOCR setting
    (no angle classifier, detection on the image scaled to 1280 on its long side) for
    comparison, with how many of the default's lines it reads identically."""
    from rapidocr import RapidOCR

    paths = []
    for n, image in enumerate(_distinct_screens(count)):
        paths.append(workdir / f"ocr{n}.png")
        image.save(paths[-1])
    blank = workdir / "blank.png"
    Image.new("RGB", SIZE, (250, 250, 250)).save(blank)
    lighter = RapidOCR(params={"Global.log_level": "warning", **LIGHTER_OCR})
    read_text(blank)  # loads the models: not counted
    lighter(str(blank))
    times: list[float] = []
    blanks: list[float] = []
    light: list[float] = []
    lines = same = 0
    for path in paths:
        started = time.perf_counter()
        default_lines = set(read_text(path).splitlines())
        times.append(time.perf_counter() - started)
        started = time.perf_counter()
        read_text(blank)
        blanks.append(time.perf_counter() - started)
        started = time.perf_counter()
        light_lines = set(lighter(str(path)).txts or ())
        light.append(time.perf_counter() - started)
        lines += len(default_lines)
        same += len(default_lines & light_lines)
    return {"screens": count, "text_screen_s": _stats(times), "blank_screen_s": _stats(blanks),
            "lighter_config": LIGHTER_OCR, "lighter_text_screen_s": _stats(light),
            "default_lines": lines, "lighter_identical_lines": same}


def _stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"mean": statistics.fmean(values), "p50": statistics.median(values),
            "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]}


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _compacted_size(store: Path) -> int:
    """The store's size once LanceDB drops superseded versions (kept 7 days for restore)."""
    db = lancedb.connect(store)
    for name in db.list_tables().tables:
        db.open_table(name).optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
    return _size(store)


def _warm_memory(store: Path) -> MemorySystem:
    """A memory whose tables and indexes exist (one text remembered) and OCR models loaded."""
    memory = MemorySystem(store_uri=str(store), backend="offline")
    memory.add("warm-up: the tables and indexes exist before measuring", user_id="warmup",
               flush=True)
    return memory


def bench_storage_and_batch(sample: int, workdir: Path) -> dict[str, Any]:
    """Ingest ``sample`` screenshots in batches of 20; measure bytes and seconds per batch."""
    folder = workdir / "screens"
    folder.mkdir()
    start = datetime(2025, 3, 17, 9, 0, tzinfo=UTC)
    for n, image in enumerate(_distinct_screens(sample, seed=23)):
        image.save(folder / f"{start + timedelta(seconds=30 * n):%Y%m%d_%H%M%S}.png")
    png_bytes = _size(folder)

    store, empty_store, text_store = workdir / "store", workdir / "empty", workdir / "texts"
    read_text(next(folder.iterdir()))  # OCR models loaded before measuring
    with _warm_memory(store) as memory:
        before = _size(store)
        started = time.perf_counter()
        report = ingest_screens(memory, folder, user_id="ana", tz="UTC")
        ingest_s = time.perf_counter() - started
        stored = _size(store) - before - _size(memory.aio.image_dir)
        # The text OCR read, as the resource items keep it (one per screenshot here).
        read = {item.source_ids[0]: item.content
                for item in memory.list("resource", user_id="ana", limit=sample)}
        texts = [(raw.occurred_at, read.get(raw.id, "")) for raw in memory.store.inputs("ana")]
    with _warm_memory(empty_store):
        pass
    compacted = _compacted_size(store) - _compacted_size(empty_store)
    with _warm_memory(text_store) as memory:
        messages = [{"content": text or "(blank screen)", "occurred_at": when.isoformat()}
                    for when, text in texts[:20]]
        started = time.perf_counter()
        text_batch = memory.add(messages, user_id="ana", flush=True)
        text_s = time.perf_counter() - started
    batches = -(-len(report.ingested) // 20)
    return {
        "sample": sample,
        "ingested": len(report.ingested), "near_duplicates": len(report.duplicates),
        "png_bytes_per_1000": png_bytes * 1000 / sample,
        "stored_bytes_per_1000": stored * 1000 / sample,
        "ratio_stored_to_png": stored / png_bytes,
        "compacted_bytes_per_1000": compacted * 1000 / sample,
        "ratio_compacted_to_png": compacted / png_bytes,
        "seconds_per_batch_of_20_screenshots": ingest_s / batches,
        "seconds_per_batch_of_20_texts": text_s,
        "text_batch_processed": len(text_batch.processed_inputs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300, help="frames for filtering")
    parser.add_argument("--ocr", type=int, default=10, help="screenshots for OCR timing")
    parser.add_argument("--sample", type=int, default=40,
                        help="screenshots ingested for bytes and batch time (multiple of 20)")
    parser.add_argument("--out", type=Path, help="write the results as JSON here")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bench-desktop-"))
    try:
        results = {"load_before": os.getloadavg(), "cpus": os.cpu_count(),
                   "filter": bench_filter(args.frames), "ocr": bench_ocr(args.ocr, workdir),
                   "store": bench_storage_and_batch(args.sample, workdir),
                   "load_after": os.getloadavg()}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    text = json.dumps(results, indent=2)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
