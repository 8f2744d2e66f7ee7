"""The offline extractors, one per memory type, registered by type name.

Each module here that defines an ``EXTRACTOR`` fills the memory type of that name. A type
with no module of its own (a type added as one module under ``memory_types/``) gets the
generic extractor built from its cues and fields, unless its spec brings its own
(``MemoryType.extractor``). :func:`route` asks every type's extractor whether an input
concerns it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from functools import cache

from mirix_like.memory_types import MemoryType
from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.extractors.generic import generic_extractor
from mirix_like.offline.language import InputText

__all__ = ["Extractor", "extractor_for", "registered", "route"]


@cache
def registered() -> dict[str, Extractor]:
    """The extractors of this package, by memory type name."""
    found: dict[str, Extractor] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        extractor = getattr(module, "EXTRACTOR", None)
        if isinstance(extractor, Extractor):
            found[extractor.name] = extractor
    return found


def extractor_for(spec: MemoryType) -> Extractor:
    """The spec's own extractor, else the one registered for its name, else the generic one."""
    own = getattr(spec, "extractor", None)
    if isinstance(own, Extractor):
        return own
    if callable(own):
        return Extractor(spec.name, own, lambda inp: bool(own([inp])))
    return registered().get(spec.name) or generic_extractor(spec)


def route(inputs: list[InputText], specs: Iterable[MemoryType]) -> list[str]:
    """The names of the types in ``specs`` that some input concerns, or the inputs together,
    in the order given."""
    return [spec.name for spec in specs if _concerned(extractor_for(spec), inputs)]


def _concerned(extractor: Extractor, inputs: list[InputText]) -> bool:
    return any(extractor.concerns(i) for i in inputs) or bool(
        extractor.together and extractor.together(inputs))
