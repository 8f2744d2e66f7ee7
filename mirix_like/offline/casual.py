"""A message typed casually, written out as the statements the rules read.

People type to an assistant the way they text: "hey so quick intro lol - im leo, 27, i live
in glasgow w my gf hannah 😊 ... bc hannah loves them", "my landlord (mr grant) is raising the
rent". The offline rules read "I", "I'm", "with my girlfriend Hannah" and names in capitals,
so an English message is said so first: texting shorthand spelled out ("im", "i", "w",
"gf", "bc", "tho", "ur"), an emoji that ends a sentence read as its end, and a name typed in
lower case capitalised wherever the message types it, once it stands where only a name goes:
a town one lives in or moved to ("i live in glasgow"), an employer after a job ("engineer at
skyscanner"), whom one names ("my gf hannah", "mr grant", "im leo, 27"). A word after "my
sister" is a name only where a name may end ("my sister anna and I"), never a verb ("my
sister lives in Leeds").
"""

from __future__ import annotations

import re
from dataclasses import replace

from mirix_like.offline.language import InputText
from mirix_like.offline.plain import language
from mirix_like.retrieval.topics import STOPWORDS

_SHORTHAND = {
    "im": "I'm", "i": "I", "ive": "I've", "dont": "don't", "cant": "can't",
    "wont": "won't", "didnt": "didn't", "doesnt": "doesn't", "isnt": "isn't", "wasnt": "wasn't",
    "gf": "girlfriend", "bf": "boyfriend", "bc": "because", "bcs": "because", "cuz": "because",
    "coz": "because", "tho": "though", "ur": "your", "u": "you", "w/": "with", "rn": "right now",
    "bday": "birthday", "pls": "please", "plz": "please", "thx": "thanks", "ppl": "people",
}
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_SMALL_I = frozenset({"im", "i", "ive"})
"""Shorthand for "I": typed small in a sentence all in lower case."""
_SHORT = re.compile(r"(?<![\w'’/.-])(?:" + "|".join(re.escape(w) for w in sorted(
    _SHORTHAND, key=len, reverse=True)) + r")(?![\w'’/-]|\.\w)")
# "w my gf", "w hannah": "with" only before whom one is with
_WITH = re.compile(r"(?<![\w'’-])w(?=\s+(?:my|our|his|her|their|the|a|an|[a-z]+\s+and)\b)")
_WHO = (r"girlfriend|boyfriend|wife|husband|partner|fianc[eé]e?|sister|brother|mum|mom|mother|"
        r"dad|father|son|daughter|friend|flatmate|roommate|cousin|aunt|uncle|niece|nephew|"
        r"grandma|grandpa|dog|cat|puppy|kitten|landlord|landlady|boss|manager|dentist|doctor")
_NAMED_AFTER = re.compile(r"\b(?:my|our)\s+(?:(?:new|old|little|big|best)\s+)?(?:" + _WHO
                          + r")\s+(?P<name>[a-z][a-z'’-]+)(?=\s*(?:[,.;:!?)]|$|[^\w\s]|\s+"
                          r"(?:and|who|&)\b))")
_EMOJI = re.compile(r"\s*[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\uFE0F]+(?:\s+|$)")
"""An emoji (or a run of them) typed where a sentence ends ("my gf hannah 😊 i work …")."""
# a town typed small where only a town goes ("i live in glasgow", "moved to edinburgh")
_TOWN_AFTER = re.compile(r"\b(?:live|lives|living|lived|moved|moving|relocated|based|grew\s+up|"
                         r"born)\s+(?:back\s+)?(?:in|to)\s+(?P<name>[a-z][a-z'’-]+)\b")
# an employer typed small after a job ("a junior devops engineer at skyscanner")
_WORK_AT = re.compile(r"\b(?:work|works|working|worked|job|joined|intern|internship|engineer|"
                      r"developer|designer|manager|analyst|nurse|teacher|support)\b[^.!?,;]{0,40}?"
                      r"\b(?:at|for)\s+(?P<name>[a-z][a-z'’&-]+)\b")
# a name told with an age ("I'm leo, 27")
_INTRO = re.compile(r"\b(?:I['’]m|my\s+name\s+is|name['’]s)\s+(?P<name>[a-z][a-z'’-]+)"
                    r"(?=\s*,\s*\d{1,3}\b)")
_NO_TOWN = frozenset({"town", "city", "the", "a", "an", "my", "our", "here", "there", "home",
                      "together", "with", "days", "nights", "summer", "winter",
                      "spring", "autumn", "fall", "january", "february", "march", "april",
                      "may", "june", "july", "august", "september", "october", "november",
                      "december", "it", "this", "that", "same", "new", "another", "work",
                      "school", "uni", "university", "college", "hospital", "bank", "office",
                      "least", "last", "first", "night", "weekends", "lunch",
                      # "for ages", "for years", "for fun": no employer
                      "ages", "years", "months", "weeks", "hours", "ever", "life", "long",
                      "fun", "free", "example", "instance", "real", "good", "sure"})
_TITLED = re.compile(r"\b(?P<title>mr|mrs|ms|dr)(?P<dot>\.?)\s+(?P<name>[a-z][a-z'’-]+)\b")


def _said_out(sentence: str) -> str:
    """``sentence`` with its shorthand spelled out; one typed all in lower case keeps it so
    ("im jess, 26, nurse at leeds general infirmary": "i'm jess, …"), which the change rules
    read as typed small (names after "at", "in", an age after a name)."""
    small = not any(c.isupper() for c in sentence)
    sentence = _WITH.sub("with", sentence)
    return _SHORT.sub(lambda m: _SHORTHAND[m[0]].lower() if small and m[0] in _SMALL_I
                      else _SHORTHAND[m[0]], sentence)


def _titled(found: re.Match[str]) -> str:
    """A title and the name after it capitalised ("mr grant": "Mr Grant")."""
    if found["name"] in STOPWORDS:
        return found[0]
    return f"{found['title'].capitalize()}{found['dot']} {found['name'].capitalize()}"


def spelled_out(inp: InputText) -> InputText:
    """``inp`` with its casual English said in full (see the module); a user's message or text
    only, and one in another language as it is."""
    if (inp.role not in (None, "user") or inp.kind == "image" or len(inp.text.split()) < 4
            or language(inp.text) != "en"):
        return inp  # (a few words are small talk as typed: "c u", "thx")
    text = _EMOJI.sub(lambda m: ". " if m.end() < len(m.string) else ".", inp.text)
    text = text.replace("!.", "!").replace("?.", "?").replace("..", ".")
    sentences = [_said_out(sentence) for sentence in _SENTENCE.split(text)]
    # (a sentence typed all small is left so: the change rules read it themselves)
    big = [any(c.isupper() for c in sentence) for sentence in sentences]
    names = {m["name"] for sentence, capital in zip(sentences, big, strict=True) if capital
             for pattern in (_NAMED_AFTER, _INTRO, _TOWN_AFTER, _WORK_AT)
             for m in pattern.finditer(sentence)
             if m["name"] not in STOPWORDS and m["name"] not in _NO_TOWN}
    text = " ".join(_TITLED.sub(_titled, sentence) if capital else sentence
                    for sentence, capital in zip(sentences, big, strict=True))
    # each name capitalised wherever it is typed ("… bc hannah loves them")
    for name in names:
        text = re.sub(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])", name.capitalize(), text)
    return inp if text == inp.text else replace(inp, text=text)

