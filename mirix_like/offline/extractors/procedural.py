"""Procedural memory offline: ordered steps (numbered lists, "first ... then ...", 首先…然后…)."""

from __future__ import annotations

import re
from functools import lru_cache

from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import (
    CJK,
    InputText,
    Row,
    any_of,
    cap,
    clean_lead,
    content_words,
    finish,
    is_zh,
    prepare,
    subject_of,
    third_person,
    topic_path,
    word_set,
)
from mirix_like.offline.plain import language

_NUMBERED_LINE = re.compile(
    r"^\s*(?:(?:step\s*)?\d{1,2}\s*[.)、:：](?!\d)|第[一二三四五六七八九十\d]{1,3}步[:：，,、]?)"
    r"\s*(?P<s>.+?)\s*$",
    re.IGNORECASE | re.MULTILINE,
)
_BULLET_LINE = re.compile(r"^\s*[-*•·]\s+(?P<s>.+?)\s*$", re.MULTILINE)
_INLINE_NUMBER = re.compile(r"(?:^|(?<=\s))(?:step\s*)?(?P<n>\d{1,2})[.)]\s+", re.IGNORECASE)
_SEQUENCE_EN = re.compile(
    r"(?:,?\s*\b(?:and|und|et|y)\s+)?\b"
    r"(?:first(?:ly)?\s*[,:]|firstly|first of all,?|to start(?: with)?,|"
    r"(?:(?<=^)|(?<=[:;,.!?]\s)|(?<=[:;,.!?]))first\b|then|next,|after that,?|afterwards,?|"
    r"finally,?|lastly,?|"
    # German, French, Spanish: "zuerst ... dann ...", "d'abord ... ensuite ...", "primero ... luego"
    r"zuerst,?|erstens,?|dann|danach,?|anschließend,?|zum\s+schluss,?|schließlich,?|"
    r"d['’]abord,?|ensuite,?|puis|enfin,?|primero,?|luego,?|después,?|finalmente,?|"
    r"por\s+último,?)\s*",
    re.IGNORECASE,
)
_OPENERS = r"首先|先|第一步|first|to start|zuerst|erstens|d['’]abord|primero"
# "先" opens the first step only after a heading's colon or a comma ("步骤：先登录…，然后…")
_SEQUENCE_ZH = re.compile(r"(?:首先|(?:(?<=[：:，,])|^)先|然后|接着|之后|最后|"
                          r"第[一二三四五六七八九十]步)[，,：:]?")
_HOWTO = re.compile(
    r"\b(?:how\s+to|how\s+do|steps?|instructions?|recipe|guide|procedure|process|routine|workflow|"
    r"checklist|tutorial)\b|怎么|如何|步骤|方法|流程|教程",
    re.IGNORECASE,
)
_CODE_STEP = re.compile(
    r"`|\$ |^\s*(?:pip|npm|git|cd|sudo|python3?|docker|make|curl|ls|mkdir|export|brew|apt|conda|"
    r"kubectl|uv|cargo|go)\s|\s--?[a-z]",
    re.IGNORECASE,
)
_ROUTINE = re.compile(
    r"\b(?:every\s+(?:day|morning|evening|night|week)|each\s+(?:day|morning|week)|routine|"
    r"workflow|usually|my\s+process)\b|每天|每周|流程|习惯|日常",
    re.IGNORECASE,
)
_FIRST_NUMBER = any_of("1.", "1)")
_FIRST_WORD = re.compile(r"(?i:first|to start|zuerst|erstens|d['’]abord|primero)|首先|第一步|"
                         r"(?:(?<=[：:，,])|^)先")
_OPENING_WORD = re.compile(r"^(?:erst|zuerst|first|d['’]abord|primero)\s*,?\s+(?=\S)", re.I)
"""The word that says a step is the first, no part of what it says ("erst ssh auf prod-2")."""
# "How I spent my weekend: ..." tells what happened, not how to do it.
_PAST = (r"(?:\w+ed|spent|went|did|made|got|took|had|found|met|felt|came|saw|left|began|ran|"
         r"won|lost)\b")
# "To reset the router, unplug it, ... then ...", "Steps to renew my passport: ..., then ...".
# "How I make cold brew: grind ..., steep ..., then strain", "To reset it you hold ..., then
# ...", "Pour renouveler mon passeport : remplir ..., puis ...".
_GOAL = re.compile(
    r"^(?:(?:(?:how\s+)?to|pour|para)\s+[^,:;]{3,80}?(?:\s*[,:]\s*|\s+you\s+(?=[a-z]))|"
    r"(?:here['’]?s\s+|this\s+is\s+)?how\s+(?:I|we)\s+(?!" + _PAST + r")[a-z]+\s+"
    r"[^,:;]{2,60}?\s*:\s*|"
    r"(?:so\s+)?für\s+[^,:;]{3,60}?\s*:\s*|"
    # "So starte ich den Server neu: …", "Server neu starten: …" (German says how by "so", or
    # heads the steps with the infinitive of what they do)
    r"(?P<de>so\s+\w+\s+(?:ich|man|du|wir)\s+[^,:;]{2,60}?\s*:\s*|"
    r"[^,:;]{3,60}?\s(?:[a-zäöü]+(?:en|ern|eln))\s*:\s*(?=\S))|"
    r"[^:]{0,60}\b(?:steps?|instructions?|how\s+to|procedure|process|checklist|recipe|"
    r"routine|workflow)\b[^:]{0,60}\s*[,:]\s*)",
    re.IGNORECASE,
)
_PURPOSE = re.compile(r"(?i)(?:how\s+)?to|pour|para")
_ORDER_WORD = re.compile(r"\b(?:then|finally|next|after\s+that|puis|ensuite|enfin|luego|"
                         r"después|finalmente|dann|danach)\b", re.IGNORECASE)
_LIST_CUT = re.compile(
    r"\s*[,;]\s*(?:and\s+|et\s+|y\s+|und\s+)?(?:then\s+|finally\s+|next\s+|after\s+that\s+|"
    r"puis\s+|ensuite\s+|enfin\s+|luego\s+|después\s+|dann\s+|danach\s+)?|"
    r"\s+(?:and\s+|et\s+|y\s+|und\s+)?(?:then|finally|puis|ensuite|luego|dann)\s+",
    re.IGNORECASE,
)
_LAST_JOINED = re.compile(r"^(?P<a>\S.{2,}?)\s+(?:and|und|et|y)\s+(?P<b>\S.{2,})$", re.IGNORECASE)
_NOT_IMPERATIVE = word_set("i we you he she they it this that there the a an my our")
# A list under one of these heads names things, not steps ("## Agenda", "Ingredients:").
_NOT_STEPS = re.compile(
    r"\b(?:agenda|topics?|attendees|participants|guests|ingredients|shopping|groceries|menu|"
    r"contents|reading\s+list|playlist|tracklist|priorities|goals|wish\s*list|highlights|"
    r"minutes|options|candidates|rankings?|favou?rites|top\s+\d+|tagesordnung|zutaten|"
    r"ordre\s+du\s+jour|ingrédients|orden\s+del\s+día|ingredientes)\b|议程|配料|清单",
    re.IGNORECASE)


def _inline_steps(text: str) -> tuple[str, list[str]] | None:
    """Steps numbered inside one line: "1. preheat 2. mix 3. bake"."""
    run: list[re.Match[str]] = []
    for m in _INLINE_NUMBER.finditer(text):
        if int(m["n"]) == len(run) + 1:
            run.append(m)
    if len(run) < 2 or (len(run) == 2 and not _HOWTO.search(text)):
        return None
    ends = [m.start() for m in run[1:]] + [len(text)]
    steps = [text[m.end() : end].strip(" ;,") for m, end in zip(run, ends, strict=True)]
    return text[: run[0].start()], [s for s in steps if s]


def _sequence_steps(text: str, zh: bool) -> tuple[str, list[str]] | None:
    """Steps told in order: "First, ... then ... finally ...", "首先……然后……最后……"."""
    marks = list((_SEQUENCE_ZH if zh else _SEQUENCE_EN).finditer(text))
    if len(marks) < 2 or not re.match(_OPENERS, marks[0].group(0), re.I):
        return None
    ends = [m.start() for m in marks[1:]] + [len(text)]
    steps = [text[m.end() : end].strip(" ,，;；.。") for m, end in zip(marks, ends, strict=True)]
    steps = [s for s in steps if s]
    imperative = all(s.split()[0].lower() not in _NOT_IMPERATIVE for s in steps if s.split())
    if len(steps) < 2 or not (_HOWTO.search(text) or (imperative and not zh)):
        return None
    return text[: marks[0].start()], steps


def _goal_steps(text: str) -> tuple[str, list[str]] | None:
    """Steps listed after their goal, in order: "To reset it, unplug it, wait, then plug in"."""
    goal = _GOAL.match(text)
    if goal is None or goal["de"] and language(text) != "de":  # not "My children: Amy, …"
        return None
    steps = [s.strip() for s in _LIST_CUT.split(text[goal.end() :].rstrip(" .!")) if s.strip()]
    if steps:
        steps[0] = _OPENING_WORD.sub("", steps[0])
    ordered = _ORDER_WORD.search(text, goal.end())
    if not ordered and len(steps) >= 2 and (last := _LAST_JOINED.match(steps[-1])):
        # a list of what to do closes with "and" ("pides cita, llevas una foto y pagas la
        # tasa"); after a "then" it is one step ("then plug it back in and wait")
        steps[-1:] = [last["a"], last["b"]]
    # without "then", three things to do under a heading or after their purpose are steps:
    # "Release checklist: bump ..., tag ..., push ...", "To fix it, unplug, wait, plug in"
    if not ordered and (len(steps) < 3 or not (
            goal[0].rstrip().endswith(":") or _PURPOSE.match(goal[0]))):
        return None
    if len(steps) < 2 or any(s.split()[0].lower() in _NOT_IMPERATIVE for s in steps) or all(
            s.split()[0].lower().endswith(("ing", "ed")) for s in steps):
        return None  # "How I spent my weekend: hiking, reading, then sleeping"
    return re.sub(r"\s+you$", "", text[: goal.end()].rstrip(" ,:")), steps


_DE_HOW = re.compile(r"^(?i:so)\s+\w+\s+(?:ich|man|wir)\b")


def _head(before: str) -> str:
    """What a list's steps are for: the line just before it ("To deploy:"), or the
    document's title when that line says little on its own ("Steps:")."""
    lines = [line.strip().lstrip("#").strip() for line in before.splitlines() if line.strip()]
    if len(lines) > 1 and len(content_words(lines[-1])) < 2 and not _NOT_STEPS.search(lines[-1]):
        return lines[0]
    return lines[-1] if lines else ""


@lru_cache(maxsize=8192)
def _steps(text: str) -> tuple[str, tuple[str, ...]] | None:
    """(intro, steps) when ``text`` lays out an ordered procedure."""
    if "\n" in text:
        for pattern in (_NUMBERED_LINE, _BULLET_LINE):
            lines = list(pattern.finditer(text))
            if len(lines) >= 2:
                intro = _head(text[: lines[0].start()])
                if _NOT_STEPS.search(intro):
                    return None
                if pattern is _NUMBERED_LINE or _HOWTO.search(intro) or intro.endswith((":", "：")):
                    return intro, tuple(m["s"] for m in lines)
    found = _inline_steps(text) if _FIRST_NUMBER.search(text) else None
    if found is None and _FIRST_WORD.search(text):
        found = _sequence_steps(text, is_zh(text))
    if found is None:
        found = _goal_steps(text)
    return (found[0].strip(), tuple(found[1])) if found else None



def extract_procedural(inputs: list[InputText]) -> list[Row]:
    """Ordered steps (numbered lists, "first ... then ...", 首先…然后…) as guides and scripts."""
    rows: list[Row] = []
    for inp in inputs:
        prep = prepare(inp.text)
        found = _steps(prep.body)
        if found is None:
            continue
        intro, steps = found
        zh, subject = prep.zh, subject_of(inp, prep.zh)
        intro = intro.rstrip(":：").strip()
        # (German "so" says how: "So entkalke ich die Kaffeemaschine", no "So, …" to drop)
        intro = intro if _DE_HOW.match(intro) else re.sub(r"^To\s+(?=[a-z])", "How to ",
                                                          clean_lead(intro))
        if (len(content_words(intro)) >= 2 or len(CJK.findall(intro)) >= 4
                or intro.startswith("How to ")):
            summary = third_person(intro, subject, zh)
        elif zh:
            summary = f"{subject}分享的步骤，第一步：{steps[0]}"
        else:
            summary = f"Steps shared by {subject}, starting with: {steps[0]}"
        if any(_CODE_STEP.search(s) for s in steps):
            entry_type = "script"
        elif _ROUTINE.search(prep.body):
            entry_type = "workflow"
        else:
            entry_type = "guide"
        rows.append(
            {
                "entry_type": entry_type,
                "summary": finish(cap(summary), zh),
                "steps": list(steps),
                "source_ids": [inp.source_id],
                "tree_path": ["步骤" if zh else "procedures", topic_path(prep.body, zh)[0]],
            }
        )
    return rows



EXTRACTOR = Extractor(
    "procedural", extract_procedural, lambda inp: _steps(prepare(inp.text).body) is not None
)
