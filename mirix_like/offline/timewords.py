"""The words and patterns ``timeparse`` finds time expressions with.

English and Chinese patterns are written here; German, French and Spanish ones are built from
dateparser's own locale vocabulary (relative phrases, "ago" words, units, month and weekday
names), so what dateparser can resolve in those languages is also what gets found.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from dateparser.languages.loader import default_loader

_I = re.IGNORECASE

MONTH_NAMES = {
    lang: names.split()
    for lang, names in {
        "en": "January February March April May June July August September October November "
        "December",
        "de": "Januar Februar März April Mai Juni Juli August September Oktober November "
        "Dezember",
        "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre "
        "décembre",
        "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
        "diciembre",
    }.items()
}
MONTHS = {name.lower(): i for i, name in enumerate(MONTH_NAMES["en"], 1)}
MONTHS.update({name[:3]: i for name, i in list(MONTHS.items())})
MONTHS["sept"] = 9
SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
SEASON_NAMES = {3: "spring", 6: "summer", 9: "autumn", 12: "winter"}
SEASONS_ZH = {3: "春天", 6: "夏天", 9: "秋天", 12: "冬天"}
FORMS = {  # how a date reads in German, French and Spanish
    "de": {"day": "{d}. {m} {y}", "month": "{m} {y}", "year": "{y}",
           "minute": "{day}, {h}:{mi:02d} Uhr"},
    "fr": {"day": "{d} {m} {y}", "month": "{m} {y}", "year": "{y}",
           "minute": "{day}, {h}h{mi:02d}"},
    "es": {"day": "{d} de {m} de {y}", "month": "{m} de {y}", "year": "{y}",
           "minute": "{day}, {h}:{mi:02d}"},
}
WEEK_LABELS = {
    "en": {-2: "{n} weeks before {d}", -1: "the week before {d}", 0: "the week of {d}",
           1: "the week after {d}", 2: "{n} weeks after {d}"},
    "de": {-2: "{n} Wochen vor dem {d}", -1: "die Woche vor dem {d}", 0: "die Woche vom {d}",
           1: "die Woche nach dem {d}", 2: "{n} Wochen nach dem {d}"},
    "fr": {-2: "{n} semaines avant le {d}", -1: "la semaine avant le {d}", 0: "la semaine du {d}",
           1: "la semaine après le {d}", 2: "{n} semaines après le {d}"},
    "es": {-2: "{n} semanas antes del {d}", -1: "la semana anterior al {d}",
           0: "la semana del {d}", 1: "la semana posterior al {d}",
           2: "{n} semanas después del {d}"},
}
PART_OF_DAY_HOURS = {"last night": 21, "tonight": 20, "this morning": 9, "this afternoon": 15,
                     "this evening": 19, "昨晚": 21, "昨天晚上": 21, "今早": 9, "今天早上": 9,
                     "今晚": 20, "今天晚上": 20, "anoche": 21, "antenoche": 21,
                     "ce matin": 9, "cet après-midi": 15, "ce soir": 19, "esta mañana": 9,
                     "esta tarde": 15, "esta noche": 20}
TODAY = re.compile(r"today|earlier today|heute|aujourd'hui|hoy|今天|今日")
YEAR = re.compile(r"(?<!\d)(?:1[5-9]|20)\d{2}(?!\d)")
HAN = re.compile(r"[\u4e00-\u9fff]")
DIGIT = re.compile(r"\d")
SENTENCE_ENDS = ".!?。！？\n"
FUTURE = re.compile(
    # "planning to", not the noun of "Q3 planning notes (Oct 2)"; "I start at Lidl on Monday":
    # what is arranged, told in the present
    r"\b(?:will|going\s+to|gonna|plan|plans|planning)\b(?!\s+(?:notes|doc|document|"
    r"meeting|session|call|board|sheet|template)\b)|"
    r"\b(?:next|upcoming|soon|can't\s+wait|"
    r"looking\s+forward|hope\s+to|about\s+to|coming\s+up|remind\s+me|deadline|"
    # "is booked for 9 December": a participle that names what is arranged, not a past act
    r"(?:is|are|['’]s|been|got)\s+(?:booked|scheduled|planned|arranged|set|due|confirmed|"
    r"moved|postponed|rescheduled)(?:\s+\w+)?\s+(?:for|on|to|until)|due\s+(?:on|by)|"
    r"expires?|starts?\s+on|(?:I|we)\s+(?:start|begin)(?:\s+(?:at|with|on))?)\b|'ll\b|打算|计划|"
    r"准备|将要|要去|会去|想去|"
    # an arrangement told in the progressive ("so we're moving there in August"), a wish or a
    # suggestion ("You might enjoy the marathon in November", "Maybe we go to Spain in
    # October"): ahead, whatever else the sentence says happened
    r"\b(?:['’]re|['’]m|are|am|is|['’]s)\s+(?:(?:also|probably|finally|actually)\s+)?"
    r"(?:moving|relocating|leaving|flying|travell?ing|heading|visiting|coming|getting\s+married|"
    r"retiring|graduating|joining|returning|launching|opening|starting(?!\s+to\b))\b|\b(?:might|should)\s+(?!(?:have|had|not\s+have)\b)\w+|"
    r"\b(?:maybe|perhaps|hopefully|wanna|hoping|thinking\s+(?:of|about))\b|"
    r"\b(?:want|would\s+like|['’]d\s+like)\s+to\b|"
    # a start told by its participle ("starting in January"), and a date an appointment was
    # moved to ("Moved my dentist appointment to Friday the 14th")
    r"(?:^\s*|[,;:–—-]\s*|\b(?:and|but|so)\s+)(?:starting|beginning)\s+(?:in|on|from|next)\b|"
    r"\b(?:moved|postponed|rescheduled|pushed(?:\s+back)?|bumped)\s+(?:my|the|our)\s+"
    r"(?:[\w'’-]+\s+){0,2}?(?:appointment|meeting|flight|booking|reservation|interview|exam|"
    r"call|session|surgery|check-?up)\s+(?:back\s+)?to\b|"
    # the future tense of Spanish and French, German "werden" ("nacerá en diciembre", "on
    # partira en août", "das Baby wird im März geboren")
    r"\b\w{2,}(?:ré|rás|rá|remos|rán)\b|\b\w{2,}(?:rai|rons|ront)\b|"
    r"\b(?:sera|aura|fera|ira|viendra|naîtra|partira)\b|\b(?:werde|wirst|wird|werden)\b|"
    # a race or an exam trained for ("I'm training for the half marathon in October")
    r"(?<!was\s)(?<!were\s)\b(?:training|preparing|prepping|signed\s+up|registered)\s+for\b|"
    r"\b(?:trainiere\s+für|m['’]entra[îi]ne\s+pour|(?:entreno|entrenando)\s+para|"
    r"(?:preparo|preparando)\s+para)\b|"
    # a departure told in the present ("trip to Japan: fly out 14 oct")
    r"\b(?:fly|flying|flies)\s+(?:out|back|home)\b|"
    # "Booked flights to Lisbon for the 14th of March": the booking is done, the date is ahead
    r"\b(?:booked|reserved|scheduled|got\s+tickets|bought\s+tickets)\b[^.!?]{0,60}?\bfor\s+"
    r"(?:the\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec)|"
    # what was moved is moved to a day ahead ("the meeting was postponed to 10 July", "Der
    # Termin wurde auf den 20. Juni verschoben", "reporté au 3 mai", "se cambió al lunes")
    # (not a move of one's own: "We moved to Lisbon in May" happened)
    r"\b(?:(?:was|were|got|been)\s+(?:moved|pushed\s+back|put\s+back|brought\s+forward)|"
    r"postponed|rescheduled)\s+(?:to|until|till|for)\b|"
    r"\bauf\s+(?:den\s+|nächste\w*\s+)?[^!?\n]{1,30}?\b(?:verschoben|verlegt|vorverlegt)\b|"
    r"\b(?:reporté|repoussé|décalé|avancé)e?s?\s+(?:au|à)\b|\b(?:cambió|cambiado|cambiaron|"
    r"pospuso|pospuesto|aplazó|aplazado|movió|movido|adelantó|adelantado)\s+(?:al|para\s+el)\b|"
    r"改到|改在|推迟到|延期到|提前到|挪到",
    _I,
)
PAST = re.compile(
    r"\b(?:was|were|went|did|had|ago|last|\w+ed|met|saw|got|took|made|came|bought|gave|told|"
    r"said|ran|won|lost|began|wrote|ate|drank|spent|paid|sent|brought|thought|knew|flew|drove|"
    r"rode|sang|swam|heard|slept|wore|built|caught|taught|sold|grew|threw|broke|chose|forgot|"
    r"fell|became)\b|了|过|"
    # German, French and Spanish past forms: "Wir waren im August in Rom", "Wir sind im
    # August umgezogen", "On est allés à Rome en août", "Fuimos a Roma en agosto"
    r"\b(?:war|waren|warst|hatte|hatten|gewesen|était|étais|étions|avait|avais|avions|fui|fue|"
    r"fuimos|fueron|estuve|estuvo|estuvimos|tuve|tuvo|tuvimos|hice|hizo|hicimos)\b|"
    r"\b(?:habe|hast|hat|haben|habt|bin|bist|ist|sind|seid)\b[^.!?]{0,60}?"
    # a participle, with a separable prefix too ("umgezogen"), not of what is arranged
    r"\b(?!(?:\w{0,5})ge(?:bucht|plant|setzt|legt)\b)\w{0,5}ge\w{3,}(?:t|en)\b|"
    r"\b(?:ai|as|a|avons|avez|ont|suis|est|sommes|êtes|sont)\s+(?:\w+\s+)?"
    r"\w{2,}(?:é|ée|és|ées)\b|\b\w{2,}(?:aste|aron|ieron|iste|ió)\b|"
    r"\b(?:he|has|ha|hemos|han)\s+\w{2,}(?:ado|ido)\b", _I)
# "My flight to Tokyo is on 2 December", said in January: something arranged, told in the
# present, is ahead (read only when the sentence has no past form). In German, French, Spanish
# and Chinese the arranged thing alone says so ("Zahnarzttermin am Freitag um 10:30", "La
# reunión con el cliente es el jueves"), unless a past form of those languages is there.
SCHEDULED = re.compile(
    r"^(?=.*\b(?:is|are|['’]s)\b)(?=.*\b(?:flight|train|appointment|exam|interview|meeting|"
    r"wedding|trip|holiday|vacation|concert|party|surgery|operation|check-?up|reservation|"
    r"booking|match|gig|deadline|visit|recital|ceremony)s?\b)|"
    r"^(?!.*\b(?:war|waren|hatte|hatten|gewesen|gestern|letzte[nmrs]?|fue|fui|fuimos|fueron|"
    r"era|estuvo|tuve|tuvimos|ayer|pasad[oa]|était|étais|avait|avais|été|eu|hier|"
    r"derni(?:er|ère))\b)(?=.*(?:\b\w*[Tt]ermin(?:e|s)?\b|\b(?:Besprechung|Flug|Prüfung|"
    r"Hochzeit|Reise|Urlaub|Konzert|Feier|Operation|Vorstellungsgespräch|Reservierung|"
    r"rendez-vous|rdv|réunion|vol|examen|entretien|mariage|voyage|vacances|concert|fête|"
    r"opération|réservation|cita|reunión|vuelo|entrevista|boda|viaje|vacaciones|concierto|"
    r"fiesta|operación|reserva)s?\b|会议|开会|航班|考试|面试|婚礼|旅行|预约|聚会|手术))", _I)

# --- English ------------------------------------------------------------------------------

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
}
_VAGUE_NUMBERS = {"a few": 3, "few": 3, "several": 3, "a couple of": 2, "a couple": 2,
                  "couple of": 2}
_NUMBER = (
    r"(?P<n>\d{1,3}|a\s+couple\s+of|a\s+couple|couple\s+of|a\s+few|few|several|"
    + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + ")"
)
COUNT = re.compile(
    r"\d+|[零〇一二两三四五六七八九十]+|\b(?:a\s+couple\s+of|a\s+few|several|"
    + "|".join(w for w in _NUMBER_WORDS if len(w) > 2) + r")\b", _I,
)


VAGUE = re.compile(r"\b(?:a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|several)\b|几", _I)


def en_count(word: str) -> int:
    """The number a count word stands for ("3", "two", "a few")."""
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else {**_NUMBER_WORDS, **_VAGUE_NUMBERS}[word]


_MONTH = (  # an abbreviation may end with a full stop, which then belongs to the match
    r"(?P<mon>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b"
    r"(?:(?<=jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)\.|(?<=sept)\.)?"
)
EN_WEEKDAYS = {day: i for i, day in enumerate(("mon", "tue", "wed", "thu", "fri", "sat", "sun"))}
_WEEKDAY = (  # full names in any case, abbreviations only capitalised ("Tues.", not "sat")
    r"(?P<wd>(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"(?-i:(?:Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?))"
)
_DAY_WORDS = (
    "the day before yesterday", "day before yesterday", "the day after tomorrow",
    "day after tomorrow", "yesterday", "last night", "today", "earlier today", "this morning",
    "this afternoon", "this evening", "tonight", "tomorrow",
)
LOCOMO = re.compile(
    r"(?P<h>\d{1,2}):(?P<mi>\d{2})\s*(?P<ap>am|pm|a\.m\.|p\.m\.)\s+on\s+(?P<d>\d{1,2})\s+"
    + _MONTH + r",?\s+(?P<y>\d{4})\b",
    _I,
)
EN_LOCOMO = re.compile(r"\b" + LOCOMO.pattern, _I)
EN_ISO = re.compile(
    r"\b\d{4}(?P<sep>[-/])\d{1,2}(?P=sep)\d{1,2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
    r"(?:Z|[+-]\d{2}:?\d{2})?)?(?![\d:])"
)
EN_DAY_MONTH = re.compile(
    r"\b(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+" + _MONTH
    + r"(?:,?\s+\d{4}\b)?", _I,
)
EN_MONTH_DAY = re.compile(
    r"\b(?:on\s+)?" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4}\b)?", _I
)
EN_MONTH_YEAR = re.compile(
    r"\b(?:(?:in|of|during)\s+)?(?:(?:early|late|mid)[\s-]+)?" + _MONTH + r",?\s+\d{4}\b", _I
)
NUMERIC_DATE = re.compile(  # "15/04/2025", "15.04.2025", "4-15-2025"; not a version "15.3.1"
    r"(?<![\w./-])(?P<a>\d{1,2})(?P<sep>[./-])(?P<b>\d{1,2})(?P=sep)(?P<y>(?:19|20)\d{2})"
    r"(?![\w/-]|\.\d)"
)
ORDINAL_DAY = re.compile(  # "due on the 28th", not "the 5th floor" nor "the 28th of May"
    r"\b(?:on\s+)?the\s+(?P<d>[12]?\d|3[01])(?:st|nd|rd|th)\b(?=\s*(?:[.,;:!?)]|$|"
    r"(?:and|or|at|by|until|till|before|after|but|so|then|instead)\b))", _I
)
EN_QUALIFIED_MONTH = re.compile(
    r"\b(?P<q>in|last|this|next|during|early|late|mid|since)[\s-]+" + _MONTH + r"(?!\s*\d)", _I
)
EN_QUALIFIED_YEAR = re.compile(
    r"\b(?:in|during|around|back\s+in|early|late)\s+(?P<y>(?:19|20)\d{2})\b", _I
)
EN_SEASON_YEAR = re.compile(
    r"\b(?:(?:in|during)\s+)?(?:the\s+)?(?P<s>spring|summer|fall|autumn|winter)\s+(?:of\s+)?"
    r"(?P<y>(?:19|20)\d{2})\b", _I,
)
EN_DAY_WORDS = re.compile(r"\b(?:" + "|".join(w.replace(" ", r"\s+") for w in _DAY_WORDS)
                          + r")\b", _I)
EN_PERIOD = re.compile(
    r"\b(?P<q>last|this\s+past|this\s+coming|this|next|coming|over\s+the)\s+"
    r"(?P<u>week|weekend|month|year|spring|summer|fall|autumn|winter)\b", _I,
)
EN_WEEKDAY = re.compile(
    r"\b(?P<q>last|this\s+past|past|this\s+coming|this|next|coming|on)\s+" + _WEEKDAY
    # "on Saturday mornings" is every one
    + r"(?!\s+(?:mornings|afternoons|evenings|nights)\b)", _I
)
EN_OFFSET = re.compile(
    r"\b" + _NUMBER + r"\s+(?P<u>day|week|weekend|month|year)s?\s+(?:ago|back|earlier)\b", _I
)
EN_IN = re.compile(
    r"\b(?:in|within)\s+" + _NUMBER + r"\s+(?P<u>day|week|month|year)s?\b(?!\s+ago)", _I
)
EN_REWRITES = (  # phrasings dateparser does not know, in ones it does
    (re.compile(r"^(?:this\s+past|past|over\s+the)\b", _I), "last"),
    (re.compile(r"^(?:back\s+in|around|during|early|late)\b", _I), "in"),
    (re.compile(r"\b(?:a\s+couple(?:\s+of)?|couple\s+of)\b", _I), "2"),
    (re.compile(r"\b(?:a\s+few|few|several)\b", _I), "3"),
    (re.compile(r"^(?:this\s+)?coming\b", _I), "next"),
    (re.compile(r"^within\b", _I), "in"),
    (re.compile(r"\b(?:back|earlier)$", _I), "ago"),
    (re.compile(r"^earlier\s+", _I), ""),
    (re.compile(r"(?<=\w)\.$"), ""),
    (re.compile(r"\b(?:" + "|".join(w for w in _NUMBER_WORDS if len(w) > 2) + r")\b", _I),
     lambda m: str(_NUMBER_WORDS[m.group(0).lower()])),  # "thirteen day ago" -> "13 day ago"
)


def named_month(phrase: str, lang: str) -> int | None:
    """The month ``phrase`` names, if it names one (English, German, French or Spanish)."""
    low = phrase.lower()
    for i, name in enumerate(MONTH_NAMES.get(lang, MONTH_NAMES["en"]), 1):
        if re.search(rf"\b{name.lower()[:3]}", low):
            return i
    return None


def _gate(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(w) for w in words))


# Gates run on the lower-cased text: a rule runs only when its gate finds something.
MONTH_GATE = _gate("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                   "dec")
EN_DAY_GATE = _gate("yesterday", "today", "tonight", "tomorrow", "night", "morning", "afternoon",
                    "evening")
EN_PERIOD_GATE = _gate("last", "this", "next", "coming", "over")
WEEKDAY_GATE = _gate("mon", "tue", "wed", "thu", "fri", "sat", "sun")
OFFSET_GATE = _gate("ago", "back", "earlier")
IN_GATE = _gate("in ", "within")

# --- Chinese ------------------------------------------------------------------------------

_ZH_DIGITS = dict(zip("零〇一二两三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9),
                      strict=True))
_ZH_NUM = r"[\d零〇一二两三四五六七八九十]{1,3}"
ZH_NUMBER = re.compile(r"[零〇一二两三四五六七八九十]+")
ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "7": 6}
ZH_WEEKDAYS.update({str(i): i - 1 for i in range(1, 7)})
ZH_SHIFT = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2}
# In the order they apply: what dateparser does not know, as what it does.
ZH_SYNONYMS = tuple(re.findall(r"(\S+)=(\S+)", """
    以前=前 之前=前 以后=后 之后=后 个礼拜=周 个星期=周 礼拜=周 星期=周 上上周=2周前 下下周=2周后
    这周=本周 上上个月=2个月前 下下个月=2个月后 这个月=本月 这月=本月 上月=上个月 下月=下个月
    前年=2年前 后年=2年后 几=3 昨天晚上=昨天 昨晚=昨天 昨日=昨天 今天早上=今天 今早=今天
    今天晚上=今天 今晚=今天 今日=今天 明日=明天"""))


def zh_count(word: str) -> int:
    """The number a Chinese count stands for ("三", "十二", "两", "2023")."""
    if word.isdigit():
        return int(word)
    if "十" in word:
        tens, _, units = word.partition("十")
        return _ZH_DIGITS.get(tens, 1) * 10 + _ZH_DIGITS.get(units, 0)
    value = 0
    for ch in word:
        value = value * 10 + _ZH_DIGITS.get(ch, 0)
    return value


_ZH_SHIFTS = r"(?P<q>上上|上|这|本|下下|下)个?"
ZH_DAY_WORDS = re.compile(
    r"大前天|前天|昨天晚上|昨天|昨日|昨晚|今天早上|今天晚上|今天|今日|今早|今晚|明天|明日|后天"
)
ZH_DATE = re.compile(r"\d{4}年" + _ZH_NUM + r"月(?:" + _ZH_NUM + r"[日号])?")
ZH_MONTH_DAY = re.compile(r"(?<![\d年])(?P<m>" + _ZH_NUM + r")月(?P<d>" + _ZH_NUM + r")[日号]")
ZH_YEAR = re.compile(r"(?:19|20)\d{2}年(?!\d)")
ZH_WEEKDAY = re.compile(  # "上周五", "下星期三" or, with no shift, "周五"
    _ZH_SHIFTS + r"(?:周|星期|礼拜)(?P<wd>[一二三四五六日天1-7])"
    r"|(?<![每上这本下个])(?:周|星期|礼拜)(?P<bare>[一二三四五六日天])"
)
ZH_WEEK = re.compile(_ZH_SHIFTS + r"(?:周|星期|礼拜)(?![一二三四五六日天1-7末])")
ZH_WEEKEND = re.compile(r"(?P<q>上|这|本|下)个?周末")
ZH_MONTH = re.compile(r"(?<![晚早马路身手楼])" + _ZH_SHIFTS + r"月")
ZH_SHIFTED_YEAR = re.compile(r"去年|今年|明年|前年|后年")
ZH_OFFSET = re.compile(
    r"(?<!\d)(?:" + _ZH_NUM + r"|几)个?(?:天|日|周|星期|礼拜|月|年)(?:以前|之前|前|以后|之后|后)"
)
ZH_GATE = _gate("天", "日", "晚", "早")
ZH_YEAR_GATE = _gate("年")
ZH_MONTH_GATE = _gate("月")
ZH_WEEK_GATE = _gate("周", "星期", "礼拜")
ZH_WEEKEND_GATE = _gate("周末")
ZH_OFFSET_GATE = _gate("前", "后")

# --- German, French, Spanish: from dateparser's vocabulary --------------------------------

_EU_DIRECTION_WORDS = {
    "de": ({"letzten": "last", "letzter": "last", "vergangenen": "last", "nächsten": "next",
            "kommenden": "next", "diesen": "this", "am": "", "seit": "last"}, {}),
    "fr": ({"ce": "this", "depuis": "last"}, {"dernier": "last", "prochain": "next"}),
    "es": ({"el próximo": "next", "el pasado": "last", "próximo": "next", "este": "this",
            "el": "", "desde el": "last", "desde": "last"},
           {"pasado": "last", "que viene": "next"}),
}
"""Words that place a weekday: "since" one ("seit Montag", "depuis lundi", "desde el lunes")
is the last."""
_EU_MONTH_LEADS = {"de": ("im", "seit", "ab", "bis"), "fr": ("en", "depuis", "à partir de", "dès"),
                   "es": ("en", "desde", "a partir de", "hasta")}
"""Words before a month named alone ("im März", "en mars", "desde enero", "ab September"): the
second says since, a month gone by."""
_EU_ALIASES = {"fr": {"l'an dernier": "l'année dernière", "l'an passé": "l'année dernière",
                      "l'an prochain": "l'année prochaine", "ce matin": "aujourd'hui",
                      "cet après-midi": "aujourd'hui", "ce soir": "aujourd'hui"},
               "es": {"anoche": "ayer", "antenoche": "anteayer", "esta mañana": "hoy",
                      "esta tarde": "hoy", "esta noche": "hoy"}}
"""Relative phrases dateparser does not know, each as one it does."""
EU_DIRECTIONS = {word: d for before, after in _EU_DIRECTION_WORDS.values()
                 for word, d in (before | after).items()}
_ES_NUMBERS = {w: i for i, w in enumerate(re.findall(
    r"\w+", "dos tres cuatro cinco seis siete ocho nueve diez once doce"), 2)}
# Where a word also means something else: "Guten Morgen" is a greeting, "por la mañana" a time.
_NOT_AFTER = {"morgen": ("guten", "heute", "am", "jeden", "diesen", "einen", "gestern"),
              "mañana": ("la", "esta", "cada", "una")}
_UNITS = ("day", "week", "month", "year")
_MONTH_KEYS = ("january", "february", "march", "april", "may", "june", "july", "august",
               "september", "october", "november", "december")
_WEEKDAY_KEYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@lru_cache(maxsize=8)
def _info(lang: str) -> dict[str, Any]:
    return default_loader.get_locale(lang).info


def _words(lang: str, keys: tuple[str, ...], min_len: int = 3) -> list[str]:
    info = _info(lang)
    return [w.lower() for key in keys for w in info.get(key, []) if len(w) >= min_len]


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(set(words), key=len,
                                                                           reverse=True))


def eu_phrases(lang: str) -> re.Pattern[str]:
    """dateparser's relative phrases for ``lang`` ("gestern", "la semaine dernière")."""
    table: dict[str, list[str]] = _info(lang)["relative-type"]
    phrases = [p.lower() for key, ps in table.items() if set(key.split()) & set(_UNITS)
               for p in ps] + list(_EU_ALIASES.get(lang, {}))
    guarded = []
    for p in sorted(set(phrases), key=len, reverse=True):
        lookbehind = "".join(rf"(?<!{w}\s)" for w in _NOT_AFTER.get(p, ()))
        guarded.append(lookbehind + re.escape(p).replace(r"\ ", r"\s+").replace("'", "['’]"))
    return re.compile(r"(?<![\w-])(?:" + "|".join(guarded) + r")(?![\w-])", _I)


def _number_words(lang: str) -> list[str]:
    simplifications: list[dict[str, str]] = _info(lang).get("simplifications", [])
    words = [k for s in simplifications for k, v in s.items() if v.isdigit() and k.isalpha()]
    return words + (list(_ES_NUMBERS) if lang == "es" else [])


def eu_alias(lang: str) -> Callable[[str], str] | None:
    """A rewrite of the phrases of _EU_ALIASES as dateparser's ("l'an dernier")."""
    aliases = _EU_ALIASES.get(lang)
    if not aliases:
        return None
    return lambda phrase: aliases.get(phrase.lower().replace("’", "'"), phrase)


_EU_MONTH_PLACED = {  # words before a month, and after it, that say which one
    "de": ({"nächsten": "next", "kommenden": "next", "letzten": "last", "vergangenen": "last"},
           {}),
    "fr": ({}, {"prochain": "next", "dernier": "last", "passé": "last"}),
    "es": ({"próximo": "next", "pasado": "last"}, {"próximo": "next", "que viene": "next",
                                                   "pasado": "last"}),
}
"""The next or the last of a month: "nächsten Juni", "en juin prochain", "el próximo junio",
"el junio pasado"."""


def eu_months(lang: str) -> re.Pattern[str]:
    """A month named alone after a word that places it ("im März", "en mars", "desde enero",
    "nächsten Juni", "el junio pasado"), not one of a date ("mars 2024": :func:`eu_dates`)
    nor one "de" follows ("en mayo de noche")."""
    months = _alternation([m.lower() for m in MONTH_NAMES[lang]])
    leads = _alternation(list(_EU_MONTH_LEADS[lang]) + (["el"] if lang == "es" else []))
    before, after = (_alternation(list(words)) if words else "(?!)"
                     for words in _EU_MONTH_PLACED[lang])
    return re.compile(rf"(?<![\w-])(?:(?P<lead>{leads})\s+)?(?:(?P<before>{before})\s+)?"
                      rf"(?<=\s)(?P<mon>{months})(?![\w-])(?:\s+(?P<after>{after})(?![\w-]))?"
                      rf"(?!\.?\s+(?:de\b|\d))", _I)


def eu_month(m: re.Match[str], lang: str) -> tuple[int, str] | None:
    """The month an ``eu_months`` match names (1 for January), and which one it is: "since"
    (a month gone by), "next", "last" or "" (by the tense); None when no word places it."""
    if not (m["lead"] or m["before"]) or (m["lead"] or "").lower() == "el" and not (
            m["before"] or m["after"]):
        return None
    number = [name.lower() for name in MONTH_NAMES[lang]].index(m["mon"].lower()) + 1
    before, after = _EU_MONTH_PLACED[lang]
    placed = (before.get((m["before"] or "").lower())
              or after.get(" ".join((m["after"] or "").lower().split())))
    return number, placed or ("since" if (m["lead"] or "").lower() == _EU_MONTH_LEADS[lang][1]
                              else "")


def eu_offsets(lang: str) -> re.Pattern[str]:
    """"vor 3 Tagen", "il y a deux jours", "hace 3 semanas", "dans 2 jours", "en 3 días"."""
    units = _alternation(_words(lang, _UNITS, 2))
    number = r"(?:\d{1,3}|" + _alternation(_number_words(lang)) + ")"
    ins = _words(lang, ("in",), 2) + (["dentro de"] if lang == "es" else [])
    lead = _alternation(_words(lang, ("ago",), 2) + ins)
    return re.compile(rf"(?<![\w-])(?:{lead})\s+{number}\s+(?:{units})(?![\w-])", _I)


def eu_numbers(lang: str) -> Callable[[str], str] | None:
    """A rewrite of Spanish number words as digits (dateparser knows them in German, French)."""
    if lang != "es":
        return None
    pattern = re.compile(r"\b(?:" + "|".join(_ES_NUMBERS) + r")\b", _I)
    return lambda phrase: pattern.sub(lambda m: str(_ES_NUMBERS[m.group(0).lower()]), phrase)


def eu_dates(lang: str) -> re.Pattern[str]:
    """"am 8. Mai 2023", "le 8 mai", "8 de mayo de 2023", "Mai 2023", "mayo de 2023"."""
    months = _alternation(_words(lang, _MONTH_KEYS))
    return re.compile(
        rf"(?<![\w-])(?:(?:am|le|el|den)\s+)?(?:\d{{1,2}}\.?\s+(?:de\s+)?(?:{months})\b\.?"
        rf"(?:\s+(?:de\s+)?\d{{4}})?|(?:{months})\s+(?:de\s+)?\d{{4}})(?!\w)",
        _I,
    )


def eu_strip_article(phrase: str) -> str:
    return re.sub(r"^(?:am|le|el|den)\s+", "", phrase, flags=_I)


def eu_weekdays(lang: str) -> re.Pattern[str]:
    """A weekday with the word that places it: "letzten Freitag", "vendredi dernier"."""
    before, after = _EU_DIRECTION_WORDS[lang]
    days = _alternation(_words(lang, _WEEKDAY_KEYS, 4))
    lead = rf"(?:(?P<before>{_alternation(list(before))})\s+)?" if before else ""
    tail = rf"(?:\s+(?P<after>{_alternation(list(after))}))?" if after else ""
    return re.compile(rf"(?<![\w-]){lead}(?P<wd>{days}){tail}(?![\w-])", _I)


@lru_cache(maxsize=1)
def weekday_names() -> re.Pattern[str]:
    """A weekday by its full name in English, German, French or Spanish ("Friday",
    "Donnerstag", "mardi", "jueves") or in Chinese ("周五", "星期五"), whatever places it."""
    days = _alternation([w for lang in ("en", "de", "fr", "es")
                         for w in _words(lang, _WEEKDAY_KEYS, 5)])
    return re.compile(rf"(?<!\w)(?:{days})(?!\w)|(?:周|星期|礼拜)[一二三四五六日天]", _I)


def eu_weekday(m: re.Match[str]) -> tuple[int, str | None]:
    """The weekday (0 for Monday) an ``eu_weekdays`` match names, and "last", "next", "this"
    or "" (on that day) from the words that place it; None when nothing places it."""
    groups = m.groupdict()
    words = [" ".join(w.lower().split()) for w in (groups.get("after"), groups.get("before")) if w]
    directions = [EU_DIRECTIONS[w] for w in words]
    direction = next((d for d in directions if d), "" if directions else None)
    return _weekday_numbers()[m["wd"].lower()], direction


@lru_cache(maxsize=1)
def _weekday_numbers() -> dict[str, int]:
    return {w: i for lang in ("de", "fr", "es") for i, key in enumerate(_WEEKDAY_KEYS)
            for w in _words(lang, (key,), 4)}


# Words frequent in one of the three languages and rare in the others (and in English).
_FUNCTION_WORDS = {
    "de": r"der|die|das|und|ich|ist|nicht|wir|mit|war|habe|hatte|sind|auf|ein|eine|am|im|vom",
    "fr": r"le|la|les|et|je|est|pas|nous|avec|était|ai|j'ai|au|du|une|des|il|elle",
    "es": r"el|la|los|las|y|yo|es|no|con|fue|estuve|del|al|una|un|fui|vi|mi",
}


def eu_language(low: str) -> str | None:
    """German, French or Spanish, whichever ``low`` (lower-cased) has most words of; None if it
    names no date in any of them."""
    if not _EU_WORDS.search(low):  # one pass instead of three for most texts
        return None
    scores = {
        lang: 2 * len(gate.findall(low)) + len(_FUNCTION_PATTERNS[lang].findall(low))
        for lang, gate in EU_GATES.items()
    }
    return max(scores, key=scores.__getitem__)


_EU_VOCABULARY = {  # words that name a date, or part of one, in each language
    "de": r"gestern|vorgestern|heute|morgen|übermorgen|woche|wochen|monat|jahr|vor|montag|"
          r"dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|januar|februar|märz|mai|juni|"
          r"juli|oktober|dezember|"
          # the months English writes alike, only after a German word that places them
          r"(?:im|seit|ab|bis)\s+(?:april|august|september|november)",
    "fr": r"hier|avant-hier|ce matin|ce soir|cet après-midi|aujourd'hui|demain|après-demain|"
          r"semaine|mois|année|l['’]an|il y a|dans|"
          r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|janvier|février|mars|avril|mai|"
          r"juin|juillet|août|septembre|octobre|novembre|décembre",
    "es": r"ayer|anteayer|anoche|antenoche|esta tarde|esta noche|hoy|mañana|semana|mes|año|"
          r"años|hace|dentro|lunes|martes|miércoles|"
          r"jueves|viernes|sábado|domingo|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
          r"septiembre|octubre|noviembre|diciembre",
}
EU_GATES = {lang: re.compile(rf"(?<!\w)(?:{w})(?!\w)") for lang, w in _EU_VOCABULARY.items()}
_EU_WORDS = re.compile(r"(?<!\w)(?:" + "|".join(_EU_VOCABULARY.values()) + r")(?!\w)")
_FUNCTION_PATTERNS = {lang: re.compile(rf"(?<!\w)(?:{words})(?!\w)")
                      for lang, words in _FUNCTION_WORDS.items()}
GATE = re.compile(  # anything that could start a time expression in any of the five languages
    r"\d|yesterday|today|tonight|tomorrow|night|morning|afternoon|evening|last|this|next|"
    r"coming|over|ago|back|earlier|within|in |mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|"
    r"jun|jul|aug|sep|oct|nov|dec|spring|summer|fall|autumn|winter|[\u4e00-\u9fff]|"
    + "|".join(_EU_VOCABULARY.values())
)
