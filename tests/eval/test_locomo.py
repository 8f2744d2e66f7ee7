"""eval/locomo.py on the tiny fixture: ingestion, retrieval-mode recall, resumability, answers."""

from __future__ import annotations

import json
import math
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval"))

import locomo  # noqa: E402
from locomo_data import load_locomo  # noqa: E402

from mirix_like import SearchHit  # noqa: E402
from mirix_like.config import RetrievalSettings  # noqa: E402
from mirix_like.memory_types.episodic import EpisodicEvent  # noqa: E402
from mirix_like.retrieval.active import ActiveRetrieval  # noqa: E402
from mirix_like.store import MemoryStore  # noqa: E402

FIXTURE = Path(__file__).parent / "fixtures" / "locomo_tiny.json"
USER = "tiny-1"


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One retrieval-mode run over the fixture, and a second one over the same workdir."""
    workdir = tmp_path_factory.mktemp("locomo")
    args = [str(FIXTURE), "--workdir", str(workdir), "--k", "1", "2", "--main-k", "2"]
    assert locomo.main(args) == 0
    first = json.loads((workdir / "report-retrieval.json").read_text(encoding="utf-8"))
    marker = (workdir / USER / "ingest.json").stat().st_mtime_ns
    assert locomo.main(args) == 0
    second = json.loads((workdir / "report-retrieval.json").read_text(encoding="utf-8"))
    return {"workdir": workdir, "first": first, "second": second, "marker": marker}


def test_turns_are_ingested_with_dia_ids_speakers_and_captions(run: dict[str, Any]) -> None:
    store = MemoryStore(run["workdir"] / USER / "store")
    inputs = {raw.id: raw for raw in store.inputs(USER)}
    [conversation] = load_locomo(FIXTURE)
    assert set(inputs) == {t.dia_id for t in conversation.turns}
    assert inputs["D1:1"].speaker == "Alice" and inputs["D1:2"].speaker == "Bob"
    assert inputs["D1:2"].text == ("Congrats! I spent Saturday repairing my grandfather's violin."
                                   " [shared photo: a photo of a violin on a wooden table]")
    assert inputs["D2:1"].occurred_at == datetime(2023, 6, 27, 10, 5, tzinfo=UTC)
    assert {raw.status for raw in inputs.values()} == {"processed"}
    events = list(store.iter_items("episodic", USER))
    assert events and all(set(e.source_ids) <= set(inputs) for e in events)
    cited = {source for e in events for source in e.source_ids}
    assert {"D1:1", "D1:4", "D2:1", "D2:4"} <= cited
    assert not any("ANNOTATION" in e.summary + e.details for e in events)
    marker = json.loads((run["workdir"] / USER / "ingest.json").read_text(encoding="utf-8"))
    assert marker["sessions"] == 2 and marker["failed_inputs"] == 0
    assert marker["usage"]["calls"] > 0  # the offline client's calls are counted too


def test_second_run_reuses_the_ingestion(run: dict[str, Any]) -> None:
    assert run["first"]["ingestion"][USER]["cached"] is False
    assert run["second"]["ingestion"][USER]["cached"] is True
    assert (run["workdir"] / USER / "ingest.json").stat().st_mtime_ns == run["marker"]
    assert run["first"]["summary"] == run["second"]["summary"]


def test_report_holds_settings_systems_and_outputs(run: dict[str, Any]) -> None:
    report = run["first"]
    settings = report["settings"]
    assert settings["memory_settings"]["batch_size"] == 1000
    assert settings["memory_settings"]["backend"] == "offline"
    assert settings["categories"] == {"1": "multi-hop", "2": "temporal", "3": "open-domain",
                                      "4": "single-hop"}
    assert "api_key" not in settings["memory_settings"]
    assert report["data"]["scored"] == 3 and report["data"]["skipped_no_evidence"] == 1
    summary = report["summary"]
    assert set(summary) == {"mirix_like", "mirix_like search", "bm25", "full-context"}
    assert summary["full-context"]["overall"]["mean_block_tokens"] > 0
    # BM25 finds "greyhound" (D1:1) first: the single-hop question is found at k=1.
    assert summary["bm25"]["single-hop"]["recall@1"] == 1.0
    assert 0 <= summary["mirix_like"]["overall"]["recall@2"] <= 1
    workdir = run["workdir"]
    assert "| mirix_like |" in (workdir / "report-retrieval.md").read_text(encoding="utf-8")


def _row(category: int, evidence: list[str], hits: list[list[str]], budget: list[str],
         tokens: int) -> dict[str, Any]:
    return {"category": category, "evidence": evidence,
            "mirix_like": {"hits": hits, "budget_hits": [budget], "block_tokens": tokens},
            "mirix_like search": {"hits": [], "budget_hits": [], "block_tokens": 0},
            "bm25": {"hits": [], "budget_hits": [], "block_tokens": 0},
            "full-context": {"block_tokens": 100}}


def test_retrieval_summary_by_hand() -> None:
    rows = [_row(1, ["D1:1", "D2:1"], [["D1:5"], ["D2:1"], ["D1:1"]], ["D2:1"], 300),
            _row(4, ["D1:2"], [["D1:2"], ["D1:3"]], ["D1:2"], 500)]
    summary = locomo.summarise_retrieval(rows, [1, 2, 3])["mirix_like"]
    overall = summary["overall"]
    assert overall["recall@1"] == pytest.approx((0 + 1) / 2)
    assert overall["recall@2"] == pytest.approx((0.5 + 1) / 2)
    assert overall["recall@3"] == 1.0 and overall["all@2"] == 0.5
    assert overall["recall@budget"] == pytest.approx(0.75) and overall["all@budget"] == 0.5
    assert overall["mean_block_tokens"] == 400
    assert summary["multi-hop"]["recall@2"] == 0.5 and summary["single-hop"]["all@1"] == 1.0
    assert summary["temporal"]["questions"] == 0 and math.isnan(summary["temporal"]["recall@1"])


def _hit(memory_type: str, text: str, sources: list[str]) -> SearchHit:
    when = datetime(2023, 5, 8, tzinfo=UTC)
    item = EpisodicEvent(user_id=USER, summary=text, occurred_at=when, source_ids=sources)
    return SearchHit(memory_type=memory_type, item=item, score=1.0)


def test_budget_credits_only_items_wholly_in_the_context(tmp_path: Path) -> None:
    hits = [_hit("episodic", "short one", ["D1:1"]), _hit("episodic", "x" * 400, ["D1:2"])]
    active = ActiveRetrieval(MemoryStore(tmp_path / "store"), RetrievalSettings())
    small = active.context(hits, {"episodic": 2}, max_tokens=40)
    assert small.source_ids == ["D1:1"] and small.tokens <= 40
    assert small.counts["episodic"] == (1, 2)
    assert active.context(hits, {"episodic": 2}, max_tokens=1000).source_ids == ["D1:1", "D1:2"]


def test_answer_mode_offline_scores_f1_and_bleu_without_a_judge(
    run: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    workdir = run["workdir"]
    assert locomo.main([str(FIXTURE), "--workdir", str(workdir), "--mode", "answer",
                        "--limit", "2"]) == 0
    printed = capsys.readouterr().out
    assert "No LLM judge with the offline backend" in printed
    assert "1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial" in printed
    report = json.loads((workdir / "report-answer.json").read_text(encoding="utf-8"))
    assert [q["index"] for q in report["questions"]] == [0, 1]
    first = report["questions"][0]
    assert first["judge"] is None and 0 <= first["f1"] <= 1 and 0 <= first["bleu1"] <= 1
    assert "Pixel" in first["answer"]  # the extractive offline answer names the greyhound
    assert len((workdir / USER / "answers.jsonl").read_text().splitlines()) == 2


def test_a_store_ingested_with_other_settings_is_refused(run: dict[str, Any]) -> None:
    with pytest.raises(SystemExit, match="was ingested with"):
        locomo.main([str(FIXTURE), "--workdir", str(run["workdir"]), "--embedder",
                     "sentence-transformers"])


def test_session_messages_skip_nothing_that_has_text() -> None:
    [conversation] = load_locomo(FIXTURE)
    messages = locomo.session_messages(conversation.sessions[1].turns)
    assert [m["id"] for m in messages] == ["D2:1", "D2:2", "D2:3", "D2:4", "D2:5"]
    assert messages[3]["content"].endswith("[shared photo: a dog with a blue ribbon]")
    assert {m["name"] for m in messages} == {"Alice", "Bob"}


def test_answer_mode_with_a_model_is_judged(tmp_path: Path) -> None:
    import bench
    from support.openai_server import ScriptedOpenAIServer, text

    def respond(request: dict[str, Any]) -> Any:
        if "label an answer" in request["messages"][0]["content"]:
            return text('{"label": "CORRECT"}')
        return bench.scripted_responder(request)

    with ScriptedOpenAIServer(responder=respond) as server:
        assert locomo.main([str(FIXTURE), "--workdir", str(tmp_path), "--mode", "answer",
                            "--backend", "openai", "--base-url", server.base_url,
                            "--model", "scripted-model", "--judge-model", "judge-model",
                            "--limit", "1"]) == 0
        judged = [r for r in server.chat_requests if r["model"] == "judge-model"]
    report = json.loads((tmp_path / "report-answer.json").read_text(encoding="utf-8"))
    assert len(judged) == 1 and judged[0]["temperature"] == 0.0
    assert report["settings"]["judge"]["model"] == "judge-model"
    assert report["summary"]["overall"]["judge"] == 1.0
    [row] = report["questions"]
    assert row["judge"] is True and row["answer"] == "From memory: Sam hiked with Maya."
    assert report["answer_usage"][USER]["calls"] == 2  # topics and the answer
    assert report["ingestion"][USER]["usage"]["calls"] >= 8  # 2 batches: meta + managers
