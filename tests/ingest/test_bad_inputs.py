"""Bad input through the API, the CLI and REST: every input ends processed or failed alone.

Each scenario runs through the three faces: a chit-chat-only batch, a batch of only broken
images, an image that vanishes before processing, and a good text beside a broken image. The
outcome is read back from the store: what each input became, and what was stored.
"""

from __future__ import annotations

import base64
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest
from bad_inputs import (
    FACT,
    SMALL_TALK,
    break_images,
    image_inputs,
    remove_images,
    screenshot,
)
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from mirix_like import MemorySystem, memory_types
from mirix_like.cli import app
from mirix_like.store import MemoryStore
from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.rest import create_app
from mirix_like.system import AsyncMemorySystem

USER = "sam"
SCREEN = ["Flight LH1234 to Lisbon", "Departs 10:45 from gate B12"]


class Face(Protocol):
    """One way in: add without processing, then flush or retry; reports as JSON."""

    store: MemoryStore

    def add(self, texts: list[str], images: list[Path]) -> None: ...
    def flush(self) -> dict[str, Any]: ...
    def retry(self) -> dict[str, Any]: ...


class Api:
    def __init__(self, store_uri: str) -> None:
        self.memory = MemorySystem(store_uri=store_uri, backend="offline")
        self.store = self.memory.store

    def add(self, texts: list[str], images: list[Path]) -> None:
        for text in texts:
            self.memory.add(text, user_id=USER)
        if images:
            self.memory.add(None, user_id=USER, images=images)

    def flush(self) -> dict[str, Any]:
        return self.memory.flush(USER).model_dump()

    def retry(self) -> dict[str, Any]:
        return self.memory.retry(USER).model_dump()

    def close(self) -> None:
        self.memory.close()


class Cli:
    def __init__(self, store_uri: str) -> None:
        self.uri = store_uri
        self.runner = CliRunner()
        self.store: MemoryStore

    def run(self, *args: str) -> tuple[int, str]:
        result = self.runner.invoke(app, [*args, "--user", USER, "--store", self.uri])
        assert "Traceback" not in result.output, result.output
        return result.exit_code, result.output

    def add(self, texts: list[str], images: list[Path]) -> None:
        for text in texts:
            assert self.run("add", text, "--no-flush")[0] == 0
        if images:
            assert self.run("add", *[f"--image={p}" for p in images], "--no-flush")[0] == 0
        self.store = MemoryStore(self.uri)

    def _process(self, verb: str) -> dict[str, Any]:
        code, output = self.run(verb, "--json")
        report = json.loads(output[output.index("{"):])[USER]
        assert code == (1 if report["failed_inputs"] else 0), output  # exit 1: one failed
        return report

    def flush(self) -> dict[str, Any]:
        return self._process("flush")

    def retry(self) -> dict[str, Any]:
        return self._process("retry")

    def close(self) -> None:
        pass


class Rest:
    def __init__(self, store_uri: str) -> None:
        memory = AsyncMemorySystem(store_uri=store_uri, backend="offline")
        keys = ApiKeys(store_uri, admin_keys=["admin-test-key"])
        self.auth = {"Authorization": f"Bearer {keys.create(USER)[1]}"}
        self.client = TestClient(create_app(memory, keys)).__enter__()
        self.store = memory.store

    def post(self, path: str, body: Any = None) -> dict[str, Any]:
        response = self.client.post(path, headers=self.auth, json=body)
        assert response.status_code == 200, response.text
        return response.json()

    def add(self, texts: list[str], images: list[Path]) -> None:
        for text in texts:
            self.post("/api/add", {"content": text, "flush": False})
        if images:
            encoded = [base64.b64encode(p.read_bytes()).decode() for p in images]
            self.post("/api/add", {"images": encoded, "flush": False})

    def flush(self) -> dict[str, Any]:
        return self.post("/api/flush")

    def retry(self) -> dict[str, Any]:
        return self.post("/api/retry")

    def close(self) -> None:
        self.client.__exit__(None, None, None)


@pytest.fixture(params=[Api, Cli, Rest], ids=["api", "cli", "rest"])
def face(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
         ) -> Iterator[Face]:
    monkeypatch.setenv("MIRIX_LIKE_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "offline")
    made = request.param(str(tmp_path / "store"))
    yield made
    made.close()


def statuses(store: MemoryStore) -> dict[str, tuple[str, str | None]]:
    """Each input of the user: its status and error."""
    return {raw.id: (raw.status, raw.error) for raw in store.inputs(USER)}


def stored(store: MemoryStore) -> dict[str, int]:
    """How many items of each type the user has, types with none left out."""
    counts = {name: len(store.list(name, USER)) for name in memory_types.names()}
    return {name: n for name, n in counts.items() if n}


def test_a_chit_chat_only_batch_is_processed_storing_nothing_with_a_reason(face: Face) -> None:
    face.add(SMALL_TALK, [])
    report = face.flush()
    inputs = statuses(face.store)
    assert len(inputs) == 3 and sorted(report["processed_inputs"]) == sorted(inputs)
    assert {status for status, _ in inputs.values()} == {"processed"}
    assert sorted(report["nothing_stored"]) == sorted(inputs)
    assert all(reason for reason in report["nothing_stored"].values())
    assert report["failed_inputs"] == [] and report["errors"] == []
    assert stored(face.store) == {}
    assert face.retry()["processed_inputs"] == []  # nothing failed, so nothing to retry


def test_a_batch_of_only_broken_images_fails_image_by_image(face: Face,
                                                            tmp_path: Path) -> None:
    good = screenshot(tmp_path, "flight.png", SCREEN)
    face.add([], [good, screenshot(tmp_path, "other.png", ["Dentist on Friday at 9"])])
    broken = break_images(face.store, USER)
    report = face.flush()
    assert sorted(report["failed_inputs"]) == sorted(broken)
    assert {status for status, _ in statuses(face.store).values()} == {"failed"}
    errors = [error for _, error in statuses(face.store).values()]
    assert all("cannot be read" in error and "/images/" not in error for error in errors)
    if not isinstance(face, Rest):  # a REST upload has no file name
        assert any("image flight.png cannot be read" in error for error in errors), errors
    assert stored(face.store) == {}

    face.add([FACT], [])  # a failed image blocks nothing added after it
    later = face.flush()
    assert len(later["processed_inputs"]) == 1 and later["failed_inputs"] == []
    assert stored(face.store).get("semantic")

    first = image_inputs(face.store, USER)[0]
    shutil.copyfile(good, first.image_path)  # the file is readable again: retry stores it
    retried = face.retry()
    assert retried["processed_inputs"] == [first.id]
    assert retried["failed_inputs"] == [broken[1]]
    assert statuses(face.store)[first.id] == ("processed", None)
    assert stored(face.store).get("resource")


def test_an_image_that_vanishes_before_processing_fails_alone(face: Face,
                                                              tmp_path: Path) -> None:
    face.add(["I finally booked the flight to Lisbon for May."],
             [screenshot(tmp_path, "flight.png", SCREEN)])
    [gone] = remove_images(face.store, USER)
    report = face.flush()
    assert report["failed_inputs"] == [gone] and len(report["processed_inputs"]) == 1
    status, error = statuses(face.store)[gone]
    assert status == "failed" and "is gone: it was removed before processing" in error
    assert stored(face.store).get("episodic")
    assert face.retry()["failed_inputs"] == [gone]  # still gone: it fails again, alone


def test_a_good_text_beside_a_broken_image_is_stored(face: Face, tmp_path: Path) -> None:
    face.add([FACT], [screenshot(tmp_path, "flight.png", SCREEN)])
    [broken] = break_images(face.store, USER)
    report = face.flush()
    assert report["failed_inputs"] == [broken]
    [text_id] = report["processed_inputs"]
    assert statuses(face.store)[text_id] == ("processed", None)
    facts = " ".join(item.summary for item in face.store.list("semantic", USER))
    assert "Lisbon" in facts and "marine biologist" in facts
    assert statuses(face.store)[broken][0] == "failed"


def test_the_cli_says_in_words_why_nothing_was_stored(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "offline")
    result = CliRunner().invoke(app, ["add", "thanks!", "--user", USER, "--store",
                                      str(tmp_path / "store")])
    assert result.exit_code == 0, result.output
    [line] = [x for x in result.output.splitlines() if x.startswith("nothing stored from")]
    assert line.startswith("nothing stored from 1 input: ") and len(line.split(": ", 1)[1]) > 3
