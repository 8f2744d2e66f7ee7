"""Bad and odd input the first bad-input tests did not try, through the API (sync and async),
the CLI and REST: image files in odd formats, broken or in odd places, files spoiled between
``add`` and ``flush``, base64 images that break while decoding, small talk in many languages,
and a model that fails on one input. Each ends refused with a documented error that names
it (and nothing of its call stored), or processed, or failed alone with its error; what is
good beside it is stored."""

from __future__ import annotations

import asyncio
import base64
import io
import os
import shutil
import struct
import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from bad_inputs import FACT, image_inputs, screenshot
from PIL import Image
from support.screens import render
from test_bad_inputs import USER, Api, Cli, Rest, statuses, stored
from typer.testing import CliRunner

from mirix_like import AsyncMemorySystem, MemorySystem
from mirix_like.cli import app
from mirix_like.errors import InvalidInputError
from mirix_like.models import OFFLINE, ModelBackend
from mirix_like.models.resilient import ResilientChatCompletionClient
from mirix_like.offline.client import OfflineChatCompletionClient

SCREEN = ["Dentist appointment", "Friday 9:00 with Dr. Silva"]
SMALL_TALK = ["merci !", "danke", "好的", "👍", "lol ok", "спасибо", "ありがとう", "gracias!!"]


@pytest.fixture(autouse=True)
def _offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("MIRIX_LIKE_BACKEND", "offline")


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[MemorySystem]:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        yield system


def encoded(image: Image.Image, fmt: str, **options: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A small PNG whose header claims ``width`` x ``height`` pixels."""
    data = encoded(Image.new("RGB", (8, 8), "white"), "PNG")
    header = b"IHDR" + struct.pack(">II", width, height) + data[24:29]
    return data[:12] + header + struct.pack(">I", zlib.crc32(header)) + data[33:]


def dark_text_on_transparency() -> Image.Image:
    """The screen's text, black, on a fully transparent background (as cut-out tools save)."""
    ink = Image.eval(render(SCREEN).convert("L"), lambda v: 255 - v)
    picture = Image.new("RGBA", ink.size, (0, 0, 0, 0))
    picture.putalpha(ink)
    return picture


def turned_photo() -> bytes:
    """A JPEG stored on its side with EXIF orientation 6, as a phone saves a photo."""
    exif = Image.Exif()
    exif[0x0112] = 6
    return encoded(render(SCREEN).rotate(90, expand=True), "JPEG", exif=exif.tobytes())


def _write(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _palette_with_transparency(path: Path) -> None:
    render(SCREEN).convert("P", palette=Image.Palette.ADAPTIVE).save(path, transparency=0)


def _animated(path: Path) -> None:
    frames = [render([*SCREEN, f"frame {n}"]) for n in range(3)]
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=100)


def _sixteen_bit(path: Path) -> None:
    Image.fromarray(np.asarray(render(SCREEN).convert("L")).astype(np.uint16) * 257).save(path)


# Files an app or a user hands over that are images: each is taken and read.
READABLE: dict[str, Callable[[Path], None]] = {
    "tiff": lambda p: render(SCREEN).save(p, "TIFF"),
    "webp": lambda p: render(SCREEN).save(p, "WEBP"),
    "avif": lambda p: render(SCREEN).save(p, "AVIF"),
    "cmyk jpeg": lambda p: render(SCREEN).convert("CMYK").save(p, "JPEG"),
    "palette png with transparency": _palette_with_transparency,
    "16-bit png": _sixteen_bit,
    "animated gif": _animated,
}
READABLE_NAMES = {"tiff": "scan.tiff", "webp": "shot.webp", "avif": "photo.avif",
                  "cmyk jpeg": "print.jpg", "palette png with transparency": "pal.png",
                  "16-bit png": "deep.png", "animated gif": "anim.gif"}


def test_odd_image_formats_are_taken_read_and_processed_with_the_text_beside_them(
        memory: MemorySystem, tmp_path: Path) -> None:
    folder = tmp_path / "my screens é 日本"  # spaces and non-ASCII in the path
    folder.mkdir()
    paths = []
    for kind, make in READABLE.items():
        paths.append(folder / READABLE_NAMES[kind])
        make(paths[-1])
    tiny = folder / "one pixel.png"
    Image.new("RGB", (1, 1), "white").save(tiny)
    link = folder / "link.png"
    link.symlink_to(paths[0])
    memory.add(FACT, user_id=USER, images=[*paths, tiny, link, paths[0]])  # one twice
    report = memory.flush(USER)
    assert report.failed_inputs == [] and len(report.processed_inputs) == len(paths) + 4
    assert memory.pending(USER) == [] and memory.failed(USER) == []
    assert "Lisbon" in memory.chat("Where does my sister Maya live?", user_id=USER).answer
    resources = " ".join(item.content for item in memory.store.list("resource", USER))
    assert "Dr. Silva" in resources and "frame 0" in resources  # an animation's first frame


@pytest.mark.parametrize("picture", ["a photo turned by EXIF", "dark text on transparency"])
def test_what_a_person_sees_in_the_image_is_what_is_read(memory: MemorySystem, tmp_path: Path,
                                                         picture: str) -> None:
    path = tmp_path / "picture.png"
    if picture == "a photo turned by EXIF":
        path.write_bytes(turned_photo())
    else:
        dark_text_on_transparency().save(path)
    memory.add(None, user_id=USER, images=[path])
    assert memory.flush(USER).failed_inputs == []
    [resource] = memory.store.list("resource", USER)
    assert "Dentist appointment" in resource.content and "Silva" in resource.content


# Files that are no image a person could mean, or nothing at all: refused at add, by name.
UNREADABLE: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated png": (lambda p: p.write_bytes(encoded(render(SCREEN), "PNG")[:900]),
                      "cannot be read as an image"),
    "truncated jpeg": (lambda p: p.write_bytes(encoded(render(SCREEN), "JPEG")[:1500]),
                       "cannot be read as an image"),
    "jpeg cut after its header": (lambda p: p.write_bytes(encoded(render(SCREEN), "JPEG")[:200]),
                                  "cannot be read as an image"),
    "zero bytes": (_write(b""), "cannot be read as an image"),
    "a text file renamed .png": (_write(b"shopping list: milk, eggs\n"),
                                 "cannot be read as an image"),
    "heic without a decoder": (_write(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + bytes(300)),
                               "cannot be read as an image"),
    "svg": (_write(b'<svg xmlns="http://www.w3.org/2000/svg"><text>hi</text></svg>'),
            "cannot be read as an image"),
    "eps (would run Ghostscript)": (_write(b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 9 9\n"),
                                    "cannot be read as an image"),
    "12000x12000 pixels": (_write(png_claiming(12_000, 12_000)), "pixel limit"),
    "a folder": (lambda p: p.mkdir(), "not a readable file"),
    "a link to nothing": (lambda p: p.symlink_to(p.parent / "gone.png"), "not a readable file"),
    "a named pipe": (lambda p: os.mkfifo(p), "not a readable file"),
}


@pytest.mark.parametrize("kind", UNREADABLE)
def test_an_unreadable_image_file_is_refused_by_name_and_its_call_stores_nothing(
        memory: MemorySystem, tmp_path: Path, kind: str) -> None:
    make, says = UNREADABLE[kind]
    bad = tmp_path / f"bad {kind}.png"
    make(bad)
    good = screenshot(tmp_path, "ok.png", SCREEN)
    memory.add(FACT, user_id=USER)
    with pytest.raises(InvalidInputError, match=says) as refused:
        memory.add("and a picture", user_id=USER, images=[good, bad])
    assert bad.name in str(refused.value) and "Traceback" not in str(refused.value)
    assert [raw.text for raw in memory.pending(USER)] == [FACT]
    waiting = Path(memory.aio.image_dir)
    assert not waiting.exists() or not any(waiting.iterdir())  # the good image is not kept
    assert memory.flush(USER).failed_inputs == []


def test_odd_pil_images_and_content_are_refused_with_their_reason(memory: MemorySystem) -> None:
    closed = render(SCREEN)
    closed.close()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"images": [Image.new("RGB", (0, 0))]}, "0x0 pixels is empty"),
        ({"images": [Image.new("RGB", (0, 12))]}, "0x12 pixels is empty"),
        ({"images": [closed]}, "cannot be decoded"),
        ({"images": [b"\x89PNG\r\n"]}, "not bytes"),
        ({"content": b"My sister Maya lives in Lisbon."}, "must be a string"),
        ({"content": [{"role": "user", "content": None}]}, "must be a string, not NoneType"),
        ({"content": [{"role": "user", "content": 7}]}, "must be a string, not int"),
        ({"content": "x" * 1_048_576}, "over the 1,000,000 limit"),
        ({"content": "Maya \x00 Lisbon"}, "NUL"),
        ({"content": "caf\udce9"}, "unpaired surrogates"),
    ]
    memory.add(FACT, user_id=USER)
    for call, says in cases:
        with pytest.raises(InvalidInputError, match=says):
            memory.add(user_id=USER, **call)
    assert [raw.text for raw in memory.pending(USER)] == [FACT]


def _data_url(data: bytes, mime: str = "image/jpeg") -> dict[str, Any]:
    url = f"data:{mime};base64," + base64.b64encode(data).decode()
    return {"type": "image_url", "image_url": {"url": url}}


@pytest.mark.parametrize(("data", "says"), [
    (encoded(render(SCREEN), "JPEG")[:200], "part 1 is not base64 image data"),
    (encoded(render(SCREEN), "PNG")[:600], "part 1 is not base64 image data"),
    (png_claiming(12_000, 12_000), "part 1 of 12000x12000 pixels"),
    (encoded(render(SCREEN), "TIFF"), "no PNG, JPEG, WebP, GIF or BMP"),
], ids=["jpeg cut after its header", "truncated png", "over the pixel limit", "tiff"])
def test_a_data_url_image_that_breaks_while_decoding_is_refused_naming_its_part(
        memory: MemorySystem, data: bytes, says: str) -> None:
    memory.add(FACT, user_id=USER)
    with pytest.raises(InvalidInputError, match=says):
        memory.add({"role": "user", "content": [{"type": "text", "text": "my ticket"},
                                                _data_url(data)]}, user_id=USER)
    assert [raw.text for raw in memory.pending(USER)] == [FACT]


# ----------------------------------------------------------------- after add, before flush

SPOILERS: dict[str, tuple[Callable[[Path], Any], str]] = {
    "deleted": (lambda p: p.unlink(), "is gone"),
    "replaced by garbage": (_write(b"\xff\xd8\xff garbage"), "cannot be read as an image"),
    "emptied": (_write(b""), "cannot be read as an image"),
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[:400]), "cannot be read as an image"),
    "replaced by a folder": (lambda p: (p.unlink(), p.mkdir()), "is gone"),
    "replaced by a link to nothing": (lambda p: (p.unlink(), p.symlink_to(p.parent / "x")),
                                      "is gone"),
    "replaced by 12000x12000 pixels": (_write(png_claiming(12_000, 12_000)), "pixel limit"),
    "its folder removed": (lambda p: shutil.rmtree(p.parent), "is gone"),
}


@pytest.mark.parametrize("spoil", SPOILERS)
def test_an_image_spoiled_after_add_fails_alone_by_its_name_and_retry_takes_it_back(
        memory: MemorySystem, tmp_path: Path, spoil: str) -> None:
    action, says = SPOILERS[spoil]
    good = screenshot(tmp_path, "receipt.png", SCREEN)
    memory.add(FACT, user_id=USER)
    memory.add("danke", user_id=USER, images=[good])
    [image] = image_inputs(memory.store, USER)
    action(Path(image.image_path))
    report = memory.flush(USER)
    assert report.failed_inputs == [image.id] and len(report.processed_inputs) == 2
    status, error = statuses(memory.store)[image.id]
    assert status == "failed" and says in error and "receipt.png" in error, error
    assert str(Path(image.image_path).parent) not in error  # the user's name, not ours
    assert "semantic" in stored(memory.store) and memory.pending(USER) == []
    again = memory.retry(USER)
    assert again.failed_inputs == [image.id] and again.processed_inputs == []
    Path(image.image_path).parent.mkdir(exist_ok=True)
    shutil.rmtree(image.image_path, ignore_errors=True)
    Path(image.image_path).unlink(missing_ok=True)
    shutil.copyfile(good, image.image_path)  # the file is back: retry reads it
    assert memory.retry(USER).processed_inputs == [image.id]
    assert statuses(memory.store)[image.id] == ("processed", None)
    assert memory.failed(USER) == [] and "resource" in stored(memory.store)


# ----------------------------------------------------------------- small talk

def test_small_talk_in_many_languages_is_processed_storing_nothing_with_a_reason(
        memory: MemorySystem) -> None:
    for text in SMALL_TALK:
        memory.add(text, user_id=USER)
    report = memory.flush(USER)
    assert len(report.processed_inputs) == len(SMALL_TALK) and report.failed_inputs == []
    assert sorted(report.nothing_stored) == sorted(report.processed_inputs)
    assert all(len(reason) > 5 for reason in report.nothing_stored.values())
    assert stored(memory.store) == {} and memory.pending(USER) == []


PARTINGS = [
    "Good night, sleep well!", "sleep tight x", "Sweet dreams!", "Schlaf gut!", "Dors bien !",
    "Que descanses", "Danke dir!", "gern geschehen", "gleichfalls", "avec plaisir",
    "pareillement", "jaja vale", "jejeje", "hahah", "ahaha", "xD", "mdr", "bisous", "besos!",
    "un abrazo", "hugs", "take it easy", "have a good one", "enjoy your weekend!",
    "Schönes Wochenende!", "bon week-end !", "buen finde", "miss you", "oki doki", "alright",
    "my pleasure", "nos vemos", "tks", "thanks a ton", "cheers mate", "c u", "okey", "d'acc",
    "ouais", "没事", "明天见", "yes please", "no thanks, pls", "¡Buenos días!", "buen día",
]
"""Partings, thanks, laughter and good wishes as people type them (each was stored as an
event once)."""
NEWS_BESIDE_THEM = {
    "I need more sleep, I've been getting five hours a night.": "five hours",
    "Sleep is my priority now that the twins are here.": "twins",
    "Danke für die Blumen, sie stehen jetzt in der Küche.": "Küche",
    "Love you too, see you in Lisbon on Friday!": "Lisbon",
    "I miss Berlin, we lived in Kreuzberg for six years.": "Kreuzberg",
    "haha yes, the dentist moved my appointment to Thursday": "Thursday",
    "Que descanses, mañana empiezo en el hospital de Valencia.": "Valencia",
}


def test_partings_and_laughter_are_processed_storing_nothing(memory: MemorySystem) -> None:
    reports = [memory.add(text, user_id=USER) for text in PARTINGS]  # flushes each batch
    reports.append(memory.flush(USER))
    processed = [i for r in reports for i in r.processed_inputs]
    assert len(processed) == len(PARTINGS) and not any(r.failed_inputs for r in reports)
    assert sorted(i for r in reports for i in r.nothing_stored) == sorted(processed)
    assert stored(memory.store) == {} and memory.pending(USER) == []


@pytest.mark.parametrize("text", NEWS_BESIDE_THEM)
def test_the_same_words_beside_news_keep_the_news(memory: MemorySystem, text: str) -> None:
    report = memory.add(text, user_id=USER, flush=True)
    assert report.failed_inputs == [] and report.nothing_stored == {}
    kept = [str(item.model_dump()) for name in stored(memory.store)
            for item in memory.store.list(name, USER)]
    assert any(NEWS_BESIDE_THEM[text] in item for item in kept), kept


def test_async_small_talk_and_a_vanished_image_beside_a_fact(tmp_path: Path) -> None:
    async def run() -> None:
        async with AsyncMemorySystem(store_uri=str(tmp_path / "store"),
                                     backend="offline") as memory:
            await memory.add([{"role": "user", "content": text} for text in SMALL_TALK[:4]],
                             user_id=USER)
            await memory.add(FACT, user_id=USER,
                             images=[screenshot(tmp_path, "s.png", SCREEN)])
            [image] = image_inputs(memory.store, USER)
            Path(image.image_path).unlink()
            with pytest.raises(InvalidInputError, match="s2.png"):
                await memory.add(FACT, user_id=USER, images=[tmp_path / "s2.png"])
            report = await memory.flush(USER)
            assert report.failed_inputs == [image.id] and len(report.processed_inputs) == 5
            assert len(report.nothing_stored) == 4
            assert "is gone" in (await memory.failed(USER))[0].error
            assert await memory.pending(USER) == []
            assert "semantic" in stored(memory.store)

    asyncio.run(run())


# ----------------------------------------------------------------- three faces

@pytest.fixture(params=[Api, Cli, Rest], ids=["api", "cli", "rest"])
def face(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    made = request.param(str(tmp_path / "store"))
    yield made
    made.close()


def test_good_text_small_talk_a_broken_and_a_huge_image_in_one_batch(face: Any,
                                                                     tmp_path: Path) -> None:
    face.add([FACT, "danke", "👍"], [screenshot(tmp_path, "a.png", SCREEN),
                                     screenshot(tmp_path, "b.png", ["Gate B12"])])
    broken, huge = [raw.id for raw in image_inputs(face.store, USER)]
    paths = {raw.id: Path(raw.image_path) for raw in image_inputs(face.store, USER)}
    paths[broken].write_bytes(b"GIF89a no image")
    paths[huge].write_bytes(png_claiming(12_000, 12_000))
    report = face.flush()
    assert sorted(report["failed_inputs"]) == sorted([broken, huge])
    assert len(report["processed_inputs"]) == 3 and len(report["nothing_stored"]) == 2
    inputs = statuses(face.store)
    assert "pixel limit" in inputs[huge][1] and "cannot be read" in inputs[broken][1]
    assert "semantic" in stored(face.store) and "resource" not in stored(face.store)
    assert sorted(face.retry()["failed_inputs"]) == sorted([broken, huge])
    assert not [raw for raw in face.store.inputs(USER) if raw.status == "pending"]


def test_the_cli_refuses_odd_image_files_by_name_with_exit_2(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    runner = CliRunner()
    header_only = tmp_path / "ticket.jpg"
    header_only.write_bytes(encoded(render(SCREEN), "JPEG")[:200])
    renamed = tmp_path / "notes.png"
    renamed.write_text("not a picture")
    folder = tmp_path / "folder.png"
    folder.mkdir()
    assert runner.invoke(app, ["add", FACT, "--user", USER, "--store", store]).exit_code == 0
    for bad in (header_only, renamed, folder):
        result = runner.invoke(app, ["add", "look", "--image", str(bad), "--user", USER,
                                     "--store", store])
        assert result.exit_code == 2 and bad.name in result.output, result.output
        assert "Traceback" not in result.output and result.exception.__class__ is SystemExit
    listed = runner.invoke(app, ["pending", "--user", USER, "--store", store])
    assert listed.exit_code == 0 and "no pending inputs" in listed.output


def test_rest_refuses_a_jpeg_cut_after_its_header_with_422(tmp_path: Path) -> None:
    rest = Rest(str(tmp_path / "store"))
    try:
        header_only = base64.b64encode(encoded(render(SCREEN), "JPEG")[:200]).decode()
        response = rest.client.post("/api/add", headers=rest.auth,
                                    json={"content": FACT, "images": [header_only]})
        assert response.status_code == 422, response.text
        assert response.json()["error"]["type"] == "InvalidInputError"
        assert "image 0 is not base64 image data" in response.json()["error"]["message"]
        parts = {"role": "user", "content": [{"type": "text", "text": "ticket"},
                                             _data_url(base64.b64decode(header_only))]}
        response = rest.client.post("/api/add", headers=rest.auth, json={"content": parts})
        assert response.status_code == 422 and "content part 1" in response.text
        whole_url = "data:image/png;base64," + base64.b64encode(
            encoded(render(SCREEN), "PNG")).decode()
        response = rest.client.post("/api/add", headers=rest.auth,
                                    json={"content": FACT, "images": [whole_url]})
        assert response.status_code == 422 and "image 0 is not base64 image data but a data: " \
            "URL" in response.json()["error"]["message"], response.text
        assert rest.store.inputs(USER) == []  # no call stored the fact beside it
    finally:
        rest.close()


# ----------------------------------------------------------------- a model that fails on one

class _FailsOnOne(OfflineChatCompletionClient):
    """The offline rules, except that any request showing ``POISON`` raises ``error``."""

    def __init__(self, error: Exception) -> None:
        super().__init__(announce=False)
        self.error = error

    async def create(self, messages: Sequence[Any], *args: Any, **kwargs: Any) -> Any:
        if any("POISON" in str(getattr(m, "content", "")) for m in messages):
            raise self.error
        return await super().create(messages, *args, **kwargs)


@pytest.mark.parametrize("error", [RuntimeError("model exploded"), KeyError("choices"),
                                   UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad byte")],
                         ids=["runtime", "key", "unicode"])
def test_a_model_error_on_one_input_fails_that_input_alone(tmp_path: Path,
                                                           error: Exception) -> None:
    client = ResilientChatCompletionClient(_FailsOnOne(error), attempts=1)
    backend = ModelBackend("fails on one", client, False, OFFLINE)
    with MemorySystem(store_uri=str(tmp_path / "store"), model_backend=backend) as memory:
        memory.add(FACT, user_id=USER)
        memory.add("POISON: I bought a red bike yesterday.", user_id=USER)
        memory.add("好的", user_id=USER, images=[screenshot(tmp_path, "s.png", SCREEN)])
        report = memory.flush(USER)
        [poisoned] = [raw for raw in memory.store.inputs(USER) if "POISON" in raw.text]
        assert report.failed_inputs == [poisoned.id] and len(report.processed_inputs) == 3
        assert statuses(memory.store)[poisoned.id] == ("failed", report.errors[0])
        assert type(error).__name__ in report.errors[0]
        assert {"semantic", "resource"} <= set(stored(memory.store))
        again = memory.retry(USER)
        assert again.failed_inputs == [poisoned.id] and memory.pending(USER) == []
