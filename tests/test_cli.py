"""The command line as a newcomer meets it: run the command, check the result through the library.

In-process runs use typer's CliRunner; startup, the offline notice and Ctrl-C are checked on
the installed ``mirix-like`` script in a subprocess.
"""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.screens import render
from support.servers import CLI, free_port, moto_s3, offline_env
from typer.testing import CliRunner

from mirix_like import MemorySystem
from mirix_like.cli import app
from mirix_like.cli_support import chunks
from mirix_like.demo import render_screen

runner = CliRunner()
HEAVY = ("lancedb", "autogen_core", "autogen_agentchat", "openai", "onnxruntime", "fastapi",
         "rapidocr", "mcp")


@pytest.fixture
def store(tmp_path: Path) -> str:
    return str(tmp_path / "store")


@pytest.fixture(autouse=True)
def _no_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "offline")
    monkeypatch.delenv("MIRIX_LIKE_STORE_URI", raising=False)
    monkeypatch.delenv("MIRIX_LIKE_USER", raising=False)


def run(*args: str, code: int = 0, stdin: str | None = None) -> str:
    """Run ``mirix-like ARGS`` in process; check the exit code; stdout and stderr together."""
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def script(*args: str, env: dict[str, str], timeout: float = 120,
           stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed ``mirix-like`` script."""
    return subprocess.run([CLI, *args], env=env, capture_output=True, text=True,
                          timeout=timeout, input=stdin)


# ----------------------------------------------------------------- help, version, imports


def test_every_command_has_help_and_the_exit_codes_are_documented() -> None:
    for command in app.registered_commands:
        name = command.name or command.callback.__name__
        assert command.callback.__doc__, name
        assert "Usage" in run(name, "--help")
    top = run("--help")
    for code in ("1 an input could not be processed", "2 invalid input", "3 not found",
                 "130 interrupted"):
        assert code in " ".join(top.split()), code


def test_version() -> None:
    from importlib.metadata import version

    assert run("--version").strip() == f"mirix-like {version('mirix-like')}"


def _modules_after(args: list[str], env: dict[str, str]) -> set[str]:
    """The heavy libraries imported by ``mirix-like ARGS`` in a fresh interpreter."""
    code = ("import json, sys\nfrom mirix_like.cli import app\n"
            f"try:\n    app({args!r})\nexcept SystemExit:\n    pass\n"
            f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_help_loads_no_heavy_library_and_search_only_the_store(tmp_path: Path,
                                                               store: str) -> None:
    env = offline_env(tmp_path)
    assert _modules_after(["--help"], env) == set()
    assert _modules_after(["--version"], env) == set()
    run("add", "Maya is a marine biologist.", "--user", "sam", "--store", store)
    assert _modules_after(["search", "Maya", "--user", "sam", "--store", store], env) == {
        "lancedb"}
    assert _modules_after(["list", "semantic", "--user", "sam", "--store", store], env) == {
        "lancedb"}


# ----------------------------------------------------------------- stores


READS = [
    ["search", "Lisbon"], ["list", "episodic"], ["get", "semantic", "some-id"],
    ["history", "some-id"], ["delete", "semantic", "some-id"], ["undo", "some-id"],
    ["pending"], ["failed"], ["flush"], ["retry"], ["chat", "Where do I live?"],
    ["context", "Where do I live?"], ["export", "{tmp}/backup"],
]


@pytest.mark.parametrize("args", READS, ids=[" ".join(a[:2]) for a in READS])
def test_a_read_command_on_a_missing_store_says_so_and_creates_nothing(
        tmp_path: Path, args: list[str]) -> None:
    typo = tmp_path / "my-memroy"
    args = [a.format(tmp=tmp_path) for a in args]
    output = run(*args, "--store", str(typo), code=3)
    assert f"no store at {typo}" in output and "mirix-like add" in output
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no folder left behind


def test_the_default_store_missing_says_how_to_start(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_STORE_URI", str(tmp_path / "store"))
    output = run("list", "semantic", code=3)
    assert "`mirix-like add TEXT` or `mirix-like import DIR` creates one" in output
    assert not (tmp_path / "store").exists()


def test_a_folder_that_is_not_a_store_is_refused_and_left_alone(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "todo.txt").write_text("buy milk")
    assert "not a mirix-like store" in run("list", "semantic", "--store", str(notes), code=3)
    assert "not a mirix-like store" in run("add", "hello", "--store", str(notes), code=2)
    assert "not a mirix-like store" in run("import", str(tmp_path), "--store", str(notes),
                                           code=2)
    assert [p.name for p in notes.iterdir()] == ["todo.txt"]
    assert "is a file" in run("search", "x", "--store", str(notes / "todo.txt"), code=2)


def test_typos_in_other_paths_create_no_store(tmp_path: Path, store: str) -> None:
    assert "not a readable file" in run("add", "--image", str(tmp_path / "recipt.png"),
                                        "--store", store, code=2)
    assert "is not a folder" in run("import", str(tmp_path / "bakcup"), "--store", store,
                                    code=2)
    assert "is not a folder" in run("ingest-screens", str(tmp_path / "screens"), "--store",
                                    store, code=2)
    assert "65535" in run("serve", "--port", "80000", "--store", store, code=2)
    assert not Path(store).exists()


def test_add_and_import_create_a_store_and_say_so(tmp_path: Path, store: str) -> None:
    assert f"creating a new store at {store}" in run("add", "I like green tea.", "--user",
                                                     "sam", "--store", store)
    assert "creating" not in run("add", "I like black tea too.", "--user", "sam",
                                 "--store", store)
    run("export", str(tmp_path / "backup"), "--user", "sam", "--store", store)
    other = tmp_path / "empty"
    other.mkdir()  # an empty folder is fine too
    assert "creating a new store" in run("import", str(tmp_path / "backup"), "--store",
                                         str(other))
    assert "tea" in run("search", "tea", "--user", "sam", "--store", str(other))


def test_an_s3_store_that_does_not_exist_is_refused_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with moto_s3("memories") as options:
        monkeypatch.setenv("MIRIX_LIKE_STORAGE_OPTIONS", json.dumps(options))
        typo = "s3://memories/my-memroy"
        assert f"no store at {typo}" in run("list", "semantic", "--store", typo, code=3)
        real = "s3://memories/my-memory"
        assert f"creating a new store at {real}" in run("add", "I like green tea.", "--store",
                                                        real)
        assert "green tea" in run("search", "tea", "--store", real)
        assert "creating" not in run("add", "I like black tea.", "--store", real)


# ----------------------------------------------------------------- the demo


def test_the_demo_refuses_a_folder_that_holds_anything(tmp_path: Path, store: str) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "todo.txt").write_text("buy milk")
    assert "is not empty" in run("demo", "--store", str(notes), code=2)
    assert (notes / "todo.txt").read_text() == "buy milk"
    run("add", "I like green tea.", "--user", "sam", "--store", store)
    before = sorted(str(p) for p in Path(store).rglob("*"))
    assert "is not empty" in run("demo", "--store", store, code=2)  # a real store
    assert sorted(str(p) for p in Path(store).rglob("*")) == before


@pytest.mark.slow
def test_the_demo_uses_a_temporary_store_and_removes_only_that(tmp_path: Path) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    (scratch / "someone-elses-file").write_text("keep me")
    home = tmp_path / "home"
    env = {**offline_env(tmp_path), "TMPDIR": str(scratch), "HOME": str(home)}
    done = script("demo", env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Q: " in done.stdout and "A: " in done.stdout and "temporary" in done.stdout
    assert (scratch / "someone-elses-file").read_text() == "keep me"
    assert not list(scratch.glob("mirix-like-demo-*"))  # its own store is gone
    assert not (home / ".local" / "share" / "mirix-like").exists()  # the user's data
    assert "offline rule-based model backend" not in done.stderr  # the demo says it itself

    kept = tmp_path / "demo"
    done = script("demo", "--store", str(kept), env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "pottery" in run("search", "pottery", "--user", "demo", "--store", str(kept))


# ----------------------------------------------------------------- adding and exit codes


def test_add_then_search_list_get_history_delete_undo(store: str) -> None:
    run("add", "My", "sister", "Maya", "lives", "in", "Lisbon.", "--user", "sam",
        "--store", store, "--at", "2025-03-01T10:00:00+00:00")
    with MemorySystem(store_uri=store) as memory:
        [event] = memory.list("episodic", user_id="sam")
    assert "Lisbon" in event.summary
    assert event.occurred_at.isoformat() == "2025-03-01T10:00:00+00:00"

    hits = json.loads(run("search", "Lisbon", "--user", "sam", "--store", store, "--json",
                          "--type", "episodic"))
    assert [h["item"]["id"] for h in hits] == [event.id]
    everything = json.loads(run("search", "Where does Maya live?", "--user", "sam", "--store",
                                store, "--json"))
    with MemorySystem(store_uri=store) as memory:  # the CLI ranks as the library does
        ranked = memory.search("Where does Maya live?", user_id="sam")
    assert [(h["memory_type"], h["item"]["id"], round(h["score"], 6)) for h in everything] == [
        (h.memory_type, h.item.id, round(h.score, 6)) for h in ranked]
    assert f"[episodic {event.id}]" in run("search", "Lisbon", "--user", "sam",
                                           "--store", store)
    assert run("search", "Lisbon", "--user", "someone-else", "--store",
               store).strip() == "nothing found"
    assert event.id in run("list", "episodic", "--user", "sam", "--store", store)
    assert f"summary: {event.summary}" in run("get", "episodic", event.id, "--user", "sam",
                                              "--store", store)
    assert "insert" in run("history", event.id, "--user", "sam", "--store", store)

    deleted = run("delete", "episodic", event.id, "--user", "sam", "--store", store)
    assert f"deleted episodic {event.id}" in deleted
    undo_id = deleted.split("mirix-like undo ")[1].split()[0]
    with MemorySystem(store_uri=store) as memory:
        assert memory.list("episodic", user_id="sam") == []
        assert memory.history(event.id, user_id="sam")[-1].id == undo_id
    assert f"restored {event.id}" in run("undo", undo_id, "--user", "sam", "--store", store)
    with MemorySystem(store_uri=store) as memory:
        assert [e.id for e in memory.list("episodic", user_id="sam")] == [event.id]


def test_unknown_ids_and_empty_deletes_exit_3(store: str) -> None:
    run("add", "Maya is a marine biologist.", "--user", "sam", "--store", store)
    with MemorySystem(store_uri=store) as memory:
        [fact] = memory.list("semantic", user_id="sam")
    assert "no semantic item no-such-id" in run("delete", "semantic", "no-such-id",
                                                "--user", "sam", "--store", store, code=3)
    both = run("delete", "semantic", fact.id, "no-such-id", "--user", "sam", "--store", store,
               code=3)
    assert f"deleted semantic {fact.id}" in both and "no-such-id" in both
    run("delete", "semantic", fact.id, "--user", "sam", "--store", store, code=3)  # again
    run("history", "no-such-id", "--user", "sam", "--store", store, code=3)
    run("undo", "no-such-history-id", "--user", "sam", "--store", store, code=3)
    run("get", "semantic", fact.id, "--user", "sam", "--store", store, code=3)  # deleted
    assert "did you mean semantic?" in run("list", "semantik", "--store", store, code=2)


def test_a_failed_input_exits_1_is_listed_and_retry_processes_it(
        store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "openai")
    monkeypatch.setenv("MIRIX_LIKE_BASE_URL", f"http://127.0.0.1:{free_port()}/v1")
    monkeypatch.setenv("MIRIX_LIKE_MAX_RETRIES", "0")
    output = run("add", "I like green tea", "--user", "sam", "--store", store, code=1)
    assert "1 input failed" in output and "mirix-like retry" in output
    assert "model" in run("chat", "What do I like?", "--user", "sam", "--store", store,
                          code=1)
    listed = run("failed", "--store", store)
    assert "message  sam" in listed and '"I like green tea"' in listed and "error:" in listed
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "offline")
    assert "sam: processed 1 input" in run("retry", "--store", store)
    assert run("failed", "--store", store).strip() == "no failed inputs"


def test_bad_input_is_a_clear_error_with_exit_code_2(store: str) -> None:
    run("add", "I like green tea.", "--store", store)
    assert "unknown memory type 'nonsense'" in run("list", "nonsense", "--store", store, code=2)
    assert "ISO 8601" in run("add", "hello", "--at", "yesterday", "--store", store, code=2)
    assert "nothing to add" in run("add", "--store", store, code=2)


# ----------------------------------------------------------------- files, stdin, pending


def _pieces(store: str, user: str) -> list[tuple[str, dict]]:
    with MemorySystem(store_uri=store) as memory:
        return [(r.text, r.metadata) for r in memory.store.inputs(user)]


def test_a_5_mb_file_and_stdin_are_stored_whole_in_pieces(
        tmp_path: Path, store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_BATCH_SIZE", "1000")  # keep them pending: no processing
    paragraphs = [f"Entry {n}: on day {n % 28 + 1} Ana met Bruno at the café «Ribeira» "
                  f"and they talked about tide tables, ferries and the price of sardines. "
                  f"Número {n}, ещё {n}, 第{n}段." for n in range(40_000)]
    text = "\n\n".join(paragraphs)
    assert len(text.encode()) > 5_000_000
    big = tmp_path / "journal.txt"
    big.write_text(text, encoding="utf-8")
    output = run("add", "--file", str(big), "--no-flush", "--user", "ana", "--store", store)
    assert "inputs pending" in output
    pieces = _pieces(store, "ana")
    assert len(pieces) > 100 and {m.get("file_name") for _, m in pieces} == {"journal.txt"}
    assert max(len(t) for t, _ in pieces) <= 8_000
    assert "".join(t for t, _ in pieces).replace("\n", "") == text.replace("\n", "")
    listed = run("pending", "--user", "ana", "--store", store).splitlines()
    assert len(listed) == len(pieces) and "journal.txt: \"Entry 0: on day 1" in listed[0]

    run("add", "-", "--no-flush", "--user", "bo", "--store", store, stdin=text)
    assert "".join(t for t, _ in _pieces(store, "bo")).replace("\n", "") == text.replace(
        "\n", "")


def test_unreadable_text_sources_are_refused(tmp_path: Path, store: str) -> None:
    (tmp_path / "latin1.txt").write_bytes("café au lait".encode("latin-1"))
    (tmp_path / "empty.txt").write_text("  \n")
    assert "not UTF-8" in run("add", "--file", str(tmp_path / "latin1.txt"), "--store",
                              store, code=2)
    assert "holds no text" in run("add", "--file", str(tmp_path / "empty.txt"), "--store",
                                  store, code=2)
    assert "is a folder" in run("add", "--file", str(tmp_path), "--store", store, code=2)
    assert "cannot read" in run("add", "--file", str(tmp_path / "nope.txt"), "--store",
                                store, code=2)
    assert "holds no text" in run("add", "-", "--store", store, stdin="", code=2)
    assert not Path(store).exists()  # refused before a store was made


def test_pending_shows_time_kind_text_and_file_redacted_for_every_user(
        tmp_path: Path, store: str) -> None:
    key = "sk-proj-" + "Zq7" * 12
    run("add", f"my openai key is {key}, remember it", "--no-flush", "--user", "ana",
        "--store", store, "--at", "2025-03-01T10:00:00+00:00")
    render_screen("Mail - Inbox", ["From: TAP Air Portugal", "Flight TP1234 to Porto",
                                   "Boarding at gate 12, Friday 9:40"], tmp_path / "boarding.png")
    run("add", "--image", str(tmp_path / "boarding.png"), "--no-flush", "--user", "bo",
        "--store", store)
    everyone = run("pending", "--store", store)
    assert key not in everyone
    [ana, bo] = everyone.splitlines()
    assert ana.startswith("2025-03-01 10:00 UTC  message  ana  \"my openai key is ")
    assert " image    bo  boarding.png" in bo
    assert "bo" not in run("pending", "--user", "ana", "--store", store)
    assert key in run("pending", "--user", "ana", "--reveal-secrets", "--store", store)


def test_flush_and_retry_without_user_act_on_every_user_and_say_whose(store: str) -> None:
    for user in ("ana", "bo"):
        run("add", f"{user.title()} likes green tea.", "--no-flush", "--user", user, "--store",
            store)
    flushed = run("flush", "--store", store)
    assert "ana: processed 1 input" in flushed and "bo: processed 1 input" in flushed
    assert run("pending", "--store", store).strip() == "no pending inputs"
    assert run("flush", "--store", store).strip() == "no pending inputs"
    assert run("retry", "--store", store).strip() == "no failed inputs"
    assert "user_id" in run("flush", "--user", "", "--store", store, code=2)  # not everyone


# ----------------------------------------------------------------- chat and summaries


def test_chat_one_shot_interactive_and_the_memories_it_used(store: str) -> None:
    run("add", "My favourite food is ramen.", "--user", "sam", "--store", store)
    answer = run("chat", "What", "is", "my", "favourite", "food?", "--user", "sam",
                 "--store", store, "--show-memories")
    assert "ramen" in answer.lower()
    shown = [line for line in answer.splitlines() if line.startswith("  [")]
    assert shown and all("]" in line for line in shown)
    assert any("ramen" in line.split("]", 1)[1] for line in shown)  # the text, not only ids
    session = run("chat", "--user", "sam", "--store", store,
                  stdin="What is my favourite food?\nAnd what do I eat?\n\n")
    assert session.count("you> ") == 3  # two questions, then the empty line that ends it
    assert "you> What is my favourite food?" in session and "ramen" in session.lower()


def test_context_prints_the_memories_a_prompt_would_carry(store: str) -> None:
    run("add", "My sister Maya lives in Lisbon.", "--user", "sam", "--store", store)
    text = run("context", "Where does Maya live?", "--user", "sam", "--store", store)
    assert "Lisbon" in text
    found = json.loads(run("context", "Where does Maya live?", "--user", "sam", "--store",
                           store, "--max-tokens", "60", "--json"))
    assert found["tokens"] <= found["max_tokens"] == 60
    assert any("Lisbon" in str(hit["item"]) for hit in found["items"]) and found["source_ids"]
    with MemorySystem(store_uri=store) as memory:
        assert found["text"] == memory.context("Where does Maya live?", user_id="sam",
                                               max_tokens=60).text
    assert "no memory matched" in run("context", "Lisbon", "--user", "ada", "--store", store)
    for bad in (["", "--user", "sam"], ["  ", "--user", "sam"], ["x", "--max-tokens", "0"],
                ["x", "--max-tokens", "1000000"], ["x", "--max-tokens", "-3"],
                ["x", "--max-tokens", "many"], ["x", "--user", ""]):
        assert "error" in run("context", *bad, "--store", store, code=2).lower(), bad


def test_the_readme_example_answers(store: str) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    block = readme.split("## Command line")[1].split("```")[1]
    [add] = [line for line in block.splitlines() if line.startswith('mirix-like add "')]
    [chat] = [line for line in block.splitlines() if line.startswith('mirix-like chat "')]
    run(*shlex.split(add)[1:], "--store", store, "--at", "2025-09-01T10:00:00+00:00")
    answer = run(*shlex.split(chat)[1:], "--store", store)
    assert "May 2025" in answer.splitlines()[0]
    assert "Lisbon" in answer  # the memories it used, shown as text


def test_summaries_are_sentences_not_python_dicts(tmp_path: Path, store: str) -> None:
    outputs = [run("add", "Maya is a marine biologist.", "--user", "sam", "--store", store),
               run("add", "note to self", "--no-flush", "--user", "sam", "--store", store),
               run("flush", "--user", "sam", "--store", store),
               run("export", str(tmp_path / "b"), "--user", "sam", "--store", store),
               run("import", str(tmp_path / "b"), "--store", str(tmp_path / "s2"))]
    for output in outputs:
        assert not any(c in output for c in "{}[]'"), output
    assert outputs[0].startswith("creating a new store") and "new " in outputs[0]
    assert "1 semantic" in outputs[3] and "of sam" in outputs[3]


def test_the_offline_notice_shows_once_per_store_and_never_for_reads(tmp_path: Path) -> None:
    env = offline_env(tmp_path)
    notice = "offline rule-based model backend"
    first, second = str(tmp_path / "first"), str(tmp_path / "second")
    assert notice in script("add", "I like tea.", "--store", first, env=env).stderr
    assert notice not in script("add", "I like coffee.", "--store", first, env=env).stderr
    assert notice not in script("chat", "What do I like?", "--store", first, env=env).stderr
    assert notice not in script("pending", "--store", first, env=env).stderr
    assert notice in script("add", "I like tea.", "--store", second, env=env).stderr


# ----------------------------------------------------------------- Ctrl-C


@pytest.mark.slow
def test_ctrl_c_during_ingest_screens_prints_a_summary(tmp_path: Path) -> None:
    folder = tmp_path / "screens"
    folder.mkdir()
    for n in range(60):  # different enough that none is skipped as a near-duplicate
        image = render([f"Invoice {n * 7919} from supplier {n}", f"Total {n * 31} EUR",
                        "Pay before Friday" if n % 2 else "Meeting in room B"])
        image.paste((n * 4 % 255, 0, 90), (0, 300, 640, 360))
        image.save(folder / f"20250316_08{n // 60:02d}{n % 60:02d}.png")
    process = subprocess.Popen(
        [CLI, "ingest-screens", str(folder), "--user", "ana", "--store",
         str(tmp_path / "store"), "--tz", "UTC", "--similarity", "1"],
        env=offline_env(tmp_path),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    images = tmp_path / "store" / "images"
    while not (images.is_dir() and any(images.iterdir())):  # the first batch is stored
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=180)
    assert process.returncode == 130, err
    assert "interrupted: finishing the batch in progress" in err
    assert "of the 60 files of" in err and "continues where this run stopped" in err
    assert "Task was destroyed" not in err and "Traceback" not in err


@pytest.mark.slow
def test_ctrl_c_during_add_keeps_every_input_for_the_next_flush(tmp_path: Path) -> None:
    text = "\n\n".join(f"Day {n}: I walked the dog along the river with my neighbour Rui "
                       f"and we talked about his new job at the bakery number {n}."
                       for n in range(8_000))
    (tmp_path / "diary.txt").write_text(text)
    store, env = str(tmp_path / "store"), offline_env(tmp_path)
    process = subprocess.Popen([CLI, "add", "--file", str(tmp_path / "diary.txt"), "--user",
                                "ana", "--store", store], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(Path(store).glob("*.lance")):  # accepted and being processed
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "every input accepted is kept" in err
    assert "Task was destroyed" not in err and "Traceback" not in err
    done = script("flush", "--user", "ana", "--store", store, env=env, timeout=600)
    assert done.returncode == 0 and "processed" in done.stdout, done.stderr
    with MemorySystem(store_uri=store) as memory:
        inputs = memory.store.inputs("ana")
        assert len(inputs) == len(chunks(text)) > 10  # each piece stored once
        assert {r.status for r in inputs} == {"processed"}
