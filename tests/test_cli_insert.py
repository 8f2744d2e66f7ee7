"""``mirix-like insert TYPE --file items.jsonl``: structured items in, no model."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mirix_like.cli import app
from mirix_like.store import MemoryStore

runner = CliRunner()


def run(*args: str, code: int = 0, stdin: str | None = None) -> str:
    """stdout of the command, or stderr when it is expected to fail."""
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    return result.stderr if code else result.stdout


def test_insert_a_file_then_find_the_items(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    lines = [{"name": "Lisbon", "summary": "Lisbon is the capital of Portugal",
              "source_ids": ["wiki-1"]},
             {"name": "北京", "summary": "北京是中国的首都", "tree_path": ["places", "asia"]},
             {"id": "tea", "name": "Tea", "summary": "Green tea steeps two minutes",
              "metadata": {"origin": "import"}}]
    items = tmp_path / "facts.jsonl"
    items.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n\n",
                     encoding="utf-8")
    ids = json.loads(run("insert", "semantic", "--file", str(items), "--user", "sam",
                         "--store", store, "--json"))
    assert len(ids) == 3 and "tea" in ids
    assert "Lisbon" in run("search", "capital", "--user", "sam", "--store", store)
    assert MemoryStore(store).count("semantic", "sam") == 3
    assert MemoryStore(store).count("semantic", "default") == 0
    out = run("insert", "episodic", "-f", "-", "--user", "sam", "--store", store,
              stdin='{"summary": "read the whole JSONL from stdin"}\n')
    assert "inserted 1 episodic items for sam" in out


def test_a_bad_line_stops_and_says_where_keeping_earlier_batches(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    good = [json.dumps({"summary": f"event {n}"}) for n in range(1_200)]
    path = tmp_path / "events.jsonl"
    path.write_text("\n".join([*good, '{"summary": "broken"', *good[:5]]), encoding="utf-8")
    output = run("insert", "episodic", "--file", str(path), "--store", store, code=2)
    assert "line 1201 is not JSON" in output and "1000 items" in output
    assert MemoryStore(store).count("episodic", "default") == 1_000

    path.write_text("\n".join([good[0], json.dumps({"summary": 3}), good[1]]),
                    encoding="utf-8")
    output = run("insert", "episodic", "--file", str(path), "--store", store, code=2)
    assert "line(s) 1-3" in output and "summary" in output and "none of them was stored" in output
    assert MemoryStore(store).count("episodic", "default") == 1_000


def test_unknown_types_and_missing_files_are_refused(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    assert "episodik" in run("insert", "episodik", "--file", "x.jsonl", "--store", store,
                             code=2)
    assert "cannot read" in run("insert", "episodic", "--file", str(tmp_path / "none.jsonl"),
                                "--store", store, code=2)
    assert not (tmp_path / "store").exists()
