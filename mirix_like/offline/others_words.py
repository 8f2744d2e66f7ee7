"""Words a user pastes that someone else wrote, told of the one who wrote them.

People paste what they did not write: a message forwarded from a sister ("Forwarding this
from my sister: 'Hi! I finally moved to Berlin … Love, Ana'"), an email signed by a colleague
("Best,\\nTom Becker\\nHead of Sales | Acme GmbH\\n+49 30 1234567"), a chat log ("Anna: I just
got a dog\\nMe: nice!!"), words quoted ('My boss said "I'm leaving in May"'). The offline rules
read "I" as the user, so before they read such a message its other writers' first person is
said in the third, naming them ("My sister Ana finally moved to Berlin. Ana is working at
Zalando now.", "Tom Becker is the Head of Sales at Acme GmbH.", "Anna just got a dog"), and the
user's own lines of a chat ("Me: nice!!") are left as theirs. German, French and Spanish
verbs after "ich", "je" or none are said of the writer for the common ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from mirix_like.lexicon import KIN
from mirix_like.offline.language import InputText, cap, third_person, word_set
from mirix_like.offline.plain import language
from mirix_like.offline.replies import article

_NAME = r"[A-ZÀ-Þ][\w'’-]+(?:[ \t]+[A-ZÀ-Þ][\w'’-]+)?"
_SELF = r"(?:[Mm]e|I|[Ii]ch|[Mm]oi|[Jj]e|[Yy]o|我)"
"""How a chat log labels the user's own lines ("Me:", "Ich:", "Moi :")."""
_STAMP = r"(?:\[[^\]\n]{1,25}\]\s*|\d{1,2}[:.]\d\d\s*(?:[-–]\s*)?)?"
_LINE = re.compile(rf"(?m)^[ \t]*{_STAMP}(?P<who>{_SELF}|{_NAME})[ \t]*:[ \t]*(?P<said>\S.*)$")
_FIRST = re.compile(r"(?i)\b(?:I|I['’]\w+|my|me|ich|mein\w*|mir|mich|je|j['’]|mon|ma|mes|moi|"
                    r"yo|mi|mis|me)\b|(?<=\bj)['’]")
"""A word of a writer's first person, in the four languages."""
_NOT_SPEAKER = word_set("from to cc bcc subject date sent re fwd tel phone mobile email note notes "
                        "location time attendees address tenant landlord")
"""Labels of a header or a form, not of someone speaking ("From: Julia", "Subject: Monday")."""
_AND_I = re.compile(r",?\s+(?:and|et|und)\s+(I\b|I['’]|je\b|j['’]|ich\b)|,?\s+y\s+"
                    r"((?:ahora|también|ya|luego)\s+)?(?=(?:me\s+)?(?:vivo|trabajo|soy|estoy|"
                    r"tengo|estudio|me\s+mudé)\b)")
"""A clause of the writer's joined to one before ("… and I'm working at Zalando", "… et je
travaille chez Airbus", "… y ahora trabajo en Iberia"): a sentence of its own, so their name
leads it."""
_LEADING_AND = re.compile(r"^(?i:and|but|so|also|und|aber|et|mais|y|pero)\s+")

_SIGN_OFF = (r"(?:[Ll]ove|[Bb]est(?:\s+wishes|\s+regards)?|[Kk]ind\s+regards|[Ww]arm\s+regards|"
             r"[Rr]egards|[Cc]heers|[Tt]hanks|[Tt]hank\s+you|[Hh]ugs|[Xx]+|[Ll]iebe\s+Grüße|"
             r"[Vv]iele\s+Grüße|[Bb]este\s+Grüße|[Ll]G|[Gg]ruß|[Bb]isous|[Bb]ises|[Aa]mitiés|"
             r"[Cc]ordialement|[Bb]ien\s+à\s+(?:toi|vous)|[Bb]esos|[Uu]n\s+abrazo|[Aa]brazos|"
             r"[Ss]aludos|[Uu]n\s+saludo)")
_SIGNED = re.compile(rf"(?:^|(?<=[\s.!?]))(?:{_SIGN_OFF}[ \t]*[,!.]?\s*|[-–—][ \t]*)"
                     rf"(?P<name>{_NAME})[ \t]*[.!]?\s*$")
"""How a message ends with its writer's name ("Love, Ana", "Best,\\nTom Becker", "— Ana")."""
_SIGNATURE = re.compile(rf"(?m)^[ \t]*{_SIGN_OFF}[ \t]*[,!.]?[ \t]*\n[ \t]*(?P<name>{_NAME})"
                        r"[ \t]*\n(?P<block>(?:[ \t]*\S.*(?:\n|$)){1,5})\s*$")
"""An email's closing, then its writer's name and lines of title, company and numbers."""
_PHONE = re.compile(r"^(?:(?i:tel|phone|mobile|mob|cell|m|t|tél|handy|móvil)\.?[ \t]*:?[ \t]*)?"
                    r"(?P<number>\+?[\d(][\d ()/.-]{6,}\d)$")
_EMAIL = re.compile(r"^(?:(?i:e-?mail)[ \t]*:?[ \t]*)?(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)$")
_HEAD = re.compile(r"(?i:head|director|chief|vp|vice\s+president|president|ceo|cto|cfo|coo|"
                   r"founder|co-?founder|owner)\b")
"""A title one holds alone ("Head of Sales"), said with "the"."""
_TITLE_SPLIT = re.compile(r"[ \t]*(?:\||·|•|,|[ \t][-–—][ \t]|[ \t]at[ \t])[ \t]*")

_QUOTES = {"'": "'", '"': '"', "“": "”", "„": "“", "«": "»", "‘": "’", "‚": "‘"}
_OPEN = "".join(re.escape(q) for q in _QUOTES)
_WHO = (rf"(?P<who>(?i:my|mein\w*|ma|mon|mi)\s+(?i:{KIN})(?:[ \t]+(?P<named>{_NAME}))?|"
        rf"(?!(?:You|I|We|It|They|This|That|Du|Ich|Wir|Tu|Je|Nous|Yo|Vous|Sie)\b){_NAME})")
"""Who wrote what follows: the user's kin ("my sister", "meiner Schwester Ana") or a name;
not "You said:", an answer's own words."""
_FROM = tuple(re.compile(p) for p in (
    # "Forwarding this from my sister:", "Message from Ana:", "Nachricht von meiner Schwester:"
    r"(?i:\b(?:message|text|email|e-mail|mail|note|letter|voicemail|sms|dm|forward\w*|fwd|"
    r"nachricht|brief|weitergeleitet|courriel|texto|mensaje|correo|carta|reenv\w+|transf\w+)"
    r"\b)[^.!?:\n]{0,30}?"
    rf"\b(?i:from|by|von|de\s+la\s+part\s+de|de|del?)\s+{_WHO}[^:\n{_OPEN}]{{0,30}}?"
    rf"(?::|\n|\s+(?=[{_OPEN}]))\s*",
    # "My boss said 'I'm leaving'", "Ana wrote:", "Meine Schwester schreibt:"
    rf"(?:^|(?<=[.!?]\s)){_WHO}\s+(?:just\s+)?(?i:wrote|writes|texted|said|says|sent|messaged|"
    r"emailed|replied|told\s+me|schreibt|schrieb|hat\s+geschrieben|sagt|sagte|hat\s+gesagt|"
    r"m['’]a\s+écrit|écrit|a\s+dit|dit|m['’]a\s+dit|me\s+escribió|escribió|dijo|me\s+dijo|dice)"
    rf"\b(?:\s+(?i:me|this|that|dass|que))?[ \t]*(?::\s*|,?[ \t]*(?=[{_OPEN}]))"))
"""Who wrote the words a message then pastes, named as the user's kin or by name."""

_DE_VERB = {"bin": "ist", "habe": "hat", "hab": "hat", "werde": "wird", "heiße": "heißt",
            "weiß": "weiß", "kann": "kann", "muss": "muss", "will": "will", "darf": "darf"}
_DE_VERBS = re.compile(r"\b(?:bin|habe|hab|werde|heiße|wohne|arbeite|lebe|ziehe|studiere|"
                       r"mache|gehe|suche|starte|kündige|kaufe|liebe|spiele|lerne|fahre)\b")
_FR_VERB = {"ai": "a", "suis": "est", "vais": "va", "fais": "fait", "peux": "peut",
            "veux": "veut", "dois": "doit", "sais": "sait", "vis": "vit", "pars": "part",
            "viens": "vient", "prends": "prend"}
_ES_VERB = {"vivo": "vive", "trabajo": "trabaja", "soy": "es", "estoy": "está", "tengo": "tiene",
            "he": "ha", "voy": "va", "estudio": "estudia", "empecé": "empezó", "mudé": "mudó",
            "llamo": "llama", "casé": "casó", "compré": "compró", "dejé": "dejó", "vivía": "vivía",
            "trabajaba": "trabajaba", "acabo": "acaba", "quiero": "quiere", "puedo": "puede"}
_ES_FIRST = re.compile(r"(?<!\bmi\s)(?<!\bsu\s)(?<!\bel\s)(?<!\bun\s)(?<!\bde\s)\b"
                       r"(?:(?P<refl>[Mm]e)\s+)?(?P<verb>(?i:" + "|".join(_ES_VERB) + r"))\b")
"""A Spanish verb said of oneself, not a noun after an article ("mi trabajo")."""
_OWN = re.compile(r"(?i:my|mein\w*|ma|mon|mi)\s")
"""The user's "my" before kin ("my sister", "meiner Schwester", "ma sœur", "mi hermano")."""
_KIN_LEADS = re.compile(r"((?:^|[.!?]\s+)[¡¿]?)(mein\w*|ma|mon|mi)\b")
"""The user's kin named where a sentence starts, said with a capital."""
_GENDER_DE = {"schwester": "ihr", "mutter": "ihr", "tochter": "ihr", "frau": "ihr",
              "freundin": "ihr", "chefin": "ihr", "kollegin": "ihr"}


def told_of_writer(inp: InputText) -> InputText:
    """``inp`` with the first person of words someone else wrote said of them (see the
    module); a user's message or text only."""
    if inp.role not in (None, "user") or inp.kind == "image":
        return inp
    text = _chat_log(inp.text)
    text = _signature(text)
    text = _forwarded(text)
    return inp if text == inp.text else replace(inp, text=text)


def _chat_log(text: str) -> str:
    """A chat log's lines said by each writer: the user's own ("Me: nice!!") as theirs, the
    others' first person of them ("Anna: I just got a dog" -> "Anna just got a dog.")."""
    lines = [m for m in _LINE.finditer(text) if m["who"].casefold() not in _NOT_SPEAKER]
    own = [m for m in lines if re.fullmatch(_SELF, m["who"])]
    others = [m for m in lines if m not in own and (
        _FIRST.search(m["said"]) or language(m["said"]) == "es" and _ES_FIRST.search(m["said"]))]
    # (with none of the user's, two who each speak twice: "Goal: I …\nPlan: I …" is a form)
    said_twice = {m["who"] for m in lines if sum(n["who"] == m["who"] for n in lines) > 1}
    if len(lines) < 2 or not others or not own and len(said_twice) < 2:
        return text
    lang = language(text)
    out, at = [], 0
    for m in lines:
        said = m["said"].strip()
        if m in others:
            said = _said_of(_LEADING_AND.sub("", said), m["who"], m["who"], lang)
        elif m not in own:
            said = f"{m['who']}: {said}"
        out += [text[at:m.start()], said if said[-1:] in ".!?…" else said + "."]
        at = m.end()
    return "".join(out) + text[at:]


def _signature(text: str) -> str:
    """An email's signature said of its writer ("Best,\\nTom Becker\\nHead of Sales | Acme
    GmbH\\n+49 30 1234567" -> "Best, Tom Becker. Tom Becker is Head of Sales at Acme GmbH. Tom
    Becker's phone number is +49 30 1234567.")."""
    m = _SIGNATURE.search(text)
    if m is None:
        return text
    name, facts = m["name"], []
    for line in filter(None, (line.strip() for line in m["block"].splitlines())):
        if phone := _PHONE.match(line):
            facts.append(f"{name}'s phone number is {phone['number']}.")
        elif email := _EMAIL.match(line):
            facts.append(f"{name}'s email address is {email['email']}.")
        elif not re.search(r"\d{3}|www\.|https?:", line):
            title, *where = _TITLE_SPLIT.split(line, maxsplit=1)
            # "a Product Manager", "the Head of Sales": said as a role
            job = f"{'the ' if _HEAD.match(title) else article(title)}{title}"
            facts.append(f"{name} is {job} at {where[0]}." if where and where[0] else
                         f"{name} is {job}.")
    closing = text[m.start():m.start("name")].strip().rstrip(",")
    return f"{text[:m.start()]}{closing}, {name}. {' '.join(facts)}".rstrip()


def _forwarded(text: str) -> str:
    """Words pasted after who wrote them ("Forwarding this from my sister: 'Hi! I moved to
    Berlin. Love, Ana'", 'My boss said "I'm leaving in May"') said of that writer."""
    m = min(filter(None, (p.search(text) for p in _FROM)), key=lambda f: f.start(),
            default=None)
    if m is None:
        return text
    who = m["who"]
    rest = text[m.end():]
    after = ""
    if rest[:1] in _QUOTES and (close := re.compile(
            rf"(?<=\S)(?:[ \u00a0]?(?=»))?{re.escape(_QUOTES[rest[0]])}(?![\w'’])"
    ).search(rest, 1)):
        rest, after = rest[1:close.start()], rest[close.end():]
    if not _FIRST.search(rest):
        return text
    named = m["named"] or (None if _OWN.match(who) else who)
    first = named or who  # "My friend Jo wrote:": Jo; "from my sister … Love, Ana": both
    if signed := _SIGNED.search(rest):
        if not named:
            named, first = signed["name"], f"{who} {signed['name']}"
        rest = rest[:signed.start()].rstrip()
    lang = language(rest)
    said = _said_of(rest, first, named or who, lang)
    if not re.search(r"[:.!?\n]\s*$", text[:m.end()]) and _OWN.match(said):
        said = said[0].lower() + said[1:]  # 'My boss said "I'm leaving"': "… said my boss is"
    return f"{text[:m.end()]}{said}{after}"


def _said_of(words: str, first: str, then: str, lang: str) -> str:
    """``words`` written by someone else with their first person said of them: ``first`` the
    first time, ``then`` after; in English each clause "… and I …" a sentence of its own so
    the name leads it."""
    names = iter([first])

    def name() -> str:
        return next(names, then)

    words = _AND_I.sub(lambda m: f". {cap(m[1] or m[2] or '')}", words)
    if lang in _OTHER_LANGS:  # the user's kin where a sentence starts, with a capital
        return _KIN_LEADS.sub(lambda m: m[1] + cap(m[2]), _OTHER_LANGS[lang](words, name, first))
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", words):
        if _FIRST.search(sentence):
            sentence = third_person(sentence, name(), False)
        out.append(cap(sentence) if sentence[:1].islower() else sentence)
    return " ".join(out)


def _de(words: str, name: Callable[[], str], first: str) -> str:
    """German: "ich bin" -> "Ana ist", "arbeite" -> "arbeitet", "mein" -> "Anas"/"ihr"."""
    kin = _OWN.match(first) and first.split()[1].lower()
    own = _GENDER_DE.get(kin, "sein") if kin else None
    words = re.sub(r"\b([Mm])ein(\w*)", lambda m: f"{own}{m[2]}" if own else
                   f"{first.split()[-1]}s", words)
    words = re.sub(r"\b[Ii]ch\s+(\w+)", lambda m: f"{_nominative(name())} {_de_verb(m[1])}",
                   words)
    words = re.sub(r"\b(\w+)\s+ich\b", lambda m: f"{_de_verb(m[1])} {name()}"
                   if _DE_VERBS.fullmatch(m[1].lower()) else m[0], words)
    return re.sub(r"\b(und|aber)\s+(\w+)\b", lambda m: f"{m[1]} {_de_verb(m[2])}"
                  if _DE_VERBS.fullmatch(m[2]) else m[0], words)


def _nominative(who: str) -> str:
    """The user's kin as a subject ("von meiner Schwester": "meine Schwester")."""
    return re.sub(r"^([Mm]ein)(?:er|em|en)\b", lambda m: m[1] + ("e" if m[0].endswith("er")
                                                                  else ""), who)


def _de_verb(verb: str) -> str:
    """A German verb said of oneself said of someone else ("wohne": "wohnt"), others as they
    are."""
    low = verb.lower()
    if low in _DE_VERB:
        return _DE_VERB[low]
    if not _DE_VERBS.fullmatch(low):
        return verb
    return low[:-1] + ("et" if low[-2:-1] in "td" else "t")


def _fr(words: str, name: Callable[[], str], first: str) -> str:
    """French: "je suis" -> "Julie est", "j'ai" -> "Julie a", "je me" -> "Julie se", "mon"
    -> "son"."""
    def verb(m: re.Match[str]) -> str:
        v = m["verb"]
        v3 = _FR_VERB.get(v.lower(), v[:-1] + "t" if v.endswith("is") else v)
        refl = {"me ": "se ", "m'": "s'", "m’": "s'"}.get((m["refl"] or "").lower(), "")
        return f"{name()} {refl}{v3}"
    words = re.sub(r"\b([Mm])(on|a|es)\b", lambda m: ("S" if m[1] == "M" else "s") + m[2], words)
    return re.sub(r"\b(?:[Jj]e\s+|[Jj]['’])(?P<refl>me\s+|m['’])?(?P<verb>\w+)", verb, words)


def _es(words: str, name: Callable[[], str], first: str) -> str:
    """Spanish, which leaves out "yo": "me mudé" -> "Diego se mudó", "trabajo" -> "Diego
    trabaja", "mi" -> "su"."""
    words = re.sub(r"\b([Mm])(is?)\b", lambda m: ("S" if m[1] == "M" else "s") + "u"
                   + ("s" if m[2] == "is" else ""), re.sub(r"\b[Yy]o\s+", "", words))
    return _ES_FIRST.sub(lambda m: f"{name()} {'se ' if m['refl'] else ''}"
                         f"{_ES_VERB[m['verb'].lower()]}", words)


_OTHER_LANGS: dict[str, Callable[[str, Callable[[], str], str], str]] = {
    "de": _de, "fr": _fr, "es": _es}
"""How a writer's first person is said of them beside English: from the words, who to name
each time, and who is named first."""
