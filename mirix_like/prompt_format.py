"""How batches of input and retrieved memories are written into prompts, and read back.

Prompts carry them as JSON inside tags, so any model can read them and the offline backend
can parse them exactly.
"""

from __future__ import annotations

import json
import re
from typing import Any

INPUTS_TAG = "inputs"
MEMORIES_TAG = "memories"
TOPICS_TASK = "<task>extract-topics</task>"
REWRITE_TASK = "<task>rewrite-core-block</task>"


def wrap(tag: str, payload: Any) -> str:
    """``payload`` as indented JSON between ``<tag>`` and ``</tag>``."""
    return f"<{tag}>\n{json.dumps(payload, ensure_ascii=False, indent=1, default=str)}\n</{tag}>"


def unwrap(tag: str, text: str) -> Any | None:
    """The JSON payload of the last ``<tag>`` block in ``text``, or ``None``."""
    blocks = re.findall(rf"<{tag}>\n(.*?)\n</{tag}>", text, flags=re.DOTALL)
    return json.loads(blocks[-1]) if blocks else None
