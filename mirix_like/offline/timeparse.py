"""Resolve English and Chinese time expressions against a reference time.

``find_times(text, reference)`` lists every expression found ("yesterday",
"last Friday", "3 weeks ago", "in May 2023", "上周五", "三天前", "2023年5月8日"...),
each resolved to a timezone-aware datetime in the reference's zone, with its
span, its granularity and a label fit to put in a memory ("7 May 2023", "the
week before 9 June 2023", "2022"). ``resolve`` returns the first one.

Conventions: an expression that names a day resolves to noon of that day
(evenings and mornings to 21:00, 20:00 or 09:00), "today" to the reference
itself, a week to the same weekday a week away, a month, season or year to
noon of its first day. "last Friday" is the latest Friday before the
reference day, "next Friday" the first one after it, "this Friday" the
Friday of the reference's Monday-to-Sunday week; "上周五" is the Friday of
the previous week. A date without a year ("on 8 May") takes the nearest
year, or the next/previous one when its sentence is in the future/past tense.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal

Granularity = Literal["minute", "day", "week", "weekend", "month", "season", "year"]
Tense = Literal["past", "future", "none"]

__all__ = ["Granularity", "TimeMatch", "describe", "find_times", "parse_locomo_datetime", "resolve"]


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


_MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_MONTHS = {name.lower(): i for i, name in enumerate(_MONTH_NAMES, 1)}
_MONTHS.update({name.lower()[:3]: i for i, name in enumerate(_MONTH_NAMES, 1)})
_MONTHS["sept"] = 9
_MONTH = (  # an abbreviation may end with a full stop, which then belongs to the match
    r"(?P<mon>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b"
    r"(?:(?<=jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)\.|(?<=sept)\.)?"
)

_WEEKDAYS = {
    "monday": 0,
    "mon": 0,
    "tuesday": 1,
    "tue": 1,
    "tues": 1,
    "wednesday": 2,
    "wed": 2,
    "weds": 2,
    "thursday": 3,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "friday": 4,
    "fri": 4,
    "saturday": 5,
    "sat": 5,
    "sunday": 6,
    "sun": 6,
}
_WEEKDAY = (
    r"(?P<wd>" + "|".join(sorted(_WEEKDAYS, key=len, reverse=True)) + r")\b"
    r"(?:(?<=mon|tue|wed|thu|fri|sat|sun)\.|(?<=tues|weds|thur)\.|(?<=thurs)\.)?"
)

_NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
}
_VAGUE_NUMBERS = {
    "a few": 3,
    "few": 3,
    "several": 3,
    "a couple of": 2,
    "a couple": 2,
    "couple of": 2,
}
_NUMBER = (
    r"(?P<n>\d{1,3}|a\s+couple\s+of|a\s+couple|couple\s+of|a\s+few|few|several|"
    + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
    + ")"
)

_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_SEASONS_ZH = {3: "春天", 6: "夏天", 9: "秋天", 12: "冬天"}
_SEASON_NAMES = {3: "spring", 6: "summer", 9: "autumn", 12: "winter"}

_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_ZH_NUM = r"[\d零〇一二两三四五六七八九十]{1,3}"
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "7": 6}
_ZH_WEEKDAYS.update({str(i): i - 1 for i in range(1, 7)})
_ZH_SHIFT = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2}

_FUTURE = re.compile(
    r"\b(?:will|going\s+to|gonna|plan|plans|planning|next|upcoming|soon|can't\s+wait|"
    r"looking\s+forward|hope\s+to|about\s+to|coming\s+up)\b|'ll\b|打算|计划|准备|将要|要去|会去|想去",
    re.IGNORECASE,
)
_PAST = re.compile(r"\b(?:was|were|went|did|had|ago|last|\w+ed)\b|了|过", re.IGNORECASE)
_SENTENCE_ENDS = ".!?。！？\n"
_LOCOMO = re.compile(
    r"(?P<h>\d{1,2}):(?P<mi>\d{2})\s*(?P<ap>am|pm|a\.m\.|p\.m\.)\s+on\s+(?P<d>\d{1,2})\s+"
    + _MONTH
    + r",?\s+(?P<y>\d{4})\b",
    re.IGNORECASE,
)


def describe(dt: datetime, granularity: Granularity = "day", lang: str = "en") -> str:
    """A short human string for ``dt``: "8 May 2023", "May 2023", "2023", "2023年5月8日"..."""
    if lang == "zh":
        day = f"{dt.year}年{dt.month}月{dt.day}日"
        zh_forms = {
            "minute": f"{day} {dt.hour:02d}:{dt.minute:02d}",
            "week": f"{day}那一周",
            "weekend": f"{day}那个周末",
            "month": f"{dt.year}年{dt.month}月",
            "season": f"{dt.year}年{_SEASONS_ZH.get(dt.month, '')}",
            "year": f"{dt.year}年",
        }
        return zh_forms.get(granularity, day)
    day = f"{dt.day} {_MONTH_NAMES[dt.month - 1]} {dt.year}"
    hour = dt.hour % 12 or 12
    en_forms = {
        "minute": f"{hour}:{dt.minute:02d} {'am' if dt.hour < 12 else 'pm'} on {day}",
        "week": f"the week of {day}",
        "weekend": f"the weekend of {day}",
        "month": f"{_MONTH_NAMES[dt.month - 1]} {dt.year}",
        "season": f"{_SEASON_NAMES.get(dt.month, 'season')} {dt.year}",
        "year": str(dt.year),
    }
    return en_forms.get(granularity, day)


def parse_locomo_datetime(s: str) -> datetime:
    """Parse a LOCOMO session time such as "1:56 pm on 8 May, 2023" as a UTC datetime."""
    m = _LOCOMO.fullmatch(s.strip())
    if m is None:
        raise ValueError(f"not a LOCOMO date: {s!r}")
    return datetime.combine(_locomo_date(m), _clock(m), tzinfo=UTC)


def find_times(text: str, reference: datetime) -> list[TimeMatch]:
    """Every time expression in ``text``, resolved against ``reference``, in text order.

    Where expressions overlap the longest wins ("8 May, 2023" over "May, 2023").
    """
    if reference.tzinfo is None or reference.utcoffset() is None:
        raise ValueError("reference must be timezone-aware")
    found: list[tuple[int, int, _Resolved]] = []
    low = text.lower()
    passed: dict[re.Pattern[str], bool] = {}
    for gates, pattern, handler in _RULES if _CJK_CHAR.search(text) else _EN_RULES:
        for gate in gates:
            if gate not in passed:
                passed[gate] = gate.search(low) is not None
        if not all(passed[gate] for gate in gates):
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
    return [
        TimeMatch(r.when, (s, e), text[s:e], r.granularity, r.label, r.relative) for s, e, r in kept
    ]


def resolve(text: str, reference: datetime) -> TimeMatch | None:
    """The first time expression in ``text`` resolved against ``reference``, if any."""
    matches = find_times(text, reference)
    return matches[0] if matches else None


# --- date arithmetic ---------------------------------------------------------------


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


def _pick_year(ref: date, month: int, day: int, tense: Tense) -> date | None:
    candidates = [
        c for y in (ref.year - 1, ref.year, ref.year + 1) if (c := _safe_date(y, month, day))
    ]
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
    left = max(window - 1, *(text.rfind(c, window, start) for c in _SENTENCE_ENDS)) + 1
    right = [i for c in _SENTENCE_ENDS if (i := text.find(c, end, end + 300)) >= 0]
    sentence = text[left : min(right) + 1 if right else end + 300]
    if _FUTURE.search(sentence):
        return "future"
    if _PAST.search(sentence):
        return "past"
    return "none"


def _count(word: str) -> tuple[int, bool]:
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word), False
    if word in _VAGUE_NUMBERS:
        return _VAGUE_NUMBERS[word], True
    return _NUMBER_WORDS[word], False


def _zh_count(word: str) -> tuple[int, bool]:
    if word == "几":
        return 3, True
    if word.isdigit():
        return int(word), False
    if "十" in word:
        tens, _, units = word.partition("十")
        return _ZH_DIGITS.get(tens, 1) * 10 + _ZH_DIGITS.get(units, 0), False
    value = 0
    for ch in word:
        value = value * 10 + _ZH_DIGITS.get(ch, 0)
    return value, False


def _clock(m: re.Match[str]) -> time:
    hour = int(m["h"]) % 12 + (12 if m["ap"].lower().startswith("p") else 0)
    return time(hour, int(m["mi"]))


def _locomo_date(m: re.Match[str]) -> date:
    d = _safe_date(int(m["y"]), _MONTHS[m["mon"].lower()], int(m["d"]))
    if d is None:
        raise ValueError(f"no such date: {m.group(0)!r}")
    return d


# --- English handlers --------------------------------------------------------------

Handler = Callable[[re.Match[str], datetime, Tense], _Resolved | None]


def _en_locomo(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    d = _safe_date(int(m["y"]), _MONTHS[m["mon"].lower()], int(m["d"]))
    if d is None:
        return None
    when = datetime.combine(d, _clock(m), tzinfo=ref.tzinfo)
    return _Resolved(when, "minute", describe(when, "minute"), relative=False)


def _iso(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    d = _safe_date(int(m["y"]), int(m["m"]), int(m["d"]))
    if d is None:
        return None
    if not m.groupdict().get("h"):
        return _Resolved(_at(ref, d), "day", describe(_at(ref, d)), relative=False)
    stamp = m.group(0).replace(" ", "T").replace("Z", "+00:00")
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    when = when.astimezone(ref.tzinfo) if when.tzinfo else when.replace(tzinfo=ref.tzinfo)
    return _Resolved(when, "minute", describe(when, "minute"), relative=False)


def _en_day_month(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    month, day = _MONTHS[m["mon"].lower()], int(m["d"])
    d = _safe_date(int(m["y"]), month, day) if m["y"] else _pick_year(ref.date(), month, day, tense)
    if d is None:
        return None
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d)), relative=m["y"] is None)


def _en_month_year(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    when = _at(ref, date(int(m["y"]), _MONTHS[m["mon"].lower()], 1))
    return _Resolved(when, "month", describe(when, "month"), relative=False)


def _en_month(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    if not m["mon"][0].isupper() or (len(m["mon"]) < 4 and m["mon"] != "May"):
        return None
    month, q = _MONTHS[m["mon"].lower()], m["q"].lower()
    this_month = ref.date().replace(day=1)
    if q == "last":
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


def _en_year(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    when = _at(ref, date(int(m["y"]), 1, 1))
    return _Resolved(when, "year", describe(when, "year"), relative=False)


def _en_season_year(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    start = _SEASONS[m["s"].lower()]
    when = _at(ref, date(int(m["y"]), start, 1))
    return _Resolved(when, "season", describe(when, "season"), relative=False)


_DAY_WORDS: dict[str, tuple[int, int | None]] = {
    "the day before yesterday": (-2, 12),
    "day before yesterday": (-2, 12),
    "the day after tomorrow": (2, 12),
    "day after tomorrow": (2, 12),
    "yesterday": (-1, 12),
    "last night": (-1, 21),
    "today": (0, None),
    "earlier today": (0, None),
    "this morning": (0, 9),
    "this afternoon": (0, 15),
    "this evening": (0, 19),
    "tonight": (0, 20),
    "tomorrow": (1, 12),
}


_IDIOM = re.compile(r"\blike\s+(?:it\s+was\s+)?(?:just\s+|only\s+)?$", re.IGNORECASE)


def _en_day_word(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    if _IDIOM.search(m.string, max(0, m.start() - 20), m.start()):
        return None  # "feels like just yesterday"
    offset, hour = _DAY_WORDS[" ".join(m.group(0).lower().split())]
    when = ref if hour is None else _at(ref, ref.date() + timedelta(days=offset), hour)
    return _Resolved(when, "day", describe(when))


def _weekend(ref: date, shift: int) -> date:
    return _week_start(ref) + timedelta(days=5 + 7 * shift)


def _en_period(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    q, unit = " ".join(m["q"].lower().split()), m["u"].lower()
    shift = {"last": -1, "this past": -1, "over the": -1, "this": 0}.get(q, 1)
    today, ref_day = ref.date(), describe(ref)
    if unit == "week":
        when = _at(ref, today + timedelta(days=7 * shift))
        label = {-1: f"the week before {ref_day}", 0: f"the week of {ref_day}"}.get(
            shift, f"the week after {ref_day}"
        )
        return _Resolved(when, "week", label)
    if unit == "weekend":
        if q in ("over the", "this past") and today.weekday() >= 5:
            shift = 0
        when = _at(ref, _weekend(today, shift))
        label = f"the weekend before {ref_day}" if shift < 0 else describe(when, "weekend")
        return _Resolved(when, "weekend", label)
    if unit == "month":
        when = _at(ref, _add_months(today.replace(day=1), shift))
        return _Resolved(when, "month", describe(when, "month"))
    if unit == "year":
        when = _at(ref, date(today.year + shift, 1, 1))
        return _Resolved(when, "year", describe(when, "year"))
    return _season(ref, _SEASONS[unit], shift)


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


def _en_weekday(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    word = m["wd"].lower()
    if len(word) <= 4 and not m["wd"][0].isupper():
        return None
    weekday, q, today = _WEEKDAYS[word], " ".join(m["q"].lower().split()), ref.date()
    if q in ("last", "this past", "past"):
        d = _weekday_before(today, weekday)
    elif q == "this":
        d = _week_start(today) + timedelta(days=weekday)
    elif q in ("next", "this coming", "coming"):
        d = _weekday_after(today, weekday)
    else:
        d = _weekday_after(today, weekday) if tense == "future" else _weekday_before(today, weekday)
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d)))


def _relative_label(phrase: str, unit: str, n: int, ref: datetime, direction: str) -> str:
    if n == 1:
        return f"the {unit} {direction} {describe(ref)}"
    return f"{' '.join(phrase.lower().split())} {unit}s {direction} {describe(ref)}"


def _en_offset(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    n, vague = _count(m["n"])
    unit = m["u"].lower()
    sign = -1 if m.group(0).lower().rstrip().endswith(("ago", "back", "earlier")) else 1
    direction = "before" if sign < 0 else "after"
    today = ref.date()
    if unit == "day":
        when = _at(ref, today + timedelta(days=sign * n))
        label = _relative_label(m["n"], unit, n, ref, direction) if vague else describe(when)
        return _Resolved(when, "day", label)
    if unit == "week":
        when = _at(ref, today + timedelta(days=7 * sign * n))
        return _Resolved(when, "week", _relative_label(m["n"], unit, n, ref, direction))
    if unit == "weekend":
        when = _at(ref, _weekend(today, sign * n))
        return _Resolved(when, "weekend", _relative_label(m["n"], unit, n, ref, direction))
    if unit == "month":
        when = _at(ref, _add_months(today.replace(day=1), sign * n))
        label = (
            _relative_label(m["n"], unit, n, ref, direction) if vague else describe(when, "month")
        )
        return _Resolved(when, "month", label)
    when = _at(ref, date(today.year + sign * n, 1, 1))
    label = _relative_label(m["n"], unit, n, ref, direction) if vague else describe(when, "year")
    return _Resolved(when, "year", label)


# --- Chinese handlers --------------------------------------------------------------

_ZH_DAY_WORDS: dict[str, tuple[int, int | None]] = {
    "大前天": (-3, 12),
    "前天": (-2, 12),
    "昨天": (-1, 12),
    "昨日": (-1, 12),
    "昨晚": (-1, 21),
    "昨天晚上": (-1, 21),
    "今天": (0, None),
    "今日": (0, None),
    "今早": (0, 9),
    "今天早上": (0, 9),
    "今晚": (0, 20),
    "今天晚上": (0, 20),
    "明天": (1, 12),
    "明日": (1, 12),
    "后天": (2, 12),
}


def _zh_day_word(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    offset, hour = _ZH_DAY_WORDS[m.group(0)]
    when = ref if hour is None else _at(ref, ref.date() + timedelta(days=offset), hour)
    return _Resolved(when, "day", describe(when, lang="zh"))


def _zh_date(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    month = _zh_count(m["m"])[0]
    if m.groupdict().get("d") is None:
        when = _at(ref, date(int(m["y"]), month, 1)) if 1 <= month <= 12 else None
        return (
            _Resolved(when, "month", describe(when, "month", "zh"), relative=False)
            if when
            else None
        )
    day = _zh_count(m["d"])[0]
    year = m.groupdict().get("y")
    d = _safe_date(int(year), month, day) if year else _pick_year(ref.date(), month, day, tense)
    if d is None:
        return None
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d), lang="zh"), relative=year is None)


def _zh_year_only(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    when = _at(ref, date(int(m["y"]), 1, 1))
    return _Resolved(when, "year", describe(when, "year", "zh"), relative=False)


def _zh_weekday(m: re.Match[str], ref: datetime, tense: Tense) -> _Resolved | None:
    weekday, today = _ZH_WEEKDAYS[m["wd"]], ref.date()
    q = m.groupdict().get("q")
    if q is None:
        d = _weekday_after(today, weekday) if tense == "future" else _weekday_before(today, weekday)
    else:
        d = _week_start(today) + timedelta(days=7 * _ZH_SHIFT[q] + weekday)
    return _Resolved(_at(ref, d), "day", describe(_at(ref, d), lang="zh"))


def _zh_week(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    shift, ref_day = _ZH_SHIFT[m["q"]], describe(ref, lang="zh")
    when = _at(ref, ref.date() + timedelta(days=7 * shift))
    labels = {
        -2: f"{ref_day}的两周前",
        -1: f"{ref_day}的前一周",
        0: f"{ref_day}所在的那一周",
        1: f"{ref_day}的后一周",
    }
    return _Resolved(when, "week", labels.get(shift, f"{ref_day}的两周后"))


def _zh_weekend(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    shift = _ZH_SHIFT[m["q"]]
    when = _at(ref, _weekend(ref.date(), shift))
    label = (
        f"{describe(ref, lang='zh')}之前的那个周末"
        if shift < 0
        else describe(when, "weekend", "zh")
    )
    return _Resolved(when, "weekend", label)


def _zh_month(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    when = _at(ref, _add_months(ref.date().replace(day=1), _ZH_SHIFT[m["q"]]))
    return _Resolved(when, "month", describe(when, "month", "zh"))


_ZH_YEARS = {"前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}


def _zh_year(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    when = _at(ref, date(ref.year + _ZH_YEARS[m.group(0)], 1, 1))
    return _Resolved(when, "year", describe(when, "year", "zh"))


def _zh_offset(m: re.Match[str], ref: datetime, _: Tense) -> _Resolved | None:
    n, vague = _zh_count(m["n"])
    sign = -1 if m["dir"] in ("前", "以前", "之前") else 1
    unit, today, ref_day = m["u"], ref.date(), describe(ref, lang="zh")
    word = "前" if sign < 0 else "后"
    if unit in ("天", "日"):
        when = _at(ref, today + timedelta(days=sign * n))
        label = f"{ref_day}的{m['n']}天{word}" if vague else describe(when, lang="zh")
        return _Resolved(when, "day", label)
    if unit in ("周", "星期", "礼拜"):
        when = _at(ref, today + timedelta(days=7 * sign * n))
        return _Resolved(when, "week", f"{ref_day}的{m['n']}周{word}")
    if unit == "月":
        when = _at(ref, _add_months(today.replace(day=1), sign * n))
        label = f"{ref_day}的{m['n']}个月{word}" if vague else describe(when, "month", "zh")
        return _Resolved(when, "month", label)
    when = _at(ref, date(today.year + sign * n, 1, 1))
    label = f"{ref_day}的{m['n']}年{word}" if vague else describe(when, "year", "zh")
    return _Resolved(when, "year", label)


_I = re.IGNORECASE


def _gate(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(w) for w in words))


# A rule runs only when each of its gates finds something in the lower-cased text: a cheap
# first look that spares the costlier patterns most texts.
Gates = tuple[re.Pattern[str], ...]
_DIGIT = re.compile(r"\d")
_MONTH_GATE = _gate(
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"
)
_ZH_GATE = _gate("天", "日", "晚", "早", "周", "星期", "礼拜", "月", "年", "前", "后")
_WEEK_ZH = _gate("周", "星期", "礼拜")
_EN_DAY_MONTH = (
    r"\b(?:on\s+)?(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+"
    + _MONTH
    + r"(?:,?\s+(?P<y>\d{4})\b)?"
)
_EN_MONTH_DAY = (
    r"\b(?:on\s+)?" + _MONTH + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y>\d{4})\b)?"
)
_EN_MONTH_YEAR = (
    r"\b(?:(?:in|of|during)\s+)?(?:(?:early|late|mid)[\s-]+)?" + _MONTH + r",?\s+(?P<y>\d{4})\b"
)
_EN_SEASON_YEAR = (
    r"\b(?:(?:in|during)\s+)?(?:the\s+)?(?P<s>spring|summer|fall|autumn|winter)\s+(?:of\s+)?"
    r"(?P<y>(?:19|20)\d{2})\b"
)
_EN_PERIOD = (
    r"\b(?P<q>last|this\s+past|this\s+coming|this|next|coming|over\s+the)\s+"
    r"(?P<u>week|weekend|month|year|spring|summer|fall|autumn|winter)\b"
)
_Q_WEEKDAY = r"\b(?P<q>last|this\s+past|this\s+coming|this|next|coming|on)\s+"
_ZH_SHIFTS = r"(?P<q>上上|上|这|本|下下|下)个?"
_EN_RULES: tuple[tuple[Gates, re.Pattern[str], Handler], ...] = (
    ((_DIGIT,), re.compile(r"\b" + _LOCOMO.pattern, _I), _en_locomo),
    (
        (_DIGIT, _gate("-")),
        re.compile(
            r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?:[T ](?P<h>\d{2}):(?P<mi>\d{2})"
            r"(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\d:])"
        ),
        _iso,
    ),
    ((_DIGIT, _gate("/")), re.compile(r"\b(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})\b"), _iso),
    ((_DIGIT, _MONTH_GATE), re.compile(_EN_DAY_MONTH, _I), _en_day_month),
    ((_DIGIT, _MONTH_GATE), re.compile(_EN_MONTH_DAY, _I), _en_day_month),
    ((_DIGIT, _MONTH_GATE), re.compile(_EN_MONTH_YEAR, _I), _en_month_year),
    (
        (_MONTH_GATE,),
        re.compile(
            r"\b(?P<q>in|last|this|next|during|early|late|mid)[\s-]+" + _MONTH + r"(?!\s*\d)", _I
        ),
        _en_month,
    ),
    (
        (_DIGIT,),
        re.compile(r"\b(?:in|during|around|back\s+in|early|late)\s+(?P<y>(?:19|20)\d{2})\b", _I),
        _en_year,
    ),
    ((_DIGIT,), re.compile(_EN_SEASON_YEAR, _I), _en_season_year),
    (
        (
            _gate(
                "yesterday",
                "today",
                "tonight",
                "tomorrow",
                "night",
                "morning",
                "afternoon",
                "evening",
            ),
        ),
        re.compile(r"\b(?:" + "|".join(k.replace(" ", r"\s+") for k in _DAY_WORDS) + r")\b", _I),
        _en_day_word,
    ),
    ((_gate("last", "this", "next", "coming", "over"),), re.compile(_EN_PERIOD, _I), _en_period),
    (
        (_gate("mon", "tue", "wed", "thu", "fri", "sat", "sun"),),
        re.compile(_Q_WEEKDAY + _WEEKDAY, _I),
        _en_weekday,
    ),
    (
        (_gate("ago", "back", "earlier"),),
        re.compile(
            r"\b" + _NUMBER + r"\s+(?P<u>day|week|weekend|month|year)s?\s+(?:ago|back|earlier)\b",
            _I,
        ),
        _en_offset,
    ),
    (
        (_gate("in ", "within"),),
        re.compile(
            r"\b(?:in|within)\s+" + _NUMBER + r"\s+(?P<u>day|week|month|year)s?\b(?!\s+ago)", _I
        ),
        _en_offset,
    ),
)
_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")
_RULES = _EN_RULES + (
    (
        (_ZH_GATE,),
        re.compile(r"|".join(sorted(_ZH_DAY_WORDS, key=len, reverse=True))),
        _zh_day_word,
    ),
    (
        (_gate("年"),),
        re.compile(r"(?P<y>\d{4})年(?P<m>" + _ZH_NUM + r")月(?:(?P<d>" + _ZH_NUM + r")[日号])?"),
        _zh_date,
    ),
    (
        (_gate("月"),),
        re.compile(r"(?<![\d年])(?P<m>" + _ZH_NUM + r")月(?P<d>" + _ZH_NUM + r")[日号]"),
        _zh_date,
    ),
    ((_gate("年"),), re.compile(r"(?P<y>(?:19|20)\d{2})年(?!\d)"), _zh_year_only),
    (
        (_WEEK_ZH,),
        re.compile(_ZH_SHIFTS + r"(?:周|星期|礼拜)(?P<wd>[一二三四五六日天1-7])"),
        _zh_weekday,
    ),
    (
        (_WEEK_ZH,),
        re.compile(r"(?<![每上这本下个])(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"),
        _zh_weekday,
    ),
    (
        (_WEEK_ZH,),
        re.compile(_ZH_SHIFTS + r"(?:周|星期|礼拜)(?![一二三四五六日天1-7末])"),
        _zh_week,
    ),
    ((_gate("周末"),), re.compile(r"(?P<q>上|这|本|下)个?周末"), _zh_weekend),
    ((_gate("月"),), re.compile(r"(?<![晚早马路身手楼])" + _ZH_SHIFTS + r"月"), _zh_month),
    ((_gate("年"),), re.compile(r"前年|去年|今年|明年|后年"), _zh_year),
    (
        (_gate("前", "后"),),
        re.compile(
            r"(?<!\d)(?P<n>" + _ZH_NUM + r"|几)个?(?P<u>天|日|周|星期|礼拜|月|年)"
            r"(?P<dir>以前|之前|前|以后|之后|后)"
        ),
        _zh_offset,
    ),
)
