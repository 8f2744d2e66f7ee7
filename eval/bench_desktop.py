"""The desktop assistant's costs and accuracy, each beside a baseline measured in the same run.

- Filtering at 1920x1080: ``NearDuplicateFilter.decide`` (full-resolution changed regions,
  classed as content, cursor, pointer or clock) on a stream of frames (typing, a blinking
  cursor, scrolling, window switches), ms per frame. Baseline: the filter it replaced
  (grayscale box-averaged to 160x90, kept below 99% similarity).
- Which frames each filter keeps, on screen histories of one layout per app (mails,
  calendar entries, chats, terminal views, notes; each followed by an exact copy, a clock
  tick, a cursor blink and pointer moves; ``tests/support/screens.history``) in several
  looks (1366x768 to 2560x1440, dark theme, serif and monospaced fonts, clock at the
  bottom), and on the ScreenshotVQA set ``make_screens.py`` renders.
- OCR per screenshot: ``mirix_like.vision.ocr.read_screen`` (no angle classifier, detection
  at most 1280 pixels on the long side and only in the blocks that can hold text, lines
  recognised one at a time, one thread) on text-heavy 1920x1080 screens and on desktop
  screens. Baselines: RapidOCR's defaults (what ``read_text`` used before), the lighter
  settings with RapidOCR's default threads, and the previous settings (the whole screen
  detected, lines recognised in batches of 6, one thread). Text quality: the lines each reads
  identically to the defaults, and (desktop screens) the lines of the screen read exactly.
- Re-reading only what changed: ``reread`` for each distinct screen of a history given the
  screen before it, against reading it whole; lines identical to the whole reading.
- Stored bytes: a sample of distinct screenshots ingested offline with ``ingest_screens``
  (raw images deleted once processed), scaled to 1,000: as stored (LanceDB keeps superseded
  versions 7 days, for point-in-time restore) and once those are cleaned up. Baseline:
  keeping the PNGs.
- End to end: seconds per batch of 20 screenshots through ``ingest_screens`` (reading and
  copying the files, OCR, routing, managers, LanceDB writes). Baseline: the same batch with
  its text already read (20 text inputs in one ``add``), so the difference is what OCR costs.

Screens are generated (Pillow's fonts and DejaVu), so their PNGs compress better than real
screenshots; the stored-bytes ratio is therefore conservative.

    nice .venv/bin/python eval/bench_desktop.py --out eval/results/desktop.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import lancedb
import numpy as np
from make_screens import make_set
from PIL import Image, ImageDraw, ImageFont

from mirix_like import MemorySystem
from mirix_like.desktop import NearDuplicateFilter, ingest_screens
from mirix_like.vision import ocr

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.screens import DARK, history  # noqa: E402

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


class AverageFilter:
    """The baseline, the filter this one replaced: grayscale box-averaged to about 160 pixels
    wide, a frame dropped when 1 - mean|a - b| / 255 against the last kept is >= 0.99."""

    def __init__(self, threshold: float = 0.99) -> None:
        self.threshold = threshold
        self._last: np.ndarray | None = None

    def decide(self, image: Image.Image) -> bool:
        gray = image.convert("L")
        thumb = np.asarray(gray.reduce(max(1, gray.width // 160)), dtype=np.int16)
        if (self._last is not None and thumb.shape == self._last.shape
                and 1 - float(np.abs(thumb - self._last).mean()) / 255 >= self.threshold):
            return False
        self._last = thumb
        return True


FILTERS: dict[str, Callable[[], Any]] = {
    "content regions (ours)": NearDuplicateFilter,
    "baseline: 160x90 average at 99%": AverageFilter,
}


def _rate(decide: Callable[[Image.Image], Any], frames: list[Image.Image]) -> dict[str, Any]:
    started = time.perf_counter()
    kept = [bool(decide(frame)) for frame in frames]
    seconds = time.perf_counter() - started
    return {"ms_per_frame": 1000 * seconds / len(frames), "kept": sum(kept)}


def bench_filter(count: int) -> dict[str, Any]:
    """Milliseconds per 1080p frame on a simulated session, each filter twice, interleaved."""
    frames = frame_stream(count)
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in FILTERS}
    for _ in range(2):
        for name, make in FILTERS.items():
            rows[name].append(_rate(make().decide, frames))
    return {"frames": count, "results": {name: {
        "ms_per_frame": min(r["ms_per_frame"] for r in runs), "kept": runs[0]["kept"]}
        for name, runs in rows.items()}}


LOOKS: dict[str, dict[str, Any]] = {
    "1920x1080 light sans 15px": {},
    "1366x768 dark 12px, clock at the bottom": {"size": (1366, 768), "theme": DARK,
                                                "text_px": 12, "panel": "bottom"},
    "2560x1440 serif 20px": {"size": (2560, 1440), "family": "serif", "text_px": 20},
    "1920x1080 monospaced 13px": {"family": "mono", "text_px": 13},
}


def bench_histories(workdir: Path) -> dict[str, Any]:
    """Distinct screens kept and repeats dropped, per filter, per history."""
    out: dict[str, Any] = {}
    for look, options in LOOKS.items():
        frames = history(**options)
        out[look] = {name: _score(make(), [(f.image, f.new) for f in frames])
                     for name, make in FILTERS.items()}
    folder = workdir / "vqa"
    make_set(folder, users=1, screens=20, duplicates=2, seed=7)
    shots = sorted((folder / "user1").iterdir())
    firsts = {pair["screenshot"] for pair in json.loads(
        (folder / "qa_pairs.json").read_text(encoding="utf-8"))[0]["qa_pairs"]}
    frames = [(Image.open(p).convert("RGB"), p.name in firsts) for p in shots]
    out["make_screens.py seed 7, 20 screens + 2 clock-only copies each"] = {
        name: _score(make(), frames) for name, make in FILTERS.items()}
    return out


def _score(keep: Any, frames: list[tuple[Image.Image, bool]]) -> dict[str, str]:
    decided = [(bool(keep.decide(image)), new) for image, new in frames]
    distinct = sum(new for _, new in decided)
    return {"distinct_kept": f"{sum(k and n for k, n in decided)} of {distinct}",
            "repeats_dropped": f"{sum(not k and not n for k, n in decided)} of "
                               f"{len(decided) - distinct}"}


def _distinct_screens(count: int, seed: int = 11) -> Iterable[Image.Image]:
    rng = random.Random(seed)
    for n in range(count):
        yield screen(APPS[n % len(APPS)], [_sentence(rng) for _ in range(rng.randint(8, 22))])


LIGHTER = {"Global.log_level": "warning", "Global.use_cls": False, "Det.limit_type": "max",
           "Det.limit_side_len": 1280}
PREVIOUS = {**LIGHTER, "Rec.rec_img_shape": [3, 48, 48],
            "EngineConfig.onnxruntime.intra_op_num_threads": 1}


def _norm(line: str) -> str:
    return re.sub(r"\s+", " ", line).strip()


def bench_ocr(count: int) -> dict[str, Any]:
    """Seconds per screen and lines read, ours against RapidOCR's defaults (what read_text
    used before), the lighter settings with default threads and the previous settings,
    interleaved per screen."""
    from rapidocr import RapidOCR

    engines: dict[str, Callable[[Image.Image], list[str]]] = {
        "RapidOCR defaults (before)": _lines(RapidOCR(params={"Global.log_level": "warning"})),
        "lighter settings, default threads": _lines(RapidOCR(params=LIGHTER)),
        "previous settings (whole screen, batches of 6)": _lines(RapidOCR(params=PREVIOUS)),
        "ours (read_screen)": lambda image: [ln.text for ln in ocr.read_screen(image).lines],
    }
    sets = {"text-heavy 1920x1080 (26 px, 8-22 lines)": [
                (image, None) for image in _distinct_screens(count)],
            "desktop screens 1920x1080 (15 px)": [
                (f.image, f.shot) for f in history() if f.new][:count]}
    blank = Image.new("RGB", SIZE, (250, 250, 250))
    for read in engines.values():
        read(blank)  # loads the models: not counted
    out: dict[str, Any] = {}
    for label, screens in sets.items():
        times: dict[str, list[float]] = {name: [] for name in engines}
        same = dict.fromkeys(engines, 0)
        exact = dict.fromkeys(engines, 0)
        total = truth_total = 0
        for image, shot in screens:
            read_lines = {}
            for name, read in engines.items():
                started = time.perf_counter()
                read_lines[name] = {_norm(line) for line in read(image)}
                times[name].append(time.perf_counter() - started)
            default = read_lines["RapidOCR defaults (before)"]
            total += len(default)
            truth = {_norm(line) for line in shot.lines if line.strip()} if shot else set()
            truth_total += len(truth)
            for name, lines in read_lines.items():
                same[name] += len(lines & default)
                exact[name] += len(lines & truth)
        out[label] = {"screens": len(screens), "lines_read_by_defaults": total, **{
            name: {"seconds": _stats(times[name]), "lines_identical_to_defaults": same[name],
                   **({"screen_lines_read_exactly": f"{exact[name]} of {truth_total}"}
                      if truth_total else {})} for name in engines}}
    return out


def _lines(engine: Any) -> Callable[[Image.Image], list[str]]:
    return lambda image: list(engine(image).txts or ())


def bench_reread(count: int) -> dict[str, Any]:
    """Each kept screen read whole, and re-read from the kept screen before it: the distinct
    screens of a 1080p history (another mail, chat or note in the same layout), and the
    frames kept from a simulated session (typing, scrolling, window switches)."""
    kept = NearDuplicateFilter()
    session = [frame for frame in frame_stream(count) if kept.decide(frame)]
    return {"history of distinct screens": _reread([f.image for f in history() if f.new]),
            "frames kept from a simulated session": _reread(session)}


def _reread(images: list[Image.Image]) -> dict[str, Any]:
    keep = NearDuplicateFilter()
    whole_s, part_s = [], []
    same = lines = 0
    before = None
    for image in images:
        decision = keep.decide(image)
        started = time.perf_counter()
        whole = ocr.read_screen(image)
        whole_s.append(time.perf_counter() - started)
        if before is not None:
            started = time.perf_counter()
            part = ocr.reread(image, before, decision.boxes)
            part_s.append(time.perf_counter() - started)
            full = {_norm(ln.text) for ln in whole.lines}
            lines += len(full)
            same += len(full & {_norm(ln.text) for ln in part.lines})
        before = whole
    return {"screens": len(images) - 1, "read_whole_s": _stats(whole_s[1:]),
            "reread_changed_regions_s": _stats(part_s), "lines_of_whole_reading": lines,
            "reread_identical_lines": same}


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
    ocr.read_screen(next(folder.iterdir()))  # OCR models loaded before measuring
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


PARTS = ("filter", "histories", "ocr", "reread", "store")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300, help="frames for filtering")
    parser.add_argument("--ocr", type=int, default=10, help="screenshots for OCR timing")
    parser.add_argument("--session", type=int, default=60,
                        help="frames of the simulated session whose kept frames are re-read")
    parser.add_argument("--sample", type=int, default=40,
                        help="screenshots ingested for bytes and batch time (multiple of 20)")
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    parser.add_argument("--out", type=Path, help="write the results as JSON here")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bench-desktop-"))
    runs: dict[str, Callable[[], Any]] = {
        "filter": lambda: bench_filter(args.frames),
        "histories": lambda: bench_histories(workdir),
        "ocr": lambda: bench_ocr(args.ocr),
        "reread": lambda: bench_reread(args.session),
        "store": lambda: bench_storage_and_batch(args.sample, workdir),
    }
    results: dict[str, Any] = {"cpus": os.cpu_count()}
    try:
        for part in args.parts:
            before = os.getloadavg()
            results[part] = runs[part]()
            results[part]["load_average"] = {"before": before, "after": os.getloadavg()}
            print(part, json.dumps(results[part], indent=2), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
