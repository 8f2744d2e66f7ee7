"""Messages whose content is a list of OpenAI chat content parts (text and images)."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from PIL import Image

from mirix_like import AsyncMemorySystem, MemorySystem
from mirix_like.errors import InvalidInputError
from mirix_like.surfaces.keys import ApiKeys
from mirix_like.surfaces.rest import create_app
from tests.support.screens import render

FACT = "My favourite tea is sencha from Shizuoka."


def data_url(image: Image.Image, fmt: str = "PNG") -> str:
    buffer = io.BytesIO()
    image.save(buffer, format=fmt)
    return f"data:image/{fmt.lower()};base64," + base64.b64encode(buffer.getvalue()).decode()


def text_part(text: str) -> dict:
    return {"type": "text", "text": text}


def image_part(url: str) -> dict:
    return {"type": "image_url", "image_url": {"url": url, "detail": "auto"}}


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[MemorySystem]:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        yield system


def image_files(memory: MemorySystem) -> list[Path]:
    return sorted(p for p in Path(memory.aio.image_dir).glob("*") if p.is_file())


def test_text_parts_are_one_message(memory: MemorySystem) -> None:
    memory.add([{"role": "user", "content": [text_part("Quick note."), text_part(FACT)]}],
               user_id="u")
    report = memory.flush("u")
    assert report.failed_inputs == [] and len(report.processed_inputs) == 1
    assert "sencha" in memory.chat("What is my favourite tea?", user_id="u").answer


def test_an_image_part_is_an_image_input_beside_the_message(memory: MemorySystem) -> None:
    screen = render(["Boarding pass", "Flight LX 318", "Gate B42", "Seat 14C"])
    memory.add([{"role": "user", "content": [text_part("Here is my boarding pass"),
                                             image_part(data_url(screen, "JPEG"))]}],
               user_id="u")
    pending = memory.pending("u")
    assert [raw.kind for raw in pending] == ["message", "image"]
    assert len(image_files(memory)) == 1
    report = memory.flush("u")
    assert report.failed_inputs == [] and len(report.processed_inputs) == 2
    assert "B42" in memory.chat("Which gate is my flight LX 318?", user_id="u").answer


@pytest.mark.parametrize(("part", "says"), [
    (image_part("https://example.com/cat.png"), "not fetched"),
    (image_part("file:///etc/passwd"), "not fetched"),
    (image_part("data:image/png;base64,not-base64!!"), "not base64 image data"),
    (image_part("data:image/png;base64," + base64.b64encode(b"GIF89a broken").decode()),
     "not base64 image data"),
    ({"type": "input_audio", "input_audio": {"data": "", "format": "wav"}}, "'text' or"),
    ({"type": "text", "text": 42}, "must be a string"),
])
def test_a_bad_part_is_refused_and_loses_nothing(memory: MemorySystem, part: dict,
                                                  says: str) -> None:
    memory.add(FACT, user_id="u")
    ok_image = image_part(data_url(render(["Seat 14C"])))
    with pytest.raises(InvalidInputError, match=says):
        memory.add([{"role": "user", "content": [ok_image, text_part("look")]},
                    {"role": "user", "content": [text_part("and this"), part]}], user_id="u")
    assert [raw.kind for raw in memory.pending("u")] == ["text"]
    assert image_files(memory) == []  # the valid image of the refused add is not written
    memory.flush("u")
    assert "sencha" in memory.chat("What is my favourite tea?", user_id="u").answer


def test_parts_with_nothing_in_them_are_refused(memory: MemorySystem) -> None:
    for content in ([], [text_part("  ")]):
        with pytest.raises(InvalidInputError, match="is empty"):
            memory.add([{"role": "user", "content": content}], user_id="u")


def test_rest_takes_content_parts(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    app = create_app(AsyncMemorySystem(store_uri=store, backend="offline"),
                     ApiKeys(store, admin_keys=["admin"]))
    with TestClient(app) as client:
        key = client.post("/admin/keys", json={"user_id": "u", "label": "t"},
                          headers={"Authorization": "Bearer admin"}).json()["key"]
        headers = {"Authorization": f"Bearer {key}"}
        report = client.post("/api/add", headers=headers, json={"content": {
            "role": "user", "content": [text_part(FACT),
                                        image_part(data_url(render(["Gate B42"])))]}})
        assert report.status_code == 200, report.text
        assert len(report.json()["processed_inputs"]) == 2
        refused = client.post("/api/add", headers=headers, json={"content": {
            "role": "user", "content": [image_part("http://127.0.0.1:1/x.png")]}})
        assert refused.status_code == 422 and "not fetched" in refused.text
        answer = client.post("/api/chat", headers=headers,
                             json={"message": "What is my favourite tea?"}).json()["answer"]
        assert "sencha" in answer


def test_a_call_with_one_unreadable_image_stores_none_of_its_inputs(
        memory: MemorySystem, tmp_path: Path) -> None:
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    good = render(["Parking", "Level P3, spot 214"])
    memory.add(FACT, user_id="u")
    with pytest.raises(InvalidInputError, match="empty.png"):
        memory.add([{"role": "user", "content": [text_part("parking"), image_part(
            data_url(good))]}], images=[good, empty], user_id="u")
    assert [raw.kind for raw in memory.pending("u")] == ["text"]
    assert image_files(memory) == []  # neither readable image of the call was copied
    memory.add("parking", images=[good], user_id="u")  # sent again without the bad file
    assert memory.flush("u").failed_inputs == []
    assert "214" in memory.chat("Which parking spot did I note?", user_id="u").answer
