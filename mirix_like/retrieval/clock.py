"""When a question asks about, and the memories that happened then.

"What was on my screen at 8:30?", "What was I reading around 9pm yesterday?", "Was hatte ich
um 14 Uhr offen?", "Qu'est-ce que je regardais vers 8h30 ?", "¿Qué tenía abierto a las 8 y
media?", "我下午3点在看什么？": an hour a question names is when something happened, which no
word of a memory says. :func:`asked_clock` reads it as windows of the day in the user's time
zone; retrieval asks the store for the events in them (:meth:`AskedClock.utc_ranges`, a
cheap pre-filter on the stored UTC times) and keeps those the user saw then
(:meth:`AskedTime.pick`). A part of the day ("yesterday afternoon", "gestern Abend", "hier
soir", "esta mañana", "昨天下午") is a window too, and a question of what the user did or saw
on a day ("What did I look at on Monday?") asks for that whole day (:func:`asked_time`).

An hour without am/pm in English ("at 8:30") may be either; both are looked at, as are 12
and 0 for "at 12". German, French, Spanish and Chinese write the day's hours to 24, or say
which half ("abends", "du soir", "de la tarde", "下午").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mirix_like import memory_types
from mirix_like.retrieval.clock_words import in_digits
from mirix_like.store import SearchHit

__all__ = ["ASKS_WHAT_HAPPENED", "DAY", "EXACT_REACH", "HOUR_REACH", "JUST_NOW_REACH", "ROUNDING",
           "AskedClock",
           "AskedTime", "asked_clock", "asked_time", "zone_key", "zone_of"]

DAY = 24 * 60
EXACT_REACH = (30, 15)
"""Minutes before and after a time written to the minute ("at 8:30") that answer it: a
screen seen at 8:10 may still be what was on screen at 8:30."""
HOUR_REACH = (30, 30)
"""Minutes before and after an hour said alone ("around 9", "um 14 Uhr")."""
ROUNDING = 5
"""Minutes after the asked time that still count as "at" it: people round what they saw at
8:32 to "at 8:30"."""

_LATE = r"(?P<late>p\.?\s?m\.?|in the (?:afternoon|evening)|at night|tonight|abends|" \
        r"nachmittags|nachts|du soir|de l['’]après-midi|de la (?:tarde|noche))"
_EARLY = r"(?P<early>a\.?\s?m\.?|in the morning|morgens|vormittags|du matin|de la mañana)"
_HALF = r"(?P<half>\s+(?:y\s+media|et\s+demie))"
_MINUTE = r"(?:\s*(?:[:.]|h|\s*Uhr\s*)(?P<minute>[0-5]\d))"
_BARE_LEAD = r"at|around|about|circa|roughly|approximately|um|gegen"
"""Words before an hour that make a number alone a time ("at 9", "um 9")."""
_LEAD = (rf"(?:\b(?P<bare>{_BARE_LEAD})|\b(?:ca\.|etwa|vers)|(?<!\w)à|"
         r"\b(?:a|sobre|hacia|alrededor\s+de|a\s+eso\s+de)\s+las?)"
         r"\s+(?:(?:about|around|ca\.|etwa)\s+)?")
_CLOCK = re.compile(
    rf"(?P<lead>{_LEAD})?(?<![\d:.,/-])(?P<hour>[01]?\d|2[0-3]){_MINUTE}?"
    rf"(?P<mark>\s*(?:o['’]?clock|Uhr|h(?:eures?)?\b|horas?))?{_HALF}?"
    rf"\s*(?:{_LATE}|{_EARLY})?(?![\d/.,:-]?\d|\s*(?:%|€|\$|[kmg]b\b|years?|days?|min))",
    re.IGNORECASE)
_NAMED = re.compile(r"\b(?:at|around|um|gegen)\s+(?:(?P<noon>noon|midday|Mittag)|midnight|"
                    r"Mitternacht)\b|(?<!\w)à\s+(?:(?P<midi>midi)|minuit)\b|"
                    r"\ba(?:l|\s+la)\s+(?:(?P<medio>mediodía)|medianoche)\b", re.IGNORECASE)
_THEN = re.compile(r"\s*(?:$|[?？!.,;:)]|(?:yesterday|today|tonight|this|last|on|in|gestern|"
                   r"heute|vorgestern|letzte\w*|am)\b)", re.IGNORECASE)
"""What may follow an hour said alone ("at 9 yesterday?"), unlike "at 2 shops"."""
_ZH = re.compile(r"(?P<part>凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)?\s*(?P<hour>[01]?\d|2[0-3])"
                 r"\s*[点點时時](?:\s*(?P<half>半)|\s*(?P<quarter>一刻|三刻)|"
                 r"\s*(?P<minute>[0-5]?\d)\s*分?)?")
_ZH_LATE = frozenset({"下午", "傍晚", "晚上"})
# Parts of the day as (centre, reach) in minutes: morning 5:00-12:00, afternoon 12:00-18:00,
# evening and night 17:00-2:00. German "Morgen" alone is tomorrow, Spanish "mañana" too.
_PARTS = (
    (re.compile(r"(?i)\bmorning\b|\b(?:heute|gestern|vorgestern|am)\s+(?:Morgen|Vormittag)\b|"
                r"\b(?:morgens|vormittags)\b|\b(?:heute|gestern|vorgestern)\s+früh\b|"
                r"\bmatin(?:ée)?\b|\b(?:esta|la)\s+mañana\b|"
                r"早上|早晨|上午|今早"), (8 * 60 + 30, (210, 210))),
    (re.compile(r"(?i)\bafternoon\b|\bNachmittag|\baprès-midi\b|\b(?:esta|la)\s+tarde\b|"
                r"下午"), (15 * 60, (180, 180))),
    (re.compile(r"(?i)\b(?:evening|night|tonight)\b|\bAbend|\bnachts\b|\bsoir(?:ée)?\b|"
                r"\bnuit\b|\bnoche\b|\banoche\b|晚上|今晚|昨晚|傍晚"), (21 * 60 + 30, (270, 270))),
)
_GREETING = re.compile(r"(?i)\bgood\s+(?:morning|afternoon|evening|night)\b|"
                       r"\bguten\s+(?:Morgen|Abend)\b|\bgute\s+Nacht\b|\bbonne\s+(?:soirée|nuit)\b|"
                       r"\bbuen(?:os|as)\s+(?:días|tardes|noches)\b|早上好|晚上好|晚安")
# What a question asks of what happened or was on screen: "What was on my screen …?", "What
# did I do …?", "Was hatte ich … offen?", "Qu'est-ce que je regardais …?", "¿Qué vi …?",
# "我…在看什么？"
ASKS_WHAT_HAPPENED = re.compile(
    r"(?i)\b(?:what|which)\b.*\b(?:screen|look(?:ing|ed)? at|see|saw|view(?:ing|ed)?|do(?:ing)?|"
    r"did|work(?:ing)? on|read(?:ing)?|watch(?:ing|ed)?|listen(?:ing|ed)? to|play(?:ing|ed)?|"
    r"hear|heard|open|up to|happen(?:ed|ing)?)\b|"
    r"\b(?:was|welche[nmrs]?|woran|womit)\b.*\b(?:Bildschirm|offen|geöffnet|an(?:ge)?(?:schaut|"
    r"sehen)|gesehen|gemacht|gelesen|geschaut|getan|gehört|gespielt|gearbeitet|beschäftigt|passiert)\b|"
    r"(?:\bqu['’]est-ce que|\bqu['’](?:ai|avais)-je\b|\bque\b|\bquoi\b|\bquel(?:le)?s?\b)"
    r".*(?:écran|\bregard|\bfais|\bfait\b|\blis|\bouvert|\bvu\b|\bvoyais|\bécout|\btravaill)|"
    r"\b(?:qué|cuál)\b.*\b(?:pantalla|viendo|mirando|haciendo|hice|abierto|leyendo|vi|veía|"
    r"hacía|escuchando|escuché|escuchaba|trabajando|trabajé|trabajaba)\b|(?:屏幕|看|做|干|听|打开|开着).*(?:什么|啥|哪)")
_EITHER_HALF = frozenset({"at", "around", "about", "circa", "roughly", "approximately"})
"""English leads, after which an hour to 12 with no am/pm may be morning or evening."""


@dataclass(frozen=True)
class AskedClock:
    """Windows of the day, in minutes after local midnight, [start, end); any one answers.
    ``said`` is the time as the question wrote it ("8:30", "9pm", "14 Uhr", "8点半")."""

    minutes: tuple[int, ...]
    reach: tuple[int, int]
    said: str = ""
    span: bool = False
    """A part of the day ("yesterday afternoon"): every moment in it answers, not the one
    nearest a time."""

    @property
    def windows(self) -> list[tuple[int, int]]:
        """Each asked minute with its reach; a window may run past either midnight."""
        before, after = self.reach
        return [(m - before, m + after) for m in self.minutes]

    def utc_ranges(self, zone: tzinfo, year: int) -> list[tuple[int, int]]:
        """The windows as minutes of the UTC day, for each offset ``zone`` has in ``year``
        (summer and winter time), split at midnight: what the store can filter on."""
        offsets = {(datetime(year, month, 1, tzinfo=zone).utcoffset() or timedelta())
                   // timedelta(minutes=1) for month in (1, 7)}
        ranges: set[tuple[int, int]] = set()
        for offset in offsets:
            for start, end in self.windows:
                start, end = start - offset, end - offset
                shift = start // DAY * DAY
                start, end = start - shift, end - shift
                ranges.add((start, min(end, DAY)))
                if end > DAY:
                    ranges.add((0, end - DAY))
        return sorted(ranges)

    def place(self, when: datetime, zone: tzinfo | None = None) -> tuple[date, int] | None:
        """The day whose asked time ``when`` answers and its minutes from it (negative:
        before), or None when it is in no window; read in ``zone`` (``when``'s own offset
        when None). 23:50 answers "at midnight" of the next day."""
        local = when.astimezone(zone) if zone is not None else when
        minute = local.hour * 60 + local.minute
        near = [(abs(shift + minute - asked), shift + minute - asked, shift)
                for asked, (start, end) in zip(self.minutes, self.windows, strict=True)
                for shift in (-DAY, 0, DAY) if start <= shift + minute < end]
        if not near:
            return None
        _, delta, shift = min(near)
        return local.date() - timedelta(days=shift // DAY), delta


@dataclass(frozen=True)
class AskedTime:
    """When a question asks about: hours of the day, a day (in the user's zone), or both."""

    clock: AskedClock | None
    day: date | None
    said: str
    """The words that said it ("8:30", "yesterday afternoon", "on Monday")."""

    @property
    def span(self) -> bool:
        """Whether every moment in it answers (a part of the day, a whole day)."""
        return self.clock is None or self.clock.span

    def pick(self, times: Sequence[datetime | None], zone: tzinfo | None = None) -> list[int]:
        """The indexes of ``times`` that answer, on the day asked (else the newest day that
        has any): a span's in time order; a moment's those at it (up to :data:`ROUNDING`
        minutes after) or before it, nearest first, as what was seen then was still there,
        then those after it. Each is read in ``zone`` (its own offset when None); None times
        answer nothing."""
        placed = [(found, when, index) for index, when in enumerate(times)
                  if when is not None and (found := self._place(when, zone)) is not None]
        chosen = self.day or max((found[0] for found, _, _ in placed), default=None)
        on_day = [p for p in placed if p[0][0] == chosen]
        if self.span:
            return [index for _, _, index in sorted(on_day, key=lambda p: (p[1], p[2]))]
        return [index for _, _, index in sorted(
            on_day, key=lambda p: (p[0][1] > ROUNDING, abs(p[0][1]), p[2]))]

    def _place(self, when: datetime, zone: tzinfo | None) -> tuple[date, int] | None:
        if self.clock is not None:
            return self.clock.place(when, zone)
        return (when.astimezone(zone) if zone is not None else when).date(), 0

    def hits(self, hits: Sequence[SearchHit], zone: tzinfo, keep: int) -> list[SearchHit]:
        """The ``keep`` hits :meth:`pick` puts first (of a span, the latest ones), by the
        time their type keeps."""
        times = [getattr(h.item, memory_types.get(h.memory_type).time_field, None) for h in hits]
        order = self.pick([t if isinstance(t, datetime) else None for t in times], zone)
        return [hits[i] for i in (order[-keep:] if self.span else order[:keep])]


def zone_key(zone: tzinfo) -> str:
    """``zone`` as a prompt can carry it: its IANA name, else its offset now ("+0100")."""
    return getattr(zone, "key", None) or datetime.now(zone).strftime("%z")


def zone_of(key: str) -> tzinfo:
    """The zone :func:`zone_key` wrote (UTC for anything else)."""
    if found := re.fullmatch(r"([+-])(\d\d)(\d\d)", key):
        sign = -1 if found[1] == "-" else 1
        return timezone(sign * timedelta(hours=int(found[2]), minutes=int(found[3])))
    try:
        return ZoneInfo(key)
    except (ValueError, ZoneInfoNotFoundError):
        return UTC


def asked_clock(question: str) -> AskedClock | None:
    """The time of day ``question`` asks about, or None when it names none. A time said in
    words ("half past eight", "um halb neun") is read as its digits."""
    digits = in_digits(question)
    found = _said(digits.text)
    return found and AskedClock(found.minutes, found.reach, digits.restore(found.said),
                                found.span)


def _said(question: str) -> AskedClock | None:
    """:func:`asked_clock` of a question whose clock times are in digits."""
    if found := _ZH.search(question):
        hour = int(found["hour"])
        if found["part"] in _ZH_LATE and hour < 12:
            hour += 12
        minute = (30 if found["half"] else {"一刻": 15, "三刻": 45}.get(found["quarter"] or "")
                  or int(found["minute"] or 0))
        exact = bool(found["half"] or found["quarter"] or found["minute"])
        return AskedClock((hour * 60 + minute,), EXACT_REACH if exact else HOUR_REACH,
                          found.group(0).strip())
    if found := _NAMED.search(question):
        noon = found["noon"] or found["midi"] or found["medio"]
        return AskedClock((12 * 60 if noon else 0,), HOUR_REACH, found.group(0).split()[-1])
    for found in _CLOCK.finditer(question):
        hour, written = int(found["hour"]), found["minute"]
        said = written or found["mark"] or found["half"] or found["late"] or found["early"]
        # "8:30" alone may name a train, "at 2 shops" count them: a time is led or marked
        if not (found["lead"] and said or found["late"] or found["early"]
                or found["bare"] and _THEN.match(question, found.end())):
            continue
        minute = int(written) if written else 30 if found["half"] else 0
        if found["late"] and hour < 12:
            hour += 12
        elif found["early"] and hour == 12:
            hour = 0
        reach = EXACT_REACH if written or found["half"] else HOUR_REACH
        if (found["bare"] or "").lower() in _EITHER_HALF and 1 <= hour <= 12 and not (
                found["mark"] or found["late"] or found["early"]):
            minutes: tuple[int, ...] = (hour % 12 * 60 + minute, (hour % 12 + 12) * 60 + minute)
        else:
            minutes = (hour * 60 + minute,)
        return AskedClock(minutes, reach, found.group(0)[len(found["lead"] or ""):].strip())
    for words, (centre, reach) in _PARTS:
        if found := words.search(_GREETING.sub("", question)):
            return AskedClock((centre,), reach, found.group(0), span=True)
    return None


_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "few": 3, "couple of": 2, "five": 5,
          "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
          "ein": 1, "eine": 1, "einer": 1, "einem": 1, "zwei": 2, "drei": 3, "paar": 3,
          "fünf": 5, "zehn": 10, "fünfzehn": 15, "zwanzig": 20, "dreißig": 30,
          "un": 1, "une": 1, "deux": 2, "trois": 3, "quelques": 3, "cinq": 5, "dix": 10,
          "quinze": 15, "vingt": 20, "trente": 30, "uno": 1, "una": 1, "dos": 2, "tres": 3,
          "unos": 3, "unas": 3, "cinco": 5, "diez": 10, "quince": 15, "veinte": 20,
          "treinta": 30, "一": 1, "两": 2, "二": 2, "三": 3, "几": 3, "五": 5, "十": 10,
          "十五": 15, "二十": 20, "三十": 30}
_N = (r"(?P<n>\d{1,3}|" + "|".join(sorted((re.escape(w) for w in _COUNT if w != "ein"),
                                         key=len, reverse=True))
      + r"|ein(?:e[rm]?)?|(?:ein )?paar)")
_AGO = tuple(re.compile(pattern.format(n=_N), re.IGNORECASE) for pattern in (
    r"\b{n}\s+(?:(?P<minutes>minutes?|mins?)|hours?|hrs?)\s+ago\b",
    r"\bvor\s+{n}\s+(?:(?P<minutes>Minuten?)|Stunden?)\b",
    r"\bil\s+y\s+a\s+{n}\s+(?:(?P<minutes>minutes?)|heures?)\b",
    r"\bhace\s+{n}\s+(?:(?P<minutes>minutos?)|horas?)\b",
    r"{n}\s*(?:(?P<minutes>分钟)|个?小时)以?前",
))
"""A time said from now: "10 minutes ago", "vor zwei Stunden", "il y a 3 heures", "hace una
hora", "20分钟前"."""
_HALF_HOUR_AGO = re.compile(r"(?i)half an hour ago|vor einer halben Stunde|il y a une "
                            r"demi-heure|hace media hora|半(?:个)?小时前")
_JUST_NOW = re.compile(r"(?i)\bjust now\b|\ba moment ago\b|\bjust (?:been )?look|"
                       r"\bgerade eben\b|\bvorhin\b|à l['’]instant|\bhace un momento\b|"
                       r"\bahora mismo\b|刚才|刚刚")
JUST_NOW_REACH = (180, 5)
"""What "just now" reaches: the screen last seen in the three hours before."""


def _ago(question: str, now: datetime) -> AskedTime | None:
    """The moment ``question`` says from ``now`` ("10 minutes ago", "just now"), or None."""
    back, reach = timedelta(minutes=30), EXACT_REACH
    if said := _HALF_HOUR_AGO.search(question):
        pass
    elif said := _JUST_NOW.search(question):
        back, reach = timedelta(), JUST_NOW_REACH
    elif said := next((found for pattern in _AGO if (found := pattern.search(question))), None):
        word = said["n"].lower().removeprefix("ein ")
        count = int(word) if word.isdigit() else _COUNT.get(word, 1)
        minutes = bool(said["minutes"])
        back = timedelta(minutes=count) if minutes else timedelta(hours=count)
        reach = EXACT_REACH if minutes else HOUR_REACH
    else:
        return None
    then = now - back
    text = "just now" if said.group(0).lower().startswith("just") else said.group(0).strip()
    return AskedTime(AskedClock((then.hour * 60 + then.minute,), reach, text), then.date(), text)


def asked_time(question: str, now: datetime) -> AskedTime | None:
    """When ``question`` asks about, its day resolved against ``now`` (in the user's zone):
    an hour or a part of the day, on a day or not, or a day alone when the question asks what
    happened or was seen then ("What did I look at on Monday?"). None when it asks none."""
    if ago := _ago(question, now):
        return ago
    clock = asked_clock(question)
    if (clock is None or clock.span) and not ASKS_WHAT_HAPPENED.search(question):
        return None
    # dateparser takes a while to load: only a question that may name a time needs it
    from mirix_like.offline.timeparse import find_times

    named = next((t for t in find_times(question, now) if t.granularity == "day"), None)
    day = named.when.date() if named else None
    if clock is not None and (not clock.span or ASKS_WHAT_HAPPENED.search(question)):
        said = clock.said if not clock.span or named is None or clock.said in named.text \
            or named.text in clock.said else f"{named.text} {clock.said}"
        return AskedTime(clock, day, said)
    if named is not None and ASKS_WHAT_HAPPENED.search(question):
        return AskedTime(None, day, named.text)
    return None
