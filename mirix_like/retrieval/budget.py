"""Token counting without a tokenizer, and fitting ranked items into a token budget.

Tokens are estimated, never downloaded: one token per CJK character and one per four other
characters (rounded up). Against OpenAI's ``cl100k_base`` this over-counts English prose
slightly, so a text held to N estimated tokens stays within about N real ones.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

BLOCK_TOKENS = 1_000
"""Default budget of the memories a chat prompt carries, core blocks included."""

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def estimate_tokens(text: str) -> int:
    """About how many model tokens ``text`` is: CJK characters 1 each, other text 4 chars."""
    cjk = len(_CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def fit(costs: Sequence[int], budget: int, base: int = 0) -> list[int]:
    """Indexes of the items, taken in order, that fit in ``budget`` tokens after ``base``.

    An item too big for what is left is skipped and the next ones are still tried, so a long
    item never hides the short ones ranked after it.
    """
    used, kept = base, []
    for index, cost in enumerate(costs):
        if used + cost <= budget:
            used += cost
            kept.append(index)
    return kept
