"""Query-focused excerpts: the lines of a long memory that answer the question reach the prompt.

A screen's memory keeps every line OCR read, and a document keeps its whole text; rendering
their first lines loses what is further down (a tracking number in a mail body, a room in a
calendar entry). :func:`render_hit` renders such an item with its type's long field
(``MemoryType.long_field``) cut by :func:`snippet` instead: the lines that share the most
words with the query (a word found on many lines of the text counts less), every line that
matches best first, then, as the budget allows, each matching line with the line before it and
the two after it (a label and its value are often on consecutive lines), or alone where its
window does not fit (a boarding pass's "BOARDING 07:35" after its flight's lines); a line
longer than the budget is read as its sentences. Lines of one
excerpt are joined with " / " (a line's closing full stop, question or exclamation mark
dropped: the separator ends it, and an excerpt reads as one passage), separate excerpts with
" … ", in the order they appear. A text that fits the budget is kept whole; one with no line
matching the query gives its first lines within the budget.
"""

from __future__ import annotations

import math
import re

from mirix_like import memory_types
from mirix_like.retrieval import estimate_tokens
from mirix_like.retrieval.topics import STOPWORDS
from mirix_like.store import SearchHit

__all__ = ["LINE_JOIN", "SNIPPET_TOKENS", "render_hit", "snippet"]

LINE_JOIN = " / "
"""What joins the lines of one excerpt."""

SNIPPET_TOKENS = 90
"""Budget of one item's excerpt: a few lines of a screen or a paragraph of a document."""
BEFORE, AFTER = 1, 2
"""Lines kept around a matching line."""

_SPEAKER = re.compile(r"^[\w .'’-]{1,40}:\s+")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?。！？])\s+(?=\S)|(?<=[。！？])")
_SENTENCE_END = re.compile(r"(?<!\d)[.!?。！？][\"'”’)\]]*$")
_WORD = re.compile(r"[^\W_]+(?:[.,:'’-][^\W_]+)*")
_SUFFIXES = ("ing", "ed", "es", "s")


def _key(word: str) -> str:
    """A crude stem, the same on both sides: booked, booking, books -> book; moved -> mov."""
    word = word.lower()
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word.removesuffix(suffix)
            break
    return word.removesuffix("e")[:8] if len(word) > 3 else word


def _terms(text: str) -> set[str]:
    found = set()
    for word in _WORD.findall(text):
        if word.lower() not in STOPWORDS:
            found.add(_key(word))
            found.update(_key(part) for part in re.split(r"[.,:'’-]", word) if part)
    return found


def snippet(text: str, query: str, budget: int = SNIPPET_TOKENS) -> str:
    """The lines of ``text`` most relevant to ``query``, with their neighbours, within
    ``budget`` tokens (see the module)."""
    whole = [line.strip() for line in text.splitlines() if line.strip()]
    lines = [part for line in whole for part in _sentences(line, budget)]
    if not lines:
        return ""
    if _cost(lines, set(range(len(lines)))) <= budget:
        return _join(lines, set(range(len(lines))), budget)
    wanted = _terms(query)
    per_line = [_terms(line) & wanted for line in lines]
    spread = {t: sum(t in terms for terms in per_line) for t in wanted}
    weight = {t: 1 + math.log(len(lines) / n) for t, n in spread.items() if n}
    scores = [sum(weight[t] for t in terms) for terms in per_line]
    best = sorted((i for i, s in enumerate(scores) if s), key=lambda i: (-scores[i], i))
    chosen: set[int] = set()
    if not best:  # nothing matches: the first lines
        best = list(range(len(lines)))
    # Every line that matches best, before any neighbour: a second fact as good further
    # down ("works at Figma" after "works as a software engineer") is worth more than the
    # lines around the first.
    for i in best:
        if not chosen or (scores[i] == scores[best[0]] and _cost(lines, chosen | {i}) <= budget):
            chosen.add(i)
    # no other line as good: the best one's window, whatever it costs (not a sentence's, which
    # would push the sentence itself out of the cut)
    alone = len(chosen) == 1 and len(lines) == len(whole)
    for i in best:
        window = set(range(max(0, i - BEFORE), min(len(lines), i + AFTER + 1)))
        if alone or _cost(lines, chosen | window) <= budget:
            chosen |= window
        elif _cost(lines, chosen | {i}) <= budget:  # without its window, if that fits
            chosen.add(i)
        alone = False
    out = _join(lines, chosen, budget)
    # a message cut into its sentences still says whose it is ("user: … the rent goes up")
    said = _SPEAKER.match(whole[0]) if len(whole) == 1 else None
    return f"{said.group(0)}{out}" if said and not out.startswith(said.group(0)) else out


def _sentences(line: str, budget: int) -> list[str]:
    """``line`` as its sentences when it is longer than ``budget`` (a message that tells a
    week's news in one paragraph: the sentence about the rent is the excerpt for the rent),
    else whole; none when it is empty."""
    if not line:
        return []
    if estimate_tokens(line) <= budget:
        return [line]
    return [part for part in _SENTENCE_BREAK.split(line) if part]


def _runs(indexes: set[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in sorted(indexes):
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _cost(lines: list[str], indexes: set[int]) -> int:
    return estimate_tokens(_joined(lines, indexes))


def _joined(lines: list[str], indexes: set[int]) -> str:
    """The lines kept, a run's lines after " / " (after a space when the line before ends a
    sentence), runs after " … "."""
    runs = []
    for run in _runs(indexes):
        text = lines[run[0]]
        for i in run[1:]:
            text += (" " if _SENTENCE_END.search(text) else LINE_JOIN) + lines[i]
        runs.append(text)
    return " … ".join(runs)


def _join(lines: list[str], indexes: set[int], budget: int) -> str:
    out = _joined(lines, indexes)
    if estimate_tokens(out) > budget:  # one window longer than the budget: cut it
        out = out[:budget * 4].rsplit(" ", 1)[0] + " …"
    return out


def render_hit(hit: SearchHit, query: str) -> str:
    """``hit`` as a chat context renders it (its type's ``brief``, else ``render``), its long
    field cut to the excerpt relevant to ``query``, about the type's ``snippet_tokens`` (left
    whole when ``query`` is empty)."""
    spec = memory_types.get(hit.memory_type)
    show = spec.brief or spec.render
    field = spec.long_field
    text = getattr(hit.item, field) if field else ""
    if not text or not query.strip():
        return show(hit.item)
    return show(hit.item.model_copy(update={field: snippet(text, query, spec.snippet_tokens)}))
