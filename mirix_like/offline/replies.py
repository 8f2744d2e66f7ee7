"""A short reply read with the question it answers.

"Where are you based these days?" "Manchester. I work nights …": the reply's first words say
where its speaker lives, though alone they say nothing. The offline rules read a message by
itself, so such a reply is said in full first ("I live in Manchester. I work nights …"), in
the language asked: where someone lives, comes from or works, their job, age, name, or a
favourite ("What's your favourite film?" "Amélie!").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from mirix_like.offline.changes import indefinite_article
from mirix_like.offline.language import InputText, cap

_LEADS = (r"^(?:(?:in|at|near|around|from|outside|à|a|en|au|aux|de|chez|dans|aus|bei|im|am)\s+|"
          r"d['’]|nach\s+|在)")
_SOFTENED = (r"(?:,?\s*(?:roughly|approximately|more\s+or\s+less|then|again|exactly|by\s+the\s+"
             r"way|if\s+you\s+don['’]t\s+mind\s+(?:me\s+)?asking|if\s+I\s+may\s+ask))?\s*\?")
"""How a question may end after what it asks ("What's your budget, roughly?")."""
# who someone travels with: said as "my friend Carla", "with Carla" ("Who are you travelling
# with?"), though an answer opening with "my" is otherwise a sentence of its own
_COMPANION = (
    r"\bwho\s+(?:are\s+you|will\s+you\s+be)\s+(?:travel?ling|going|flying)\s+with\b|"
    r"\bwho['’]?s\s+(?:coming|going|travel?ling)\s+with\s+you\b",
    r"\bmit\s+wem\s+(?:reist|fährst|fliegst)\s+du\b",
    r"\bavec\s+qui\s+(?:voyages-tu|tu\s+voyages|pars-tu|tu\s+pars)\b",
    r"\bcon\s+qui[eé]n\s+(?:viajas|vas)\b",
    r"你(?:和|跟)谁(?:一起)?(?:去|旅行|旅游|出发)",
)
_WITH = re.compile(r"(?i)^(?:with|mit|avec|con|和|跟)\s*")
_OWNED = re.compile(r"(?i)^(?:my|our|mein\w*|unser\w*|mon|ma|mes|notre|nos|mi|mis|nuestr\w+)\s+\w")
_ANSWERED: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(question, re.IGNORECASE), said) for question, said in (
        # where someone lives
        (r"\bwhere\s+(?:do\s+you|d['’]you)\s+(?:live|stay)\b|\bwhere\s+are\s+you\s+(?:based|"
         r"living|staying)\b|\bwhere['’]s\s+home\b|\bwhich\s+(?:city|town)\s+(?:do\s+you\s+live|"
         r"are\s+you\s+in)\b", "I live in {x}."),
        (r"\bwo\s+(?:wohnst|lebst)\s+du\b", "Ich wohne in {x}."),
        (r"\boù\s+(?:est-ce\s+que\s+)?(?:tu\s+habites|habites-tu|tu\s+vis|vis-tu|vous\s+habitez|"
         r"habitez-vous)\b|\btu\s+habites\s+où\b", "J'habite à {x}."),
        (r"\bd[oó]nde\s+(?:vives|vive\s+usted)\b", "Vivo en {x}."),
        (r"你(?:现在)?住(?:在)?哪", "我住在{x}。"),
        # where someone is moving to
        (r"\bwhere\s+(?:are\s+you|will\s+you\s+be)\s+moving\b|\bwhere\s+(?:will|do)\s+you\s+"
         r"(?:want\s+to\s+)?move\b", "I'm moving to {x}."),
        (r"\bwohin\s+(?:ziehst\s+du|zieht\s+ihr|ziehen\s+Sie)\b|\bwo\s+ziehst\s+du\s+hin\b",
         "Ich ziehe nach {x}."),
        (r"\boù\s+(?:est-ce\s+que\s+tu\s+déménages|déménages-tu|tu\s+déménages|vous\s+"
         r"déménagez|déménagez-vous)\b|\btu\s+déménages\s+où\b", "Je déménage à {x}."),
        (r"\ba\s*d[oó]nde\s+te\s+(?:mudas|vas\s+a\s+mudar)\b", "Me mudo a {x}."),
        (r"你(?:要|打算|准备)?搬(?:到|去)哪", "我要搬到{x}。"),
        # who someone travels with
        (_COMPANION[0], "I'm travelling with {x}."),
        (_COMPANION[1], "Ich reise mit {x}."),
        (_COMPANION[2], "Je voyage avec {x}."),
        (_COMPANION[3], "Viajo con {x}."),
        (_COMPANION[4], "我和{x}一起去。"),
        # what someone is looking for ("What kind of job are you looking for?")
        (r"\bwhat\s+(?:kind|sort|type)\s+of\s+[a-z]+(?:\s+[a-z]+)?\s+are\s+you\s+looking\s+for\b",
         "I'm looking for {x}."),
        (r"\b(?:was\s+für\s+(?:eine?n?\s+)?|welche\s+art\s+von\s+)\w+\s+suchst\s+du\b",
         "Ich suche {x}."),
        (r"\bquel\s+(?:genre|type)\s+de\s+\w+\s+(?:cherches-tu|tu\s+cherches|recherches-tu)\b",
         "Je cherche {x}."),
        (r"\bqu[eé]\s+tipo\s+de\s+\w+\s+buscas\b", "Busco {x}."),
        # someone's own dentist, doctor, gym ("Which dentist do you usually go to?")
        (r"\bwhich\s+(?!one\b)(?P<k>[a-z]+)\s+do\s+you\s+(?:usually\s+|normally\s+)?(?:go\s+to|see|use)\b",
         "My {k} is {x}."),
        # where someone comes from
        (r"\bwhere\s+(?:are\s+you|do\s+you\s+come)\s+from\b", "I'm from {x}."),
        (r"\bwoher\s+kommst\s+du\b", "Ich komme aus {x}."),
        (r"\bd['’]où\s+(?:viens-tu|venez-vous|tu\s+viens)\b|\btu\s+viens\s+d['’]où\b",
         "Je viens de {x}."),
        (r"\bde\s+d[oó]nde\s+eres\b", "Soy de {x}."),
        (r"你是哪里人", "我是{x}人。"),
        # where someone works
        (r"\bwhere\s+do\s+you\s+work\b", "I work at {x}."),
        (r"\bwo\s+arbeitest\s+du\b", "Ich arbeite bei {x}."),
        (r"\boù\s+(?:est-ce\s+que\s+tu\s+travailles|travailles-tu)\b|\btu\s+travailles\s+où\b",
         "Je travaille chez {x}."),
        (r"\bd[oó]nde\s+trabajas\b", "Trabajo en {x}."),
        (r"你在哪(?:里|儿)?(?:工作|上班)", "我在{x}工作。"),
        # a job
        (r"\bwhat\s+do\s+you\s+do(?:\s+for\s+(?:a\s+living|work))?(?:\s+(?:now|these\s+days|"
         r"currently))?\s*\?|\bwhat['’]s\s+your\s+"
         r"(?:job|profession|occupation)\b|\bwhat\s+is\s+your\s+(?:job|profession|occupation)\b|"
         r"\bwhat\s+do\s+you\s+work\s+as\b", "I work as {a}{job}."),
        (r"\bwas\s+(?:machst\s+du\s+beruflich|bist\s+du\s+von\s+beruf)\b|\bals\s+was\s+arbeitest"
         r"\s+du\b", "Ich arbeite als {x}."),
        (r"\b(?:qu['’]est-ce\s+que\s+tu\s+fais|tu\s+fais\s+quoi|que\s+fais-tu)\s+dans\s+la\s+vie"
         r"\b|\bquel\s+est\s+ton\s+métier\b", "Je suis {job}."),
        (r"\ba\s+qu[eé]\s+te\s+dedicas\b|\ben\s+qu[eé]\s+trabajas\b|\bcu[aá]l\s+es\s+tu\s+"
         r"profesi[oó]n\b", "Soy {job}."),
        (r"你(?:是)?做什么(?:工作|的)", "我是{x}。"),
        # an age
        (r"\bhow\s+old\s+are\s+you\b", "I'm {n} years old."),
        (r"\bwie\s+alt\s+bist\s+du\b", "Ich bin {n} Jahre alt."),
        (r"\bquel\s+âge\s+as-tu\b|\btu\s+as\s+quel\s+âge\b", "J'ai {n} ans."),
        (r"\bcu[aá]ntos\s+años\s+tienes\b", "Tengo {n} años."),
        (r"你(?:今年)?(?:多大|几岁)", "我{n}岁。"),
        # a name
        (r"\bwhat['’]s\s+your\s+name\b|\bwhat\s+is\s+your\s+name\b|\bwhat\s+should\s+i\s+call"
         r"\s+you\b", "My name is {name}."),
        (r"\bwie\s+heißt\s+du\b", "Ich heiße {name}."),
        (r"\bcomment\s+(?:tu\s+t['’]appelles|t['’]appelles-tu|vous\s+appelez-vous)\b",
         "Je m'appelle {name}."),
        (r"\bc[oó]mo\s+te\s+llamas\b", "Me llamo {name}."),
        (r"你叫什么", "我叫{name}。"),
        # a favourite
        (r"\bwhat['’]?s\s+your\s+(?:all-time\s+)?favou?rite\s+(?P<k>[a-z]+(?:\s+[a-z]+)?)"
         + _SOFTENED,
         "My favourite {k} is {x}."),
        (r"\bwas\s+ist\s+dein(?:e)?\s+Lieblings(?P<k>\w+)\s*\?", "Mein Lieblings{k} ist {x}."),
        (r"\bquel(?:le)?\s+est\s+ton\s+(?P<k>\w+)\s+préférée?\s*\?", "Mon {k} préféré est {x}."),
        (r"\bcu[aá]l\s+es\s+tu\s+(?P<k>\w+)\s+favorit[oa]\s*\?", "Mi {k} favorito es {x}."),
        # allergies, and anything else of one's own asked for by its name ("What's your
        # budget?" "Around 900 a month.", "Do you have a budget?" the same)
        (r"\b(?:do\s+you\s+have\s+any|any)\s+allerg(?:y|ies)\b|\bwhat\s+are\s+you\s+allergic"
         r"\s+to\b", "I'm allergic to {job}."),
        (r"\bwhat(?:['’]s|\s+is)\s+your\s+(?P<k>[a-z]+(?:\s+[a-z]+)?)" + _SOFTENED
         + r"|\bdo\s+you\s+have\s+an?\s+(?P<k2>[a-z]+)" + _SOFTENED, "My {k} is {x}."),
    ))
# Questions a list answers, said in full with the whole reply's first sentence ("What languages
# do you speak?" "English, Polish and a bit of German.": "I speak English, Polish and a bit of
# German."; "How many kids do you have?" "Three - Ava, Leo and Max.": "I have three kids: Ava,
# Leo and Max.")
_LISTED: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(question, re.IGNORECASE), said) for question, said in (
        (r"\bhow\s+many\s+(?P<k>kids|children|sons|daughters|siblings|brothers|sisters|pets|cats|"
         r"dogs|grandchildren)\s+(?:do\s+you\s+have|have\s+you\s+got)\b", "I have {n} {k}{rest}."),
        (r"\b(?:do\s+you\s+have|have\s+you\s+got)\s+(?:any\s+)?(?:pets|kids|children|siblings)\b",
         "I have {all}."),
        (r"\bwhat\s+languages?\s+do\s+you\s+speak\b|\bwhich\s+languages?\s+do\s+you\s+speak\b",
         "I speak {all}."),
        (r"\bwhat\s+(?:are\s+your\s+hobbies|do\s+you\s+(?:do|like\s+to\s+do)\s+(?:for\s+fun|in\s+"
         r"your\s+(?:free|spare)\s+time))\b|\bany\s+hobbies\b", "I enjoy {all}."),
        # someone's name ("What's your partner's name?" "Jamie.")
        (r"\bwhat(?:['’]s|\s+is)\s+your\s+(?P<k>[a-z]+)['’]s\s+name\b", "My {k} is called {all}."),
    ))
_COUNT = re.compile(r"(?i)(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b"
                    r"(?:\s+[a-z]+)?\s*(?:[-–—:,(]\s*(?P<rest>[^.!?)]+))?")
_COMMON_FIRST = re.compile(r"(?i)(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|an|"
                           r"the|some|just|mostly|only|mainly|[a-z]+ing)\b")
_FIRST_SENTENCE = re.compile(r"^\s*(?P<all>[^.!?\n]{1,120}?)\s*(?:[.!?]+(?=\s|$)|$)")
# "Lisbon, that's where we live", whatever was asked: the place is where its speaker lives
_WHERE_LIVED: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(said, re.IGNORECASE), full) for said, full in (
        (r"^(?:that['’]s|it['’]s|which\s+is)\s+where\s+(?:I|we)\s+live\b", "I live in {x}."),
        (r"^(?:da|dort)\s+wohne?n?\s+(?:ich|wir)\b", "Ich wohne in {x}."),
        (r"^c['’]est\s+là\s+(?:où|que)\s+(?:j['’]habite|nous\s+habitons|on\s+habite)\b",
         "J'habite à {x}."),
        (r"^(?:ahí|allí|donde)\s+viv(?:o|imos)\b", "Vivo en {x}."),
    ))
# what goes on as a sentence of its own ("my friend Carla, Lars and I broke up in June")
_CLAUSE = re.compile(r"(?i)^(?:I|I['’]\w+|we|we['’]\w+|my|our|he|she|they|[\w'’-]+\s+and\s+I)\b")
_FRAGMENT = re.compile(r"^\s*(?P<x>[^!?,;:。！？，；]{1,60}?)\s*"
                       r"(?P<end>[.!?](?=\s|$)|[,;:。！？，；]|$)")
# "So you live in Porto, right?", "And you're a teacher?": what is asked to be confirmed, said
# by its speaker once they answer "Yes, …" ("I live in Porto.") or "No, Braga." (its last value
# replaced: "I live in Braga.")
_CONFIRM = re.compile(
    r"(?i)^(?:(?:so|and|oh|ok(?:ay)?|just\s+to\s+check)[,\s]+)*(?:you(?P<be>['’]re|\s+are)?|"
    r"(?P<are>are\s+you)|do\s+you)\s+(?P<what>[^?]{2,60}?)(?:,?\s*(?:right|correct|yes|no|"
    r"isn['’]t\s+it|aren['’]t\s+you|don['’]t\s+you))?\s*\?$")
_YES = re.compile(r"(?i)^\s*(?:yes|yeah|yep|yup|correct|right|exactly|that['’]s\s+right)\b[\s,.!]*")
_NO = re.compile(r"(?i)^\s*(?:no|nope|not\s+quite|actually)\b[\s,.!]*")
_ALONE = re.compile(r"(?i)\s+(?:alone|solo|by\s+yourself|on\s+your\s+own)$")
_LAST_VALUE = re.compile(r"(?i)\b(?P<lead>in|at|from|for|to|an?|the)\s+(?P<value>[^,;]+)$")
_NOT_SAID = re.compile(
    r"(?i)^(?:yes|yeah|yep|no|nope|not|sure|maybe|haha\w*|lol|ok(?:ay)?|well|hmm+|um+|oh|"
    r"depends|why|what|ja|nein|oui|non|si|sí|pues|bof|嗯|不|是|对)\b|^(?:I|I['’]\w+|we|my|our|"
    r"ich|wir|mein\w*|je|j['’]\w*|nous|mon|ma|yo|mi|me|我)\b", re.UNICODE)
_NUMBER = re.compile(r"^(?P<n>\d{1,3})(?:\s*(?:years?(?:\s+old)?|y/?o|Jahre|ans|años|岁))?$")
_NAME = re.compile(r"^(?:[A-ZÀ-Þ][\w'’-]+)(?:\s+[A-ZÀ-Þ][\w'’-]+){0,2}$")
_LAST_QUESTION = re.compile(r"[^.!?。！？]*[?？]\s*$")


def in_full(inputs: Sequence[InputText]) -> list[InputText]:
    """``inputs`` with each short reply to the question ending the message before it (by
    someone else) said in full (see the module)."""
    said: list[InputText] = []
    for before, inp in zip([None, *inputs], inputs, strict=False):
        if before is not None and _someone_else(before, inp):
            asked = _LAST_QUESTION.search(before.text.strip())
            if asked and (full := _answering(asked.group(0), inp.text)):
                inp = replace(inp, text=full)
        said.append(inp)
    return said


def _someone_else(before: InputText, inp: InputText) -> bool:
    return (before.role, before.speaker) != (inp.role, inp.speaker) and inp.kind != "image"


def _answering(question: str, reply: str) -> str | None:
    """``reply`` with its first words said in full as the answer to ``question``, or None."""
    if (confirmed := _CONFIRM.match(question.strip())) and (said := _confirming(confirmed,
                                                                               reply)):
        return said
    if said := _listed(question, reply):
        return said
    fragment = _FRAGMENT.match(reply)
    companion = any(re.search(asked, question, re.IGNORECASE) for asked in _COMPANION)
    x = _WITH.sub("", fragment["x"].strip()) if fragment and companion else ""
    if not fragment or _NOT_SAID.search(fragment["x"].strip()) and not _OWNED.match(x):
        return None
    words = x or fragment["x"].strip()
    if not x and not re.match(r"(?i)(?:around|near)\s+\d", words):  # "around 900 a month"
        words = re.sub(_LEADS, "", words, flags=re.IGNORECASE).strip()
    # (an amount may say what it is for: "about 3000 euros for both of us")
    # (a job may say where: "UX designer at a small agency")
    if not words or len(words.split()) > (8 if re.search(r"\d", words) or re.search(
            r"\s(?:at|for|in|with)\s", words) else 5):
        return None
    rest = reply[fragment.end():].strip()
    for lived, said in _WHERE_LIVED:
        if found := lived.match(rest):  # "…, da wohnen wir seit 2019": "… in Hamburg seit 2019"
            tail = rest[found.end():]
            if tail.strip()[:1] in ("", *".!?;"):
                return f"{said.format(x=words)} {cap(tail.lstrip(' .!?;'))}".strip()
            return said.format(x=words)[:-1] + tail
    for pattern, said in _ANSWERED:
        if not (found := pattern.search(question)):
            continue
        if re.match(rf"(?i){re.escape(said.split()[0])}\s", reply.strip()):
            return None  # said in full already ("Soy de Hamburgo" to "¿De dónde eres?")
        # a job as a common noun ("Nurse": I work as a nurse), not an acronym ("ICU nurse")
        job = words[:1].lower() + words[1:] if words[1:2].islower() else words
        fields = {"x": words, "a": article(words), "job": job, **found.groupdict()}
        fields["k"] = fields.get("k") or fields.get("k2")
        if "{n}" in said:
            if not (number := _NUMBER.match(words)):
                return None
            fields["n"] = number["n"]
        if "{name}" in said:
            if not _NAME.match(words) and not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", words):
                return None
            fields["name"] = words
        full = cap(said.format(**fields))
        full = re.sub(r"^Je viens de (?=[AEIOUÉÈÎaeiouéèî])", "Je viens d'", full)
        if rest and fragment["end"] in ",;:，；" and not _CLAUSE.match(rest):
            full = full[:-1] + fragment["end"]  # "Nurse, mostly nights."
        else:
            rest = cap(rest)
        return f"{full} {rest}".strip()
    return None


def _listed(question: str, reply: str) -> str | None:
    """``reply`` said in full as the list ``question`` asks for (see :data:`_LISTED`)."""
    first = _FIRST_SENTENCE.match(reply)
    if not first or _NOT_SAID.search(first["all"]):
        return None
    for pattern, said in _LISTED:
        if not (asked := pattern.search(question)):
            continue
        whole = first["all"]
        if "{n}" in said:
            if not (count := _COUNT.fullmatch(whole)):
                return None
            rest = f": {count['rest'].strip()}" if count["rest"] else ""
            full = said.format(n=count["n"].lower(), k=asked["k"], rest=rest)
        else:
            # (a name or a language keeps its capital: "Jamie", "English")
            small = _COMMON_FIRST.match(whole)
            full = said.format(all=whole[:1].lower() + whole[1:] if small else whole,
                               k=asked.groupdict().get("k") or "")
        return f"{full} {cap(reply[first.end():].strip())}".strip()
    return None


def _confirming(asked: re.Match[str], reply: str) -> str | None:
    """``reply`` to a question asking to confirm something of its speaker, with what it
    confirms or corrects said in full ("No, Braga. I moved last year." to "So you live in
    Porto, right?": "I live in Braga. I moved last year.")."""
    said = ("I'm " if asked["be"] or asked["are"] else "I ") + asked["what"].strip()
    if yes := _YES.match(reply):
        return f"{said}. {cap(reply[yes.end():])}".strip()
    no = _NO.match(reply)
    fragment = _FRAGMENT.match(reply[no.end():]) if no else None
    if not fragment or _NOT_SAID.search(fragment["x"]) or len(fragment["x"].split()) > 5:
        return None
    rest = reply[no.end() + fragment.end():].strip()
    if (alone := _ALONE.search(said)) and _WITH.match(fragment["x"]):
        # "Are you moving alone?" "No, with my boyfriend Iker.": "I'm moving with …"
        return f"{said[:alone.start()]} {fragment['x'].strip()}. {cap(rest)}".strip()
    value = _LAST_VALUE.search(said)
    if value is None:
        return None
    new = re.sub(_LEADS, "", fragment["x"], flags=re.IGNORECASE).strip()
    new = re.sub(r"(?i)^(?:an?|the)\s+", "", new)
    return f"{said[:value.start('value')]}{new}. {rest}".strip()


def article(words: str) -> str:
    """"a " or "an " before a job said bare ("Nurse": a nurse), none before one with its own
    ("a nurse", "the head of IT"); also for the jobs a profile's label gives (see notes)."""
    if re.match(r"(?i)(?:a|an|the)\b", words):
        return ""
    return f"{said} " if (said := indefinite_article(words)) else ""
