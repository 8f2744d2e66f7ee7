"""Deterministic rules behind the offline model backend.

``route`` picks the memory types a batch of texts concerns; ``extract_<type>``
turns inputs into the rows of that type's insert tool; ``topics`` and
``answer`` serve the chat side. Every function is pure and needs no network.

Memories keep the language of their input: Chinese text gives Chinese
summaries. First-person statements are rewritten in the third person with the
speaker's name ("I went" -> "Caroline went"), relative times get their
resolved date beside them ("yesterday (7 May 2023)"), and values that belong
in the knowledge vault with high sensitivity (passwords, keys, card and
account numbers) are masked in every other memory type.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from mirix_like.offline.timeparse import TimeMatch, describe, find_times

__all__ = [
    "MEMORY_TYPES",
    "NO_ANSWER",
    "InputText",
    "answer",
    "extract_core",
    "extract_episodic",
    "extract_knowledge_vault",
    "extract_procedural",
    "extract_resource",
    "extract_semantic",
    "route",
    "topics",
]

MEMORY_TYPES = ("core", "episodic", "semantic", "procedural", "resource", "knowledge_vault")
NO_ANSWER = "I don't have that in memory."
_NO_ANSWER_ZH = "我的记忆里没有这方面的信息。"

Row = dict[str, Any]


@dataclass(frozen=True)
class InputText:
    """One message, text or screenshot to remember; ``occurred_at`` must be timezone-aware.

    ``kind`` is the raw input's kind ("message", "text", "image"); a screenshot's text is what
    OCR read from it and its ``metadata`` may name the ``app`` and ``window_title``.
    """

    source_id: str
    text: str
    speaker: str | None
    role: str | None
    occurred_at: datetime
    kind: str = "text"
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.occurred_at.tzinfo is None or self.occurred_at.utcoffset() is None:
            raise ValueError(f"occurred_at of {self.source_id!r} must be timezone-aware")


def _any_of(*words: str) -> re.Pattern[str]:
    """A pattern finding any of ``words`` (case-sensitive, so lower-case the text for lower-case
    words): a cheap test that spares a costlier pattern most texts."""
    return re.compile("|".join(re.escape(w) for w in words))


def _words(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``."""
    return frozenset(text.split())


# --- words and sentences -------------------------------------------------------------

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]|\d+(?:[.,:]\d+)*")
# Full stops that end no sentence: list numbers ("1. mix") and title abbreviations ("St. Mary's").
_LIST_MARK = r"\.(?=\s)(?:(?<=\s\d\.)|(?<=\s\d\d\.)|(?<=^\d\.)|(?<=\n\d\.))"
_ABBREVIATION = r"\.(?:(?<=\b(?:Mr|Ms|Dr|St|Mt|Jr|Sr|vs)\.)|(?<=\bMrs\.))"
_SENTENCE = re.compile(
    r"(?:[^\n.!?。！？；]+|" + _LIST_MARK + "|" + _ABBREVIATION + r"|[.!?](?=[^\s\"'”’).!?]))+"
    r"(?:[.!?。！？；]+[\"'”’)]*|(?=\n)|$)"
)
_PHOTO = re.compile(r"\s*\[shared photo:\s*(?P<cap>[^\]]*)\]\s*$")
_CLAUSE_CUT = re.compile(
    r"\s+[-–—]+\s*|,\s+(?:but|so|which|and\s+(?:it|that|they|I|we))\b|"
    r"\s+(?:and|but)\s+(?=I\b|I['’]|[Mm]y\b)"
)
_END_PUNCT = ".!?。！？"

_STOPWORDS = _words(
    """
    a about above after again against all also am an and any are aren't as at be because been
    before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't down during each either else even ever every few for from further get gets
    got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
    him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself
    just let's like me might more most much must mustn't my myself no nor not now of off on once
    one only or other others ought our ours ourselves out over own quite rather really same she
    she'd she'll she's should shouldn't so some such than that that's the their theirs them
    themselves then there there's these they they'd they'll they're they've this those though
    through thus to too under until up upon us very via was wasn't we we'd we'll we're we've were
    weren't what what's whatever when when's where where's whether which while who who's whom
    whose why why's will with within without won't would wouldn't yet you you'd you'll you're
    you've your yours yourself yourselves gonna wanna gotta kinda sorta y'all ya"""
)
_QUESTION_WORDS = _words(
    """
    what when where who whom whose which why how did does do is are was were would could should
    can will has have had kind type sort likely probably ever still some any things thing name
    names tell remember know mention mentioned say said"""
)
# Words that on their own make a message a greeting or a reaction, not something to remember.
_FILLER = _words(
    """
    hi hey hello hiya yo wow woah whoa cool awesome great amazing nice lovely sweet thanks thank
    thx ty ok okay lol haha hahaha yeah yes yep yup yay no nope sure totally bye goodbye see soon
    later talk take care good night morning glad hear hearing sounds sound congrats
    congratulations aw aww awww omg oh ah hmm um uh right agree absolutely definitely indeed exactly
    true fun wonderful fantastic incredible beautiful gorgeous love appreciate appreciated means
    mean lot welcome problem worries chatting chat catch hope day cheers fab brilliant super happy
    proud excited stoked thrilled inspiring inspired cute kind words support supportive thankful
    grateful blessed lucky best keep wish wishing luck wait looks look sounding rock rocks feel
    feeling felt time thing things stuff wanted say bit job well done"""
)
_GREETINGS = (
    "hey|hi|hello|wow|woah|whoa|oh|ooh|aw+|yeah|yes|yep|yup|yay|ok|okay|well|so|thanks|"
    r"thank\s+you|haha|lol|omg|hmm|um|uh|sure|great|cool|awesome|congrats|absolutely|totally|"
    r"definitely|right|true|nice|sorry|no\s+worries|dear|anyway"
)
_LEAD = re.compile(r"^(?:(?i:" + _GREETINGS + r")\b[\s,!.:;-]*(?:[A-Z][a-z]+\s*[,!.]+\s*)?)+")
_CAPITAL_WORD = re.compile(r"\b[A-Z][a-z]+(?=\s*[,!.?])")
_BEFORE_VOCATIVE = re.compile(r"\b(?i:" + _GREETINGS + r")[\s,]+$")
_VAGUE_END = _words("it that this those these them to too one so much lot there here you")


def _is_zh(text: str) -> bool:
    if not _CJK.search(text):
        return False
    cjk = len(_CJK.findall(text))
    return cjk >= 2 and cjk >= len(_LATIN_WORD.findall(text))


def _sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    spans = []
    for m in _SENTENCE.finditer(text):
        start, end = m.start(), m.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            spans.append((start, end))
    return tuple(spans)


def _drop_vocatives(text: str) -> str:
    """``text`` without names used to address someone ("Thanks, Mel!", "Hey Caroline,")."""
    parts, last = [], 0
    for m in _CAPITAL_WORD.finditer(text):
        if m.start() == 0 or _BEFORE_VOCATIVE.search(text, max(0, m.start() - 14), m.start()):
            parts.append(text[last : m.start()])
            last = m.end()
    return "".join(parts) + text[last:]


def _content_words(text: str) -> tuple[str, ...]:
    """Words that carry content: not stopwords, greetings, reactions or vocatives."""
    words = []
    for token in _TOKEN.findall(_drop_vocatives(text)):
        low = token.lower().replace("’", "'")
        if low not in _STOPWORDS and low not in _FILLER and low.removesuffix("'s") not in _FILLER:
            words.append(token)
    return tuple(words)


def _without_names(words: tuple[str, ...], names: frozenset[str]) -> list[str]:
    """``words`` minus capitalised words that name (or shorten the name of) a speaker."""
    return [
        w
        for w in words
        if not (w[0].isupper() and len(w) >= 3 and any(n.startswith(w.lower()) for n in names))
    ]


_ZH_FILLER = re.compile(
    r"你好|您好|谢谢|多谢|好的|好吧|嗯+|哈+|哇+|再见|晚安|早上好|早安|是的|对的?|没问题|不客气|收到|"
    r"太棒了|真棒|厉害|加油|拜拜|辛苦了|好|啊|呀|吧|呢|了|的|[\s\W\d_]"
)


@dataclass(frozen=True)
class _Prepared:
    raw: str
    photo: str | None
    body: str
    zh: bool
    spans: tuple[tuple[int, int], ...]
    words: tuple[tuple[str, ...], ...]
    zh_content: bool

    def sentences(self) -> list[str]:
        return [self.body[s:e] for s, e in self.spans]

    def sentence_at(self, offset: int) -> int:
        """The index of the sentence holding ``offset``, or -1 when none does."""
        i = bisect_right(self.spans, (offset, len(self.body) + 1)) - 1
        return i if i >= 0 and offset < self.spans[i][1] else -1


@lru_cache(maxsize=8192)
def _prepare(text: str) -> _Prepared:
    """``text`` split from a LOCOMO-style photo caption, masked, and cut into sentences."""
    m = _PHOTO.search(text)
    raw, photo = (text[: m.start()], m["cap"].strip() or None) if m else (text, None)
    body = redact(raw)
    spans = _sentence_spans(body)
    words = tuple(_content_words(body[s:e]) for s, e in spans)
    zh_content = bool(_CJK.search(body)) and len(_CJK.findall(_ZH_FILLER.sub("", body))) >= 2
    return _Prepared(raw, photo, body, _is_zh(body), spans, words, zh_content)


def _is_filler(prep: _Prepared, names: frozenset[str]) -> bool:
    return not prep.zh_content and not any(_without_names(w, names) for w in prep.words)


def _clean_lead(sentence: str) -> str:
    """``sentence`` without a leading greeting or reaction ("Wow, Mel, ...")."""
    stripped = _LEAD.sub("", sentence).strip()
    if not _TOKEN.search(stripped) and not _CJK.search(stripped):
        return sentence.strip()
    return _cap(stripped)


def _finish(text: str, zh: bool) -> str:
    text = text.strip().rstrip(",;:，、：；-–— ")
    if text and text[-1] not in _END_PUNCT + "\"'”’)":
        text += "。" if zh else "."
    return text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _subject(inp: InputText, zh: bool) -> str:
    if inp.speaker:
        return inp.speaker
    if zh:
        return {"assistant": "助手", "other": "某人"}.get(inp.role or "", "用户")
    return {"assistant": "the assistant", "other": "someone"}.get(inp.role or "", "the user")


def _who(inp: InputText) -> str:
    return inp.speaker or inp.role or "user"


# --- first person to third person ------------------------------------------------------

_ADVERBS = (
    "also|really|just|always|never|still|even|totally|actually|finally|recently|usually|often|"
    "sometimes|only|already|definitely|truly|absolutely|kinda|sorta|honestly|personally|mostly|"
    "literally|seriously|currently|now|too|so|once|first|then|genuinely|both|all"
)
_PAST = _words(
    """
    was were did had went ran saw took made got felt met found thought told said came gave began
    bought brought wrote read put left knew heard held kept lost won ate drove flew sang swam sat
    stood spent sent built taught caught fell broke chose wore became paid lay let set cut hit hurt
    quit shut led fed fought sought rode rose shook spoke stole struck threw understood woke drew
    grew forgot forgave hid lit meant slept sold sank slid spun sprang stuck stung swore swept swung
    tore froze dealt dug hung"""
)
_KEEP_VERB = _words(
    "will would can could should shall might must may used ought gonna wanna gotta better"
)
_ED_PRESENT = _words("need feed succeed proceed exceed bleed breed speed seed heed embed wed")
_THIRD = {
    "am": "is",
    "have": "has",
    "do": "does",
    "go": "goes",
    "don't": "doesn't",
    "haven't": "hasn't",
    "were": "was",
    "aren't": "isn't",
    "be": "is",
}
_CONTRACTIONS = {"m": "is", "ve": "has", "ll": "will", "d": "would"}
_WE_CONTRACTIONS = {"re": "are", "ve": "have", "ll": "will", "d": "would"}
_APOSTROPHE = re.compile("['’]")
_FIRST_PERSON = re.compile(
    r"\b(?:(?P<contr>I['’](?:m|ve|ll|d))|(?P<i>[Ii])(?P<adv>(?:\s+(?:" + _ADVERBS + r"))*)\s+"
    r"(?P<verb>[a-z]+(?:n['’]t)?)\b(?!['’])|(?P<we>[Ww]e['’](?:re|ve|ll|d)|[Ww]e|[Uu]s)|"
    r"(?P<own>[Mm]y|[Mm]ine|[Oo]ur|[Oo]urs)|(?P<self>[Mm]yself|[Oo]urselves)|(?P<me>[Mm]e|I))\b"
)


def _conjugate(verb: str) -> str:
    """The third-person form of a verb that followed "I" ("love" -> "loves", "went" stays)."""
    low = verb.replace("’", "'")
    if low in _THIRD:
        return _THIRD[low]
    if low in _KEEP_VERB or low in _PAST or low.endswith("n't"):
        return verb
    if low.endswith("ed") and low not in _ED_PRESENT:
        return verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and low[-2:-1] not in ("a", "e", "i", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


def _third_person(text: str, subject: str, zh: bool) -> str:
    """Rewrite first-person words so the text names ``subject`` instead."""
    if zh:
        for first, third in (
            ("我们", f"{subject}等人"),
            ("咱们", f"{subject}等人"),
            ("我的", f"{subject}的"),
            ("我", subject),
        ):
            text = text.replace(first, third)
        return text

    def swap(m: re.Match[str]) -> str:
        if m["contr"]:
            out = f"{subject} {_CONTRACTIONS[_APOSTROPHE.split(m['contr'])[1]]}"
        elif m["i"]:
            out = f"{subject}{m['adv']} {_conjugate(m['verb'])}"
        elif m["we"]:
            parts = _APOSTROPHE.split(m["we"])
            verb = f" {_WE_CONTRACTIONS[parts[1]]}" if len(parts) > 1 else ""
            out = f"{subject} and others{verb}"
        elif m["own"]:
            out = f"{subject}'s"
        elif m["self"]:
            out = "themself" if m["self"].lower() == "myself" else "themselves"
        else:
            out = subject
        return _cap(out) if m.start() == 0 else out

    return _FIRST_PERSON.sub(swap, text)


# --- knowledge vault: exact and sensitive values ----------------------------------------


@dataclass(frozen=True)
class _Secret:
    kind: str
    value: str
    span: tuple[int, int]
    label: str
    context: str


_SENSITIVITY = {
    "credential": "high",
    "api_key": "high",
    "password": "high",
    "account_number": "high",
    "phone": "medium",
    "address": "medium",
    "email": "low",
    "other": "high",
    "username": "medium",
}
_TOKEN_PREFIXES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----"),
        "private key",
    ),
    (re.compile(r"\bgithub_pat_[A-Za-z0-9_]{20,}"), "GitHub fine-grained personal access token"),
    (re.compile(r"\bghp_[A-Za-z0-9]{20,}"), "GitHub personal access token"),
    (re.compile(r"\bgh[ousr]_[A-Za-z0-9]{20,}"), "GitHub token"),
    (re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), "GitLab personal access token"),
    (re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}"), "Anthropic API key"),
    (re.compile(r"\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}"), "OpenAI API key"),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "AWS access key ID"),
    (re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), "Google API key"),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"), "Slack token"),
    (re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), "JSON web token"),
)
_TOKEN_GATE = _any_of(
    "-----BEGIN",
    "github_pat_",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "glpat-",
    "sk-",
    "AKIA",
    "AIza",
    "xox",
    "eyJ",
)
_KEYWORDS_EN: dict[str, str] = {
    "api key": "api_key",
    "api-key": "api_key",
    "apikey": "api_key",
    "api token": "api_key",
    "access token": "api_key",
    "auth token": "api_key",
    "bearer token": "api_key",
    "secret key": "api_key",
    "client secret": "api_key",
    "token": "api_key",
    "password": "password",
    "passcode": "password",
    "passphrase": "password",
    "pwd": "password",
    "pin code": "password",
    "pin": "password",
    "username": "username",
    "user name": "username",
    "login": "username",
    "account number": "account_number",
    "account no": "account_number",
    "acct number": "account_number",
    "routing number": "account_number",
    "card number": "account_number",
    "credit card": "account_number",
    "debit card": "account_number",
    "iban": "account_number",
    "bank account": "account_number",
    "phone number": "phone",
    "phone": "phone",
    "mobile number": "phone",
    "mobile": "phone",
    "cell": "phone",
    "telephone": "phone",
    "tel": "phone",
    "number": "phone",
    "email address": "email",
    "email": "email",
    "e-mail": "email",
    "home address": "address",
    "mailing address": "address",
    "address": "address",
    "social security number": "other",
    "ssn": "other",
    "passport number": "other",
    "license number": "other",
    "driver's license": "other",
    "id number": "other",
}
# Where a keyword may start (the first words of the keywords): the costly keyword pattern
# then runs only at those places.
_KEYWORD_START = re.compile(
    r"\b(?:"
    + "|".join(sorted({re.escape(k.split()[0]) for k in _KEYWORDS_EN}, reverse=True))
    + ")",
    re.IGNORECASE,
)
_KEYWORD_LABELS = {
    "number": "phone number",
    "cell": "phone number",
    "tel": "phone number",
    "phone": "phone number",
    "telephone": "phone number",
    "mobile": "mobile number",
    "email": "email address",
    "e-mail": "email address",
    "pin": "PIN",
    "pwd": "password",
    "ssn": "social security number",
    "iban": "IBAN",
    "api key": "API key",
    "apikey": "API key",
    "api-key": "API key",
    "api token": "API token",
}
_KEYWORDS_ZH: dict[str, str] = {
    "支付密码": "password",
    "密码": "password",
    "口令": "password",
    "银行卡号": "account_number",
    "卡号": "account_number",
    "账号": "account_number",
    "帐号": "account_number",
    "账户": "account_number",
    "手机号码": "phone",
    "手机号": "phone",
    "电话号码": "phone",
    "手机": "phone",
    "电话": "phone",
    "邮箱": "email",
    "电子邮件": "email",
    "地址": "address",
    "住址": "address",
    "身份证号": "other",
    "护照号": "other",
    "API密钥": "api_key",
    "密钥": "api_key",
    "令牌": "api_key",
}
_LABELS_ZH = {
    "password": "密码",
    "account_number": "账号",
    "phone": "电话号码",
    "email": "邮箱",
    "address": "地址",
    "other": "证件号码",
    "api_key": "密钥",
    "username": "用户名",
}
_KEYWORD_EN = re.compile(
    r"\b(?P<kw>"
    + "|".join(re.escape(k) for k in sorted(_KEYWORDS_EN, key=len, reverse=True))
    + r")\b\s*(?P<sep>\bis\b|\bwas\b|:|=|-)\s*(?P<val>\"[^\"\n]+\"|'[^'\n]+'|`[^`\n]+`|[^\s,;]+)",
    re.IGNORECASE,
)
_CONTEXT_EN = re.compile(r"(?<![\w'’.-])(?:[\w'’.-]+\s+){0,3}$")
_KEYWORD_ZH = re.compile(
    r"(?P<ctx>[\u4e00-\u9fffA-Za-z]{0,6}?)(?P<kw>"
    + "|".join(sorted(_KEYWORDS_ZH, key=len, reverse=True))
    + r")\s*(?P<sep>是|为|：|:)\s*(?P<val>[^\s，。；！？,;]+)"
)
_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"
)
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
_CARD = re.compile(r"(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])")
_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
_PHONE = re.compile(
    r"(?<![A-Za-z0-9_+])(?:\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]\d{2,4}){1,4}"
    r"|\(\d{3}\)\s?\d{3}[\s.-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4}|1[3-9]\d{9})(?![A-Za-z0-9_-])"
)
_STREET = re.compile(
    r"\b\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|"
    r"Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy)\b\.?"
    r"(?:,?\s*(?:Apt|Suite|Unit|#)\.?\s*\w+)?(?:,\s*[A-Z][A-Za-z]+(?:\s[A-Z][A-Za-z]+)*)?"
    r"(?:,\s*[A-Z]{2})?(?:\s+\d{5}(?:-\d{4})?)?"
)
_STREET_ZH = re.compile(
    r"[\u4e00-\u9fff]{2,}(?:路|街|大道|巷|弄)\d+号(?:[\u4e00-\u9fff\d]*(?:室|楼|单元|号))?"
)
_SECRETISH = re.compile(r"[\d\W_]|[a-z][A-Z]|[A-Z]{2}")
_DIGIT = re.compile(r"\d")


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _iban_ok(value: str) -> bool:
    s = value.replace(" ", "")
    moved = s[4:] + s[:4]
    return int("".join(str(int(ch, 36)) for ch in moved)) % 97 == 1


def _valid_value(kind: str, value: str, explicit: bool, text: str, start: int) -> str | None:
    """The value a keyword points at, or None when what follows is not one."""
    digits = re.sub(r"\D", "", value)
    if kind == "phone":
        m = re.match(r"\+?[\d\s().-]{7,}", text[start:])
        phone = m.group(0).strip(" .-") if m else ""
        return phone if 7 <= len(re.sub(r"\D", "", phone)) <= 15 else None
    if kind == "email":
        return value if _EMAIL.fullmatch(value) else None
    if kind == "address":
        rest = re.split(r"[.;!?\n](?:\s|$)|。", text[start:], maxsplit=1)[0].strip()
        return rest if len(rest) >= 8 and (re.search(r"\d", rest) or _CJK.search(rest)) else None
    if kind == "account_number":
        return value if len(digits) >= 6 or _IBAN.fullmatch(value) else None
    if kind == "other":
        return value if len(digits) >= 4 else None
    if value.lower() in _STOPWORDS or len(value) < 4:
        return None
    return value if explicit or _SECRETISH.search(value) else None


@lru_cache(maxsize=8192)
def _secrets(text: str) -> tuple[_Secret, ...]:
    """Sensitive values in ``text``: known key formats, "<keyword> is <value>", bare formats."""
    found: list[_Secret] = []
    covered = bytearray(len(text))

    def add(kind: str, value: str, start: int, label: str, context: str = "") -> None:
        end = start + len(value)
        if value and not any(covered[start:end]):
            covered[start:end] = b"\x01" * (end - start)
            found.append(_Secret(kind, value, (start, end), label, context))

    if _TOKEN_GATE.search(text):
        for pattern, label in _TOKEN_PREFIXES:
            for m in pattern.finditer(text):
                kind = "credential" if label == "private key" else "api_key"
                add(kind, m.group(0), m.start(), label)
    if _CJK.search(text):
        for m in _KEYWORD_ZH.finditer(text):
            kind = _KEYWORDS_ZH[m["kw"]]
            value = _valid_value(kind, m["val"], True, text, m.start("val"))
            ctx = re.sub(r"^.*?(?:我们?的|我们?家的?|他的|她的)", "", m["ctx"])
            if value:
                add(kind, value, text.index(value, m.start("val")), m["kw"], ctx)
    for hit in _KEYWORD_START.finditer(text):
        if m := _KEYWORD_EN.match(text, hit.start()):
            kind = _KEYWORDS_EN[m["kw"].lower()]
            raw = m["val"].strip(".,!?)")
            quoted = raw[:1] in "\"'`" and raw[-1:] == raw[:1] and len(raw) > 2
            explicit = m["sep"] in ":=" or quoted
            value = _valid_value(kind, raw[1:-1] if quoted else raw, explicit, text, m.start("val"))
            if value:
                ctx = _CONTEXT_EN.search(text, max(0, m.start() - 60), m.start())
                start = text.index(value, m.start("val"))
                add(kind, value, start, m["kw"].lower(), ctx.group(0) if ctx else "")
    if "@" in text:
        for m in _EMAIL.finditer(text):
            add("email", m.group(0), m.start(), "email address")
    if _DIGIT.search(text):
        for m in _IBAN.finditer(text):
            if _iban_ok(m.group(0)):
                add("account_number", m.group(0), m.start(), "IBAN")
        for m in _CARD.finditer(text):
            if _luhn(re.sub(r"\D", "", m.group(0))):
                add("account_number", m.group(0), m.start(), "payment card number")
        for m in _SSN.finditer(text):
            add("other", m.group(0), m.start(), "social security number")
        for m in _PHONE.finditer(text):
            if 7 <= len(re.sub(r"\D", "", m.group(0))) <= 15:
                add("phone", m.group(0), m.start(), "phone number")
        for pattern in (_STREET, _STREET_ZH):
            for m in pattern.finditer(text):
                add("address", m.group(0), m.start(), "address")
    return tuple(sorted(found, key=lambda s: s.span))


def redact(text: str) -> str:
    """``text`` with every high-sensitivity value replaced by a placeholder."""
    parts, last = [], 0
    for secret in _secrets(text):
        if _SENSITIVITY[secret.kind] == "high":
            start, end = secret.span
            parts += [text[last:start], f"[{secret.kind.replace('_', ' ')} in knowledge vault]"]
            last = end
    return "".join(parts) + text[last:]


_DROP_CTX = _words("my our your his her their a an the is this that here new")


def _caption(secret: _Secret, inp: InputText, zh: bool) -> str:
    """What the value is and whose, without the value itself."""
    owner = _subject(inp, zh)
    if zh:
        label = secret.label if _CJK.search(secret.label) else _LABELS_ZH.get(secret.kind, "信息")
        return f"{owner}的{secret.context}{label}"
    words: list[str] = []
    for word in reversed(re.findall(r"[\w'’-]+", secret.context)):
        if word.lower().endswith(("'s", "’s")):
            base = word[:-2]
            owner = f"{owner}'s {base}" if base.islower() else base
            break
        if word.lower() in _STOPWORDS or word.lower() in _DROP_CTX or re.search(r"[\d_]", word):
            break
        words.insert(0, word)
    label = _KEYWORD_LABELS.get(secret.label, secret.label)
    if secret.kind == "username" and "user" not in label:
        label = f"{label} username"
    return _cap(f"{' '.join([*words, label])} of {owner}")


# --- steps (procedural) ------------------------------------------------------------------

_NUMBERED_LINE = re.compile(
    r"^\s*(?:(?:step\s*)?\d{1,2}\s*[.)、:：](?!\d)|第[一二三四五六七八九十\d]{1,3}步[:：，,、]?)"
    r"\s*(?P<s>.+?)\s*$",
    re.IGNORECASE | re.MULTILINE,
)
_BULLET_LINE = re.compile(r"^\s*[-*•·]\s+(?P<s>.+?)\s*$", re.MULTILINE)
_INLINE_NUMBER = re.compile(r"(?:^|(?<=\s))(?:step\s*)?(?P<n>\d{1,2})[.)]\s+", re.IGNORECASE)
_SEQUENCE_EN = re.compile(
    r"(?:,?\s*\band\s+)?\b(?:first(?:ly)?\s*[,:]|firstly|first of all,?|to start(?: with)?,|"
    r"(?:(?<=^)|(?<=[:;,.!?]\s)|(?<=[:;,.!?]))first\b|then|next,|after that,?|afterwards,?|"
    r"finally,?|lastly,?)\s*",
    re.IGNORECASE,
)
_SEQUENCE_ZH = re.compile(r"(?:首先|然后|接着|之后|最后|第[一二三四五六七八九十]步)[，,：:]?")
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
_FIRST_NUMBER = _any_of("1.", "1)")
_FIRST_WORD = re.compile(r"(?i:first|to start)|首先|第一步")
_NOT_IMPERATIVE = _words("i we you he she they it this that there the a an my our")


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
    if len(marks) < 2 or not re.match(r"首先|第一步|first|to start", marks[0].group(0), re.I):
        return None
    ends = [m.start() for m in marks[1:]] + [len(text)]
    steps = [text[m.end() : end].strip(" ,，;；.。") for m, end in zip(marks, ends, strict=True)]
    steps = [s for s in steps if s]
    imperative = all(s.split()[0].lower() not in _NOT_IMPERATIVE for s in steps if s.split())
    if len(steps) < 2 or not (_HOWTO.search(text) or (imperative and not zh)):
        return None
    return text[: marks[0].start()], steps


@lru_cache(maxsize=8192)
def _steps(text: str) -> tuple[str, tuple[str, ...]] | None:
    """(intro, steps) when ``text`` lays out an ordered procedure."""
    if "\n" in text:
        for pattern in (_NUMBERED_LINE, _BULLET_LINE):
            lines = list(pattern.finditer(text))
            if len(lines) >= 2:
                intro = text[: lines[0].start()].strip()
                if pattern is _NUMBERED_LINE or _HOWTO.search(intro) or intro.endswith((":", "：")):
                    return intro, tuple(m["s"] for m in lines)
    found = _inline_steps(text) if _FIRST_NUMBER.search(text) else None
    if found is None and _FIRST_WORD.search(text):
        found = _sequence_steps(text, _is_zh(text))
    return (found[0].strip(), tuple(found[1])) if found else None


# --- resources -------------------------------------------------------------------------

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
_NOT_FILES = _words("node.js vue.js next.js three.js react.js express.js chart.js d3.js")
_SCREEN = re.compile(
    r"^\s*(?:\[(?:screen|screenshot)[^\]]*\]|(?:screenshot|screen\s*capture|screen)\s*:)\s*",
    re.IGNORECASE,
)
_LANG_HINTS = (
    ("python", r"^\s*(?:def |import |from \S+ import|class \w+.*:$)"),
    ("javascript", r"\b(?:function|const|let|console\.log)\b"),
    ("sql", r"\b(?:SELECT|INSERT|CREATE TABLE)\b"),
    ("c", r"#include"),
    ("shell", r"^\s*(?:\$ |sudo |cd |ls |export )"),
)
_LONG_TEXT = 1000


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
    if _is_zh(first):
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
    screen = _SCREEN.match(text)
    if screen and not found:
        title, _ = _doc_title(text[screen.end() :] or text)
        found.append(_Resource("screenshot", title, text, (0, len(text))))
    long_text = len(text) >= _LONG_TEXT or len(re.split(r"\n\s*\n", text.strip())) >= 3
    if long_text and not any(r.span == (0, len(text)) for r in found):
        title, heading = _doc_title(text)
        found.append(_Resource("document" if heading else "text", title, text, (0, len(text))))
    return tuple(found)


# --- topic tree --------------------------------------------------------------------------

_TREE_EN = {
    "family": "family fam kid kids child children son daughter husband wife mom mother dad father "
    "parent parents grandma grandmother grandpa baby sister brother adoption adopt adopting "
    "wedding married marriage",
    "pets": "dog dogs cat cats pet pets puppy kitten",
    "work": "work job career office boss colleague coworker company project meeting client "
    "deadline interview promotion salary counseling counselor business",
    "health": "health doctor hospital sick illness therapy therapist mental exercise workout gym "
    "diet medicine injury hurt accident",
    "hobbies": "painting paint painted art pottery music violin piano clarinet guitar song concert "
    "camping hiking hike book books reading swimming game games photography dance cooking "
    "baking garden gardening running",
    "travel": "trip travel vacation flight hotel beach roadtrip city country museum park visit",
    "education": "school class course study studying university college degree exam lesson "
    "learn learning education",
    "community": "community lgbtq lgbt pride parade transgender trans activist activism "
    "volunteer volunteering mentor mentorship charity",
    "finance": "money bank account budget loan rent pay paid",
    "technology": "code computer app software laptop api github python server",
    "food": "food restaurant dinner lunch breakfast recipe meal",
}
_TREE_ZH = {
    "家庭": "孩子 女儿 儿子 丈夫 妻子 老公 老婆 妈妈 爸爸 父母 家人 家庭 宝宝",
    "宠物": "猫 狗 宠物",
    "工作": "工作 公司 同事 老板 项目 会议 客户 面试 上班",
    "健康": "医院 医生 生病 健康 锻炼 健身 药",
    "爱好": "画画 音乐 钢琴 吉他 小提琴 唱歌 读书 看书 电影 游戏 摄影 爬山 露营 游泳 跑步",
    "旅行": "旅行 旅游 出差 机票 酒店 海边 公园 博物馆",
    "学习": "学校 上课 课程 考试 大学 学习",
    "饮食": "餐厅 做饭 早饭 午饭 晚饭 菜谱",
    "财务": "钱 银行 账户 工资 房租",
    "技术": "代码 电脑 软件 程序 服务器",
}
_TREE_WORDS = {word: topic for topic, words in _TREE_EN.items() for word in words.split()}
_WORD_EDGES = "\"'’“”.,;:!?()[]{}-–—…"


def _tree(text: str, zh: bool) -> list[str]:
    """[topic, keyword] placing ``text`` in the topic hierarchy."""
    if zh:
        hits = [(text.find(w), topic, w) for topic, ws in _TREE_ZH.items() for w in ws.split()]
        hits = [h for h in hits if h[0] >= 0]
        if not hits:
            return ["其他"]
        best = Counter(h[1] for h in hits).most_common(1)[0][0]
        return [best, min(h for h in hits if h[1] == best)[2]]
    words = (w.strip(_WORD_EDGES) for w in text.lower().split())
    topics = [(_TREE_WORDS[w], w) for w in words if w in _TREE_WORDS]
    if not topics:
        return ["general"]
    best = Counter(t for t, _ in topics).most_common(1)[0][0]
    word = next(w for t, w in topics if t == best)
    return [best] if word == best else [best, word]


# --- core: what people say about themselves ----------------------------------------------

_ADV_GROUP = r"(?:(?:" + _ADVERBS + r"|very|super|pretty|quite|big|huge)\s+)*"
_REACTION = (
    r"(?!\s+(?:that|this|it|you|your|yours|how|the\s+way|what|when|seeing|hearing|to\s+hear|"
    r"those|these|him|her|them|so\s+much|ya|y'all)\b)"
)
_CORE_EN = tuple(
    re.compile(p)
    for p in (
        r"\b(?P<c>[Mm]y name is [A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)",
        r"\b(?P<c>I(?:['’]m| am)\s+" + _ADV_GROUP + r"(?:a|an)\s+(?!bit\b|little\b|lot\b|mess\b|"
        r"wreck\b|sucker\b)[^;!?]{2,})",
        r"\b(?P<c>I(?:['’]m| am)\s+" + _ADV_GROUP + r"(?:from|into|passionate about|keen on|"
        r"interested in|allergic to|married|single|divorced|widowed|retired|engaged|pregnant|"
        r"vegetarian|vegan|transgender|trans|gay|lesbian|bisexual|queer|non-?binary|learning|"
        r"studying|training|working (?:as|at|on|for|in)|(?:\d+|\w+) years old|fond of|afraid of|"
        r"scared of|terrified of|obsessed with|addicted to|based in|living in|originally from)\b"
        r"[^;!?]*)",
        r"\b(?P<c>I\s+" + _ADV_GROUP + r"(?:like|love|enjoy|prefer|hate|dislike|adore|work|live|"
        r"grew up|was born|moved|play|study|teach|volunteer|mentor|collect|own|practi[cs]e|speak|"
        r"paint|write|cook|bake|knit|swim|hike|believe in|care about|identify as|belong to|"
        r"go to|attend)\b" + _REACTION + r"[^;!?]{2,})",
        r"\b(?P<c>I\s+" + _ADV_GROUP + r"(?:have|['’]ve got|have got)\s+(?:\d+|a|an|one|two|three|"
        r"four|five|six|seven|eight|nine|ten)\s+(?:[a-z]+\s+)?(?:kids?|children|sons?|daughters?|"
        r"dogs?|cats?|pets?|siblings?|brothers?|sisters?|husband|wife|partner|boyfriend|"
        r"girlfriend|job|degree|car|house)\b[^;!?]*)",
        r"\b(?P<c>I(?:['’]ve| have)\s+(?:been\s+" + _ADV_GROUP + r"(?:married|living|working|"
        r"painting|playing|practi[cs]ing|volunteering|learning|studying|teaching|running|vegan|"
        r"vegetarian|sober|together|friends with)|known)\b[^;!?]*)",
        r"\b(?P<c>[Mm]y\s+(?:all-time\s+)?(?:favorite|favourite|fave)\s+[a-z][a-z ]{1,30}?\s+"
        r"(?:is|are|was)\s+[^.,;!?]{1,60})",
    )
)
_CORE_GATE = re.compile(r"\b(?:I|[Mm]y)\b")
_CORE_ZH = re.compile(
    r"(?P<c>我(?:是(?!说|不是|因为|在)|叫|名叫|(?:很|非常|特别)?(?:喜欢|爱|热爱|讨厌|害怕)|"
    r"不喜欢|住在|来自|在[^，。！？；]{1,12}(?:工作|上班|上学|读书)|有[一二两三四五六七八九十\d]+"
    r"(?:个|只|条|辆|套)|养了|最喜欢|今年|对[^，。！？；]{1,8}过敏|正在学|在学|会说|会弹|会拉)"
    r"[^，。！？；]{1,40})"
)
_MAX_CLAUSE_WORDS = 25


def _clause(text: str) -> str:
    """The first clause of ``text``, at most ``_MAX_CLAUSE_WORDS`` words, cut at a comma if long."""
    clause = _CLAUSE_CUT.split(text)[0].strip(" ,.")
    words = clause.split()
    if len(words) <= _MAX_CLAUSE_WORDS:
        return clause
    head = " ".join(words[:_MAX_CLAUSE_WORDS])
    return head.rsplit(",", 1)[0] if "," in head else head


def _core_clauses(sentence: str, zh: bool) -> list[str]:
    """First-person statements of lasting facts about the speaker found in ``sentence``."""
    if zh:
        return [m["c"] for m in _CORE_ZH.finditer(sentence)] if "我" in sentence else []
    if not _CORE_GATE.search(sentence):
        return []
    clauses = []
    for pattern in _CORE_EN:
        for m in pattern.finditer(sentence):
            clause = _clause(m["c"])
            last = clause.split()[-1].lower().strip("\"'”’.")
            if last not in _VAGUE_END and len(clause.split()) >= 3:
                clauses.append(clause)
    return clauses


# --- semantic: facts about people, places and things ----------------------------------------

_NAME = r"(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})"
_REL = (
    r"(?P<rel>(?:(?:new|little|older|younger|big|baby|best|oldest|youngest|eldest|pet|home|other|"
    r"late)\s+)?(?:dogs?|cats?|pets?|puppy|kitten|bird|parrot|fish|horse|bunny|rabbit|hamster|"
    r"turtle|sons?|daughters?|kids?|child|children|baby|husband|wife|partner|spouse|fianc[ée]e?|"
    r"boyfriend|girlfriend|brothers?|sisters?|siblings?|mom|mother|mum|dad|father|grandma|"
    r"grandmother|grandpa|grandfather|aunt|uncle|cousin|nephew|niece|friends?|buddy|boss|"
    r"manager|colleague|co-?worker|roommate|neighbou?r|teacher|mentor|mentee|coach|therapist|"
    r"counselor|doctor|hometown|country|city|town|school|university|college|company|employer|"
    r"band|team|car|book|novel|song|album|painting|group|club|project|startup|business|shop|"
    r"store|restaurant|cafe|church|gym|instrument|game|show|movie|film|podcast))"
)
_OWNER = r"(?P<owner>[Mm]y|[Oo]ur|[A-Z][a-z]+['’]s)"
_OWNER_GATE = _any_of("my ", "our ", "'s ", "’s ")
_SEM_NAMED = (
    (
        _OWNER_GATE,
        re.compile(
            _OWNER + r"\s+" + _REL + r"(?:['’]s\s+name\s+is|,)?\s+(?:is\s+)?"
            r"(?:named\s+|called\s+)?" + _NAME
        ),
    ),
    (
        _any_of("named", "called"),
        re.compile(
            r"\b(?P<owner>[Aa]|[Aa]n|[Aa]nother|[Oo]ur|[Mm]y|[Tt]he)\s+"
            r"(?:new\s+)?" + _REL + r"\s+(?:named|called)\s+" + _NAME
        ),
    ),
    (_OWNER_GATE, re.compile(_NAME + r"\s+is\s+" + _OWNER + r"\s+" + _REL + r"\b")),
)
_FAVORITE_GATE = _any_of("favorite", "favourite", "fave")
_SEM_FAVORITE = (
    re.compile(
        _OWNER + r"\s+(?:all-time\s+|absolute\s+)?(?:favorite|favourite|fave)\s+"
        r"(?P<what>[a-z][a-z ]{1,30}?)\s+(?:is|are|was|has (?:always )?been)\s+"
        r"(?P<val>[^.,;!?]{1,60})"
    ),
    re.compile(
        r"(?P<val>[A-Z\"'“][^.,;!?]{0,50}?)\s+(?:is|are|was)\s+(?:probably\s+|definitely\s+)?"
        + _OWNER
        + r"\s+(?:all-time\s+)?(?:favorite|favourite|fave)\s+"
        r"(?P<what>[a-z]+(?:\s[a-z]+)?)\b"
    ),
)
_SEM_QUOTED = re.compile(
    r"(?:(?<=\s)|^|(?<=[(\[]))(?:[\"“](?P<t>[A-Z0-9][^\"”\n]{1,60}?)[\"”]|"
    r"['‘](?P<t2>[A-Z0-9][^'’\n]{1,60}?)['’])(?=[\s.,;:!?)]|$)|《(?P<zh>[^》]{1,30})》"
)
_QUOTE_GATE = _any_of('"', "“", "'", "‘", "《")
_SEM_COPULA = re.compile(
    r"(?P<x>[A-Z][\w'’&-]*(?:\s+(?:of|the|and|de|[A-Z][\w'’&-]*)){0,4})\s+(?P<cop>is|are|was|were)"
    r"\s+(?:(?:also|actually|really|still|now)\s+)?(?P<pred>(?:a|an|the|my|our|his|her|their|"
    r"one of|called|named|located|based|from|in|at|near|part of)\b[^;!?]{2,90})"
)
_SEM_RELATION = re.compile(
    r"(?P<x>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})\s+(?P<verb>lives?\s+in|lived\s+in|works?\s+"
    r"(?:at|for|as)|worked\s+(?:at|for|as)|is\s+from|was\s+born\s+in|moved\s+(?:to|from)|grew\s+up"
    r"\s+in|studies\s+at|studied\s+at|has\s+(?:\d+|two|three|four|five|a|an))\b[^;!?]{1,80}"
)
_DEFINITION = re.compile(r"(?:a|an|one of|the \w+ of|called|named|located|based|from|part of)\b")
_RELATION_GATE = _any_of("live", "work", "from", "born", "moved", "grew", "stud", "has ")
_COPULA_GATE = _any_of(" is ", " are ", " was ", " were ")
_HAVE_GATE = _any_of("have", "'ve", "’ve")
_MY_GATE = re.compile(r"\bmy\b")
_SEM_COUNT = re.compile(
    r"\b(?:I|[Ww]e)\s+" + _ADV_GROUP + r"(?:have|['’]ve\s+got|have\s+got)\s+(?:\d+|two|three|four|"
    r"five|six|seven|eight|nine|ten)\s+(?:[a-z]+\s+)?(?:kids|children|sons|daughters|dogs|cats|"
    r"pets|siblings|brothers|sisters|grandkids|grandchildren|horses|cars|houses|jobs)\b[^;!?]{0,40}"
)
_SEM_POSSESSIVE = re.compile(
    r"\b[Mm]y\s+(?P<x>(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+(?:is|was|are|were|['’]s)\s+(?P<y>(?:a|an|the|"
    r"to|about|in|at|from|called|named|\d+)\b[^;!?]{3,100})"
)
_BAD_SUBJECTS = _words(
    """
    i it this that there here the he she we they you what which who life everything everyone
    everybody nothing something someone anyone today yesterday tomorrow hey wow thanks yeah yes
    oh congrats sounds hope glad well so and but or also plus just maybe one mine yours let my
    our your his her their january february march april may june july august september october
    november december monday tuesday wednesday thursday friday saturday sunday"""
)
_BAD_POSSESSIONS = _words("pleasure bad fault guess point turn heart mind god goodness word")
_SEM_ZH = (
    re.compile(
        r"(?:我们?家?的?|[\u4e00-\u9fff]{2,3}的)(?P<rel>[\u4e00-\u9fff]{1,4}?)"
        r"(?:名叫|叫做|名字叫|的名字是|叫)(?P<name>[\u4e00-\u9fffA-Za-z0-9]{1,8})"
    ),
    re.compile(
        r"(?:我们?|[\u4e00-\u9fff]{2,3})最(?:喜欢|爱)的(?P<rel>[\u4e00-\u9fff]{1,8}?)是"
        r"(?P<name>[^，。！？；]{1,20})"
    ),
    re.compile(
        r"^(?P<name>(?![我你他她它这那今昨明])[\u4e00-\u9fffA-Za-z0-9]{2,10}?)"
        r"(?:就是|是|住在|来自|有(?=[一二两三四五六七八九十\d]))[^，。！？；]{2,40}"
    ),
)


# "Her name's Coco" / "它叫小白": a name for something the sentence before (or the start of
# this one) mentioned: "I got a puppy two weeks ago!", "我养了一只猫，".
_PRONOUN_NAME = re.compile(r"\b(?:[Hh]er|[Hh]is|[Ii]ts|[Tt]heir)\s+name(?:['’]s|\s+is)\s+" + _NAME)
_REL_MENTION = re.compile(r"\b(?:a|an|my|our|the|this|new|another)\s+(?:\w+\s+)?" + _REL + r"\b")
_PRONOUN_NAME_ZH = re.compile(
    r"[它他她](?:叫|名叫|的名字是|的名字叫)(?P<name>[\u4e00-\u9fffA-Za-z0-9]{1,8})"
)
_REL_MENTION_ZH = re.compile(
    r"小猫|小狗|猫|狗|宠物|兔子|仓鼠|鹦鹉|鸟|鱼|儿子|女儿|孩子|宝宝|老公|老婆|丈夫|妻子|男朋友|女朋友|"
    r"朋友|同事|老板"
)


@dataclass(frozen=True)
class _Fact:
    name: str
    summary: str


def _pronoun_names(sentence: str, previous: str, subject: str, zh: bool) -> list[_Fact]:
    """Names given with a pronoun, tied to the last thing mentioned before them."""
    facts: list[_Fact] = []
    if "name" not in sentence and "叫" not in sentence:
        return facts
    for m in (_PRONOUN_NAME_ZH if zh else _PRONOUN_NAME).finditer(sentence):
        context = f"{previous} {sentence[: m.start()]}"
        if zh and (rels := _REL_MENTION_ZH.findall(context)):
            facts.append(_Fact(m["name"], f"{m['name']}是{subject}的{rels[-1]}"))
        elif not zh and (rels := [r["rel"] for r in _REL_MENTION.finditer(context)]):
            facts.append(_Fact(m["name"], f"{m['name']} is {subject}'s {rels[-1]}."))
    return facts


def _zh_facts(sentence: str, subject: str) -> list[_Fact]:
    facts = []
    for i, pattern in enumerate(_SEM_ZH):
        for m in pattern.finditer(sentence):
            name = f"{subject}最喜欢的{m['rel']}" if i == 1 else m["name"]
            facts.append(_Fact(name.strip(), _third_person(m.group(0), subject, True)))
    whole = _third_person(sentence, subject, True)
    return facts + [_Fact(m["zh"], whole) for m in _SEM_QUOTED.finditer(sentence) if m["zh"]]


def _semantic_facts(sentence: str, previous: str, subject: str, zh: bool) -> list[_Fact]:
    """Definitions and facts stated in ``sentence`` (``previous`` is the one before it);
    first-person ones are written about ``subject``."""
    facts = _pronoun_names(sentence, previous, subject, zh)
    if zh:
        return facts + _zh_facts(sentence, subject)
    low = sentence.lower()

    def owner_of(word: str) -> str:
        return subject if word.lower() in ("my", "our", "a", "an", "another", "the") else word[:-2]

    def third(text: str) -> str:
        return _finish(_cap(_third_person(_clause(text), subject, False)), False)

    for gate, pattern in _SEM_NAMED:
        if gate.search(low):
            for m in pattern.finditer(sentence):
                if m["name"].split()[0].lower() not in _BAD_SUBJECTS:
                    rel = " ".join(m["rel"].split())
                    facts.append(
                        _Fact(m["name"], f"{m['name']} is {owner_of(m['owner'])}'s {rel}.")
                    )
    if _FAVORITE_GATE.search(low):
        for i, pattern in enumerate(_SEM_FAVORITE):
            for m in pattern.finditer(sentence):
                name = f"{owner_of(m['owner'])}'s favorite {m['what'].strip()}"
                value = m["val"].strip().strip('"“”')
                if i == 0 or value.split()[0].lower() not in _BAD_SUBJECTS:
                    facts.append(_Fact(name, f"{name} is {_third_person(value, subject, False)}."))
    if _QUOTE_GATE.search(sentence):
        for m in _SEM_QUOTED.finditer(sentence):
            title = m["t"] or m["t2"]
            if title and len(title.split()) <= 8:
                facts.append(_Fact(title.strip(), third(_clean_lead(sentence))))
    for gate, pattern in ((_COPULA_GATE, _SEM_COPULA), (_RELATION_GATE, _SEM_RELATION)):
        if gate.search(low):
            for m in pattern.finditer(sentence):
                x = m["x"]
                if x.split()[0].lower().strip("'’") in _BAD_SUBJECTS:
                    continue
                definition = pattern is _SEM_COPULA and _DEFINITION.match(m["pred"])
                if m.start() == 0 and len(x.split()) == 1 and not definition:
                    continue
                facts.append(_Fact(x, third(m.group(0))))
    if _HAVE_GATE.search(low):
        facts += [_Fact(subject, third(m.group(0))) for m in _SEM_COUNT.finditer(sentence)]
    if _MY_GATE.search(low):
        for m in _SEM_POSSESSIVE.finditer(sentence):
            x = m["x"]
            if x.split()[-1] not in _BAD_POSSESSIONS and not re.search(r"favou?rite|fave|name", x):
                facts.append(_Fact(f"{subject}'s {x}", third(m.group(0))))
    return facts


# --- routing -------------------------------------------------------------------------------


def route(texts: list[str]) -> list[str]:
    """The memory types a batch of texts concerns, in the order of ``MEMORY_TYPES``.

    Episodic applies to anything that is not pure greeting or reaction; core to
    statements people make about themselves; semantic to facts and definitions;
    procedural to ordered steps; resource to links, code, files and long
    documents; knowledge_vault to keys, passwords, account numbers and contacts.
    """
    found: set[str] = set()
    for text in texts:
        prep = _prepare(text)
        if prep.photo or not _is_filler(prep, frozenset()):
            found.add("episodic")
        if _secrets(prep.raw):
            found.add("knowledge_vault")
        if _steps(prep.body):
            found.add("procedural")
        if _resources(prep.body):
            found.add("resource")
        sentences = prep.sentences()
        if any(_core_clauses(s, prep.zh) for s in sentences):
            found.add("core")
        if any(
            _semantic_facts(s, p, "the user", prep.zh)
            for s, p in zip(sentences, ["", *sentences], strict=False)
        ):
            found.add("semantic")
    return [t for t in MEMORY_TYPES if t in found]


# --- extractors ----------------------------------------------------------------------------


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
        prep = _prepare(inp.text)
        subject = _subject(inp, prep.zh)
        for sentence in prep.sentences():
            for clause in _core_clauses(sentence, prep.zh):
                content = _finish(_cap(_third_person(clause, subject, prep.zh)), prep.zh)
                if (label, content) not in seen:
                    seen.add((label, content))
                    rows.append({"label": label, "content": content, "source_ids": [inp.source_id]})
    return rows


_FUTURE_CUE = re.compile(  # searched in lower-cased text
    r"\b(?:will|going\s+to|gonna|plan(?:s|ning)?\s+to|planning|thinking\s+(?:about|of)|"
    r"hoping\s+to|can't\s+wait|looking\s+forward)\b|['’]ll\b|打算|计划|准备|将要|要去|想去"
)
_PAST_ACTION = re.compile(
    r"\b(?:I|[Ww]e)\s+" + _ADV_GROUP + r"(?:[a-z]+ed|" + "|".join(sorted(_PAST)) + r")\b|"
    r"我们?[^，。！？]{0,8}(?:了|过)"
)
# A shared photo goes into the summary when the words point at it or say little themselves:
# captions are often off the point ("a dog walking past a wall" for a support group).
_PHOTO_REF = re.compile(
    r"\b(?:pics?|photos?|pictures?|look\s+at|check\s+(?:it\s+)?out|here['’]s|here\s+is|snapped)\b",
    re.IGNORECASE,
)
_SINCE = re.compile(r"\b(?i:since|ever\s+since)\s+$|自从$")


_MAX_SUMMARY = 400


def _sentence_score(sentence: str, words: list[str], times: list[TimeMatch]) -> float:
    """How much a sentence says: content words, more with a time or an action, half if asked."""
    score = min(len(words), 12) + len(_CJK.findall(sentence)) / 4
    if sentence.endswith(("?", "？")):
        return score / 2
    if times:
        score += 4
    if _PAST_ACTION.search(sentence) or _FUTURE_CUE.search(sentence.lower()):
        score += 2
    return score


def _with_labels(sentence: str, offset: int, times: list[TimeMatch], zh: bool) -> str:
    """``sentence`` with the resolved date after each relative time in it."""
    parts, last = [], 0
    for t in times:
        if t.relative and t.label != t.text:
            end = t.span[1] - offset
            parts += [sentence[last:end], f"（{t.label}）" if zh else f" ({t.label})"]
            last = end
    return "".join(parts) + sentence[last:]


def _shorten(text: str) -> str:
    """``text`` cut to about ``_MAX_SUMMARY`` characters at a word boundary."""
    if len(text) <= _MAX_SUMMARY:
        return text
    cut = text[:_MAX_SUMMARY]
    return (cut.rsplit(" ", 1)[0] if " " in cut[-40:] else cut) + "…"


def _summary(
    inp: InputText, prep: _Prepared, names: frozenset[str]
) -> tuple[str, TimeMatch | None]:
    """One sentence naming who did what (and when), and the time it happened, if stated."""
    zh, body, subject = prep.zh, prep.body, _subject(inp, prep.zh)
    times = find_times(body, inp.occurred_at) if body.strip() else []
    asked = [body[e - 1] in "?？" for _, e in prep.spans]
    in_span: list[list[TimeMatch]] = [[] for _ in prep.spans]
    for t in times:
        if (i := prep.sentence_at(t.span[0])) >= 0:
            in_span[i].append(t)
    scores = [
        _sentence_score(body[s:e], _without_names(w, names), ts)
        for (s, e), w, ts in zip(prep.spans, prep.words, in_span, strict=True)
    ]
    # The first time told (not asked, not "since ...") dates the event; its sentence is the
    # summary unless another one says much more.
    stated = [
        (i, t)
        for i, ts in enumerate(in_span)
        if not asked[i]
        for t in ts
        if not _SINCE.search(body, max(0, t.span[0] - 8), t.span[0])
    ]
    chosen = stated[0][1] if stated else None
    summary, weak = "", True
    if scores and (max(scores) > 0 or not prep.photo):
        best = max(range(len(scores)), key=lambda i: (scores[i], -i))
        if stated and scores[stated[0][0]] * 2 >= scores[best]:
            best = stated[0][0]
        start, end = prep.spans[best]
        own = [] if asked[best] else in_span[best]
        chosen = next((t for i, t in stated if i == best), chosen)
        sentence = _clean_lead(_with_labels(body[start:end], start, own, zh))
        sentence = _third_person(sentence, subject, zh)
        if subject.lower() not in sentence.lower():
            verb = ("问" if asked[best] else "说") if zh else ("asked" if asked[best] else "said")
            sentence = f"{subject}{verb}：{sentence}" if zh else f"{subject} {verb}: {sentence}"
        summary = _finish(_cap(_shorten(sentence)), zh)
        if chosen is not None and chosen not in own:
            note = (
                f"（{chosen.text}，{chosen.label}）" if zh else f" ({chosen.text}: {chosen.label})"
            )
            summary = summary[:-1] + note + summary[-1]
        weak = scores[best] < 3
    if prep.photo and (weak or _PHOTO_REF.search(body)):
        shared = f"{subject}分享了照片：{prep.photo}" if zh else f"{subject} shared {prep.photo}"
        if summary:
            shared = summary.rstrip(_END_PUNCT) + ("；" if zh else "; ") + shared
        summary = _finish(_cap(shared), zh)
    return summary, chosen


def _actor(role: str | None) -> str:
    if role in ("user", "assistant"):
        return role
    return "user" if role is None else "other"


def _event_type(inp: InputText, text: str, occurred: datetime) -> str:
    if _SCREEN.match(inp.text):
        return "screen"
    if occurred > inp.occurred_at + timedelta(hours=1):
        return "plan"
    if occurred < inp.occurred_at - timedelta(hours=1) or _PAST_ACTION.search(text):
        return "activity"
    if _FUTURE_CUE.search(text.lower()):
        return "plan"
    return "conversation"


def extract_episodic(inputs: list[InputText]) -> list[Row]:
    """One event per meaningful message: who did what, resolved to when it happened.

    A message is skipped as filler when, after dropping greetings, reactions
    ("wow", "thanks", "sounds great", "so proud of you"), stopwords and the
    speakers' names, no word is left and it shares no photo.
    """
    names = frozenset(n.lower() for inp in inputs if inp.speaker for n in inp.speaker.split())
    rows: list[Row] = []
    previous = ""
    for inp in inputs:
        prep = _prepare(inp.text)
        said = f"{_who(inp)}: {prep.body}{inp.text[len(prep.raw) :]}".strip()
        context, previous = previous, said
        if _is_filler(prep, names) and not prep.photo:
            continue
        summary, chosen = _summary(inp, prep, names)
        occurred = chosen.when if chosen is not None else inp.occurred_at
        rows.append(
            {
                "event_type": _event_type(inp, prep.body, occurred),
                "summary": summary,
                "details": said,
                "context": context,
                "actor": _actor(inp.role),
                "occurred_at": occurred.isoformat(),
                "source_ids": [inp.source_id],
                "tree_path": _tree(prep.body, prep.zh),
            }
        )
    return rows


def extract_semantic(inputs: list[InputText]) -> list[Row]:
    """Facts and definitions about people, places and things ("X is a Y", "my cat is Luna")."""
    rows: list[Row] = []
    seen: set[tuple[str, str]] = set()
    for inp in inputs:
        prep = _prepare(inp.text)
        subject = _subject(inp, prep.zh)
        sentences = prep.sentences()
        for sentence, previous in zip(sentences, ["", *sentences], strict=False):
            facts = _semantic_facts(sentence, previous, subject, prep.zh)
            topic = _tree(sentence, prep.zh)[0] if facts else ""
            for fact in facts:
                key = (fact.name.lower(), fact.summary.lower())
                if key in seen or not fact.name:
                    continue
                seen.add(key)
                own_topic = _tree(fact.summary, prep.zh)[0]
                rows.append(
                    {
                        "name": fact.name,
                        "summary": _finish(_cap(fact.summary), prep.zh),
                        "details": f"{_who(inp)}: {sentence}",
                        "source": inp.speaker or "conversation",
                        "source_ids": [inp.source_id],
                        "tree_path": [
                            topic if own_topic in ("general", "其他") else own_topic,
                            fact.name,
                        ],
                    }
                )
    return rows


def extract_procedural(inputs: list[InputText]) -> list[Row]:
    """Ordered steps (numbered lists, "first ... then ...", 首先…然后…) as guides and scripts."""
    rows: list[Row] = []
    for inp in inputs:
        prep = _prepare(inp.text)
        found = _steps(prep.body)
        if found is None:
            continue
        intro, steps = found
        zh, subject = prep.zh, _subject(inp, prep.zh)
        intro = re.sub(r"^To\s+(?=[a-z])", "How to ", _clean_lead(intro.rstrip(":：").strip()))
        if len(_content_words(intro)) >= 2 or len(_CJK.findall(intro)) >= 4:
            summary = _third_person(intro, subject, zh)
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
                "summary": _finish(_cap(summary), zh),
                "steps": list(steps),
                "source_ids": [inp.source_id],
                "tree_path": ["步骤" if zh else "procedures", _tree(prep.body, zh)[0]],
            }
        )
    return rows


_RESOURCE_WORDS = {
    "link": ("a link to {}", "链接 {}"),
    "code": ("code ({})", "代码（{}）"),
    "file": ("the file {}", "文件 {}"),
    "screenshot": ("a screenshot of {}", "截图：{}"),
}


def _resource_summary(res: _Resource, prep: _Prepared, subject: str) -> str:
    text, zh = prep.body, prep.zh
    if res.span == (0, len(text)) and res.kind in ("document", "text", "screenshot"):
        screen = _SCREEN.match(text)
        lead = " ".join(_sentences_of(text[screen.end() :] if screen else text)[:2])
        return lead[:240] + ("…" if len(lead) > 240 else "")
    if res.kind == "code":
        context = " ".join(_sentences_of(text[max(0, res.span[0] - 300) : res.span[0]])[-1:])
    else:
        i = prep.sentence_at(res.span[0])
        start, end = prep.spans[i] if i >= 0 else (0, 0)
        start, end = max(start, res.span[0] - 200), min(end, res.span[1] + 200)
        context = text[start:end].replace(res.body, res.title).strip()
    en, zh_form = _RESOURCE_WORDS[res.kind]
    if zh:
        head = f"{subject}分享了{zh_form.format(res.title)}"
    else:
        head = f"{_cap(subject)} shared {en.format(res.title)}"
    if context != res.title and (_content_words(context) or _CJK.search(context)):
        tail = _third_person(_clean_lead(context), subject, zh)
        return f"{head}（{tail}）" if zh else f"{head} ({tail})"
    return head


def _sentences_of(text: str) -> list[str]:
    return [text[s:e] for s, e in _sentence_spans(text)]


def extract_resource(inputs: list[InputText]) -> list[Row]:
    """Links, code, files, screen captures and long documents, with their full content."""
    rows: list[Row] = []
    for inp in inputs:
        prep = _prepare(inp.text)
        subject = _subject(inp, prep.zh)
        found = _resources(prep.body)
        topic = _tree(prep.body, prep.zh)[0] if found else ""
        for res in found:
            rows.append(
                {
                    "title": res.title,
                    "summary": _finish(_resource_summary(res, prep, subject), prep.zh),
                    "resource_type": res.kind,
                    "content": res.body if res.kind == "code" else prep.body,
                    "source_ids": [inp.source_id],
                    "tree_path": ["资源" if prep.zh else "resources", res.kind, topic],
                }
            )
    return rows


def extract_knowledge_vault(inputs: list[InputText]) -> list[Row]:
    """Exact sensitive values: keys, passwords, account and card numbers, contacts, addresses."""
    rows: list[Row] = []
    seen: set[str] = set()
    for inp in inputs:
        prep = _prepare(inp.text)
        for secret in _secrets(prep.raw):
            if secret.value in seen:
                continue
            seen.add(secret.value)
            rows.append(
                {
                    "entry_type": "credential" if secret.kind == "username" else secret.kind,
                    "source": inp.speaker or inp.role or "conversation",
                    "sensitivity": _SENSITIVITY[secret.kind],
                    "secret_value": secret.value,
                    "caption": _caption(secret, inp, prep.zh),
                    "source_ids": [inp.source_id],
                }
            )
    return rows


# --- chat side: topics and answers -----------------------------------------------------------

_QUESTION_PHRASE = re.compile(
    r"\b(?:how\s+(?:long|many|much|often|old|far)(?:\s+ago)?|what\s+(?:kind|type|sort)s?\s+of|"
    r"in\s+what\s+way|would\s+\w+\s+(?:likely|still|probably))\b",
    re.IGNORECASE,
)
_PHRASE = re.compile(r"[\"“]([^\"”]{2,60})[\"”]|\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)+")
_ZH_STOP = re.compile(
    r"什么时候|什么|为什么|怎么样|怎么|哪里|哪儿|哪个|哪些|哪天|哪一天|哪年|多少|几号|请问|告诉|一下|"
    r"知道|记得|时候|何时|是否|有没有|我们|你们|他们|她们|这个|那个|吗|呢|吧|啊|呀|的|了|是|在|和|与|"
    r"跟|我|你|他|她|它|这|那|谁|几|请|都|也|就|还|有"
)


def topics(question: str) -> list[str]:
    """Search keywords for a question: names, quoted titles, nouns and numbers; Chinese bigrams."""
    found: list[str] = []
    seen: set[str] = set()

    def add(term: str) -> None:
        if term and term.lower() not in seen:
            seen.add(term.lower())
            found.append(term)

    text = _QUESTION_PHRASE.sub(" ", question)
    covered: set[str] = set()
    for m in _PHRASE.finditer(text):
        if m.group(1):
            add(m.group(1).strip())
            words = m.group(1).split()
        else:
            words = m.group(0).split()
            while words and words[0].lower() in _QUESTION_WORDS | _STOPWORDS:
                words.pop(0)
            if len(words) < 2:
                continue
            add(re.sub(r"['’]s\b", "", " ".join(words)))
        covered.update(re.sub(r"['’]s$", "", w.lower()) for w in words)
    for token in _TOKEN.findall(text):
        word = re.sub(r"['’]s$", "", token)
        low = word.lower()
        if low not in _STOPWORDS and low not in _QUESTION_WORDS and low not in covered:
            add(word if word[0].isupper() or word.isdigit() else low)
    for run in _CJK_RUN.findall(text):
        for segment in _ZH_STOP.split(run):
            if len(segment) <= 4:
                add(segment)
            if len(segment) > 2:
                for i in range(len(segment) - 1):
                    add(segment[i : i + 2])
    return found


def _stem(word: str) -> str:
    """A crude English stem, the same on both sides: painted, painting, paints -> paint."""
    w = word.lower().replace("’", "'").removesuffix("'s")
    for suffix, keep in (
        ("ies", "y"),
        ("ing", ""),
        ("ed", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("s", ""),
    ):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            w = w[: -len(suffix)] + keep
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w.removesuffix("e") if len(w) >= 4 else w


def _terms(text: str) -> set[str]:
    """Stemmed content words and Chinese bigrams, for overlap scoring."""
    terms = {
        _stem(t)
        for t in _TOKEN.findall(text)
        if t.lower() not in _STOPWORDS and t.lower() not in _QUESTION_WORDS
    }
    for run in _CJK_RUN.findall(text):
        for segment in _ZH_STOP.split(run):
            terms.update(segment[i : i + 2] for i in range(len(segment) - 1))
            if len(segment) == 1:
                terms.add(segment)
    return terms


_WHEN = re.compile(
    r"^\s*(?:when\b|what\s+(?:date|day|month|year|time)\b|which\s+(?:date|day|month|year)\b|"
    r"how\s+long\s+ago\b|in\s+what\s+year\b)|什么时候|何时|哪天|哪一天|几号|哪年|哪一年|几月|什么时间",
    re.IGNORECASE,
)
_MONTH_RE = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)
_DATE_FORMS = (
    re.compile(
        r"\b(?:the|a few|a couple of|several|\w+)\s+(?:days?|weeks?|weekends?|months?|"
        r"years?)\s+(?:before|after|of)\s+\d{1,2}\s+" + _MONTH_RE + r",?\s+\d{4}",
        re.I,
    ),
    re.compile(r"\b(?:spring|summer|autumn|fall|winter)\s+\d{4}\b", re.I),
    re.compile(r"\b\d{1,2}\s+" + _MONTH_RE + r",?\s+\d{4}\b"),
    re.compile(r"\b" + _MONTH_RE + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b"),
    re.compile(r"\b" + _MONTH_RE + r"\s+\d{4}\b"),
    re.compile(
        r"\d{4}年\d{1,2}月(?:\d{1,2}日)?(?:[^，。（）()]{0,12}?(?:前一周|后一周|周末|那一周))?"
    ),
)
_YEAR = re.compile(r"\b(?:19|20)\d{2}年?")
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_PARENS = re.compile(r"\(([^()]{3,80})\)|（([^（）]{3,80})）")


def _date_in(text: str, sentence: str) -> str | None:
    """The most specific date written in a memory, preferring a resolved ``(label)``."""
    for m in _PARENS.finditer(f"{sentence} {text}"):
        inner = (m.group(1) or m.group(2)).split(": ")[-1].split("，")[-1].strip()
        if any(form.fullmatch(inner) for form in (*_DATE_FORMS, _YEAR)):
            return inner
    for where in (sentence, text):
        for form in _DATE_FORMS:
            if m := form.search(where):
                return m.group(0)
    if m := _ISO_DAY.search(text):
        return describe(datetime(int(m[1]), int(m[2]), int(m[3])))
    m = _YEAR.search(sentence) or _YEAR.search(text)
    return m.group(0) if m else None


def answer(question: str, memories: list[str]) -> str:
    """A short extractive answer from retrieved memory texts, or ``NO_ANSWER``.

    Sentences are ranked by weighted overlap with the question (rarer words count
    more, earlier memories win ties); "when" questions get the date of the best memory.
    """
    nothing = _NO_ANSWER_ZH if _is_zh(question) else NO_ANSWER
    wanted = _terms(question)
    if not wanted or not memories:
        return nothing
    per_memory = [_terms(m) & wanted for m in memories]
    df = Counter(t for terms in per_memory for t in terms)
    weight = {t: 1.0 + math.log((1 + len(memories)) / (1 + df[t])) for t in wanted}
    scores = [sum(weight[t] for t in terms) for terms in per_memory]
    best_score = max(scores)
    if best_score == 0:
        return nothing
    candidates: list[tuple[float, int, str]] = []
    for i, memory in enumerate(memories):
        if scores[i] > 0:
            for sentence in _sentences_of(memory):
                overlap = sum(weight[t] for t in _terms(sentence) & wanted)
                candidates.append((overlap + 0.25 * scores[i], -i, sentence))
    _, neg_index, sentence = max(candidates)
    if _WHEN.search(question):
        for i in sorted(range(len(memories)), key=lambda i: (-scores[i], i)):
            if scores[i] < 0.5 * best_score:
                break
            if date := _date_in(memories[i], sentence if i == -neg_index else ""):
                return date
    return sentence.strip()
