"""Export and import: a full round trip restores everything, a masked one everything but the
secrets, and importing merges into a non-empty store without duplicates, idempotently."""

from __future__ import annotations

import io
import json
import shutil
import tempfile
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from reliability_kit import SECRET_PIN, snapshot

from mirix_like import MemorySystem
from mirix_like.errors import InvalidExportError
from mirix_like.store import MemoryStore
from mirix_like.store.backup import unpack_export
from mirix_like.store.secrets import MASK

ADA, BOB = "ada", "bob"


def everything(store: MemoryStore) -> dict[str, Any]:
    users = store.users()
    return {"items": snapshot(store),
            "inputs": {r.model_dump_json() for r in store.inputs(None)},
            "history": {e.model_dump_json() for u in users for e in store.history_of_user(u)}}


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    """Two users' memories of every type, with updates, a delete, a secret, a pending input."""
    with MemorySystem(store_uri=str(tmp_path_factory.mktemp("backup") / "source"),
                      backend="offline") as memory:
        for user, text in ((ADA, "Yesterday I hiked up Mount Tamalpais with my sister Maya. "
                            f"Tom is a marine biologist. My bank PIN is {SECRET_PIN}"),
                           (BOB, "I am a vegetarian. Last Friday I repaired my bike. Here is "
                            "the guide: https://example.com/bike-guide.pdf")):
            report = memory.add(text, user_id=user, flush=True,
                                occurred_at="2025-03-03T18:30:00+00:00")
            assert report.errors == []
        [event] = memory.list("episodic", user_id=ADA)
        memory.update("episodic", event.id, {"details": "a sunny day"}, user_id=ADA)
        [fact] = memory.list("semantic", user_id=ADA, limit=1)
        memory.delete("semantic", fact.id, user_id=ADA)
        memory.add("pending: call the plumber", user_id=BOB)
        yield memory


def export(memory: MemorySystem, directory: Path, **options: Any) -> Path:
    memory.export(directory, **options)
    return directory


def test_full_export_round_trip_restores_everything(source: MemorySystem, tmp_path: Path
                                                    ) -> None:
    summary = source.export(tmp_path / "full", include_secrets=True)
    assert summary.users == [ADA, BOB] and summary.secrets_included
    manifest = json.loads((tmp_path / "full" / "manifest.json").read_text())
    assert manifest["format"] == "mirix-like-export"
    with MemorySystem(store_uri=str(tmp_path / "copy"), backend="offline") as copy:
        copy.import_(tmp_path / "full")
        original, restored = everything(source.store), everything(copy.store)
        assert restored["items"] == original["items"]
        assert restored["inputs"] == original["inputs"]  # pending stays pending
        assert original["history"] <= restored["history"]
        extra = [json.loads(e) for e in restored["history"] - original["history"]]
        assert {e["actor"] for e in extra} == {"import"}
        assert copy.get("knowledge_vault", copy.list("knowledge_vault", user_id=ADA)[0].id,
                        user_id=ADA, reveal_secrets=True).secret_value == SECRET_PIN
        # Search works on the copy as on the original.
        for user in (ADA, BOB):
            for query in ("Tamalpais hike", "bike guide", "vegetarian"):
                assert [h.item.id for h in copy.search(query, user_id=user)] == [
                    h.item.id for h in source.search(query, user_id=user)]
        # A delete made before the backup can still be undone after it.
        [deletion] = [json.loads(e) for e in original["history"]
                      if json.loads(e)["action"] == "delete"]
        copy.restore(deletion["id"], user_id=ADA)
        assert copy.get("semantic", deletion["item_id"], user_id=ADA)


def test_masked_export_holds_no_secret_and_imports_all_but_secrets(
        source: MemorySystem, tmp_path: Path) -> None:
    summary = source.export(tmp_path / "masked")
    assert not summary.secrets_included
    for path in (tmp_path / "masked").iterdir():
        assert SECRET_PIN not in path.read_text(encoding="utf-8"), path.name
    with MemorySystem(store_uri=str(tmp_path / "copy"), backend="offline") as copy:
        result = copy.import_(tmp_path / "masked")
        vault = len(list(source.store.iter_items("knowledge_vault", ADA)))
        assert vault and result.skipped["knowledge_vault.jsonl"] == vault
        restored, original = everything(copy.store)["items"], everything(source.store)["items"]
        assert restored == {k: v for k, v in original.items() if k[0] != "knowledge_vault"}
        assert copy.store.inputs(None) == []  # input texts were masked: not imported
        for user in (ADA, BOB):
            assert all(i.secret_value != MASK for i in copy.store.iter_items(
                "knowledge_vault", user, reveal_secrets=True))


def test_a_masked_import_never_overwrites_a_real_secret(source: MemorySystem, tmp_path: Path
                                                        ) -> None:
    export(source, tmp_path / "full", include_secrets=True)
    export(source, tmp_path / "masked")
    with MemorySystem(store_uri=str(tmp_path / "copy"), backend="offline") as copy:
        copy.import_(tmp_path / "full")
        before = everything(copy.store)
        copy.import_(tmp_path / "masked")
        assert everything(copy.store) == before


def test_import_merges_into_a_non_empty_store_without_duplicates_and_twice_is_once(
        source: MemorySystem, tmp_path: Path) -> None:
    first = export(source, tmp_path / "first", user_id=ADA, include_secrets=True)
    with MemorySystem(store_uri=str(tmp_path / "other"), backend="offline") as other:
        # The other store has memories of its own, for ada and for a user of its own...
        assert other.add("On Sunday I baked bread with Tom.", user_id=ADA, flush=True,
                         occurred_at="2025-03-09T10:00:00+00:00").errors == []
        assert other.add("I play the cello.", user_id="cyd", flush=True).errors == []
        # ...and an older copy of ada's memories, one of them since changed there.
        other.import_(first)
        [event] = [i for i in other.list("episodic", user_id=ADA) if "Tamalpais" in i.summary]
        other.update("episodic", event.id, {"details": "changed in the other store"},
                     user_id=ADA)
        own = everything(other.store)["items"]

        # Meanwhile the source moved on: an update and a new memory.
        [source_event] = [i for i in source.list("episodic", user_id=ADA)
                          if i.id == event.id]
        source.update("episodic", source_event.id, {"summary": source_event.summary + "!"},
                      user_id=ADA)
        assert source.add("Maya called me on Tuesday.", user_id=ADA, flush=True,
                          occurred_at="2025-03-04T09:00:00+00:00").errors == []
        second = export(source, tmp_path / "second", user_id=ADA, include_secrets=True)

        summary = other.import_(second)
        merged = everything(other.store)["items"]
        theirs = everything(source.store)["items"]
        # Nothing duplicated: one item per id, every id of both sides present.
        ids = Counter(key for key in merged)
        assert max(ids.values()) == 1
        assert set(merged) == set(own) | {k for k in theirs if k[1] == ADA}
        # The newer version wins, whichever side it is on.
        assert merged[("episodic", ADA, event.id)] == theirs[("episodic", ADA, event.id)]
        assert all(merged[k] == v for k, v in own.items()
                   if k not in theirs or k[1] != ADA)
        assert summary.counts["episodic.jsonl"] == 2  # the updated event and the new one

        # Importing again, or the older export again, changes nothing at all.
        settled = everything(other.store)
        for again in (second, first, second):
            result = other.import_(again)
            assert sum(result.counts.values()) == 0, result.counts
            assert everything(other.store) == settled


def test_importing_core_memory_keeps_the_facts_of_both_stores(tmp_path: Path) -> None:
    with MemorySystem(store_uri=str(tmp_path / "here"), backend="offline") as here, \
            MemorySystem(store_uri=str(tmp_path / "there"), backend="offline") as there:
        assert here.add("I am a vegetarian.", user_id=ADA, flush=True).errors == []
        assert there.add("I live in Lisbon.", user_id=ADA, flush=True).errors == []
        there.export(tmp_path / "export")
        here.import_(tmp_path / "export")
        block = here.store.get("core", ADA, "human").value
    assert "vegetarian" in block and "Lisbon" in block


# ----------------------------------------------------------------- doctored exports


def png_bytes(colour: str = "red", size: tuple[int, int] = (40, 30)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (links as their target), to compare byte for byte."""
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<link>"
            for p in sorted(folder.rglob("*")) if p.is_file() or p.is_symlink()}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory, source: MemorySystem) -> Path:
    """A full export of ada whose inputs include a pending screenshot."""
    folder = tmp_path_factory.mktemp("exported")
    picture = folder / "screen.png"
    picture.write_bytes(png_bytes())
    source.add(None, user_id=ADA, images=[picture])
    source.export(folder / "export", user_id=ADA, include_secrets=True)
    return folder / "export"


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def rewrite(path: Path, records: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def doctor_input(**changes: Any) -> Callable[[Path], None]:
    """Change the image input of the export."""
    def change(folder: Path) -> None:
        records = lines(folder / "raw_inputs.jsonl")
        [image] = [r for r in records if r["kind"] == "image"]
        image.update(changes)
        rewrite(folder / "raw_inputs.jsonl", records)
    return change


def doctor_first(name: str, **changes: Any) -> Callable[[Path], None]:
    """Change the first record of one file."""
    def change(folder: Path) -> None:
        records = lines(folder / name)
        records[0].update(changes)
        rewrite(folder / name, records)
    return change


def replace_file(name: str, data: bytes) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        (folder / name).write_bytes(data)
    return change


def link_file(name: str, target: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
        path.symlink_to(target)
    return change


def the_image(folder: Path) -> Path:
    [image] = (folder / "images").iterdir()
    return image


def drop_last_line(name: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        rewrite(folder / name, lines(folder / name)[:-1])
    return change


def nested_json(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


def patch_manifest(folder: Path, **changes: Any) -> None:
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest.update(changes)
    (folder / "manifest.json").write_text(json.dumps(manifest))


OUTSIDE_PNG = "/tmp/mirix-like-test-outside.png"
DOCTORED: list[Any] = [
    ("image path /etc/passwd", doctor_input(image_path="/etc/passwd"), "not a file of"),
    ("image path with ..", doctor_input(image_path="images/../../../../etc/passwd"),
     "not a file of"),
    ("image path to a real image outside", doctor_input(image_path=OUTSIDE_PNG),
     "not a file of"),
    ("image path to a folder", doctor_input(image_path="images"), "not a file of"),
    ("image missing", doctor_input(image_path="images/missing.png"), "missing"),
    ("image is a link outside", lambda f: link_file(f"images/{the_image(f).name}",
                                                    OUTSIDE_PNG)(f), "symbolic link"),
    ("images folder is a link", lambda f: link_file("images", "/tmp")(f), "missing"),
    ("image not an image", lambda f: the_image(f).write_bytes(b"#!/bin/sh\nrm -rf ~\n"),
     "cannot be read"),
    ("image path on a text input", doctor_first("raw_inputs.jsonl", image_path="images/x.png"),
     "text input has an image"),
    ("input with a NUL", doctor_first("raw_inputs.jsonl", text="a\u0000b"), "NUL"),
    ("input with an unknown role", doctor_first("raw_inputs.jsonl", role="root"), "role"),
    ("input metadata 22 deep", doctor_first("raw_inputs.jsonl", metadata=nested_json(22)),
     "metadata nested deeper than 20"),
    ("input of another user", doctor_first("raw_inputs.jsonl", user_id=BOB),
     "not among the manifest's users"),
    ("item of another user", doctor_first("episodic.jsonl", user_id=BOB),
     "not among the manifest's users"),
    ("item with an empty id", doctor_first("episodic.jsonl", id=""), "not a valid id"),
    ("item with a NUL id", doctor_first("episodic.jsonl", id="a\u0000"), "not a valid id"),
    ("item with a 300-character id", doctor_first("episodic.jsonl", id="i" * 300),
     "not a valid id"),
    ("item with a field of the wrong type", doctor_first("episodic.jsonl", summary=["x"]),
     "not a valid episodic item"),
    ("item with an unknown field", doctor_first("episodic.jsonl", owner="bob"),
     "not a valid episodic item"),
    ("item with a naive time", doctor_first("episodic.jsonl", updated_at="2025-01-01T00:00"),
     "not a valid episodic item"),
    ("item metadata 22 deep", doctor_first("semantic.jsonl", metadata=nested_json(22)),
     "metadata nested deeper than 20"),
    ("two items with one id", lambda f: rewrite(f / "semantic.jsonl",
                                                lines(f / "semantic.jsonl") * 2),
     "appears twice"),
    ("core block over its limit", replace_file("core.jsonl", json.dumps({
        "id": "human", "user_id": ADA, "label": "human", "value": "x" * 6000}).encode()),
     "limit of 5000"),
    ("core block over its limit once merged", replace_file("core.jsonl", json.dumps({
        "id": "human", "user_id": ADA, "label": "human",
        "value": "\n".join(f"fact {n}: " + "y" * 40 for n in range(100))}).encode()),
     "merged with the store"),
    ("history of another user's item", doctor_first("history.jsonl", before={
        "id": "x", "user_id": BOB, "summary": "planted"}), "another item or user"),
    ("history of an unknown type", doctor_first("history.jsonl", memory_type="passwords"),
     "unknown memory type"),
    ("history restoring a broken item", lambda f: doctor_first("history.jsonl", after={
        **lines(f / "history.jsonl")[0]["after"], "created_at": "never"})(f),
     "invalid"),
    ("a record nested 100,000 deep", replace_file("semantic.jsonl",
                                                  b"[" * 100_000 + b"]" * 100_000 + b"\n"),
     "not JSON"),
    ("a record nested 300 deep", replace_file("semantic.jsonl",
                                              json.dumps(nested_json(300)).encode() + b"\n"),
     "nested deeper than 24"),
    ("a line that is not JSON", replace_file("episodic.jsonl", b"{\"id\": \n"), "not JSON"),
    ("a line of invalid UTF-8", replace_file("episodic.jsonl", b"{\"id\": \"\xff\"}\n"),
     "not JSON"),
    ("a record that is a list", replace_file("episodic.jsonl", b"[1, 2]\n"),
     "not a JSON object"),
    ("a truncated file", drop_last_line("history.jsonl"), "the manifest says"),
    ("a data file is a link", lambda f: link_file("semantic.jsonl", "/etc/passwd")(f),
     "symbolic link"),
    ("a data file is a folder", lambda f: (f / "semantic.jsonl").unlink() or
     (f / "semantic.jsonl").mkdir(), "not a regular file"),
    ("manifest not JSON", replace_file("manifest.json", b"{"), "not JSON"),
    ("manifest a list", replace_file("manifest.json", b"[]"), "not a mirix-like export"),
    ("manifest of another version", lambda f: patch_manifest(f, version=2), "version"),
    ("manifest users not a list", lambda f: patch_manifest(f, users="ada"), "users"),
    ("manifest user with a NUL", lambda f: patch_manifest(f, users=["a\u0000"]), "user_id"),
    ("manifest counts of text", lambda f: patch_manifest(f, counts={"core.jsonl": "2"}),
     "counts"),
    ("manifest a link", lambda f: link_file("manifest.json", "/etc/hostname")(f),
     "symbolic link"),
]


@pytest.mark.parametrize(("doctor", "message"),
                         [pytest.param(c[1], c[2], id=c[0]) for c in DOCTORED])
def test_a_doctored_export_is_refused_and_changes_nothing(
        exported: Path, tmp_path: Path, doctor: Callable[[Path], None], message: str) -> None:
    Path(OUTSIDE_PNG).write_bytes(png_bytes("blue"))
    folder = tmp_path / "doctored"
    shutil.copytree(exported, folder, symlinks=True)
    doctor(folder)
    store = tmp_path / "store"
    with MemorySystem(store_uri=str(store), backend="offline") as target:
        assert target.add("I play the cello.", user_id=ADA, flush=True).errors == []
        target.add("a pending note", user_id=ADA)
        rows = everything(target.store)  # reads first: the store creates tables on first use
        before = folder_bytes(store)
        with pytest.raises(InvalidExportError) as refused:
            target.import_(folder)
        assert message in str(refused.value)
        assert "nothing was imported" in str(refused.value) or "export" in str(refused.value)
        assert folder_bytes(store) == before  # byte for byte, image folder included
        assert everything(target.store) == rows
    assert Path(OUTSIDE_PNG).read_bytes() == png_bytes("blue")  # never moved nor deleted


def test_the_untouched_export_imports_with_its_image_kept_inside_the_store(
        exported: Path, tmp_path: Path) -> None:
    [image] = [r for r in lines(exported / "raw_inputs.jsonl") if r["kind"] == "image"]
    assert image["image_path"].startswith("images/")  # relative to the export
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as target:
        summary = target.import_(exported)
        assert summary.counts["raw_inputs.jsonl"] == len(lines(exported / "raw_inputs.jsonl"))
        [pending] = [r for r in target.pending(ADA) if r.kind == "image"]
        kept = Path(pending.image_path)
        assert kept.parent == tmp_path / "store" / "images"  # the store's image folder
        assert kept.read_bytes() == png_bytes()
        assert not kept.is_relative_to(exported)


def test_an_imported_claim_never_rolls_back_the_target_stores_own_batch(
        exported: Path, tmp_path: Path) -> None:
    """A pending input claiming a batch rolls that batch back when it is redone. A doctored
    export naming one of the target's own batches must not undo the target's memories."""
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as target:
        assert target.add("I play the cello.", user_id=ADA, flush=True).errors == []
        [batch] = {e.batch_id for e in target.store.history_of_user(ADA) if e.batch_id}
        folder = tmp_path / "doctored"
        shutil.copytree(exported, folder)
        doctor_input(batch_id=batch)(folder)
        target.import_(folder)
        kept = everything(target.store)["items"]
        target.flush(ADA)
        after = everything(target.store)["items"]
        assert all(after.get(key) == value for key, value in kept.items()
                   if key[0] != "core")  # nothing of the target's own was undone


def zipped(entries: dict[str, bytes], *, link: str = "", encrypted: bool = False) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name)
            if name == link:
                info.external_attr = 0o120777 << 16
            archive.writestr(info, data)
    data = buffer.getvalue()
    if encrypted:  # zipfile cannot write encrypted entries: set the flag in both headers
        for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
            at = data.index(signature) + offset
            data = data[:at] + bytes([data[at] | 0x1]) + data[at + 1:]
    path = Path(tempfile.mkdtemp()) / "upload.zip"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(("archive", "message"), [
    (lambda: zipped({"../manifest.json": b"{}"}), "no file of an export"),
    (lambda: zipped({"/etc/cron.d/x": b"{}"}), "no file of an export"),
    (lambda: zipped({"images/../../x.png": b"x"}), "no file of an export"),
    (lambda: zipped({"images/.hidden": b"x"}), "no file of an export"),
    (lambda: zipped({"notes.txt": b"x"}), "no file of an export"),
    (lambda: zipped({"history.jsonl": b"/etc/passwd"}, link="history.jsonl"), "link"),
    (lambda: zipped({"core.jsonl": b"{}"}, encrypted=True), "encrypted"),
    (lambda: zipped({"core.jsonl": b" " * 5000}), "unpacks to over 4,000 bytes"),
    (lambda: zipped({"core.jsonl": b"a", "episodic.jsonl": b" " * 4000}), "unpacks to over"),
    (lambda: Path(tempfile.mkstemp()[1]), "not a zip file"),
], ids=["dot-dot", "absolute", "image dot-dot", "hidden image", "unknown name", "symlink",
        "encrypted", "bomb", "bomb over two files", "empty file"])
def test_unpacking_an_export_zip_refuses_what_is_no_export(tmp_path: Path, archive: Any,
                                                          message: str) -> None:
    with pytest.raises(InvalidExportError) as refused:
        unpack_export(archive(), tmp_path / "out", max_bytes=4000)
    assert message in str(refused.value)
    assert not (tmp_path.parent / "manifest.json").exists()
