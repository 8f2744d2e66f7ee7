"""A self-description in notes form, written out as the sentences the rules read.

People describe themselves as a profile ("About me: Dev Patel, software engineer, based in
Austin TX. Wife: Meera. Kids: Arjun (7) and Kavya (4). Allergies: peanuts.") or in clauses
that leave out "I" ("Originally from Auckland. Vegan, love climbing."). The offline rules read
statements, so such a message is said in full first: "My wife is Meera.", "I have two kids,
Arjun and Kavya. Arjun is 7 years old. …", "I'm allergic to peanuts.", "I'm originally from
Auckland.", "I'm vegan, I love climbing." Labels are read only in a message that gives at
least two of a person's own (a meeting note's "Location: Room 4" says nowhere anyone lives).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from mirix_like.offline.language import CJK, COUNTED, InputText
from mirix_like.offline.plain import language
from mirix_like.offline.replies import article

_MOST_LISTED = 5
"""The most of a kind a list is read for (five kids, not a class list)."""
_LABEL = re.compile(r"(?m)(?:^|(?<=[.;!]\s))\s*(?:[-*•]\s*)?(?P<label>[A-Za-z][A-Za-z'’ ]{1,24}?)"
                    r"[ \t]*:[ \t]*(?P<value>(?:(?:Dr|Mr|Mrs|Ms|St|Prof)\.\s|[^.;!\n]){1,80}?)\s*"
                    r"(?<!\bDr)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bSt)(?<!\bProf)(?=[.;!\n]|$)")
_INTRO = re.compile(r"^\s*(?i:about\s+me|me|profile|quick\s+intro)\s*:\s*"
                    r"(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})\s*,\s*")
_PARTNERS = "wife husband partner girlfriend boyfriend fiancé fiancée fiance fiancee"
_KIDS = {"kids": "kids", "children": "kids", "sons": "sons", "daughters": "daughters"}
_OWN = {  # label: how it is said of oneself; a value must not look like an address line
    **{label: "My {label} is {v}." for label in _PARTNERS.split()},
    **{label: "My {label} is {v}." for label in ("son", "daughter", "dog", "cat")},
    # who and what a household has ("- dentist: Dr. Okafor, Mondays only", "- gym: PureGym")
    **{label: "My {label} is {v}." for label in (
        "dentist", "doctor", "gp", "physio", "therapist", "vet", "landlord", "boss",
        "hairdresser", "accountant", "gym")},
    "car": "My car is {a}{v}.",
    **dict.fromkeys(("kids school", "kid's school", "kids' school", "kid’s school",
                     "kids’ school"), "The kids go to {v}."),
    **dict.fromkeys(("allergies", "allergy", "allergic to", "allergic"), "I'm allergic to {v}."),
    **dict.fromkeys(("job", "occupation", "profession", "work"), "I work as {a}{v}."),
    **dict.fromkeys(("location", "based in", "lives in", "living in", "home", "city"),
                    "I live in {v}."),
    **dict.fromkeys(("hometown", "from", "born in", "originally from"), "I'm from {v}."),
    "age": "I'm {v} years old.", "name": "My name is {v}.", "diet": "I'm {v}.",
    **dict.fromkeys(("hobbies", "interests", "likes", "loves"), "I love {v}."),
    "birthday": "My birthday is {v}.",
}
_WHERE = frozenset({"location", "based in", "lives in", "living in", "home", "city", "hometown",
                    "from", "born in", "originally from", "work", "job"})
"""Labels a note or a screen also writes ("Location: Room 4", "From: Julia"): not enough alone."""
_KID = re.compile(r"(?P<name>[A-Z][\w'’-]+)(?:\s*\((?P<age>\d{1,2})\))?")
_LEFT_OUT = tuple((re.compile(pattern), said) for pattern, said in (
    # clauses that open with no subject: "Originally from Auckland.", "Vegan, love climbing"
    (r"(?m)(?:^|(?<=[.!;]\s))(?=(?:[Oo]riginally\s+from|[Aa]llergic\s+to|[Bb]ased\s+in|"
     r"[Ll]iving\s+in|[Ww]orking\s+as|[Vv]egan|[Vv]egetarian|[Pp]escatarian|[Uu]nemployed|"
     r"[Rr]etired\s+now|[Ff]ull[- ]time\s+student)\b)", "I'm "),
    (r"(?m)(?:(?<=^)|(?<=[.!;]\s)|(?<=,\s))(?=(?:[Ll]ove|[Hh]ate|[Ee]njoy)\s+(?!it\b|this\b|"
     r"that\b|you\b)[a-z])", "I "),
    # "Live in Leeds, work at Asda": "I" before a verb of one's home or work
    (r"(?m)(?:(?<=^)|(?<=[.!;]\s)|(?<=,\s))(?=(?:[Ll]ive|[Ww]ork)\s+(?:in|at|for|as)\s)", "I "),
    # a job said as a noun before where one lives: "3rd year medic at edinburgh uni, living
    # in marchmont", "Nurse at St Mary's, based in Leeds"
    (r"(?m)(?:^|(?<=[.!;]\s))(?P<job>(?:\d+(?:st|nd|rd|th)[- ]year\s+)?(?:[A-Za-z]+\s+){0,2}?"
     r"[A-Za-z]+\s+at\s+[\w'’ ]{2,40}),\s+(?=(?:living|based)\s+in\s)",
     lambda m: f"I'm a {m['job'][:1].lower()}{m['job'][1:]}. I'm "),
    # where one is from, said after where one lives ("based in London, originally from Lagos")
    (r"(?<=\bI['’]m\s)(?P<home>(?:based|living)\s+in\s+[^,.;!?]{1,40}),\s+(?=originally\s+from\s)",
     r"\g<home>, I'm "),
    # the same in French, Spanish and German: "Infirmière au CHU de Nantes, j'habite à
    # Rezé", "Profe de inglés en un instituto, vivo en Getafe", "Krankenpfleger im Klinikum
    # Nord, wohne in Hamburg"
    (r"(?m)(?:^|(?<=[.!;]\s))(?P<job>[A-ZÀ-Þ][a-zàâçéèêëîïôûù-]+(?:\s+(?:de\s+|d['’])?[a-zàâçéèêëîïôûù-]+)?"
     r"\s+(?:au|aux|à\s+la|à\s+l['’]|chez|dans)\s+[^,.;!?]{2,40}),\s+(?=(?:j['’]habite|je\s+vis|"
     r"je\s+travaille|je\s+suis|j['’]ai)\b)", lambda m: f"Je suis {_small(m['job'])}. "),
    (r"(?m)(?:^|(?<=[.!;]\s))(?P<job>[A-ZÁÉÍÓÚ][a-záéíóúñ]+(?:\s+de\s+[a-záéíóúñ]+)?\s+(?:en|para)\s+"
     r"[^,.;!?]{2,40}),\s+(?=(?:vivo|trabajo|soy|estoy|tengo)\b)",
     lambda m: f"Soy {_small(m['job'])}. "),
    (r"(?m)(?:^|(?<=[.!;]\s))(?P<job>[A-ZÄÖÜ][a-zäöüß]+\s+(?:im|in\s+der|in\s+einer|bei|am|an\s+der)\s+"
     r"[^,.;!?]{2,40}),\s+(?=(?:ich\s+)?(?:wohne|lebe|arbeite|bin)\b)", r"Ich bin \g<job>. "),
))
_ZH_LEFT_OUT = re.compile(r"(?:^|(?<=[，,；。]))\s*(?=住在|在[^，,。]{1,12}(?:工作|上班))")
"""Chinese said without "我" ("软件工程师，在腾讯工作，住在深圳。"): who works and lives there."""
_ZH_OPENING_NOUN = re.compile(r"^\s*(?P<job>[\u4e00-\u9fff]{2,8})[，,](?=\s*(?:在|住))")
_DROPPED_ICH = re.compile(r"(?m)(?:^|(?<=[.!;]\s)|(?<=,\s))(?P<verb>(?i:bin|wohne|arbeite|hab|"
                          r"habe|studiere|lebe|komme|pendle))\s+(?!(?i:ich|du|er|sie|es|wir)\b)"
                          r"(?=[^.!?]*(?:[.!;]|$))")
"""German said without "ich" ("bin jonas, 41, arbeite als elektriker", "wohne seit märz in
augsburg"): the verb's own person says who; not in a question ("Habe ich …?")."""


_DONE_VERB = (r"(?:(?:just|finally|also|recently|then)\s+)?(?:moved|relocated|started|joined|left|"
              r"quit|broke\s+up|split\s+up|got|bought|sold|adopted|switched|changed|landed|signed|"
              r"became|took\s+up|finished|graduated|passed|lost|booked|began|retired)\b"
              r"(?!\s+(?:it|that|this|you|me)\b)")
_NEW_HAD = r"new\s+(?:job|role|position|gig|flat|house|home|apartment|place|car|bike)\b"
"""A thing one got told by itself ("new job at Channel 4"): said as "I got a new job …"."""
_UPDATE_LIST = re.compile(r"(?P<open>^\s*(?:[A-Z][a-z]*(?:\s+[a-z]+){0,2}\s*[:!–—-]+\s*)?)"
                          r"(?=(?i:" + _DONE_VERB + r"|(?P<new>" + _NEW_HAD + r")))")
_NEXT_DONE = re.compile(r"(?:(?<=,\s)|(?<=;\s)|(?<=,\sand\s))(?=(?i:" + _DONE_VERB
                        + r"|(?P<new>" + _NEW_HAD + r")))")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


def _update_list(text: str) -> str:
    """``text`` with a list of one's own news told with no subject said with one ("Quick life
    update: moved to Porto, started at Farfetch, broke up with Joana" is "… I moved to Porto,
    I started at Farfetch, I broke up with Joana"); only a sentence that opens so, after an
    announcement or with more news after, where no one else is the subject of what follows."""
    def said(m: re.Match[str]) -> str:
        sentence = m[0]
        if len(sentence.split()) < 4 or not (opened := _UPDATE_LIST.match(sentence)) or not (
                opened["open"].strip() or _NEXT_DONE.search(sentence, opened.end())):
            return sentence  # one piece of news alone is read as it is ("Got a new phone")
        # (typed all in lower case it stays so: the change rules read such a sentence's
        # names themselves)
        i = "i" if sentence.islower() else "I"
        rest = _NEXT_DONE.sub(lambda m: f"{i} got a " if m["new"] else f"{i} ",
                              sentence[opened.end():])
        first = f"{i} got a " if opened["new"] else f"{i} "
        return f"{opened['open']}{first}{rest[:1].lower()}{rest[1:]}"

    return _SENTENCE.sub(said, text)


def _small(job: str) -> str:
    """A job said as a noun, in lower case after "Je suis" or "Soy" ("Infirmière": infirmière)."""
    return job[:1].lower() + job[1:]


def _lowered(said: str | Callable[[re.Match[str]], str]) -> str | Callable[[re.Match[str]], str]:
    """What :data:`_LEFT_OUT` puts in, in lower case."""
    if isinstance(said, str):
        return said.lower()
    return lambda m: said(m).lower()


def written_out(inp: InputText) -> InputText:
    """``inp`` with a self-description in notes form written out (see the module); a user's
    message or text only."""
    if inp.role not in (None, "user") or inp.kind == "image":
        return inp
    text = _update_list(_parent_of(_kin_listed(_profile(inp.text))))
    # (a text typed in lower case stays so, which the change rules read: see changes)
    small = text.islower()
    for pattern, said in _LEFT_OUT:
        text = pattern.sub(_lowered(said) if small else said, text)
    if CJK.search(text) and "我" not in text:
        text = _ZH_LEFT_OUT.sub("我", _ZH_OPENING_NOUN.sub(r"我是\g<job>，", text))
    if language(text) == "de":
        text = _DROPPED_ICH.sub(lambda m: ("Ich " if not small and (
            m.start() == 0 or text[m.start() - 2] in ".!;") else "ich ") + m["verb"].lower()
            + " ", text)
    text = re.sub(r"\bI'm ([Vv]egan|[Vv]egetarian|[Pp]escatarian)", lambda m: "I'm "
                  + m[1].lower(), text)
    text = re.sub(r"\bI ([Ll]ove|[Hh]ate|[Ee]njoy)\b", lambda m: "I " + m[1].lower(), text)
    text = re.sub(r"\bI'm ([A-Z])(?=[a-z]+\s+(?:to|in|as|from)\b)", lambda m: "I'm "
                  + m[1].lower(), text)
    return inp if text == inp.text else replace(inp, text=text)


# Those of a kind named in passing as a list, after "our" or "my": "with my husband Tom and
# our two kids, Ella and Sam", "con nuestros dos hijos, Pablo y Marta", "avec nos deux
# enfants, Léa et Hugo", "mit unseren beiden Kindern, Paul und Mia".
_NAMED = r"[A-ZÀ-Þ][\w'’-]+(?:\s*\(\d{1,2}\))?"
_KIN_LISTED = re.compile(
    r"\b(?P<own>our|my|Our|My|nuestr[oa]s|mis|Mis|nos|mes|Nos|Mes|unser\w{0,2}|mein\w{0,2}|"
    r"Unser\w{0,2}|Mein\w{0,2})\s+(?:\w+\s+)?(?P<kind>(?i:kids|children|sons|daughters|cats|dogs|"
    r"hij[oa]s|gat[oa]s|perr[oa]s|enfants|fils|filles|chats|chiens|kinder|kindern|söhne|söhnen|"
    r"töchter|töchtern|katzen|hunde|hunden))\s*[,:(]\s*(?P<names>" + _NAMED + r"(?:,\s*"
    + _NAMED + r")*,?\s+(?P<and>and|y|e|et|und)\s+" + _NAMED + r")")
_LANGUAGE_OF = {"and": "en", "y": "es", "e": "es", "et": "fr", "und": "de"}
"""A list's language, by the word that joins its last name."""
_HAVE = {"en": "I have {n} {kind}, {names}.", "es": "Tengo {n} {kind}, {names}.",
         "fr": "J'ai {n} {kind}, {names}.", "de": "Ich habe {n} {kind}, {names}."}
_OF_DATIVE = {"kindern": "Kinder", "söhnen": "Söhne", "töchtern": "Töchter", "hunden": "Hunde"}
"""German says "mit unseren Kindern": who one has is "Kinder"."""
_ALREADY_HAD = re.compile(r"(?i)\b(?:have|has|tengo|tenemos|tiene|ai|avons|habe|haben|hat)\s+"
                          r"(?:\w+\s+)?$")


_PARENT_OF = re.compile(
    r"\bI(?:['’]m|\s+am)\s+an?\s+(?:[\w-]+\s+){0,2}?(?:mum|mom|mummy|mother|dad|daddy|father|"
    r"parent)\s+of\s+(?P<n>\d|two|three|four|five|six)(?:\s+(?P<kind>boys|girls|kids|children|"
    r"sons|daughters))?\b")
"""A parent said by how many children ("I'm a 29-year-old mum of two"), who has them."""


_KIDS_IN_PASSING = re.compile(
    r"\b(?:with|and)\s+(?:my|our)\s+(?:(?P<n>two|three|four|five|\d)\s+)?(?:(?:little|young|"
    r"teenage|grown-up)\s+)?(?P<kind>twins|triplets|kids|children|sons|daughters|son|daughter|"
    r"baby(?:\s+(?:boy|girl))?)\b(?!\s*[,:(]?\s*[A-Z])")
"""Children named in passing by their number or kind only ("living in Leicester with my wife
Dina and our twins"); with their names they are :data:`_KIN_LISTED`'s."""


_WHO_CLAUSE = re.compile(
    r"\b(?P<who>(?i:my|our|mon|ma|mes|mi|mis)\s+[\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?)\s*,\s*(?:"
    r"(?i:who|qui|que)\s+(?P<what>(?:lives|works|is|teaches|studies|habite|vit|travaille|est|"
    r"vive|trabaja|es)\s+[^,.;!?]{2,60}?)|(?i:the\s+one)\s+(?P<where>in\s+[A-ZÀ-Þ][\w'’ -]{1,40}?))"
    r"\s*[,)–—]")
"""Someone told of in passing by a clause ("My mum, who lives in Cork, called …", "ma mère,
qui habite à Nantes, …", "my brother Liam, the one in Toronto, …")."""


def told_in_passing(text: str) -> str:
    """``text`` with what a clause tells of someone in passing also said as a sentence of its
    own ("My mum lives in Cork."), which the semantic rules read as a fact of them (only they:
    an event quotes what was typed)."""
    added = []
    for m in _WHO_CLAUSE.finditer(text):
        what = m["what"] or f"lives {m['where']}"
        added.append(f"{m['who'][:1].upper()}{m['who'][1:]} {what.strip()}.")
    return " ".join([text.rstrip(), *added]) if added else text


def _parent_of(text: str) -> str:
    """``text`` with a parent said by their children's number, or children said in passing,
    also said as having them ("I'm a mum of two" adds "I have two kids.", "… with my wife and
    our twins" "I have twins.")."""
    if said := _PARENT_OF.search(text):
        return f"{text.rstrip()} I have {said['n']} {said['kind'] or 'kids'}."
    if (said := _KIDS_IN_PASSING.search(text)) and not _ALREADY_HAD.search(text, 0, said.start()):
        kind = said["kind"]
        one = "a " if kind.startswith(("son", "daughter", "baby")) and not said["n"] else ""
        return f"{text.rstrip()} I have {one}{said['n'] + ' ' if said['n'] else ''}{kind}."
    return text


def _kin_listed(text: str) -> str:
    """``text`` with each list of the speaker's children or pets named in passing also said
    as a statement of having them ("… and our two kids, Ella and Sam." adds "I have two kids,
    Ella and Sam."), in the list's language; not when it already is one ("I have two kids,
    …")."""
    added = []
    for m in _KIN_LISTED.finditer(text):
        if _ALREADY_HAD.search(text, 0, m.start("kind")):
            continue
        names = re.findall(r"[A-ZÀ-Þ][\w'’-]+", m["names"])
        if not 2 <= len(names) <= _MOST_LISTED:
            continue
        lang = _LANGUAGE_OF[m["and"]]
        kind = m["kind"].lower() if lang != "de" else _OF_DATIVE.get(
            m["kind"].lower(), m["kind"][:1].upper() + m["kind"][1:].lower())
        # (joined as typed: "Pablo e Inés")
        names_said = f"{', '.join(names[:-1])} {m['and']} {names[-1]}"
        added.append(_HAVE[lang].format(n=COUNTED[lang][len(names) - 2], kind=kind,
                                        names=names_said))
    return " ".join([text.rstrip(), *added]) if added else text


def _profile(text: str) -> str:
    """``text`` with its personal labels said in full, when it has two or more."""
    found = [m for m in _LABEL.finditer(text) if m["label"].strip().lower() in _OWN
             or m["label"].strip().lower() in _KIDS]
    own = {m["label"].strip().lower() for m in found} - _WHERE
    intro = _INTRO.match(text)
    if not found or len(own) + bool(intro) < 2 or any(
            "@" in m["value"] or "<" in m["value"] for m in found):
        return text
    for m in reversed(found):
        text = text[:m.start("label")] + _said(m["label"].strip().lower(),
                                               m["value"].strip()) + text[m.end():]
    if intro:  # "About me: Dev Patel, software engineer, based in Austin TX."
        text = f"I'm {intro['name']}, " + text[intro.end():]
    return text


def _said(label: str, value: str) -> str:
    if label in _KIDS:
        kids = list(_KID.finditer(value))
        ages = " ".join(f"{k['name']} is {k['age']} years old." for k in kids if k["age"])
        names = re.sub(r"\s*\(\d{1,2}\)", "", value)
        count = COUNTED["en"][len(kids) - 2] if 2 <= len(kids) <= _MOST_LISTED else ""
        return f"I have {count} {_KIDS[label]}, {names}. {ages}".replace("  ", " ").strip(" .")
    return _OWN[label].format(label=label, v=value, a=article(value)).rstrip(".")
