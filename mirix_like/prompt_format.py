"""How tasks, batches of input and retrieved memories are written into prompts, and read back.

Prompts carry them as JSON inside tags, so any model can read them and the offline backend
can parse them exactly. Every agent's prompt states its task as a ``<task>`` payload
(:func:`task_block`): what is asked and of which memory type, so a reader never has to
guess the task from the tools offered or from the wording of the instructions.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

INPUTS_TAG = "inputs"
MEMORIES_TAG = "memories"
TASK_TAG = "task"
Task = Literal["route", "update-memory", "rewrite-core-block", "extract-topics", "answer"]


def wrap(tag: str, payload: Any) -> str:
    """``payload`` as indented JSON between ``<tag>`` and ``</tag>``."""
    return f"<{tag}>\n{json.dumps(payload, ensure_ascii=False, indent=1, default=str)}\n</{tag}>"


def unwrap(tag: str, text: str) -> Any | None:
    """The JSON payload of the last ``<tag>`` block in ``text``, or ``None``."""
    blocks = re.findall(rf"<{tag}>\n(.*?)\n</{tag}>", text, flags=re.DOTALL)
    return json.loads(blocks[-1]) if blocks else None


def task_block(task: Task, **details: Any) -> str:
    """The ``<task>`` payload of a prompt: ``{"task": task, **details}``."""
    return wrap(TASK_TAG, {"task": task, **details})


def read_task(*texts: str) -> dict[str, Any]:
    """The task stated last in ``texts`` (a follow-up task in the user turn overrides the
    system prompt's); ``{}`` when none states one."""
    for text in reversed(texts):
        found = unwrap(TASK_TAG, text)
        if isinstance(found, dict) and "task" in found:
            return found
    return {}
