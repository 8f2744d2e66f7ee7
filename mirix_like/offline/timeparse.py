"""Resolve time expressions against a reference time, on dateparser.

``find_times(text, reference)`` lists every expression found ("yesterday", "last Friday",
"3 weeks ago", "in May 2023", "上周五", "三天前", "2023年5月8日", "vor zwei Tagen", "la semaine
dernière", "hace 3 días"...), each resolved to a timezone-aware datetime in the reference's
zone, with its span, its granularity and a label fit to put in a memory ("7 May 2023", "the
week before 9 June 2023", "2022", "6. Mai 2023"). ``resolve`` returns the first one.

How: the patterns here say where an expression is (after a cheap gate: most sentences have
none); dateparser resolves it in its language (``DateDataParser.get_date_data`` with
``RELATIVE_BASE`` and ``PREFER_DATES_FROM`` from the sentence's tense), often after a
rewrite into words it knows ("this past week", "三天以前", "hace dos días"); this module applies
the conventions below. What dateparser does not resolve, or resolves by other conventions, is
computed here: weekends, seasons, weekdays ("last Friday", "上周五", "letzten Freitag",
"vendredi dernier"), qualified months ("last May"), Chinese dates without a year and years
alone ("5月1日", "2022年"), numeric dates ("15/04/2025", "15.04.2025"), a day of the month
alone ("the 28th"), and the year of a date written without one.

Conventions: an expression that names a day resolves to noon of that day (evenings and
mornings to 21:00, 20:00 or 09:00), "today" to the reference itself, a week to the same
weekday a week away, a month, season or year to noon of its first day. "last Friday" is the
latest Friday before the reference day, "next Friday" the first one after it, "this Friday"
the Friday of the reference's Monday-to-Sunday week; "上周五" is the Friday of the previous
week. A date without a year ("on 8 May") takes the nearest year, or the next/previous one
when its sentence is in the future/past tense; a day of the month alone takes the nearest
month, or the next/previous one likewise. A numeric date reads its day first, as most of the
world writes it, unless that cannot be ("04/15/2025").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import Literal

from dateparser.date import DateDataParser

from mirix_like.offline import timewords as W

Granularity = Literal["minute", "day", "week", "weekend", "month", "season", "year"]
Tense = Literal["past", "future", "none"]

__all__ = ["Granularity", "TimeMatch", "days_written", "describe", "find_times",
           "parse_locomo_datetime", "resolve"]


@dataclass(frozen=True)
class TimeMatch:
    """One time expression found in a text and what it resolves to."""

    when: datetime
    span: tuple[int, int]
    text: str
    granularity: Granularity
    label: str
    relative: bool


@dataclass(frozen=True)
class _Resolved:
    when: datetime
    granularity: Granularity
    label: str
    relative: bool = True


def period_end(dt: datetime, granularity: Granularity) -> datetime:
    """The start of the period after the one ``dt`` stands for at ``granularity`` (the year,
    month, week or day it names; a finer time is its own end)."""
    day = dt.replace(hour=0, minute=0, second=0, microsecond=0)
    if granularity == "year":
        return day.replace(year=dt.year + 1, month=1, day=1)
    if granularity == "month":
        return (day.replace(day=28) + timedelta(days=4)).replace(day=1)
    if granularity in ("week", "day"):
        return day + timedelta(days=7 if granularity == "week" else 1)
    return dt


def describe(dt: datetime, granularity: Granularity = "day", lang: str = "en") -> str:
    """A short human string for ``dt``: "8 May 2023", "May 2023", "2023", "2023年5月8日"..."""
    if lang == "zh":
        day = f"{dt.year}年{dt.month}月{dt.day}日"
        zh_forms = {
            "minute": f"{day} {dt.hour:02d}:{dt.minute:02d}",
            "week": f"{day}那一周",
            "weekend": f"{day}那个周末",
            "month": f"{dt.year}年{dt.month}月",
            "season": f"{dt.year}年{W.SEASONS_ZH.get(dt.month, '')}",
            "year": f"{dt.year}年",
        }
        return zh_forms.get(granularity, day)
    if lang in W.FORMS:
        forms, month = W.FORMS[lang], W.MONTH_NAMES[lang][dt.month - 1]
        day = forms["day"].format(d=dt.day, m=month, y=dt.year)
        if granularity == "minute":
            return forms["minute"].format(day=day, h=dt.hour, mi=dt.minute)
        if granularity in ("month", "year"):
            return forms[granularity].format(m=month, y=dt.year)
        return day
    day = f"{dt.day} {W.MONTH_NAMES['en'][dt.month - 1]} {dt.year}"
    hour = dt.hour % 12 or 12
    en_forms = {
        "minute": f"{hour}:{dt.minute:02d} {'am' if dt.hour < 12 else 'pm'} on {day}",
        "week": f"the week of {day}",
        "weekend": f"the weekend of {day}",
        "month": f"{W.MONTH_NAMES['en'][dt.month - 1]} {dt.year}",
        "season": f"{W.SEASON_NAMES.get(dt.month, 'season')} {dt.year}",
        "year": str(dt.year),
    }
    return en_forms.get(granularity, day)


def parse_locomo_datetime(s: str) -> datetime:
    """Parse a LOCOMO session time such as "1:56 pm on 8 May, 2023" as a UTC datetime."""
    m = W.LOCOMO.fullmatch(s.strip())
    d = _safe_date(int(m["y"]), W.MONTHS[m["mon"].lower()], int(m["d"])) if m else None
    if m is None or d is None:
        raise ValueError(f"not a LOCOMO date: {s!r}")
    hour = int(m["h"]) % 12 + (12 if m["ap"].lower().startswith("p") else 0)
    return datetime.combine(d, time(hour, int(m["mi"])), tzinfo=UTC)


def find_times(text: str, reference: datetime) -> list[TimeMatch]:
    """Every time expression in ``text``, resolved against ``reference``, in text order.

    Where expressions overlap the longest wins ("8 May, 2023" over "May, 2023").
    """
    if reference.tzinfo is None or reference.utcoffset() is None:
        raise ValueError("reference must be timezone-aware")
    return list(_find(text, reference))


def days_written(text: str, reference: datetime) -> list[TimeMatch]:
    """The days ``text`` writes by their number, as a calendar, a ticket or an invoice does
    ("7 Oct", "jueves 10 de abril", "15/04/2025", "4月10日", "the 28th"), not those it counts
    from the reference ("yesterday", "in 3 days")."""
    return [t for t in find_times(text, reference) if t.granularity == "day"
            and re.search(rf"(?<!\d)0?{t.when.day}(?!\d)", t.text)]


def resolve(text: str, reference: datetime) -> TimeMatch | None:
    """The first time expression in ``text`` resolved against ``reference``, if any."""
    matches = find_times(text, reference)
    return matches[0] if matches else None


@lru_cache(maxsize=4096)
def _find(text: str, reference: datetime) -> tuple[TimeMatch, ...]:
    low = text.lower()
    if not W.GATE.search(low):
        return ()
    found: list[tuple[int, int, _Resolved]] = []
    passed: dict[re.Pattern[str], bool] = {}
    for gate, pattern, handler in _rules(bool(W.HAN.search(text)), low):
        if gate not in passed:
            passed[gate] = gate.search(low) is not None
        if not passed[gate]:
            continue
        for m in pattern.finditer(text):
            resolved = handler(m, reference, _tense(text, m.start(), m.end()))
            if resolved is not None:
                found.append((m.start(), m.end(), resolved))
    found.sort(key=lambda f: (f[0] - f[1], f[0]))
    kept: list[tuple[int, int, _Resolved]] = []
    covered = bytearray(len(text))
    for start, end, resolved in found:
        if not any(covered[start:end]):
            covered[start:end] = b"\x01" * (end - start)
            kept.append((start, end, resolved))
    kept.sort(key=lambda f: f[0])
    return tuple(
        TimeMatch(r.when, (s, e), text[s:e], r.granularity, r.label, r.relative) for s, e, r in kept
    )


# --- dates and tense --------------------------------------------------------------------


def _at(ref: datetime, d: date, hour: int = 12, minute: int = 0) -> datetime:
    return datetime.combine(d, time(hour, minute), tzinfo=ref.tzinfo)


def _add_months(d: date, months: int) -> date:
    index = d.year * 12 + d.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _weekday_before(d: date, weekday: int) -> date:
    return d - timedelta(days=(d.weekday() - weekday) % 7 or 7)


def _weekday_after(d: date, weekday: int) -> date:
    return d + timedelta(days=(weekday - d.weekday()) % 7 or 7)


def _week_start(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _weekend(ref: date, shift: int) -> date:
    return _week_start(ref) + timedelta(days=5 + 7 * shift)


def _pick_year(ref: date, month: int, day: int, tense: Tense) -> date | None:
    return _closest(ref, [c for y in (ref.year - 1, ref.year, ref.year + 1)
                          if (c := _safe_date(y, month, day))], tense)


def _pick_month(ref: date, day: int, tense: Tense) -> date | None:
    """The ``day`` of the month around ``ref`` that ``tense`` says ("the 28th")."""
    months = (_add_months(ref.replace(day=1), shift) for shift in (-1, 0, 1))
    return _closest(ref, [c for m in months if (c := _safe_date(m.year, m.month, day))], tense)


def _closest(ref: date, candidates: list[date], tense: Tense) -> date | None:
    """Of ``candidates``, the first on or after ``ref`` in the future tense, the last on or
    before it in the past tense, else the nearest."""
    if not candidates:
        return None
    if tense == "future":
        return min((c for c in candidates if c >= ref), default=None)
    if tense == "past":
        return max((c for c in candidates if c <= ref), default=None)
    return min(candidates, key=lambda c: (abs((c - ref).days), c > ref))


def _tense(text: str, start: int, end: int) -> Tense:
    """The tense of the sentence around ``text[start:end]`` (looking at most 300 characters out)."""
    window = max(0, start - 300)
    left = max(window - 1, *(text.rfind(c, window, start) for c in W.SENTENCE_ENDS)) + 1
    right = [i for c in W.SENTENCE_ENDS if (i := text.find(c, end, end + 300)) >= 0]
    sentence = text[left : min(right) + 1 if right else end + 300]
    if W.FUTURE.search(sentence):
        return "future"
    if W.PAST.search(sentence):
        return "past"
    if W.SCHEDULED.search(sentence):
        return "future"
    return "none"


# --- dateparser ---------------------------------------------------------------------------

Handler = Callable[[re.Match[str], datetime, Tense], _Resolved | None]
_PREFER = {"past": "past", "future": "future", "none": "current_period"}


@lru_cache(maxsize=8192)
def _dateparser(phrase: str, lang: str, base: datetime, prefer: str) -> tuple[datetime, str] | None:
    """What dateparser makes of ``phrase`` (in ``lang``, seen from the naive time ``base``)."""
    settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": prefer, "RETURN_TIME_AS_PERIOD": True,
                "PARSERS": ["relative-time", "absolute-time"]}  # no timestamps, a third faster
    data = DateDataParser(languages=[lang], settings=settings).get_date_data(phrase)
    return (data.date_obj, data.period or "day") if data.date_obj else None


def _week_label(weeks: int, count: str, ref: datetime, lang: str) -> str:
    ref_day = describe(ref, lang=lang)
    if lang == "zh":
        word = "前" if weeks < 0 else "后"
        labels = {-1: f"{ref_day}的前一周", 0: f"{ref_day}所在的那一周", 1: f"{ref_day}的后一周"}
        count = count or ("两" if abs(weeks) == 2 else str(abs(weeks)))
        return labels.get(weeks, f"{ref_day}的{count}周{word}")
    templates = W.WEEK_LABELS[lang]
    if abs(weeks) <= 1:
        return templates[weeks].format(d=ref_day)
    return templates[2 if weeks > 0 else -2].format(n=count or abs(weeks), d=ref_day)


def _vague_label(words: str, unit: str, before: bool, ref: datetime, lang: str) -> str:
    """"a few days before 8 May 2023", "2023年5月8日的几天前"."""
    if lang == "zh":
        zh_unit = {"day": "天", "week": "周", "month": "个月", "year": "年"}[unit]
        return f"{describe(ref, lang='zh')}的几{zh_unit}{'前' if before else '后'}"
    words = " ".join(words.lower().split())
    return f"{words} {unit}s {'before' if before else 'after'} {describe(ref)}"


def _dp(lang: str, rewrite: Callable[[str], str] | None = None) -> Handler:
    """A handler that lets dateparser resolve the match (rewritten first, if need be)."""

    def handler(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
        written = " ".join(m.group(0).split())
        phrase = rewrite(written) if rewrite else written
        absolute = W.YEAR.search(written) is not None
        # A year written makes the tense moot, and a preference garbles "2023年5月" (year 4046).
        prefer = "current_period" if absolute else _PREFER[tense]
        parsed = _dateparser(phrase, lang, ref.replace(tzinfo=None), prefer)
        if parsed is None:
            return None
        when, period = parsed
        when = when.astimezone(ref.tzinfo) if when.tzinfo else when.replace(tzinfo=ref.tzinfo)
        if period == "time":  # a clock time alone ("at 3pm") is not a date
            label = describe(when, "minute", lang)
            return _Resolved(when, "minute", label, relative=False) if absolute else None
        if period in ("day", "part_of_day"):
            hour = W.PART_OF_DAY_HOURS.get(written.lower())
            if not absolute and (month := W.named_month(written, lang)):
                d = _pick_year(ref.date(), month, when.day, tense)
                if d is None:
                    return None  # 29 February, and no leap year within one of the reference
                when = _at(ref, d)
            elif hour is None and W.TODAY.fullmatch(written.lower()):
                when = ref
            else:
                when = _at(ref, when.date(), hour or (when.hour if period == "part_of_day" else 12))
            granularity: Granularity = "day"
        elif period == "week":
            weeks = round((when.date() - ref.date()).days / 7)
            when, granularity = _at(ref, ref.date() + timedelta(days=7 * weeks)), "week"
        else:
            granularity = "year" if period == "year" else "month"
            when = _at(ref, date(when.year, 1 if granularity == "year" else when.month, 1))
        if vague := W.VAGUE.search(written):
            label = _vague_label(vague.group(0), granularity, when < ref, ref, lang)
            return _Resolved(when, granularity, label)
        if granularity == "week":
            count = W.COUNT.search(written)
            label = _week_label(weeks, count.group(0) if count else "", ref, lang)
            return _Resolved(when, "week", label)
        return _Resolved(when, granularity, describe(when, granularity, lang), not absolute)

    return handler


def _en_rewrite(phrase: str) -> str:
    """English phrasings dateparser does not know, in ones it does ("this past week")."""
    for pattern, replacement in W.EN_REWRITES:
        phrase = pattern.sub(replacement, phrase)
    return phrase


def _zh_rewrite(phrase: str) -> str:
    """Chinese numerals as digits and synonyms dateparser knows ("三天以前" -> "3天前")."""
    phrase = W.ZH_NUMBER.sub(lambda m: str(W.zh_count(m.group(0))), phrase)
    for old, new in W.ZH_SYNONYMS:
        phrase = phrase.replace(old, new)
    return phrase


# --- what dateparser leaves to this module -----------------------------------------------

_IDIOM = re.compile(r"\blike\s+(?:it\s+was\s+)?(?:just\s+|only\s+)?$", re.IGNORECASE)


def _en_day_word(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    if _IDIOM.search(m.string, max(0, m.start() - 20), m.start()):
        return None  # "feels like just yesterday"
    return _EN_DP(m, ref, tense)


def _en_month(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    # a month typed in lower case ("visiting in october") by its full name; not an
    # abbreviation ("in oct" may be anything) nor "may" after "this" ("this may be wrong")
    if (len(m["mon"]) < 4 and m["mon"].lower() != "may") or (
            m["mon"] == "may" and m["q"].lower() == "this"):
        return None
    month, q = W.MONTHS[m["mon"].lower()], m["q"].lower()
    this_month = ref.date().replace(day=1)
    if q == "since":  # "since March": the last one, this month's too
        d = _pick_year(this_month, month, 1, "past")
    elif q == "last":
        d = _pick_year(this_month - timedelta(days=1), month, 1, "past")
    elif q == "next":
        d = _pick_year(_add_months(this_month, 1), month, 1, "future")
    elif q == "this":
        d = date(ref.year, month, 1)
    else:
        d = _pick_year(this_month, month, 1, tense)
    if d is None:
        return None
    return _Resolved(_at(ref, d), "month", describe(_at(ref, d), "month"))


def _season_year(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    when = _at(ref, date(int(m["y"]), W.SEASONS[m["s"].lower()], 1))
    return _Resolved(when, "season", describe(when, "season"), relative=False)


def _season(ref: datetime, start_month: int, shift: int) -> _Resolved:
    today = ref.date()
    starts = [date(y, start_month, 1) for y in range(today.year - 2, today.year + 2)]
    if shift < 0:
        start = max(s for s in starts if _add_months(s, 3) <= today)
    elif shift == 0:
        start = min(s for s in starts if _add_months(s, 3) > today)
    else:
        start = min(s for s in starts if s > today)
    when = _at(ref, start)
    return _Resolved(when, "season", describe(when, "season"))


def _en_period(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    q, unit = " ".join(m["q"].lower().split()), m["u"].lower()
    shift = {"last": -1, "this past": -1, "over the": -1, "this": 0}.get(q, 1)
    if unit in W.SEASONS:
        return _season(ref, W.SEASONS[unit], shift)
    if unit != "weekend":
        return _EN_DP(m, ref, tense)
    today = ref.date()
    if q in ("over the", "this past") and today.weekday() >= 5:
        shift = 0
    when = _at(ref, _weekend(today, shift))
    label = f"the weekend before {describe(ref)}" if shift < 0 else describe(when, "weekend")
    return _Resolved(when, "weekend", label)


def _en_offset(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    if m["u"].lower() != "weekend":
        return _EN_DP(m, ref, tense)
    n = W.en_count(m["n"])
    sign = -1 if m.group(0).lower().rstrip().endswith(("ago", "back", "earlier")) else 1
    count = "the weekend" if n == 1 else f"{' '.join(m['n'].lower().split())} weekends"
    label = f"{count} {'before' if sign < 0 else 'after'} {describe(ref)}"
    return _Resolved(_at(ref, _weekend(ref.date(), sign * n)), "weekend", label)


def _weekday(ref: datetime, weekday: int, direction: str, lang: str) -> _Resolved:
    today = ref.date()
    if direction == "last":
        d = _weekday_before(today, weekday)
    elif direction == "next":
        d = _weekday_after(today, weekday)
    else:
        d = _week_start(today) + timedelta(days=weekday)
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d), lang=lang))


def _eu_weekday(lang: str) -> Handler:
    """"letzten Freitag", "vendredi dernier", "el próximo lunes", "am Freitag"."""

    def handler(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
        weekday, direction = W.eu_weekday(m)
        if direction is None:
            return None
        if not direction:
            direction = "next" if tense == "future" else "last"
        return _weekday(ref, weekday, direction, lang)

    return handler


def _eu_month(lang: str) -> Handler:
    """"im März", "en mars", "desde enero": the month by the tense, since one the last;
    "nächsten Juni", "en juin dernier": the next or the last."""

    def handler(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
        if (placed := W.eu_month(m, lang)) is None:
            return None
        month, which = placed
        this_month = ref.date().replace(day=1)
        d = (_pick_year(_add_months(this_month, 1), month, 1, "future") if which == "next"
             else _pick_year(this_month - timedelta(days=1), month, 1, "past") if which == "last"
             else _pick_year(this_month, month, 1, "past" if which == "since" else tense))
        if d is None:
            return None
        return _Resolved(_at(ref, d), "month", describe(_at(ref, d), "month", lang))

    return handler


def _zh_month_day(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    d = _pick_year(ref.date(), W.zh_count(m["m"]), W.zh_count(m["d"]), tense)
    if d is None:
        return None
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d), lang="zh"))


def _numeric_date(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    """"15/04/2025", "15.04.2025": the day first, as most of the world writes it, unless the
    second number cannot be a month (the American "04/15/2025")."""
    a, b, year = int(m["a"]), int(m["b"]), int(m["y"])
    d = _safe_date(year, b, a) or _safe_date(year, a, b)
    if d is None:
        return None
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d)), relative=False)


def _ordinal_day(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    d = _pick_month(ref.date(), int(m["d"]), tense)
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d))) if d else None


def _en_weekday(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    q = " ".join(m["q"].lower().split())
    direction = {"last": "last", "this past": "last", "past": "last", "this": "this"}.get(q, "next")
    if q == "on":
        direction = "next" if tense == "future" else "last"
    return _weekday(ref, W.EN_WEEKDAYS[m["wd"][:3].lower()], direction, "en")


def _zh_weekday(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    if m["q"] is None:
        direction = "next" if tense == "future" else "last"
        return _weekday(ref, W.ZH_WEEKDAYS[m["bare"]], direction, "zh")
    weekday, today = W.ZH_WEEKDAYS[m["wd"]], ref.date()
    d = _week_start(today) + timedelta(days=7 * W.ZH_SHIFT[m["q"]] + weekday)
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d), lang="zh"))


def _zh_year(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    when = _at(ref, date(int(m.group(0)[:4]), 1, 1))  # dateparser reads "2022年" as year 1
    return _Resolved(when, "year", describe(when, "year", "zh"), relative=False)


def _zh_weekend(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    shift = W.ZH_SHIFT[m["q"]]
    when = _at(ref, _weekend(ref.date(), shift))
    before = f"{describe(ref, lang='zh')}之前的那个周末"
    return _Resolved(when, "weekend", before if shift < 0 else describe(when, "weekend", "zh"))


# --- the rules: where an expression is, and who resolves it -----------------------------

Rule = tuple[re.Pattern[str], re.Pattern[str], Handler]
_EN_DP = _dp("en", _en_rewrite)
_EN_RULES: tuple[Rule, ...] = (
    (W.DIGIT, W.EN_LOCOMO, _EN_DP),
    (W.DIGIT, W.EN_ISO, _EN_DP),
    (W.DIGIT, W.EN_DAY_MONTH, _EN_DP),
    (W.DIGIT, W.EN_MONTH_DAY, _EN_DP),
    (W.DIGIT, W.EN_MONTH_YEAR, _EN_DP),
    (W.DIGIT, W.NUMERIC_DATE, _numeric_date),
    (W.DIGIT, W.ORDINAL_DAY, _ordinal_day),
    (W.MONTH_GATE, W.EN_QUALIFIED_MONTH, _en_month),
    (W.DIGIT, W.EN_QUALIFIED_YEAR, _EN_DP),
    (W.DIGIT, W.EN_SEASON_YEAR, _season_year),
    (W.EN_DAY_GATE, W.EN_DAY_WORDS, _en_day_word),
    (W.EN_PERIOD_GATE, W.EN_PERIOD, _en_period),
    (W.WEEKDAY_GATE, W.EN_WEEKDAY, _en_weekday),
    (W.OFFSET_GATE, W.EN_OFFSET, _en_offset),
    (W.IN_GATE, W.EN_IN, _en_offset),
)
_ZH_DP = _dp("zh", _zh_rewrite)
_ZH_RULES: tuple[Rule, ...] = (
    (W.ZH_GATE, W.ZH_DAY_WORDS, _ZH_DP),
    (W.ZH_YEAR_GATE, W.ZH_DATE, _ZH_DP),
    (W.ZH_MONTH_GATE, W.ZH_MONTH_DAY, _zh_month_day),
    (W.ZH_YEAR_GATE, W.ZH_YEAR, _zh_year),
    (W.ZH_WEEK_GATE, W.ZH_WEEKDAY, _zh_weekday),
    (W.ZH_WEEK_GATE, W.ZH_WEEK, _ZH_DP),
    (W.ZH_WEEKEND_GATE, W.ZH_WEEKEND, _zh_weekend),
    (W.ZH_MONTH_GATE, W.ZH_MONTH, _ZH_DP),
    (W.ZH_YEAR_GATE, W.ZH_SHIFTED_YEAR, _ZH_DP),
    (W.ZH_OFFSET_GATE, W.ZH_OFFSET, _ZH_DP),
)


@lru_cache(maxsize=1)
def _eu_rules() -> tuple[tuple[str, tuple[Rule, ...]], ...]:
    """German, French and Spanish: patterns built from dateparser's own vocabulary."""
    return tuple(
        (
            lang,
            (
                (gate, W.eu_phrases(lang), _dp(lang, W.eu_alias(lang))),
                (gate, W.eu_months(lang), _eu_month(lang)),
                (gate, W.eu_offsets(lang), _dp(lang, W.eu_numbers(lang))),
                (W.DIGIT, W.eu_dates(lang), _dp(lang, W.eu_strip_article)),
                (gate, W.eu_weekdays(lang), _eu_weekday(lang)),
            ),
        )
        for lang, gate in W.EU_GATES.items()
    )


def _rules(han: bool, low: str) -> list[Rule]:
    rules = list(_EN_RULES)
    if han:
        rules += _ZH_RULES
    lang = W.eu_language(low)
    if lang is None:  # (building the other languages' patterns loads their locale data)
        return rules
    return rules + [rule for name, eu in _eu_rules() if name == lang for rule in eu]
