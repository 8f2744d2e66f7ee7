"""Screenshots in the offline backend: what the screen showed, when, and the secrets on it.

A screenshot reaches the offline backend as an image input whose text OCR read and whose
metadata may name the application (``app``) and window title (``window_title``). The
screenshots of one window in a batch make one *viewing*: a resource item keeps what the screen
showed (app, title, time, every distinct OCR line), an episodic event says "Viewed <title> in
<App>" at the first capture's time with the screen's text as its details (so a search finds a
line anywhere on the screen in either; retrieval renders the lines that match the question,
see :mod:`mirix_like.retrieval.snippets`), and values that belong in the knowledge vault go
there. Values of
high sensitivity (passwords, keys, account numbers) are masked everywhere but the vault.
Text on a screen is not something the user said, so screenshots feed no other memory type.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from difflib import SequenceMatcher
from functools import cached_property

from mirix_like.lexicon import WORD, meaning, same_meaning
from mirix_like.memory_types.base import utcnow
from mirix_like.offline.language import InputText, Row, cap, is_zh, mask
from mirix_like.offline.timeparse import describe
from mirix_like.retrieval.clock import ASKS_WHAT_HAPPENED, AskedTime, asked_time
from mirix_like.retrieval.snippets import LINE_JOIN
from mirix_like.secrets import find_secrets

__all__ = [
    "EXTRACTORS",
    "extract_episodic",
    "extract_knowledge_vault",
    "extract_resource",
    "is_screenshot",
    "message_under",
    "on_screen_at",
    "past_window",
    "route",
    "screen_of",
    "seen_at",
    "unspanned",
    "what_it_showed",
    "when_seen",
    "window_of",
]

_MAX_TITLE = 200
_MAX_SUMMARY = 240
_SUMMARY_LINES = 3
_JOINT = re.compile(r"\s+/\s+")
"""A slash between spaces on one line ("Price / month"), which is how lines are joined in a
memory's text (:data:`~mirix_like.retrieval.snippets.LINE_JOIN`): written without them it
stays part of its line."""
_MAX_DETAILS = 6_000
"""Characters of screen text an event keeps (a full 1080p screen of text is about 4,000)."""


# The summaries written below, read back: "Viewed “<first line>” on screen (or in <app>) at
# <clock>." and "Screenshot of <name> at <clock>: <lines>" (an item's title may come before
# it), and in Chinese "<clock>在<app>中查看了“<title>”。" and "<clock><name>的截图：<lines>".
_CLOCK_SAID = r"\d{2}:\d{2} UTC(?:[+-]\d{4})? on \d{1,2} [A-Z][a-z]+ \d{4}"
_CLOCK_ZH = r"\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（UTC(?:[+-]\d{4})?）"
_SUMMARY_SAID = re.compile(
    rf"^Viewed (?:[“\"](?P<viewed>.+)[”\"]|(?P<title>.+)) (?:on screen|in .+?) at "
    rf"{_CLOCK_SAID}\.?$|\bScreenshot of .+? at {_CLOCK_SAID}: (?P<lines>.+)$|"
    rf"^{_CLOCK_ZH}在(?:屏幕上|.+?中)查看了“(?P<zh_viewed>.+)”。?$|"
    rf"{_CLOCK_ZH}.+?的截图：(?P<zh_lines>.+)$")
# The window a summary or a vault caption names.
_WINDOW_SAID = re.compile(
    rf"\bViewed (?:[“\"].+?[”\"]|(?P<title>.+)) (?:on screen|in (?P<app>.+?)) at {_CLOCK_SAID}|"
    rf"\bScreenshot of (?P<name>.+?) at {_CLOCK_SAID}(?:: (?P<lead>.*))?|"
    r"\bseen on screen in (?P<seen>.+?)(?= is \S|\.?$)|"
    rf"{_CLOCK_ZH}在(?P<zh_app>[^“]+?)中查看了(?:“(?P<zh_title>[^”]+)”)?|"
    rf"{_CLOCK_ZH}(?P<zh_name>.+?)的截图(?:：(?P<zh_lead>.*))?|"
    r"屏幕上(?P<zh_seen>.+?)中显示的")


def screen_of(memory: str) -> list[str]:
    """What tells which screen ``memory`` is of: its window's names (:func:`window_of`), or,
    for a screenshot with no window known, the first line it showed ("Watchlist")."""
    if names := window_of(memory):
        return names
    found = _FIRST_SHOWN.search(memory)
    return [found["viewed"] or found["named"]] if found else []


_FIRST_SHOWN = re.compile(rf"\bViewed [“\"](?P<viewed>.+?)[”\"] on screen at {_CLOCK_SAID}|"
                          rf"\bScreenshot of (?P<named>.+?) at {_CLOCK_SAID}")


def what_it_showed(sentence: str) -> str | None:
    """The screen's own text in a sentence that is one of the summaries written here
    ("Viewed “Gate B22” on screen at …" gives "Gate B22", "Viewed Inbox in Mail at …"
    "Inbox"), else None: an answer quotes what the screen said, not when it was seen."""
    found = _SUMMARY_SAID.search(sentence.strip())
    if not found:
        return None
    return next(text for text in found.groupdict().values() if text).strip()


def seen_at(memory: str) -> datetime | None:
    """When a screen's memory says it was seen (the time :func:`_clock` wrote), or None."""
    if found := re.search(_CLOCK_SAID, memory):
        clock, rest = found.group(0).split(" UTC")
        zone, day = rest.split(" on ")
        return datetime.strptime(f"{day} {clock} {zone or '+0000'}", "%d %B %Y %H:%M %z")
    if found := re.search(_CLOCK_ZH, memory):
        return datetime.strptime(found.group(0).replace("（UTC）", "（UTC+0000）"),
                                 "%Y年%m月%d日 %H:%M（UTC%z）")
    return None


_SHOWN_LINES = re.compile(rf"(?:{_CLOCK_SAID}\.?|”。?) — (?P<lines>.+)$|(?:{_CLOCK_SAID}: |"
                          rf"{_CLOCK_ZH}.+?的截图：)(?P<shot>.+?)(?: content: |$)")
_AT_FRAMES = {
    "en": ("At {clock} you were looking at {title} in {app}: {line}.",
           "At {clock} your screen showed {title}: {line}.",
           "You looked at {seen}.", "{title} in {app} at {clock}", " and ",
           "I have nothing you saw on screen then ({said})."),
    "de": ("Um {clock} hattest du {title} in {app} offen: {line}.",
           "Um {clock} zeigte dein Bildschirm {title}: {line}.",
           "Du hattest {seen} offen.", "{title} in {app} um {clock}", " und ",
           "Ich habe nichts, was du da ({said}) auf dem Bildschirm hattest."),
    "fr": ("À {clock}, tu regardais {title} dans {app} : {line}.",
           "À {clock}, ton écran affichait {title} : {line}.",
           "Tu as regardé {seen}.", "{title} dans {app} à {clock}", " et ",
           "Je n'ai rien de ce que tu voyais à l'écran à ce moment-là ({said})."),
    "es": ("A las {clock} estabas viendo {title} en {app}: {line}.",
           "A las {clock} tu pantalla mostraba {title}: {line}.",
           "Viste {seen}.", "{title} en {app} a las {clock}", " y ",
           "No tengo nada de lo que viste en pantalla en ese momento ({said})."),
    "zh": ("{clock}你在{app}中看“{title}”：{line}。", "{clock}你的屏幕显示“{title}”：{line}。",
           "你看了{seen}。", "{clock}在{app}中的“{title}”", "、",
           "我没有你在那个时间（{said}）屏幕上看到的内容。"),
}
"""Per language: one screen at an hour, with its app or without; screens of a span, each
one and the last joint; nothing seen then."""
_SPAN_SAID = re.compile(r"\s\((?:\d+ screenshots from \d{2}:\d{2} to \d{2}:\d{2}|"
                        r"\d+张截图，\d{2}:\d{2}至\d{2}:\d{2})\)$")
"""The span of a viewing's screenshots after its name, which heads an event's details."""
_SPANS = re.compile(_SPAN_SAID.pattern.removesuffix("$") + r"(?=\s+/\s|\n|$)")
"""The span after a viewing's name wherever its lines are joined or end."""


def unspanned(text: str) -> str:
    """``text`` without the span of a viewing's screenshots after its window's name ("Mail -
    Inbox (3 screenshots from 09:02 to 09:14)"): when it was seen, not an hour it says."""
    return _SPANS.sub("", text)


_OPEN_SCREENS = re.compile(
    r"(?i)\b(?:which|what)\s+(?:tabs|windows|apps|applications|programs|websites|sites|pages)"
    r"\b.*\b(?:open|opened|use|used|have|had|look(?:ed)? at)\b|"
    r"\bwelche\s+(?:Tabs|Fenster|Apps|Programme|Anwendungen|Webseiten|Seiten)\b.*"
    r"\b(?:offen|geöffnet|benutzt|genutzt|angesehen)\b|"
    r"\bquel(?:le)?s\s+(?:onglets|fenêtres|applis|applications|programmes|sites|pages)\b.*"
    r"(?:\bouvert|\butilisé|\bregardé)|"
    r"\bqu[ée]\s+(?:pestañas|ventanas|apps|aplicaciones|programas|sitios|páginas)\b.*"
    r"\b(?:abiert[oa]s?|usé|usado|usaba|miré|mirado|vi|visto)\b|"
    r"(?:打开|开着|用|看)(?:了|过)?哪些(?:标签页?|窗口|应用|程序|网站|网页|页面)|"
    r"哪些(?:标签页?|窗口|应用|程序|网站|网页|页面).*(?:打开|开着|用|看)")
"""A question of which tabs, windows or apps the user had open, naming no time: the newest
day's screens answer it ("Which tabs did I have open?", "Welche Tabs hatte ich offen?")."""
_LAST_LOOKED = re.compile(
    r"(?i)\bwhat\b.*\b(?:look(?:ing|ed)?\s+at|view(?:ing|ed)?|on\s+my\s+screen)\b.*"
    r"\b(?:last|most\s+recently)\b|\bwhat\b.*\b(?:last|latest)\s+(?:thing|screen|page|window)"
    r"\s+(?:I\s+)?(?:looked|saw|viewed|opened|had)\b|"
    r"\bwas\b.*\b(?:zuletzt|als\s+letzte?s)\b.*\b(?:angesehen|angeschaut|gesehen|geöffnet|"
    r"offen)\b|"
    r"\b(?:qu['’]est-ce\s+que|que|quoi)\b.*\b(?:regard|vu|ouvert)\w*.*\ben\s+dernier\b|"
    r"\bderni[èe]re\s+chose\s+que\s+j['’]ai\s+(?:regardée?|vue?|ouverte?)|"
    r"\bqu[ée]\b.*\b(?:mir|vi|visto|abr)\w*.*\b(?:por\s+[úu]ltimo|al\s+final)\b|"
    r"\blo\s+[úu]ltimo\s+que\s+(?:mir[ée]|vi|abr[íi])|"
    r"最后(?:看|打开|浏览)(?:了|过)?(?:什么|哪)|最后.*?(?:看|打开|浏览)的是什么")
"""A question of the screen the user looked at last, however long ago ("What was I looking
at last?", "Was hatte ich zuletzt offen?", "Qu'est-ce que j'ai regardé en dernier ?", "¿Qué
miré por último?", "我最后看了什么？")."""
_SCREEN_WORD = re.compile(r"(?i)\bscreen|\bBildschirm|écran|\bpantalla|屏幕")
"""A question about the screen itself, which no memory of another kind answers."""
_NO_LINE = re.compile(r"\s*[:：]\s*([.。])$")
"""The colon left before a line that only said the title again."""
SPAN_LISTED = 5
"""Screens an answer about a part of a day or a day names, the latest of it."""


def on_screen_at(question: str, memories: list[str], lang: str, zone: tzinfo) -> str | None:
    """What the screen showed when ``question`` asks about, in the user's ``zone``, in
    ``lang``: at an hour ("What was on my screen at 8:30?"), the window and first line of the
    screen seen last by then; in a part of a day or a day ("What did I look at yesterday
    afternoon?"), the latest windows seen then with their times; or, asked of the screen,
    that none was seen then. Only the day the question names counts, else the newest day with
    any. None when the question names no time, asks something more particular ("How much was
    the charger at 8:48?") or may be answered by what the user told ("What did I do this
    morning?" with no screen seen then)."""
    asked = asked_time(question, utcnow().astimezone(zone))
    latest = asked is None and bool(_LAST_LOOKED.search(question))
    if latest or asked is None and _OPEN_SCREENS.search(question):
        asked = AskedTime(None, None, "")  # the newest day with any screen
    elif asked is None or not ASKS_WHAT_HAPPENED.search(question):
        return None
    # a screen's memory says when it was seen; its lines may have been cut for the question
    times = [seen_at(m) if screen_of(m) else None for m in memories]
    one, alone, many, each, last, nothing = _AT_FRAMES.get(lang, _AT_FRAMES["en"])
    order = asked.pick(times, zone)
    if not order:
        # "What did I do this morning?" may be answered by what the user told, not seen
        return nothing.format(said=asked.said) if _SCREEN_WORD.search(question) else None
    # a screen's event and its screenshot are one screen: seen at one time, in one window
    # (two tabs switched within a minute are two)
    seen: list[tuple[datetime, set[str], dict[str, str]]] = []
    for index in order:
        names = window_of(memories[index])
        title, app = (names + [""])[:2] if names else ("", "")
        chrome = {n.casefold() for n in names}
        line = next(iter(_lines_shown(memories[index], chrome)), title)
        when = times[index].astimezone(zone)  # type: ignore[union-attr]
        said = {"clock": f"{when:%H:%M}", "title": title or line, "app": app,
                "line": line.rstrip(".。")}
        # what one of them lacks the other may say: the app, or a line past the title
        names_of = {n.casefold() for n in names} or {said["title"].casefold()}
        same = next((k for at, others, k in seen if at == when and others & names_of), None)
        if same is None:
            seen.append((when, names_of, said))
        known = same or said
        if not known["app"] and app:
            known.update(title=said["title"], app=app)
        if known["line"].casefold() in {known["title"].casefold(), ""}:
            known["line"] = said["line"]
    screens = [said for _, _, said in seen]
    if latest:  # the day's screens are in time order
        screens = screens[-1:]
    if not asked.span or latest:
        first = screens[0]
        point = first | {"line": "" if first["line"] == first["title"] else first["line"]}
        return _NO_LINE.sub(r"\1", (one if point["app"] else alone).format(**point))
    named = [(each if s["app"] else "{title} ({clock})").format(**s)
             for s in screens[-SPAN_LISTED:]]
    joined = ("、" if lang == "zh" else ", ").join(named[:-1]) + last + named[-1] \
        if len(named) > 1 else named[0]
    return many.format(seen=joined)


def _lines_shown(memory: str, chrome: set[str]) -> list[str]:
    """The screen's lines a memory of it quotes, in order, past the ``chrome`` (its window's
    names, casefolded) and the span of its screenshots."""
    shown = _SHOWN_LINES.search(memory)
    lines = (x.strip() for x in _JOINT.split(shown["lines"] or shown["shot"])) if shown else ()
    return [x for x in lines if _SPAN_SAID.sub("", x).casefold() not in chrome | {""}]


def past_window(line: str, window: list[str], memories: list[str]) -> str:
    """``line``, or, when it only names the screen's ``window`` ("What did I write to my
    landlord?" of "Letter to landlord.odt"), that name with the first lines the screen showed
    past it (up to a line cut short, "The heating in the …"): the most any of
    ``memories`` of that window quotes."""
    chrome = {n.casefold() for n in window}
    name = _SPAN_SAID.sub("", line.strip())
    # or with the application's full name, as its title bar says ("Letter.odt - LibreOffice
    # Writer")
    bar = [part.casefold() for part in _TITLE_JOINT.split(name, maxsplit=1)]
    if LINE_JOIN in name or name.casefold() not in chrome and not (
            len(bar) == 2 and bar[0] in chrome and any(n in bar[1] for n in chrome)):
        return line
    quoted = (list(itertools.takewhile(lambda x: "…" not in x, _lines_shown(m, chrome)))
              for m in memories if chrome & {n.casefold() for n in window_of(m)})
    lines = max(quoted, key=lambda ls: len(" ".join(ls[:_SUMMARY_LINES])), default=[])
    return f"{name}: {LINE_JOIN.join(lines[:_SUMMARY_LINES])}" if lines else line


_NAMED = r"[A-ZÀ-Þ][^\W\d_]*(?:[-'’.][^\W\d_]+)*\.?"
_SENDER = re.compile(rf"^(?:[^\W\d_][\w .'-]{{0,30}}:\s+)?{_NAMED}(?:\s+{_NAMED}){{0,3}}"
                     r"(?:\s+\d{1,2}[:.]\d{2}(?:\s?[AaPp][Mm])?)?$")
"""A line that only names who a message is from: a notification's "Slack: Priya Nair", a
chat's "Tarek  10:14"."""
_SAID_ASKED = re.compile(
    r"(?i)\bwhat\b.*\b(?:say|said|write|wrote|ask|asked|tell|told|send|sent)\b|"
    r"\bwas\b.*\b(?:gesagt|geschrieben|gefragt|geschickt|sagt|schreibt|schrieb)\b|"
    r"\bqu(?:['’]|e\b|oi\b).*\b(?:dit|écrit|demandé|envoyé|dit-il|dit-elle)\b|"
    r"\bqu[ée]\b.*\b(?:dijo|dice|decía|escribió|preguntó|mandó|envió)\b|"
    r"(?:说|写|问|发)了?什么")
"""A question of what someone said or wrote ("What did Priya say?", "Was hat Katrin
geschrieben?", "Qu'a écrit EDF ?", "¿Qué escribió Carmen?", "王磊说了什么？")."""


def message_under(line: str, question: str, memories: list[str]) -> str:
    """``line``, or, when ``question`` asks what someone said and ``line`` only names who
    sent a message ("Slack: Priya Nair"), that line with the message under it ("Can you send
    the Q2 deck by 4?"), past a greeting ("Hallo Noor,"), in the first of ``memories`` that
    shows it."""
    if not _SAID_ASKED.search(question) or not _SENDER.match(line.strip()):
        return line
    for memory in memories:
        for found in re.finditer(rf"{re.escape(line.strip())}{re.escape(LINE_JOIN)}"
                                 r"(?P<rest>.+?)(?=\s…|\n| content: |$)", memory):
            under = [x.strip() for x in _JOINT.split(found["rest"])][:2]
            if len(under) > 1 and _GREETING.match(under[0]):
                under = [f"{under[0]} {under[1]}"]
            if _meaningful(under[0]) and not _SENDER.match(under[0]):
                return f"{line.strip()}: {under[0]}"
    return line


_GREETING = re.compile(r"^\S+(?:\s+\S+){0,3}[,:，：]$")
"""A mail's greeting on a line of its own ("Hallo Noor,", "Dear Mr. Brandt,", "各位好，")."""


_WHEN_LOOKED = re.compile(
    r"(?i)^\W*(?:when|at what time|what time)\b(?:.*?\b(?:did|have|had)\b.*?\b(?:look at|"
    r"view|check|visit|open|see)|.*?\b(?:looked at|viewed|checked|visited|opened|saw|seen))"
    r"\s+(?P<en>.+)|"  # in the past: "When will I see Anna?" asks of a plan
    r"^\W*(?:wann|um wie viel uhr)\s+(?P<de>.+?)\s+(?:an(?:ge)?(?:sehen|schaut)|gesehen|"
    r"geöffnet|aufgerufen|besucht|nachgesehen|geschaut)\b|"
    r"^\W*(?:quand|à quelle heure)\b.*?\b(?:regardée?s?|vue?s?|consultée?s?|ouverte?s?|"
    r"visitée?s?)\s+(?P<fr>.+)|"
    r"^\W*(?:cuándo|a qué hora)\s+(?:\w+\s+)?(?:miré|vi|abrí|consulté|visité|"
    r"(?:he|había) (?:mirado|visto|abierto|consultado|visitado))\s+(?P<es>.+)|"
    r"(?:什么时候|几点|哪天).*?(?:看|打开|浏览|查看)(?:了|过)?(?P<zh>.+)")
"""A question of when the user looked at a screen it names by what the screen showed, and
that name ("When did I look at the UPS tracking page?": "the UPS tracking page")."""
_NAMING = re.compile(r"[\u4e00-\u9fff]{2}|[^\W_\u4e00-\u9fff]{3,}|[^\W_\u4e00-\u9fff]*\d")
"""The words a look names its screen by: two Chinese characters (a word has no spaces around
it there), three letters and more, figures ("1423")."""
_LOOKED_FRAMES = {
    "en": ("You looked at {name} at {when}.", "{title} in {app}", " and "),
    "de": ("Du hast {name} am {when} angesehen.", "{title} in {app}", " und "),
    "fr": ("Tu as regardé {name} le {when}.", "{title} dans {app}", " et "),
    "es": ("Viste {name} el {when}.", "{title} en {app}", " y "),
    "zh": ("你在{when}看了{name}。", "{app}中的“{title}”", "和"),
}
"""Per language: when the user looked at a screen, the screen's name, and the last joint."""


def when_seen(question: str, memories: list[str], lang: str, zone: tzinfo) -> str | None:
    """When the user looked at the screen ``question`` names by what it showed ("When did I
    look at the UPS tracking page?", "Wann habe ich mir die Sendungsverfolgung angesehen?"):
    the times, in the user's ``zone``, of the screen's memory that the words naming it fit
    best. None when the question asks no such thing or a memory of another kind fits as
    well (what the user told of seeing someone answers "When did I see Dr Weber?")."""
    found = _WHEN_LOOKED.search(question)
    if not found:
        return None
    named = next(text for text in found.groupdict().values() if text)
    words = {w.casefold() for w in _NAMING.findall(named)}
    texts = [m.casefold() for m in memories]
    fits = {w: [i for i, text in enumerate(texts) if re.search(rf"(?<!\w){re.escape(w)}", text)]
            for w in words}
    weight = {w: math.log((1 + len(memories)) / (1 + len(at))) for w, at in fits.items() if at}
    scores = [sum(weight[w] for w in weight if i in fits[w]) for i in range(len(memories))]
    if not weight or not max(scores, default=0):
        return None
    best = max(range(len(memories)), key=lambda i: (scores[i], -i))
    screen = screen_of(memories[best])
    if not screen or not seen_at(memories[best]) or scores[best] < 0.5 * sum(weight.values()):
        return None
    if any(scores[i] >= scores[best] for i, m in enumerate(memories) if not screen_of(m)):
        return None
    times = sorted({t.astimezone(zone) for m in memories
                    if screen_of(m) == screen and (t := seen_at(m))})[-SPAN_LISTED:]
    said, name, joint = _LOOKED_FRAMES.get(lang, _LOOKED_FRAMES["en"])
    names = window_of(memories[best])
    title, app = (names + [""])[:2] if names else (screen[0], "")
    shown = name.format(title=title, app=app) if app else title
    when = [describe(t.replace(tzinfo=None), "minute", lang) for t in times]
    return said.format(name=shown, when=", ".join(when[:-1]) + joint + when[-1]
                       if len(when) > 1 else when[0])


def window_of(memory: str) -> list[str]:
    """The names of the window (its title, its app, "App - title") a screen's memory says it
    was seen in: they tell which screen the memory is, not what the screen said."""
    names: list[str] = []
    for found in _WINDOW_SAID.finditer(memory):
        name, lead = found["name"] or found["zh_name"], found["lead"] or found["zh_lead"] or ""
        # a screenshot with no window known is named by its first line, what the screen said
        named = name and not lead.startswith(name)
        title = (found["title"] or found["zh_title"] or found["seen"] or found["zh_seen"]
                 or (name if named else None))
        app = found["app"] or found["zh_app"]
        names += [n for n in (title, app) if n]
        if title and app and app.casefold() not in title.casefold():
            names.append(f"{app} - {title}")
    return names


def is_screenshot(inp: InputText) -> bool:
    """Whether ``inp`` is an image (a screenshot) rather than a message or text."""
    return inp.kind == "image"


def _field(inp: InputText, name: str) -> str | None:
    value = inp.metadata.get(name)
    return mask(value.strip()) if isinstance(value, str) and value.strip() else None


_FIGURES = re.compile(r"\d+(?:[.,:]\d+)*")


def _figures_masked(line: str) -> str:
    """``line`` with each of its figures as "#": lines alike but for their figures match."""
    return _FIGURES.sub("#", line)


_VALUE_ALONE = re.compile(
    r"^[-+−]?\s?(?:[$€£¥₹]|[A-Z]{3}\s)?\s?\d[\d.,'’ ]*"
    r"(?:\s?(?:[$€£¥₹%]|[A-Z]{3}|°\s?[CF]|[kMGT]?B|[kMGT]o|km|mi))?$")
"""A line that is only an amount or a measure ("$348.00", "2.315,40 €", "14 °C", "48 %")."""


def _labelled(lines: Iterable[str]) -> list[str]:
    """``lines`` with a value alone on its line joined to the line over it, which names it:
    a phone shows "Sony WH-1000XM5" over "$348.00", "Balance" over "€1,815.40"; unless that
    line ends in a value itself (then the two are items of a list of values)."""
    joined: list[str] = []
    for line in lines:
        if joined and _VALUE_ALONE.match(line) and not _VALUE_ALONE.match(
                joined[-1].rsplit(None, 1)[-1]) and _meaningful(joined[-1]):
            joined[-1] = f"{joined[-1]} {line}"
        else:
            joined.append(line)
    return joined


def _bare(text: str) -> str:
    """``text`` casefolded without spaces: OCR reads "#launch" as "# launch"."""
    return "".join(text.casefold().split())


def _meaningful(line: str) -> bool:
    """A line that says something: two letters at least, of any script (not "x", "12")."""
    return sum(char.isalpha() for char in line) >= 2


_LABEL = re.compile(r"^(?P<label>[^:：]{1,40}?)\s*(?::\s|：)\s*\S")
"""A label and its value ("Status: Shipped", "可用余额：12,450.80"), not an hour ("Lena 10:02")."""
_EDITED_LINES = 2
"""Lines an edit in place changes at once at most (a balance and the last transaction)."""
_LIKE = 0.6
"""How alike (difflib's ratio) a line and the one that took its place are at least, when no
label says they are the same line."""


def _same_line(old: str, new: str) -> bool:
    """Whether ``new`` may be ``old`` edited: the same label ("Status: …"), or mostly alike."""
    labels = [_LABEL.match(line) for line in (old, new)]
    if all(labels):
        return labels[0]["label"].casefold() == labels[1]["label"].casefold()
    return SequenceMatcher(None, old, new, autojunk=False).ratio() >= _LIKE


_CARET = re.compile(r"\s*\|$")
"""A text cursor after the last character typed, which OCR reads as a bar ("Kind r|")."""


def _uncareted(line: str) -> str:
    """``line`` without the text cursor OCR read at its end (a bar of its own: a line with
    other bars is a table's, whose last bar is its border)."""
    return _CARET.sub("", line) if line.count("|") == 1 else line


def _typed_on(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` typed on: ``old`` but its last character (the cursor after
    it, which OCR may read into its last letter: "C|" as "cl") begins ``new``, longer."""
    stem = old[:-1].casefold()
    return bool(stem.strip()) and len(new) > len(old) and new.casefold().startswith(stem)


def _edited(before: list[str], after: list[str]) -> dict[str, str]:
    """The lines of ``after`` that took the place of one of ``before``, each with the line it
    replaced: a run of one or two lines between the same neighbours on both, as many on
    each, each like the one in its place. A screen scrolled has no such run, and one
    switched to another record in the same window (another invitation, each line with the
    same label) replaced more lines at once: either keeps every line it showed. A line
    typed on takes the place of what it was, wherever it is: typing on may wrap it onto the
    next line, so two lines take the place of one."""
    found: dict[str, str] = {}
    ops = SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    for n, (op, i1, i2, j1, j2) in enumerate(ops):
        anchored = any(ops[k][0] == "equal" for k in (n - 1, n + 1) if 0 <= k < len(ops))
        if op == "replace" and anchored and _typed_on(before[i1], after[j1]):
            found[after[j1]] = before[i1]
        if op != "replace" or i2 - i1 != j2 - j1 or i2 - i1 > _EDITED_LINES or not anchored:
            continue
        pairs = list(zip(before[i1:i2], after[j1:j2], strict=True))
        if all(_same_line(old, new) for old, new in pairs):
            found.update((new, old) for old, new in pairs)
    return found


@dataclass(frozen=True)
class _Viewing:
    """The screenshots of one window in a batch, in capture order."""

    app: str | None
    title: str | None
    inputs: tuple[InputText, ...]

    @cached_property
    def lines(self) -> list[str]:
        """The distinct OCR lines of the screenshots, in order, high-sensitivity values masked;
        a line a later screenshot shows changed in place is replaced by it: the window shows
        what is current. In place is the one line whose figures changed ("Balance: EUR
        1,284.50", then "Balance: EUR 1,234.50"), or a line or two the next screenshot shows
        another way where the lines around them stayed ("Status: Shipped", then "Status: Out
        for delivery"; "Rendez-vous : mardi 8 avril", then "… jeudi 10 avril")."""
        lines: list[str] = []
        before: list[str] = []
        for inp in self.inputs:
            shown = _labelled(line for line in (_uncareted(_JOINT.sub("/", raw.strip()))
                                                for raw in mask(inp.text).splitlines()) if line)
            shapes = Counter(map(_figures_masked, shown))
            edited = _edited(before, shown)
            for line in shown:
                if line in lines:
                    continue
                shape = _figures_masked(line)
                # one line for one: several alike (a log scrolling) are each their own
                replaced = [n for n, old in enumerate(lines) if _figures_masked(old) == shape]
                if edited.get(line) in lines:
                    lines[lines.index(edited[line])] = line
                elif shape != line and shapes[shape] == 1 and len(replaced) == 1:
                    lines[replaced[0]] = line
                else:
                    lines.append(line)
            before = shown
        return lines

    @cached_property
    def text(self) -> list[str]:
        """The lines, leaving out window chrome that repeats the app or title, or is the
        title bar: the title with the app's full name ("Letter.odt - LibreOffice Writer"
        for Writer's "Letter.odt"). A line without words stays: a version, an amount or a
        port alone on a line is often the fact."""
        chrome = _bare(f"{self.app or ''}\n{self.title or ''}")
        return [ln for ln in self.lines if _bare(ln) not in chrome and not self._title_bar(ln)]

    def _title_bar(self, line: str) -> bool:
        if not self.app or not self.title or len(_bare(self.title)) < 4:
            return False
        parts = [_bare(part) for part in _TITLE_JOINT.split(line.strip(), maxsplit=1)]
        app, title = _bare(self.app), _bare(self.title)
        return len(parts) == 2 and any(
            named == title and app in product for named, product in (parts, parts[::-1]))

    @property
    def lead(self) -> list[str]:
        """The first few meaningful lines."""
        return [ln for ln in self.text if _meaningful(ln)][:_SUMMARY_LINES]

    @cached_property
    def name(self) -> str:
        """"App - window title", or what there is of it, or the first meaningful OCR line."""
        if self.app and self.title:
            name = self.title if self.app.casefold() in self.title.casefold() else (
                f"{self.app} - {self.title}")
        else:
            name = self.title or self.app or next(iter(self.lead), "") or "screen"
        return name[:_MAX_TITLE]

    @cached_property
    def meanings(self) -> str:
        """What the screen's compounds are, in English ("device" for "Gerätename"): a search
        matches whole words, and a question asks with the word the compound hides."""
        found = (meaning(word) for line in self.text for word in WORD.findall(line)
                 if not same_meaning(word.lower()))
        return " ".join(dict.fromkeys(head for head in found if head))

    @cached_property
    def zh(self) -> bool:
        return is_zh(" ".join([self.title or "", *self.lead]))

    @property
    def source_ids(self) -> list[str]:
        return [inp.source_id for inp in self.inputs]


_TITLE_JOINT = re.compile(r"\s+[-–—|]\s+(?=[^-–—|]*$)")
"""What a title bar puts between a document's title and the application's name: the last
dash or bar between spaces ("Q3 - plan.odt - LibreOffice Writer")."""


def _viewings(inputs: list[InputText]) -> list[_Viewing]:
    """Screenshots grouped by window; those with no window known stay one per viewing."""
    groups: dict[tuple[str | None, ...], list[InputText]] = {}
    for inp in inputs:
        if not is_screenshot(inp):
            continue
        app, title = _field(inp, "app"), _field(inp, "window_title")
        key = (app, title) if app or title else (inp.source_id,)
        groups.setdefault(key, []).append(inp)
    viewings = [_Viewing(_field(group[0], "app"), _field(group[0], "window_title"), tuple(group))
                for group in groups.values()]
    return [v for v in viewings if v.app or v.title or any(i.text.strip() for i in v.inputs)]


def _clock(at: datetime, zh: bool) -> str:
    offset = at.utcoffset()
    zone = "UTC" if not offset else at.strftime("UTC%z")
    if zh:
        return f"{at.year}年{at.month}月{at.day}日 {at:%H:%M}（{zone}）"
    return f"{at:%H:%M} {zone} on {at.day} {at:%B %Y}"


def route(inputs: list[InputText]) -> list[str]:
    """The memory types screenshots concern: resource and episodic, and the vault for secrets."""
    viewings = _viewings(inputs)
    found = {"episodic", "resource"} if viewings else set()
    if any(find_secrets(inp.text) for v in viewings for inp in v.inputs):
        found.add("knowledge_vault")
    return sorted(found)


def extract_resource(inputs: list[InputText]) -> list[Row]:
    """One item per viewing: what the screen showed, secrets masked."""
    rows = []
    for v in _viewings(inputs):
        lead = " / ".join(v.lead)
        lead = lead[:_MAX_SUMMARY] + ("…" if len(lead) > _MAX_SUMMARY else "")
        at = _clock(v.inputs[0].occurred_at, v.zh)
        head = f"{at}{v.name}的截图" if v.zh else f"Screenshot of {v.name} at {at}"
        rows.append({
            "title": v.name,
            "summary": f"{head}{'：' if v.zh else ': '}{lead}" if lead else head,
            "resource_type": "screenshot",
            "content": "\n".join(v.lines),
            "source_ids": v.source_ids,
            "tree_path": ["资源", "截图", v.app or "屏幕"] if v.zh
            else ["resources", "screenshot", v.app or "screen"],
        })
    return rows


def extract_episodic(inputs: list[InputText]) -> list[Row]:
    """One event per viewing: "Viewed <title> in <App>" at the first screenshot's time."""
    rows = []
    for v in _viewings(inputs):
        first, last = v.inputs[0].occurred_at, v.inputs[-1].occurred_at
        quoted = f"“{v.lead[0]}”" if v.lead else ""
        if v.zh:
            where = f"在{v.app}中" if v.app else "在屏幕上"
            what = f"“{v.title}”" if v.title else quoted or "屏幕"
            summary = f"{_clock(first, True)}{where}查看了{what}。"
            span = f"{len(v.inputs)}张截图，{first:%H:%M}至{last:%H:%M}" if last > first else ""
        else:
            where = f"in {v.app}" if v.app else "on screen"
            what = v.title or quoted or "the screen"
            summary = f"Viewed {what} {where} at {_clock(first, False)}."
            span = (f"{len(v.inputs)} screenshots from {first:%H:%M} to {last:%H:%M}"
                    if last > first else "")
        head = f"{v.name} ({span})" if span else v.name
        details = "\n".join([head, *v.text])[:_MAX_DETAILS]
        rows.append({
            "event_type": "screen",
            "summary": summary,
            "details": details,
            "context": v.meanings,
            "actor": "user",
            "occurred_at": first.isoformat(),
            "source_ids": v.source_ids,
            "tree_path": ["屏幕" if v.zh else "screen", v.app or v.name],
        })
    return rows


def extract_knowledge_vault(inputs: list[InputText]) -> list[Row]:
    """Values on screen that belong in the vault, captioned with the window they were seen in."""
    rows: list[Row] = []
    seen: set[str] = set()
    for v in _viewings(inputs):
        for inp in v.inputs:
            for secret in find_secrets(inp.text):
                if secret.value in seen:
                    continue
                seen.add(secret.value)
                caption = (f"屏幕上{v.name}中显示的{secret.label}" if v.zh
                           else f"{cap(secret.label)} seen on screen in {v.name}")
                if secret.value in caption:
                    caption = "屏幕上显示的信息" if v.zh else f"{cap(secret.label)} seen on screen"
                rows.append({
                    "entry_type": secret.kind,
                    "source": v.app or "screen",
                    "sensitivity": secret.sensitivity,
                    "secret_value": secret.value,
                    "caption": caption,
                    "source_ids": [inp.source_id],
                })
    return rows


EXTRACTORS: dict[str, Callable[[list[InputText]], list[Row]]] = {
    "episodic": extract_episodic,
    "resource": extract_resource,
    "knowledge_vault": extract_knowledge_vault,
}
"""The extractor for screenshots of each memory type they can feed."""
