"""Secrets planted through ``add`` are encrypted at rest, masked unless asked for, kept out of
the library's logs and out of chat prompts when highly sensitive."""

from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from autogen_core import FunctionCall
from autogen_core.models import CreateResult, ModelFamily, ModelInfo, RequestUsage
from autogen_ext.models.replay import ReplayChatCompletionClient
from reliability_kit import SECRET_KEY, SECRET_PIN
from typer.testing import CliRunner

from mirix_like import MemorySystem
from mirix_like.cli import app
from mirix_like.errors import StoreError
from mirix_like.models import ModelBackend, ResilientChatCompletionClient
from mirix_like.store import MemoryStore
from mirix_like.store.secrets import KEY_ENV, KEY_FILE_ENV, MASK

USER = "sam"
MESSAGES = [f"My bank PIN is {SECRET_PIN}",
            f"Here is my API key {SECRET_KEY} for the billing service."]
# The whole values, and the parts a tokenizer would split them into.
PLANTED = [SECRET_PIN, SECRET_KEY, "4f9a8b7c6d5e4f3a2b1c", "8841-7765"]
LOW_SECRET = "tulip-garden-42"


def leaks(data: str | bytes) -> list[str]:
    """The planted secrets found in ``data``."""
    text = data.decode("latin-1") if isinstance(data, bytes) else data
    return [s for s in PLANTED if s in text]


def files_with_secrets(folder: Path) -> dict[str, list[str]]:
    return {str(p.relative_to(folder)): found for p in sorted(folder.rglob("*"))
            if p.is_file() and (found := leaks(p.read_bytes()))}


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store where the secrets went in through ``add``, in the offline pipeline."""
    store = tmp_path_factory.mktemp("secrets") / "store"
    with MemorySystem(store_uri=str(store), backend="offline") as memory:
        report = memory.add([{"role": "user", "content": text} for text in MESSAGES],
                            user_id=USER, flush=True)
        assert report.errors == [] and "knowledge_vault" in report.routed
        # A low-sensitivity value, which chat may see: the positive control of the prompt test.
        memory.store.insert("knowledge_vault", USER, [{
            "entry_type": "password", "caption": "guest wifi password of the user",
            "secret_value": LOW_SECRET, "sensitivity": "low"}])
    return store


def test_the_secrets_are_stored_and_readable_on_request(planted: Path) -> None:
    with MemorySystem(store_uri=str(planted), backend="offline") as memory:
        vault = memory.list("knowledge_vault", user_id=USER, reveal_secrets=True)
        assert {SECRET_PIN, SECRET_KEY} <= {i.secret_value for i in vault}
        assert {i.sensitivity for i in vault if i.secret_value != LOW_SECRET} == {"high"}
        assert {r.text for r in memory.store.inputs(USER)} == set(MESSAGES)


def test_no_file_of_the_store_holds_a_secret_in_clear(planted: Path) -> None:
    assert files_with_secrets(planted) == {}
    # The grep works: words of the same messages that are not secret are found in clear.
    assert any(b"billing" in p.read_bytes() for p in planted.rglob("*") if p.is_file())


def test_listings_searches_history_and_cli_mask_secrets_unless_asked(planted: Path) -> None:
    with MemorySystem(store_uri=str(planted), backend="offline") as memory:
        listed = memory.list("knowledge_vault", user_id=USER)
        assert listed and {i.secret_value for i in listed} == {MASK}
        hits = memory.search("bank PIN API key", user_id=USER, memory_types=["knowledge_vault"])
        assert hits and {h.item.secret_value for h in hits} == {MASK}
        assert leaks(json.dumps([h.model_dump(mode="json") for h in hits])) == []
        everything = memory.search("PIN key billing", user_id=USER, limit=50)
        assert leaks(json.dumps([h.model_dump(mode="json") for h in everything])) == []
        item = listed[0]
        assert memory.get("knowledge_vault", item.id, user_id=USER).secret_value == MASK
        assert memory.get("knowledge_vault", item.id, user_id=USER,
                          reveal_secrets=True).secret_value != MASK
        for entry in memory.history(item.id, user_id=USER):
            assert leaks(entry.model_dump_json()) == []
    runner = CliRunner()
    for args in (["list", "knowledge_vault"], ["search", "bank PIN", "--type", "knowledge_vault"],
                 ["history", item.id]):
        result = runner.invoke(app, [*args, "--user", USER, "--store", str(planted), "--json"])
        assert result.exit_code == 0, result.output
        assert leaks(result.output) == []


def test_pending_inputs_are_listed_without_their_secrets(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    with MemorySystem(store_uri=store, backend="offline") as memory:
        memory.add(MESSAGES[0], user_id=USER)  # not flushed: waits as a pending input
        assert [r.id for r in memory.pending(USER)]
    result = CliRunner().invoke(app, ["pending", "--user", USER, "--store", store])
    assert result.exit_code == 0
    assert leaks(result.output) == []


def test_export_masks_secrets_unless_asked(planted: Path, tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(planted), backend="offline") as memory:
        masked = memory.export(tmp_path / "masked", user_id=USER)
        assert not masked.secrets_included
        assert files_with_secrets(tmp_path / "masked") == {}
        memory.export(tmp_path / "full", user_id=USER, include_secrets=True)
    found = files_with_secrets(tmp_path / "full")
    assert SECRET_PIN in found["knowledge_vault.jsonl"] and SECRET_KEY in found["raw_inputs.jsonl"]


def test_the_key_file_is_created_readable_by_its_owner_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key_file = tmp_path / "config" / "mirix-like" / "secret.key"
    monkeypatch.delenv(KEY_ENV, raising=False)
    monkeypatch.setenv(KEY_FILE_ENV, str(key_file))
    store = MemoryStore(tmp_path / "store")
    store.insert("knowledge_vault", USER, [{"caption": "PIN", "secret_value": SECRET_PIN}])
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    # Without that key the secret cannot be read back.
    monkeypatch.setenv(KEY_FILE_ENV, str(tmp_path / "another.key"))
    with pytest.raises(StoreError, match="another key"):
        MemoryStore(tmp_path / "store").list("knowledge_vault", USER, reveal_secrets=True)


def ingest_and_chat(store: Path) -> None:
    with MemorySystem(store_uri=str(store), backend="offline") as memory:
        assert memory.add(MESSAGES[0], user_id=USER, flush=True).errors == []
        memory.chat("What is my bank PIN?", user_id=USER)


def test_the_library_never_logs_a_secret(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                         capfd: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.DEBUG)
    ingest_and_chat(tmp_path / "store")
    own = [r for r in caplog.records if r.name.split(".")[0] in ("mirix_like", "lancedb")]
    assert [leaks(r.getMessage()) for r in own if leaks(r.getMessage())] == []
    out, err = capfd.readouterr()
    assert leaks(out) == [] and leaks(err) == []


def test_no_log_record_holds_a_secret(tmp_path: Path,
                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    ingest_and_chat(tmp_path / "store")
    assert [r.name for r in caplog.records if leaks(r.getMessage())] == []


def scripted_chat_backend(*replies: str | CreateResult) -> tuple[ModelBackend, Any]:
    info = ModelInfo(vision=False, function_calling=True, json_output=False,
                     family=ModelFamily.UNKNOWN, structured_output=False)
    replay = ReplayChatCompletionClient(list(replies), model_info=info)
    return ModelBackend("scripted", ResilientChatCompletionClient(replay, attempts=1),
                        False), replay


def call(name: str, **arguments: Any) -> CreateResult:
    return CreateResult(finish_reason="function_calls", cached=False,
                        usage=RequestUsage(prompt_tokens=0, completion_tokens=0),
                        content=[FunctionCall(id="call-1", name=name,
                                              arguments=json.dumps(arguments))])


def prompt_text(replay: Any) -> str:
    return "\n".join(str(getattr(m, "content", m)) for c in replay.create_calls
                     for m in c["messages"])


def test_chat_prompts_never_hold_a_high_sensitivity_secret(planted: Path) -> None:
    # The model asks for the vault itself through the search tool, then answers.
    backend, replay = scripted_chat_backend(
        call("search_memory", query="bank PIN API key wifi password",
             memory_types=["knowledge_vault"], method="hybrid"),
        "Here is what I found.")
    with MemorySystem(store_uri=str(planted), model_backend=backend,
                      topic_extraction="keywords") as memory:
        response = memory.chat("What are my bank PIN, my API key and the wifi password?",
                               user_id=USER)
    assert len(replay.create_calls) == 2
    prompts = prompt_text(replay)
    assert LOW_SECRET in prompts  # the control: a low-sensitivity value does reach the model
    assert leaks(prompts) == []
    vault = [h.item for h in response.memories if h.memory_type == "knowledge_vault"]
    assert {i.sensitivity for i in vault} == {"low"}
    assert leaks(response.model_dump_json()) == []


def test_the_key_can_come_from_the_environment(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from cryptography.fernet import Fernet

    monkeypatch.setenv(KEY_ENV, Fernet.generate_key().decode())
    monkeypatch.setenv(KEY_FILE_ENV, str(tmp_path / "unused.key"))
    store = MemoryStore(tmp_path / "store")
    store.insert("knowledge_vault", USER, [{"caption": "PIN", "secret_value": SECRET_PIN}])
    assert not (tmp_path / "unused.key").exists()
    assert files_with_secrets(tmp_path / "store") == {}
    assert store.list("knowledge_vault", USER, reveal_secrets=True)[0].secret_value == SECRET_PIN
    assert os.environ[KEY_ENV]
