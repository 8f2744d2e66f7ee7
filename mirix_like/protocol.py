"""The tasks the agents give a model, as structured payloads embedded in their prompts.

Each agent writes its task (what to route, what to manage, what to answer from) as one JSON
object in a fenced block of its prompt (:func:`embed`). A language model reads it as part of
the prompt; the offline backend reads it back exactly (:func:`read_task`) and dispatches on its
``task`` field, so it never depends on tool names, prompt wording or how a type renders.

Memories travel as plain statements (:class:`Memory`: type, text, time), never as the rendered
lines a prompt shows, and items a manager may change as their id and fields.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

__all__ = [
    "AnswerTask",
    "ExistingItem",
    "InputPayload",
    "ManageTask",
    "Memory",
    "RewriteTask",
    "RouteTask",
    "Task",
    "TopicsTask",
    "embed",
    "memories_of",
    "read_task",
]

_FENCE = re.compile(r"```json\n(\{.*?\})\n```", re.DOTALL)


class InputPayload(BaseModel):
    """One input of a batch; ``occurred_at`` is when it happened."""

    id: str
    kind: str = "text"
    occurred_at: datetime
    text: str = ""
    role: str | None = None
    speaker: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def of(cls, raw: Any) -> InputPayload:
        """The payload of a stored raw input."""
        return cls(id=raw.id, kind=raw.kind, occurred_at=raw.occurred_at, text=raw.text,
                   role=raw.role, speaker=raw.speaker, metadata=raw.metadata or {})


class ExistingItem(BaseModel):
    """A stored item a manager was shown: its id and its content fields (secrets left out)."""

    id: str
    fields: dict[str, Any]

    @classmethod
    def of(cls, spec: Any, item: Any) -> ExistingItem:
        """``item`` of the memory type ``spec`` as a manager sees it."""
        names = set(spec.item_model.content_fields()) - set(spec.secret_fields)
        return cls(id=item.id, fields=item.model_dump(mode="json", include=names))


class Memory(BaseModel):
    """One retrieved memory as a plain statement: its type, its text, when it was true."""

    type: str
    text: str
    time: datetime | None = None


class RouteTask(BaseModel):
    """Decide which memory types a batch concerns (possibly none)."""

    task: Literal["route"] = "route"
    memory_types: list[str]
    inputs: list[InputPayload]


class ManageTask(BaseModel):
    """Change one memory type after a batch, given the related items already stored."""

    task: Literal["manage"] = "manage"
    memory_type: str
    inputs: list[InputPayload]
    existing: list[ExistingItem] = Field(default_factory=list)


class RewriteTask(BaseModel):
    """Shorten a core block that nears its limit, keeping the most important facts."""

    task: Literal["rewrite_core"] = "rewrite_core"
    label: str
    value: str
    limit: int


class TopicsTask(BaseModel):
    """List the search topics needed to answer ``message``."""

    task: Literal["topics"] = "topics"
    message: str
    recent: list[str] = Field(default_factory=list)


class AnswerTask(BaseModel):
    """Answer ``question`` from the retrieved ``memories``."""

    task: Literal["answer"] = "answer"
    question: str
    memories: list[Memory] = Field(default_factory=list)


Task = Annotated[
    RouteTask | ManageTask | RewriteTask | TopicsTask | AnswerTask, Field(discriminator="task")
]
_TASK: TypeAdapter[Task] = TypeAdapter(Task)


def embed(task: BaseModel) -> str:
    """``task`` as the fenced JSON block a prompt carries."""
    return f"```json\n{task.model_dump_json(indent=1, exclude_defaults=False)}\n```"


def read_task(messages: Sequence[Any]) -> Task | None:
    """The last task embedded in ``messages`` (their text content), or None."""
    for message in reversed(messages):
        content = getattr(message, "content", message)
        parts = content if isinstance(content, list) else [content]
        for part in reversed(parts):
            if not isinstance(part, str):
                continue
            for block in reversed(_FENCE.findall(part)):
                try:
                    return _TASK.validate_python(json.loads(block))
                except (ValueError, ValidationError):
                    continue
    return None


_TEXT_FIELDS = ("summary", "caption", "title", "name", "content", "text", "description")


def memories_of(spec: Any, item: Any) -> list[Memory]:
    """``item`` of the memory type ``spec`` as plain statements, without rendering.

    A block of lines (core) gives one statement per line; an item its main text, with its
    steps or its (revealed) secret value after it.
    """
    time = getattr(item, spec.time_field, None) or getattr(item, "updated_at", None)
    lines = getattr(item, "lines", None)
    if callable(lines):
        return [Memory(type=spec.name, text=line.strip(), time=time) for line in lines()]
    fields = item.model_dump(include=set(spec.item_model.content_fields()))
    head = next((str(fields[f]) for f in _TEXT_FIELDS if fields.get(f)), "")
    extra: Iterable[str] = [
        "; ".join(map(str, v)) if isinstance(v, list) else str(v)
        for name, v in fields.items()
        if v and (name in spec.secret_fields or (name == "steps" and isinstance(v, list)))
    ]
    text = ": ".join([head.rstrip(". "), *extra]) if extra else head
    return [Memory(type=spec.name, text=text, time=time)] if text else []
