"""Language rules the offline extractors share: sentences, filler, first to third person, topics.

Memories keep the language of their input: Chinese text gives Chinese summaries. First-person
statements are rewritten in the third person with the speaker's name ("I went" -> "Caroline
went"), and high-sensitivity values (passwords, keys, card and account numbers) are masked, as
everywhere but the knowledge vault.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from mirix_like.lexicon import KIN as KIN
from mirix_like.lexicon import ZH_KIN as ZH_KIN
from mirix_like.retrieval.topics import STOPWORDS, TOKEN
from mirix_like.secrets import find_secrets, redact

Row = dict[str, Any]
"""The arguments of one item for a type's insert tool."""
VAULT_MARK = "[{kind} in knowledge vault]"


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


def any_of(*words: str) -> re.Pattern[str]:
    """A pattern finding any of ``words`` (case-sensitive, so lower-case the text for lower-case
    words): a cheap test that spares a costlier pattern most texts."""
    return re.compile("|".join(re.escape(w) for w in words))


AND = {"de": "und", "fr": "et", "es": "y"}
"""The word that joins the last of a list in the languages beside English ("and")."""
COUNTED = {"en": ("two", "three", "four", "five", "six"),
           "de": ("zwei", "drei", "vier", "fünf", "sechs"),
           "fr": ("deux", "trois", "quatre", "cinq", "six"),
           "es": ("dos", "tres", "cuatro", "cinco", "seis")}
"""Two to six in words, as a count of those named is said ("two kids", "dos hijos")."""


def listed(items: Sequence[str], lang: str) -> str:
    """``items`` said as a list in ``lang`` ("Ella, Sam and Leo", "Pablo y Marta")."""
    *first, last = items
    return f"{', '.join(first)} {AND.get(lang, 'and')} {last}"


def word_set(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``."""
    return frozenset(text.split())


_CODE = (r"(?:[\w-]+\s+){0,3}?(?i:code|password|passcode|pin|passwort|kennwort|mot\s+de\s+passe|"
         r"contraseña|clave|código)")
_CHANGED = (
    # "The gym changed the door code, it's 4821 now", "I reset my alarm code to 5521"
    # (a place's, not a person's: "my brother changed the code" is no code of the brother's)
    (re.compile(r"(?:\b(?i:the|my|our)\s+(?P<who>(?!(?:" + KIN + r")\b)[a-z]+)\s+)?\b"
                r"(?i:changed|reset|updated)\s+"
                r"(?i:the|my|our)\s+(?P<what>" + _CODE + r")\s*(?:,\s*|\s+)(?:(?i:and\s+)?"
                r"(?:it['’]s|it\s+is|the\s+new\s+one\s+is)(?:\s+now)?|(?i:to))\s+(?=\S)"),
     lambda m: f"My {m['who'] + ' ' if m['who'] else ''}{m['what']} is "),
    # "Le code de la porte a changé, c'est 7742 maintenant"
    (re.compile(r"\b(?P<what>(?i:le|la|mon|ma|notre)\s+(?i:code|mot\s+de\s+passe)\b[^,.;!?]{0,30}?)"
                r"\s+a\s+changé\s*[,:]?\s*(?:(?i:maintenant\s+)?c['’]est|(?i:le\s+nouveau\s+est)|"
                r"(?i:il\s+est))\s+(?:(?i:maintenant|désormais)\s+)?(?=\S)"),
     lambda m: f"{m['what']} est "),
    # "J'ai changé le mot de passe du wifi, c'est maintenant lune77"
    (re.compile(r"\b(?i:changé|modifié)\s+(?P<what>(?i:le|la|mon|ma|notre)\s+(?i:code|mot\s+de\s+passe)"
                r"\b[^,.;!?]{0,30}?)\s*[,:]\s*(?:(?i:maintenant|désormais)\s+)?(?i:c['’]est|le\s+nouveau\s+est)"
                r"\s+(?:(?i:maintenant|désormais)\s+)?(?=\S)"),
     lambda m: f"{m['what']} est "),
    # "Cambié de número, ahora es 655 444 777", "Ich habe eine neue Nummer: …" is read as is
    (re.compile(r"\b(?i:cambié|he\s+cambiado|cambiamos)\s+(?i:de)\s+(?i:número|móvil|teléfono)\s*"
                r"[,:]\s*(?:(?i:ahora|el\s+nuevo)\s+)?(?i:es)\s+(?:(?i:el)\s+)?(?=\S)"),
     lambda _: "Mi número es "),
    # "Cambié la contraseña del wifi a perro456", "…del wifi, ahora es perro456"
    (re.compile(r"\b(?i:cambié|he\s+cambiado|cambiamos|hemos\s+cambiado|han\s+cambiado|"
                r"cambiaron)\s+(?P<what>(?i:la|el|mi|nuestra?)\s+(?i:contraseña|clave|código|pin)\b"
                r"[^,.;!?]{0,30}?)(?:\s+(?i:a|por)|\s*,\s*(?:(?i:ahora|ya)\s+)?(?i:es|la\s+nueva\s+es|"
                r"el\s+nuevo\s+es)(?:\s+(?i:ahora))?)\s+(?=\S)"),
     lambda m: f"{m['what']} es "),
    # "Hab das WLAN-Passwort geändert, jetzt ist es Mond2024"
    (re.compile(r"\b(?:(?i:hab|habe|haben)\s+)?(?P<what>(?i:das|den|die|mein(?:en)?|unser(?:en)?)\s+"
                r"[\w-]*(?i:passwort|kennwort|code|pin)\b)\s+(?i:geändert|neu\s+gesetzt|"
                r"zurückgesetzt)\s*[,;:]?\s*(?:(?i:jetzt|nun)\s+)?(?i:ist\s+es|lautet\s+es|es\s+ist|"
                r"es\s+lautet|das\s+neue\s+ist|der\s+neue\s+ist)\s+(?:(?i:jetzt|nun)\s+)?(?=\S)"),
     lambda m: f"{m['what']} ist "),
)
"""A code or password said to be changed to a value, said as the value it now is, which
:func:`find_secrets` reads by its everyday words."""


def secrets_restated(text: str) -> str:
    """``text`` with each change of a code said as its new value (see _CHANGED)."""
    for regex, said in _CHANGED:
        text = regex.sub(said, text)
    return text


def mask(text: str) -> str:
    """``text`` with every high-sensitivity value replaced by a placeholder, a value said as
    changed to too ("changed the wifi password, it's now moonbeam-77", see
    :func:`secrets_restated`), as the vault keeps it."""
    masked = redact(text, marker=VAULT_MARK)
    for secret in find_secrets(secrets_restated(text)):
        if secret.sensitivity == "high" and secret.value in masked:
            masked = masked.replace(secret.value, VAULT_MARK.format(kind=secret.kind))
    return masked


# --- words and sentences -------------------------------------------------------------

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
# Full stops that end no sentence: list numbers ("1. mix") and title abbreviations ("St. Mary's").
# A list's "2." inside a line, unless a sentence's first word follows: then it ends a
# sentence with a number ("a Tesla Model 3. The user's dentist is Dr. Gomez.").
_NEW_SENTENCE = r"(?!\s+(?:The|I|My|We|He|She|It|They|This|That|You|Our|His|Her|Their|A|An)\b)"
_LIST_MARK = (r"\.(?=\s)(?:(?<=^\d\.)|(?<=\n\d\.)|(?:(?<=[\s(]\d\.)|(?<=[\s(]\d\d\.))"
              + _NEW_SENTENCE + ")")
# Titles, and initials that go on in lower case ("Washington D.C. last year", "the U.S. team").
# ("Sra. Ruiz", "Hr. Vogel", "Prof. Lenz")
_ABBREVIATION = (r"\.(?:(?<=\b(?:Mr|Ms|Dr|St|Mt|Jr|Sr|vs|Hr|Fr)\.)|(?<=\b(?:Mrs|Sra|Dra)\.)|"
                 r"(?<=\b(?:Srta|Prof)\.)|"
                 r"(?<=\b[A-Z]\.[A-Z]\.)(?=\s+[a-z])|"
                 # the abbreviations a number or code follows: "(ext. 4411)", "Rechnung Nr. 5",
                 # "Confirmation no. HX-59321", a unit
                 # before the next ("7 Std. 10 min")
                 r"(?:(?<=\b(?:[Ee]xt|[Tt]el|[Vv]ol)\.)|(?<=\b(?:[Nn]o|[Nn]r|ca|pp)\.)|(?<=\bp\.)|"
                 r"(?<=\b(?:Std|Min|Sek|Mio|Mrd|hrs|min|sec)\.)|"
                 r"(?<=\bapprox\.))(?=\s*(?:\d|#|[A-Z]{1,4}-?\d))|"
                 # a French "M." before a name: "Gardien : M. Dupont"
                 r"(?<=\bM\.)(?=\s+[A-Z][a-z]))")
_SENTENCE = re.compile(
    r"(?:[^\n.!?。！？；]+|" + _LIST_MARK + "|" + _ABBREVIATION + r"|[.!?](?=[^\s\"'”’).!?]))+"
    r"(?:[.!?。！？；]+[\"'”’)]*|(?=\n)|$)"
)
_PHOTO = re.compile(r"\s*\[shared photo:\s*(?P<cap>[^\]]*)\]\s*$")
_CLAUSE_CUT = re.compile(
    r"\s+[-–—]+\s*|,\s+(?:but|so|which|and\s+(?:it|that|they|I|we))\b|"
    r"\s+(?:and|but)\s+(?=I\b|I['’]|[Mm]y\b)"
)
END_PUNCT = ".!?。！？"

# Words that on their own make a message a greeting or a reaction, not something to remember.
_FILLER = word_set(
    """
    hi hey hello hiya yo wow woah whoa cool awesome great amazing nice lovely sweet thanks thank
    thx ty ok okay lol haha hahaha yeah yes yep yup yay no nope sure totally bye goodbye see soon
    later talk take care good night morning glad hear hearing sounds sound congrats
    congratulations aw aww awww omg oh ah hmm um uh right agree absolutely definitely indeed exactly
    true fun wonderful fantastic incredible beautiful gorgeous love appreciate appreciated means
    mean lot welcome problem worries chatting chat catch hope day cheers fab brilliant super happy
    proud excited stoked thrilled inspiring inspired cute kind words support supportive thankful
    grateful blessed lucky best keep wish wishing luck wait looks look sounding rock rocks feel
    feeling felt time thing things stuff wanted say bit job well done tomorrow tonight then np
    nvm ttyl brb gn gm kk k mhm hehe lmao rofl xd ciao
    hallo servus moin tschüss tschau danke dankeschön vielen dank bitte schön sehr gute guten gut
    nacht tag morgen abend bis bald später prima klar alles genau ja nein stimmt zusammen leute
    merci beaucoup bonjour bonsoir coucou salut bonne nuit journée soirée à demain bientôt plus
    tard oui tout le monde d'accord rien de très bien parfait génial
    gracias muchas hola buenas noches días tardes adiós hasta mañana luego pronto nada sí vale todos
    claro perfecto bueno buenos buen día chao porfa
    tks okey oki doki alright mate pleasure hugs hug xoxo please pls plz
    dir dich gern gerne geschehen gleichfalls ebenso
    ouais d'acc mdr bisous plaisir pareillement
    besos abrazo abrazos igualmente vemos descanses avec un nos ton"""
)
# Phrases of parting and good wishes, in the rules' languages: "sleep" or "weekend" on their
# own may be something to remember ("I need more sleep"), "sleep well" is not.
_FILLER_PHRASES = re.compile(
    r"(?i:\b(?:sleep\s+(?:well|tight)|sweet\s+dreams|(?:i\s+)?miss\s+you|take\s+it\s+easy|"
    r"have\s+a\s+good\s+one|(?:enjoy\s+your|have\s+a\s+(?:good|great|nice))\s+"
    r"(?:day|evening|weekend|week)|c\s+u|see\s+ya|schlaf\s+gut|schönes\s+wochenende|"
    r"dors\s+bien|bon\s+week-end|buen\s+finde(?:\s+de\s+semana)?|que\s+descanses|"
    # an assistant's offer of help and its acknowledgements ("How can I help you today?",
    # "Noted. Anything else?"): they say nothing of the user
    r"(?:how|what)\s+(?:can|may|could)\s+i\s+(?:help|assist|do\s+for)(?:\s+you)?"
    r"(?:\s+(?:with|today|now))*|(?:is\s+there\s+)?anything\s+else(?:\s+i\s+can\s+(?:help"
    r"(?:\s+you)?(?:\s+with)?|do(?:\s+for\s+you)?))?(?=\s*\?)|good\s+to\s+know|makes\s+sense|"
    r"got\s+it|noted|saved|will\s+do|of\s+course|certainly|sure\s+thing|how\s+(?:nice|lovely|"
    r"exciting)|wie\s+schön|qu[eé]\s+bien|"
    r"wie\s+kann\s+ich\s+(?:dir|ihnen|euch)\s+helfen|"
    r"(?:sonst\s+)?noch\s+etwas(?=\s*\?)|gut\s+zu\s+wissen|verstanden|notiert|"
    r"comment\s+puis-je\s+(?:t['’]|vous\s+)aider|autre\s+chose(?=\s*\?)|c['’]est\s+noté|"
    r"compris|en\s+qu[eé]\s+puedo\s+ayudar(?:te|le|os)|algo\s+m[aá]s(?=\s*\?)|entendido|"
    r"anotado)\b)")
ASSISTANT_PLEASANTRIES = re.compile(
    r"(?i:\b(?:thanks?\s+(?:you\s+)?for\s+(?:letting\s+me\s+know|sharing(?:\s+that)?|telling\s+me)|"
    r"(?:glad|sorry|happy)\s+to\s+hear(?:\s+(?:that|it))?|"
    r"how\s+are\s+you\s+(?:feeling|doing|holding\s+up)(?:\s+(?:today|now|lately))?|"
    r"(?:i\s+)?hope\s+you(?:['’]re|\s+are)?\s+(?:feel(?:ing)?\s+better(?:\s+soon)?|doing\s+"
    r"(?:well|ok(?:ay)?))|danke,?\s+dass\s+du\s+(?:mir\s+)?(?:das|es)\s+(?:mir\s+)?"
    r"(?:sagst|erzählst|gesagt\s+hast)|wie\s+geht\s+es\s+dir(?:\s+(?:jetzt|heute|damit))?|"
    r"merci\s+de\s+me\s+l['’]avoir\s+dit|comment\s+(?:tu\s+te\s+sens|te\s+sens-tu|"
    r"vas-tu|ça\s+va)|gracias\s+por\s+(?:contármelo|decírmelo|compartirlo)|"
    r"c[oó]mo\s+te\s+(?:sientes|encuentras))\b)")
"""An assistant's pleasantries ("Thanks for letting me know. How are you feeling?"): said by
it they store nothing; said between people they are part of a conversation that may be
searched, so they count there as said."""
# Laughter and kisses as typed: "hahah", "ahaha", "jajaja", "jejeje", "xD", "xx".
_LAUGH = re.compile(r"(?i:a?(?:h[aeiu]){2,}h?|(?:j[aeiu]){2,}j?|x+d*)")
# Words as content_words sees them: Latin letters with accents, so "tschüss" is one word.
_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ](?:[A-Za-zÀ-ÖØ-öø-ÿ'’-]*[A-Za-zÀ-ÖØ-öø-ÿ])?|\d+(?:[.,:]\d+)*")
_GREETINGS = (
    "hey|hi|hello|wow|woah|whoa|oh|ooh|aw+|yeah|yes|yep|yup|yay|ok|okay|well|so|thanks|"
    r"thank\s+you|haha|lol|omg|hmm|um|uh|sure|great|cool|awesome|congrats|absolutely|totally|"
    r"definitely|right|true|nice|sorry|no\s+worries|dear|anyway"
)
_LEAD = re.compile(r"^(?:(?i:" + _GREETINGS + r")\b[\s,!.:;-]*(?:[A-Z][a-z]+\s*[,!.]+\s*)?)+|"
                   # a message's announcement: "Heads up: I'm moving", "Quick update - …"
                   r"^(?i:heads[\s-]up|quick\s+(?:one|update|note|question)|fyi|psa|"
                   r"(?:big\s+|good\s+|some\s+)?(?:news|update))\s*[:!,–—-]+\s*|"
                   # a list's mark: "- zweimal spülen", "2) Mix the flour"
                   r"^\s*(?:[-*•·]|\d{1,2}\))\s+")
_CAPITAL_WORD = re.compile(r"\b[A-Z][a-z]+(?=\s*[,!.?])")
_BEFORE_VOCATIVE = re.compile(r"\b(?i:" + _GREETINGS + r")[\s,]+$")
VAGUE_END = word_set("it that this those these them to too one so much lot there here you")


def is_zh(text: str) -> bool:
    if not CJK.search(text):
        return False
    cjk = len(CJK.findall(text))
    return cjk >= 2 and cjk >= len(_LATIN_WORD.findall(text))


def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
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


def content_words(text: str) -> tuple[str, ...]:
    """Words that carry content: not stopwords, greetings, reactions or vocatives."""
    words = []
    for token in _WORD.findall(_FILLER_PHRASES.sub(" ", _drop_vocatives(text))):
        low = token.lower().replace("’", "'")
        if (low not in STOPWORDS and low not in _FILLER and low.removesuffix("'s") not in _FILLER
                and not _LAUGH.fullmatch(low)):
            words.append(token)
    return tuple(words)


def without_names(words: tuple[str, ...], names: frozenset[str]) -> list[str]:
    """``words`` minus capitalised words that name (or shorten the name of) a speaker."""
    return [
        w
        for w in words
        if not (w[0].isupper() and len(w) >= 3 and any(n.startswith(w.lower()) for n in names))
    ]


_ZH_FILLER = re.compile(
    r"你好|您好|谢谢|多谢|好的|好吧|嗯+|哈+|哇+|再见|晚安|早上好|早安|是的|对的?|没问题|不客气|收到|"
    r"太棒了|真棒|厉害|加油|拜拜|辛苦了|没事|没关系|明天见|回头见|待会见|一会儿见|好嘞|"
    r"有什么(?:可以|能|我能)?帮(?:你|您)的?(?:吗)?|还有(?:别的|其他|什么)(?:事|问题|需要)?吗|记下了|明白了|"
    r"好|啊|呀|吧|呢|了|的|[\s\W\d_]"
)


@dataclass(frozen=True)
class Prepared:
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


_UNAPOSTROPHED = re.compile(
    r"\b[Ii](?:m(?=\s+(?:an?|now|not|from|so|still|also|really|married|single|engaged|"
    r"vegan|vegetarian|allergic|learning|training|working|living|moving|going|based|\d))|"
    r"ve(?=\s+(?:been|got|started|moved|just|never|always|stopped|quit|switched)\b))\b")
""""im a nurse", "ive moved": English typed without its apostrophe (not German "im Mai")."""
_TRAILING_FILLER = re.compile(r"\s+(?i:btw|lol|haha+|fyi|tbh|ngl|lmao|by\s+the\s+way)"
                              r"(?=\s*(?:[.,;!?]|$))")
"""What ends a clause and says nothing ("I'm a radiographer btw", "moved to Leeds lol")."""


def _typed(text: str) -> str:
    """``text`` as it would be written with care: "im a nurse btw" is "i'm a nurse"."""
    return _TRAILING_FILLER.sub("", _UNAPOSTROPHED.sub(lambda m: m[0][:1] + "'" + m[0][1:],
                                                       text))


@lru_cache(maxsize=8192)
def prepare(text: str) -> Prepared:
    """``text`` split from a LOCOMO-style photo caption, masked, typed with care (see
    :func:`_typed`) and cut into sentences."""
    m = _PHOTO.search(text)
    raw, photo = (text[: m.start()], m["cap"].strip() or None) if m else (text, None)
    body = mask(_typed(raw))
    spans = sentence_spans(body)
    words = tuple(content_words(body[s:e]) for s, e in spans)
    zh_content = bool(CJK.search(body)) and len(CJK.findall(_ZH_FILLER.sub("", body))) >= 2
    # the language of what was said, not of its masks ("wifi密码是[password in …]")
    return Prepared(raw, photo, body, is_zh(raw), spans, words, zh_content)


def is_filler(prep: Prepared, names: frozenset[str]) -> bool:
    return not prep.zh_content and not any(without_names(w, names) for w in prep.words)


def clean_lead(sentence: str) -> str:
    """``sentence`` without a leading greeting or reaction ("Wow, Mel, ...")."""
    stripped = _LEAD.sub("", sentence).strip()
    if not TOKEN.search(stripped) and not CJK.search(stripped):
        return sentence.strip()
    return cap(stripped)


_EMOTICON = re.compile(r"(?:\s+(?:[:;=]['’]?-?[()\[\]DPpO/\\|*]+|<3+|[xX]D+|\^\^|"
                       r"¯\\_\(ツ\)_/¯))+\s*$")
"""A face typed after a sentence (":(", ";)", "xD", "<3"): no part of what it says."""


def finish(text: str, zh: bool) -> str:
    text = _EMOTICON.sub("", text.strip()).rstrip(",;:，、：；-–— ")
    if text and text[-1] not in END_PUNCT + "\"'”’)":
        text += "。" if zh else "."
    return text


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def subject_of(inp: InputText, zh: bool) -> str:
    if inp.speaker:
        return inp.speaker
    if zh:
        return {"assistant": "助手", "other": "某人"}.get(inp.role or "", "用户")
    return {"assistant": "the assistant", "other": "someone"}.get(inp.role or "", "the user")


def speaker_of(inp: InputText) -> str:
    return inp.speaker or inp.role or "user"


# --- first person to third person ------------------------------------------------------

ADVERBS = (
    "also|really|just|always|never|still|even|totally|actually|finally|recently|usually|often|"
    "sometimes|only|already|definitely|truly|absolutely|kinda|sorta|honestly|personally|mostly|"
    "literally|seriously|currently|now|too|so|once|first|then|genuinely|both|all|no\\s+longer|"
    "rarely|hardly|mainly|probably"
)
PAST_VERBS = word_set(
    """
    was were did had went ran saw took made got felt met found thought told said came gave began
    bought brought wrote read put left knew heard held kept lost won ate drove flew sang swam sat
    stood spent sent built taught caught fell broke chose wore became paid lay let set cut hit hurt
    quit shut led fed fought sought rode rose shook spoke stole struck threw understood woke drew
    grew forgot forgave hid lit meant slept sold sank slid spun sprang stuck stung swore swept swung
    tore froze dealt dug hung"""
)
_KEEP_VERB = word_set(
    "will would can could should shall might must may used ought gonna wanna gotta better"
)
_ED_PRESENT = word_set("need feed succeed proceed exceed bleed breed speed seed heed embed wed")
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
    # "How can I help?", "Do I need a visa?": asked, the verb after "I" stays as it is
    r"\b(?:(?P<aux>(?i:can|could|would|will|should|shall|may|might|must|did|do|have|am|was))\s+"
    r"I\b(?!['’])|(?P<contr>I['’](?:m|ve|ll|d))|(?P<i>[Ii])(?P<adv>(?:\s+(?:" + ADVERBS + r"))*)\s+"
    r"(?P<verb>[a-z]+(?:n['’]t)?)\b(?!['’])|(?P<we>[Ww]e['’](?:re|ve|ll|d)|[Ww]e|[Uu]s)|"
    r"(?P<own>[Mm]y|[Mm]ine|[Oo]ur|[Oo]urs)|(?P<self>[Mm]yself|[Oo]urselves)|(?P<me>[Mm]e|I))\b"
)
_ADDRESS_WORD = re.compile(r"\S*[@/]\S*|\S+\.(?:com|org|net|io|dev|de|fr|es|co|uk)\b\S*")
"""An e-mail address, path or web address, whose "me" or "my" is no speaker ("me@mail.com")."""


_JOINED = re.compile(r"\band\s+$", re.IGNORECASE)
_SPOKE = re.compile(r"\bI\b|\bI['’]")


def _joined(before: str) -> bool:
    """Whether the "I" after ``before`` is one of two subjects ("Sam and I"), not the subject
    of a clause joined to one where the speaker already spoke ("I live in Leeds and I work")."""
    if not _JOINED.search(before):
        return False
    sentence = re.split(r"[.!?]\s", before)[-1]
    return not _SPOKE.search(sentence)


def _conjugate(verb: str) -> str:
    """The third-person form of a verb that followed "I" ("love" -> "loves", "went" stays)."""
    low = verb.replace("’", "'")
    if low in _THIRD:
        return _THIRD[low]
    if low in _KEEP_VERB or low in PAST_VERBS or low.endswith("n't"):
        return verb
    if low.endswith("ed") and low not in _ED_PRESENT:
        return verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and low[-2:-1] not in ("a", "e", "i", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


def third_person(text: str, subject: str, zh: bool) -> str:
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

    addresses: list[tuple[int, int]] = []

    def swap(m: re.Match[str]) -> str:
        if any(start <= m.start() < end for start, end in addresses):
            return m[0]
        if m["aux"]:
            aux = m["aux"]
            said = {"do": "does", "have": "has", "am": "is"}.get(aux.lower(), aux.lower())
            out = f"{cap(said) if aux[0].isupper() else said} {subject}"
        elif m["contr"]:
            out = f"{subject} {_CONTRACTIONS[_APOSTROPHE.split(m['contr'])[1]]}"
        elif m["i"]:  # "Sam and I go running": the verb of two stays as it is
            verb = m["verb"] if _joined(m.string[:m.start()]) else _conjugate(m["verb"])
            out = f"{subject}{m['adv']} {verb}"
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
        return cap(out) if m.start() == 0 else out

    # "I live in Osaka and work as a pharmacist": the verb joined to the speaker's is theirs too
    text = _AND_VERB.sub(lambda m: m[0] if _TO_DO.search(m["head"]) else
                         f"{m['head']}{_conjugate(m['verb'])}", text)
    text = _OF_US.sub(lambda m: f"{_HOW_MANY_OF_US[m[1].lower()]} people", text)
    text = _WE_ALL.sub(lambda m: "We" if m[0][0].isupper() else "we", text)
    addresses.extend(m.span() for m in _ADDRESS_WORD.finditer(text))
    return _FIRST_PERSON.sub(swap, text)


_JOINED_VERBS = ("work", "live", "play", "teach", "study", "love", "like", "enjoy", "speak",
                 "volunteer", "drive", "own", "run", "cook", "write", "coach", "train", "manage",
                 "lead", "go", "have", "hate", "prefer", "need", "want", "help", "care", "read",
                 "swim", "cycle", "hike", "climb", "dance", "sing", "paint", "draw", "knit", "bake",
                 "surf", "ski", "jog", "walk", "practise", "practice", "attend", "collect")
_AND_VERB = re.compile(
    r"(?P<head>\bI\s+(?:" + ADVERBS + r"\s+)*[a-z]+\b[^.;:!?]*?\b(?:and|but)\s+(?:also\s+)?)"
    r"(?P<verb>" + "|".join(_JOINED_VERBS) + r")\b(?![^.;:!?]*?\b(?:I|we)\b)")
"""A verb of the speaker's after "and", with no subject of its own ("… and work as …")."""
_TO_DO = re.compile(r"\b(?:to|can|could|will|would|should|must|might|let['’]s|help)\s+[a-z]+"
                    r"(?:\s+[a-z]+)?\s+(?:and|but)\s+(?:also\s+)?$")
"""An infinitive before "and" ("asked him to come and help"): the verb after it is one too."""


_YOU_AND_VERB = re.compile(
    r"(?P<head>\b[Yy]ou\s+(?:" + ADVERBS + r"\s+)*[a-z]+\b[^.;:!?]*?\b(?:and|but)\s+"
    r"(?:also\s+)?)(?P<verb>" + "|".join(_conjugate(v) for v in _JOINED_VERBS) + r")\b")
"""The same verb said to the user ("You play tennis and swims": "… and swim")."""


def subject_repeated(text: str) -> str:
    """``text`` with "I" said again before a verb joined to the speaker's by "and" ("I play
    tennis on Tuesdays and swim on Fridays": "… and I swim on Fridays"), so each clause is a
    statement of its own."""
    return _AND_VERB.sub(lambda m: m[0] if _TO_DO.search(m["head"]) else
                         f"{m['head']}I {m['verb']}", text)
_HOW_MANY_OF_US = {"both": "two", "the two": "two", "the three": "three", "the four": "four"}
_OF_US = re.compile(r"(?:(?<=\bfor\s)|(?<=\bto\s)|(?<=\bwith\s)|(?<=\bbetween\s))"
                    r"(both|the\s+two|the\s+three|the\s+four)\s+of\s+us\b", re.IGNORECASE)
_WE_ALL = re.compile(r"\b(?:both|all|the\s+two|the\s+three|the\s+four)\s+of\s+us\b(?=\s+[a-z])",
                     re.IGNORECASE)
"""How many "us" were ("3000 euros for both of us": for two people), not "the user and
others"; as a subject, "we" ("The two of us went hiking": the user and others went)."""


_PLAIN = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go",
          "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "doesn't": "don't"}
# "the user" is the subject at a sentence's or clause's start ("…, now the user is in …"),
# else an object whose next word is no verb ("gave the user flowers").
_USER_SAID = re.compile(
    r"(?:^|(?<=[,;:]\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bnow\s)|(?<=\bthat\s)|(?<=\bso\s)|"
    # a clause the user is the subject of: "How the user makes cold brew: …"
    r"(?<=\b[Hh]ow\s)|(?<=\b[Ww]hy\s)|(?<=\b[Ww]hen\s)|(?<=\b[Ww]here\s)|(?<=\b[Ww]hat\s)|"
    r"(?<=\b[Ii]f\s)|(?<=\bwhile\s)|(?<=\bbecause\s)|(?<=\bafter\s)|(?<=\bbefore\s)|"
    r"(?<=\bsince\s)|(?<=\buntil\s)|(?<=\bwhere\s)|(?<=\bonce\s))"
    r"(?P<the>[Tt]he user)(?: and others)?(?P<adv>(?:\s+(?:" + ADVERBS + r"))*)\s+"
    r"(?P<verb>[a-z]+(?:n['’]t)?)\b(?!['’])|(?P<thing>^[A-Z][\w -]{0,40}?) of the user\b|"
    r"\b(?P<own>[Tt]he user['’]s)\b|\b(?P<other>[Tt]he user)\b|\b(?P<self>themself)\b")


def _plain_verb(verb: str) -> str:
    """The form of a third-person verb after "you" ("lives" -> "live", "went" stays)."""
    low = verb.replace("’", "'")
    if low in _PLAIN:
        return _PLAIN[low]
    if low in _KEEP_VERB or low in PAST_VERBS or low.endswith(("n't", "ss", "us", "is")):
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(("shes", "ches", "xes", "zes", "oes", "sses")):
        return verb[:-2]
    return verb[:-1] if low.endswith("s") else verb


# "the user" as the subject after a sentence's opening time words: "Since March the user has …"
_OPENED = re.compile(
    r"(?:^|(?<=[,;]\s))(?P<open>(?:[Ss]ince|[Ll]ast|[Tt]his|[Ii]n|[Oo]n|[Bb]y|[Ff]rom|[Uu]ntil|"
    r"[Aa]fter|[Dd]uring|[Oo]ver|[Ee]very|[Ff]or|[Ww]ith|[Tt]hese\s+days|[Nn]owadays|[Tt]oday|[Nn]ow|"
    r"[Cc]urrently|[Rr]ecently|[Ll]ately|[Uu]sually|[Ss]ometimes|[Oo]ften|[Aa]t)\b[^,.;:!?]{0,30}?"
    r"\s)[Tt]he user(?P<adv>(?:\s+(?:" + ADVERBS + r"))*)\s+(?P<verb>[a-z]+(?:n['’]t)?)\b(?!['’])")


# "it went well the user thinks": the user the subject of a verb, not the object of a word
# before it ("Phone number of the user was …")
_USER_VERB = re.compile(r"(?<![,;:]\s)(?<!^)(?<!\bof\s)(?<!\bto\s)(?<!\bfor\s)(?<!\bwith\s)"
                        r"(?<!\bby\s)(?<!\bfrom\s)(?<!\bthan\s)(?<!\babout\s)(?<!\btold\s)"
                        r"\b[Tt]he user\s+(?P<verb>thinks|says|feels|knows|"
                        r"guesses|hopes|believes|reckons|means|wants|needs|is|was|has|does)\b")


def second_person(text: str, *, quoted: bool = False) -> str:
    """An English statement about "the user" said to them: "The user's dog is Rex" -> "Your
    dog is Rex", "the user lives in Oslo" -> "you live in Oslo". The ``quoted`` words of the
    user's message keep their "our"."""
    text = _OPENED.sub(lambda m: f"{m['open']}you{m['adv']} {_plain_verb(m['verb'])}", text)
    text = _USER_VERB.sub(lambda m: f"you {_plain_verb(m['verb'])}", text)

    def swap(m: re.Match[str]) -> str:
        if m["verb"]:
            out = f"you{m['adv']} {_plain_verb(m['verb'])}"
        elif m["thing"]:
            out = f"your {m['thing'][:1].lower()}{m['thing'][1:]}"
        elif m["self"]:  # "themself" is what "myself" was said as (see third_person)
            out = "yourself"
        else:
            out = "your" if m["own"] else "you"
        return cap(out) if m.start() == 0 else out

    text = _USER_SAID.sub(swap, text)
    # a household's own in a statement about the user ("Your husband is Rhys and our daughter
    # is Elin"), not in their quoted words
    text = _YOU_AND_VERB.sub(lambda m: m["head"] + _plain_verb(m["verb"]), text)
    if not quoted and not text.startswith("You said"):
        text = re.sub(r"\b([Oo])ur\b", lambda m: "Your" if m[1] == "O" else "your", text)
    return text


# --- "the user" said to them in German, Spanish and French (informal: du, tú, tu) ----------

_DE_DU = {"ist": "bist", "hat": "hast", "war": "warst", "wird": "wirst", "kann": "kannst",
          "will": "willst", "muss": "musst", "darf": "darfst", "mag": "magst", "soll": "sollst",
          "weiß": "weißt", "tut": "tust", "isst": "isst", "sprach": "sprachst",
          "ging": "gingst", "aß": "aßest", "las": "last", "fuhr": "fuhrst",
          "schwamm": "schwammst", "trank": "trankst", "hieß": "hießest", "nahm": "nahmst"}
_ES_TU = {"es": "eres", "está": "estás", "fue": "fuiste", "ha": "has", "va": "vas",
          "da": "das", "ve": "ves", "sabe": "sabes", "hizo": "hiciste", "tuvo": "tuviste",
          "estuvo": "estuviste"}
_FR_TU = {"est": "es", "a": "as", "va": "vas", "fait": "fais", "peut": "peux", "veut": "veux",
          "vit": "vis", "sait": "sais", "dit": "dis", "part": "pars", "sort": "sors",
          "dort": "dors", "prend": "prends", "apprend": "apprends", "étudie": "étudies",
          "vient": "viens", "revient": "reviens", "devient": "deviens", "tient": "tiens"}
_DE_NOT_VERBS = word_set("jetzt nicht nichts seit mit erst fast oft selbst nebst zuletzt "
                         "meist längst bereits damit somit trotzdem dort weit")
_DE_USER = re.compile(
    r"\b(?P<subj>[Dd]er Nutzer)\s+(?P<verb>[a-zäöüß]+)\b(?P<sich>\s+sich\b)?|"
    r"\b(?P<inv>[a-zäöüß]+)\s+der Nutzer\b|"
    r"\b(?P<art>[Dd](?:ie|er|as|en|em))\s+(?P<thing>(?:[A-ZÄÖÜ][\wäöüß-]*|[a-zäöüß]+)"
    r"(?:\s+[\wäöüß-]+)?)\s+des Nutzers\b|"
    r"\b(?P<dat>dem Nutzer)\b|\b(?P<acc>den Nutzer)\b")
_ES_USER = re.compile(
    r"\b[Aa]l usuario\s+(?P<dneg>no\s+)?le\s+(?P<liked>gusta|gustan|encanta|encantan)\b|"
    r"\b(?P<subj>[Ee]l usuario)\s+(?P<neg>no\s+)?(?P<se>se\s+)?(?P<verb>[a-záéíóúñ]+)\b|"
    r"\b(?P<art>[Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+(?P<thing>[\wáéíóúñ]+(?:\s+[a-záéíóúñ]+)?)"
    r"\s+del usuario\b|\b(?P<al>al usuario)\b|\b(?P<other>[Ee]l usuario)\b")
_FR_USER = re.compile(
    r"\b(?P<subj>[Ll]['’]utilisateur)\s+(?P<neg>n['’]|ne\s+)?(?P<se>s['’]|se\s+)?"
    r"(?P<verb>[a-zàâçéèêëîïôûù]+)\b|"
    r"\b(?P<art>(?:[Ll]es|[Ll]e|[Ll]a)\s+|[Ll]['’])(?P<thing>[\wàâçéèêëîïôûù]+"
    r"(?:\s+[a-zàâçéèêëîïôûù]+)?)\s+de l['’]utilisateur\b|"
    r"\b(?P<other>[Ll]['’]utilisateur)\b")
_VOWEL = "aeiouhàâéèêîôûAEIOUHÀÂÉÈÊÎÔÛ"


def _de_du(verb: str) -> str:
    """The "du" form of a German third-person verb ("wohnt" -> "wohnst", "arbeitet" ->
    "arbeitest", "ist" -> "bist", "wohnte" -> "wohntest")."""
    if verb in _DE_DU:
        return _DE_DU[verb]
    if verb.endswith("te"):
        return verb + "st"
    if verb.endswith("t"):
        stem = verb[:-1]
        return stem + ("t" if stem.endswith(("s", "ß", "z", "x")) else "st")
    return verb


def _es_tu(verb: str) -> str:
    """The "tú" form of a Spanish third-person verb ("vive" -> "vives", "trabajó" ->
    "trabajaste", "es" -> "eres")."""
    if verb in _ES_TU:
        return _ES_TU[verb]
    if verb.endswith("ió"):
        return verb[:-2] + "iste"
    if verb.endswith("ó"):
        return verb[:-1] + "aste"
    return verb + "s" if verb.endswith(("a", "e", "á", "é", "í", "ía")) else verb


def _fr_tu(verb: str) -> str:
    """The "tu" form of a French third-person verb ("habite" -> "habites", "était" ->
    "étais", "est" -> "es")."""
    if verb in _FR_TU:
        return _FR_TU[verb]
    if verb.endswith("ait"):
        return verb[:-1] + "s"
    if verb.endswith("e"):
        return verb + "s"
    if verb.endswith("it"):
        return verb[:-1] + "s"
    return verb


def _opening(words: str, text: str, at: int) -> str:
    """``words`` put in ``text`` at ``at``, capitalised where a sentence starts."""
    return cap(words) if at == 0 or text[at - 2 : at] in (". ", ": ") else words


def _de_second(text: str) -> str:
    def swap(m: re.Match[str]) -> str:
        if m["subj"]:  # "ernährt sich": "ernährst dich"
            out = f"du {_de_du(m['verb'])}{' dich' if m['sich'] else ''}"
        elif m["inv"]:
            verb = m["inv"] if m["inv"] in _DE_NOT_VERBS else _de_du(m["inv"])
            out = f"{verb} du"
        elif m["art"]:
            own = "deine" if m["art"].lower() == "die" else {
                "den": "deinen", "dem": "deinem"}.get(m["art"].lower(), "dein")
            out = f"{own} {m['thing']}"
        else:
            out = "dir" if m["dat"] else "dich"
        return _opening(out, text, m.start())

    return _DE_USER.sub(swap, text)


def _es_second(text: str) -> str:
    def swap(m: re.Match[str]) -> str:
        if m["liked"]:  # "Al usuario le gusta el té": "Te gusta el té"
            out = f"{m['dneg'] or ''}te {m['liked']}"
        elif m["subj"]:
            verb = _es_tu(m["verb"])
            out = f"{m['neg'] or ''}{'te ' if m['se'] else ''}{verb}"
            out = out if verb != m["verb"] else f"tú {m[0].split(None, 2)[2]}"
        elif m["art"]:
            out = f"{'tus' if m['art'].lower() in ('los', 'las') else 'tu'} {m['thing']}"
        else:
            out = "a ti" if m["al"] else "tú"
        return _opening(out, text, m.start())

    return _ES_USER.sub(swap, text)


def _fr_second(text: str) -> str:
    def swap(m: re.Match[str]) -> str:
        if m["subj"]:
            neg = "ne " if m["neg"] else ""
            verb = _fr_tu(m["verb"])
            se = ("t'" if verb[:1] in _VOWEL else "te ") if m["se"] else ""
            if neg and not se and verb[:1] in _VOWEL:
                neg = "n'"
            out = f"tu {neg}{se}{verb}"
        elif m["art"]:
            article = m["art"].strip().lower().replace("’", "'")
            thing = m["thing"]
            own = "tes" if article == "les" else "ta" if (
                article == "la" and thing[:1] not in _VOWEL) else "ton"
            out = f"{own} {thing}"
        else:
            out = "toi"
        return _opening(out, text, m.start())

    return _FR_USER.sub(swap, text)


# A fact about the user that no longer holds, told in the past (German Präteritum, French
# and Spanish imperfect) to the day it ended: "Der Nutzer studiert Jura" -> "Der Nutzer
# studierte Jura bis zum 22. April 2025".
_ABROAD_OPENING = re.compile(
    r"^(?P<who>(?:Der Nutzer|(?:Die|Der|Das) [\wäöüß-]+ des Nutzers|L['’]utilisateur|"
    r"(?:La|Le|Les) [\wàâçéèêëîïôûù-]+ de l['’]utilisateur|El usuario|"
    r"(?:La|El|Los|Las) [\wáéíóúñ-]+ del usuario|"
    # someone of the user's by name, who they are set apart ("Jana, die Tochter des Nutzers,")
    r"[A-ZÀ-Þ][\w'’-]+,\s+[^,.;]{3,40}(?:des Nutzers|de l['’]utilisateur|del usuario),))"
    r"\s+(?P<se>se\s+|s['’])?"
    r"(?P<verb>[a-zäöüßàâçéèêëîïôûùáéíóúñ]+)\b")
_PAST_ABROAD = {
    "de": {"ist": "war", "hat": "hatte", "spricht": "sprach", "geht": "ging", "isst": "aß",
           "liest": "las", "fährt": "fuhr", "schwimmt": "schwamm", "trinkt": "trank",
           "heißt": "hieß", "nimmt": "nahm"},
    "fr": {"est": "était", "a": "avait", "fait": "faisait", "vit": "vivait",
           "apprend": "apprenait", "prend": "prenait", "va": "allait", "dit": "disait",
           "appelle": "appelait"},
    "es": {"es": "era", "va": "iba", "juega": "jugaba", "tiene": "tenía", "quiere": "quería",
           "prefiere": "prefería", "ve": "veía"},
}
_UNTIL_ABROAD = {"de": "bis zum {d}", "fr": "jusqu'au {d}", "es": "hasta el {d}"}


def _past_abroad(verb: str, lang: str) -> str:
    """The past of a German, French or Spanish third-person verb ("wohnt": "wohnte",
    "habite": "habitait", "vive": "vivía")."""
    if found := _PAST_ABROAD[lang].get(verb):
        return found
    if lang == "de":
        return verb + "e" if verb.endswith("t") else verb
    if lang == "fr":
        return verb[:-1] + "ait" if verb.endswith("e") else verb
    return verb + "ba" if verb.endswith("a") else verb[:-1] + "ía" if verb.endswith("e") else verb


def ended_abroad(statement: str, lang: str, day: str) -> str:
    """A German, French or Spanish fact about the user that held until ``day`` (a date as
    that language writes it), in the past: "Der Nutzer studiert Jura." -> "Der Nutzer
    studierte Jura bis zum 22. April 2025."; one of another shape with the day after it."""
    statement = statement.strip().rstrip(END_PUNCT + " ")
    until = _UNTIL_ABROAD[lang].format(d=day)
    opening = _ABROAD_OPENING.match(statement)
    if opening:
        verb = _past_abroad(opening["verb"], lang)
        statement = (f"{opening['who']} {opening['se'] or ''}{verb}"
                     f"{statement[opening.end():]}")
    return f"{statement} {until}."


_YOU_SAID = {"de": "Du hast gesagt:", "es": "Dijiste:", "fr": "Tu as dit :"}
USER_SAID_LEAD = re.compile(r"^[Tt]he user said:")
"""How a quoted message opens (an event's "The user said: …")."""


def second_person_in(text: str, lang: str, *, quoted: bool = False) -> str:
    """A statement about the user said to them, in English, German, Spanish or French,
    whichever it names the user in ("Der Nutzer wohnt in Wien" -> "Du wohnst in Wien", "La
    hermana del usuario vive en Sevilla" -> "Tu hermana vive en Sevilla", "L'utilisateur
    habite à Lille" -> "Tu habites à Lille"); the English "The user said: …" of a quoted
    message opens in ``lang``, the message's language (see :func:`second_person` for
    ``quoted``)."""
    if lang in _YOU_SAID:
        text = USER_SAID_LEAD.sub(_YOU_SAID[lang], text)
    text = second_person(text, quoted=quoted) if lang == "en" else text
    if "Nutzer" in text:
        text = _de_second(text)
    if "usuario" in text:
        text = _es_second(text)
    if "utilisateur" in text:
        text = _fr_second(text)
    return text


ADV_GROUP = r"(?:(?:" + ADVERBS + r"|very|super|pretty|quite|big|huge)\s+)*"


MAX_CLAUSE_WORDS = 25


def first_clause(text: str) -> str:
    """The first clause of ``text``, at most ``MAX_CLAUSE_WORDS`` words, cut at a comma if long."""
    clause = _CLAUSE_CUT.split(text)[0].strip(" ,.")
    words = clause.split()
    if len(words) <= MAX_CLAUSE_WORDS:
        return clause
    head = " ".join(words[:MAX_CLAUSE_WORDS])
    return head.rsplit(",", 1)[0] if "," in head else head



SCREEN = re.compile(
    r"^\s*(?:\[(?:screen|screenshot)[^\]]*\]|(?:screenshot|screen\s*capture|screen)\s*:)\s*",
    re.IGNORECASE,
)


def sentences_of(text: str) -> list[str]:
    return [text[s:e] for s, e in sentence_spans(text)]



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


def topic_path(text: str, zh: bool) -> list[str]:
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

