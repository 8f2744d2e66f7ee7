"""``ingest_screens``: a ScreenshotVQA-style folder, resumable, with bad files reported."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image
from support.screens import history, render
from typer.testing import CliRunner

from mirix_like.cli import app
from mirix_like.desktop import ingest_screens
from mirix_like.errors import InvalidInputError

DINNER = ["Dinner with Dana", "Nopa, Friday at 7 pm"]
DENTIST = ["Dentist appointment", "Tuesday 18 March at 10:30"]
BAD = {
    "20250316_090000.png": "cannot be read as an image",  # corrupt PNG
    "20250316_090100.png": "cannot be read as an image",  # 0 bytes
    "20250316_090200.png": "pixel limit",  # 50 megapixels
    "notes.txt": "cannot be read as an image",  # not an image
    "20250316_090300.png": "cannot be read",  # a link to nothing: unreadable
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "student1"
    root.mkdir()
    render(DINNER).save(root / "20250316_081500.png")
    render(DENTIST).save(root / "20250316_082000.png")
    render(DENTIST, cursor=True).save(root / "20250316_082002.png")  # a near-duplicate
    good = (root / "20250316_081500.png").read_bytes()
    (root / "20250316_090000.png").write_bytes(good[:200] + b"\x00garbage" * 50)
    (root / "20250316_090100.png").write_bytes(b"")
    Image.new("1", (10_000, 5_000)).save(root / "20250316_090200.png")
    (root / "notes.txt").write_text("questions to ask later")
    (root / "20250316_090300.png").symlink_to(root / "gone.png")
    (root / ".DS_Store").write_bytes(b"\x00\x01")  # hidden: ignored
    return root


def test_a_folder_is_ingested_bad_files_reported_and_a_rerun_skips_what_is_stored(
        memory, folder: Path) -> None:
    report = ingest_screens(memory, folder, user_id="ana", tz="America/New_York")
    assert report.ingested == ["20250316_081500.png", "20250316_082000.png"]
    assert [(d.file, d.reason) for d in report.duplicates] == [(
        "20250316_082002.png", "only a text cursor changed since "
        "20250316_082000.png")]
    assert {s.file: s.reason for s in report.skipped}.keys() == BAD.keys()
    for skipped in report.skipped:
        assert BAD[skipped.file] in skipped.reason, skipped
    assert (report.processed_inputs, report.failed_inputs) == (2, 0)

    hit = memory.search("Nopa dinner", user_id="ana", memory_types=["episodic"])[0]
    # 08:15 in New York on 16 March 2025 (daylight saving time) is 12:15 UTC.
    assert hit.item.occurred_at == datetime(2025, 3, 16, 12, 15, tzinfo=UTC)
    assert "Dinner with Dana" in hit.item.summary
    [resource] = [r for r in memory.list("resource", user_id="ana") if "Dentist" in r.title]
    assert "Tuesday 18 March at 10:30" in resource.content
    assert not any(memory.aio.image_dir.iterdir())  # copies deleted once processed

    again = ingest_screens(memory, folder, user_id="ana", tz="America/New_York")
    assert again.already == report.ingested and again.ingested == []
    assert again.duplicates == report.duplicates  # compared to the stored screenshot before it
    assert again.processed_inputs == 0
    assert len(memory.store.inputs("ana")) == 2

    render(["Flight to Porto", "Gate 12 boards at 9:40"]).save(folder / "20250316_100000.png")
    resumed = ingest_screens(memory, folder, user_id="ana", tz="America/New_York")
    assert resumed.ingested == ["20250316_100000.png"] and resumed.processed_inputs == 1


def test_cli_ingest_screens_reports_bad_files_and_a_missing_folder(
        tmp_path: Path, folder: Path) -> None:
    for name in BAD:
        (folder / name).unlink()
    (folder / "20250316_082002.png").unlink()
    (folder / "20250316_082000.png").unlink()
    (folder / "broken.png").write_bytes(b"not a png")
    store = str(tmp_path / "cli-store")
    result = CliRunner().invoke(app, ["ingest-screens", str(folder), "--user", "ana",
                                      "--store", store, "--tz", "UTC", "--json"])
    assert result.exit_code == 0, result.output
    assert "skipped broken.png: " in result.stderr
    report = json.loads(result.stdout)
    assert report["ingested"] == ["20250316_081500.png"] and report["processed_inputs"] == 1
    missing = CliRunner().invoke(app, ["ingest-screens", str(tmp_path / "nowhere"),
                                       "--store", store])
    assert missing.exit_code == 2 and "is not a folder" in missing.stderr


def test_bad_arguments_are_refused(memory, folder: Path) -> None:
    with pytest.raises(InvalidInputError, match="time zone"):
        ingest_screens(memory, folder, user_id="ana", tz="Mars/Olympus_Mons")
    with pytest.raises(InvalidInputError, match="similarity"):
        ingest_screens(memory, folder, user_id="ana", similarity=2.0)


def test_a_history_of_one_layout_keeps_each_distinct_screen_with_its_text(
        memory, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frames = [f for f in history(size=(1366, 768))
              if f.what.startswith(("Mail", "Calendar"))]  # 6 distinct screens, 30 repeats
    folder = tmp_path / "history"
    folder.mkdir()
    start = datetime(2025, 3, 4, 9, 0)
    names = []
    for n, frame in enumerate(frames):
        names.append(f"{start + timedelta(seconds=20 * n):%Y%m%d_%H%M%S}.png")
        frame.image.save(folder / names[-1])
    report = ingest_screens(memory, folder, user_id="sam", tz="UTC", progress=True)
    assert report.ingested == [name for name, f in zip(names, frames, strict=True) if f.new]
    dropped = {d.file: d.reason for d in report.duplicates}
    copies = [name for name, f in zip(names, frames, strict=True) if "exact copy" in f.what]
    assert report.already == copies  # the same bytes as a file stored before them
    assert sorted([*dropped, *copies]) == [
        name for name, f in zip(names, frames, strict=True) if not f.new]
    printed = capsys.readouterr().err
    for name, reason in dropped.items():
        assert f"dropped {name}: {reason}" in printed
    assert "clock or status bar" in printed and "pointer" in printed
    texts = {raw.metadata["file_name"]: raw.text for raw in memory.store.inputs("sam")}
    for name, frame in zip(names, frames, strict=True):
        if frame.new:  # each screen's text was read: the parts that changed and the rest
            assert frame.fact in texts[name], (name, texts[name])
            assert frame.shot.lines[0] in texts[name]
    assert (report.processed_inputs, report.failed_inputs) == (6, 0)


def test_one_vanished_or_unreadable_image_does_not_block_the_rest(memory, folder: Path,
                                                                   capsys) -> None:
    # A screenshot stored earlier whose image went missing before it was processed.
    memory.add(images=[render(["Left pending", "from last week"])], user_id="ana",
               metadata={"file_name": "20250309_100000.png"})
    [lost] = memory.store.inputs("ana")
    Path(lost.image_path).unlink()
    report = ingest_screens(memory, folder, user_id="ana", tz="UTC", progress=True)
    assert report.ingested == ["20250316_081500.png", "20250316_082000.png"]
    assert (report.processed_inputs, report.failed_inputs) == (2, 1)
    [failure] = report.failed
    assert failure.file == "20250309_100000.png" and "is gone" in failure.reason
    assert f"failed 20250309_100000.png: {failure.reason}" in capsys.readouterr().err
    states = {raw.metadata.get("file_name"): raw.status for raw in memory.store.inputs("ana")}
    assert states == {"20250309_100000.png": "failed", "20250316_081500.png": "processed",
                      "20250316_082000.png": "processed"}
    assert memory.search("Nopa dinner", user_id="ana", memory_types=["episodic"])
    summary = report.describe().splitlines()
    assert summary[-1] == ("kept 2, already stored 0, dropped 1, bad files 5; inputs "
                           "processed 2, failed 1")
    assert "dropped 20250316_082002.png: only a text cursor" in summary[0]
