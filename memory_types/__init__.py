"""The memory types, as data.

Each module in this package that defines a ``SPEC`` (a :class:`MemoryType`) is a memory type;
adding a type is adding one module. :func:`get` and :func:`all_types` read the registry.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from mirix_like.errors import UnknownMemoryTypeError
from mirix_like.memory_types.base import MemoryItem, MemoryType, TreeMemoryItem

__all__ = ["MemoryItem", "MemoryType", "TreeMemoryItem", "all_types", "get", "names"]


_NOT_TYPES = frozenset({"base", "tools"})
"""Modules of the package that hold what every type shares, not a type."""


@cache
def _registry() -> dict[str, MemoryType]:
    found: list[MemoryType] = []
    for module_info in pkgutil.iter_modules(__path__):
        if module_info.name in _NOT_TYPES:
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        spec = getattr(module, "SPEC", None)
        if isinstance(spec, MemoryType):
            found.append(spec)
    return {spec.name: spec for spec in sorted(found, key=lambda s: (s.order, s.name))}


def all_types() -> list[MemoryType]:
    """Every registered memory type, in display order (core first)."""
    return list(_registry().values())


def names() -> list[str]:
    """The names of every registered memory type, in display order."""
    return list(_registry())


def get(name: str) -> MemoryType:
    """The memory type called ``name``; raises :class:`UnknownMemoryTypeError` otherwise."""
    registry = _registry()
    if not isinstance(name, str) or name not in registry:
        raise UnknownMemoryTypeError(
            f"unknown memory type {name!r}; expected one of: {', '.join(registry)}"
        )
    return registry[name]
