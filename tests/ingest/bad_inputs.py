"""Bad inputs as a user makes them, shared by the API, CLI and REST tests of ingest."""

from __future__ import annotations

from pathlib import Path

from support.screens import render

from mirix_like.store import MemoryStore

SMALL_TALK = ["hello", "thanks!", "ok"]
FACT = "My sister Maya lives in Lisbon and works as a marine biologist."


def screenshot(folder: Path, name: str, lines: list[str]) -> Path:
    """A PNG file of a screen showing ``lines``."""
    path = folder / name
    render(lines).save(path)
    return path


def image_inputs(store: MemoryStore, user_id: str) -> list:
    """The user's image inputs, oldest first."""
    return [raw for raw in store.inputs(user_id) if raw.kind == "image"]


def break_images(store: MemoryStore, user_id: str) -> list[str]:
    """Overwrite every waiting image of the user with bytes that are no image; their ids."""
    broken = []
    for raw in image_inputs(store, user_id):
        Path(raw.image_path).write_bytes(b"\x89PNG\r\n\x1a\n this is not an image any more")
        broken.append(raw.id)
    return broken


def remove_images(store: MemoryStore, user_id: str) -> list[str]:
    """Delete every waiting image file of the user, as a cleaner or a user might; their ids."""
    gone = []
    for raw in image_inputs(store, user_id):
        Path(raw.image_path).unlink()
        gone.append(raw.id)
    return gone
