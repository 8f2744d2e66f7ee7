"""The package exports exactly its public names, and each resolves."""

from __future__ import annotations

import subprocess
import sys

import mirix_like
from mirix_like import errors


def test_exported_names_are_exactly_the_public_ones() -> None:
    assert mirix_like.__all__ == [
        "AsyncMemorySystem", "ChangeReport", "ChatResponse", "MemoryStore", "MemorySystem",
        "MirixLikeError", "RawInput", "SearchHit", "Settings", "load_settings",
    ]
    for name in mirix_like.__all__:
        assert getattr(mirix_like, name).__name__ == name


def test_every_error_derives_from_the_root_and_is_drawn_in_the_tree() -> None:
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.MirixLikeError)
        assert name in errors.__doc__


def test_the_store_loads_without_the_agents() -> None:
    code = "import sys, mirix_like.store; print('autogen_agentchat' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"
