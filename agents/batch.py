"""One batch of raw inputs on its way through the managers.

A batch holds no store: the managers' tools write through its :class:`BatchWriter`, scoped
to the batch's user and id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autogen_core import Image

from mirix_like.ingest.writer import BatchWriter
from mirix_like.prompt_format import INPUTS_TAG, wrap
from mirix_like.store import RawInput


@dataclass
class Batch:
    """The inputs of one memory update for one user, the images the model may see, the writer."""

    inputs: list[RawInput]
    writer: BatchWriter
    images: dict[str, Image] = field(default_factory=dict)

    @property
    def user_id(self) -> str:
        """Whose inputs these are."""
        return self.writer.user_id

    @property
    def input_ids(self) -> list[str]:
        """The ids of the batch's inputs, in order."""
        return [raw.id for raw in self.inputs]

    def inputs_block(self) -> str:
        """The batch as the tagged JSON block the agents read."""
        return wrap(INPUTS_TAG, [_input_payload(raw) for raw in self.inputs])


def _input_payload(raw: RawInput) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": raw.id,
        "kind": raw.kind,
        "occurred_at": raw.occurred_at.isoformat(),
        "text": raw.text,
    }
    for name in ("role", "speaker"):
        if getattr(raw, name):
            payload[name] = getattr(raw, name)
    if raw.metadata:
        payload["metadata"] = raw.metadata
    return payload
