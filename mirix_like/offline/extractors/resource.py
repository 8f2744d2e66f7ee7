"""Resource memory offline: links, code, files, screen captures and long documents."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import (
    CJK,
    SCREEN,
    InputText,
    Prepared,
    Row,
    cap,
    clean_lead,
    content_words,
    finish,
    is_zh,
    prepare,
    sentences_of,
    subject_of,
    third_person,
    topic_path,
    word_set,
)

_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>\"'`)\]]+", re.IGNORECASE)
_FENCE = re.compile(r"```(?P<lang>[\w+-]*)\n(?P<code>[\s\S]*?)```")
_CODE_LINE = re.compile(
    r"^\s*(?:def |class |import |from \S+ import|function |const |let |var |#include|public |"
    r"private |return\b|if \(|for \(|while \(|SELECT |INSERT |CREATE |<\w+[ >]|@\w+|fn |package )"
    r"|[{};]\s*$|^\s*\w+(?:\.\w+)*\s*=\s*\S",
)
_FILE_EXT = (
    "pdf|docx?|xlsx?|pptx?|csv|tsv|txt|md|json|ya?ml|toml|ini|cfg|py|ipynb|js|ts|java|go|rs|cpp|"
    "html?|css|sql|log|zip|tar|gz|png|jpe?g|gif|svg|mp3|mp4|mov|wav|epub|pages|numbers"
)
_PATH = re.compile(
    r"(?:(?<=[\s(\"'`])|^)(?P<p>[A-Za-z]:\\[^\s\"'`]+|~?/(?:[\w.-]+/)+[\w.-]+|"
    r"(?:[\w-]+/)*[\w-]+\.(?:" + _FILE_EXT + r"))(?=[\s,;:!?)\"'`]|\.(?:\s|$)|$)",
    re.IGNORECASE,
)
_FILE_HINT = re.compile(r"[/\\]|\.(?:" + _FILE_EXT + r")\b", re.IGNORECASE)
_NOT_FILES = word_set("node.js vue.js next.js three.js react.js express.js chart.js d3.js")
_LANG_HINTS = (
    ("python", r"^\s*(?:def |import |from \S+ import|class \w+.*:$)"),
    ("javascript", r"\b(?:function|const|let|console\.log)\b"),
    ("sql", r"\b(?:SELECT|INSERT|CREATE TABLE)\b"),
    ("c", r"#include"),
    ("shell", r"^\s*(?:\$ |sudo |cd |ls |export )"),
)
_LONG_TEXT = 1000
# "Monthly rent: $2,150", "Zutaten: 250 g Linsen": a line of a form, a note or a summary
_LABELLED_LINE = re.compile(r"^\s*[^\W\d_][\w '’/&().-]{0,40}?\s?[:：]\s*\S", re.MULTILINE)


@dataclass(frozen=True)
class _Resource:
    kind: str
    title: str
    body: str
    span: tuple[int, int]


def _code_language(code: str, tag: str) -> str:
    if tag:
        return tag.lower()
    for name, pattern in _LANG_HINTS:
        if re.search(pattern, code, re.MULTILINE):
            return name
    return "code"


def _code_title(code: str, language: str) -> str:
    m = re.search(r"\b(?:def|class|function|fn)\s+(\w+)", code)
    name = f": {m.group(1)}" if m else " snippet"
    return f"{language.capitalize() if language != 'code' else 'Code'}{name}"


def _bare_code(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    code = sum(1 for ln in lines if _CODE_LINE.search(ln))
    return len(lines) >= 2 and code * 2 >= len(lines)


def _doc_title(text: str) -> tuple[str, bool]:
    """A title for a document and whether it was its own heading line."""
    first = (text.strip().splitlines() or [""])[0].strip().lstrip("# ")
    if len(first) <= 80 and first[-1:] not in ".!?。！？,，" and "\n" in text.strip():
        return first, True
    if is_zh(first):
        return first[:20] + ("…" if len(first) > 20 else ""), False
    words = first.split()
    return " ".join(words[:8]) + ("…" if len(words) > 8 else ""), False


@lru_cache(maxsize=8192)
def _resources(text: str) -> tuple[_Resource, ...]:
    """Links, code, file paths, screen captures and long documents in ``text``."""
    found: list[_Resource] = []
    if "```" in text:
        for m in _FENCE.finditer(text):
            language = _code_language(m["code"], m["lang"])
            found.append(_Resource("code", _code_title(m["code"], language), m["code"], m.span()))
    if not found and "\n" in text and _bare_code(text):
        title = _code_title(text, _code_language(text, ""))
        found.append(_Resource("code", title, text, (0, len(text))))
    inside_code = bytearray(len(text))
    for r in found:
        inside_code[r.span[0] : r.span[1]] = b"\x01" * (r.span[1] - r.span[0])
    inside = bytearray(inside_code)
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(".,;:!?")
        if not inside_code[m.start()]:
            span = (m.start(), m.start() + len(url))
            inside[span[0] : span[1]] = b"\x01" * len(url)
            host_path = re.sub(r"^(?:https?://)?(?:www\.)?", "", url, flags=re.I).rstrip("/")
            found.append(_Resource("link", host_path, url, span))
    if _FILE_HINT.search(text):
        for m in _PATH.finditer(text):
            path = m["p"]
            if inside[m.start("p")] or path.lower() in _NOT_FILES:
                continue
            name = re.split(r"[\\/]", path)[-1]
            kind = "screenshot" if re.search(r"screen\s?shot", name, re.I) else "file"
            found.append(_Resource(kind, name, path, m.span("p")))
    screen = SCREEN.match(text)
    if screen and not found:
        title, _ = _doc_title(text[screen.end() :] or text)
        found.append(_Resource("screenshot", title, text, (0, len(text))))
    long_text = (len(text) >= _LONG_TEXT or len(re.split(r"\n\s*\n", text.strip())) >= 3
                 or _labelled_lines(text))
    if long_text and not any(r.span == (0, len(text)) for r in found):
        title, heading = _doc_title(text)
        found.append(_Resource("document" if heading else "text", title, text, (0, len(text))))
    return tuple(found)



def _labelled_lines(text: str) -> bool:
    """Three lines or more, two in three of them "label: value": a lease summary, a recipe
    card, a form the user pasted."""
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 3 and 3 * len(_LABELLED_LINE.findall(text)) >= 2 * len(lines)


_RESOURCE_WORDS = {
    "link": ("a link to {}", "链接 {}"),
    "code": ("code ({})", "代码（{}）"),
    "file": ("the file {}", "文件 {}"),
    "screenshot": ("a screenshot of {}", "截图：{}"),
}


def _resource_summary(res: _Resource, prep: Prepared, subject: str) -> str:
    text, zh = prep.body, prep.zh
    if res.span == (0, len(text)) and res.kind in ("document", "text", "screenshot"):
        screen = SCREEN.match(text)
        lead = " ".join(sentences_of(text[screen.end() :] if screen else text)[:2])
        return lead[:240] + ("…" if len(lead) > 240 else "")
    if res.kind == "code":
        context = " ".join(sentences_of(text[max(0, res.span[0] - 300) : res.span[0]])[-1:])
    else:
        i = prep.sentence_at(res.span[0])
        start, end = prep.spans[i] if i >= 0 else (0, 0)
        start, end = max(start, res.span[0] - 200), min(end, res.span[1] + 200)
        context = text[start:end].replace(res.body, res.title).strip()
    en, zh_form = _RESOURCE_WORDS[res.kind]
    if zh:
        head = f"{subject}分享了{zh_form.format(res.title)}"
    else:
        head = f"{cap(subject)} shared {en.format(res.title)}"
    if context != res.title and (content_words(context) or CJK.search(context)):
        tail = third_person(clean_lead(context), subject, zh)
        return f"{head}（{tail}）" if zh else f"{head} ({tail})"
    return head


def extract_resource(inputs: list[InputText]) -> list[Row]:
    """Links, code, files, screen captures and long documents, with their full content."""
    rows: list[Row] = []
    for inp in inputs:
        prep = prepare(inp.text)
        subject = subject_of(inp, prep.zh)
        found = _resources(prep.body)
        topic = topic_path(prep.body, prep.zh)[0] if found else ""
        for res in found:
            rows.append(
                {
                    "title": res.title,
                    "summary": finish(_resource_summary(res, prep, subject), prep.zh),
                    "resource_type": res.kind,
                    "content": res.body if res.kind == "code" else prep.body,
                    "source_ids": [inp.source_id],
                    "tree_path": ["资源" if prep.zh else "resources", res.kind, topic],
                }
            )
    return rows



EXTRACTOR = Extractor(
    "resource", extract_resource, lambda inp: bool(_resources(prepare(inp.text).body))
)
