"""make_screens.py is reproducible from its seed; screenshotvqa.py scores answers right."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval"))

from make_screens import main as make_screens  # noqa: E402
from screenshotvqa import matches, summarise  # noqa: E402

from mirix_like.desktop.dedup import NearDuplicateFilter  # noqa: E402


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("screens")
    for name, seed in (("a", "3"), ("b", "3"), ("c", "4")):
        assert make_screens([str(root / name), "--users", "1", "--screens", "5",
                             "--duplicates", "1", "--seed", seed]) == 0
    return {name: root / name for name in "abc"}


def test_the_same_seed_gives_the_same_files(sets: dict[str, Path]) -> None:
    assert _digest(sets["a"]) == _digest(sets["b"])
    assert _digest(sets["a"]) != _digest(sets["c"])


def test_layout_questions_and_answers(sets: dict[str, Path]) -> None:
    [entry] = json.loads((sets["a"] / "qa_pairs.json").read_text(encoding="utf-8"))
    files = sorted(p.name for p in (sets["a"] / "user1").iterdir())
    assert entry["student"] == "user1" and len(files) == 10  # 5 screens, 1 copy each
    assert all(len(name) == len("20250304_090000.png") for name in files)
    pairs = entry["qa_pairs"]
    assert len(pairs) == 10 and len({p["question"] for p in pairs}) == 10
    assert {p["app"] for p in pairs} == {"mail", "calendar", "chat", "browser", "editor"}
    assert all(p["screenshot"] in files and p["answer"] for p in pairs)


def test_near_duplicates_are_dropped_and_distinct_screens_kept(sets: dict[str, Path]) -> None:
    dedup = NearDuplicateFilter()
    kept = [p.name for p in sorted((sets["a"] / "user1").iterdir())
            if dedup.decide(Image.open(p))]
    [entry] = json.loads((sets["a"] / "qa_pairs.json").read_text(encoding="utf-8"))
    assert kept == sorted({p["screenshot"] for p in entry["qa_pairs"]})


@pytest.mark.parametrize(("answer", "gold", "ok"), [
    ("Flight SK 4412 departs at 09:40", "SK 4412", True),
    ("sk 4412", "SK 4412", True),
    ("Flight SK 44120", "SK 4412", False),
    ("Room 146.", "Room 146", True),
    ("I don't have that in memory.", "v1.9.0", False),
    ("anything", "", False),
])
def test_matches(answer: str, gold: str, ok: bool) -> None:
    assert matches(answer, gold) is ok


def test_summary_counts_recall_only_where_the_screenshot_is_known() -> None:
    rows = [{"app": "mail", "match": True, "recall@1": True},
            {"app": "mail", "match": False, "recall@1": False}, {"app": "chat", "match": False}]
    summary = summarise(rows, [1])
    assert summary["accuracy"] == pytest.approx(1 / 3)
    assert summary["accuracy_by_app"] == {"chat": 0.0, "mail": 0.5}
    assert summary["screenshot_recall@1"] == 0.5 and "judge" not in summary


def test_every_question_of_a_user_has_one_answer(tmp_path: Path) -> None:
    # 12 screens: mail and browser both draw cities; neither repeats one of its own.
    assert make_screens([str(tmp_path), "--users", "1", "--screens", "12",
                         "--duplicates", "0"]) == 0
    [entry] = json.loads((tmp_path / "qa_pairs.json").read_text(encoding="utf-8"))
    questions = [p["question"] for p in entry["qa_pairs"]]
    assert len(questions) == 24 and len(set(questions)) == 24
    withheld = [p for p in entry["qa_pairs"] if p.get("withheld")]
    assert withheld and all("password" in p["question"] for p in withheld)


def test_withheld_questions_are_scored_apart_from_the_accuracy() -> None:
    rows = [{"app": "chat", "match": True}, {"app": "chat", "match": False, "withheld": True},
            {"app": "chat", "match": True, "withheld": True}]
    summary = summarise(rows, [])
    assert summary["answerable"] == 1 and summary["accuracy"] == 1.0
    assert summary["accuracy_by_app"] == {"chat": 1.0}
    assert summary["withheld_kept"] == 0.5  # one answer gave the password away
