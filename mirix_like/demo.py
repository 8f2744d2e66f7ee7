"""The demo: a short multi-session conversation and two screenshots, then questions."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from mirix_like.cli_support import per_type
from mirix_like.config import load_settings
from mirix_like.errors import InvalidInputError
from mirix_like.system import MemorySystem

DEMO_USER = "demo"


def demo_data() -> dict[str, Any]:
    """The bundled demo conversation, screens and questions."""
    text = resources.files("mirix_like").joinpath("data/demo_conversation.json").read_text()
    return json.loads(text)


def render_screen(title: str, lines: list[str], path: Path) -> Path:
    """Draw an app-like window with ``title`` and ``lines`` to a PNG at ``path``."""
    image = Image.new("RGB", (1280, 720), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=30)
    draw.rectangle((0, 0, 1280, 60), fill=(40, 60, 110))
    draw.text((24, 14), title, fill="white", font=font)
    for n, line in enumerate(lines):
        draw.text((40, 110 + 60 * n), line, fill="black", font=font)
    image.save(path)
    return path


def run_demo(store_dir: Path, say: Callable[[str], None] = print) -> list[dict[str, Any]]:
    """Ingest the demo data into a new store at ``store_dir`` and answer its questions.

    ``store_dir`` must not exist yet or be an empty folder: the demo never deletes anything,
    so it refuses a folder that holds something (an earlier demo store included).
    """
    if store_dir.exists() and (not store_dir.is_dir() or any(store_dir.iterdir())):
        raise InvalidInputError(f"{store_dir} is not empty; the demo needs a new or empty "
                                "folder (or none: it then uses a temporary store)")
    data = demo_data()
    settings = load_settings(store_uri=str(store_dir))
    answers = []
    with MemorySystem(settings) as memory, tempfile.TemporaryDirectory() as screens:
        say(f"model backend: {memory.aio.backend.name}; store: {store_dir}")
        for n, session in enumerate(data["sessions"], start=1):
            report = memory.add(session["messages"], user_id=DEMO_USER,
                                occurred_at=session["occurred_at"], flush=True)
            say(f"session {n}: {len(report.processed_inputs)} messages -> new memories: "
                f"{per_type(report.created) or 'none'}")
        for n, screen in enumerate(data["screens"], start=1):
            path = render_screen(screen["title"], screen["lines"],
                                 Path(screens) / f"screen{n}.png")
            report = memory.add(images=[path], user_id=DEMO_USER,
                                occurred_at=screen["occurred_at"], flush=True,
                                metadata={"app": screen["title"]})
            say(f"screenshot {n} ({screen['title']}) -> new memories: "
                f"{per_type(report.created) or 'none'}")
        for question in data["questions"]:
            response = memory.chat(question, user_id=DEMO_USER)
            say(f"\nQ: {question}\nA: {response.answer}")
            for hit in response.memories[:3]:
                say(f"   used [{hit.memory_type}] {_label(hit.item)}")
            answers.append({"question": question, "answer": response.answer,
                            "memories": [h.item.id for h in response.memories]})
    return answers


def _label(item: Any) -> str:
    text = getattr(item, "summary", None) or getattr(item, "caption", None) or str(item.id)
    return text if len(text) < 100 else text[:97] + "..."
