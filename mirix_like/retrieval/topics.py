"""Search keywords for a question without a model: names, quoted titles, nouns, Chinese bigrams.

The word lists here (stopwords, question words) are also what the offline backend's language
rules use, so a word counts as empty in one place only.
"""

from __future__ import annotations

import re

from mirix_like.lexicon import WORD, compound_splits, same_meaning, uninverted

__all__ = ["CJK_RUN", "OTHER_STOPWORDS", "QUESTION_WORDS", "STOPWORDS", "TOKEN", "ZH_STOP",
           "keyword_topics"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]|\d+(?:[.,:]\d+)*")
STOPWORDS = _words(
    """
    a about above after again against all also am an and any are aren't as at be because been
    before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't down during each either else even ever every few for from further get gets
    got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
    him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself
    just let's like me might more most much must mustn't my myself no nor not now of off on once
    one only or other others ought our ours ourselves out over own quite rather really same she
    she'd she'll she's should shouldn't so some such than that that's the their theirs them
    themselves then there there's these they they'd they'll they're they've this those though
    through thus to too under until up upon us very via was wasn't we we'd we'll we're we've were
    weren't what what's whatever when when's where where's whether which while who who's whom
    whose why why's will with within without won't would wouldn't yet you you'd you'll you're
    you've your yours yourself yourselves gonna wanna gotta kinda sorta y'all ya"""
)
QUESTION_WORDS = _words(
    """
    what when where who whom whose which why how did does do is are was were would could should
    can will has have had kind type sort likely probably ever still some any things thing name
    names tell remember know mention mentioned say said"""
)
# Function words of the other languages the rules read: they say nothing a memory matches on.
OTHER_STOPWORDS = _words(
    "wo wer was wie wann warum welche welcher welches ich mein meine meinen meinem meiner mir "
    "mich ist sind bin war habe hat hatte der die das den dem des ein eine einen und oder nicht "
    "mit bei beim im am zu zum zur von vom vor nach für auf aus um wie viel wieviel jetzt früher "
    "vorher où qui quoi quand comment combien je mon ma mes est suis était les le la et avec au "
    "du des de chez dans pour sur par ai-je que quel quelle maintenant avant dónde donde quién "
    "qué cuándo cómo cuánto cuánta cuántos cuántas yo mi mis es soy era los las el y con del en "
    "ahora antes")
ZH_STOP = re.compile(
    r"什么时候|什么|为什么|怎么样|怎么|哪里|哪儿|哪个|哪些|哪天|哪一天|哪年|多少|几号|请问|告诉|一下|"
    r"知道|记得|时候|何时|是否|有没有|我们|你们|他们|她们|这个|那个|吗|呢|吧|啊|呀|的|了|是|在|和|与|"
    r"跟|我|你|他|她|它|这|那|谁|几|请|都|也|就|还|有"
)

_QUESTION_PHRASE = re.compile(
    r"\b(?:how\s+(?:long|many|much|often|old|far)(?:\s+ago)?|what\s+(?:kind|type|sort)s?\s+of|"
    r"in\s+what\s+way|would\s+\w+\s+(?:likely|still|probably))\b",
    re.IGNORECASE,
)
# A word in any alphabet ("médico" whole, as the full-text index reads it) or a number.
_TOKEN = re.compile(rf"{WORD.pattern}|\d+(?:[.,:]\d+)*")
_PHRASE = re.compile(r"[\"“]([^\"”]{2,60})[\"”]|\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)+")



def keyword_topics(question: str) -> list[str]:
    """Search keywords for a question: names, quoted titles, nouns and numbers; Chinese bigrams.

    A word's topic also holds its words of the same meaning in the other languages
    (:mod:`mirix_like.lexicon`: "coffee kaffee café cafe", for a German receipt) and, in a German
    question, each way it may join two words ("Zahnarzttermin … zahnarzt termin …": the halves
    that are no words match nothing), one topic per word so a model's topic cap keeps them.
    """
    found: list[str] = []
    seen: set[str] = set()

    def add(term: str) -> None:
        if term and term.lower() not in seen:
            seen.add(term.lower())
            found.append(term)

    text = uninverted(_QUESTION_PHRASE.sub(" ", question))
    covered: set[str] = set()
    for m in _PHRASE.finditer(text):
        if m.group(1):
            add(m.group(1).strip())
            words = m.group(1).split()
        else:
            words = m.group(0).split()
            while words and words[0].lower() in QUESTION_WORDS | STOPWORDS:
                words.pop(0)
            if len(words) < 2:
                continue
            add(re.sub(r"['’]s\b", "", " ".join(words)))
        covered.update(re.sub(r"['’]s$", "", w.lower()) for w in words)
    compounds = _german(question)
    for token in _TOKEN.findall(text):
        word = re.sub(r"['’]s$", "", token)
        low = word.lower()
        if low not in STOPWORDS | QUESTION_WORDS | OTHER_STOPWORDS and low not in covered:
            related = [w for w in same_meaning(word) if w != low]
            if compounds:
                related += [part for split in compound_splits(word) for part in split]
            add(" ".join(dict.fromkeys(
                [word if word[0].isupper() or word.isdigit() else low, *related])))
    for run in CJK_RUN.findall(text):
        for segment in ZH_STOP.split(run):
            if len(segment) <= 4:
                add(segment)
            if len(segment) > 2:
                for i in range(len(segment) - 1):
                    add(segment[i : i + 2])
    return found


def _german(question: str) -> bool:
    # imported here: the offline language rules import this module's word lists
    from mirix_like.offline.plain import language

    return language(question) == "de"


