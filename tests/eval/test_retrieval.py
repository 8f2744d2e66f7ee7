"""The LOCOMO retrieval benchmark on a tiny fixture, with recall values checkable by hand."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval"))

from locomo_data import load_locomo  # noqa: E402
from retrieval import BM25, main, recall_at, run_benchmark, tokenize  # noqa: E402

FIXTURE = Path(__file__).parent / "fixtures" / "locomo_tiny.json"


def test_tokenize_lowercases_words() -> None:
    assert tokenize("Bob's violin, REPAIRED!") == ["bob", "s", "violin", "repaired"]


def test_bm25_score_matches_the_okapi_formula() -> None:
    docs = ["red apple", "green apple pie", "blue sky"]
    index = BM25(docs, k1=1.5, b=0.75)
    # "pie": df 1 of 3 docs; doc 1 has 3 tokens, the mean length is 7/3.
    idf = math.log(1 + (3 - 1 + 0.5) / (1 + 0.5))
    expected = idf * 1 * 2.5 / (1 + 1.5 * (1 - 0.75 + 0.75 * 3 / (7 / 3)))
    assert index.scores("pie")[1] == pytest.approx(expected, rel=1e-5)
    assert index.top("apple pie", 3) == [1, 0]  # "blue sky" scores 0 and is left out
    assert index.top("unknown words", 3) == []


def test_recall_at_k() -> None:
    hits = [["D1:1"], ["D1:5"], ["D2:1"]]
    assert recall_at(("D1:1", "D2:1"), hits, 1) == 0.5
    assert recall_at(("D1:1", "D2:1"), hits, 2) == 0.5
    assert recall_at(("D1:1", "D2:1"), hits, 3) == 1.0
    assert recall_at(("D9:9",), hits, 3) == 0.0


@pytest.fixture(scope="module")
def report() -> dict:
    return run_benchmark(load_locomo(FIXTURE), ["hashing"], ks=(1, 2, 3), progress=False)


def test_every_system_answers_the_three_scored_questions(report: dict) -> None:
    # Category 5 is not scored; the category-3 question has no usable evidence (D9:1).
    assert set(report["systems"]) == {"bm25", "hashing/fts", "hashing/vector", "hashing/hybrid"}
    for system, found in report["questions"].items():
        assert [q["index"] for q in found] == [0, 1, 2], system
        assert all(len(q["hits"]) <= 3 for q in found)
    summary = report["systems"]["bm25"]["summary"]
    assert summary["overall"]["questions"] == 3
    assert summary["open-domain"]["questions"] == 0
    assert math.isnan(summary["open-domain"]["recall@2"])


def test_rare_words_find_the_evidence_at_k1(report: dict) -> None:
    # "greyhound" occurs only in D1:1; "Ottilie" and "Lisbon" only in D1:4 and D2:1.
    for system in ("bm25", "hashing/fts", "hashing/hybrid"):
        first, second, _ = report["questions"][system]
        assert first["hits"][0] == ["D1:1"], system
        assert sorted(h[0] for h in second["hits"][:2]) == ["D1:4", "D2:1"], system
    fts = report["systems"]["hashing/fts"]["summary"]
    assert fts["single-hop"]["recall@1"] == 1.0
    assert fts["multi-hop"]["recall@1"] == 0.5  # one of its two evidence turns at k=1
    assert fts["multi-hop"]["recall@2"] == 1.0 and fts["multi-hop"]["all@1"] == 0.0


def test_violin_question_finds_both_violin_turns_by_fts(report: dict) -> None:
    # Evidence D1:2 ("repairing ... violin"); D2:3 ("violin ... repair") is the other match.
    _, _, third = report["questions"]["hashing/fts"]
    assert sorted(h[0] for h in third["hits"][:2]) == ["D1:2", "D2:3"]
    assert report["systems"]["hashing/fts"]["summary"]["temporal"]["recall@2"] == 1.0


def test_report_has_timings_and_embedder(report: dict) -> None:
    assert report["embedders"]["hashing"]["name"] == "hashing-v2-384"
    timing = report["systems"]["hashing/hybrid"]["timings"]
    assert timing["ingest_s"] > 0 and timing["mean_query_ms"] > 0


def test_cli_prints_the_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.json"
    code = main([str(FIXTURE), "--methods", "fts", "--k", "1", "2", "--main-k", "2",
                 "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    # R@1 = (1 + 1/2 + 0) / 3: the shorter D2:3 ("... the repair") beats the evidence D1:2.
    assert "| bm25 | 0.500 | 1.000 | 1.000 | 1.000 | 1.000 | - | 1.000 |" in printed
    assert "| hashing/fts | 0.500 | 1.000 | 1.000 |" in printed
    assert "3 questions of categories 1-4 scored (1 skipped: no usable evidence)" in printed
    assert "1 entries split, 1 ids renumbered, 3 ids dropped" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["settings"]["ks"] == [1, 2]
    assert data["data"]["dates_without_session"] == {"tiny-1": [3]}


def test_cli_rejects_unknown_conversations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(FIXTURE), "--conversations", "conv-99"]) == 2
    assert "conv-99" in capsys.readouterr().err
