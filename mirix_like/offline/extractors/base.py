"""What an offline extractor is: whether an input concerns its type, and the rows it yields."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mirix_like.offline.language import InputText, Row


@dataclass(frozen=True)
class Extractor:
    """How the offline backend fills one memory type.

    ``concerns`` is the cheap test routing uses (does this input hold anything for the type?);
    ``extract`` turns a batch's inputs into the arguments of the type's insert tool.
    ``calls``, for a type whose tools are not insert/update (core's blocks), turns the inputs
    and the shown items into the tool calls themselves, as (tool name, arguments) pairs.
    ``together``, where given, says whether the batch as a whole holds something for the type
    that no one input shows ("I work at Glovo." then "I work at Cabify.": a value replaced).
    """

    name: str
    extract: Callable[[list[InputText]], list[Row]]
    concerns: Callable[[InputText], bool]
    calls: Callable[[list[InputText], list[dict[str, Any]]], list[tuple[str, Row]]] | None = None
    together: Callable[[list[InputText]], bool] | None = None
