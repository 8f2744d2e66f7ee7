"""Core memory offline: lasting facts people state about themselves, one line each."""

from __future__ import annotations

import re
from typing import Any

from mirix_like.offline.changes import (
    CORRECTION,
    INITIALLED,
    SMALL_I,
    UNREAL,
    block_lines,
    core_calls,
    parted,
    says_being_at,
    says_dose,
    says_sold,
    says_stop,
    says_succeeded,
    settings,
    switches_drink,
)
from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import (
    ADV_GROUP,
    VAGUE_END,
    InputText,
    Row,
    cap,
    finish,
    first_clause,
    prepare,
    subject_of,
    third_person,
)

_REACTION = (
    r"(?!\s+(?:that|this|it|you|your|yours|how|the\s+way|what|when|seeing|hearing|to\s+hear|"
    r"those|these|him|her|them|so\s+much|ya|y'all)\b)"
)
_DONE = (r"like|love|enjoy|prefer|hate|dislike|adore|work|live|grew up|was born|moved|play|"
         r"study|teach|volunteer|mentor|collect|own|practi[cs]e|speak|paint|write|cook|bake|knit|"
         r"swim|hike|believe in|care about|identify as|belong to|go to|attend")
# "I play tennis on Tuesdays and swim on Fridays": two facts, so that one can end alone
_AND_DONE = re.compile(r"\s+and\s+(?:also\s+)?(?=(?:" + _DONE + r"|go|do|run|cycle|climb)"
                       r"\s+\w)")
_CORE_EN = tuple(
    re.compile(p)
    for p in (
        r"\b(?P<c>[Mm]y name is [A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)",
        r"\b(?P<c>I(?:['’]m| am)\s+" + ADV_GROUP + r"(?:a|an)\s+(?!bit\b|little\b|lot\b|mess\b|"
        r"wreck\b|sucker\b)[^;!?]{2,})",
        r"\b(?P<c>I(?:['’]m| am)\s+" + ADV_GROUP + r"(?:from|into|passionate about|keen on|"
        r"interested in|allergic to|married|single|divorced|widowed|retired|engaged|pregnant|"
        r"vegetarian|vegan|transgender|trans|gay|lesbian|bisexual|queer|non-?binary|learning|"
        r"studying|training|working (?:as|at|on|for|in)|(?:\d+|\w+) years old|fond of|afraid of|"
        r"scared of|terrified of|obsessed with|addicted to|based in|living in|originally from)\b"
        r"[^;!?]*)",
        r"\b(?P<c>I\s+" + ADV_GROUP + r"(?:" + _DONE + r")\b" + _REACTION + r"[^;!?]{2,})",
        r"\b(?P<c>I\s+" + ADV_GROUP + r"(?:have|['’]ve got|have got)\s+(?:(?:\d+|a|an|one|two|"
        r"three|four|five|six|seven|eight|nine|ten)\s+(?:[a-z]+\s+)?(?:kids?|children|sons?|"
        r"daughters?|dogs?|cats?|pets?|siblings?|brothers?|sisters?|husband|wife|partner|"
        r"boyfriend|girlfriend|job|degree|car|house)|twins|triplets)\b[^;!?]*)",
        r"\b(?P<c>I(?:['’]ve| have)\s+(?:been\s+" + ADV_GROUP + r"(?:married|living|working|"
        r"painting|playing|practi[cs]ing|volunteering|learning|studying|teaching|running|vegan|"
        r"vegetarian|sober|together|friends with)|known)\b[^;!?]*)",
        r"\b(?P<c>[Mm]y\s+(?:all-time\s+)?(?:favorite|favourite|fave)\s+[a-z][a-z ]{1,30}?\s+"
        r"(?:is|are|was)\s+" + INITIALLED + r"{1,60}(?<![^A-Za-z][A-Z]))",
    )
)
_CORE_GATE = re.compile(r"\b(?:I|[Mm]y)\b")
# "a shelter I volunteer at yesterday", "the gym I work out at is closed": the object came
# before the clause, which keeps none
_NO_OBJECT = re.compile(r"(?i)\b(?:at|in|on|to|for|with|from|of|about|by|into)(?:"
                        r"(?:\s+(?:yesterday|today|tonight|now|again|recently|lately))?$|"
                        r"\s+(?:is|was|are|were|has|have|had|will|would|can|could)\b)")
_CORE_ZH = re.compile(
    r"(?P<c>我(?:是(?!说|不是|因为|在)|叫|名叫|(?:很|非常|特别)?(?:喜欢|爱|热爱|讨厌|害怕)|"
    r"不喜欢|住在|来自|在[^，。！？；]{1,12}(?:工作|上班|上学|读书)|有[一二两三四五六七八九十\d]+"
    r"(?:个|只|条|辆|套)|养了|最喜欢|今年|对[^，。！？；]{1,8}过敏|正在学|在学|会说|会弹|会拉)"
    r"[^，。！？；]{1,40})"
)
def _core_clauses(sentence: str, zh: bool) -> list[str]:
    """First-person statements of lasting facts about the speaker found in ``sentence``."""
    if zh:
        return [m["c"] for m in _CORE_ZH.finditer(sentence)] if "我" in sentence else []
    sentence = SMALL_I.sub("I", sentence)  # "i love climbing", typed in lower case
    if not _CORE_GATE.search(sentence):
        return []
    clauses = []
    for pattern in _CORE_EN:
        for m in pattern.finditer(sentence):
            head, *more = _AND_DONE.split(first_clause(m["c"]))
            for clause in (head, *(f"I {done}" for done in more)):
                last = clause.split()[-1].lower().strip("\"'”’.")
                if (last not in VAGUE_END and len(clause.split()) >= 3
                        and not _NO_OBJECT.search(clause.rstrip(" .!\"'”’"))
                        and not UNREAL.search(sentence, 0, m.start())):  # "If I moved to Leeds"
                    clauses.append(clause)
    return clauses



def extract_core(inputs: list[InputText]) -> list[Row]:
    """Lasting facts people state about themselves, one line each, for the core blocks.

    Statements by the assistant go to the ``persona`` block, by the user (or an
    unknown role) to ``human``; those by other people are left to the other types.
    """
    rows: list[Row] = []
    seen: set[tuple[str, str]] = set()
    for inp in inputs:
        if inp.role not in (None, "user", "assistant"):
            continue
        label = "persona" if inp.role == "assistant" else "human"
        prep = prepare(inp.text)
        subject = subject_of(inp, prep.zh)
        for sentence in prep.sentences():
            for clause in _core_clauses(sentence, prep.zh):
                content = finish(cap(third_person(clause, subject, prep.zh)), prep.zh)
                if (label, content) not in seen:
                    seen.add((label, content))
                    rows.append({"label": label, "content": content, "source_ids": [inp.source_id]})
    return rows



def _concerns(inp: InputText) -> bool:
    """A lasting fact about the speaker, or a statement of where they live or work in any
    language the change rules read (the core manager adds those, :mod:`..changes`), or of
    someone's death or a pet given away, which ends what a block says they are ("Pickle passed
    away", "We rehomed Miso"), or of a drink switched from the one a block holds, or of a
    habit stopped ("I stopped running"), or of a value corrected ("I meant Apex, not Acme"), or
    of where they are now, a move when a block holds where they live or work ("We're in Cork
    now"), or of a thing sold by its name ("Sold the Honda last week"), or of a dose, of the
    medicine a block holds when none is named ("Die Dosis wurde auf 5 mg erhöht")."""
    prep = prepare(inp.text)
    text = inp.text
    return any(_core_clauses(s, prep.zh) for s in prep.sentences()) or bool(
        settings(text, own=True)) or bool(parted(text)) or says_stop(
        text) or bool(CORRECTION.search(text.strip())) or says_being_at(text) or switches_drink(
        text) or says_dose(text) or says_sold(text) or says_succeeded(text)


def _block_calls(inputs: list[InputText], shown: list[dict[str, Any]]) -> list[tuple[str, Row]]:
    """Appends and replacements of the shown blocks' lines for the facts in ``inputs``."""
    return core_calls(extract_core(inputs), inputs, block_lines(shown))


EXTRACTOR = Extractor("core", extract_core, _concerns, _block_calls)
