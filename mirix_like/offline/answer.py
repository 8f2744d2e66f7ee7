"""Offline answers: one clean sentence from the best memory of an answer task."""

from __future__ import annotations

import functools
import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterator
from datetime import UTC, datetime

from mirix_like.lexicon import (
    WORD,
    compound_parts,
    meaning,
    same_meaning,
    uninverted,
    verb,
    verb_language,
    zh_meanings,
)
from mirix_like.memory_types.base import utcnow
from mirix_like.memory_types.episodic import BRIEF_DAY
from mirix_like.memory_types.semantic import PAST, SINCE
from mirix_like.offline.all_named import all_had, all_named
from mirix_like.offline.changes import (
    DRINKS,
    JOBS,
    NATIONALITIES,
    ZH_TRADE,
    asks_then,
    favourite_kind,
    in_time,
    settings,
    stopped,
)
from mirix_like.offline.language import (
    AND,
    KIN,
    PAST_VERBS,
    USER_SAID_LEAD,
    VAULT_MARK,
    ZH_KIN,
    ended_abroad,
    listed,
    second_person_in,
    sentences_of,
    word_set,
)
from mirix_like.offline.plain import Statement, label, language, statements
from mirix_like.offline.retell import TRADE_WORDS, names_kin, names_user, retold
from mirix_like.offline.screens import (
    message_under,
    past_window,
    screen_of,
    seen_at,
    unspanned,
    what_it_showed,
    window_of,
)
from mirix_like.offline.timeparse import days_written, describe, find_times
from mirix_like.offline.timewords import MONTH_NAMES, weekday_names
from mirix_like.retrieval.ranking import asks_before
from mirix_like.retrieval.snippets import LINE_JOIN
from mirix_like.retrieval.topics import (
    CJK_RUN,
    OTHER_STOPWORDS,
    QUESTION_WORDS,
    STOPWORDS,
    ZH_STOP,
)
from mirix_like.secrets.formats import find_formats

NO_ANSWER = "I don't have that in memory."
_NO_ANSWERS = {
    "zh": "我的记忆里没有这方面的信息。",
    "de": "Das habe ich nicht in meinem Gedächtnis.",
    "fr": "Je n'ai pas cette information en mémoire.",
    "es": "No tengo eso en mi memoria.",
}
_LIVE = ("wohn wohnt gewohnt wohnte leb lebt gelebt lebte habit habitais habitait vi vis vit viv "
         "vivo vivi vivía vivia")
_WORK = ("arbeit arbeitet gearbeitet arbeitete travaill travaillais travaillait trabaj trabajo "
         "trabaja trabajaba "
         # what a job is called in a question ("Was bin ich von Beruf?", "Quel est mon métier ?")
         "beruf beruflich job métier metier boulot emploi travail profession profesión "
         "profesion oficio empleo "
         # what one does for a living in Spanish ("¿A qué me dedico?")
         "dedico dedicas dedica dedicaba")
_RELATIONSHIP = ("single married divorced engaged widowed separated girlfriend boyfriend dating "
                 "relationship partner wife husband spouse fiancé fiancée fiance fiancee "
                 # the same in German, French and Spanish ("Comment s'appelle ma copine ?"; not
                 # German "Freundin", a friend as often)
                 "verheiratet geheiratet geschieden getrennt ledig verlobt ehemann ehefrau "
                 "copine copain mariés mariées fiancés divorcé divorcée séparé séparée "
                 "casaron casados divorciado divorciada separado separada comprometidos "
                 "comprometida comprometimos célibataire marié mariée pacsé pacsée fiancée novia "
                 "novio pareja soltero soltera casado casada prometido prometida")
_IRREGULAR = ("met meet bought buy ran run saw see seen see took take taken take made make "
              "found find told tell gave give given give began begin begun begin lost lose "
              "won win drove drive driven drive sold sell thought think caught catch brought "
              "bring broke break broken break chose choose chosen choose "
              "spoke speak spoken speak swam swim sang sing paid pay kept keep slept sleep "
              "spent spend built build felt feel heard hear grew grow grown grow knew know "
              "known know forgot forget forgotten forget stole steal stolen steal fell fall "
              "fallen fall went go gone go rode ride ridden ride wore wear worn wear hid hide "
              "hidden hide")
# Words a question may use for what memories say in other words ("job" for "works as"),
# stemmed when first used (see _same).
_SAME_WORDS = {"job": "work", "occupation": "work", "profession": "work", "employer": "work",
               "role": "work",
               "career": "work", "teach": "work", "retired": "work", "home": "live",
               # retired in the other languages answers whether one still works ("Est-ce que
               # je travaille encore ?" of "L'utilisateur est à la retraite.")
               **dict.fromkeys(("retraite", "retraité", "retraitée", "ruhestand", "rentner",
                                "rentnerin", "pensioniert", "jubilado", "jubilada", "jubilé"),
                               "work"),
               "reside": "live", "resid": "live", "hometown": "live", "student": "study",
               # a field of study by its other names, exercise as the sports that are one
               "major": "study", "degree": "study", "exercise": "sport", "workout": "sport",
               "kitten": "cat", "puppy": "dog", "pup": "dog", "doggo": "dog",
               "haustier": "pet", "mascota": "pet",
               "relocate": "move", "relocated": "move", "relocating": "move",
               "animal": "pet", "animaux": "pet",
               "twin": "kid", "child": "kid", "children": "kid", "bday": "birthday",
               # a brother or son in the other languages (not in the lexicon, where English
               # "Brothers" of a title would mean one)
               **dict.fromkeys(("bruder", "brüder", "frère", "frere", "hermano"), "brother"),
               **dict.fromkeys(("sohn", "söhne", "fils", "hijo"), "son"),
               # a grandchild in any language, "grandkids" among them
               **dict.fromkeys(("grandchildren", "grandkid", "grandson", "granddaughter",
                                "enkel", "enkelkind", "enkelkinder", "enkelin", "enkelinnen",
                                "petits-enfants", "petit-fils", "petite-fille", "nieto", "nieta"),
                               "grandchild"),
               "taught": "work",
               # a coach, a roommate, a flight by the words people use for them
               **dict.fromkeys(("coach", "trainer", "trainerin", "entraîneur", "entraîneuse",
                                "entrenador", "entrenadora"), "coach"),
               **dict.fromkeys(("flatmate", "housemate", "mitbewohner", "mitbewohnerin",
                                "colocataire", "coloc"), "roommate"),
               **dict.fromkeys(("fly", "flew", "flown"), "flight"),
               # a favourite is what someone prefers ("I prefer tea now")
               "favourite": "prefer", "favorite": "prefer", "fave": "prefer",
               **dict.fromkeys(("qty", "quantität", "menge", "anzahl", "quantité", "cantidad"),
                               "quantity"),
               # a mail's or message's writer is its sender ("Who wrote about the move?")
               **dict.fromkeys(("sender", "sent", "write", "wrote", "written", "geschrieben",
                                "schrieb", "écrit", "escribió", "escrito", "gesendet",
                                "geschickt", "schickte", "envoyé", "envoyée", "envoyer",
                                "enviado", "enviada", "envió", "mandó"), "send"),
               **dict.fromkeys(("organizer", "organiser", "organise", "organisator",
                                "organisateur", "organizador"), "organize"),
               "born": "birthday", "age": "old",
               # how old someone is in the other languages ("Wie alt ist Inés?", "¿Cuántos años
               # tiene?", "Quel âge a-t-elle ?")
               **dict.fromkeys(("alt", "alter", "jahre", "años", "edad", "âge", "ans"), "old"),
               # what someone cannot bear answers what they dislike
               "hate": "dislike", "detest": "dislike", "loath": "dislike",
               # a diet's names answer "What's my diet?", "Any dietary requirements?"
               **dict.fromkeys(("dietary", "vegan", "vegetarian", "pescatarian", "gluten"),
                               "diet"),
               # the relationship slot's values answer each other ("Am I single?")
               **dict.fromkeys(_RELATIONSHIP.split(), "relationship"),
               # the same two slots in the other languages the change rules read
               **dict.fromkeys(_LIVE.split(), "live"), **dict.fromkeys(_WORK.split(), "work"),
               # an English verb's irregular past answers its present ("Where did I meet
               # Chloe?" of "we met at uni in Bristol")
               **dict(zip(_IRREGULAR.split()[::2], _IRREGULAR.split()[1::2], strict=True)),
               # what one eats is food ("What did I eat in Tokyo?" of "the sushi was unreal")
               **dict.fromkeys(("eat", "ate", "eaten", "meal", "dish"), "food"),
               **dict.fromkeys(("illness", "medical", "diagnosis", "diagnosed"), "condition")}
_NOT_NAMES = word_set(
    "I January February March April May June July August September October November December "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday")
# A language or nationality before a noun: what kind of thing it is ("the Spanish invoice", "my
# German receipt"), which its text need not say, not a name.
_OF_A_KIND = re.compile(r"\b(?:" + NATIONALITIES + r")(?=\s+[a-z])")
# "is a nurse at St. Mary's", "'m an engineer for Spotify": a job, said without "work".
_OCCUPATION = re.compile(r"(?:\b(?:is|am|are|was)|['’]m) "
                         r"(?:an? (?:[\w-]+ ){0,2}[\w-]+ (?:at|for)\b|"
                         # "is at Jacobs now as a senior engineer"
                         r"(?:now )?at [A-Z][\w&'’.-]*(?: [A-Z][\w&'’.-]*)*(?: now)? as\b)")
_TRADE = re.compile(r"\b(?:is|am|are|was|(?i:am\s+I|is\s+(?:she|he|[A-Z][\w'’-]+)))\s+an?\s+"
                    r"(?:[\w-]+\s+){0,2}(?i:" + JOBS + r")\b")
"""A job said by its name ("is a pharmacist"), or asked of ("Am I a nurse?"), a "job" to a
question."""
_TRADE_ABROAD = re.compile(
    r"\b(?:ist|bin|bist|est|suis|es|soy|eres|(?:bin\s+ich|suis-je|est-ce\s+que\s+je\s+suis))\s+"
    r"(?:(?:jetzt|maintenant|ahora)\s+)?"
    r"(?:une?\s+)?(?:" + "|".join(sorted(map(re.escape, TRADE_WORDS), key=len, reverse=True))
    + r")(?!\w)", re.IGNORECASE)
"""The same in German, French and Spanish ("sie ist Ärztin", "es bombero")."""
_TRADE_ZH = re.compile(r"(?:是|当|做)(?:一名|一个|个)?[\u4e00-\u9fff]{0,4}?" + ZH_TRADE)
"""The same in Chinese ("张伟是程序员", "在医院当护士")."""
_WORKS_AS = re.compile(r"\b(?:bosse|bossais|bosser|taffe|curro|jobbe)\s+(?:\S+\s+){0,2}"
                       r"(?:comme|als|de)\s", re.IGNORECASE)
"""Working as something, said in slang ("je bosse comme prof"): what a job question asks."""
_AGED = re.compile(r"(?i:\b(?:(?:she|he|i)['’][sm]|is|ist|est|es|turned|turns|aged)\s+(?:now\s+|"
                   r"just\s+|jetzt\s+|maintenant\s+|ahora\s+|ya\s+)?\d{1,3}"
                   r"(?=\s*(?:[!;)]|\.(?!\d)|$)))")
"""An age said by its number alone ("she's 3", "Max ist jetzt 4.", "he just turned 40")."""
_PLACE = "location"
"""The word a place is labelled with on a screen ("Where: Room Kepler"), which a "where"
question asks for."""
# Phrases that say a word of their own, on both sides: "What do I do for a living?" and
# "What do I do?" ask for a job, whatever "living" says of homes; "gets up" is "wakes"; "is
# into hiking", "took up knitting" say a hobby.
_PHRASES = (
    # "What's my employer called?" asks for the employer: "called" says nothing of it
    (re.compile(r"\s+called\s*\?\s*$", re.IGNORECASE), " ?"),
    (re.compile(r"\b(?:do(?:es)?|did)\s+for\s+(?:a\s+)?(?:living|work)\b|\bline\s+of\s+work\b|"
                r"^\s*what\s+(?:do|does|did)\s+(?P<who>I|we|my\s+\w+|[A-Z][\w'’-]+)\s+do"
                # "What did I do before I became a lab manager?"
                r"(?:\s+before(?:\s+(?:I|we|he|she|they)\s+(?:became|started|joined|got|was|"
                r"moved|retired)\b.*)?)?\s*\??\s*$",
                re.IGNORECASE), r" \g<who> job "),
    # "Am I still a teacher?" asks for the job, whichever it is now
    (re.compile(r"^\s*(?:am|is|are)\s+(?:I|we|you|he|she|my\s+\w+|[A-Z][\w'’-]+)\s+"
                r"(?:still\s+)?an?\s+(?:[\w-]+\s+)?(?:" + JOBS + r")\b", re.IGNORECASE),
     lambda m: m[0] + " job "),
    # "Qu'est-ce que je fais dans la vie ?" asks for a job
    (re.compile(r"\bfai(?:s|t|sais|sait)\s+dans\s+la\s+vie\b", re.IGNORECASE), " métier "),
    # "我以前是做什么的？", "你是干哪行的？" ask for a job
    (re.compile(r"(?:做|干)什么的|干哪一?行"), " 工作 "),
    # "Where am I based?" asks where someone lives, as "I'm based in Denver" says
    # (not "bread-based", "plant-based": made of)
    (re.compile(r"(?<!-)\bbased\b(?!\s+on\b)", re.IGNORECASE), " live "),
    # "What city am I in now?" asks where someone lives, whatever city a club is named for
    (re.compile(r"\b(?:city|town|country)\s+(?:am|are|is)\s+\w+\s+(?:based\s+)?in\b",
                re.IGNORECASE), " live "),
    # "Where am I from?" asks where someone comes from, which "from" alone (a stop word)
    # does not say: "is originally from Auckland", "grew up in Cork", "kommt aus Graz"
    (re.compile(r"\bwhere\s+(?:am|are|is|was|were)\s+[\w'’]+\s+(?:originally\s+)?from\b|"
                r"\bwhere\s+(?:do|does|did)\s+[\w'’]+\s+(?:originally\s+)?come\s+from\b|"
                r"\b(?:is|am|are|['’]m|was|were|comes?|came)\s+(?:originally\s+)?from\b(?=\s+[A-Z])|"
                r"\bgrew\s+up\s+in\b|\bwhere\s+(?:did|do|does)\s+[\w'’]+\s+grow\s+up\b|"
                r"\bhome\s*town\b|\bwoher\s+(?:komme|kommst|kommt)\b|"
                r"\b(?:komme|kommst|kommt|stamme|stammt)\s+(?:ursprünglich\s+)?aus\b|"
                r"\bd['’]où\s+(?:je\s+viens|viens|vient)\b|\b(?:viens|vient)\s+d[e'’]\b|"
                r"\bde\s+d[oó]nde\s+(?:soy|eres|es)\b", re.IGNORECASE), " origin "),
    (re.compile(r"\b(?:get|gets|got|getting)\s+up\b", re.IGNORECASE), " wake "),
    # going out with someone is dating them ("Je sors avec Léa", "Salgo con Diego", "Ich bin
    # mit Tom zusammen"); not English "sort" nor "sale" alone
    (re.compile(r"\bsor(?:s|t|tons|tez|tent|tais|tait)\s+(?:avec|ensemble)\b|"
                r"\bsal(?:go|es|e|imos|en)\s+con\b|"
                r"\b(?:bin|ist|sind|seid)\s+(?:mit\s+\w+\s+)?zusammen\b", re.IGNORECASE),
     " dating "),
    # "how many" asks for a quantity, the column a table counts in
    (re.compile(r"\bhow\s+many\b|\bwie\s+viele\b|\bcombien\s+de\b|\bcu[aá]nt[oa]s\b",
                re.IGNORECASE), " quantity "),
    (re.compile(r"\b(?:can['’]?not|can['’]t|couldn['’]t)\s+(?:stand|bear)\b|\bnot\s+a\s+fan\s+of\b",
                re.IGNORECASE), " dislike "),
    (re.compile(r"(?:\b(?:is|am|are|got|get|gets|getting)|['’]m)\s+into\b|"
                r"\b(?:take|takes|took|taken|taking)\s+up\b", re.IGNORECASE), " hobby "),
    # who e-mailed, texted or messaged sent a message ("Who emailed me about the offsite?")
    (re.compile(r"\b(?:e-?mail|text|messag)(?:ed|es|s)\b", re.IGNORECASE), " sent "),
    # a mail's "From: Dana" (or "De : Julien") is who sent it, an invitation's "Where:" the
    # place it is at
    (re.compile(r"(?:^|(?<=\s))(?:From|Von|Absender|De|Expéditeur|Remitente)\s?:(?=\s)"),
     " sender: "),
    (re.compile(r"(?:^|(?<=\s))(?:Where|Location|Venue|Ort|Wo|Lieu|Où|Lugar|Dónde)\s?:(?=\s)|"
                r"(?:地址|地点|位置)[:：]"),
     f" {_PLACE}: "),
    # a favourite in another language is the English one ("Lieblingsessen": favourite food)
    (re.compile(r"\bLieblings?(?P<k>[a-zäöüß]{3,20})\b|\b(?P<f>[a-zàâçéèêëîïôûùáíóúñ]{3,20})\s+"
                r"(?i:préférée?s?|favorie?s?|favorit[oa]s?|preferid[oa]s?)\b"),
     lambda m: f" favourite {favourite_kind(m['k'] or m['f'])} "),
)
# A question for every value of a slot: "What are my hobbies?", "Which sports do I play?",
# "Welche Sprachen spreche ich?", "¿Cuáles son mis aficiones?", "Quels sont mes loisirs ?".
_LIST_ASKED = re.compile(
    r"^\s*(?:what|which)\s+(?:are|were)\b|^\s*who\s+(?:are|were)\s+(?:my|our)\b|"
    r"^\s*(?:what|which)\s+[a-z]+[^s\W]s\s+"
    r"(?:do|does|did|have|has|can)\b|\b(?:sind|son|sont)\s+(?:meine|mis|mes)\b|"
    r"^[\s¿]*(?:welche\s+\w+(?:en|n|s)|quel(?:le)?s|cu[aá]les|qu[eé]\s+\w+s)\b",
    re.IGNORECASE)
# "email address" is an e-mail, not where someone lives.
_COMPOUND = re.compile(r"\b(e-?mail|ip|mac|web|wallet)\s+address(?:es)?\b", re.IGNORECASE)
_SPORTS = word_set("tenni padel pickleball squash badminton football soccer basketball baseball "
                   "volleyball handball hockey rugby cricket golf netball climb boulder swim "
                   "run cycl ski surf yoga pilat box jitsu judo karat kickbox taekwondo fenc "
                   "martial muay row pádel teni")
"""Stems of sports, each also a "sport" to a question."""
_FOODS = word_set("sushi pizza pasta ramen burger taco curry paella noodl steak salad sandwich "
                  "dumpling pho kebab croissant pastri pastéi cake tapa chees chocolat icecream "
                  "gelato risotto lasagna biryani falafel hummu burrito pancak waffl crêp bbq "
                  "barbecu seafood lobster oyster schnitzel bratwurst tortilla churro")
"""Stems of dishes, each "food" to a question ("What did I eat in Tokyo?": the sushi)."""
_CONDITIONS = word_set("diabet asthma epilepsy arthriti hypertension migrain coeliac celiac crohn "
                       "adhd autism eczema psoriasi lupu anemia anaemia thyroid")
"""Stems of health conditions, each a "condition" to a question ("Do I have any health
conditions?" of "I have type 1 diabetes")."""
_MEDICINE_SAID = re.compile(
    r"(?i:\b\w{2,}(?:pram|oxetine|aline|olol|pril|sartan|statin|formin|azole|cillin|mycin|"
    r"profen|azepam|olam|xaban|tidine|lukast|glutide|thyroxine)\b|\b\d+(?:[.,]\d+)?\s?"
    r"(?:mg|mcg|µg)\b|\b(?:insulin|inhalers?|ozempic|paracetamol|aspirin|antidepressants?|"
    r"antibiotics?)\b)")
"""A medicine named by its kind's ending or dose ("sertraline", "citalopram", "500mg"), a
"medication" to a question ("What meds am I on?")."""
_PASTIMES = word_set("pottery paint knit photography garden danc bak sew crochet")
"""Stems of pastimes that are no sport, each a "hobby" to a question."""
_INSTRUMENTS = word_set("accordion accordéon acordeón akkordeon arpa bass batería batteri cello "
                        "clarinet clarinett drum flauta flut flöt flût geig gitarr guitar guitarra "
                        "harf harp klarinett piano saxofón saxophon schlagzeug trompet trompeta "
                        "trompett trumpet ukulel violin violon violoncell violín")
"""Stems of musical instruments, each also an "instrument" ("De quel instrument je joue ?")."""
_DRINK = re.compile(r"\b(?:" + DRINKS + r")\b", re.IGNORECASE)
"""Drinks by name, each also a "drink" to a question."""
_PETS = word_set("dog cat rabbit hamster parrot budgi tortois turtl goldfish guinea ferret lizard "
                 "snak horse pony hund katz perro gato chien")
"""Stems of animals kept at home, each also a "pet" ("Do I have a pet?" of "adopted a dog")."""
# A statement that something is not so ("doesn't have any pets"), in the rules' languages.
_DENIES = re.compile(r"(?i:\b(?:not|no|never|none|nothing|nicht|kein\w*|nie|pas|jamais|nunca|"
                     r"ningún|ninguna|no\s+longer)\b|n['’]t\b)")
# A word in any alphabet ("Schlüssel", "médico" whole, which topics.TOKEN cuts) or a number.
_TOKEN = re.compile(rf"{WORD.pattern}|\d+(?:[.,:]\d+)*")
_PRONOUN = re.compile(r"(?:He|She)\b")
_CAMEL = re.compile(r"[A-Z][a-z]+|[a-z]+")
_APOSTROPHE = re.compile(r"['’]")
_WORD_PART = 4
"""The fewest letters a part of an identifier has to count as a word ("Key" does not)."""
_DOER = re.compile(r"(?i:[a-z]{4,}(?:er|or))$")
_FUNCTION_WORDS = frozenset({
    "se", "sich", "te", "nos", "nous", "vous", "os", "ai", "avons", "avez", "ont", "un", "une",
    "sommes", "sont", "hast", "bist", "tengo", "tiene", "tienes", "ha", "una", "unos", "unas",
    "eres", "estoy", "como", "cómo", "comme"})
"""A verb's pronouns, articles and forms of "have" and "be" the stopwords lack: no word of
what is asked ("¿Cómo se llaman mis hijos?" is not "se llama", "Quel âge j'ai ?" not "J'ai
deux chats")."""
_TITLE_WORD = re.compile(r"(?<![\w'’])[A-Z][a-z]+(?:-[A-Za-z][a-z]*)?\b")
"""A capitalised word, with what a hyphen joins to it ("Saga-Arashiyama", "Tenryu-ji")."""


def _stem(word: str) -> str:
    """A crude English stem, the same on both sides: painted, painting, paints -> paint;
    words of one meaning (_SAME_WORDS) share one, and so do a verb's forms in German,
    Spanish and French ("studiert", "estudio": study)."""
    w = _plain_stem(verb(_unelided(word)) or word)
    return _same().get(w, w)


@functools.cache
def _same() -> dict[str, str]:
    return {_plain_stem(k): _plain_stem(v) for k, v in _SAME_WORDS.items()}


def _unelided(word: str) -> str:
    """``word`` lower-cased, without a French elided article or pronoun ("j'étudie") or an
    English "'s"."""
    low = word.lower().replace("’", "'").removesuffix("'s")
    return re.sub(r"^(?:[jldmnst]|qu)'(?=\w)", "", low)


def _plain_stem(word: str) -> str:
    w = _unelided(word)
    for suffix, keep in (
        ("ies", "y"),
        ("ied", "y"),
        ("ing", ""),
        ("ed", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("s", ""),
    ):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            w = w[: -len(suffix)] + keep
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    w = w.removesuffix("e") if len(w) >= 4 else w
    if len(w) >= 7 and w.endswith(("ant", "anc", "ent", "enc")):  # intolerant, intolerance
        w = w[:-1]
    return w


def _as_asked(best: tuple[float, int, int, str],
              candidates: list[tuple[float, int, int, str]],
              question: str) -> tuple[float, int, int, str]:
    """Of lines of one memory that tie, the one that says a word of a yes/no ``question`` as
    asked where its meaning stood for it: "The user is engaged." over "The user's boyfriend
    is Sam." to "Am I engaged?" (both a "relationship"); not to "Who's my girlfriend?", which
    a name answers."""
    if not _YES_NO_OR_AGE.search(question):
        return best
    asked = {_ungendered(w) for w in _plain_terms(question) if _stem(w) != w}

    def says(line: str) -> bool:
        return bool(asked & {_ungendered(w) for w in _plain_terms(line)})

    tied = [c for c in candidates if c[:2] == best[:2] and says(c[3])]
    return best if not tied or says(best[3]) else max(tied)


def _ungendered(word: str) -> str:
    """``word`` without the ending a Spanish or Italian adjective takes for its gender ("casada",
    "casado": "casad")."""
    return word[:-1] if len(word) > 4 and word[-1] in "ao" else word


def _plain_terms(text: str) -> set[str]:
    """The words of ``text`` stemmed, none replaced by the word of its meaning."""
    return {_plain_stem(t) for t in _TOKEN.findall(text)}


def _meaning_of(word: str) -> str | None:
    """What ``word`` means in the lexicon, also of an owner ("dad's") or typed without its
    accent ("papá")."""
    plain = _unelided(word)
    return meaning(word) or meaning(plain) or meaning(_unaccented(plain))


def _terms(text: str, *, trade: bool = True, kinds: bool = True) -> set[str]:
    """Stemmed content words (words of one meaning as one) and Chinese bigrams, for overlap
    scoring. A capitalised word after another one is part of a name or title and kept whole
    ("Past Lives" says nothing about where someone lives). A word of the lexicon also stands
    for its meaning, whatever its language ("Kaffee" is "coffee"). A job said by its name
    ("is a pharmacist") is "work" unless ``trade`` is false (for "Where do I work?", which a
    chef living in Porto does not answer). A sport, pastime, pet or drink also says its
    kind ("plays padel": "sport", "hobby") unless ``kinds`` is false (for a question that
    does not ask for one: "How much are the running shoes?" asks for no sport, "What martial
    art do I do?" does, :func:`_kind_asked`)."""
    text = uninverted(_COMPOUND.sub(r"\1", text))
    for phrase, word in _PHRASES:
        text = phrase.sub(word, text)
    found = list(_TOKEN.finditer(text))
    tokens = [m.group(0) for m in found]
    kept = [t.lower() not in STOPWORDS and t.lower() not in QUESTION_WORDS
            and t.lower() not in OTHER_STOPWORDS and t.lower() not in _FUNCTION_WORDS
            and verb(t) not in STOPWORDS for t in tokens]
    # only a space between them: "Heimnetz-5G / IP-Adresse" are two lines of a screen; a
    # word in capitals is shouted, not named ("ITEM QTY PRICE")
    # (an article is no part of a name: German writes "Die Kaltmiete" for any noun)
    named = [i and t[:1].isupper() and tokens[i - 1][:1].isupper() and not t.isupper()
             and kept[i - 1]
             and not text[found[i - 1].end():found[i].start()].strip()
             for i, t in enumerate(tokens)]
    terms = {t.lower() if named[i] else _stem(t) for i, t in enumerate(tokens) if kept[i]}
    # a German noun after a capitalised word is no name when it is a word of one meaning
    # ("Unser Sohn Ben": a son)
    terms.update(_stem(t) for i, t in enumerate(tokens)
                 if kept[i] and named[i] and _plain_stem(t) in _same())
    # a function word means nothing ("mon frère" is no Monday)
    terms.update(_stem(head) for t, keep in zip(tokens, kept, strict=True)
                 if keep and (head := _meaning_of(t)) and head not in STOPWORDS)
    # an identifier's words ("KeyError" is an error; not "What's", no "what"), a label's
    # doer its deed ("Presenter:" is who presents)
    terms.update(_stem(part) for t in tokens if not _APOSTROPHE.search(t)
                 and len(parts := _CAMEL.findall(t)) > 1 for part in parts
                 if len(part) >= _WORD_PART)
    terms.update(_stem(m.group(0)[:-2]) for m in found
                 if _DOER.search(m.group(0)) and text[m.end():].lstrip().startswith((":", "："))
                 and m.group(0).lower() not in STOPWORDS)
    # a name typed without its accents ("theo" of "Théo", "lucias party" of "Lucía")
    terms.update({folded for t in terms if (folded := _unaccented(t)) != t})
    terms -= _FUNCTION_WORDS  # "j'ai" is "ai" once unelided
    for run in CJK_RUN.findall(_ZH_NOW.sub(" ", text)):
        for segment in ZH_STOP.split(run):
            # characters too: "住" of a question is in "用户住在深圳" as a character only
            terms.update(segment[i : i + 2] for i in range(len(segment) - 1))
            terms.update(segment)
            # what its words mean, whatever language asks ("Where do I work?" of "Sam在腾讯工作")
            terms.update(map(_stem, zh_meanings(segment)))
    if _OCCUPATION.search(text) or _WORKS_AS.search(text) or trade and (
            _TRADE.search(text) or _TRADE_ABROAD.search(text) or _TRADE_ZH.search(text)):
        terms.add("work")
    if kinds and terms & _SPORTS:  # "Which sports do I do?", "What are my hobbies?": "plays padel"
        terms.update(("sport", "hobby"))
    if terms & _FOODS:
        terms.add("food")
    if terms & _CONDITIONS:
        terms.add("condition")
    if _MEDICINE_SAID.search(text):
        terms.add("medication")
    if kinds and terms & _PASTIMES:
        terms.add("hobby")
    if kinds and terms & _PETS:
        terms.add("pet")
    if kinds and terms & _INSTRUMENTS:
        terms.add(_INSTRUMENT)
    if _AGED.search(text):  # "(she's 3)": how old she is
        terms.add("old")
    if kinds and _DRINK.search(text):  # "What's my favourite drink?": "prefers tea"
        terms.add("drink")
    if _PATH.search(text):  # "--> src/interest.rs:42:17" is a file, which "Which file?" asks
        terms.add(_SAYS_FILE)
    if _says_time(text):
        terms.add(_SAYS_TIME)
    if _CLOCK.search(text):
        terms.add(_SAYS_CLOCK)
    if _CODE.search(text):
        terms.add(_SAYS_CODE)
    # a receipt's "VISA **** 4821" is the card paid with, a line "12 rue des Écoles, 75005
    # Paris" an address, though neither says so
    if _MASKED_CARD.search(text):
        terms.add("card")
    if _DEGREES.search(text):  # "Bake at 190°C" says the oven's temperature
        terms.add(_stem("temperature"))
    if _has_address(text):
        terms.update(("address", _SAYS_ADDRESS))
    # "The user's name is Sam", "Pimienta is the user's cat": what "What's my name?", "¿Cómo
    # se llama mi gata?" ask
    if _NAMED.search(text) or names_kin(text) or names_user(text):
        terms.add(_NAME_TERM)
    return terms


_NAME_TERM = _stem("name")
_NAME_WORDS = frozenset({_NAME_TERM, "叫", "名字", "名", "字", "heiss", "apell", "appel",
                         *map(_stem, same_meaning("name"))})
"""The terms of the words a question asks for a name with ("name", "heißt", "llama")."""
_NAMED = re.compile(r"\b(?i:names?\s+(?:is|was|are))\b|\b(?:named|called)\s+[A-ZÀ-Þ]")


_DEGREES = re.compile(r"\d\s?°\s?[CF]\b")
_MASKED_CARD = re.compile(r"(?:[*•xX]{2,4}[\s-]?){1,3}\d{4}\b")


@functools.lru_cache(maxsize=4096)
def _has_address(text: str) -> bool:
    """Whether ``text`` writes a street address, in any layout the vault reads."""
    return any(hit.kind == "address" for hit in find_formats(text))


def _unaccented(word: str) -> str:
    """``word`` without the accents of its Latin letters ("théo": "theo")."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(c))


_ZH_NOW = re.compile(r"现在|目前|如今")
""""Now" in Chinese, which says when, not what: "我现在做什么运动？" asks nothing of "现在在杭州
工作"."""
_ASKED_FOR = re.compile(r"^[\s¿]*(?:what|which|welche[rsmn]?|quel(?:le)?s?|qu[eé]|cu[aá]l(?:es)?)"
                        r"\s+(?:(?:kinds?|sorts?|types?)\s+of\s+|art\s+von\s+|genre\s+de\s+|"
                        r"tipo\s+de\s+)?(?P<word>[^\W\d_]+)", re.IGNORECASE)


_ZH_KIND_ASKED = re.compile(r"(?:什么|哪些|哪种|哪个)(?:样的)?(?:运动|体育|锻炼|宠物)")


def _kind_asked(question: str) -> bool:
    """Whether ``question`` asks for a sport, pastime, pet, instrument or drink by its kind
    ("What martial art do I do?", "Which sports …?", "What kind of dog …?", "我现在做什么运动？"),
    which any of that kind answers; not one that only names one ("How much are the running
    shoes?")."""
    if _ZH_KIND_ASKED.search(question):
        return True
    asked = _ASKED_FOR.search(question)
    if not asked:
        return False
    word = asked["word"]
    return bool({_stem(word), word.lower()} & _KINDS or _DRINK.fullmatch(word))


_INSTRUMENT = _stem("instrument")
_KINDS = _SPORTS | _PASTIMES | _PETS | _INSTRUMENTS | {"sport", "hobby", "pet", "drink",
                                                       _INSTRUMENT}
"""What a question may ask for as a kind, which :func:`_terms` adds to a text of one."""


# Words that are other words in another language the rules read (French "car" is "because",
# English "chat" is talk): they mean their group's word only in a question of their own
# language ("What time is the car service?" of a Spanish calendar's "Revisión del coche",
# "Comment s'appelle mon chat ?" of "Pimienta is the user's cat").
_MEANING_IN = {"en": {"car": "drive", "cars": "drive"}, "fr": {"chat": "cat", "chats": "cat"}}


def _meanings_in(question: str, lang: str) -> set[str]:
    """The stems ``question``'s words of :data:`_MEANING_IN` mean in ``lang``, its language."""
    words = _MEANING_IN.get(lang, {})
    return {_stem(words[w.lower()]) for w in _TOKEN.findall(question) if w.lower() in words}


_MEANT_SOMEWHERE = frozenset(w for words in _MEANING_IN.values() for w in words)


def _meant(text: str) -> set[str]:
    """The stems the words of :data:`_MEANING_IN` in a memory's ``text`` mean in its language
    ("J'ai deux chats": "cat")."""
    if not {w.lower() for w in _TOKEN.findall(text)} & _MEANT_SOMEWHERE:
        return set()
    meant = _meanings_in(text, _language_of(text))
    return meant | {"pet"} if meant & _PETS else meant


def _translated(question: str) -> set[str]:
    """The meanings of the question's words that are none of its words as written ("Termin":
    "appointmen"; not "appointment", which means itself)."""
    words = _TOKEN.findall(question)
    meant = {_stem(head) for word in words if (head := meaning(word))}
    return meant - {_stem(word) for word in words}


def _all_terms(text: str) -> set[str]:
    """The terms of ``text`` and the stems of the names in it: within a memory, "Account
    Tracking" kept whole as a name is still "tracking", a window "Copy File" a "file"."""
    terms = _terms(text)
    return terms | {_stem(t) for t in terms}


def _matched(terms: set[str], wanted: set[str]) -> set[str]:
    """The question's terms among ``terms``; a German compound of two of them has both
    ("Zahnarzttermin" of "Termin beim Zahnarzt")."""
    found = terms & wanted
    # a word and its form without accents ("märz", "marz") are one match, not two
    found -= {folded for t in found if (folded := _unaccented(t)) != t}
    starts = {w[:3] for w in wanted}
    for term in terms - wanted:
        if term[:3] in starts and (parts := compound_parts(term, wanted, _stem)):
            found.update(parts)
    return found


_TYPO_LENGTH = 5
"""The shortest word a typo is mended in ("alergic"); shorter ones are other words."""


def _mended(wanted: set[str], known: set[str]) -> set[str]:
    """``wanted`` with a word no memory has, typed one letter off one they have, as they have
    it ("alergic", "daugther": "allergic", "daughter"); a letter swapped for another only in
    longer words ("house" is no typo of "horse")."""
    def near(word: str, other: str) -> bool:
        if abs(len(word) - len(other)) > 1 or min(len(word), len(other)) < _TYPO_LENGTH:
            return False
        if len(word) == len(other):
            off = [i for i, (a, b) in enumerate(zip(word, other, strict=True)) if a != b]
            return (len(off) == 2 and off[1] == off[0] + 1 and word[off[0]] == other[off[1]]
                    and word[off[1]] == other[off[0]]) or (len(off) == 1 and len(word) > 6)
        short, long = sorted((word, other), key=len)
        return any(long[:i] + long[i + 1:] == short for i in range(len(long)))

    mended = set()
    for word in wanted:
        found = [] if word in known or not word.isalpha() else sorted(
            k for k in known if k[:1] == word[:1] and near(word, k))
        mended.add(found[0] if len(found) == 1 else word)
    return mended


def _split_compounds(wanted: set[str], known: set[str]) -> set[str]:
    """The question's terms, with each of its compounds that ``known`` (the memories' terms)
    lacks as the two words of ``known`` it joins ("Zahnarzttermin": "zahnarzt", "termin")."""
    parts = (compound_parts(term, known, _stem) or set(term.split("-")) & known
             for term in wanted - known)  # "DHL-Sendungsnummer": "dhl", "sendungsnummer"
    return wanted.union(*(p for p in parts if p))


_SINCE_ASKED = re.compile(r"since\s+when\b|how\s+long\s+(?:have|has)\b", re.IGNORECASE)
"""A question of how long something has held ("How long have I lived in Leeds?"): since when."""
_SINCE_ELSEWHERE = re.compile(r"^[\s¿]*(?:seit\s+wann|depuis\s+quand|desde\s+cu[aá]ndo)\b",
                              re.IGNORECASE)
_FOR_SPAN = re.compile(r"(?i:\bfor\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|"
                       r"ten|twelve|twenty|several|many|a\s+few|over\s+\w+)\s+(?:days?|weeks?|"
                       r"months?|years?|decades?)\b|\bseit\s+(?:\w+\s+)?(?:Tagen|Wochen|"
                       r"Monaten|Jahren)\b|\bdepuis\s+\w+\s+(?:jours|semaines|mois|ans)\b|"
                       r"\bdesde\s+hace\s+\w+\s+(?:días|semanas|meses|años)\b)")
"""How long something has held, said by its length ("for two years", "seit drei Jahren")."""
_SINCE_SAID = re.compile(r"(?i:\b(?:since|seit|depuis|desde)\b)|以来")
_SINCE_WORD = {"en": "Since", "de": "Seit", "fr": "Depuis", "es": "Desde"}
_WHEN = re.compile(
    r"^\s*(?:when\b|what\s+(?:date|day|month|year|time)\b|which\s+(?:date|day|month|year)\b|"
    r"how\s+long\s+ago\b|in\s+what\s+year\b|" + _SINCE_ASKED.pattern + r")|"
    r"什么时候|何时|哪天|哪一天|几号|哪年|哪一年|几月|什么时间",
    re.IGNORECASE,
)
# How long something took: "What was my half marathon time?" is a line's "in 1:52".
_TIME_TAKEN = re.compile(r"(?i:\b(?:(?<!what\s)time|how\s+fast|Zeit|temps|chrono|tiempo|marca)"
                         r"\b)|成绩|用时")
_HOUR_ASKED = re.compile(r"(?i:\bwhat\s+time\b|\bat\s+what\s+time\b|\bum\s+wie\s*viel\s+uhr\b|"
                         r"\bwann\s+genau\b|\bà\s+quelle\s+heure\b|\ba\s+qu[eé]\s+hora\b)|几点")
"""A question for the hour of something, which a line that says its hour answers."""
# "when" in the other languages: an hour answers it ("Quand est le rendez-vous ?").
_WHEN_ELSEWHERE = re.compile(r"^[\s¿]*(?:quand|wann|cu[aá]ndo|a\s+qu[eé]\s+hora|"
                             r"à\s+quelle\s+heure|um\s+wie\s*viel\s+uhr|l['’]heure|"
                             r"la\s+hora|die\s+uhrzeit)\b|" + _SINCE_ELSEWHERE.pattern,
                             re.IGNORECASE)
_MONTH_RE = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)
_DATE_FORMS = (
    re.compile(
        r"\b(?:the|a few|a couple of|several|\w+)\s+(?:days?|weeks?|weekends?|months?|"
        r"years?)\s+(?:before|after|of)\s+\d{1,2}\s+" + _MONTH_RE + r",?\s+\d{4}",
        re.I,
    ),
    re.compile(r"\b(?:spring|summer|autumn|fall|winter)\s+\d{4}\b", re.I),
    re.compile(r"\b\d{1,2}\s+" + _MONTH_RE + r",?\s+\d{4}\b"),
    re.compile(r"\b" + _MONTH_RE + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b"),
    re.compile(r"\b" + _MONTH_RE + r"\s+\d{4}\b"),
    re.compile(
        r"\d{4}年\d{1,2}月(?:\d{1,2}日)?(?:[^，。（）()]{0,12}?(?:前一周|后一周|周末|那一周))?"
    ),
)
_ROLE = r"(?:the|a|an|my|our|his|her|their|[\w-]+['’]s)\b"
_ROLE_IS = r"(?:is\s+" + _ROLE + r"|(?:est|es|ist)\s+(?:(?:le|la|el|der|die)\b|l['’]))"
"""Who someone is, said of them ("Emma is the user's daughter", "Hugo est le fiancé …")."""
# "Where do I work?", "Who do I work for?" ask for a place or an employer: "works at Guy's",
# not "works as a nurse".
_WHERE = re.compile(r"^\s*(?:where|wo|wohin|woher|où|dónde|donde|ad[oó]nde)\b|"
                    r"^¿\s*(?:a)?d[oó]nde\b|\bwork\s+for\b|在哪|哪里|哪儿|"
                    r"\b(?:company|employer|firm|firma|unternehmen|arbeitgeber|entreprise|"
                    r"soci[ée]t[ée]|employeur|empresa|compa[ñn][íi]a)\b", re.IGNORECASE)
_PLACE_SAID = re.compile(r"在\S{1,12}(?:工作|上班|住)|"
                         # a brand in lower case ("arbeitet bei dm.")
                         r"\bbei\s+[a-zäöü]{2,6}(?=\s*[.!]?\s*$)|"
                         # working for no employer is where one works ("works for themself")
                         r"\bfor\s+themsel(?:f|ves)\b|\bselbstst(?:ä|a)ndig\b|"
                         r"\ben\s+indépendant|\bpor\s+cuenta\s+propia\b|"
                         # ("moving to Braga", not "moving in August")
                         r"\b(?:at|in|to|for|near|bei|beim|im|für|nach|chez|à|en|au)\s+(?:the\s+)?"
                         r"(?!" + _MONTH_RE + r"\b)[A-Z\u00c0-\u00de]")
# "What's my job?", "Was bin ich von Beruf?" ask what someone works as, not where: "works as
# a pharmacist" over "works at Boots".
_JOB_ASKED = re.compile(r"^\s*what\s+(?:do|does)\s+(?:I|we|my\s+\w+|[A-Z][\w'’-]+)\s+do\s*\??\s*$|"
                        r"^\s*was\s+arbeite\w*\s+\w+\s*\?|\bwork(?:s|ed)?\s+as\s*\?|"
                        r"^\s*(?:am|is|are)\s+\w+\s+(?:still\s+)?an?\s+(?:[\w-]+\s+)?(?:" + JOBS
                        + r")\b|"
                        r"\b(?:job|occupation|profession|career|line\s+of\s+work|role|"
                        r"do(?:es)?\s+for\s+(?:a\s+)?(?:living|work)|beruf|métier|boulot|"
                        r"profesión|oficio|(?:en|de)\s+qu[ée]\s+trabaj\w*|als\s+was\s+arbeite\w*|"
                        r"a\s+qu[ée]\s+(?:me|te|se)\s+dedic\w*|dans\s+la\s+vie)\b|"
                        r"什么工作|职业|做什么的|干什么的|哪一?行", re.IGNORECASE)
_JOB_SAID = re.compile(r"\b(?:works?|worked|working)\s+as\b|\bteach(?:es|ing)?\s+\w|"
                       + _WORKS_AS.pattern + "|"
                       # the trade may follow the employer: "arbeite bei Voestalpine als"
                       r"\barbeite\w*\s+(?:\S+\s+){0,3}als\b|"
                       r"\btravaill\w*\s+(?:\S+\s+){0,3}comme\b|"
                       r"\btrabaj\w*\s+(?:(?:\S+\s+){0,3}como|de)\b|的工作是|" + _TRADE.pattern
                       # "… und ist Ärztin", "est infirmière", "es médica"
                       + "|" + _TRADE_ABROAD.pattern)
_WORK_SAID = re.compile(
    r"\b(?:works?|worked|working|job|jobs|employed|employer|career|retired|unemployed|"
    r"studies|studying|student|hired|joined|arbeite\w*|Beruf|Stelle|Rente|angestellt|"
    r"travaill\w*|métier|boulot|emploi|retraite|trabaj\w*|empleo|profesi\w*|oficio|"
    r"jubilad[oa]|estudia\w*)\b|工作|上班|职业|退休|当|做", re.IGNORECASE)
"""A line that speaks of someone's work, which a question of their job may be answered by."""
_STILL = re.compile(r"\b(?:still|noch|toujours|encore|todav[ií]a|a[uú]n|sigo|sigues)\b",
                    re.IGNORECASE)
"""A question whether something still holds, which may name the value that was replaced."""
_WHO = re.compile(r"^[\s¿]*(?:who\s+(?:is|was|['’]s)|wer\s+(?:ist|war)|qui\s+(?:est|était)|"
                  r"qui[eé]n\s+(?:es|era))\b", re.IGNORECASE)
# Any question for a person ("Who sent …?", "Wer hat …?"): a name answers it.
_WHO_ASKED = re.compile(r"^[\s¿]*(?:who|whom|wer|qui|qui[eé]n(?:es)?)\b", re.IGNORECASE)
# "When is my birthday?" asks for a day that comes back every year: the fact says it.
# A question for who asked something ("Who asked about the cake?", "¿Quién pregunta por la
# tarta?"): the asker answers it, not whoever replied.
_ASKER_ASKED = re.compile(r"^[\s¿]*(?:who|wer|qui|qui[eé]n)\s+(?:has\s+|a\s+|hat\s+)?"
                          r"(?:ask\w*|fragt\w*|gefragt|demand\w*|pregunt\w*)", re.IGNORECASE)
_EVERY_YEAR = re.compile(r"^\s*when\s+(?:is|are|['’]s)\b", re.IGNORECASE)
_DAY_OF_YEAR = re.compile(r"\b" + _MONTH_RE + r"\s+\d{1,2}(?:st|nd|rd|th)?\b|"
                          r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH_RE + r"\b")
# A day that comes back every year: its month and day answer when it is, with no year.
_YEARLY = re.compile(r"(?i:\b(?:birthdays?|b-?days?|anniversar(?:y|ies)|name\s*days?|"
                     r"\w*geburtstag\w*|\w*jahrestag\w*|namenstag\w*|anniversaires?|f[êe]tes?|cumplea[ñn]os|"
                     r"aniversarios?|onom[aá]stico|santo)\b)|生日|纪念日")
_WHEN_ANYWHERE = re.compile(r"(?i:\b(?:when(?:['’]?s)?|wann|quand|cu[aá]ndo)\b|\bwhat\s+day\b|"
                            r"\bwelche[mn]?\s+tag|\bquel\s+jour|\bqu[eé]\s+d[ií]a)|"
                            r"什么时候|哪天|哪一天|几号|几月")
_DAY_IN_YEAR = {"en": "{m} {d}", "de": "{d}. {m}", "fr": "{d} {m}", "es": "{d} de {m}",
                "zh": "{n}月{d}日"}
# "When do I go climbing?" asks for a habit: a sentence that says it recurs answers it.
_HABIT = re.compile(r"^\s*when\s+(?:do|does)\b|^\s*(?:on\s+)?(?:what|which)\s+days?\s+"
                    r"(?:is|are|do|does|['’]s)\b", re.IGNORECASE)
_RECURS = re.compile(r"\b(?:every|each)\s+\w+|\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days\b|"
                     r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\s+(?:mornings|afternoons|"
                     r"evenings|nights)\b|"
                     r"\b(?:daily|weekly|monthly|fortnightly|weekdays|weekends)\b|"
                     # a time of day, a day's part: "goes running in the evenings"
                     r"\bin\s+the\s+(?:mornings|afternoons|evenings)\b|\bat\s+night\b|"
                     r"\b(?:before|after)\s+work\b", re.IGNORECASE)
# A question about oneself is about "the user" of the memories, in their languages.
_SELF = re.compile(r"(?i:\b(?:I|me|my|mine|myself|ich|mich|mir|mein\w*|je|moi|mon|ma|mes|yo|mi|mis)"
                   r"\b(?!\s+(?:" + KIN + r")\b)|\bI['’](?:m|ve|d|ll)\b)|我(?!的)")
# A fact of what was and is no more: "Rex was the user's dog.", "Der Hund des Nutzers war Rex."
# (not "The user was born in Porto", which still holds).
_WAS = re.compile(r"(?:The user['’]s\s+[\w-]+|[A-ZÀ-Þ][\w'’-]+|(?:Der|Die|Das|Le|La|El)\s+"
                  r"[\w-]+\s+(?:des\s+Nutzers|de\s+l['’]utilisateur|del\s+usuario))\s+"
                  r"(?:was|were|war|waren|était|étaient|era|eran|fue|fueron)\b(?!\s+born\b)")
# A question about what was, not what is ("What was my first job?", "Where did I live before?")
_THEN_ASKED = re.compile(r"(?i:\b(?:was|were|did|had|used\s+to|before|previous\w*|former\w*|"
                         r"first|ago|war|waren|hatte|früher|vorher|damals|était|avant|avais|"
                         r"avait|era|fue|antes|tenía|anterior)\b)|以前|之前|原来")
_HAPPENED = re.compile(r"(?i:\bwhat\s+(?:happened|went\s+wrong)\b|\bwas\s+(?:ist|war)\b.*"
                       r"\bpassiert|\bqu['’]est-ce\s+qui\s+(?:s['’]est\s+passé|est\s+arrivé)|"
                       r"\bqu['’]est-il\s+arrivé|\bqu[eé]\s+(?:pas[oó]|le\s+pas[oó]|ha\s+pasado))|"
                       r"发生了什么|怎么了")
_DONE_TO = re.compile(r"\b(?:got|get|gets|was|were|been|is|are)\s+(?:\w+ly\s+|just\s+)?"
                      r"(?:\w+ed|\w+en|lost|broke|stuck|hit|cut|sold|stolen)\b|"
                      # done by someone: "Someone stole my Brompton", "they towed the car"
                      r"\b(?:stole|nicked|robbed|towed|smashed|scratched|dented|broke\s+into|"
                      r"broke\s+down|died|crashed|burnt|collapsed|disappeared|vanished|"
                      r"gestohlen|geklaut|kaputt|verloren|volée?|cassée?|perdue?|robad[oa]|"
                      r"robaron|rot[oa]|perdí|rompió)\b|被偷|坏了|丢了")
_OWN_VOICE = re.compile(r"(?:Mi|Mis|Mon|Ma|Mes|Mein|Meine|Meinen|Meinem|Meiner|我的)(?!\w)|"
                        r"So\s+\w+\s+ich\b")
"""A line in the user's own words in another language than English ("Mi receta de gazpacho:
…", "So entkalke ich …", a procedure's title as they wrote it): said as theirs, not the
answer's."""
_ASSISTANT_ASKED = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?(?:[Tt]he assistant asked:|助手问[：:])")
# what the assistant said (a suggestion: "You could try St Mary's") is nothing the user did or
# is, unless the question is put to the assistant ("What did you suggest?")
_ASSISTANT_SAID = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?(?:[Tt]he assistant said:|助手说[：:])")
_TO_ASSISTANT = re.compile(r"(?i)\b(?:you|your|du|dich|dir|dein\w*|tu|toi|vous|votre|te|"
                           r"usted)\b|你")
_ABOUT_ASKING = re.compile(r"(?i:\bask|\bfrag|\bdemand|\bpregunt)|问")
_USER_TERMS = frozenset({"user", "nutzer", "utilisateur", "usuario", "用户"})
_QUOTED = 0.01
"""What a quoted message ("The user said: …") loses to a fact read from it that matches as
much: the fact is said to the user in their words ("Tu hermana estudia derecho")."""
_USER_LANGUAGE = {"Nutzer": "de", "Nutzers": "de", "utilisateur": "fr", "usuario": "es"}
_USER_WORD = re.compile(r"\b(?:Nutzers?|utilisateur|usuario)\b")
# An hour, also as French and German write it ("à 9h15", "um 14 Uhr"); not a duration with
# its seconds ("half marathon in 1:32:10"), where a clock writes two digits ("07:40:00").
_CLOCK = re.compile(r"(?<!\d:)\b(?!\d:\d{2}:\d{2})\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm)\b|"
                    r"\b\d{1,2}h\d{2}\b|\b\d{1,2}\s?Uhr\b|"
                    # "wake up at 6, run 5k": an hour said by its number alone
                    # (not one asked: "Bouldering tonight at 7?")
                    r"\b(?:at|um|à|a\s+las?)\s+\d{1,2}(?=\s*(?:[,;]|\.(?!\d)|$|\s+(?:and|then|"
                    r"o['’]?clock|every|each|und|dann|et|puis|y|luego)\b))", re.IGNORECASE)
_OWN_TIME = re.compile(_CLOCK.pattern + r"|\b(?:tomorrow|tonight|noon|midnight)\b",
                       re.IGNORECASE)
"""An hour, or a day said by its name (with a weekday, :func:`_says_its_day`)."""
_ANY_DAY = datetime(2024, 1, 1, 12, tzinfo=UTC)
"""A day to read a line's dates from when only whether it has one counts."""
_TRANSLATED = 0.5
"""What a word of the question weighs when a memory has it only in another language."""
_SAYS_TIME = "\x00time"
"""The term of a text that says an hour or a day (:func:`_says_time`), which a "when" question
asks for."""


_SAYS_CLOCK = "\x00clock"
"""The term of a text that says an hour or how long something took ("in 1:52", "1h58"), which
a question of the time a thing took asks for (:data:`_TIME_TAKEN`)."""


def _says_time(text: str) -> bool:
    """Whether ``text`` says an hour (:data:`_CLOCK`), a weekday, a day by its number or a
    month of a year ("the launch moved to Friday", "Vencimiento: 15/04/2025", "nacerá en
    diciembre de 2025")."""
    return bool(_CLOCK.search(text) or weekday_names().search(text)
                or days_written(text, _ANY_DAY) or _MONTH_OF_YEAR.search(text))


# A code: letters or a dash with digits, not a date ("0x80070005", "30088-26", "E0425").
_CODE = re.compile(r"(?<![\w-])(?!\d{4}-\d\d-\d\d\b)(?=[\w-]*\d)(?=[\w-]*[A-Za-z-])"
                   r"[A-Za-z0-9][\w-]{3,}(?![\w-])")
# A file by its name or path, with the line and column a compiler points at ("settings.py",
# "src/interest.rs:42:17", "C:\\Users\\ana\\notes.txt"), not a host ("db.internal").
_PATH = re.compile(r"(?<![\w.@-])(?:[A-Za-z]:\\|~?/)?(?:[\w.-]+[/\\])*[\w-]+\."
                   r"(?:py|rs|js|jsx|ts|tsx|go|java|kt|c|h|cc|cpp|hpp|cs|rb|php|swift|scala|sh|"
                   r"sql|json|ya?ml|toml|"
                   r"ini|cfg|conf|env|xml|html?|css|md|txt|csv|log|lock|xlsx?|docx?|pptx?|pdf|"
                   r"odt|ods|png|jpe?g|gif|svg|zip|gz|tar|dmg|exe|mp[34]|mov|wav)"
                   r"(?::\d+){0,2}(?![\w-])")
_FILE_ASKED = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?files?\b|\bfile\s*name\b|"
                         r"\b(?:welche|quel(?:le)?|qu[eé]|cu[aá]l)\s+(?:\w+\s+)?"
                         r"(?:datei|fichier|archivo)\b", re.IGNORECASE)
_SAYS_FILE = "\x00file"
"""The term of a text that names a file (:data:`_PATH`), which a question for a file asks for
(not the word "file": French "fil" is a wire)."""
# (a "code freeze" or "code review" is no code)
_CODE_ASKED = re.compile(r"code\b(?!\s+(?:freeze|review|reviews|base|style|owners?)\b)|"
                         r"c[oó]digo\b", re.IGNORECASE)
_SAYS_CODE = "\x00code"
"""The term of a text that has a code (:data:`_CODE`), which a question for a code asks for."""
_SAYS_ADDRESS = "\x00address"
"""The term of a text that writes a street address (which is also an "address" to a question
for one), which a "where" question asks for (not the word: a vault's "Address seen on screen"
is a caption)."""
_MARKS = frozenset({_SAYS_TIME, _SAYS_CLOCK, _SAYS_CODE, _SAYS_FILE, _SAYS_ADDRESS})
"""The terms that say what kind of value a text has, not a word of it."""
# A question of when the user saw, opened or was told something, not of when a thing does it
# ("When does the Tenryu-ji garden open?" asks for the hour the screen said).
_SEEN = re.compile(r"\b(?:screen\w*|said|told)\b|"
                   r"\b(?:I|we)\b.*?\b(?:see|saw|seen|view\w*|look\w*|open\w*|read)\b",
                   re.IGNORECASE)
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d{2}\b年?|(?<!\d)(?:1[5-9]|20)\d{2}年")
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_MONTH_NAMED = re.compile(r"(?i)\b" + _MONTH_RE + r"\b")
_PARENS = re.compile(r"\(([^()]{3,80})\)|（([^（）]{3,80})）")


def _labelled_date(text: str) -> str | None:
    """A date resolved into a ``(label)`` ("yesterday (7 May 2023)"), the one after a
    correction first ("on march 3rd (3 March 2025), no wait, march 5th (5 March 2025)")."""
    fixed = [m.end() for m in _CORRECTED.finditer(text)]
    for start in (fixed[-1], 0) if fixed else (0,):
        for m in _PARENS.finditer(text, start):
            inner = (m.group(1) or m.group(2)).split(": ")[-1].split("，")[-1].strip()
            if any(form.fullmatch(inner) for form in (*_DATE_FORMS, _YEAR)):
                return inner
    return None


# Where someone corrects what they just said ("sorry i mean", "no wait", "ich meine").
_CORRECTED = re.compile(r"\b(?:sorry|no\s+wait|I\s+meant?|the\s+user\s+meant?|means|"
                        r"correction|ich\s+meine|je\s+veux\s+dire|quiero\s+decir|perd[oó]n)\b",
                        re.IGNORECASE)


def _date_in(text: str, sentence: str) -> str | None:
    """The most specific date written in a memory, preferring a resolved ``(label)``; a day
    the answering sentence names without its year ("moves to November 18") is read from the
    memory's own day, and beats the day of the memory."""
    if labelled := _labelled_date(f"{sentence} {text}"):
        if sentence and not _labelled_date(sentence) and (own := _day_said(sentence, text)):
            return own
        return labelled
    if sentence and (own := _day_said(sentence, text)):
        return own
    for form in _DATE_FORMS:
        if m := form.search(sentence):
            return m.group(0)
    # "opened in 1873": the sentence's year, not its stamp nor when its screen was seen
    if m := _YEAR.search(sentence):
        return m.group(0)
    for form in _DATE_FORMS:
        if m := form.search(text):
            return m.group(0)
    if m := _ISO_DAY.search(text):
        return describe(datetime(int(m[1]), int(m[2]), int(m[3])))
    m = _YEAR.search(text)
    return m.group(0) if m else None


_SERIES = re.compile(r"\w[^,，、;/]*[,，、]\s*\w[^,，、;/]*\s(?:and|und|et|y|e|&)\s+\w|"
                     r"[^，、]+[，、][^，、]+和")
"""Three values or more in a row ("Biocoop, la Mairie de Nantes et Studio Pixel")."""
_TITLED = re.compile(r"^(?P<title>[^/\n]{3,80}?)\s*[:：]\s*/\s*[-*•]\s")


def _listed(sentence: str) -> tuple[str, list[str]] | None:
    """The title and items of a list the user wrote under its title, one item a line
    ("Shopping list for the garden centre: / - tomato feed / - twine"), or None."""
    if not (titled := _TITLED.match(sentence)):
        return None
    items = [_BULLET.sub("", line).strip(" .") for line in _JOINT.split(sentence[titled.end(
        "title"):].lstrip(":： "))]
    return titled["title"], [item for item in items if item]


def _date_said_in(date: str, lang: str, question: str = "") -> str:
    """``date`` ("5 May 2025", "May 2025") as ``lang`` writes it ("2025年5月5日"), when it is
    one day or month alone; else as it is; "Since March 2023" to a question of how long."""
    found = find_times(date, _ANY_DAY) if lang != "en" else []
    if len(found) == 1 and found[0].span == (0, len(date)) and found[0].granularity in (
            "day", "month"):
        date = describe(found[0].when, found[0].granularity, lang)
    if _SINCE_ASKED.search(question) or _SINCE_ELSEWHERE.search(question):
        return f"{_SINCE_WORD.get(lang, 'Since')} {date}"
    return date


def _day_near_asked(sentence: str, wanted: set[str]) -> str | None:
    """The day ``sentence`` writes with its year closest to a word the question asks of, when
    it also names another date ("I've run for 3 years (2022) and I'm training for the
    Seville marathon on 23 February 2025": the marathon's), else None."""
    at = [m.start() for m in _TOKEN.finditer(sentence) if _terms(m.group(0)) & wanted]
    days = [(t.span[0], t.when) for t in find_times(sentence, _ANY_DAY)
            if not t.relative and t.granularity == "day"]
    labels = [m.start() for m in _PARENS.finditer(sentence)
              if any(form.fullmatch(m.group(1) or m.group(2) or "")
                     for form in (*_DATE_FORMS, _YEAR))]
    if not at or not days or len(days) + len(labels) < 2:
        return None
    spans = days + [(start, None) for start in labels]
    _, when = min(spans, key=lambda s: min(abs(s[0] - a) for a in at))
    return describe(when, "day") if when else None


_KIN_BEFORE = re.compile(r"(?i:\b(?:" + KIN + r"|mom|mum|mama|papa|papá|mamá)(?:['’]?s)?\s+)$|"
                         r"(?:" + ZH_KIN + r")的?$")
_KIN_AFTER = re.compile(r"^(?i:\s+(?:of|de|des|del|von|der|des)?\s*(?:la\s+|le\s+|l['’])?"
                        r"(?:[^\W\d_]+\s+)?(?:" + KIN + r"|mom|mum|mama|papa|papá|mamá)\b)")


def _others_yearly(sentence: str) -> bool:
    """Whether every yearly day ``sentence`` names is someone else's ("the user's mom's
    birthday", "l'anniversaire de ma mère", "妈妈的生日"): none is the user's own."""
    found = list(_YEARLY.finditer(sentence))
    return bool(found) and all(_KIN_BEFORE.search(sentence[:m.start()])
                               or _KIN_AFTER.match(sentence[m.end():]) for m in found)


def _yearly_day(sentence: str, wanted: set[str], lang: str) -> str | None:
    """The day and month ``sentence`` writes nearest after what is asked of ("my mom's birthday
    is march 3, my dad's is july 19": dad's is July 19), in ``lang`` without a year: a
    birthday is every year, whatever year a date was resolved into; None when it names none."""
    days = [(m.start(), _month_day(m), bool(m["d"])) for m in _DAY_MONTH.finditer(sentence)]
    if not days:
        return None
    # the words of whose day it is (a dad's), else of the day itself (a birthday)
    at = ([m.end() for m in _TOKEN.finditer(sentence)
           if _terms(m.group(0)) & wanted and not _YEARLY.search(m.group(0))]
          or [m.end() for m in _TOKEN.finditer(sentence) if _YEARLY.search(m.group(0))])
    after = [d for d in days if any(d[0] >= a for a in at)]
    _, (number, day), day_first = (
        min(after, key=lambda d: min(d[0] - a for a in at if d[0] >= a)) if after else days[0])
    month = (MONTH_NAMES.get(lang) or MONTH_NAMES["en"])[number - 1]
    # English writes both orders: the day is said as the user wrote it ("14 March", "March 3")
    form = "{d} {m}" if lang == "en" and day_first else _DAY_IN_YEAR.get(lang, _DAY_IN_YEAR["en"])
    return form.format(m=month, d=day, n=number)


_MONTH_NUMBER = {name.casefold(): n for names in MONTH_NAMES.values()
                 for n, name in enumerate(names, 1)} | {
    name.casefold()[:3]: n for n, name in enumerate(MONTH_NAMES["en"], 1)}
_MONTH_WORD = "|".join(sorted(map(re.escape, _MONTH_NUMBER), key=len, reverse=True))
_MONTH_OF_YEAR = re.compile(rf"(?i:\b(?:{_MONTH_WORD})\s+(?:de\s+)?(?:19|20)\d{{2}}\b)|"
                            r"(?:19|20)\d{2}年\d{1,2}月")
_DAY_MONTH = re.compile(
    rf"(?i:\b(?P<d>\d{{1,2}})(?:st|nd|rd|th|er)?\.?\s+(?:of\s+|de\s+)?(?P<m>{_MONTH_WORD})\b|"
    rf"\b(?P<m2>{_MONTH_WORD})\.?\s+(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?(?!\d))|"
    r"(?P<n>\d{1,2})月(?P<d3>\d{1,2})[日号]")
"""A day and month in any of the languages ("march 3", "3rd of March", "12. August", "9
novembre", "2 de mayo", "5月20日")."""


def _month_day(found: re.Match[str]) -> tuple[int, int]:
    """The month's number and the day of a :data:`_DAY_MONTH` match."""
    if found["n"]:
        return int(found["n"]), int(found["d3"])
    return _MONTH_NUMBER[(found["m"] or found["m2"]).casefold()], int(found["d"] or found["d2"])


def _says_its_day(line: str, memory: str) -> bool:
    """Whether ``line`` says the day or hour it is about ("arrives on Friday between 9 and 11",
    "leaves at 07:40", "Llega el jueves 10 de abril", "Vencimiento: 15/04/2025", "due on the
    28th"): then it answers "when" itself, where the memory's date is when it was seen or
    written down. A day and month in English is not: :func:`_day_said` gives it its year."""
    if _OWN_TIME.search(line) or weekday_names().search(line):
        return True
    return not _day_said(line, memory) and bool(days_written(line, _ANY_DAY))


def _summary_of(memory: str) -> str:
    """A memory's own statement, before the message it quotes (" — user: …")."""
    return memory.split(" — ", 1)[0]


def _day_said(sentence: str, text: str) -> str | None:
    """A day and month ``sentence`` names without a year, dated from the memory's stamp."""
    stamp = _ISO_DAY.search(text)
    if not stamp or any(form.search(sentence) for form in _DATE_FORMS):
        return None
    day = datetime(int(stamp[1]), int(stamp[2]), int(stamp[3]), 12, tzinfo=UTC)
    said = [t for t in find_times(sentence, day)
            if t.granularity == "day" and _MONTH_NAMED.search(t.text)]
    return said[0].label if said else None


def _names(question: str) -> set[str]:
    """The people, places and things a question names (capitalised words past its first), not
    a language or nationality that says of what kind a thing is ("the Spanish invoice")."""
    words = _TITLE_WORD.findall(_OF_A_KIND.sub(" ", question))
    first = _TITLE_WORD.match(question.lstrip("¿¡ "))
    if first and words and words[0] == first.group(0):
        words = words[1:]
    return {w for w in words if w not in _NOT_NAMES}


def _names_given(words: set[str], memories: list[str]) -> set[str]:
    """Of the capitalised ``words`` of a German question, where every noun has a capital,
    those ``memories`` give someone as a name ("Was macht Miriam beruflich?" of "Meine Frau
    heißt Miriam", "Unser Sohn Ben", "Joel is the user's partner")."""
    text = " ".join(memories)
    return {w for w in words if re.search(
        rf"(?:\b(?:{KIN}|heißt|hei[sß]e|named|called|s['’]appelle|se\s+llama)\s+|叫){re.escape(w)}"
        rf"(?![\w-])|(?<![\w-]){re.escape(w)}\s+is\s+the\s+user['’]s\b", text, re.IGNORECASE)}


def _zh_names(question: str, memories: list[str]) -> set[str]:
    """The people a Chinese question names: those ``memories`` give a name with 叫 ("用户的老婆叫
    小红": "小红在哪里工作？" asks of 小红, not of the user) or marry ("用户和李强结婚了")."""
    named = {name for text in memories for m in _ZH_CALLED.finditer(text)
             if (name := m["n"] or m["w"]) in question}
    # one a fact opens with, whom the question opens with too ("王磊是医生": "王磊是做什么的？")
    return named | {m["s"] for text in memories for m in _ZH_SUBJECT.finditer(text)
                    if m["s"] != "用户" and question.startswith(m["s"])}


_QUOTED_BY = re.compile(r"\s—\s+([A-Z][\w'’.-]*(?:\s[A-Z][\w'’.-]*)?):\s")
"""Who an event's quoted words are of ("… — Caroline: Next month. I've wanted …")."""
_ZH_SENTENCE = re.compile(r"[^。！？]+[。！？]?")
_ZH_SUBJECT = re.compile(r"(?:^|[。！？]\s*)(?P<s>[\u4e00-\u9fff]{2,3}?)(?=是|在|住)")
_ZH_CALLED = re.compile(r"叫(?P<n>[\u4e00-\u9fff]{2,3}?)(?=[，。！？；,.!?\s(]|$)|"
                        r"(?:和|跟)(?P<w>[\u4e00-\u9fff]{2,3}?)(?=结婚|订婚|在一起)")


def _mentions(text: str, names: set[str]) -> bool:
    """Whether ``text`` names one of ``names``, as written or in capitals (a receipt's
    "ALDI" is the question's "Aldi"), or by its name in another language ("München" is
    "Munich", "español" "Spanish": :func:`~mirix_like.lexicon.same_meaning`)."""
    return any(_name_said(name).search(text) for name in names)


@functools.lru_cache(maxsize=1024)
def _name_said(name: str) -> re.Pattern[str]:
    """How a text says ``name`` (see :func:`_mentions`); built once, since every statement of
    every memory is tested."""
    # typed in lower case too ("kyoto 3 nights", "cerys is 6"), when that is no word of its own
    if CJK_RUN.fullmatch(name):  # Chinese writes no space around a name: "小红现在…"
        return re.compile(re.escape(name))
    low = name.lower()
    common = low in STOPWORDS or low in OTHER_STOPWORDS or bool(meaning(name)) or not name.isalpha()
    forms = "|".join(map(re.escape, (name, name.upper(), *(() if common else (low,)))))
    others = "|".join(re.escape(w) for w in same_meaning(name) if w != name.lower())
    # a name may head a word joined in camel case: "my Mac" is the "MacBook Pro"
    return re.compile(rf"(?<![\w-])(?:{forms}{'|(?i:' + others + ')' if others else ''})"
                      r"(?!-|(?![A-ZÀ-Þ])\w)")


# How a question may open before it asks ("Remind me how much …", "Do you know when …", "Any
# idea what …", "Weißt du, wann …", "Rappelle-moi l'heure …", "¿Sabes cuándo …", "你知道…"),
# and an "again" that asks nothing ("What's my seat again?").
_LEAD_IN = re.compile(
    r"^[\s¿¡]*(?:(?:hey|hi|ok(?:ay)?|so|quick\s+question)\s*[,:!]?\s+)?(?:"
    r"(?:can|could|would)\s+you\s+(?:please\s+)?(?:remind\s+me|tell\s+me)|remind\s+me|"
    r"(?:do|did)\s+you\s+(?:happen\s+to\s+)?(?:know|remember)|(?:have\s+you\s+)?(?:got\s+)?"
    r"any\s+idea|tell\s+me|i\s+(?:forgot|forget|can['’]?t\s+remember)|"
    r"wei(?:ß|ss)t\s+du(?:\s+noch)?|sag\s+mir|erinnere?\s+mich(?:\s+daran)?|"
    r"kannst\s+du\s+mir\s+sagen|rappelle[-\s]moi|dis[-\s]moi|(?:tu\s+)?sais[-\s]tu|"
    r"tu\s+sais|recu[ée]rdame|dime|(?:me\s+)?recuerdas|sabes)\b[\s,:]*"
    # only before a question word: "Do you know Tom?" asks about Tom
    r"(?=(?:when|what|where|who|whom|which|how|why|wann|was|wo|wer|wie|welche\w*|"
    r"quand|quel\w*|où|qui|comment|combien|l['’]heure|la\s+date|le\s+jour|cu[aá]ndo|"
    r"qu[eé]|d[oó]nde|qui[eé]n|c[oó]mo|cu[aá]nt\w*|cu[aá]l\w*|a\s+qu[eé]|à\s+quel\w*|"
    r"um\s+wie)\b)|^(?:你知道|提醒我|告诉我|你还记得)", re.IGNORECASE)
# How a question may open in passing ("btw when does …", "Übrigens, wann …", "Por cierto,
# ¿dónde …?", "对了，…"): it asks nothing.
_ASIDE = re.compile(r"^[\s¿¡]*(?:btw|by\s+the\s+way|oh\s+and|quick\s+q(?:uestion)?|"
                    r"übrigens|ach\s+ja|au\s+fait|d['’]ailleurs|por\s+cierto|oye)\b"
                    r"\s*[,:!-]?\s*|^(?:顺便问一下|对了)[，,]?", re.IGNORECASE)
_AGAIN = re.compile(r"\s+(?:again|nochmal|noch\s+mal)(?=\s*[?？]?\s*$)", re.IGNORECASE)
_WHEN_DID = re.compile(r"(?i:\bwhen\s+(?:did|was|were)\b|\bwann\s+(?:habe|hab|hast|hat|bin|bist|"
                       r"war|haben)\b|\bquand\s+(?:ai-je|as-tu|est-ce\s+que\s+j['’]ai|"
                       r"j['’]ai|avons-nous|sommes-nous|suis-je))")
"""A question of when something happened ("When did I move to Kyoto?"): the day an event is
dated by answers it, as a line naming its own day does."""
_THESE_DAYS = re.compile(r"\b(?:these\s+days|nowadays|at\s+the\s+moment|at\s+present|"
                         r"right\s+now|currently)\b", re.IGNORECASE)
_DID_SHORT = re.compile(r"\b(where|what|when|who|how|why)['’]d(?=\s+(?:I|we|you|he|she|they)\s+"
                        r"[a-z]+(?<!ed)\b)", re.IGNORECASE)
""""Where'd I move to?" is "Where did I move to?" (not "Where'd I moved", which is "had")."""


def _asked(question: str) -> str:
    """``question`` without how it opens before it asks and an "again" that asks nothing:
    "Remind me how much I spent at Tesco?" asks "how much I spent at Tesco?"."""
    core = _AGAIN.sub("", _LEAD_IN.sub("", _ASIDE.sub("", question, count=1), count=1))
    core = _DID_SHORT.sub(r"\1 did", core)  # "Where'd I move to?" asks where I did
    core = _THESE_DAYS.sub("now", core)  # "where I'm living these days" asks of no day
    return core if core.strip(" ?？¿") else question


_ASKS_IF = re.compile(r"(?i:^[\s¿]*(?:am|are|is|do|does|have|has|bin|habe|hab|hat|ist|"
                      r"est-ce|suis-je|ai-je|tengo|estoy|sigo|soy|tienes)\b)|吗[？?]?\s*$")
"""A question answered yes or no ("Do I smoke?", "¿Tengo novio?"): what ended answers one that
nothing current does, not one asking for a name ("Wer ist meine Freundin?" after a break-up
has no answer)."""


def answer(question: str, memories: list[str]) -> str:
    """The answer to ``question`` from ``memories`` (see :func:`_answer`); a yes/no question,
    one of someone an ended fact names, or one of the asker's own, that nothing current
    answers is answered by what ended, told as ended ("¿Tengo novio?" after a break-up: "Tu
    novio se llamaba Marco hasta el 1 de agosto de 2025."; "Do I smoke?" after quitting; "Wer
    ist Petra?" the same)."""
    lang = language(question)
    nothing = _NO_ANSWERS.get(lang, NO_ANSWER)
    if (there := _then_there(question, memories)) not in (None, nothing):
        return there
    if _NEXT_ASKED.search(question) and (coming := _next_planned(memories)):
        return _said_to_user(coming, lang)
    said = _answer(question, memories)
    if said == nothing and (_ASKS_IF.search(question) or _DID_I.search(question)
                            or _past_names(question, memories)):
        return _answer(question, memories, before=True)
    if said == nothing and _asks_of_self(question, lang) and not _WHERE.search(question) and any(
            map(PAST.search, memories)):
        # "What car do I drive?" once it was sold: what held, told as ended, when it says a
        # word of the question's and is the asker's ("Your car was …", not "Giada lived …");
        # one lives and works somewhere always, so where is not answered by where it was
        held = _answer(question, memories, before=True)
        if _terms(held) & (_terms(question) - _USER_TERMS) and _TO_ASSISTANT.search(held):
            return held
    if said == nothing and _OWN_AGE_ASKED.search(question) and (age := _age_from_birth(
            memories)) is not None:
        # "How old am I?" of "The user was born on 9 November 1988": the age today
        return _said_to_user(f"The user is {age} years old.", lang)
    if said == nothing and asks_then(question) and any(map(PAST.search, memories)):
        # the facts that ended are of other things ("Who was our landlord before?" when only
        # a favourite band changed): the older of the values the rest say answers
        return _answer(question, [m for m in memories if not PAST.search(m)])
    return said


_NEXT_ASKED = re.compile(
    r"(?i:\bwhat(?:\s+(?:am\s+I|are\s+we)\s+doing|['’]s|\s+is)\s+(?:coming\s+up\s+)?next"
    r"(?=\s*[?？.!]?\s*$)|\b(?:my|our)\s+next\s+(?:trip|plan|event|holiday|journey|appointment)\b|"
    r"\bwhat\s+(?:do\s+I|have\s+I)\s+(?:got\s+)?coming\s+up\b|\bals\s+N[äa]chstes\b|"
    r"\b(?:meine?|unsere?)\s+n[äa]chste[nr]?\s+(?:Reise|Termin|Plan|Urlaub)\b|"
    r"\bqu['’]est-ce\s+que\s+(?:je\s+fais|nous\s+faisons|on\s+fait)\s+ensuite\b|"
    r"\b(?:mon|notre)\s+prochain\s+(?:voyage|rendez-vous|projet)\b|"
    r"\b(?:mi|nuestro)\s+pr[óo]ximo\s+(?:viaje|plan|evento)\b|\bqu[ée]\s+(?:hago|haremos|hacemos)"
    r"\s+(?:despu[ée]s|luego|a\s+continuaci[óo]n)\b)|接下来|下一个|下一次")
"""A question for what comes next ("What am I doing next?", "Was mache ich als Nächstes?",
"¿Cuál es mi próximo viaje?"): the nearest plan from now."""


def _next_planned(memories: list[str]) -> str | None:
    """The statement of the event of ``memories`` dated nearest from today on; None when none
    is still to come."""
    today = utcnow().date().isoformat()
    coming = sorted((day, i) for i, m in enumerate(memories) if (day := _day_of(m)) >= today)
    if not coming:
        return None
    return BRIEF_DAY.sub("", _summary_of(memories[coming[0][1]]), count=1).strip()


_THERE_ASKED = re.compile(r"\s+(?:in|at|à|a|en)\s+(?P<p>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)*)"
                          r"\s*[?？]?\s*$")
"""A place a question of before names last ("Who was my landlord in Glasgow?", "Wer war mein
Vermieter in Hamburg?"): the time the user lived there, not what it is asked of."""


def _period(memory: str) -> tuple[str, str] | None:
    """The first and last day a fact that ended held (the first "" when it does not say)."""
    if not (ended := PAST.search(memory)):
        return None
    days = re.findall(r"\d{4}-\d{2}-\d{2}", ended[0])
    return (min(days) if len(days) > 1 else "", max(days))


def _then_there(question: str, memories: list[str]) -> str | None:
    """The answer to a question of before about the time at a home that ended ("Who was my
    landlord in Glasgow?" once the user lives in Leeds): what ended and held then, not the
    stay itself; None when no such home is asked of."""
    asked = _THERE_ASKED.search(question)
    if not asked or not _THEN_ASKED.search(question):
        return None
    stays = [period for m in memories for p in sentences_of(m) if (period := _period(p)) and any(
        s.slot == "home" and asked["p"] in str(s.value) for s in settings(p))]
    if not stays:
        return None
    first, last = min(s[0] for s in stays), max(s[1] for s in stays)
    held = [m for m in memories if not _mentions(m, {asked["p"]}) and (
        (period := _period(m)) is None or period[0] <= last and period[1] >= first)]
    return _answer(question[:asked.start()] + "?", held, before=True)


_MY_KIN = re.compile(r"(?i)\b(?:my|mein\w*|mon|ma|mes|mi|mis)\s+(?:[a-zäöüéèáíóú]+\s+)?"
                     r"(?P<k>" + KIN + r")\b(?:\s+(?-i:(?P<n>[A-ZÀ-Þ][\w'’-]+)))?")
"""Someone of the asker's own the question asks about ("Where does my sister live?"): only a
line about them answers it."""
_FAVOURITE_OF = re.compile(r"(?i)\bfavou?rite\s+(?!(?:before|after|now|is|was|are|were|these|"
                           r"those|one|ones|thing|things|of|for|in|at|to|and|but|so|then|"
                           r"lately|nowadays|ever)\b)(?P<a>[a-z]+)|\bLieblings(?P<b>[a-zäöüß]+)|"
                           r"\b(?P<c>[a-zàâçéèêëîïôûù]+)\s+préférée?s?\b|"
                           r"\b(?P<d>[a-záéíóúñ]+)\s+favorit[oa]s?\b")


def _favourite_kinds(text: str) -> set[str]:
    """The kinds of favourite ``text`` names, in English ("Lieblingsgetränk": drink)."""
    kinds = set()
    for m in _FAVOURITE_OF.finditer(text):
        kind = next(k for k in m.groups() if k).casefold()
        kinds.add(_stem(favourite_kind(kind)))
    return kinds


_SOMEONE = re.compile(r"\b(?!(?:Nutzers?|User|Usuario|Utilisateur|I|The|Der|Die|Das|Le|La|Les|L|"
                      r"El|Los|Las|You|Your|Du|Dein|Deine|Tu|Ton|Ta|Tes|Tus?|Mi|Mis|My|Mein|"
                      r"Meine|Mon|Ma|Mes)\b)[A-ZÀ-Þ][a-zß-ÿ]+|[\u4e00-\u9fff]")
"""A word that may name someone, no article or pronoun opening a line (Chinese: any
character)."""
_DID_I = re.compile(r"(?i:\bdid\s+(?:I|we)\s+(?:have|own|drive|use|ride)\b|\bused\s+to\s+"
                    r"(?:have|own|drive)\b)")
"""A question of what the user had ("What car did I have?"): what ended answers it when nothing
current does."""
_OWN_AGE_ASKED = re.compile(r"(?i:^\s*how\s+old\s+am\s+i\b|^\s*what['’]?s\s+my\s+age\b)")
_BORN = re.compile(r"\b[Tt]he user was born on (?P<day>\d{1,2} [A-Z][a-z]+ \d{4})\b")


def _age_from_birth(memories: list[str]) -> int | None:
    """The user's age today from the day they were born, when a memory says it in full."""
    for memory in memories:
        if found := _BORN.search(memory):
            try:
                born = datetime.strptime(found["day"], "%d %B %Y").date()
            except ValueError:
                continue
            today = utcnow().date()
            return today.year - born.year - ((today.month, today.day) < (born.month, born.day))
    return None


def _past_names(question: str, memories: list[str]) -> bool:
    """Whether ``question`` names someone a fact of ``memories`` that ended names."""
    lang = language(question)
    names = (_zh_names(question, memories) if lang == "zh" else _names(question)
             if lang != "de" else _names_given(_names(question), memories))
    return bool(names) and any(PAST.search(m) and _mentions(m, names) for m in memories)


def _answer(question: str, memories: list[str], *, before: bool = False) -> str:
    """One clean sentence from the retrieved memory texts that best answers ``question``,
    or a "not in memory" in the question's language.

    Memories are read as plain statements (:func:`~mirix_like.offline.plain.statements`:
    no tags, line numbers, stamps or labels), their main lines ahead of their details and
    those in the question's language ahead of others. Sentences are ranked by weighted overlap
    with the question (rarer words count more, earlier memories win ties); a question that
    names someone is answered only from memories about them; "when" questions get the
    date of the best memory. Facts that were replaced answer only questions about before
    (:func:`in_time`).
    """
    lang = language(question)
    nothing = _NO_ANSWERS.get(lang, NO_ANSWER)
    question = _asked(question)
    # a kept value asked for as it was ("the old wifi password") is in the vault, where no
    # fact marks it past
    if asks_before(question) and (kept := _vault_kept(question, lang, memories)):
        return kept
    memories = in_time(question, memories, before=before)
    wanted = _terms(question, kinds=_kind_asked(question))
    meant = _meanings_in(question, lang)
    wanted |= meant
    if _SIBLINGS.search(question):  # "Do I have any siblings?" of "my brother Lin Feng"
        wanted |= {_stem("brother"), _stem("sister")}
    if _MEAT.search(question):  # "Est-ce que je mange de la viande ?" of "est végétarienne"
        wanted |= _terms(_DIETS)
    if _CHILDREN.search(question):  # "Do I have kids?" of "Isla is the user's daughter"
        wanted |= {_stem("son"), _stem("daughter"), _stem("kid")}
    # "Where did I live before Vienna?" names what replaced the answer, not what it is about;
    # German writes every noun with a capital, not only names.
    names = (set() if asks_before(question) else _zh_names(question, memories) if lang == "zh"
             else _names(question) if lang != "de" else _names_given(_names(question), memories))
    if _STILL.search(question):  # "Do I still live in Oslo?": Oslo may be what was replaced
        names = {n for n in names if any(_mentions(m, {n}) for m in memories)}
    # the words of a screen's window are said by every line on it: they pick the screen, and
    # the line that answers is the one that says the rest
    chrome = [window_of(m) for m in memories]
    # (the words of someone named, quoted after an event: "— Caroline: … I've wanted to work
    # with LGBTQ youth" answers "Who does Caroline want to work with?")
    said = [[s for s in statements(m) if not names or _mentions(s.text, names)
             or _mentions(" / ".join([label(m), *window]), names)
             or not s.lead and _mentions(" ".join(_QUOTED_BY.findall(m)), names)]
            for m, window in zip(memories, chrome, strict=True)]
    if names and lang == "zh":  # of a block's sentences, those that name them
        said = [[Statement(one, s.lead) for s in parts for one in _ZH_SENTENCE.findall(s.text)
                 if _mentions(one, names)] for parts in said]
    own_name = False
    name_asked = bool(_NAME_ASKED.search(question))
    if (name_asked and (every := all_named(question, memories, lang))) or (
            every := all_had(question, memories, lang)):
        return every
    if name_asked:
        # "Wie heißt mein Sohn?" asks for the son's name: any name of his answers, not a
        # sentence that says "heißt" of someone else; "What's my name?" has no other word
        own_name = not wanted - _NAME_WORDS - _USER_TERMS
        wanted = wanted | {_NAME_TERM} if own_name else wanted - _NAME_WORDS
    if not wanted or not any(said):
        return nothing
    if _SELF.search(question):  # between two past homes, the user's over their sister's
        wanted |= _USER_TERMS
    known = set().union(*map(_terms, memories))
    wanted = _split_compounds(_mended(wanted, known), known)
    when = bool(_WHEN.search(question))
    timely = when or bool(_WHEN_ELSEWHERE.search(question))
    did_when = timely and bool(_WHEN_DID.search(question))
    # a line that says its hour or day answers it: "BOARDING 07:35" over "BOARDING PASS", "the
    # migration is postponed to 2025-05-03" over the hours of a chat's messages around it
    if timely:
        wanted.add(_SAYS_TIME)
    elif _TIME_TAKEN.search(question):
        wanted.add(_SAYS_CLOCK)
    if code := bool(_CODE_ASKED.search(question)):  # "Error 0x80070005: Access is denied."
        wanted.add(_SAYS_CODE)
    if path := bool(_FILE_ASKED.search(question)):  # "--> src/interest.rs:42:17"
        wanted.add(_SAYS_FILE)
    if where := bool(_WHERE.search(question)):  # "Where: Room Kepler"
        wanted.add(_stem(_PLACE))
    if where:  # "Torstraße 140, 10119 Berlin"
        wanted.add(_SAYS_ADDRESS)
    # ("Am I a nurse?" is answered by the job: "works as a pharmacist", not "works at Boots")
    job = not where and bool(_JOB_ASKED.search(question) or _TRADE.search(question)
                             or _TRADE_ABROAD.search(question))
    # "Who sent the tax filing?" asks for a person, whatever amount it names
    amount = bool(_AMOUNT.search(question) and not _COUNT.search(question)
                  and not _WHO_ASKED.search(question))
    # the user named in any language is one term: "Nutzer" is no rarer than "user"
    per_memory = [_one_user(_matched(_terms(" ".join([label(m), *(s.text for s in parts)]),
                                            trade=not where)
                                     | set().union(*(_meant(s.text) for s in parts)), wanted))
                  if parts else set() for m, parts in zip(memories, said, strict=True)]
    df = Counter(t for terms in per_memory for t in terms)
    # a word of the question read in another language ("Termin": appointment) counts less than
    # one a memory writes as asked ("Steuerberater")
    translated = _translated(question) | meant
    weight = {t: (1.0 + math.log((1 + len(memories)) / (1 + df[t]))) * (
        _TRANSLATED if t in translated else 1.0) for t in wanted}
    scores = [_score(terms, weight) for terms in per_memory]
    best_score = max(scores)
    if best_score == 0:
        return nothing
    candidates: list[tuple[float, int, int, str]] = []
    matched: dict[tuple[int, str], set[str]] = {}
    quoting: set[tuple[int, str]] = set()  # sentences of the user's own message, as written
    quoted: dict[tuple[int, str], str] = {}  # … and of someone else's, by whom
    windows = [_matched(_all_terms(" ".join(names)), wanted) for names in chrome]
    many = bool(_HOW_MANY.search(question))
    listing = bool(_LIST_ASKED.search(question))
    # "What happened to my bike?" asks for an event: "got stolen", not "is a green Brompton"
    happened = bool(_HAPPENED.search(question))
    since_asked = bool(_SINCE_ASKED.search(question) or _SINCE_ELSEWHERE.search(question))
    who = bool(_WHO.search(question))  # "Who is Emma?": "Emma is the user's daughter."
    relatives = list(_MY_KIN.finditer(question))
    kin_asked = {t for m in relatives for t in _terms(m["k"])} & wanted
    # who the relative asked of is: named in the question ("my sister Lucía") or in a line
    # that says so ("Diego es tu hermano")
    kin_names = {m["n"] for m in relatives if m["n"]} | {
        name for m in memories for sentence in sentences_of(m) if _terms(sentence) & kin_asked
        for name in _SOMEONE.findall(sentence) if len(name) > 1} if kin_asked else set()
    liked_asked = _favourite_kinds(question)
    person = not who and not where and bool(_WHO_ASKED.search(question))  # not "work for"
    not_names = {n for text in [question, *itertools.chain(*chrome)] for n in _NAME.findall(text)}
    # "Where do I live?" is not answered by "Raj lives in Toronto", whatever else matches,
    # when the memories call the asker "the user" (else the user may be Raj).
    about_me = (not names and _asks_of_self(question, lang)
                and any("the user" in m.casefold() or _USER_WORD.search(m) or _ZH_USER.search(m)
                        for m in memories))
    others = _others_named(memories) if about_me else set()
    # what the assistant asked the user says nothing of them ("你多大了？" is no age), unless
    # the question is about asking
    echoes = not _ABOUT_ASKING.search(question)
    own = _asks_of_self(question, lang) and not _TO_ASSISTANT.search(question)
    for i, parts in enumerate(said):
        if scores[i] > 0 and not (echoes and _ASSISTANT_ASKED.match(memories[i])) and not (
                own and _ASSISTANT_SAID.match(memories[i])):
            leads: list[set[str]] = []
            kin = _kin_named(parts)
            for part in parts:
                for sentence in sentences_of(part.text):
                    sentence = _unlabelled(
                        _unstamped(what_it_showed(sentence) or sentence, chrome[i]))
                    if not sentence:
                        continue
                    # a block names whom the question asks of among facts of the user's own
                    # ("Was macht Miriam beruflich?": not "Der Nutzer arbeitet als Lehrer.")
                    if names and _OF_USER.match(sentence) and not _mentions(sentence, names):
                        continue
                    sentence = _with_kin(sentence, kin, wanted)
                    terms = _terms(sentence, trade=not where) | _meant(sentence)
                    if did_when and _day_of(memories[i]):  # an event's day answers "when did"
                        terms.add(_SAYS_TIME)
                    found = _matched(terms, wanted) - _USER_TERMS
                    if kin_asked and not found & kin_asked and not (
                            kin_names and _mentions(sentence, kin_names)):
                        continue  # "Where does my sister live?" is not "The user lives in Lyon"
                    if liked_asked and (liked := _favourite_kinds(sentence)) and not (
                            liked & liked_asked):
                        continue  # "What's my favourite drink?" is no favourite food
                    if job and names and not (_JOB_SAID.search(sentence)
                                              or _WORK_SAID.search(sentence)
                                              or _OCCUPATION.search(sentence)
                                              or _TRADE_ZH.search(sentence)):
                        continue  # "What's Sara's job?" is not "Tom and Sara split up"
                    # beyond English a verb's forms may not share a stem ("vivo", "vive"):
                    # there "El usuario vive en Quito" answers by "the user" alone
                    # nor by "用户姐姐叫李娜": who someone is says nothing asked of the user
                    if about_me and ((not found and (lang == "en" or _KIN_OF_USER_ABROAD.search(
                            _QUOTE_LEAD.sub("", sentence))))
                                     or _someone_else(sentence, lang, others)
                                     or _of_one_of(sentence, others)):
                        continue
                    # a block of facts may mix languages: each sentence's own counts
                    # (an excerpt cut short loses a tie to the whole: "… and 100g …")
                    bonus = (0.25 * scores[i] + 0.5 * (_language_of(sentence) == lang)
                             - _QUOTED * bool(USER_SAID_LEAD.match(sentence))
                             - _QUOTED * ("…" in sentence))
                    # (by a full name too: "Sarah Lund is a product manager")
                    defines = who and any(re.match(rf"{re.escape(n)}(?:\s+[A-Z][\w'’-]+)? "
                                                   rf"{_ROLE_IS}", sentence) for n in names)
                    if part.lead:
                        leads.append(found)
                    elif _quotes_user(memories[i], part.text) and any(
                            found <= lead for lead in leads) and not _listed(sentence):
                        # the message a fact was read from answers only what the fact does
                        # not: "The user's mum is retired", not "My mum retired last month"
                        continue
                    matched[i, sentence] = found
                    if not part.lead and _quotes_user(memories[i], part.text):
                        quoting.add((i, sentence))
                    elif not part.lead and (by := _QUOTED_BY.findall(memories[i])):
                        quoted[i, sentence] = by[-1]
                    overlap = _score(found | windows[i], weight)
                    # Among equals of one memory, the sentence that says more than the
                    # question answers it (a screen's "Location: Room 385" over its title).
                    places = where and bool(_PLACE_SAID.search(sentence))
                    trade = job and bool(_JOB_SAID.search(sentence))
                    # "Error code: 30088-26" labels its value with what the question asks
                    labels = _labels_asked(sentence, wanted - windows[i])
                    # "Who sent …?" is answered by a line that names someone beyond the
                    # screen's window ("From: Helena Costa"), not one that names an address
                    someone = person and any(
                        set(n.split()) - not_names  # a sentence's first word is capitalised
                        for n in _FULL_NAME.findall(sentence.split(maxsplit=1)[-1]))
                    # "When is the launch?" is answered by a line that says it and its day
                    # ("the launch moved to Friday"), not by a chat's hours under its window
                    dated = timely and _dated_line(sentence, wanted)
                    # "How much is due?" by "Total due 3,800.00", not by "Due date: April 30";
                    # "How much are the running shoes?" by a cart's "Laufschuhe 129,99 €", not
                    # by a terminal's "Is the server running?", which has no amount at all
                    priced = amount and _priced_line(sentence, wanted - windows[i])
                    # "How many eggs …?" by "4 eggs", not by "Crack in the eggs and bake"
                    counted = many and any(_terms(noun) & found
                                           for noun in _COUNTED.findall(sentence))
                    # "What's my cat called?": "Pimienta is the user's cat." over the story
                    # of adopting her; "What's my name?" is not the cat's
                    # (a fact no longer true names no one: "Rex is the user's dog (until …)")
                    naming = ((1 if found - _NAME_WORDS else -1)
                              if name_asked and names_kin(sentence)
                              and "(until " not in memories[i] else 0)
                    # "What's my brother's name?": "用户有一个哥哥，他叫林峰" over "用户有一个哥哥"
                    # (less than a fact that names them in a fact's words: "Pimienta is the
                    # user's cat" over "adopted a cat, her name is Pimienta"; and
                    # not a message quoted as said: "Mon chien s'appelle Filou" is no fact)
                    naming = naming or 0.5 * (name_asked and _NAME_TERM in terms
                                              and bool(found - _NAME_WORDS)
                                              and not USER_SAID_LEAD.match(sentence))
                    # "Wie heiße ich?" is not answered by "Meine Mitbewohnerin heißt Sophie"
                    # nor by "we have a daughter called Isla" or "用户的老婆叫小红"
                    if own_name and (_POSSESSED.match(_JOINED_ON.sub(
                            "", _QUOTE_LEAD.sub("", sentence), count=1))
                                     or _OTHERS_NAME.match(sentence) or _KIN_CALLED.search(sentence)
                                     or names_kin(sentence) and not names_user(sentence)):
                        continue
                    # "Which clients do I work with?" by "my clients: Biocoop, la Mairie et
                    # Studio Pixel", not by an invoice's "Client : Studio Pixel"
                    series = listing and bool(found - _USER_TERMS) and bool(
                        _SERIES.search(sentence))
                    # (one done to it over one it was in: "got stolen" over "got a new bike")
                    # "Since when …?" by a line that says since when ("since 2019")
                    since = since_asked and bool(_SINCE_SAID.search(sentence))
                    event = happened and bool(_day_of(memories[i])) * (
                        1 + bool(_DONE_TO.search(sentence)))
                    says = (defines + places + labels + trade + dated + 2 * priced + event + since
                            + 2 * someone + counted + naming + 2 * series)
                    candidates.append((overlap + bonus + 0.5 * says, -i,
                                       len(terms - wanted - _MARKS), sentence))
    # a question on a screen ("Carmen: ¿Quién lleva el vino?") answers nothing beside a line
    # of the same screen that says more than the window, in a word of the question (a line
    # that only says an hour does not answer "When should the technician come?")
    answering = {-c[1] for c in candidates if not _ASKS.search(c[3])
                 and matched[-c[1], c[3]] - windows[-c[1]] - _MARKS}
    candidates = [c for c in candidates if -c[1] not in answering or not _ASKS.search(c[3])]
    if not candidates:
        return nothing
    if own_name:  # the user's own name line, not a dog's "named Biscuit" nor the story told
        # (else a line that says a name; no other line says what the user is called)
        candidates = [c for c in candidates if names_user(c[3])] or [
            c for c in candidates if _NAME_TERM in matched[-c[1], c[3]]]
        if not candidates:
            return nothing
    elif name_asked:  # "Wie heißt meine Verlobte?": a line naming someone, not "Du bist verlobt"
        candidates = [c for c in candidates if _SOMEONE.search(c[3])] or candidates
    # "Is Anna pregnant?", "How old is Isla?": a line that names her and says nothing asked of
    # her is no answer (a screen's window names what it shows)
    named = _all_terms(" ".join(names))
    # ("Do I still work at Siemens?" is answered by "left Siemens and joined Bosch")
    if (named and _YES_NO_OR_AGE.search(question) and not any(chrome)
            and not _STILL.search(question)
            and wanted - named - _USER_TERMS - _MARKS
            and not any(matched[-c[1], c[3]] - named - _USER_TERMS for c in candidates)):
        return nothing
    best = _latest_seen(_as_asked(max(candidates), candidates, question), candidates, matched,
                        memories, chrome)
    if not _THEN_ASKED.search(question) and not happened:
        best = _renewed(_still_is(best, candidates, matched), candidates, matched, memories)
        best = _revised(best, candidates, matched, memories)
        best = _newest_of_equals(best, candidates, matched, memories, named)
    best = _newest_of_opposites(best, candidates, matched, memories)
    if not _THEN_ASKED.search(question):
        best = _corrected(best, candidates, matched)
        # (what replaced a plan's place says nothing of its time: "When is my trip?" stays
        # "in September", not the day "Norway instead of Iceland" was said)
        best = best if timely else _instead(best, candidates, matched, memories, question)
        if _AMOUNT.search(question):
            best = _amount_moved(best, candidates, matched, memories)
    _, neg_index, _, chosen = best
    # the same lines in a fuller rendering of the screen (a snippet may leave a table's
    # header out or its last rows, and heads its lines with the window's name), which may be
    # another memory's
    # (an excerpt's steps in the whole procedure: "…; mettre le nouveau filtre; rebrancher")
    shown = _untitled(chosen, chrome[-neg_index])
    sentence = max((c[3] for c in candidates if shown in c[3] or _goes_on(shown, c[3])),
                   key=len)
    if _LIST_ASKED.search(question):
        same = matched[-neg_index, chosen]
        sentence = _all_values(sentence, [c[3] for c in candidates
                                          if matched[-c[1], c[3]] >= same], memories)
    value = (None if timely  # the time a line says is a term it matches (_SAYS_TIME)
             else _CODE if code else _PATH if path
             else _NUMBER if _COUNT.search(question)
             else _QUANTITY if amount
             else _VERSION if _VERSION_ASKED.search(question)
             else _NAME if _WHO_ASKED.search(question) else None)
    # a question of a chat is answered by a later message, unless the asker is asked for
    # "Who's cutting the release?" of a chat's "who's cutting the 3.4 release this week?" is
    # answered by whoever replies ("Leo Park: I'll do it")
    asking = _asking(sentence)
    # (not when another line of it, past the window's name, says what is asked and the
    # question does not: "The trailhead is at Abisko station / What time do we start?"
    # answers "Where is the trailhead?" itself)
    found = matched[-neg_index, chosen]
    named_by_window = _all_terms(" ".join(chrome[-neg_index]))
    if asking and not found & _all_terms(asking) and any(
            found & (_all_terms(piece) - named_by_window)
            for piece in _LINE_OR_SENTENCE.split(sentence) if piece.strip() != asking):
        asking = None
    both_who = bool(asking and _WHO_ASKED.search(_SPEAKER.sub("", asking))
                    and not _ASKER_ASKED.search(question))
    if _WHO_ASKED.search(question) and not both_who:
        asking = None
    line = asking and _reply(asking, memories, None if both_who else value, timely)
    # "What's on my shopping list?" of a list the user pasted under its title: all of it
    if not line and (listed := _listed(sentence)) and matched[-neg_index, chosen] <= _terms(
            listed[0]):
        title, items = listed
        return _said_to_user(f"The user said: {title}: {', '.join(items)}.", lang)
    line = line or _extreme_row(sentence.strip(), question, wanted) or _best_line(
        sentence.strip(), wanted, weight, _terms(" ".join(names)), value,
        {n.casefold() for n in chrome[-neg_index]},
        _PERSON if name_asked else None)
    # a screen's line that only names its window, or a message's sender when what they said
    # is asked, says what the screen showed under it
    line = message_under(past_window(line, chrome[-neg_index], memories), question, memories)

    def voiced(line: str) -> str:
        # the user's words are what they said ("You said: my flatmate Kez keeps eating my
        # food"), not the answer's own ("My flatmate …")
        own_words = ((-neg_index, chosen) in quoting and line.strip().rstrip(".…") in sentence
                     or _OWN_VOICE.match(line) and _language_of(line) != "en")
        if own_words and not USER_SAID_LEAD.match(line):
            return f"The user said: {_JOINED_ON.sub('', line.strip(), count=1)}"
        if (who := quoted.get((-neg_index, chosen))) and line.strip().rstrip(".…") in sentence:
            return f"{who} said: {line.strip()}"  # "Caroline said: I've wanted to …"
        return line
    if _YEARLY.search(question) and (timely or _WHEN_ANYWHERE.search(question)):
        # "When is my birthday?" is not answered by the day of the user's mother's
        if not _others_yearly(question) and _others_yearly(sentence):
            return nothing
        if day := _yearly_day(sentence, wanted - _MARKS - _USER_TERMS, lang):
            return day
    if _HOUR_ASKED.search(question) and _CLOCK.search(_PARENS.sub("", line)):
        # "What time is my flight?" of "the flight is at 9:40, not 9:10": the hour, as said
        return _said_to_user(_HEADED.sub("", line), lang)
    # (a memory's resolved "(label)" dates its summary, not a line of the message it quotes:
    # "On Monday I handed in my thesis" below "This week (the week of 6 April 2025) …")
    # ("The boiler service is due in September": a month the line says, not the day it was said)
    if since_asked and _SINCE_SAID.search(line) and _says_time(line):
        return _said_to_user(voiced(line), lang)  # "Since March 2025 you have lived in Paris."
    if (when and (_says_its_day(line, memories[-neg_index])
                  or _MONTH_NAMED.search(line) and not _day_said(line, memories[-neg_index]))
            and not _SEEN.search(question)
            and not (_labelled_date(memories[-neg_index]) and line in _summary_of(
                memories[-neg_index]))
            and not any(form.search(line) for form in _DATE_FORMS)):
        return _said_to_user(voiced(line), lang)
    if when and not (
            # a day the fact says itself, not one resolved into a "(label)"
            _EVERY_YEAR.search(question) and _DAY_OF_YEAR.search(_PARENS.sub("", sentence))
    ) and not (
            (_HABIT.search(question) or _EVERY_YEAR.search(question))
            and _RECURS.search(sentence)
    ) and not (since_asked and _FOR_SPAN.search(sentence)):  # "for two years" says how long
        if near := _day_near_asked(sentence, wanted - _MARKS - _USER_TERMS):
            return _date_said_in(near, lang, question)
        # the chosen sentence's memory first, then the others by how well they match
        for i in sorted(range(len(memories)),
                        key=lambda i: (i != -neg_index, -scores[i], i)):
            if i != -neg_index and scores[i] < 0.5 * best_score:
                break
            if date := _date_in(memories[i], sentence if i == -neg_index else ""):
                return _date_said_in(date, lang, question)
    # a kept value the user told as a note ("New pin for the bank card: …", "Nouveau digicode
    # : …"), or asked for as it was ("the old wifi password"), is where the question's own
    # words say, in its language
    if (_asks_kept(question, line) and (USER_SAID_LEAD.match(line) or _NEW.search(line)
                                         or asks_before(question)
                                         or _language_of(_VAULT_MARKED.sub(" ", line)) != lang)
            and (kept := _vault_asked(question, lang))):
        return kept
    if value is _NAME:
        line = _sender(line, [memories[-neg_index], *memories])
    return _said_to_user(_ended(_named(_in_words_of(voiced(line), lang, question),
                                       memories[-neg_index])), lang)


def _goes_on(shown: str, fuller: str) -> bool:
    """Whether ``fuller`` has the steps or lines ``shown`` has and more after them ("…; mettre
    le nouveau filtre." in "…; mettre le nouveau filtre; rebrancher."), not another clause
    ("lives in Leeds." in "lives in Leeds and works as a nurse.")."""
    cut = shown.rstrip(" .…")
    at = fuller.find(cut)
    return at >= 0 and fuller[at + len(cut):].lstrip()[:1] in (";", "/")


def _in_words_of(line: str, lang: str, question: str) -> str:
    """``line``, a fact of a slot about the user told in another language than ``lang``, told
    in ``lang`` (:func:`~mirix_like.offline.retell.retold`: "Where do I live?" of "Der Nutzer
    wohnt in Bonn." is "The user lives in Bonn."); of a pet or person by name, asked for
    their name, in the words of a name ("Your cat is called Pimienta.")."""
    if PAST.search(line) or LINE_JOIN in line:
        return line
    told = retold(line, lang, question)
    if told and (_language_of(line) != lang or _NAME_ASKED.search(question)):
        return told
    return line


def _all_values(sentence: str, others: list[str], memories: list[str]) -> str:
    """``sentence`` with the values ``others`` give in its own words joined to its own, in
    their order: "The user's hobbies include pottery." and "The user's hobbies include
    climbing." make "The user's hobbies include pottery and climbing." The words shared must
    reach past the subject and its verb ("The user speaks" Spanish, "The user also speaks"
    Italian); a sentence that denies gives no value, nor one whose value ``memories`` say
    stopped ("stopped playing football")."""
    words = _FILLER.sub("", sentence).rstrip(_END).split()
    opening = _SUBJECT_VERB.match(sentence)
    least = len(opening.group(0).split()) if opening else 3
    found: list[list[str]] = []
    for other in others:
        theirs = _FILLER.sub("", other).rstrip(_END).split()
        shared = _shared_words(words, theirs)
        if theirs == words or (
                shared >= least and 0 < len(words) - shared <= _VALUE_WORDS
                and 0 < len(theirs) - shared <= _VALUE_WORDS and not _DENIES.search(other)
                and not any(stopped(m, theirs[shared].strip(",;")) for m in memories)):
            found.append(theirs)
    if words not in found:
        found.insert(0, words)
    head = min(_shared_words(words, theirs) for theirs in found)
    tails = {_ARTICLE.sub("", t).casefold(): t
             for t in (" ".join(theirs[head:]) for theirs in found)}
    # "The user's dog is Rex." and "… is called Rex." give one value
    tails = {key: t for key, t in tails.items()
             if not any(key.endswith(f" {other}") for other in tails)}
    if len(tails) < 2:
        return sentence
    return f"{' '.join(words[:head])} {listed(list(tails.values()), language(sentence))}."


def _shared_words(words: list[str], theirs: list[str]) -> int:
    """How many words ``words`` and ``theirs`` open with alike, in any case."""
    return next((n for n, (a, b) in enumerate(zip(words, theirs, strict=False))
                 if a.casefold() != b.casefold()), min(len(words), len(theirs)))


def _latest_seen(best: tuple[float, int, int, str],
                 candidates: list[tuple[float, int, int, str]],
                 matched: dict[tuple[int, str], set[str]], memories: list[str],
                 chrome: list[list[str]]) -> tuple[float, int, int, str]:
    """``best``, or the candidate of the same screen (:func:`screen_of`) seen last that
    matches as much: a screen seen again says what is current ("Connected to: Office-5G"
    after "Cafe-Guest")."""
    screens = [chrome[i] or screen_of(m) for i, m in enumerate(memories)]
    window, said = screens[-best[1]], matched[-best[1], best[3]]
    if not window:
        return best
    same = [c for c in candidates if screens[-c[1]] == window and matched[-c[1], c[3]] == said
            and seen_at(memories[-c[1]])]
    return max(same, key=lambda c: (seen_at(memories[-c[1]]), c)) if same else best


def _still_is(best: tuple[float, int, int, str],
              candidates: list[tuple[float, int, int, str]],
              matched: dict[tuple[int, str], set[str]]) -> tuple[float, int, int, str]:
    """``best``, or, when it says what was (:data:`_WAS`: "Rex was the user's dog", told when
    Rex died), the best candidate that matches as much, says what is and names none of whom
    ``best`` names ("Bo is the user's puppy" for "What's my dog called?"; not "Rex is the
    user's dog", the same dog)."""
    if not _WAS.match(best[3]):
        return best
    said = matched[-best[1], best[3]]
    named = {w.casefold() for w in _TITLE_WORD.findall(best[3])} - _ARTICLES
    others = [c for c in candidates if not _WAS.match(c[3]) and matched[-c[1], c[3]] >= said
              and not named & {w.casefold() for w in _TITLE_WORD.findall(c[3])}]
    return max(others) if said and others else best


_ARTICLES = frozenset({"the", "der", "die", "das", "le", "la", "el"})
# A fact that says it replaces one before it: "the new one expires in June 2035".
_NEW = re.compile(r"\b(?:new|renew\w*|replac\w*|neue[nmrs]?|erneuert\w*|nouvel(?:le)?|"
                  r"nouveau|renouvel\w*|nuev[oa]|renov\w*)\b", re.IGNORECASE)


# An event moved to another day: "my dentist appointment got moved to Friday", "Der
# Arzttermin wurde auf den 20. Juni verschoben", "le rendez-vous est reporté au 3 mai", "la
# cita se cambió al lunes", "预约改到下周三了".
_MOVED = re.compile(
    r"\b(?:(?:moved|pushed|put|brought)\s+(?:back\s+|forward\s+|up\s+)?(?:to|until|till)|"
    r"rescheduled|postponed|delayed|verschoben|verlegt|vorverlegt|reporté\w*|déplacé\w*|"
    r"repoussé\w*|avancé\w*|décalé\w*|(?:se\s+)?(?:cambió|cambiaron|movió|movieron|pasó|"
    r"pasaron)\s+(?:a|al|para)|cambiad[oa]\s+(?:a|al|para)|pospuest[oa]|aplazad[oa]|"
    r"movid[oa]|adelantad[oa])(?!\w)|改到|改成|改在|推迟到|推迟|延期到|延期|提前到|挪到",
    re.IGNORECASE)


def _renewed(best: tuple[float, int, int, str],
             candidates: list[tuple[float, int, int, str]],
             matched: dict[tuple[int, str], set[str]],
             memories: list[str]) -> tuple[float, int, int, str]:
    """``best``, when an event (its memory opens with
    :data:`~mirix_like.memory_types.episodic.BRIEF_DAY`), or the best candidate that matches as much
    and says it is the new one (:data:`_NEW`) where ``best`` does not, or was told later and
    says it was moved (:data:`_MOVED`): events about a thing are dated by the day they are
    about, not the day they were told ("the new one expires in June 2035" over "expires in May
    2025", "the appointment was moved to 20 June" over "is on 14 March"). A fact is current as
    the change rules keep it."""
    said = matched[-best[1], best[3]]
    if not said or _NEW.search(best[3]) or not BRIEF_DAY.match(memories[-best[1]]):
        return best
    told = _day_of(memories[-best[1]])
    newer = [c for c in candidates if matched[-c[1], c[3]] >= said and (
        _NEW.search(c[3]) or _MOVED.search(c[3]) and _day_of(memories[-c[1]]) > told)]
    return max(newer) if newer else best


_PROCEDURE = re.compile(r"^[^\n]*?\((?:guide|workflow|script)\)\s")
"""A stored procedure as rendered: its title, its kind, then its steps."""
_NOW_DONE = re.compile(r"\b(?:now|instead|no\s+longer|anymore|any\s+more|switched|changed?\s+to|"
                       r"from\s+now\s+on|jetzt|nun|mittlerweile|maintenant|désormais|ahora|ya\s+no)"
                       r"\b|现在|改成", re.IGNORECASE)


def _revised(best: tuple[float, int, int, str], candidates: list[tuple[float, int, int, str]],
             matched: dict[tuple[int, str], set[str]],
             memories: list[str]) -> tuple[float, int, int, str]:
    """``best``, a stored procedure's steps, or a line told on a day that matches as much and
    says how it is done now ("Change to the blog deploy: we use Netlify now, so just git push"
    over the old steps); a procedure keeps no day of its own, so any such line is later."""
    said = matched[-best[1], best[3]]
    if not said or not _PROCEDURE.match(memories[-best[1]]):
        return best
    newer = [c for c in candidates if matched[-c[1], c[3]] >= said and _day_of(memories[-c[1]])
             and _NOW_DONE.search(c[3]) and not _PROCEDURE.match(memories[-c[1]])]
    return max(newer) if newer else best


_EQUAL = 0.05
"""How much less a candidate may score and still be as good an answer: a quoted message's."""


def _newest_of_equals(best: tuple[float, int, int, str],
                      candidates: list[tuple[float, int, int, str]],
                      matched: dict[tuple[int, str], set[str]],
                      memories: list[str], named: set[str]) -> tuple[float, int, int, str]:
    """``best``, or the candidate told later that matches the same and scores as well: what
    was said last holds ("Kate and Tom got married in July" over "Kate just got engaged to
    Tom", both of her relationship); not when only the ``named`` match (anything said of
    Isla is not the newest of her age). A kept fact true since a day after ``best``'s event
    is told later too ("Emma is 8 years old (since …)" over the event "Emma is 7")."""
    said, since = matched[-best[1], best[3]], _day_of(memories[-best[1]])
    later = [c for c in candidates if matched[-c[1], c[3]] == said and c[0] >= best[0] - _EQUAL
             and _true_from(memories[-c[1]]) > since]
    if not later or not since or not said - named - _USER_TERMS:  # a fact is current
        return best
    # of one memory's, its statement over the message it quotes, which says more
    return max(later, key=lambda c: (_true_from(memories[-c[1]]), c[0], c[1], -c[2]))


def _true_from(memory: str) -> str:
    """The day an event is dated, or a kept fact became true ("(since …)"); else ""."""
    since = SINCE.search(memory)
    return _day_of(memory) or (since.group(1) if since else "")


def _day_of(memory: str) -> str:
    """The day an event (:data:`~mirix_like.memory_types.episodic.BRIEF_DAY`) is dated; "" for
    a kept fact, current whatever "(since …)" it holds."""
    found = BRIEF_DAY.match(memory.strip())
    return found["day"] if found else ""


# "the flight is at 9:40, not 9:10", "wohnt in Bonn, nicht in Köln": what a line says is not
# (a name or a number: not "Ya no es la paella")
_NOT_SO = re.compile(r"(?:,\s*|\s+)(?:not|nicht|pas|no)\s+(?:(?:in|à|a|en|au|at|um|on)\s+)?"
                     r"(?P<old>[A-ZÀ-Þ\d][\w:.'’-]*(?:\s+[A-Z][\w'’-]*)?)")


def _corrected(best: tuple[float, int, int, str],
               candidates: list[tuple[float, int, int, str]],
               matched: dict[tuple[int, str], set[str]]) -> tuple[float, int, int, str]:
    """The line that corrects ``best``, saying a word of what was asked and that ``best``'s
    value is not so ("Correction: the flight is at 9:40, not 9:10" over "The flight to Rome
    is at 9:10 on Friday", whatever the day each is dated by)."""
    asked = matched[-best[1], best[3]] - _USER_TERMS - _MARKS
    for c in candidates:
        if c is best or not asked & matched[-c[1], c[3]]:
            continue
        for said in _NOT_SO.finditer(c[3]):
            old = said["old"].rstrip(".")
            if len(old) > 1 and re.search(rf"(?<![\w:]){re.escape(old)}(?![\w:])", best[3]) \
                    and not re.search(rf"(?<![\w:]){re.escape(old)}(?![\w:])",
                                      c[3][:said.start()]):
                return c
    return best


_INSTEAD = re.compile(r"(?i:\binstead\s+of|\brather\s+than|\b(?:an)?statt|\banstelle\s+von|"
                      r"\bau\s+lieu\s+d[eu']|\ben\s+(?:lugar|vez)\s+de)\s+(?:(?i:the|des|der|dem|"
                      r"la|le|l['’]|el|del)\s*)?(?P<old>[A-ZÀ-Þ][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)")
"""A plan or choice that replaced another, named ("we're going to Norway instead of Iceland",
"statt Golf", "au lieu de Lyon", "en vez de Roma")."""
_SWITCHED = re.compile(
    r"(?i:\b(?:switch|switched|switching|change|changed|changing|swap|swapped|swapping|moved|"
    r"went|gone)\s+(?:(?:me|us|him|her|the\s+user)\s+)?(?:over\s+)?from|\bvon|\bpass[ée]e?s?\s+de|"
    r"\bremplac[ée]e?s?|\b(?:cambiad[oa]|cambió|cambiaron|pasad[oa]|pasé|pasó)\s+de)\s+"
    r"(?:(?i:the|my|der|dem|meinem|meiner|le|la|l['’]|mon|ma|el|mi)\s*)?"
    r"(?P<old>[\w'’-]{3,}(?:\s+[A-Z][\w'’-]*)?)\s+"
    r"(?i:to|onto|auf|zu|à|par|a)\s+\w")
"""A thing someone was switched from to another ("my doctor switched me from metformin to
Ozempic", "von Ramipril auf Candesartan umgestellt", "remplacé le Doliprane par l'Efferalgan",
"me cambiaron de omeprazol a pantoprazol")."""
_CANCELLED = re.compile(
    r"(?P<old>[A-ZÀ-Þ][\w'’-]+)(?:-|\s+)(?i:trip|holiday|visit|party|wedding|dinner|concert|"
    r"weekend|reise|urlaub)\s+(?i:is|was|got|has\s+been|ist|wurde)\s+(?:(?i:now|officially)\s+)?"
    r"(?i:cancell?ed|called\s+off|off|abgesagt|storniert)\b|"
    r"(?i:cancell?ed|called\s+off)\s+(?i:the|our|my)\s+(?P<old2>[A-ZÀ-Þ][\w'’-]+)\s+"
    r"(?i:trip|holiday|visit|party|dinner|concert|weekend)\b|"
    # an event given up: "Pulled out of the Berlin marathon", "withdrew from the Paris 10k"
    r"(?i:pulled\s+out\s+of|withdrew\s+from|dropped\s+out\s+of|pulling\s+out\s+of)\s+"
    r"(?i:the|my|our)\s+(?P<old4>[A-ZÀ-Þ][\w'’-]+)\s+(?i:marathon|half|race|10k|5k|triathlon|"
    r"tournament|competition|match|conference|course|trip|show|exam)\b|"
    r"(?i:trip|voyage|viaje|Reise)\s+(?i:to|à|a|en|nach)\s+(?P<old3>[A-ZÀ-Þ][\w'’-]+)\s+"
    r"(?i:is|was|got|est|a\s+été|está|fue|ist|wurde)\s+(?i:cancell?ed|called\s+off|annulée?|"
    r"cancelad[oa]|abgesagt|storniert)\b")
"""A plan called off, by what it was for ("Lisbon trip is cancelled", "we cancelled the Rome
trip", "le voyage à Lisbonne est annulé"): an answer naming it is answered by that."""
_PARTED_PAIR = re.compile(
    r"\b(?P<one>[A-ZÀ-Þ][\w'’-]+)\s+(?:and|und|et|y)\s+(?P<old>[A-ZÀ-Þ][\w'’-]+)\s+"
    r"(?:(?:have|had|just|finally|are|sind|haben\s+sich|se\s+sont|se\s+han|ont)\s+)*"
    r"(?:split\s+up|broke\s+up|separated|divorced|called\s+it\s+quits|getrennt|geschieden|"
    r"séparés|divorcés|rompu|separad[oa]s|separaron|divorciaron|rompieron)\b")
"""Two people who parted ("Tom and Sara split up"): what named one the other's partner is
answered by it ("Who is Tom's girlfriend?")."""


def _instead(best: tuple[float, int, int, str], candidates: list[tuple[float, int, int, str]],
             matched: dict[tuple[int, str], set[str]],
             memories: list[str], question: str) -> tuple[float, int, int, str]:
    """The line that says ``best``'s value was replaced by another, whatever words it shares
    with the question ("Where am I travelling in September?" of "a trip to Iceland in
    September": "Change of plans, we're going to Norway instead of Iceland"; an event is dated
    by when it happens, so a plan's may be later than what changed it); added to the
    ``candidates`` when it is none. A kind of thing the question names that ``best`` says
    beside the switched one stays answered by it ("What condition do I have?" of "takes
    metformin for type 2 diabetes", whatever replaced the metformin)."""
    def stems(text: str) -> set[str]:
        return {_stem(word) for word in _TOKEN.findall(text)}

    kinds = matched[-best[1], best[3]] & stems(question) - stems(best[3])
    for i, memory in enumerate(memories):
        if i == -best[1]:
            continue
        for sentence in _sentences(memory):
            switched = [] if kinds - _terms(sentence) else list(_SWITCHED.finditer(sentence))
            for said in (*_INSTEAD.finditer(sentence), *switched,
                         *_CANCELLED.finditer(sentence), *_PARTED_PAIR.finditer(sentence)):
                values = said.groupdict()
                old = re.escape(next(v for k, v in values.items() if v and k != "one"))
                if values.get("one") and not re.search(
                        rf"(?<!\w){re.escape(values['one'])}(?!\w)", best[3]):
                    continue  # a couple parted: both named in what it answers
                if re.search(rf"(?<!\w){old}(?!\w)", best[3]) and not re.search(
                        rf"(?<!\w){old}(?!\w)", sentence[:said.start()]):
                    return _candidate(best, i, sentence, candidates, matched, set())
    return best


def _sentences(memory: str) -> Iterator[str]:
    """Each sentence of what ``memory`` says (see :func:`statements`)."""
    for part in statements(memory):
        yield from sentences_of(part.text)


def _candidate(best: tuple[float, int, int, str], i: int, sentence: str,
               candidates: list[tuple[float, int, int, str]],
               matched: dict[tuple[int, str], set[str]],
               said: set[str]) -> tuple[float, int, int, str]:
    """The candidate of ``sentence`` of memory ``i``, added as good as ``best`` (matching
    ``said``) when it is none: a line that replaces ``best`` whatever it matched."""
    found = next((c for c in candidates if c[1] == -i and c[3] == sentence), None)
    if found is None:
        found = (best[0], -i, best[2], sentence)
        candidates.append(found)
        matched[i, sentence] = said
    return found


_AMOUNT_MOVED = re.compile(
    r"(?i)\b(?:went|gone|goes|going|go)\s+(?:up|down)\s+to\b|\b(?:rose|risen|increased|decreased|"
    r"raised|lowered|dropped|fell|cut|reduced)\s+to\b|\bnow\s+(?:costs?|is|are)\b|"
    r"\b(?:erhöht|gestiegen|gesenkt|gesunken)\s+auf\b|\b(?:kostet|ist)\s+jetzt\b|"
    r"\b(?:augmenté|passée?s?|baissé)e?s?\s+à\b|\bcoûte\s+(?:maintenant|désormais)\b|"
    r"\b(?:subido|bajado|sube|baja)\s+a\b|\bcuesta\s+ahora\b|涨到|降到|涨价到|现在要")
"""An amount said to have changed ("Parking permit went up to 60 pounds", "kostet jetzt 60")."""


def _amount_moved(best: tuple[float, int, int, str],
                  candidates: list[tuple[float, int, int, str]],
                  matched: dict[tuple[int, str], set[str]],
                  memories: list[str]) -> tuple[float, int, int, str]:
    """For a question of an amount, the line that says the amount ``best`` names changed, of
    the same thing (all ``best`` matched of the question), when ``best`` says one: "How much
    is the parking permit?" of "… pay 45 pounds" is "Parking permit went up to 60 pounds"."""
    thing = matched[-best[1], best[3]]
    if not thing or not re.search(r"\d", best[3]) or _AMOUNT_MOVED.search(best[3]):
        return best
    for i, memory in enumerate(memories):
        for sentence in _sentences(memory):
            if (i != -best[1] and _AMOUNT_MOVED.search(sentence) and re.search(r"\d", sentence)
                    and thing <= _terms(sentence)):
                return _candidate(best, i, sentence, candidates, matched, set(thing))
    return best


def _newest_of_opposites(best: tuple[float, int, int, str],
                         candidates: list[tuple[float, int, int, str]],
                         matched: dict[tuple[int, str], set[str]],
                         memories: list[str]) -> tuple[float, int, int, str]:
    """``best``, or a later-dated candidate that says the opposite of it about all it
    matched: "adopted a rescue dog" (2025) over "doesn't have any pets" (2024) for "Do I have a
    pet?", and the other way round."""
    def dated(candidate: tuple[float, int, int, str]) -> str:
        found = _ISO_DAY.search(memories[-candidate[1]])
        return found.group(0) if found else ""

    said, since = matched[-best[1], best[3]], dated(best)
    if not said or not since:
        return best
    denies = bool(_DENIES.search(best[3]))
    later = [c for c in candidates if dated(c) > since and matched[-c[1], c[3]] >= said
             and bool(_DENIES.search(c[3])) != denies]
    return max(later, key=lambda c: (dated(c), c)) if later else best


def _kin_named(parts: list[Statement]) -> dict[str, str]:
    """Who each person a memory defines is to the user: "Karim is the user's brother." gives
    {"Karim": "brother"}."""
    return {m["name"]: m["kin"] for part in parts for sentence in sentences_of(part.text)
            if (m := _DEFINES_KIN.match(sentence))}


def _with_kin(sentence: str, kin: dict[str, str], wanted: set[str]) -> str:
    """``sentence`` about someone its memory defined elsewhere, with who they are to the user
    when the question asks by that ("Where does my brother live?": "Karim, the user's
    brother, lives in Dubai.")."""
    opening = _OPENS_WITH_NAME.match(sentence)
    if (not opening or opening["name"] not in kin or _DEFINES_KIN.match(sentence)
            or not _terms(kin[opening["name"]]) & wanted):
        return sentence
    name = opening["name"]
    return f"{name}, the user's {kin[name]},{sentence[opening.end():]}"


_OF_USER = re.compile(r"(?:The user|Der Nutzer|L['’]utilisateur|El usuario|用户)(?![\w'’的])")
"""A fact's opening that says it is about the user and no one else."""
_DEFINES_KIN = re.compile(r"^(?P<name>[A-Z][\w'’-]+) is the user['’]s (?P<kin>" + KIN
                          + r")\.?$")
_OPENS_WITH_NAME = re.compile(r"^(?P<name>[A-Z][\w'’-]+)(?=\s+[a-z])")


def _asks_of_self(question: str, lang: str) -> bool:
    """Whether ``question``'s subject is the asker or the asker's own, not their kin's ("Where
    do I live?", "Wo wohne ich?", "¿Cuál es mi número?"; not "Wo wohnt meine Schwester?")."""
    if lang == "en":
        return bool(_I_ASK.search(question) or _MY_ASK.search(question))
    # Spanish drops the pronoun: "¿Dónde vivo?", "¿En qué trabajo ahora?"
    return bool(_I_ASK_ABROAD.search(question)) or lang == "es" and any(
        word.endswith("o") and verb_language(word) == "es"
        for found in _ES_VERB_ASKED.finditer(question) for word in found.groups("")
        if word)


def _someone_else(sentence: str, lang: str, mine: Collection[str] = ()) -> bool:
    """Whether ``sentence`` is about someone other than the user and not about them with the
    user ("Raj lives in Toronto", "The user's brother works at Arup", "user: My sister is a
    nurse", "Die Schwester des Nutzers wohnt in Dresden"; not "The user's car is a Kia",
    "Chloe is the user's girlfriend", "My partner and I share a flat"). Asked in another
    ``lang``, only a relative of the user is read as someone else: a short sentence's
    language is too uncertain to read its subject by English rules. What a lead before a colon
    says is the user's ("Chat with my friend: Anna just got a dog" is of Anna)."""
    sentence = _COLON_LEAD.sub("", _QUOTE_LEAD.sub("", sentence))
    if _KIN_OF_USER_ABROAD.search(sentence):
        # "Mon copain s'appelle Hugo": who he is to the user; ", il est cuisinier": of him
        named = _NAMES_THEM_ABROAD.search(sentence)
        return not named or bool(_THEIR_CLAUSE.match(
            sentence, _NAME_END.match(sentence, len(sentence) - len(
                sentence[named.end():].lstrip())).end()))
    opening = _KIN_OPENING.match(sentence)
    if lang != "en" and not opening:
        return False
    if opening and (named := _NAMES_THEM.match(sentence, opening.end())):
        # "The user's partner is Chloe": who they are to the user, unless it goes on of them
        return bool(_THEIR_CLAUSE.match(sentence, _NAME_END.match(sentence, named.end()).end()))
    if not opening:
        opening = _SUBJECT_VERB.match(sentence) or _SUBJECT_PAST.match(sentence) or (
            (did := _SUBJECT_DID.match(sentence)) and did["who"].split("'")[0] not in mine
            and did)
        if (not opening or "the user" in opening["who"].casefold()
                or language(sentence) != "en" or _DONE.fullmatch(opening["who"])):
            return False
    # (the one it opens with named again is not the user: "My boss said my boss is leaving")
    rest = re.sub(re.escape(opening[0].strip()), " ", sentence[opening.end():], flags=re.I)
    return not _USER_MENTION.search(rest)


_GIVES_NAME = re.compile(
    r"(?:" + ZH_KIN + r")(?:的名字)?叫(?P<zh>[\u4e00-\u9fff]{2,3})|"
    r"\b(?P<of>[A-ZÀ-Þ][\w'’-]+) is the user['’]s\b|"
    r"\b(?P<ab>[A-ZÀ-Þ][\w'’-]+) (?:est|ist|es) (?:le|la|der|die|el) [\wäöüßàâçéèêëîïôûùáéíóúñ-]+ "
    r"(?:de l['’]utilisateur|des Nutzers|del usuario)\b|"
    r"(?i:\b(?:" + KIN + r")\b\s+(?:is\s+)?(?:called|named|heißt|s['’]appelle|se\s+llama)\s+)"
    r"(?P<kin>[A-ZÀ-Þ][\w'’-]+)")
_OPENING = re.compile(r"^(?:(?:the user said|user|用户说)\s*[:：]\s*)?(?P<who>[\w'’-]+?)"
                      r"(?=[\s,，]|现在|在|是|不|也|已经|今年|住|有|当|的)", re.IGNORECASE)
_USER_IN = re.compile(r"\b(?:the user|I|me|my|ich|mich|mein\w*|je|j['’]|moi|mon|ma|mes|yo|mis?)\b|"
                      r"用户|我")


def _others_named(memories: list[str]) -> set[str]:
    """The names ``memories`` give the user's people and pets ("用户的老婆叫小红", "Meine Frau
    heißt Petra", "Giada is the user's best friend", "Julien est le frère de l'utilisateur")."""
    return {next(n for n in found.groups() if n) for m in memories
            for found in _GIVES_NAME.finditer(m)}


def _of_one_of(sentence: str, others: set[str]) -> bool:
    """Whether ``sentence`` opens with one of ``others`` and says nothing of the user
    ("小红现在不当老师了，她在阿里巴巴上班。" is the wife's work, not the user's)."""
    opening = _OPENING.match(sentence)
    return bool(opening and opening["who"] in others
                and not _USER_IN.search(sentence, opening.end()))


def _ended(sentence: str) -> str:
    """A replaced fact told in the past, to the day it ended: "The user's mum is a teacher
    (until 2025-05-01)." -> "The user's mum was a teacher until 1 May 2025." ("The user lived
    in Oslo (until …)" keeps its verb); German, French and Spanish ones as
    :func:`ended_abroad` tells them."""
    marker = PAST.search(sentence)
    if not marker:
        return sentence
    end = datetime.fromisoformat(max(m.group(0) for m in _ISO_DAY.finditer(marker.group(0))))
    plain = sentence[:marker.start()] + sentence[marker.end():]
    if (lang := _language_of(sentence)) in AND:  # "Der Nutzer studierte Jura bis zum …"
        return ended_abroad(plain, lang, describe(end, lang=lang))
    if lang == "zh":  # "用户住在上海，直到2025年1月10日。"
        return f"{plain.strip().rstrip(_END)}，直到{describe(end, lang='zh')}。"
    opening = _SUBJECT_PAST.match(sentence) or _SUBJECT_VERB.match(sentence)
    if not opening:  # its verb not found: the day it ended said, never the marker
        return f"{plain.strip().rstrip(_END)} until {describe(end)}."
    rest = sentence[opening.end():marker.start()] + sentence[marker.end():].rstrip(_END)
    verb = opening["verb"]
    told = verb if opening.re is _SUBJECT_PAST else _past_tense(verb)
    return f"{opening['who']} {opening['when'] or ''}{told}{rest} until {describe(end)}."


def _past_tense(verb: str) -> str:
    """The simple past of an English verb in the third person present ("works": "worked")."""
    if found := _IRREGULAR_PAST.get(verb.lower()):
        return found
    if verb.endswith("ies"):
        return f"{verb[:-3]}ied"
    if verb.endswith(("ses", "shes", "ches", "xes", "zes", "oes")):
        return f"{verb[:-2]}ed"
    if verb.endswith("es"):
        return f"{verb[:-1]}d"
    return f"{verb.removesuffix('s')}ed"


def _quotes_user(memory: str, detail: str) -> bool:
    """Whether ``detail`` of ``memory`` is the user's message it was read from ("(user: My
    mum retired last month.)")."""
    return f"user: {detail[:40]}".casefold() in memory.casefold()


def _language_of(sentence: str) -> str:
    """The language of ``sentence``, known first by the word a fact names the user with
    ("La hermana del usuario estudia derecho": es)."""
    user = _USER_WORD.search(sentence)
    return _USER_LANGUAGE[user.group(0)] if user else language(sentence)


_DETAIL_QUOTE = re.compile(r"^user\s*:\s*")


def _said_to_user(sentence: str, asked_in: str) -> str:
    """``sentence`` said to the user, not about them, in the language of the fact, capitalised;
    a quoted message keeps its words, in a frame of the language ``asked_in`` when the rules
    speak it ("The user said: Ich bin Lehrerin" -> "You said: Ich bin Lehrerin" to "What do I
    do?", "Du hast gesagt: Ich bin Lehrerin" to "Was bin ich?"), else of its own."""
    sentence = _BULLET.sub("", sentence)  # a line of a list: "- Tom owns the redesign."
    sentence = _CUT.sub("", sentence)  # where an excerpt of a long memory was cut
    # an aside's "oh and" opens what was said, not the answer ("And your daughter Bethan …")
    sentence = _JOINED_ON.sub("", sentence, count=1)
    # a fact's detail quoting the message it was read from ("user: J'ai un frère, …") is what
    # the user said, framed so, never "User:"
    sentence = _DETAIL_QUOTE.sub("The user said: ", sentence, count=1)
    if quoted := USER_SAID_LEAD.match(sentence):  # "Update: Kate and Tom got married"
        sentence = f"{quoted.group(0)} {_HEADED.sub('', sentence[quoted.end():].lstrip())}"
    quoted = USER_SAID_LEAD.match(sentence)
    # the vault's marker is English, whatever the sentence's language ("取件码：[… in knowledge
    # vault]")
    lang = language(_VAULT_MARKED.sub(" ", sentence[quoted.end():] if quoted else sentence))
    frame = ""
    if quoted and asked_in in _FRAMED:
        frame, sentence = second_person_in(quoted.group(0), asked_in), sentence[quoted.end():]
    elif quoted and asked_in == "zh":  # "我开什么车？": "你说过：Mein neues Auto …"
        frame, sentence = "你说过：", sentence[quoted.end():].lstrip()
    elif lang == "zh" and asked_in in _FRAMED and _ZH_USER.search(sentence):
        # a fact the user told in Chinese, asked of in another language, is what they said
        # ("Do I have a car?": "You said: 我没有车，我骑自行车上学。"), not an answer in Chinese
        said = _ZH_USER.sub(lambda m: "我们" if m[0].endswith("等人") else "我", sentence)
        return f"{second_person_in('The user said:', asked_in)} {said}"
    sentence = frame + second_person_in(sentence, lang, quoted=bool(frame))
    if lang == "zh":  # "用户住在深圳" is "你住在深圳", "用户等人" "你们"; a "用户名" stays one
        sentence = _ZH_USER.sub(lambda m: "你们" if m[0].endswith("等人") else "你", sentence)
    # a value the vault keeps out of chat is said to be there, not shown as its marker
    sentence = _VAULT_MARKED.sub(lambda m: _in_vault(m, lang), sentence)
    if _PATH.match(sentence):  # a path is written as it is ("src/interest.rs:42:17")
        return sentence
    return sentence[:1].upper() + sentence[1:]


_CUT = re.compile(r"\s+…$")
_HEADED = re.compile(r"^\s*(?:update|fyi|ps|p\.s\.|news|correction|nachtrag|actualizaci[oó]n|"
                     r"mise\s+[àa]\s+jour|m[àa]j)\s*[:：!-]\s*", re.IGNORECASE)
"""What heads a message and is no part of what it says ("update: Kate and Tom got married")."""
_JOINED_ON = re.compile(r"^(?:(?:oh|ah)\s+)?(?:and|also|plus|und|auch|et|aussi|y|también)\s+"
                        r"(?=\S)|^(?:btw|by\s+the\s+way|oh|anyway|anyhow|übrigens|au\s+fait|"
                        r"d['’]ailleurs|"
                        r"por\s+cierto|a\s+prop[oó]sito)\b[,:]?\s*(?=\S)", re.IGNORECASE)
_FRAMED = frozenset({"en", "de", "fr", "es"})
"""The languages the rules frame a quoted message in ("You said:", "Du hast gesagt:" …)."""
_BULLET = re.compile(r"^\s*[-*•]\s+")
_ZH_USER = re.compile(r"用户(?:等人)?(?![名号])")
# after a label's colon, full-width too and with no space ("订单编号：[card in knowledge vault]"),
# or a Chinese "是", which "在知识库里" does without
_VAULT_MARKED = re.compile(
    r"(?:(?P<sign>\s*[:：])\s*|(?P<zh>是)|(?:\s+(?P<now>is|ist|lautet|est|es)|"
    r"\s+(?P<then>was|war|lautete|était|era)|\s+(?P<to>to))?(?:\s+|(?<=[\u4e00-\u9fff])))"
    # a value quoted as typed ("is 'mountainair42'") is masked with its quotes
    + r"['\"‘“«]?" + re.escape(VAULT_MARK).replace(r"\{kind\}", r"[^\]]{1,40}")
    + r"['\"’”»]?", re.IGNORECASE)
_IN_VAULT = {"en": "in the knowledge vault", "de": "im Wissenstresor",
             "fr": "dans le coffre de connaissances", "es": "en la bóveda de conocimiento",
             "zh": "在知识库里"}
_IS = {"en": "is", "de": "ist", "fr": "est", "es": "está"}


def _in_vault(marked: re.Match[str], lang: str) -> str:
    """Where a masked value is, in the sentence's grammar: "the password is in the knowledge
    vault", "das Passwort ist im Wissenstresor" (not "lautet im ..."), "está en la bóveda",
    "changed the code; the new one is in the knowledge vault", "订单编号在知识库里"."""
    where = _IN_VAULT.get(lang, _IN_VAULT["en"])
    if lang == "zh":  # "订单编号在知识库里": no verb, no space
        return where
    if marked["to"]:  # "changed the locker code to …": what it became is there
        return f"; the new one is {where}"
    if marked["then"]:
        return f" {marked['then']} {where}"
    if marked["sign"] or marked["now"]:
        return f" {_IS.get(lang, 'is')} {where}"
    return f" {where}"


# What the question calls the kept value ("my bank pin", "mon digicode", "the wifi password",
# "l'ancien code", "我的护照号码"), and how the user is told where it is.
_VAULT_ASKED = re.compile(
    r"(?i:\b(?P<own>my|mon|ma|mes|mein|meine|meinen|meinem|meiner|mi|mis|the|le|la|das|der|die|"
    r"el|l['’](?=\w))(?:(?<=['’])|\s+)"
    r"(?P<what>[^\W\d_][\w'’-]*(?:\s+(?!is\b|ist\b|est\b|es\b)[^\W\d_][\w'’-]*){0,5}?)"
    r"(?=\s*(?:[?？.!]|$|\s+(?:is|ist|est|es|again|nochmal|lautet)\b)))|"
    r"我的(?P<zh>[\u4e00-\u9fff]{1,8}?)(?=是|在|叫|多少|什么)")
_YOURS = {"my": "your", "mein": "dein", "meine": "deine", "meinen": "deinen", "meinem": "deinem",
          "meiner": "deiner", "meines": "deines", "mon": "ton", "ma": "ta", "mes": "tes",
          "mi": "tu", "mis": "tus"}
_MY = re.compile(rf"\b(?:{'|'.join(_YOURS)})\b")
""""My" inside what is asked, told back as "your" ("für mein Fahrradschloss": "für dein …")."""
_YOUR = {**_YOURS, "meinen": "deine", "meinem": "dein", "meiner": "deine"}
""""My" opening what is asked, said as "your" where the answer names it first (the German
forms as they stood before ``_YOURS``)."""
_VAULT_SAID = {"en": "{own} {what} is in the knowledge vault.",
               "de": "{own} {what} ist im Wissenstresor.",
               "fr": "{own} {what} est dans le coffre de connaissances.",
               "es": "{own} {what} está en la bóveda de conocimiento.",
               "zh": "你的{what}在知识库里。"}


def _vault_asked(question: str, lang: str) -> str | None:
    """Where the value ``question`` asks for is kept, told with the question's own word for it
    ("Quel est mon digicode ?": "Ton digicode est dans le coffre de connaissances."); None
    when it asks for no value of the user's."""
    if not (asked := _VAULT_ASKED.search(question)) or lang not in _VAULT_SAID:
        return None
    if asked["zh"]:
        return _VAULT_SAID["zh"].format(what=asked["zh"])
    own = _YOUR.get(asked["own"].lower(), asked["own"])
    # "die PIN für mein Fahrradschloss" is "für dein Fahrradschloss" told back
    what = _MY.sub(lambda w: _YOURS[w[0]], asked["what"])
    said = _VAULT_SAID[lang].format(own=own, what=what)
    if own.endswith(("'", "’")):  # "l'ancien code"
        said = said.replace(f"{own} ", own, 1)
    return said[:1].upper() + said[1:]


def _vault_kept(question: str, lang: str, memories: list[str]) -> str | None:
    """Where the value ``question`` asks for is kept (:func:`_vault_asked`), when a memory says
    a value of what it names is in the vault ("the old wifi password" of "The user's wifi
    password is [password in knowledge vault]")."""
    if any(_asks_kept(question, m) for m in memories):
        return _vault_asked(question, lang)
    return None


def _asks_kept(question: str, memory: str) -> bool:
    """Whether ``question`` names what a value ``memory`` says is in the vault is ("the old
    wifi password" of "The user's wifi password is [password in knowledge vault]"; not "Which
    locker do I use at the pool?" of "Locker at the pool: number 112, code […]")."""
    asked = _VAULT_ASKED.search(question)
    what = asked["what"] or asked["zh"] if asked else ""  # not "old", which every value was
    named = _terms(" ".join(w for w in what.split() if not asks_before(w)))
    return bool(named) and any(
        named & _terms(_LABEL_CUT.split(memory[:marked.start()])[-1] + " " + marked[0])
        for marked in _VAULT_MARKED.finditer(memory))


_LABEL_CUT = re.compile(r"[.,;!?]\s|\s[-–—]\s")
"""Where the words that say what a kept value is begin, read back from it: "Locker at the
pool: number 112, code [code in knowledge vault]" is a code, not the pool."""


# The subject and verb a fact opens with: "The user's mum is", "Sam works", "The user lives",
# "Phone number of the user is" (a vault value); in the past: "The user lived", "Sam was".
_WHEN_WORD = (r"(?P<when>(?:just|now|recently|also|still|finally|already|really|absolutely|"
              r"actually|totally|genuinely|truly|usually|always|often)\s+)?")
# a relation of one or two words, the second no verb ("The user's favourite band is")
# (a full name too: "Tom Becker's phone number is")
_SUBJECT = (r"(?P<who>(?:The user|[A-Z][\w-]+(?:\s+[A-Z][\w-]+(?=['’]s))?)(?:['’]s\s+[\w-]+"
            r"(?:\s+[\w-]*(?:[^\Ws]|ss))?)?|"
            r"[A-Z][\w-]*(?:\s+[a-z][\w-]*){0,3}\s+of\s+(?:the\s+user|"
            r"[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?))\s+")
# a word saying when, between them: "Leo just started at Leeds Uni"
_SUBJECT_VERB = re.compile(_SUBJECT + _WHEN_WORD
                           + r"(?P<verb>is|are|has|can['’]t|doesn['’]t|[a-z]+s)\b(?<!ss)")
_SUBJECT_PAST = re.compile(_SUBJECT + _WHEN_WORD + r"(?P<verb>was|were|had|[a-z]+ed)\b")
_SUBJECT_DID = re.compile(_SUBJECT + _WHEN_WORD + r"(?P<verb>" + "|".join(sorted(PAST_VERBS))
                          + r")\b")
"""A past of its own ("Anna got a dog", "Anna quit her job"): of someone else unless the
memories name them the user's ("Luna ran away" of the user's cat)."""
_KIN_OPENING = re.compile(r"(?:[Tt]he user['’]s|[Mm]y|[Yy]our)\s+(?:(?:best|close|old|new|older|"
                          r"younger|elder|big|little|twin|ex-?)\s+)?(?:" + KIN + r")\b")
# what a sentence goes on to say of someone it named: "The user's best friend is Giada, she
# lives in Naples"
_NAME_END = re.compile(r"[\w'’-]*")
_THEIR_CLAUSE = re.compile(r"\s*[,;，；]\s*(?:(?:and\s+|y\s+|et\s+|und\s+)?"
                           r"(?:she|he|they|who|sie|er|elle|il|ella|él)\b|她|他)", re.IGNORECASE)
_NAMES_THEM = re.compile(r"(?:['’]s\s+name)?\s+(?:is|was|are|were)\s+(?:called\s+)?[A-Z]")
_USER_MENTION = re.compile(r"\b(?:the user|I|me|my|you|your)\b", re.IGNORECASE)
_DONE = re.compile(r"[A-Z][a-z]{3,}ed")
"""A message's opening verb with its subject left out ("Booked flights to Lisbon", "Switched
jobs"), no one's name."""
_QUOTE_LEAD = re.compile(r"^(?:the user said|user)\s*:\s*", re.IGNORECASE)
_COLON_LEAD = re.compile(r"^[^:.!?\d]{3,60}:\s+(?:/\s+)?(?=[A-Z][a-z])")
"""Words before a colon that then says something of its own ("Chat with my friend: Anna …")."""
_I_ASK = re.compile(r"\bI\b(?!['’]s)|\bI['’](?:m|ve|d|ll)\b")
"""A question whose subject is the asker ("Where do I live?", "What am I allergic to?")."""
_MY_ASK = re.compile(r"\bmy\b(?!\s+(?:" + KIN + r")\b)", re.IGNORECASE)
"""A question about the asker's own ("Who's my employer?"), not their kin's."""
_I_ASK_ABROAD = re.compile(r"(?i:\b(?:ich|mein\w*|je|j['’]|mon|ma|mes|yo|mis?)\b(?!\s+(?:"
                           + KIN + r")\b))|我(?!的?(?:" + ZH_KIN + "))")
"""The asker as subject or owner in German, French, Spanish or Chinese ("Wo wohne ich?",
"Quel est mon code ?"), not an object ("Sag mir, wo meine Schwester wohnt")."""
_ES_VERB_ASKED = re.compile(r"(?i:\b(?:dónde|donde|qué|que|cuándo|cuando|cómo|como|cuál|cuánto\w*"
                            r"|quién|ahora|años)\s+(\w+)|(\w+)(?:\s+ahora)?\s*\?\s*$)")
"""Where a Spanish question's verb stands: after its question word, or last."""
_KIN_OF_USER_ABROAD = re.compile(
    r"(?i:\b(?:" + KIN + r")\s+(?:des Nutzers|de l['’]utilisateur|del usuario)\b|"
    r"^(?:meine?|mon|ma|mes|mis?)\s+(?:(?:beste[rn]?|meilleure?|mejor|petite?|grande?|"
    r"kleine[rn]?|große[rn]?|ältere[rn]?|jüngere[rn]?|querid[oa])\s+)?(?:" + KIN + r")\b|"
    # "J'ai un frère, Julien, qui vit à Bordeaux": a relative named, then told of
    r"^(?:j['’]ai|tengo|ich\s+habe|I\s+have|the\s+user\s+has|der\s+Nutzer\s+hat|"
    r"l['’]utilisateur\s+a|el\s+usuario\s+tiene)\s+(?:un|une|una|einen?|eine|a|an)\s+(?:" + KIN
    + r")\s*,\s*[\w'’-]+\s*,\s*(?:qui|que|who|der|die)\b)|"
    r"^(?:用户|我)的?(?:" + ZH_KIN + ")")
"""A German, French, Spanish or Chinese sentence about a relative of the user ("Die
Schwester des Nutzers wohnt in Dresden", "user: Mi hermano vive en Quito", "我姐姐住在深圳")."""
_NAMES_THEM_ABROAD = re.compile(r"\b(?:heißt|s['’]appelle|se\s+llama)\b|叫")
"""A sentence that says who a relative is ("Die Freundin des Nutzers heißt Anna")."""
_IRREGULAR_PAST = {"is": "was", "are": "were", "has": "had", "teaches": "taught",
                   "can't": "couldn't", "can’t": "couldn’t", "doesn't": "didn't",
                   "doesn’t": "didn’t",
                   "drives": "drove", "goes": "went", "speaks": "spoke", "eats": "ate",
                   "takes": "took", "gets": "got", "wakes": "woke", "runs": "ran",
                   "swims": "swam", "rides": "rode", "writes": "wrote", "does": "did",
                   "makes": "made", "keeps": "kept", "sleeps": "slept", "leaves": "left",
                   "buys": "bought", "thinks": "thought", "feels": "felt", "knows": "knew",
                   "wears": "wore", "sings": "sang", "drinks": "drank", "sees": "saw",
                   "spends": "spent", "sends": "sent", "builds": "built", "pays": "paid"}
_JOINT = re.compile(r"(?:^|\s)/(?:\s|$)")
_END = ".!?。！？ "
_FILLER = re.compile(r"\s+(?:also|too|as well)\b", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|an?)\s+", re.IGNORECASE)
_VALUE_WORDS = 4
"""The most words a value joined by :func:`_all_values` may have."""
_LABELLED = re.compile(r"\w\s?[:：]\s\S")
"""A line that gives its value after its label ("VPN group: eng-emea"): it needs no
neighbour."""
_LABEL = re.compile(r"^\s*(?P<label>[^:：/]{2,40}?\s?[:：])\s+\S")
_BULLET = re.compile(r"^[-*•]\s+")
# The labels of a mail's header, in the languages the rules read: never part of an answer.
_MAIL_HEADER = re.compile(
    r"^\s*(?:Subject|Betreff|Objet|Asunto|Assunto|Oggetto|主题|主題|From|Von|Absender|De|"
    r"Expéditeur|Remitente|To|An|À|Para|Cc|Bcc|Sent|Gesendet|Envoyé|Enviado|发件人|收件人)"
    r"\s?[:：]\s*")
_ARROW = re.compile(r"^[-=]{0,3}>\s+")
"""The arrow a terminal points with ("  --> src/interest.rs:42:17", "=> 4.12.7")."""
_NUMBER = re.compile(r"\d")
_NAME = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]+")
_FULL_NAME = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]+(?: [A-ZÀ-Þ][a-zß-ÿ]+)+\b")
"""A person's first and last name ("Helena Costa"), not one word of a menu ("Sent", "Drafts")."""
# A question for a name ("Quel est le nom de ma dermatologue ?", "What's the vet called?"),
# which a person's name answers, with their title or first and last name.
_NAME_ASKED = re.compile(r"\b(?:names?|called|nom|[mts]['’]app?ell?\w*|nombres?|"
                         r"(?:me|te|se)\s+llam\w+|llamo|hei(?:ß|ss)(?:t|en|e))\b|"
                         r"名字|叫什么", re.IGNORECASE)
_PERSON = re.compile(r"\b(?:Dr|Dra|Prof|Mr|Mrs|Ms|Herr|Frau|Mme|Mlle|Sr|Sra)\.?\s+[A-ZÀ-Þ][\w'’-]+|"
                     + _FULL_NAME.pattern)
_VERSION = re.compile(r"\bv?\d+(?:\.\d+)+\b")
_VERSION_ASKED = re.compile(r"\bversi(?:on|ón)\w*", re.IGNORECASE)
_SPEAKER = re.compile(r"^\s*[\w .'-]{1,40}:\s")
# A question, after its speaker's name ("Carmen: ¿Quién lleva el vino?").
_ASKS = re.compile(r"^(?:\s*[\w .'-]{1,40}:\s)?\s*¿|\?\s*$")
_MESSAGE_LINES = 4
"""The most lines or sentences a message of a chat is read back to find its sender over."""
# lines, sentences and the gaps between the lines a snippet shows ("… Marta Silva 10:06")
_LINE_OR_SENTENCE = re.compile(rf"{re.escape(LINE_JOIN)}|\n|\s…\s|(?<=[.!?])\s+")
# A chat's sender over their messages: a name and the hour ("Tom Becker  10:05").
_SENT_BY = re.compile(r"^\s*(?P<name>[A-ZÀ-Þ][\w'’.-]*(?:\s+[A-ZÀ-Þ][\w'’.-]*){0,3})\s+"
                      r"(?i:(?:today|yesterday|heute|gestern|aujourd['’]hui|hier|hoy|ayer)"
                      r"(?:\s+(?:at|um|à|a\s+las))?\s+)?"  # Discord's "Today at 09:20"
                      r"\d{1,2}[:.]\d{2}(?:\s?[AaPp][Mm])?\s*$")
_ME = frozenset({"i", "me", "you", "ich", "du", "moi", "vous", "yo", "tú", "我"})
"""How a chat names the user over their own messages."""
_HEADING = re.compile(r"^\s*#")
# A question for an amount ("How much is due?", "Wie viel kostet …?"): an amount answers it.
_AMOUNT = re.compile(r"\b(?:how\s+much|costs?|price|total|tax(?:es)?|vat|mwst|tva|iva|combien|"
                     r"(?:ge)?kost(?:et|en|ete)|preis|prix|precio|"
                     r"cu[aá]nt[oa]|wie\s*viel)\b|"
                     r"多少钱|价格|价钱|费用|金额|花了多少|总共|合计", re.IGNORECASE)
# A question for a count or a number ("how many", "flight number", "Rechnungsnummer"): digits
# answer it.
_COUNT = re.compile(r"\b(?:how\s+many|combien\s+de|cu[aá]nt[oa]s|wie\s*viele)\b|"
                    r"(?:number|nummer|numéro|numero|número)\b", re.IGNORECASE)
_POSSESSED = re.compile(r"(?i:(?:my|mein\w*|mon|ma|mes|mis?|the\s+user['’]s)\s+"
                        r"(?!(?:name|nom|nombre)\b)[^\W\d_]+)")
"""A sentence of someone or something of the user's, not of the user ("My flatmate …"), but
their name ("Mein Name ist …")."""
_OTHERS_NAME = re.compile(r"[^\W\d_][\w'’-]*\s+(?:is|was)\s+the\s+user['’]s\s+(?!name\b)")
"""A fact of whom a name is ("Theo is the user's nephew"), not the user's own name."""
_KIN_CALLED = re.compile(r"(?i:\b(?:" + KIN + r"|mujer|copain|copine|coloc\w*)\b,?\s+"
                         r"(?:is\s+|was\s+)?(?:called|named|heißt|hieß|s['’]appel\w+|se\s+llama\w*)\b)|"
                         r"(?:" + ZH_KIN + r")(?:的名字)?叫|"
                         r"\b(?!(?:is|am|are|was|were|be|been|get|gets|got|go|goes)\b)[a-z]{3,}\s+"
                         r"(?:named|called)\s+[A-ZÀ-Þ]")
"""Someone or something of the user's named in a sentence ("a daughter called Isla", "a golden
retriever named Biscuit", "mon copain s'appelle Hugo", "我老婆叫小红"): no answer to what the
user is called."""
_SIBLINGS = re.compile(r"(?i:\b(?:siblings?|geschwister\w*|hermanos|"
                       r"fr[eè]res\s+et\s+s(?:œ|oe)urs)\b)|兄弟姐妹")
"""A brother or a sister, either of whom answers: Spanish "hermanos" says both."""
_YES_NO_OR_AGE = re.compile(
    r"(?i:^[\s¿]*(?:am|is|are|was|were|does|do|did|has|have|had|can|will|ist|sind|hat|hast|bin|"
    r"war|est-ce|es|está|estoy|estás|soy|eres|tengo|tiene|tienes|ha|suis-je|ai-je)\b|"
    r"\bhow\s+old\b|\bwie\s+alt\b|\bquel\s+[âa]ge\b|"
    r"\bqu[eé]\s+edad\b|\bcu[aá]ntos\s+años\b)|吗[？?]?\s*$|多大|几岁")
"""A question answered yes or no, or by an age: what it asks of someone must be said."""
_CHILDREN = re.compile(r"(?i:\b(?:kids?|children|child|kinder[n]?|enfants?|hij[oa]s|"
                       r"ni[ñn][oa]s)\b)|孩子|子女|小孩")
"""A son or a daughter, either of whom answers ("Habe ich Kinder?", "我有孩子吗？")."""
_MEAT = re.compile(r"(?i:\b(?:meat|fleisch|viande|carne)\b)|吃肉")
_DIETS = ("vegetarian vegan vegetarier vegetarierin veganer veganerin vegetarisch végétarien "
          "végétarienne végane vegetariano vegetariana vegano vegana 素食 吃素")
"""Who eats no meat, which answers whether one does."""
_HOW_MANY = re.compile(r"\b(?:how\s+many|combien\s+de|cu[aá]nt[oa]s|wie\s*viele)\b",
                       re.IGNORECASE)
_COUNTED = re.compile(r"(?<![\d.,:])\d+\s+([^\W\d_]+)")
"""A count and what it counts ("4 eggs", "2 approvals")."""
_QUANTITY = re.compile(r"\d[.,]\d|[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹%]|(?:(?-i:[A-Z]{3})|[kMGT]?B|[kMGT]o|"
                       r"euros?|dollars?|million|billion|min(?:ute)?s?|h(?:ou)?r?s?|k?m|kg|kWh|"
                       # a recipe's measures ("2 tsp", "400 g", "190°C")
                       r"tsp|tbsp|cups?|ml|cl|(?-i:g)|oz|lbs?|°[CF]|"
                       r"元)(?!\w))", re.IGNORECASE)
"""An amount or a measure, not a count ("3,800.00", "$12", "32 GB", "18 Euro", "25 min"; not
"2 items", nor "4 Pro": a currency's code is in capitals)."""


def _best_line(sentence: str, wanted: set[str], weight: dict[str, float],
               named: set[str] = frozenset(), value: re.Pattern[str] | None = None,
               window: set[str] = frozenset(), near: re.Pattern[str] | None = None) -> str:
    """Of screen or document lines joined with " / ", those that match the question, but for
    a line that matches only some of what a better one does ("iCloud" beside "iCloud
    Storage: 47.3 GB used"), unless it has the ``value`` of the kind asked (an hour for
    "when", a number for "how much", a name for "who") and the better one has not; and of
    "label: value" lines, those whose label the question asks for ("Carrier: DHL" over
    "Status: Delivered" for "Which carrier delivers it?"). When none of them has a value of
    its own (it says no more than one word the question does not, has no "label: value",
    and no value asked), each comes with the line after it, unless that opens a section, and
    the heading over it (a label or heading and its value are neighbours: "$ cat VERSION /
    4.12.7", "## 2.7.2 / - Fix the export"), or with the line before it when only that one
    has what ``near`` finds (a name over its role: "Dr Claire Martin / Dermatologue"); the
    lines between them that match nothing are
    left out. A line of a table comes with the table's header, and a header with the rows the
    question names ("Plan Price Users / Pro $29 10"). A line that matches only what the
    question ``named`` (the memory is about it), or the name of the ``window`` the screen was
    seen in, is no answer when another line matches more ("ALDI SÜD" of a receipt asked for
    its total)."""
    # a sentence cut from joined lines may open or end on the joint ("/ VPN group: …")
    lines = _paired(list(dict.fromkeys(line for line in _JOINT.split(sentence)
                                       if line.strip(" $>#%"))))
    if len(lines) < 2:
        return _MAIL_HEADER.sub("", lines[0]).strip() if lines else sentence
    found = [_matched(_all_terms(line), wanted) for line in lines]
    terms_of = dict(zip(lines, found, strict=True))
    # the window's words are said by every line of it: a line also says more than another by
    # the rest ("Sony WH-1000XM5 $348.00" over "Your cart (2 items)" in a window "Cart")
    shown = _matched(_all_terms(" / ".join(window)), wanted)
    own = [terms - shown for terms in found]
    # the window's name heads a viewing's lines, with how long it was seen ("Mail (3 …)")
    chrome = tuple(f"{name} (" for name in window)
    only_named = [bool(terms) and (terms <= named or line.casefold() in window
                                   or line.casefold().startswith(chrome))
                  and any(f - named - shown for f in found)
                  for line, terms in zip(lines, found, strict=True)]

    def says(line: str) -> list[str]:
        said = ((w, _terms(w) - _MARKS) for w in _TOKEN.findall(line))
        return [w for w, terms in said if terms and not terms & wanted]

    def has_value(line: str) -> bool:
        # of a kind asked for, only that kind: "小米空气净化器 4 Pro" has no price
        return asked(line) or not value and bool(len(says(line)) > 1 or _LABELLED.search(line))

    def asked(line: str) -> bool:
        # what follows a speaker's "Omar:" is the message; the speaker is no value; a line that
        # says an hour or a day has the value a "when" question asks for
        return bool(value and value.search(" ".join(says(_SPEAKER.sub("", line))))
                    or _SAYS_TIME in terms_of[line])

    def beaten(i: int) -> bool:
        # a line with the value asked for stays beside one without it ("the neighbour is
        # called Ingrid" below "I left the cabin key with the neighbour"), not beside one
        # with it that matches more; one without it goes beside one with it that matches
        # as much
        return any((own[i] < own[j] or found[i] < found[j])
                   and (asked(lines[j]) or not asked(lines[i]))
                   or own[i] <= own[j] and asked(lines[j]) and not asked(lines[i])
                   for j in range(len(lines)) if j != i)

    keep = [i for i in range(len(lines))
            if _score(found[i], weight) and not only_named[i] and not beaten(i)]
    # a mail's header names what the mail is about ("Subject: Dinner on Friday"); a line of its
    # body that matches the question too says the answer ("Let's meet at Nopa at 7 pm")
    if any(not _MAIL_HEADER.match(lines[i]) for i in keep):
        keep = [i for i in keep if not (header := _MAIL_HEADER.match(lines[i]))
                or _matched(_terms(header.group(0)), wanted)]
    labels = [i for i in keep if _labels_asked(lines[i], wanted)]
    if labels:
        keep = [i for i in keep if i in labels or not _LABEL.match(lines[i])]
    if table := _table(lines, keep, found, weight):
        keep = table
    elif keep and not any(has_value(lines[i]) for i in keep):
        # a line's neighbours: the next unless it opens a section, the heading over it
        near_by = [_neighbour(lines, i, near) for i in keep]
        if value is _QUANTITY and not any(n is not None and asked(lines[n]) for n in near_by):
            # an amount asked of what a line names may be a few lines under it, past one
            # without it ("Recipient: Lotta Svensson / IBAN: … / Amount: 250.00 EUR")
            near_by = [next((j for j in range(i + 1, min(i + 1 + _AMOUNT_BELOW, len(lines)))
                             if asked(lines[j])), n) for i, n in zip(keep, near_by, strict=True)]
        keep = sorted({*keep, *(n for n in near_by if n is not None),
                       *(i - 1 for i in keep if i and _HEADING.match(lines[i - 1]))})
    chosen = [_MAIL_HEADER.sub("", _ARROW.sub("", _BULLET.sub("", lines[i].strip(" #"))))
              for i in keep]
    return LINE_JOIN.join(chosen) if chosen else sentence


_AMOUNT_BELOW = 3
"""The most lines under a line an amount asked of it is looked for in."""


def _paired(lines: list[str]) -> list[str]:
    """``lines`` with a row of labels over one row of as many values, each with a digit, read
    as each label with its value (a boarding pass's "Gate Boarding Seat / G24 06:55 14C":
    "Gate G24", "Boarding 06:55", "Seat 14C"); a table of more rows stays one."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        labels, values = lines[i].split(), lines[i + 1].split() if i + 1 < len(lines) else []
        more = lines[i + 2].split() if i + 2 < len(lines) else []
        if (len(labels) >= 2 and len(values) == len(labels) and not _NUMBER.search(lines[i])
                and all(w[:1].isupper() for w in labels)
                and all(map(_NUMBER.search, values))
                and not (len(more) == len(labels) and all(map(_NUMBER.search, more)))):
            out += [f"{label} {value}" for label, value in zip(labels, values, strict=True)]
            i += 2
        else:
            out.append(lines[i])
            i += 1
    return out


def _neighbour(lines: list[str], i: int, near: re.Pattern[str] | None) -> int | None:
    """The line that gives line ``i`` its value: the next unless it opens a section, or the
    one before when only that one has what ``near`` finds."""
    after = i + 1 if i + 1 < len(lines) and not _HEADING.match(lines[i + 1]) else None
    if near and i and (after is None or not near.search(lines[after])) and near.search(
            lines[i - 1]):
        return i - 1
    return after


def _dated_line(sentence: str, wanted: set[str]) -> bool:
    """Whether a line of ``sentence`` says a time or day and something else the question asks
    for."""
    return any(len(found) > 1 and _SAYS_TIME in found for line in _JOINT.split(sentence)
               if (found := _matched(_all_terms(line), wanted)))


def _priced_line(sentence: str, wanted: set[str]) -> bool:
    """Whether a line of ``sentence`` has an amount (:data:`_QUANTITY`) and says something the
    question asks for."""
    return any(_QUANTITY.search(line)
               and _matched(_all_terms(line), wanted) - {_SAYS_CODE, _SAYS_FILE}
               for line in _JOINT.split(sentence))


def _table(lines: list[str], keep: list[int], found: list[set[str]],
           weight: dict[str, float]) -> list[int]:
    """The header of a table and the rows of it that match the question best (``found``),
    when together they match all that a ``keep`` line outside the table does; else nothing.
    A header is a line of three or more capitalised words and no digit over two rows or
    more, each of as many words or more, each with a digit ("Plan Price/month Users
    Storage" over "Free $0 1 2 GB")."""
    for head in range(len(lines)):
        columns = lines[head].split()
        if (len(columns) < 3 or _NUMBER.search(lines[head]) or _LABEL.match(lines[head])
                or not all(w[:1].isupper() for w in columns)):
            continue
        rows = list(itertools.takewhile(
            lambda i, n=columns: bool(_NUMBER.search(lines[i])) and len(lines[i].split()) >= len(n),
            range(head + 1, len(lines))))
        best = max((_score(found[i], weight) for i in rows), default=0)
        asked = [i for i in rows if best and _score(found[i], weight) == best]
        together = found[head].union(*(found[i] for i in asked))
        if len(rows) >= 2 and asked and all(found[i] <= together for i in keep
                                            if i != head and i not in rows):
            return [head, *asked]
    return []


# "Which region sold the least?", "Welcher Posten war am teuersten?": the row of a table with
# the smallest or largest value of a column.
_LEAST = re.compile(r"\b(?:least|lowest|smallest|fewest|cheapest|minimum|am\s+wenigsten|"
                    r"niedrigsten?|geringsten?|kleinsten?|günstigsten?|billigsten?|le\s+moins|"
                    r"la\s+moins|moins\s+cher|plus\s+bas(?:se)?|"
                    r"(?:el|la)\s+(?:de\s+)?menos|más\s+bar[oa]|m[ií]nim[oa])\b", re.IGNORECASE)
_MOST = re.compile(r"\b(?:most|highest|largest|biggest|maximum|am\s+meisten|höchsten?|"
                   r"größten?|teuersten?|le\s+plus|la\s+plus|plus\s+cher|"
                   r"(?:el|la)\s+(?:de\s+)?más|más\s+car[oa]|m[aá]xim[oa])\b", re.IGNORECASE)
_CELL_NUMBER = re.compile(r"(?<![\w.,])[-−–]?(?:\d{1,3}(?:[.,\u00a0\u202f]\d{3})+|\d+)"
                          r"(?:[.,]\d{1,2})?(?![\w.,]*\d)(?!\w)")


def _number(cell: str) -> float | None:
    """The value of a number as a table writes it ("4,210", "1.190,00", "-84.12", "2 760")."""
    digits = re.sub(r"[^\d.,-]", "", cell.replace("−", "-").replace("–", "-"))
    if "," in digits and "." in digits:
        thousands = "," if digits.rfind(",") < digits.rfind(".") else "."
        digits = digits.replace(thousands, "").replace(",", ".")
    elif re.search(r"[.,]\d{3}$", digits) and not re.search(r"[.,]\d{1,2}[.,]", digits):
        digits = re.sub(r"[.,]", "", digits)
    else:
        digits = digits.replace(",", ".")
    try:
        return float(digits)
    except ValueError:
        return None


def _extreme_row(sentence: str, question: str, wanted: set[str]) -> str | None:
    """For a question for the least or most of something ("Which region sold the least in
    July?"), the header of a table in ``sentence`` and its row with the smallest or largest
    value in the column the question names ("Region July August September / South 2,760 2,905
    3,040"), or in the table's only column of numbers; else None. Numbers are read from the
    right: a row's name may have several words, its numbers end it under their columns."""
    lowest, highest = bool(_LEAST.search(question)), bool(_MOST.search(question))
    if lowest == highest:
        return None
    lines = [line.strip() for line in _JOINT.split(sentence) if line.strip()]
    for head, header in enumerate(lines):
        columns = header.split()
        if len(columns) < 2 or _NUMBER.search(header) or not all(w[:1].isupper() for w in columns):
            continue
        rows = list(itertools.takewhile(lambda line: bool(_NUMBER.search(line)),
                                        lines[head + 1:]))
        cells = [[c.group(0) for c in _CELL_NUMBER.finditer(row)] for row in rows]
        if len(rows) < 2 or not all(cells):
            continue
        # the columns of numbers: a row's name is no value ("Region" of "South 2,760")
        first = len(columns) - min(map(len, cells))
        named = [k for k, column in enumerate(columns)
                 if k >= first and _matched(_all_terms(column), wanted)]
        if len(named) == 1:  # the column asked: the row's word under it when each column
            # has one ("worker-5c2b 0/1 CrashLoopBackOff 14 3d"), else counted from the right
            back = len(columns) - named[0]
            values = [_number(words[named[0]]) if len(words := row.split()) == len(columns)
                      and _CELL_NUMBER.fullmatch(words[named[0]])
                      else _number(c[-back]) if back <= len(c) else None
                      for row, c in zip(rows, cells, strict=True)]
        elif {len(c) for c in cells} == {1}:  # the table's one column of numbers
            values = [_number(c[0]) for c in cells]
        else:
            continue
        known = [(v, n) for n, v in enumerate(values) if v is not None]
        if len(known) < 2:
            continue
        pick = (min if lowest else max)(known)[1]
        return f"{header}{LINE_JOIN}{rows[pick]}"
    return None


def _unlabelled(sentence: str) -> str:
    """``sentence`` without the name it opens with as a label when it names it again: a
    fact's "旺财: 用户的狗叫旺财。" says "用户的狗叫旺财。" (a speaker's "Caroline: I went …"
    keeps who spoke)."""
    named = _NAME_LABEL.match(sentence)
    if named and named["name"] in sentence[named.end():]:
        return sentence[named.end():]
    return sentence


_NAME_LABEL = re.compile(r"^(?P<name>[^\s:：/]{1,20}(?: [^\s:：/]{1,20})?)[:：]\s*")


def _unstamped(sentence: str, window: list[str]) -> str:
    """``sentence`` without a chat's sender lines that name the window (the contact the chat
    is with) or the user ("Oma Helga  18:11", "Ich  18:10"), nor the span of the screenshots
    after the window's name: their hour is when a message was sent or the screen seen, not one
    it speaks of."""
    names = {n.casefold() for name in window for n in (name, name.split(" - ")[-1])} | _ME
    sentence = unspanned(sentence)
    lines = _JOINT.split(sentence)
    kept = [line for line in lines if not ((sent := _SENT_BY.match(line))
                                           and sent["name"].casefold() in names)]
    return sentence if len(kept) == len(lines) else LINE_JOIN.join(kept).strip()


def _asking(sentence: str) -> str | None:
    """The question a message of a chat in ``sentence`` ends on, or None; its sender's line
    may follow it ("… / On se retrouve où demain soir ? Moi  19:05")."""
    pieces = [p.strip() for p in _LINE_OR_SENTENCE.split(sentence) if p.strip()]
    while pieces and _SENT_BY.match(pieces[-1]):
        pieces.pop()
    return pieces[-1] if pieces and _ASKS.search(pieces[-1]) else None


def _reply(asked: str, memories: list[str], value: re.Pattern[str] | None, timely: bool
           ) -> str | None:
    """The first message after ``asked``, a question of a chat in ``memories``, that says the
    ``value`` asked for, or an hour or a day when ``timely`` ("Kommst du Sonntag zum Kaffee?"
    … "Um 15 Uhr bei mir"), or else is no question itself ("On se retrouve où ?" … "Devant le
    cinéma Le Champo"); None when no later message does, or ``asked`` says it itself ("Tu
    peux récupérer les clés chez Paul ?")."""
    if value.search(asked) if value else _CLOCK.search(asked) if timely else _names(asked):
        return None
    for part in itertools.chain.from_iterable(map(statements, memories)):
        after = part.text.partition(asked)[2]
        for piece in _LINE_OR_SENTENCE.split(after) if after else []:
            piece = piece.strip()
            if piece and not _SENT_BY.match(piece) and (
                    value.search(piece) if value else _says_time(piece) if timely
                    else not _ASKS.search(piece)):
                return piece
    return None


def _untitled(sentence: str, window: list[str]) -> str:
    """``sentence`` without the window's name a snippet heads its lines with ("Terminal -
    kubectl / $ kubectl get pods"), the app's name and the title ("京东 - 订单详情 / …")."""
    head, joint, rest = sentence.partition(LINE_JOIN)
    if joint and any(head == name or head.startswith(f"{name} - ") for name in window):
        return rest
    return sentence


def _sender(line: str, memories: list[str]) -> str:
    """``line``, a message of a chat, with its sender's name: the name and hour over it
    ("Tom Becker 10:05") in the first of ``memories`` that shows them (a snippet may start
    below it), when the message does not name one itself."""
    if _SPEAKER.match(line):
        return line
    for memory in memories:
        where = memory.find(line.split(LINE_JOIN)[0])
        if where < 0:
            continue
        above = [piece for piece in _LINE_OR_SENTENCE.split(memory[:where]) if piece.strip()]
        # a message of a few lines, not a name further up the screen
        for piece in reversed(above[-_MESSAGE_LINES:]):
            if found := _SENT_BY.match(piece.lstrip("—-–… ")):
                return f"{found['name']}: {line}"
    return line


def _labels_asked(sentence: str, wanted: set[str]) -> bool:
    """Whether a line of ``sentence`` gives a value after a label with a word of the
    question, a value that says none the label does not ("Montant : 1 240,00 €" for "Quel
    est le montant ?", not "error: failed to push" for "Which error did the build fail
    with?")."""
    for line in _JOINT.split(sentence):
        if found := _LABEL.match(line):
            # read as a label ("From: " is who sent it, :data:`_PHRASES`)
            label = _matched(_terms(f"{found['label']} "), wanted) - _USER_TERMS
            value = _matched(_terms(line[found.end("label"):]), wanted) - _MARKS
            if label and value <= label:
                return True
    return False


def _one_user(terms: set[str]) -> set[str]:
    """``terms`` with every word for the user as "user"."""
    return terms - _USER_TERMS | ({"user"} if terms & _USER_TERMS else set())


def _score(terms: set[str], weight: dict[str, float]) -> float:
    """The weight of the question's terms a text has; "the user" alone answers nothing."""
    return sum(weight[t] for t in terms) if terms - _USER_TERMS else 0.0


def _named(sentence: str, memory: str) -> str:
    """``sentence`` with an opening "he" or "she" replaced by the person the
    sentence before it in ``memory`` names last ("… Sam's sister Maya. She lives in
    Lisbon." answers "Maya lives in Lisbon.")."""
    opening = _PRONOUN.match(sentence)
    if not opening:
        return sentence
    before = memory[: memory.find(sentence)] if sentence in memory else ""
    previous = sentences_of(before)[-1:] if before.strip() else []
    words = _TITLE_WORD.findall(previous[0])[1:] if previous else []
    names = [w for w in words if w not in _NOT_NAMES]
    return f"{names[-1]}{sentence[opening.end():]}" if names else sentence
