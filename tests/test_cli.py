"""Each CLI verb is a MemorySystem call: run the command, check the result through the library."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mirix_like import MemorySystem
from mirix_like.cli import app

runner = CliRunner()


@pytest.fixture
def store(tmp_path: Path) -> str:
    return str(tmp_path / "store")


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_every_command_has_help() -> None:
    for command in app.registered_commands:
        name = command.name or command.callback.__name__
        assert command.callback.__doc__, name
        assert "Usage" in invoke(name, "--help")


def test_add_then_search_list_history_delete(store: str) -> None:
    invoke("add", "My", "sister", "Maya", "lives", "in", "Lisbon.", "--user", "sam",
           "--store", store, "--at", "2025-03-01T10:00:00+00:00")
    with MemorySystem(store_uri=store) as memory:
        [event] = memory.list("episodic", user_id="sam")
    assert "Lisbon" in event.summary
    assert event.occurred_at.isoformat() == "2025-03-01T10:00:00+00:00"

    hits = json.loads(invoke("search", "Lisbon", "--user", "sam", "--store", store, "--json",
                             "--type", "episodic"))
    assert [h["item"]["id"] for h in hits] == [event.id]
    assert invoke("search", "Lisbon", "--user", "someone-else", "--store",
                  store).strip() == "nothing found"
    assert event.id in invoke("list", "episodic", "--user", "sam", "--store", store)
    assert "insert" in invoke("history", event.id, "--user", "sam", "--store", store)
    assert "deleted 1" in invoke("delete", "episodic", event.id, "--user", "sam",
                                 "--store", store)
    with MemorySystem(store_uri=store) as memory:
        assert memory.list("episodic", user_id="sam") == []
        assert [e.action for e in memory.history(event.id, user_id="sam")] == [
            "insert", "delete"]


def test_chat_one_shot_answers_from_memory(store: str) -> None:
    invoke("add", "My favourite food is ramen.", "--user", "sam", "--store", store)
    answer = invoke("chat", "What", "is", "my", "favourite", "food?", "--user", "sam",
                    "--store", store)
    assert "ramen" in answer.lower()


def test_bad_input_is_a_clear_error_with_exit_code_2(store: str) -> None:
    result = runner.invoke(app, ["list", "nonsense", "--store", store])
    assert result.exit_code == 2
    assert "unknown memory type 'nonsense'" in result.output
    result = runner.invoke(app, ["add", "hello", "--at", "yesterday", "--store", store])
    assert result.exit_code == 2 and "ISO 8601" in result.output


def test_pending_and_no_flush(store: str) -> None:
    invoke("add", "note to self: buy milk", "--no-flush", "--user", "sam", "--store", store)
    assert "buy milk" in invoke("pending", "--user", "sam", "--store", store)
    assert "processed 1" in invoke("flush", "--user", "sam", "--store", store)
    assert "none pending" in invoke("pending", "--user", "sam", "--store", store)


def test_export_import_and_undo(store: str, tmp_path: Path) -> None:
    invoke("add", "Maya is a marine biologist.", "--user", "sam", "--store", store)
    with MemorySystem(store_uri=store) as memory:
        [fact] = memory.list("semantic", user_id="sam")
    invoke("delete", "semantic", fact.id, "--user", "sam", "--store", store)
    deleted = json.loads(invoke("history", fact.id, "--user", "sam", "--store", store,
                                "--json"))[-1]
    assert deleted["action"] == "delete"
    assert fact.id in invoke("undo", deleted["id"], "--user", "sam", "--store", store)

    exported = tmp_path / "backup"
    invoke("export", str(exported), "--user", "sam", "--store", store)
    other = str(tmp_path / "other-store")
    invoke("import", str(exported), "--store", other)
    with MemorySystem(store_uri=other) as memory:
        assert [f.summary for f in memory.list("semantic", user_id="sam")] == [fact.summary]
    summary = json.loads(invoke("import", str(exported), "--store", other, "--json"))
    assert summary["counts"]["semantic.jsonl"] == 0  # nothing duplicated
