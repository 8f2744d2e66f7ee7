"""What the desktop keeps of screens it was not written on: two screens that differ in one
figure or one line are both kept and the memory says the current one, a repeat is dropped,
on screens from a small laptop to 4K; one unreadable screenshot among pending inputs fails
alone and the rest, a text beside them included, is remembered."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from support.screens import DARK, LIGHT, FakeScreen, Shot, desktop

from mirix_like import MemorySystem
from mirix_like.desktop import NearDuplicateFilter, ScreenWatcher, ingest_screens
from mirix_like.errors import InvalidInputError

ACCOUNT = ("Account overview", "Checking account", "Available balance: EUR 1,284.50",
           "Pending: 2 transactions", "Status: In transit", "Last login: today 08:12")
# (what changes, the line before, the line after)
CHANGES = [
    ("a figure inside a number", "Available balance: EUR 1,284.50",
     "Available balance: EUR 1,234.50"),
    ("the last digit", "Available balance: EUR 1,284.50", "Available balance: EUR 1,284.57"),
    ("a count", "Pending: 2 transactions", "Pending: 3 transactions"),
    ("one line", "Status: In transit", "Status: Delivered"),
]
# (size, theme, font family, body text in pixels at 1080p: scaled with the height)
LOOKS = [
    ((1280, 800), LIGHT, "sans", 13),
    ((1366, 768), DARK, "sans", 15),
    ((1920, 1080), LIGHT, "serif", 15),
    ((1920, 1080), DARK, "mono", 13),
    ((2560, 1440), LIGHT, "sans", 16),
    ((3840, 2160), DARK, "serif", 15),
]


def _changed(shot: Shot, before: str, after: str) -> Shot:
    return replace(shot, lines=tuple(after if line == before else line for line in shot.lines))


@pytest.mark.parametrize(("what", "before", "after"), CHANGES, ids=[c[0] for c in CHANGES])
@pytest.mark.parametrize(("size", "theme", "family", "px"), LOOKS,
                         ids=[f"{s[0]}x{s[1]}-{f}" for s, _, f, _ in LOOKS])
def test_a_screen_changed_in_one_figure_or_line_is_kept_and_its_repeats_dropped(
        what: str, before: str, after: str, size: tuple[int, int], theme: object,
        family: str, px: int) -> None:
    shot = Shot("Bank", "Overview", ACCOUNT, theme=theme, family=family, text_px=px)
    edited = _changed(shot, before, after)
    frames = NearDuplicateFilter()
    assert frames.decide(desktop(shot, size))
    assert not frames.decide(desktop(shot, size))  # the same screen again
    kept = frames.decide(desktop(edited, size))
    assert kept and kept.reason == "content changed", kept.reason
    assert not frames.decide(desktop(edited, size))
    moved = replace(edited, clock="09:42", pointer=(0.3, 0.2))  # the clock and the mouse
    assert not frames.decide(desktop(moved, size))


@pytest.mark.parametrize(("size", "theme", "family", "px"), [LOOKS[0], LOOKS[3], LOOKS[5]],
                         ids=["1280x800", "1920x1080-mono-dark", "3840x2160-serif-dark"])
def test_the_watcher_remembers_the_figure_a_window_shows_now(
        memory: MemorySystem, screen: FakeScreen, size: tuple[int, int], theme: object,
        family: str, px: int) -> None:
    shot = Shot("Bank", "Overview", ACCOUNT, theme=theme, family=family, text_px=px)
    edited = _changed(shot, *CHANGES[0][1:])
    watcher = ScreenWatcher(memory, user_id="sam", source=screen)
    outcomes = []
    for frame in (shot, shot, edited, edited):
        screen.show(desktop(frame, size), "Bank", "Overview")
        outcomes.append(watcher.tick())
    assert outcomes == ["kept", "duplicate", "kept", "duplicate"]
    watcher.send()
    assert watcher.status().inputs_processed == 2
    answer = memory.chat("What is my available balance?", user_id="sam").answer
    assert "1,234.50" in answer and "1,284.50" not in answer, answer


def _png(image: Image.Image) -> bytes:
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


# How a screenshot waiting in the image folder can be spoiled before it is read.
SPOILED = {
    "zero bytes": lambda path: path.write_bytes(b""),
    "truncated": lambda path: path.write_bytes(path.read_bytes()[:300]),
    "not an image": lambda path: path.write_text("<html>404</html>"),
    "removed": lambda path: path.unlink(),
}


@pytest.mark.parametrize("spoil", SPOILED, ids=list(SPOILED))
def test_one_spoiled_screenshot_among_pending_inputs_fails_alone(
        memory: MemorySystem, spoil: str) -> None:
    parking = Shot("Notes", "Parking", ("Parking", "Level P3, spot 214"))
    victim = Shot("Mail", "Library", ("Library", "Return the atlas by Friday"))
    ferry = Shot("Browser", "Ferries", ("Ferries", "Ferry to Cacilhas leaves at 18:40"))
    for shot in (parking, victim, ferry):
        memory.add(images=[desktop(shot, (1366, 768))], user_id="sam", flush=False,
                   metadata={"source": "screen", "app": shot.app, "window_title": shot.title})
    memory.add("My dentist is Dr. Alvarez on Pine Street.", user_id="sam", flush=False)
    [spoilt] = [raw for raw in memory.pending("sam") if raw.metadata.get("app") == "Mail"]
    SPOILED[spoil](Path(spoilt.image_path))
    report = memory.flush("sam")
    assert report.failed_inputs == [spoilt.id] and len(report.processed_inputs) == 3
    [failed] = memory.failed("sam")
    assert failed.id == spoilt.id and failed.error
    assert "214" in memory.chat("Which parking spot did I note?", user_id="sam").answer
    assert "18:40" in memory.chat("When does the ferry to Cacilhas leave?",
                                  user_id="sam").answer
    assert "Alvarez" in memory.chat("Who is my dentist?", user_id="sam").answer
    assert "atlas" not in memory.chat("What do I return to the library?", user_id="sam").answer


def test_one_unreadable_image_refuses_its_add_call_and_leaves_nothing(
        memory: MemorySystem, tmp_path: Path) -> None:
    # An add call is checked whole (README, Guarantees): the caller is told, nothing of the
    # call is half-stored and no copy is left behind; sent again without the bad file, it is
    # remembered.
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    parking = Shot("Notes", "Parking", ("Parking", "Level P3, spot 214"))
    screen = desktop(parking, (1366, 768))
    with pytest.raises(InvalidInputError, match="empty.png"):
        memory.add("My dentist is Dr. Alvarez on Pine Street.", user_id="sam",
                   images=[screen, empty])
    assert memory.pending("sam") == []
    assert not memory.aio.image_dir.exists() or not any(memory.aio.image_dir.iterdir())
    memory.add("My dentist is Dr. Alvarez on Pine Street.", user_id="sam", images=[screen])
    assert memory.flush("sam").failed_inputs == []
    assert "Alvarez" in memory.chat("Who is my dentist?", user_id="sam").answer
    assert "214" in memory.chat("Which parking spot did I note?", user_id="sam").answer
    assert not any(memory.aio.image_dir.iterdir())  # processed copies are deleted


def test_a_folder_keeps_a_screen_changed_in_one_figure_drops_repeats_and_skips_bad_files(
        memory: MemorySystem, tmp_path: Path) -> None:
    shot = Shot("Bank", "Overview", ACCOUNT)
    edited = _changed(shot, *CHANGES[0][1:])
    folder = tmp_path / "screens"
    folder.mkdir()
    files = {"20250401_090000.png": _png(desktop(shot)),
             "20250401_090002.png": _png(desktop(replace(shot, pointer=(0.4, 0.3)))),
             "20250401_090004.png": _png(desktop(edited)),
             "20250401_090006.png": b"",
             "20250401_090008.png": _png(desktop(edited))[:400],
             "20250401_090010.png": _png(desktop(replace(edited, clock="09:42"))),
             "20250401_090012.png": _png(desktop(edited))}  # the same file again
    for name, data in files.items():
        (folder / name).write_bytes(data)
    report = ingest_screens(memory, folder, user_id="sam", tz="UTC")
    assert report.ingested == ["20250401_090000.png", "20250401_090004.png"]
    assert [d.file for d in report.duplicates] == ["20250401_090002.png",
                                                    "20250401_090010.png"]
    assert report.already == ["20250401_090012.png"]
    assert [s.file for s in report.skipped] == ["20250401_090006.png", "20250401_090008.png"]
    assert (report.processed_inputs, report.failed_inputs) == (2, 0)
    answer = memory.chat("What is my available balance?", user_id="sam").answer
    assert "1,234.50" in answer and "1,284.50" not in answer, answer
