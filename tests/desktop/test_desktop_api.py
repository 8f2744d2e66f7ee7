"""The desktop package exports exactly its public names."""

from __future__ import annotations

import types

import mirix_like.desktop as desktop


def test_desktop_exports_exactly_its_public_names() -> None:
    public = {name for name, value in vars(desktop).items()
              if not name.startswith("_") and not isinstance(value, types.ModuleType)}
    assert sorted(desktop.__all__) == sorted(public) == desktop.__all__
