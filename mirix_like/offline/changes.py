"""Facts that change, offline: which one-valued thing a statement sets, and to what.

Where someone lives, where they work, their job, relationship status, diet and favourites
hold one value at a time. A statement that gives such a slot a new value ("I moved to
Vienna", "I quit Acme and joined Globex", "Ich wohne jetzt in Wien", "我搬到北京了") replaces
the stored one, which is kept as a past fact; one that ends it ("I no longer work at Acme")
only ends it. The offline client asks this module which core lines to replace and which
semantic and vault items a new one supersedes; the tools keep the old values with their ranges.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from mirix_like.memory_types.semantic import PAST, PERIOD, SINCE
from mirix_like.offline.language import (
    CJK,
    KIN,
    USER_SAID_LEAD,
    InputText,
    Row,
    cap,
    prepare,
    sentences_of,
    subject_of,
    subject_repeated,
    word_set,
)
from mirix_like.offline.timeparse import find_times, period_end
from mirix_like.offline.timewords import MONTH_NAMES
from mirix_like.retrieval.ranking import FIRST, asks_before

__all__ = ["DRINKS", "INITIALLED", "JOBS", "NATIONALITIES", "Setting", "block_lines", "core_calls",
           "in_time", "parted", "passed", "replacing", "same_secret", "says_being_at", "says_dose",
           "says_now", "says_sold", "says_stop", "settings", "since", "superseded",
           "switches_drink"]

_NAME = r"[A-Z\u00c0-\u00de][\w'’&-]*(?:\.(?=\s+[A-Z]))?"  # "St. Mary's", not "Vienna."
_PLACE = (r"(?P<v>(?:the\s+(?=[A-Z]))?" + _NAME + r"(?:\s+(?!I\b|I['’])"
          r"(?:de\s+|del\s+|am\s+|an\s+der\s+|&\s+|of\s+(?:the\s+)?)?" + _NAME + r")*"
          # a name with its number: "Channel 4", "Studio 54"
          r"(?:\s+\d{1,3}(?=\s*(?:[.,;!?)]|$|\s+(?:in|at|as|and|since|now)\b)))?)")
_NAMES = _NAME + r"(?:\s+" + _NAME + r")*"
_WHEN_WORD = (r"(?:(?i:next|this|coming|nächste[rnm]?|kommende[rnm]?|la|el|le|semaine|"
              r"prochaine|que|viene|próxima|proximo|próximo|week|month|Woche|Monat|semana|mes|"
              r"mois|tomorrow|morgen|demain|mañana|[Mm]onday|[Mm]ontag|lundi|lunes|[Mm]ai|May|"
              r"[Jj]une?|[Jj]uni|juin|junio|\d{1,2}\.?(?:st|nd|rd|th)?))")
"""A word of when a job starts ("from next week", "ab nächster Woche", "dès lundi")."""
_SHIFTS = (r"nights|days|earlies|lates|(?:night|day|early|late|evening|morning|afternoon)\s+"
           r"shifts?|(?:night|day|early|late|evening|morning)s?\s+(?=(?i:now|instead)\b)")
_DE_SHIFTS = r"(?:Nacht|Tag|Früh|Spät)(?:schicht|dienst)"


def _shift(match: re.Match[str]) -> str:
    """The shift a match names, as its time of day ("nights", "night shift": night)."""
    word = match["v"].split()[0].casefold()
    return {"nights": "night", "days": "day", "earlies": "early", "lates": "late"}.get(
        word, word.removesuffix("s"))


_ZH_CAR = r"(?!新车|车)[\u4e00-\u9fffA-Za-z0-9 ]{2,12}?(?=了|[，。！？；,.!?]|$)"
_ZH_PLACE = r"(?P<v>[\u4e00-\u9fff]{2,8}?)(?=了|啦|[，。！？；,.!?\s]|$)"
_NOW = (r"(?:now\s+|currently\s+|jetzt\s+|nun\s+|inzwischen\s+|mittlerweile\s+|"
        r"maintenant\s+|désormais\s+|actuellement\s+|ahora\s+|actualmente\s+)?")


@dataclass(frozen=True)
class _Pattern:
    slot: str
    regex: re.Pattern[str]
    template: str
    change: bool = False
    """The statement says the value changed ("moved to"): its words are not a lasting fact,
    the template is."""
    lang: str = "en"
    possessive: bool = False
    """The statement names its owner with "my": right before it ("my favourite food is") or
    in its ``my`` group ("Sushi is my favourite food")."""
    ends: bool = False
    """The statement ends the value it names ("switched from violin to viola": violin)."""
    reads: Callable[[re.Match[str]], str] | None = None
    """The value the match says in other words ("a keen gardener": gardening), when it is not
    its ``v`` group as written."""
    denies: bool = False
    """Its words say the value by what stopped ("Ich esse kein Fleisch mehr": vegetarian), so
    the negation in its clause is its own and ends nothing."""
    unnamed: bool = False
    """Said of the speaker when it names no one else, with no "I" ("Die Dosis wurde auf 5 mg
    erhöht", "doctor bumped my sertraline to 100mg")."""


def _p(slot: str, regex: str, template: str, change: bool = False, lang: str = "en",
       possessive: bool = False, ends: bool = False,
       reads: Callable[[re.Match[str]], str] | None = None, denies: bool = False,
       unnamed: bool = False) -> _Pattern:
    return _Pattern(slot, re.compile(regex), template, change, lang, possessive, ends, reads,
                    denies, unnamed)


def _value_of(pattern: _Pattern, match: re.Match[str]) -> str:
    """The value ``match`` of ``pattern`` states, without what a correction says it is not
    ("Dr Hall not Dr Hill", "Bonn, nicht Köln": Dr Hall, Bonn)."""
    return _NOT_THAT.sub("", (pattern.reads(match) if pattern.reads else match["v"]).strip())


_NOT_THAT = re.compile(r"\s*,?\s+(?:not|nicht|pas|no)\s+(?:(?:in|à|a|en|au)\s+)?[A-ZÀ-Þ\d][^,;]*$")


_PET_KINDS = (r"cat|kitten|dog|puppy|rabbit|bunny|hamster|guinea\s+pig|parrot|budgie|tortoise|"
              r"turtle|ferret|lizard|snake|horse|pony")
"""The kinds of pet a name is given to ("a guinea pig called Pip")."""
# Roles and things a person has one of at a time ("my dentist is Dr. Patel"); a new value
# replaces the old one only when both read as names, numbers or dates, so "my car is red"
# or "my manager is on leave" set nothing.
_ONE_OF = (r"dentist|doctor|gp|GP|therapist|physio(?:therapist)?|psychiatrist|vet|manager|boss|"
           r"supervisor|landlord|landlady|partner|husband|wife|boyfriend|girlfriend|fianc[eé]e?|"
           r"car|bike|phone|laptop|hometown|home\s+town|birthday|nickname|first\s+name|"
           r"last\s+name|surname|name|major|team|club|mentor|coach|trainer|hairdresser|barber|"
           r"lawyer|accountant|roommate|flatmate|bank|gym|school|university|college|"
           r"mother\s+tongue|native\s+language|star\s+sign|shoe\s+size|blood\s+type|"
           r"pronouns|job\s+title|title|role|position|salary|rent|internet\s+provider|"
           r"mobile\s+provider|pharmacy|" + _PET_KINDS)
_ONE_WHO = (r"dentist|doctor|gp|GP|therapist|physio(?:therapist)?|psychiatrist|vet|manager|boss|"
            r"supervisor|landlord|landlady|mentor|coach|trainer|hairdresser|barber|lawyer|"
            r"accountant|roommate|flatmate")
"""Of :data:`_ONE_OF`, the people, whom a name may follow at once ("my landlord Mr Patel")."""
INITIALLED = r"(?:[^.,;!?()]|(?<=[^A-Za-z][A-Z])\.)"
"""A character of a value, which may be a dot after an initial ("Fontaines D.C.", "R.E.M.")."""
_VALUE = (r"(?P<v>(?:(?:an?|the)\s+(?:[a-z]+\s+){0,2})?(?:(?:Dr|Mr|Mrs|Ms|Prof|St)\.\s+)?"
          r"[A-Z0-9\u00c0-\u00de$€£][^.,;!?()]{0,40}?)(?=\s+(?:now|these\s+days|nowadays)\b|[.,;!?(]|$)")


_OF_USER = r"(?i:des\s+Nutzers|de\s+l['’]utilisateur|del\s+usuario)"

_TITLED = (r"(?:(?i:der|die)\s+|(?i:le|la|el)\s+(?=[A-Z]))?(?P<v>(?:(?i:le|la|el)\s+)?"
           r"(?:(?i:Dr|Dra|Doktor|Doctor|Doctora|Docteur|Docteure|Herr|Frau|M|Mme|Mlle|Madame|Monsieur|Don|Doña|Señor|Señora|Sr|Sra|Prof)"
           r"\.?\s+)?" + _NAME + r"(?:\s+" + _NAME + r")?)(?=\s*[.,;!?()]|\s+(?:jetzt|nun|"
           r"maintenant|désormais|ahora)\b|$)")
"""Someone named with their title ("Dr. Keller", "le docteur Moreau"), an article before a
name left out."""
_ROLES_ABROAD = (
    ("de", r"mein|unser", "neuer", r"Der\s+", r"Zahnarzt|Hausarzt|Arzt|Tierarzt|Vermieter|Chef|"
     r"Therapeut|Friseur|Anwalt|Steuerberater|Trainer", r"(?i:ist|heißt)",
     "Der {k} von {s} ist {v}."),
    ("de", r"meine|unsere", "neue", r"Die\s+", r"Zahnärztin|Hausärztin|Ärztin|Tierärztin|"
     r"Vermieterin|Chefin|Therapeutin|Friseurin|Anwältin|Steuerberaterin|Trainerin",
     r"(?i:ist|heißt)", "Die {k} von {s} ist {v}."),
    ("fr", r"mon|notre", "nouveau|nouvel", r"Le\s+", r"médecin(?:\s+traitant)?|dentiste|"
     r"propriétaire|proprio|"
     r"patron|chef|kiné|psy|vétérinaire|véto|coiffeur|avocat|comptable|coach",
     r"(?i:est|s['’]appelle)", "Le {k} de {s} est {v}."),
    ("fr", r"ma|notre", "nouvelle", r"La\s+", r"dentiste|propriétaire|proprio|patronne|kiné|psy|"
     r"vétérinaire|véto|coiffeuse|avocate|comptable", r"(?i:est|s['’]appelle)",
     "La {k} de {s} est {v}."),
    ("es", r"mi|nuestro", "nuevo", r"El\s+", r"médico|doctor|dentista|casero|jefe|terapeuta|"
     r"veterinario|peluquero|abogado|entrenador|contable", r"(?i:es|se\s+llama)",
     "El {k} de {s} es {v}."),
    ("es", r"mi|nuestra", "nueva", r"La\s+", r"médica|doctora|dentista|casera|jefa|terapeuta|"
     r"veterinaria|peluquera|abogada|entrenadora|contable", r"(?i:es|se\s+llama)",
     "La {k} de {s} es {v}."),
)
"""The roles one person has at a time for someone, in German, French and Spanish, by gender:
each language, "my" and "our", "new", a block line's article, the roles, the verb that names
them and how a block line says it."""
_SWITCHED_ROLE = {
    "de": (r"\b(?i:den|die|meinen|meine|unseren|unsere)\s+", r"\s+(?i:gewechselt)",
           r"(?i:gehe\s+ich\s+zu(?:r|m)?|gehen\s+wir\s+zu(?:r|m)?|(?:ist\s+es|heißt\s+er|heißt\s+sie))"),
    "fr": (r"\b(?i:changé\s+de)\s+", "",
           r"(?i:c['’]est|je\s+vais\s+chez|je\s+vois|on\s+va\s+chez)"),
    "es": (r"\b(?i:cambié\s+de|cambiado\s+de|cambiamos\s+de)\s+", "",
           r"(?i:voy\s+al?|vamos\s+al?|es|me\s+atiende)"),
}
"""How a role's holder switched is said in German, French and Spanish: before the role, after
it, and before the new one."""
_NEW_ROLES_ABROAD = (
    ("de", r"habe|haben|hab|hat", "einen", "neuen", _ROLES_ABROAD[0][4], "namens",
     _ROLES_ABROAD[0][6]),
    ("de", r"habe|haben|hab|hat", "eine", "neue", _ROLES_ABROAD[1][4], "namens",
     _ROLES_ABROAD[1][6]),
    ("fr", r"ai|avons|a", "un", "nouveau|nouvel", _ROLES_ABROAD[2][4], r"qui\s+s['’]appelle",
     _ROLES_ABROAD[2][6]),
    ("fr", r"ai|avons|a", "une", "nouvelle", _ROLES_ABROAD[3][4], r"qui\s+s['’]appelle",
     _ROLES_ABROAD[3][6]),
)
"""A new one of those roles ("Wir haben einen neuen Vermieter, Frau Lenz", "J'ai une nouvelle
dentiste, la docteure Roux"); Spanish puts "nuevo" after the role."""

"""Whose a relation is in a block line in German, French or Spanish."""
_DE_ARTICLE = r"(?:(?i:der|dem|den)\s+)?"
"""An article before a German place ("bei der Charité"), left out of the value."""
_DE_VALUE = r"(?P<v>[^.,;!?()]{1,40}?)(?=\s+(?:jetzt|nun|inzwischen)\b|[.,;!?(]|$)"
_NOT_JOBS = (r"fan|mom|mum|dad|mother|father|parent|grand\w+|wife|husband|member|vegan|"
             r"vegetarian|citizen|resident|adult|teenager|student|homeowner|bit|lot|little|"
             r"regular|customer|guest|patron|visitor|tourist|patient")
"""What "I'm a …" says that is no job ("now I'm a big fan", "I'm now a mom", "I'm a regular
at the Crown")."""
# Jobs in the other languages, said without an article ("Ich arbeite jetzt als Ärztin", "Je
# suis infirmière", "Soy enfermera"): a German noun, or a French or Spanish word that reads as
# a trade by its ending or by name, not an adjective ("heureuse", "soltera", "casado").
_DE_PLACE_OF_WORK = (r"(?=[A-ZÄÖÜ])[\wäöüß-]*?(?:[Ss]chule|[Gg]ymnasium|[Uu]niversität|[Uu]ni|"
                     r"[Kk]linik(?:um)?|[Kk]rankenhaus|[Pp]raxis|[Kk]ita|[Kk]indergarten|"
                     r"[Ii]nstitut|[Aa]potheke|[Bb]ibliothek|[Mm]useum|[Tt]heater)")
"""A school, hospital or the like, which one works at ("an einer Grundschule", "am
Goethe-Gymnasium"), not on ("arbeite an einem Projekt")."""
_DE_EMPLOYER = _PLACE[:-1] + (r"|(?!(?:uns|mir|euch|ihnen|ihm|ihr|eine[mr]|der|dem|den|die|das|"
                              r"(?:mein|dein|sein|ihr|unser)e[mnr]?)\b)[a-zäöü]{2,6}\b)")
"""An employer after "bei", also a brand written in lower case ("bei dm")."""
_DE_JOB = r"(?P<v>(?:[a-zäöüß]+e[rns]?\s+)?[A-ZÄÖÜ][\wäöüß-]+)"
_DE_JOB_END = r"(?=\s+(?:bei|in|im|an|am|für|seit|und|jetzt|nun|aus)\b|[.,;!?]|$)"
_FR_NOT_JOBS = ("heureuse|amoureuse|curieuse|nerveuse|sérieuse|joyeuse|paresseuse|généreuse|"
                "courageuse|dangereuse|malheureuse|religieuse|ambitieuse|anxieuse|meilleure?|"
                "majeure?|mineure?|célibataire|propriétaire|locataire|fière?|premi[eè]re?|"
                "derni[eè]re?|étudiante?")
_FR_JOB = (r"(?P<v>(?!(?:" + _FR_NOT_JOBS + r")\b)(?:[a-zàâçéèêëîïôûù-]+(?:ière|ier|eure?|euse|"
           r"rice|iste|aire|(?:ic|ac|rg|éd)ienn?e?|ante?|ogue)|médecin|professeure?|prof|"
           r"avocate?|architecte|cheffe|chef|pilote|boulang[eè]re?|comptable|cadre|ingénieure?|"
           r"sage-femme)"
           r"(?:\s+(?:en|de)\s+[a-zàâçéèêëîïôûù-]+)?(?:\s+(?i:financi[eè]re?|commerciale?|"
           r"générale?|adjointe?|technique|administrative?|régionale?|artistique|marketing))?)")
_FR_JOB_END = (r"(?=\s+(?:à|a|chez|dans|pour|au|aux|en|depuis|maintenant|et|du|des|hier|"
               r"de(?=\s+[A-Z])|"
               r"cette|ce|il\s+y\s+a|l['’]an|l['’]année|le\s+mois|la\s+semaine|récemment)\b|"
               r"[.,;!?]|$)")
_FR_JOB_SAID = r"(?P<v>[a-zàâçéèêëîïôûù-]{3,}(?:\s+(?:de\s+|d['’])?[a-zàâçéèêëîïôûù-]{3,})?)"
"""A job said after "comme": any word, with what it is of ("prof de maths")."""
_ES_NOT_JOBS = ("solter[oa]|sincer[oa]|mayor|menor|mejor|peor|chic[oa]|ric[oa]|públic[oa]|"
                "voluntari[oa]|únic[oa]|estudiante|extranjer[oa]|primer[oa]|compañer[oa]|pasajer[oa]|"
                "fanátic[oa]|optimista|pesimista|vegetarian[oa]|feminista|egoísta|deportista")
_ES_JOB = (r"(?P<v>(?!(?:" + _ES_NOT_JOBS + r")\b)(?:[a-záéíóúñ]+(?:er[oa]|or|ora|ista|ante|"
           r"ic[oa]|ólog[oa]|ari[oa])|maestr[oa]|abogad[oa]|arquitect[oa]|policía|piloto|chef|"
           r"juez|jueza|médic[oa]|veterinari[oa]|jef[ea]|guía|profe)(?:\s+de\s+[a-záéíóúñ]+)?"
           r"(?:\s+(?i:turístic[oa]|comercial|general|técnic[oa]|administrativ[oa]|"
           r"financier[oa]|adjunt[oa]))?)")
_FR_INSTITUTIONS = (r"hôpital|clinique|école|lycée|collège|université|fac|mairie|pharmacie|CHU|"
                    r"crèche|musée|théâtre|bibliothèque|médiathèque|préfecture")
_ES_INSTITUTIONS = (r"hospital|clínica|colegio|instituto|escuela|universidad|facultad|"
                    r"ayuntamiento|farmacia|museo|teatro|biblioteca|guardería|ambulatorio")
# a workplace said with its article or its kind ("el Ramón y Cajal", "el colegio San José"):
# such a name is no city, so " y " may join it ("Madrid y Barcelona" are two)
_ES_WORKPLACE = (r"(?P<art>(?i:el|la)\s+)?(?P<v>(?P<kind>(?i:" + _ES_INSTITUTIONS + r")\s+)?"
                 + _NAME + r"(?:\s+(?:de\s+(?:la\s+)?|del\s+|(?(art)y\s+|(?(kind)y\s+|(?!))))?"
                 + _NAME + r")*)")
_ES_JOB_END = (r"(?=\s+(?:en|para|desde|ahora|y|del|de|hace|ayer|este|esta|el\s+año|"
               r"el\s+mes|la\s+semana)\b|[.,;!?]|$)")
_PLAYED = (r"tennis|padel|paddle\s+tennis|pickleball|squash|badminton|table\s+tennis|"
           r"ping[\s-]?pong|football|soccer|basketball|baseball|softball|volleyball|handball|"
           r"hockey|ice\s+hockey|rugby|cricket|golf|netball|lacrosse|water\s+polo|polo|bowls|"
           r"darts|pool|snooker|billiards|chess|poker|bridge|"
           r"piano|guitar|bass|violin|viola|cello|drums|flute|clarinet|saxophone|sax|trumpet|"
           r"ukulele|harp|banjo|keyboard|organ|trombone|tuba|oboe|bassoon|mandolin|accordion|"
           r"double\s+bass|french\s+horn|horn|marimba|xylophone|synth(?:esizer)?|recorder")
"""What someone plays, for the "play {v}" slots."""
_LATELY = r"(?:these\s+days|nowadays|now|lately|at\s+the\s+moment)"
"""Words saying a value holds now, after what it is of ("my favourite film now is …")."""
_PREFER_END = r"(?=\s+(?:now|these\s+days|nowadays|instead)\b|\s*[.,;!?]|$)"
_PREFER_OVER = (r"\b(?i:prefer|prefers)\s+(?!(?:to|not)\b)(?P<v>[a-z][\w -]{1,30}?)\s+"
                r"(?:over|to|rather\s+than)\s+(?P<k>[a-z][\w -]{1,30}?)" + _PREFER_END)
ZH_TRADE = (r"(?:师|员|医生|护士|工人|警察|记者|司机|会计|老板|经理|主管|总监|总裁|主任|组长|店长|"
            r"顾问|编辑|教授|作家|画家|歌手|演员)")
"""The endings and names of Chinese trades ("程序员", "产品经理")."""
_KIND_CALLED = (r"an?\s+(?:[a-z-]+\s+){0,2}?(?i:startup|start-up|company|firm|agency|studio|"
                r"business|bakery|restaurant|caf[eé]|shop|charity|consultancy)\s+(?:called|named)\s+")
"""An employer's kind before its name ("a startup called Klio")."""
_WORKPLACES = (r"bank|hospital|clinic|surgery|school|nursery|college|university|startup|start-up|"
               r"company|firm|agency|consultancy|charity|hotel|restaurant|caf[eé]|bar|pub|shop|"
               r"store|supermarket|factory|warehouse|call\s+cent(?:re|er)|care\s+home|pharmacy|"
               r"library|museum|council|bakery|garage|salon|gym|studio|lab|newspaper|airline")
"""Kinds of employer, said with "a" when the employer is not named ("at a bank")."""
_EMPLOYER = r"[A-Z\u00c0-\u00de][\w&'’.-]*(?:\s+[A-Z\u00c0-\u00de][\w&'’.-]*)*"
"""An employer named before the job ("bei Voestalpine als", "chez Orange comme")."""
_DRINKS = (r"(?:green|black|herbal|mint|iced|jasmine|earl\s+grey)\s+tea|tea|coffee|"
           r"(?:black|iced|decaf)\s+coffee|espresso|latte|oat\s+latte|cappuccino|flat\s+white|"
           r"americano|matcha|chai|hot\s+chocolate|cocoa|(?:sparkling\s+)?water|"
           r"(?:orange\s+|apple\s+)?juice|lemonade|kombucha|smoothies?|milk|soda|cola|beer|"
           r"cider|(?:red\s+|white\s+)?wine|whisk(?:e)?y|gin|vodka|rum")
"""Drinks by name, so one preferred is the favourite drink."""
DRINKS = _DRINKS
_DE_DRINKS = (r"(?:Grün|Schwarz|Kräuter|Pfefferminz|Eis|Früchte)?[Tt]ee|Kaffee|Espresso|"
              r"Latte(?:\s+Macchiato)?|Cappuccino|Matcha|Chai|Kakao|(?:Mineral)?[Ww]asser|"
              r"(?:Orangen|Apfel)?[Ss]aft|(?:Apfel)?[Ss]chorle|Limo(?:nade)?|Kombucha|"
              r"(?:Hafer)?[Mm]ilch|Cola|Mate|Bier|(?:Rot|Weiß)?[Ww]ein|Sekt")
"""Drinks by their German names, so one drunk instead of another is the favourite drink."""
_DE_DRINK_TEMPLATE = "{s} hat als Lieblingsgetränk {v}."
_FEELINGS = {
    "love": "loves", "like": "likes", "enjoy": "enjoys", "adore": "adores", "hate": "hates",
    "dislike": "dislikes", "detest": "detests", "can't stand": "can't stand",
    "cannot stand": "can't stand", "don't like": "doesn't like", "do not like": "doesn't like",
    "liebe": "liebt", "hasse": "hasst", "encanta": "le encanta", "encantan": "le encantan",
    "gusta": "le gusta", "gustan": "le gustan"}
"""How each language's word of liking or disliking something is said of someone else."""
_FEELING = re.compile("|".join(sorted((re.escape(w) for w in _FEELINGS), key=len, reverse=True)))
_EN_LIKED = (r"(?P<v>(?!(?:it|that|this|those|these|them|him|her|you|us|me|to|when|how|what|"
             r"where|being|the\s+way|each|every|a|an|so|too|having|getting|myself|my|your|his|her|"
             r"our|their)\b)"
             r"[A-Za-z][\w'’-]*(?:\s+(?!(?:now|anymore|too|so|more|again|though|lately)\b)"
             r"[a-z][\w'’-]*){0,2}?)(?=\s+(?:now|anymore|any\s+more|these\s+days|nowadays|"
             r"actually|so\s+much|too|a\s+lot|again|but|so|because|though|although)\b|"
             r"\s*[.,;!?]|$)")
"""What someone likes or dislikes, ending its clause ("sushi", "olives now"), no pronoun."""
_EN_ADVERBS = (r"(?:(?i:really|absolutely|actually|totally|genuinely|truly|just|still|also|now|"
               r"kind\s+of|kinda|honestly|no\s+longer|do|does|seriously)\s+)*")


def _feeling(match: re.Match[str]) -> str:
    """A liking said of someone else: the feeling word as its language says it there, then
    what is liked ("I can't stand olives": "can't stand olives")."""
    word = _FEELING.search(match["f"].casefold().replace("’", "'"))
    feeling = _FEELINGS[word[0]] if word else match["f"].casefold()
    return f"{feeling} {match['v']}"


_LIKING, _PREFER = "liking ", "prefer "
"""The slots of a thing liked or disliked, and of one preferred (keyed by what it is)."""
_THING = r"[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,2}?"
_COMPARED = (
    (r"\b(?:(?:I['’]m|I\s+am)\s+(?:(?i:now|really|much|way|a\s+lot|definitely)\s+)*(?i:more\s+"
     r"into)|I\s+(?:(?i:now|really|actually)\s+)*(?i:like|love|enjoy)|(?i:the\s+user\s+prefers))"
     r"\s+(?P<v>" + _THING + r")\s+(?:(?i:these\s+days|nowadays|lately|now)\s+)?"
     r"(?:(?i:more|better)\s+)?(?i:than|over)\s+(?P<k>" + _THING
     + r")" + _PREFER_END, "{s} prefers {v} over {k}.", "en"),
    (r"\b(?:(?i:höre|esse|trinke|lese|schaue|spiele|mag)\s+(?:(?i:ich)\s+)?" + _NOW
     + r"(?i:lieber)\s+(?P<v>[\wäöüß-]+(?:\s+[\wäöüß-]+)?)|(?i:mag)\s+(?P<v2>[\wäöüß-]+)\s+"
     r"(?:(?i:jetzt|inzwischen)\s+)?(?i:lieber))\s+als\s+(?P<k>[\wäöüß-]+(?:\s+[\wäöüß-]+)?)"
     r"(?=\s*[.,;!?]|$)", "{s} mag {v} lieber als {k}.", "de"),
    (r"\b(?:(?P<my>(?i:me))|(?i:al\s+usuario\s+le))\s+(?i:gusta|gustan)\s+(?i:más)\s+"
     r"(?P<v>(?i:el|la|los|las)\s+[\wáéíóúñü-]+)\s+(?i:que)\s+(?P<k>(?i:el|la|los|las)\s+"
     r"[\wáéíóúñü-]+)(?=\s*[.,;!?]|$)", "a {s} le gusta más {v} que {k}.", "es"),
    (r"\b(?i:je|l['’]utilisateur)\s+(?i:préfère)\s+(?:(?i:maintenant)\s+)?(?P<v>(?i:le|la|les)\s+"
     r"[\wàâçéèêëîïôûù-]+|(?i:l['’])[\wàâçéèêëîïôûù-]+)\s+(?P<prep>(?i:à)\s+(?:(?i:la)\s+|"
     r"(?i:l['’]))?|(?i:au|aux)\s+)(?P<k>[\wàâçéèêëîïôûù-]+)(?=\s*[.,;!?]|$)",
     "{s} préfère {v} {prep}{k}.", "fr"),
    (r"(?:(?P<my>我)|用户)(?:现在|最近|其实)*更喜欢(?P<v>[\u4e00-\u9fffA-Za-z]{1,8}?)"
     r"(?:而不是|胜过|多过)(?P<k>[\u4e00-\u9fffA-Za-z]{1,8}?)(?=了|[，。！？；,.!?\s]|$)",
     "{s}更喜欢{v}而不是{k}。", "zh"),
)
"""One thing liked more than another, in each language ("I'm more into Arctic Monkeys than
Radiohead", "Ich höre inzwischen lieber Deichkind als Die Ärzte", "我更喜欢陈奕迅而不是周杰伦")."""


def _feeling_de(match: re.Match[str]) -> str:
    verb = (match["f"] or match.groupdict().get("f2") or "").casefold()
    return f"{_FEELINGS.get(verb, verb)} {match['v']}"


def _feeling_fr(match: re.Match[str]) -> str:
    verb = "n'aime pas" if match.groupdict().get("f") else match["f3"].casefold()
    return f"{verb} {match['v']}"


def _feeling_zh(match: re.Match[str]) -> str:
    return f"{match['f']}{match['v']}"


def _feeling_es(match: re.Match[str]) -> str:
    said = match[0].casefold()
    feeling = _FEELINGS[match["f"].casefold()]
    return f"{'no ' if re.search(r'(?<!ya )no (?:me|le) ', said) else ''}{feeling} {match['v']}"


_LIKINGS = (
    # One slot per thing liked or disliked, so a liking that turns replaces the one that was
    # ("I hate running", later "I've started to enjoy running"); "gone off sushi" or "don't
    # like olives anymore" ends it.
    _p(_LIKING + "{hv}", r"\b(?:I|(?i:the\s+user))\s+" + _EN_ADVERBS + r"(?P<f>(?i:love|loves|like|"
       r"likes|enjoy|enjoys|adore|adores|hate|hates|dislike|dislikes|detest|detests|can['’]t\s+"
       r"stand|cannot\s+stand|don['’]t\s+like|do\s+not\s+like|doesn['’]t\s+like))\s+" + _EN_LIKED,
       "{s} {v}.", reads=_feeling),
    _p(_LIKING + "{hv}", r"\bI(?:['’]ve|\s+have)?\s+(?:(?i:finally|actually|really|weirdly|"
       r"slowly)\s+)*(?i:started|begun|began|come|grown|learned|learnt)\s+to\s+"
       r"(?P<f>(?i:love|like|enjoy))\s+" + _EN_LIKED, "{s} {v}.", True, reads=_feeling),
    _p(_LIKING + "{hv}", r"\bI(?:['’]ve|\s+have)?\s+(?i:gone|went|totally\s+gone)\s+off\s+"
       r"(?:of\s+)?" + _EN_LIKED, "", ends=True),
    _p(_LIKING + "{hv}", r"\b(?:(?i:ich|der\s+Nutzer)\s+(?:(?i:jetzt|nun|inzwischen|mittlerweile|"
       r"wirklich|total|sehr|auch)\s+)*(?P<f>(?i:mag|liebe|liebt|hasse|hasst))|"
       r"(?P<f2>(?i:mag|liebe|hasse))\s+ich)\s+(?:(?i:jetzt|nun|inzwischen|mittlerweile|wirklich|"
       r"total|sehr|auch)\s+)*(?P<v>(?!(?:es|dich|euch|sie|ihn|das|dies|dieses|diese|den)\b)"
       r"(?:(?:kein\w*|die|das|den)\s+)?[\wäöüß-]+)(?=\s+(?:nicht\s+mehr|mehr|jetzt|sehr|"
       r"total|wirklich|nun)\b|\s*[.,;!?]|$)",
       "{s} {v}.", lang="de", reads=_feeling_de),
    _p(_LIKING + "{hv}", r"(?:\b(?i:je\s+n['’]|l['’]utilisateur\s+n['’])(?P<f>(?i:aime))\s+(?i:pas|"
       r"plus)|\b(?i:j['’]|je\s+|l['’]utilisateur\s+)"
       r"(?P<f3>(?i:adore|aime|déteste))(?:\s+(?i:bien|beaucoup|vraiment|trop))?)\s+"
       r"(?P<v>(?i:le|la|les)\s+[\wàâçéèêëîïôûù'’-]+|(?i:l['’])[\wàâçéèêëîïôûù-]+)"
       r"(?=\s+(?:maintenant|désormais|en\s+ce\s+moment|aussi|beaucoup)\b|\s*[.,;!?]|$)",
       "{s} {v}.", lang="fr", reads=_feeling_fr),
    _p(_LIKING + "{hv}", r"\b(?:(?P<my>(?i:(?:ya\s+)?no\s+me|me))|"
       r"(?i:al\s+usuario\s+(?:no\s+)?le))\s+(?P<f>(?i:encanta|encantan|gusta|gustan))"
       r"(?:\s+(?i:mucho|muchísimo|bastante))?\s+"
       r"(?P<v>(?i:el|la|los|las)\s+[\wáéíóúñü-]+)(?=\s+(?:ahora|ya|también|mucho)\b|"
       r"\s*[.,;!?]|$)", "a {s} {v}.", lang="es", possessive=True, reads=_feeling_es),
    _p(_LIKING + "{k}", r"(?:(?P<my>我)|用户)(?:现在|也|真的|特别|非常|很|超|还是|不再)*"
       r"(?P<f>不喜欢|喜欢|讨厌|爱)(?P<v>(?P<k>(?!喝|吃|的|你|他|她|它|我)"
       r"[\u4e00-\u9fffA-Za-z]{1,8}?))"
       r"(?=了|[，。！？；,.!?\s]|$)", "{s}{v}。", lang="zh", possessive=True,
       reads=_feeling_zh),
    # a liking that turned, the thing named once: "I used to hate running but now I love it",
    # "Früher mochte ich keinen Kaffee, jetzt liebe ich ihn", "Avant je détestais les
    # épinards, maintenant j'adore ça", "Antes odiaba el café, ahora me encanta",
    # "我以前讨厌咖啡，现在很喜欢"
    _p(_LIKING + "{hv}", r"\bI\s+used\s+to\s+(?i:hate|dislike|love|like|enjoy|adore)\s+"
       + _EN_LIKED + r"\s*[,;]?\s+(?:(?i:but|and)\s+)?(?:(?i:now|these\s+days)\s*,?\s+)?I\s+"
       + _EN_ADVERBS + r"(?P<f>(?i:love|like|enjoy|adore|hate|dislike|can['’]t\s+stand))\s+"
       r"(?i:it|them)\b", "{s} {v}.", True, reads=_feeling, denies=True),
    _p(_LIKING + "{hv}", r"\b(?i:früher)\s+(?i:mochte|hasste|liebte)\s+(?i:ich)\s+"
       r"(?:(?i:kein\w*)\s+)?(?P<v>[\wäöüß-]+)\s*,\s*(?:(?i:aber)\s+)?(?i:jetzt|heute|"
       r"inzwischen|mittlerweile)\s+(?P<f>(?i:mag|liebe|hasse))\s+(?P<my>(?i:ich))\s+"
       r"(?i:ihn|sie|es)\b", "{s} {v}.", True, lang="de", possessive=True, reads=_feeling_de,
       denies=True),
    _p(_LIKING + "{hv}", r"\b(?i:avant|autrefois)\s*,?\s+(?i:je\s+|j['’])(?:(?i:n['’]))?"
       r"(?i:détestais|aimais|adorais)(?:\s+(?i:pas))?\s+(?P<v>(?i:le|la|les)\s+"
       r"[\wàâçéèêëîïôûù-]+|(?i:l['’])[\wàâçéèêëîïôûù-]+)\s*,\s*(?:(?i:mais)\s+)?"
       r"(?i:maintenant|aujourd['’]hui|désormais)\s*,?\s+(?i:je\s+|j['’])(?:(?i:l['’]|les)\s*)?"
       r"(?P<f3>(?i:adore|aime|déteste))(?:\s+(?i:ça|bien))?\b",
       "{s} {v}.", True, lang="fr", reads=_feeling_fr, denies=True),
    _p(_LIKING + "{hv}", r"\b(?i:antes)\s+(?:(?i:odiaba)|(?:(?i:no)\s+)?(?i:me)\s+"
       r"(?i:gustaba|gustaban|encantaba|encantaban))\s+(?P<v>(?i:el|la|los|las)\s+"
       r"[\wáéíóúñü-]+)\s*,\s*(?:(?i:pero)\s+)?(?i:ahora)\s+(?P<my>(?i:me))\s+"
       r"(?P<f>(?i:encanta|encantan|gusta|gustan))\b", "a {s} {v}.", True, lang="es",
       possessive=True, reads=_feeling_es, denies=True),
    _p(_LIKING + "{k}", r"(?P<my>我)(?:以前|之前|原来)(?:很|特别|非常)?(?:讨厌|不喜欢)"
       r"(?P<v>(?P<k>[\u4e00-\u9fffA-Za-z]{1,6}?))[，,]\s*(?:但是?|可是)?(?:现在|如今)我?"
       r"(?:很|特别|非常|超|也)?(?P<f>喜欢|爱)", "{s}{v}。", True, lang="zh", possessive=True,
       reads=_feeling_zh, denies=True),
    # one thing liked more than another, keyed by each like "prefer … over …" (so a
    # favourite that is the other one is replaced, see _gone)
    *(_p(_PREFER + f"{{h{key}}}", regex, template, lang=lang, possessive=lang in ("es", "zh"),
         reads=lambda m: m["v"] or m.groupdict().get("v2") or "")
      for regex, template, lang in _COMPARED for key in "kv"),
    # a food or drink liked best, in German and Chinese said by the verb: "Ich esse jetzt am
    # liebsten Fischbrötchen", "Inzwischen trinke ich lieber Tee", "我现在更喜欢喝咖啡了"
    _p("favourite essen", r"\b(?i:esse|isst)\s+(?:(?i:ich|er|sie|wir)\s+)?" + _NOW
       + r"(?i:am\s+liebsten|lieber)\s+" + _DE_VALUE, "{s} hat als Lieblingsessen {v}.", True,
       lang="de"),
    _p("favourite getränk", r"\b(?i:trinke|trinkt)\s+(?:(?i:ich|er|sie|wir)\s+)?" + _NOW
       + r"(?i:am\s+liebsten|lieber)\s+(?P<v>" + _DE_DRINKS + r")\b", _DE_DRINK_TEMPLATE, True,
       lang="de"),
    *(_p(f"favourite {kind}", r"(?:(?P<my>我)|用户)(?:现在|目前|最近|还是)*(?P<more>最|更)喜欢"
         + verb + r"(?P<v>[\u4e00-\u9fffA-Za-z]{1,8}?)(?=了|[，。！？；,.!?\s]|$)",
         "{s}最喜欢" + verb + "{v}。", lang="zh", possessive=True) for kind, verb in
      (("drink", "喝"), ("food", "吃"))),
)


_BEEN = r"\b(?i:am|is|['’]m|(?:have|has|['’]ve)\s+been)\s+"
"""Being something now, or for a while up to now ("I've been a designer at Canva")."""
_EN_HOME, _EN_WORK = "{s} lives in {v}.", "{s} works at {v}."
_COMPANY = (r"(?:(?i:my|our|his|her|their|the)\s+[a-z]+(?:\s+[a-z]+)?|(?i:us|me|him|her|them)|"
            r"[A-Z][\w'’-]+)(?:\s+and\s+(?:others|[a-z]+))?")
"""Whom someone moved in with ("my parents", "us", "Tom"; said of the user: "the user and
others")."""
_NO_MONTH = r"(?!(?:" + "|".join(MONTH_NAMES["en"]) + r")\b)"
"""Not a month where a place may follow "in" ("moved in with Tom in March")."""
_JOBS = (r"teacher|nurse|doctor|surgeon|dentist|vet|veterinarian|pharmacist|paramedic|midwife|"
         r"therapist|psychologist|counsell?or|social\s+worker|carer|caregiver|nanny|engineer|"
         r"developer|programmer|designer|architect|scientist|researcher|analyst|consultant|"
         r"accountant|lawyer|solicitor|barrister|attorney|paralegal|banker|economist|"
         r"manager|director|secretary|receptionist|administrator|assistant|clerk|cashier|"
         r"chef|cook|baker|butcher|barista|bartender|waiter|waitress|server|plumber|"
         r"electrician|carpenter|builder|mechanic|technician|welder|painter|decorator|"
         r"gardener|farmer|cleaner|driver|courier|pilot|firefighter|police\s+officer|"
         r"officer|soldier|journalist|reporter|writer|author|editor|translator|interpreter|"
         r"photographer|artist|illustrator|musician|actor|actress|librarian|lecturer|"
         r"professor|tutor|hairdresser|barber|tailor|salesman|saleswoman|estate\s+agent|"
         r"realtor|postman|postwoman|dietitian|nutritionist|optician|radiographer|"
         r"physiotherapist|physio|firefighter|landscaper|copywriter|freelancer|entrepreneur|"
         r"tester|dev|supervisor|coordinator|specialist|instructor|lead|potter|florist|"
         r"jeweller|jeweler")
"""Trades by name: "I'm a nurse", "my mum is a teacher" give the job slot without "at"."""
JOBS = _JOBS
_TITLE_CASE_JOB = r"(?:[A-Z][a-z]+\s+){0,3}(?=[A-Z])(?i:" + _JOBS + r")\b"
"""A job title written in capitals ("Staff Data Engineer", "Head Chef")."""
_RANKED = (r"(?:(?i:head|senior|junior|lead|chief|principal|deputy|staff|sous)\s+(?:[a-z]+\s+)?"
           r"(?i:" + _JOBS + r")|(?!(?i:the|a|an|my|your|his|her|its|our|their|no|not|this|that|"
           r"still|also|now|just|currently|really|so|very)\b)(?:[A-Z]{2,4}|[a-z]+)\s+"
           r"(?i:lead|manager|director|supervisor|coordinator))")
"""A job with its rank, which needs no article ("head chef", "senior engineer"), or one that
leads something ("QA lead", "project manager")."""
_DE_JOBS = (r"(?:[A-ZÄÖÜ][a-zäöüß]*)?(?:[Aa]rzt|[Ää]rztin|[Ll]ehrer(?:in)?|[Pp]fleger(?:in)?|"
            r"[Ii]ngenieur(?:in)?|[Ee]ntwickler(?:in)?|[Ff]ahrer(?:in)?|[Bb]erater(?:in)?|"
            r"[Tt]echniker(?:in)?|[Vv]erkäufer(?:in)?|[Kk]aufmann|[Kk]auffrau|[Mm]eister(?:in)?|"
            r"[Ll]eiter(?:in)?)|"
            r"Krankenschwester|Informatiker(?:in)?|Programmierer(?:in)?|Anwalt|Anwältin|"
            r"Architekt(?:in)?|Koch|Köchin|Bäcker(?:in)?|Kellner(?:in)?|Polizist(?:in)?|"
            r"Journalist(?:in)?|Designer(?:in)?|Friseur(?:in)?|Elektriker(?:in)?|"
            r"Mechaniker(?:in)?|Tischler(?:in)?|Schreiner(?:in)?|Buchhalter(?:in)?|"
            r"Apotheker(?:in)?|Erzieher(?:in)?|Professor(?:in)?|Pilot(?:in)?|Fotograf(?:in)?|"
            r"Künstler(?:in)?|Musiker(?:in)?|Schauspieler(?:in)?|Manager(?:in)?|"
            r"Sekretär(?:in)?|Beamter|Beamtin|Hebamme|Physiotherapeut(?:in)?|"
            r"Psychologe|Psychologin|Wissenschaftler(?:in)?|Forscher(?:in)?|Übersetzer(?:in)?|"
            r"Landwirt(?:in)?|Gärtner(?:in)?|Maler(?:in)?|Richter(?:in)?|Steuerberater(?:in)?")
"""German trades by name, said without "als" ("Ich bin jetzt Ärztin"): a noun alone could be
a nationality, a diet or a family role ("Ich bin Berliner", "Vegetarier", "Vater")."""
_TAUGHT = r"yoga|pilates|piano|guitar|violin|dance|swimming|karate|judo|science|maths|PE"
"""What a teacher teaches besides fields of study ("I teach yoga")."""
_SUBJECTS = (r"law|medicine|economics|history|maths?|mathematics|physics|chemistry|biology|"
             r"engineering|computer\s+science|data\s+science|psychology|philosophy|sociology|"
             r"politics|political\s+science|architecture|nursing|literature|linguistics|"
             r"english|music|fine\s+art|art|business|accounting|finance|marketing|geography|"
             r"journalism|design|pharmacy|dentistry|education|anthropology|statistics|"
             r"geology|drama|theology|classics|veterinary\s+medicine|management|midwifery|"
             r"nutrition|dietetics|physiotherapy|optometry|radiography|"
             r"[a-z]+(?:ology|onomy|ography|osophy|istry|ics)")
"""Fields of study, so "I switched to medicine" is read as a new subject."""
_DE_SUBJECTS = (r"Jura|(?:Zahn|Tier)?[Mm]edizin|Mathe|Pharmazie|Pflege|Lehramt|Musik|Kunst|"
                r"Architektur|Maschinenbau|Elektrotechnik|Geschichte|Germanistik|Anglistik|"
                r"Romanistik|Theologie|BWL|VWL|[A-ZÄÖÜ][a-zäöüß]*(?:wissenschaften?|ik|ie|lehre)")
_FR_SUBJECTS = (r"droit|médecine|économie|histoire|maths|lettres|architecture|pharmacie|"
                r"musique|gestion|commerce|marketing|journalisme|sciences\s+politiques|"
                r"ingénierie|informatique|[a-zéè]+(?:logie|sophie|ique|graphie|mie)")
_ES_SUBJECTS = (r"derecho|medicina|economía|historia|matemáticas|arquitectura|periodismo|"
                r"enfermería|farmacia|veterinaria|magisterio|bellas\s+artes|ingeniería|"
                r"informática|administración\s+de\s+empresas|[a-záéíóúñ]+(?:logía|sofía|"
                r"ica|grafía|mía)")
"""Fields of study in German, French and Spanish, by name or by their endings
("Informatik", "sociologie", "psicología"), so a switch to one is read as a new subject."""
# Sports, games, instruments and pastimes by their German, French and Spanish names: what
# someone plays, does or goes out to do, one "play {v}" slot each (see _PLAYED).
_DE_PLAYED = (r"Fu(?:ß|ss)ball|(?:Tisch)?[Tt]ennis|Golf|Handball|Basketball|Volleyball|"
              r"Badminton|Squash|(?:Eis|Feld)?[Hh]ockey|Rugby|Padel|Schach|Poker|Klavier|"
              r"(?:E-)?Gitarre|Geige|Bratsche|Cello|Schlagzeug|(?:Quer|Block)?[Ff]löte|"
              r"Klarinette|Saxo(?:ph|f)on|Trompete|Posaune|Harfe|Orgel|Keyboard|Bass|Ukulele")
_DE_DONE = (r"Yoga|Pilates|Karate|Judo|Taekwondo|Kampfsport|Krafttraining|Cross[Ff]it|"
            r"Leichtathletik|Ballett|Zumba|Kickboxen|Boxen|Aikido|Triathlon|Sport")
_DE_GONE_TO = (r"schwimmen|joggen|laufen|klettern|wandern|radfahren|Rad\s+fahren|reiten|"
               r"tanzen|bouldern|segeln|surfen|skifahren|Ski\s+fahren|rudern|angeln|tauchen|"
               r"kegeln|bowlen|golfen|boxen|walken|paddeln")
_DE_GAP = (r"(?:(?P<when>(?i:(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|"
           r"morgen|abend|vormittag|nachmittag)s|jeden\s+[A-ZÄÖÜ]\w+|am\s+Wochenende))\s+|"
           r"[\wäöüß]+\s+){0,4}?")
"""The words between a German verb and what is done, which may say on which days ("Ich spiele
dienstags Tennis"): kept in the statement, as a question of when asks."""
_FR_PLAYED = (r"football|foot|tennis(?:\s+de\s+table)?|ping-pong|golf|handball|basket(?:-ball)?|"
              r"volley(?:-ball)?|badminton|squash|hockey|rugby|padel|échecs|poker|bridge|piano|"
              r"guitare|violon(?:celle)?|batterie|flûte|clarinette|saxophone|trompette|harpe|"
              r"orgue|basse|ukulélé")
_FR_DONE = (_FR_PLAYED + r"|yoga|pilates|natation|escalade|course\s+à\s+pied|running|jogging|"
            r"vélo|cyclisme|randonnée|ski|surf|danse|boxe|judo|karaté|musculation|équitation|"
            r"voile|plongée|théâtre|peinture|photographie|poterie|couture|tricot|jardinage|"
            r"méditation|cross[Ff]it|aviron|kayak|patinage|escrime|athlétisme|sport")
_ES_GAMES = (r"fútbol|futbol|tenis(?:\s+de\s+mesa)?|pádel|padel|golf|balonmano|baloncesto|"
             r"básquet|voleibol|bádminton|squash|hockey|rugby|ajedrez|póker")
_ES_INSTRUMENTS = (r"piano|guitarra|violín|violonchelo|viola|batería|flauta|clarinete|saxofón|"
                   r"trompeta|arpa|órgano|bajo|ukelele")
_ES_PLAYED = _ES_GAMES + "|" + _ES_INSTRUMENTS
_ES_DONE = (r"yoga|pilates|natación|escalada|ciclismo|senderismo|running|boxeo|judo|kárate|"
            r"surf|esquí|baile|danza|atletismo|crossfit|equitación|remo|buceo|pintura|"
            r"fotografía|cerámica|jardinería|meditación|deporte")
# Languages someone speaks or learns: English names by their endings, the others by name.
_EN_LANGS = (r"(?:[A-Z][a-z]+(?:ish|ese|ian|ic|an)|French|Dutch|Greek|Thai|Hindi|Swahili|Welsh|"
             r"Irish|Latin|Hebrew|Farsi|Urdu|Tagalog|Czech|Basque|Catalan|Mandarin|Cantonese|"
             r"Portuguese|ASL|BSL)")
_DE_LANGS = r"(?:[A-ZÄÖÜ][a-zäöü]+isch|Deutsch|Latein|Hebräisch|Mandarin|Kantonesisch)"
_FR_LANGS = (r"(?:anglais|français|espagnol|allemand|italien|portugais|japonais|chinois|"
             r"mandarin|russe|arabe|néerlandais|coréen|grec|turc|polonais|suédois|norvégien|"
             r"danois|hébreu|hindi|catalan|breton|basque|vietnamien|thaï|ukrainien|roumain|"
             r"hongrois|tchèque|finnois|persan|latin|occitan)")
_ES_LANGS = (r"(?:inglés|francés|alemán|italiano|portugués|japonés|chino|mandarín|ruso|árabe|"
             r"catalán|euskera|gallego|coreano|neerlandés|holandés|griego|turco|polaco|sueco|"
             r"hebreo|hindi|latín|español|castellano|valenciano)")



def _unnamed(pattern: str) -> str:
    """``pattern`` with its value group unnamed, to match a job said before a place."""
    return pattern.replace("(?P<v>", "(?:")


def _listed(one: str, joint: str) -> str:
    """A value group of one or more of ``one`` ("Englisch und Spanisch", "inglés y francés")."""
    return rf"(?P<v>{one}(?:(?:\s*,\s*|\s+{joint}\s+){one})*)"


_STUDY_VALUE = (r"(?P<v>(?!(?:for|at|in|to|hard|abroad|with|a|an|the|my|tonight|today|late|"
                r"online|together|from|on|all|every|more|less|again|there|here|it|this|that|"
                r"part|full|remotely|now)\b)[A-Za-z][a-z-]+(?:\s+(?!(?:at|in|for|now|these|"
                r"since|and|but|with|this|next|last)\b)[a-z][a-z-]+){0,2}?)"
                r"(?=\s+(?:at|in|for|now|these\s+days|since|and|but|with|this|next|last)\b|"
                r"[.,;!?]|$)")
_DEGREE = (r"(?i:degree|course|masters|master['’]s|phd|ba|bsc|ma|msc|mba|mphil|doctorate|"
           r"diploma)")
"""A degree or course one does in a subject ("a Masters in ecology")."""
_ACTIVITIES = ("run jog swim cycle bike walk hike climb row skate ski surf dance box train "
               "sail fish ride boulder paddle")
"""What someone goes out to do at a time of day ("I run in the evenings")."""
_HABIT = "when "
"""The slots of when a habit is done ("when climbing"), named by the activity."""
_DAYS = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days"
_WHEN_ONCE = (r"(?:in\s+the\s+(?:early\s+|late\s+)?(?:mornings?|afternoons?|evenings?)|"
              r"at\s+night|(?:at|on)\s+(?:the\s+)?weekends?|on\s+weekdays|"
              r"on\s+" + _DAYS + r"(?:(?:\s*,\s*|\s+and\s+)" + _DAYS + r")*|(?:every|each)\s+"
              r"(?:morning|evening|afternoon|night|day|weekend|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|"
              r"Sun)day)|(?:before|after)\s+work|at\s+lunch(?:time)?)\b")
_CLASSES = (r"yoga|pilates|spin|zumba|barre|choir|karate|judo|boxing|dance|pottery|therapy|"
            r"physio|book\s+club|band\s+practice|football\s+practice|training|swimming\s+lessons|"
            r"piano\s+lessons|guitar\s+lessons|French|Spanish|German|Italian")
"""What one has on set days, as a class or session."""
_VOLUNTEERED = (r"(?P<v>(?!(?i:yesterday|today|tonight|tomorrow|home|night|weekends?|the\s+"
                r"(?:moment|weekends?))\b)(?:(?i:the|a|an)\s+)?(?:[\w'’&-]+\s+){0,3}?[\w'’&-]+)"
                r"(?P<w>\s+" + _WHEN_ONCE + r")?(?=\s+(?:on|every|each|twice|once|now|instead|"
                r"in|these|since|and|over|during|for|this|last|next|with|a\s+few)\b|"
                r"\s*[.,;!?(]|$)")
"""Where one volunteers, a name or a place said with its article ("the library"), and when."""
_CLASS = r"(?i:class(?:es)?|lessons?|sessions?|practice|night)"
_WHEN_DONE = r"(?P<v>" + _WHEN_ONCE + r"(?:\s+" + _WHEN_ONCE + r")?)"
"""When a habit is done: "on Tuesdays and Thursdays after work", "every morning"."""
_HOBBY_END = (r"(?:now|lately|recently|these|last|this|again|twice|once|every|at|with|on|in|and|"
               r"but|for|since|instead|anymore|any|three|four|five|six|several|most|each|a|"
               r"whenever|when|because|after|before|mostly|usually|regularly|\d+)\b")
# A pastime may open with a name of two words ("Brazilian jiu-jitsu", "Muay Thai"), not with
# a common word nor a name alone ("I do Mondays and Thursdays").
_HOBBY = (r"(?P<v>(?!(?i:it|that|this|the|a|an|my|your|his|her|them|you|trouble|debt|bed|work|"
          r"university|college|school|uni|town|shape|character|something|anything|nothing|"
          r"everything|lots|stuff|things|drugs|fights?|arguments?|well|fine|great|good|ok|okay|"
          r"better|worse|badly|alright|overtime|shifts?|nights|research|homework|more|less|"
          r"much|so|too|really|very|not|like|love|think|know|believe|want|need|have|hope|mean|"
          r"agree|remember|miss|feel|get|see|understand|care|wonder|" + _PLAYED + r")\b)"
          r"(?:[a-z][a-z-]{2,}|[A-Z][a-z-]{2,}(?=\s+(?!" + _HOBBY_END + r")[A-Za-z]))"
          r"(?:\s+(?!" + _HOBBY_END + r")[A-Za-z][a-z-]{2,})?)"
          r"(?=\s+" + _HOBBY_END + r"|[.,;!?]|$)")
"""An activity someone took up ("got into climbing", "I've been doing pottery")."""
_SWITCH = (r"\b(?:(?i:switched|switching|changed|changing|moved|moving|went|gone)\s+"
           r"(?:(?i:over)\s+)?(?i:from)|(?i:swapped|swapping|traded|exchanged|replaced)"
           r"(?:\s+(?i:my|the|our))?)\s+(?:(?i:the|playing|doing)\s+)?")
_SWITCH_TO = r"\s+(?i:to|for|with)\s+(?:(?i:the|an?|playing|doing)\s+)?"
_SWITCHED = (r"(?!(?:" + _PLAYED + r"|" + _SUBJECTS + r")\b)[a-z][a-z-]{2,}ing|yoga|pilates|"
             r"karate|judo|taekwondo|aikido|jiu-jitsu|kung\s+fu|tai\s+chi|crossfit|parkour|"
             r"ballet|zumba|pottery|photography|ceramics|calligraphy|origami|embroidery")
"""A pastime switched from or to ("from climbing to surfing", not "from tea to coffee");
what is played and what is studied have their own slots."""
_GONE = (r"(?P<who>\b(?!I\b)[A-Z][\w'’-]+)\s+(?:(?i:has|had|sadly|just|recently)\s+)*"
         r"(?P<v>(?i:passed\s+away|died|was\s+put\s+down|was\s+put\s+to\s+sleep|"
         r"was\s+re-?homed|was\s+given\s+away))\b")
"""Someone (or a pet) named as gone for good: "Pickle passed away", "Miso was rehomed"."""
_RAN_AWAY = (r"(?P<who>\b(?!I\b)[A-Z][\w'’-]+)\s+(?:(?i:has|had|sadly|just|recently)\s+)*"
             r"(?P<v>(?i:ran\s+away|went\s+missing|has\s+gone\s+missing))\b")
"""A pet named as lost ("Sadly Pickle ran away last week"): no longer the user's."""
_WHO = r"(?P<who>(?!I\b)[A-Z\u00c0-\u00de][\w'’-]+)"
_SCHOOL = (r"(?:[A-Z][\w'’-]*\s+)+(?:Primary|Elementary|Kindergarten|Nursery|Preschool|"
           r"Pre-school|School|Montessori|Middle|High)\b(?:\s+School)?")
"""A child's school by name ("Oakwood Primary", "St Mary's School"): no employer."""
SCHOOL = _SCHOOL
_A_SCHOOL = r"\s+" + _SCHOOL
_NAMED = (r"(?!(?:I|We|He|She|They|You|Ich|Wir|Er|Sie|Es|Je|Nous|On|Il|Elle|Ils|Elles|Yo|"
          r"Nosotros|Él|Ella|Ellos|Ellas|Mi|Mein|Meine|Mon|Ma)\b)[A-Z\u00c0-\u00de][\w'’-]+")
"""A person's name, no pronoun nor possessive."""
_APPOSED = r"(?:,\s+[^,.;!?]{3,40},)?"
"""Who a named person is, between commas ("Carla, la prima del usuario, está casada")."""
_STATUS_READS = (("verheiratet", "married"), ("geheiratet", "married"), ("verlobt", "engaged"),
                 ("geschieden", "divorced"), ("getrennt", "separated"), ("mari", "married"),
                 ("épous", "married"), ("fianc", "engaged"), ("divorc", "divorced"),
                 ("sépar", "separated"), ("casa", "married"), ("casó", "married"),
                 ("promet", "engaged"), ("compromet", "engaged"), ("separ", "separated"),
                 ("结婚", "married"), ("订婚", "engaged"), ("离婚", "divorced"),
                 ("分手", "separated"))
"""A word of marriage, engagement or parting in German, French, Spanish or Chinese: the
relationship it says, as the English rules name it."""
_OTHERS_STATUS = (
    (r"\b(?P<who>" + _NAMED + r")" + _APPOSED + r"\s+(?:(?i:und)\s+" + _NAMED + r"\s+)?"
     r"(?i:ist|sind|hat|haben)\s+"
     r"(?:(?i:jetzt|nun|inzwischen|endlich|seit\s+\w+|mit\s+" + _NAMED + r"|sich)\s+)*"
     r"(?P<v>(?i:verheiratet|geheiratet|verlobt|geschieden|getrennt))\b", "de"),
    (r"\b(?P<who>" + _NAMED + r")" + _APPOSED + r"\s+(?:(?i:et)\s+" + _NAMED + r"\s+)?"
     r"(?:(?i:est|sont|s['’]est|"
     r"se\s+sont|a|ont)\s+)(?:(?i:maintenant|désormais|enfin)\s+)*"
     r"(?P<v>(?i:mariée?s?|fiancée?s?|divorcée?s?|séparée?s?|épousé))\b", "fr"),
    (r"\b(?P<who>" + _NAMED + r")" + _APPOSED + r"\s+(?:(?i:y)\s+" + _NAMED + r"\s+)?"
     r"(?:(?i:ya|ahora|por\s+fin)\s+)*"
     r"(?i:está|están|se\s+ha|se\s+han|se)\s+(?P<v>(?i:casad[oa]s?|casó|casaron|prometid[oa]s?|"
     r"comprometi(?:d[oa]s?|ó|eron)|divorciad[oa]s?|divorció|divorciaron|separad[oa]s?|separó|"
     r"separaron))\b", "es"),
    (r"(?:^|(?<=[，,。；\s]))(?P<who>(?![我你他她])[\u4e00-\u9fff]{2,3}?)(?:和(?!我)[\u4e00-\u9fff]{1,3}?)?"
     r"(?:已经|刚刚?|终于|上个月|去年|今年)?(?P<v>结婚|订婚|离婚|分手)了?", "zh"),
)
"""Someone's marriage, engagement or parting, by name (see the relationship patterns)."""
_PET = r"(?:(?i:our|my|the|poor|old|sweet|little|unsere?n?|unser|notre|nuestr[oa])\s+)*"
PARTED: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(regex), said) for regex, said
                                                         in (
    (_GONE, ""),
    (_RAN_AWAY, ""),
    (r"\b(?:RIP|R\.I\.P\.?)\s+" + _WHO, "{who} passed away."),
    (r"\b(?i:re-?home[ds]?|re-?homing|gave\s+away|given\s+away|found\s+a\s+(?:new\s+)?home\s+for|"
     r"had\s+to\s+give\s+up)\s+(?:(?i:our|my|the)\s+(?:[a-z]+\s+){1,2}?)?" + _WHO,
     "{who} was rehomed."),
    # "We had to put Rex down", not a child put down for a nap
    (r"\b(?i:had|have|having|decided)\s+to\s+put\s+" + _PET + _WHO
     + r"\s+(?i:down|to\s+sleep)\b(?!\s+(?i:for|at|after|before)\b)", "{who} was put down."),
    # "Bello ist gestorben", "Wir mussten Bello einschläfern lassen"
    (_WHO + r"\s+(?:(?i:ist|sind)\s+(?:[\wäöüß]+\s+){0,3}?(?i:gestorben|verstorben|tot|"
     r"eingeschläfert\s+worden)|(?i:einschläfern\s+lassen|eingeschläfert))\b", ""),
    # "Wir haben Luna abgegeben", "On a fait adopter Filou", "Dimos a Toby en adopción"
    (r"\b(?i:haben|habe|hat|mussten|musste)\s+(?:(?i:wir|ich)\s+)?" + _PET + _WHO
     + r"\s+(?:[\wäöüß]+\s+){0,2}?(?i:abgegeben|weggegeben|abgeben)\b", ""),
    (r"\b(?i:fait\s+adopter|donné|confié)\s+" + _PET + _WHO, ""),
    (r"\b(?i:dimos|di|hemos\s+dado|he\s+dado|tuvimos\s+que\s+dar)\s+(?:(?i:en\s+adopción)\s+)?"
     r"a\s+" + _PET + _WHO + r"(?:\s+(?i:en\s+adopción))?", ""),
    # "Filou est mort", "On a dû faire euthanasier Filou"
    (_WHO + r"\s+(?:(?i:est|es)\s+(?:[\wàâçéèêëîïôûù]+\s+)?(?i:morte?|décédée?)|"
     r"(?i:nous\s+a\s+quittés))\b", ""),
    (r"\b(?i:euthanasier|faire\s+piquer|endormir)\s+" + _PET + _WHO, ""),
    # "旺财上个月去世了"
    (r"(?:^|(?<=[，。！？；,.!?\s]))(?P<who>[\u4e00-\u9fff]{2,3}?)(?:上个?月|上周|昨天|前天|去年|今年|"
     r"已经|前几天)*(?:去世|死|病死|走)了", "{who}去世了。"),
    # "Toby murió", "Tuvimos que sacrificar a Toby"
    (_WHO + r"\s+(?i:murió|falleció|se\s+murió|ha\s+muerto|ha\s+fallecido|se\s+ha\s+muerto|"
     r"nos\s+dejó)(?!\w)", ""),
    (r"\b(?i:sacrificar|sacrificamos|dormir|dormimos|eutanasiar)\s+a\s+" + _PET + _WHO, ""),
))
"""Someone (or a pet) named as gone for good, each with how an English fact says it when its
words are no fact the semantic rules read ("We had to put Rex down": "Rex was put down.");
a death the rules read already, or one said in another language, with none."""


def parted(text: str) -> list[tuple[str, str]]:
    """Who ``text`` says is gone for good (see PARTED), each with its fact or ""."""
    return [(m["who"], said.format(who=m["who"])) for regex, said in PARTED
            for m in regex.finditer(text)]


def _gerund(verb: str) -> str:
    """The -ing form of an activity: run -> running, cycle -> cycling; one already is."""
    verb = verb.casefold()
    if verb.endswith("ing"):
        return verb
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", verb):  # run, swim, jog
        return verb + verb[-1] + "ing"
    return verb + "ing"


_ENTHUSED = (r"(?:keen|avid|passionate|enthusiastic|obsessive|dedicated|lifelong|serious|casual|"
             r"amateur|weekend|big|huge|massive|mad|total|proper|regular|bit\s+of\s+an?)")
"""What says a doer is one by choice ("a keen gardener", "a bit of a swimmer"), not by trade."""
_PASTIME_DOERS = (r"runner|jogger|climber|boulderer|swimmer|cyclist|hiker|surfer|skier|"
                r"snowboarder|skater|golfer|rower|knitter|birdwatcher")
"""Doers of a pastime that is no trade, a hobby said without a word of choice."""
_NOT_DOERS = (r"believer|supporter|follower|lover|drinker|eater|sleeper|smoker|spender|talker|"
              r"worrier|user|customer|member|owner|beginner|learner|player|sister|brother|"
              r"mother|father|daughter|partner|leader|thinker|dreamer|worker|commuter|"
              r"listener|timer|fighter")
"""Words said like a doer of a pastime that name none ("a big believer", "a keen learner")."""
_DWELLER = (r"(?P<{g}>(?!(?i:" + _JOBS + "|" + _NOT_DOERS + r"|partner|member|owner|winner|"
            r"beginner|vegetarian|librarian|musician|technician|physician|politician|comedian|"
            r"guardian|christian)\b)(?:New\s+)?[A-Z][a-z]{{2,}}(?:er|ian))")
"""Who lives in a place, by its name ("Londoner", "New Yorker", "Parisian"), not a trade or a
role said with a capital ("Manager", "Partner")."""
_DOER_ENDS = (("grapher", "graphy"), ("cyclist", "cycling"), ("er", "ing"))


def _activity(doer: str) -> str:
    """The pastime of its doer: gardener -> gardening, runner -> running, photographer ->
    photography; any other word as it is."""
    word = doer.casefold()
    for end, done in _DOER_ENDS:
        if word.endswith(end):
            return word[:-len(end)] + done
    return word


_DE_LIKED = (r"(?!(?i:hätte|möchte|würde|habe|hatte|wäre|esse|trinke|nehme|hole|bestelle|"
             r"sage|glaube|denke|helfe|bleibe|warte)\b)[a-zäöüß]{2,}e")
"""A German verb done "gern" as a pastime ("male", "backe"), not a wish or a meal ("hätte gern
einen Kaffee", "esse gern Pizza")."""
_DE_LIKED_END = r"(?:und|aber|mit|am|im|in|an|auf|bei|jeden|jede|oft|viel)\b"
"""Where what is done "gern" ends ("Ich wandere gerne in den Alpen")."""


def _switch(slot: str, lead: str, joint: str, what: str, template: str, lang: str = "en",
            tail: str = r"\b") -> tuple[_Pattern, _Pattern]:
    """The two statements of a switch from one of ``what`` to another ("switched from violin
    to viola"): the first ends (its value is the one left), the second begins."""
    return (_p(slot, lead + f"(?P<v>{what})" + joint + f"(?:{what})" + tail, "", lang=lang,
               ends=True),
            _p(slot, lead + f"(?:{what})" + joint + f"(?P<v>{what})" + tail, template, True,
               lang=lang))


def _de_infinitive(verb: str) -> str:
    """The German infinitive of a first-person verb: male -> malen, wandere -> wandern."""
    return verb + "n" if not verb.endswith(("ere", "ele")) else verb[:-1] + "n"


# French and Spanish doers of a pastime, whose pastime is no regular form of them
# ("lectrice": la lecture, "nadadora": la natación), in either gender.
_DOERS_ABROAD = {
    "fr": {"lect": "la lecture", "cour": "la course à pied", "nag": "la natation",
           "cycl": "le cyclisme", "randonn": "la randonnée", "grimp": "l'escalade",
           "ski": "le ski", "dans": "la danse", "march": "la marche", "surf": "le surf",
           "golf": "le golf", "jardin": "le jardinage", "tricot": "le tricot",
           "pêch": "la pêche", "voyag": "les voyages"},
    "es": {"lect": "la lectura", "corred": "el running", "nadad": "la natación",
           "cicl": "el ciclismo", "sender": "el senderismo", "escalad": "la escalada",
           "esquiad": "el esquí", "bail": "el baile", "surf": "el surf", "golf": "el golf",
           "viaj": "los viajes", "pescad": "la pesca"},
}
_DOER_ABROAD_END = {"fr": r"(?:eur|euse|rice|ier|ière|iste)s?",
                    "es": r"(?:or|ora|ores|oras|ista|istas|arín|arina|ero|era)"}


def _doer_abroad(lang: str) -> str:
    """A group ``v`` of the French or Spanish doers of _DOERS_ABROAD."""
    stems = "|".join(sorted(_DOERS_ABROAD[lang], key=len, reverse=True))
    return rf"(?P<v>(?:{stems}){_DOER_ABROAD_END[lang]})"


def _pastime_abroad(lang: str, doer: str) -> str:
    """The pastime of a French or Spanish ``doer`` (see _DOERS_ABROAD)."""
    low = doer.casefold()
    return next(done for stem, done in sorted(_DOERS_ABROAD[lang].items(), key=lambda d: -len(d[0]))
                if low.startswith(stem))


def _de_activity(doer: str) -> str:
    """The German pastime of its doer: Läuferin -> Laufen, Leser -> Lesen, Kletterer ->
    Klettern."""
    stem = doer.removesuffix("in").removesuffix("er").replace("äu", "au").replace("ä", "a")
    return stem + ("n" if stem.endswith(("er", "el")) else "en")


_RIDDEN = r"bus|train|tube|metro|tram|subway|underground|ferry|bike|bicycle|car|scooter"
"""What someone takes or rides to work."""


def _ridden(match: re.Match[str]) -> str:
    """How the words of ``match`` say someone travels: "cycle" by bike, "walk" on foot,
    "taking the bus" by bus."""
    words = match["v"].casefold().split()
    if words[-1] in word_set(_RIDDEN.replace("|", " ")):
        return "by bike" if words[-1] == "bicycle" else f"by {words[-1]}"
    return next(how for stems, how in (("cycl bik", "by bike"), ("driv", "by car"),
                                       ("walk jog run", "on foot"))
                if words[0].startswith(tuple(stems.split())))


def _head(value: str) -> str:
    """What a preference is about: its last word, singular ("aisle seats" -> "seat")."""
    word = _key(value).split()[-1] if value.strip() else ""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
NATIONALITIES = (r"English|British|American|Canadian|Australian|Irish|Scottish|Spanish|Mexican|"
                 r"French|German|Austrian|Swiss|Italian|Portuguese|Brazilian|Dutch|Belgian|"
                 r"Danish|Swedish|Norwegian|Finnish|Polish|Czech|Greek|Turkish|Russian|"
                 r"Ukrainian|Chinese|Japanese|Korean|Indian|Thai|Vietnamese|Arabic")
"""Nationalities and languages in English, as an alternation: what someone or something is
("I'm Canadian", "the Spanish invoice"), not a name."""
_NOT_A_NAME = (
    r"(?!(?:" + NATIONALITIES + r"|Welsh|Pakistani|Filipino|Asian|African|European|Latina|"
    r"Latino|Hispanic|Arab|Jewish|Muslim|Christian|Catholic|Protestant|Hindu|Buddhist|Sikh|Mormon|"
    r"Atheist|Vegan|Vegetarian|Single|Sorry|Fine|Okay|Good|Great|Back|Home|Here|Ready|Done|"
    r"January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Deutsche|Deutscher|Lehrer|"
    r"Lehrerin|Arzt|Ärztin|Student|Studentin|Rentner|Rentnerin|Mutter|Vater|Mama|Papa|Neue|"
    r"Neuer|Ingenieur|Ingenieurin|Krankenpfleger|Krankenschwester|Informatiker|Informatikerin|"
    r"Schüler|Schülerin|Azubi|Selbstständig|Selbstständige|Hausfrau|Hausmann|Française|"
    r"Français|Anglaise|Anglais|Allemande|Allemand|Espagnole|Espagnol|Italienne|Italien|Belge|"
    r"Suisse|Canadienne|Canadien|Américaine|Américain|Chinoise|Chinois|Japonaise|Japonais|"
    r"Marocaine|Marocain|Portugaise|Portugais|Médecin|Infirmière|Infirmier|Professeure?|"
    r"Étudiante?|Ingénieure?|Avocate?|Retraitée?|Célibataire|Enceinte|Végétarienne|Végétarien|"
    r"Española|Español|Mexican[oa]|Argentin[oa]|Colombian[oa]|Chilen[oa]|Peruan[oa]|"
    r"Venezolan[oa]|Cuban[oa]|Catalana|Catalán|Inglesa|Inglés|Francesa|Francés|Alemana|Alemán|"
    r"Italian[oa]|American[oa]|Chin[oa]|Ingenier[oa]|Médic[oa]|Enfermer[oa]|Profesora?|"
    r"Maestr[oa]|Abogad[oa]|Estudiante|Diseñadora?|Programadora?|Arquitect[oa]|Jubilad[oa]|"
    r"Solter[oa]|Casad[oa]|Vegetarian[oa]|Vegan[oa])\b)")
"""Capitalised words that say what someone is, not who ("I'm Canadian", "Hallo, ich bin
Lehrerin"); German capitalises every noun."""
_NAME_WORD = r"(?:[A-ZÀ-ÖØ-Þ][a-zß-ÿ]+|[A-Z]['’][A-Z][a-zß-ÿ]+)(?:-[A-ZÀ-ÖØ-Þ][a-zß-ÿ]+)?"
_PERSON = (r"(?P<v>" + _NOT_A_NAME + _NAME_WORD + r"(?:\s+(?:(?:de|del|de\s+la|van|von|van\s+der|"
           r"da|di|du|dos|le|la)\s+)?" + _NAME_WORD + r"){0,2})")
"""A person's name as they give it: one to three capitalised words ("Priya Raman", "Jean-Luc",
"O'Brien", "María de la Cruz")."""
_ZH_SURNAMES = ("王|李|张|刘|陈|杨|黄|赵|吴|周|徐|孙|马|朱|胡|郭|何|高|林|罗|郑|梁|谢|宋|唐|许|韩|"
                "冯|邓|曹|彭|曾|肖|田|董|袁|潘|于|蒋|蔡|余|杜|叶|程|苏|魏|吕|丁|任|沈|姚|卢|姜|"
                "崔|钟|谭|陆|汪|范|金|石|廖|贾|夏|韦|付|方|白|邹|孟|熊|秦|邱|江|尹|薛|闫|段|雷|"
                "侯|龙|史|陶|黎|贺|顾|毛|郝|龚|邵|万|钱|严|覃|武|戴|莫|孔|向|汤|欧阳|司马|诸葛")
"""Common Chinese surnames: "我是王伟" names the speaker, "我是老师" says what they do."""
_ZH_SHOP = r"[\u4e00-\u9fff]{1,6}?(?:店|馆|厅|吧|公司|工作室|诊所)"
_OWN_BUSINESS = (
    ("en", r"\b(?i:opened|started|launched|set\s+up|run|runs|running|own|owns|works\s+at)\s+"
     r"(?:(?P<my>(?i:my|our))|(?i:their|the\s+user['’]s))\s+(?i:own)\s+"
     r"(?P<v>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)"
     r"(?=\s+(?:now|in|at|with|since|and|but)\b|[.,;!?]|$)", "{s} works at {s}'s own {v}.",
     True),
    *(("fr", r"\b(?:(?i:ouvert|monté|lancé|créé)\s+(?:(?P<my>(?i:" + mine + r"))|(?i:" + its
       + r"))\s+(?i:propre)|(?i:travaille\s+en\s+indépendante?\s+dans)\s+(?i:" + one + r"))\s+"
       r"(?P<v>[a-zàâçéèêëîïôûù-]{3,})", "{s} travaille en indépendant dans " + one + " {v}.",
       True) for mine, its, one in (("mon", "son", "un"), ("ma", "sa", "une"))),
    *(("es", r"\b(?:(?i:abrí|monté|he\s+abierto|he\s+montado|ha\s+abierto|tengo|tiene)\s+"
       r"(?:(?P<my>(?i:mi))|(?i:su))\s+(?i:" + own + r")|(?i:trabaja\s+por\s+cuenta\s+propia\s+"
       r"en\s+" + one + r"))\s+(?P<v>[a-záéíóúñ]{3,})", "{s} trabaja por cuenta propia en " + one
       + " {v}.", True) for own, one in (("propio", "un"), ("propia", "una"))),
    ("zh", r"(?:自己)?开了?(?:一家|一个|家|个)(?P<v>" + _ZH_SHOP + r")|的工作是经营自己的(?P<w>"
     + _ZH_SHOP + r")", "{s}的工作是经营自己的{v}。", False))
"""One's own business as one's job, which ends the work for an employer: "I opened my own
bakery", "J'ai ouvert ma propre boulangerie", "Abrí mi propia cafetería", "现在自己开了一家
咖啡店"; each as its block line says it (the language, the regex, the template, and whether
"my" in the words says whose)."""
_JOB_FROM = (_BEEN + r"(?:an?\s+)?(?:[a-z]+\s+){0,2}?(?i:retired|" + _JOBS
             + r")\s+(?i:from)\s+")
"""A job or retirement with the town one is from ("I'm a retired teacher from Leeds")."""
_EN_INTRO = (r"\b(?P<my>I['’]m|I\s+am|(?i:my\s+name\s+is|name['’]s))\s+" + _NAME
             + r"\s*,\s*[1-9]\d?(?:\s+(?:years?\s+old|y/?o))?")
"""A name and an age, as an intro gives them ("I'm Tom, 34", "name's Jake, 31")."""
_NAME_END = (r"(?=\s*(?:[,.!?;:()–—-]|$)|\s+(?:and|from|but|here|aka|btw|und|aus|aber|et|mais|"
             r"de|y|pero|&)\b|\s+[1-9]\d?(?:\s*[,.!?;]|\s+(?:from|and|y/?o|years?)\b|$))")
"""What may follow a name given: the end of its clause, or a next one ("I'm Priya and …")."""
_DE_DOING = {verb: done for done, verbs in (
    ("joggen", "jogge joggt joggen"), ("schwimmen", "schwimme schwimmt"),
    ("klettern", "klettere klettert"), ("bouldern", "bouldere bouldert"),
    ("wandern", "wandere wandert"), ("radfahren", "radle radelt"), ("tanzen", "tanze tanzt"),
    ("reiten", "reite reitet"), ("segeln", "segle segelt"), ("surfen", "surfe surft"),
    ("rudern", "rudere rudert"), ("tauchen", "tauche taucht"))
    for verb in verbs.split()}
"""A German sport by the verb that does it ("Ich jogge", "Der Nutzer schwimmt"), as it is gone
out to do ("joggen"): no "laufe", which walks to work too."""
_ZH_SPORTS = (r"跑步|慢跑|游泳|骑车|骑自行车|爬山|健身|练瑜伽|瑜伽|打篮球|打网球|踢足球|踢球|"
              r"打羽毛球|打乒乓球|滑雪|攀岩|徒步|打太极|跳舞|拳击|冲浪")
"""Chinese sports by what one does ("跑步", "打篮球"), a "play {v}" slot each."""
_ZH_OFTEN = r"(?:每天|每周|经常|平时|周末|早上|晚上|都|也|现在|一直|常常|还|天天)*"
_ZH_DOINGS = (
    # (not a way to get somewhere: "我骑自行车上学")
    _p("play {v}", r"(?:(?<=我)|(?<=用户))" + _ZH_OFTEN + r"(?P<v>" + _ZH_SPORTS + r")"
       r"(?!上学|上班|去|到|回)", "{s}平时{v}。", lang="zh"),
    # "不跑步了，改成游泳": one ends, the other begins, said with no "我"
    _p("play {v}", r"(?:改成|换成|改为|转而|开始)了?" + _ZH_OFTEN + r"(?P<v>" + _ZH_SPORTS + r")",
       "{s}平时{v}。", True, lang="zh", unnamed=True),
    _p("play {v}", r"(?:不再?|停止了?|放弃了?|没再)(?P<v>" + _ZH_SPORTS + r")", "", lang="zh",
       ends=True, unnamed=True),
)


# A dose of something taken, one "dose {k}" slot per medicine ("I take 50mg sertraline",
# "Ich nehme 2,5 mg Ramipril", "Je prends un comprimé de Doliprane", "Tomo 5 mg de
# escitalopram", "我每天吃一片降压药"), raised or lowered to a new one ("doctor bumped my
# sertraline to 100mg", "Die Ramipril-Dosis wurde auf 5 mg erhöht", "降压药剂量加到了每天两片").
_MG = (r"\d+(?:[.,]\d+)?\s?(?:mg|mcg|µg|μg|ml|g|IU|iu|UI|IE|units?|Einheiten|unités|"
       r"unidades)(?!\w)")
_DOSE = {
    "en": r"(?P<v>" + _MG + r"|(?:\d+|one|two|three|four|half\s+a|an?)\s+(?:pills?|tablets?|"
          r"capsules?|puffs?|drops?))",
    "de": r"(?P<v>" + _MG + r"|(?:\d+|eine?|zwei|drei|vier|eine\s+halbe)\s+(?:Tabletten?|Kapseln?|"
          r"Tropfen|Hübe|Hub))",
    "fr": r"(?P<v>" + _MG + r"|(?:\d+|une?|deux|trois|quatre|un\s+demi-?)\s*(?:comprimés?|"
          r"gélules?|cachets?|gouttes?|pilules?))",
    "es": r"(?P<v>" + _MG + r"|(?:\d+|una?|dos|tres|cuatro|media)\s+(?:pastillas?|comprimidos?|"
          r"cápsulas?|gotas?|píldoras?))",
    "zh": r"(?P<v>[一二两三四五六七八九十半\d]+(?:片|粒|颗|毫克|支|滴)|\d+(?:\.\d+)?\s?mg)",
}
_MEDICINE = {
    "en": r"(?P<k>(?!(?:every|each|a|an|the|per|daily|twice|once|in|at|with|before|after|for|of|"
          r"my|now|dose|dosage|a\s+day)\b)[A-Za-z][\w-]{2,}(?:\s+[A-Z0-9]\d?\b)?)",
    "de": r"(?P<k>(?!Dosis\b)[A-ZÄÖÜ][\wäöüß]{2,}(?:\s+[A-Z0-9]\d?\b)?)",
    "fr": r"(?P<k>(?!(?:la|le|les|plus|dose)\b)[\wàâçéèêëîïôûù]{3,}(?:\s+[A-Z0-9]\d?\b)?)",
    "es": r"(?P<k>(?!(?:al|en|cada|por|del|la|el|los|las|dosis)\b)[\wáéíóúñ]{3,}"
          r"(?:\s+[A-Z0-9]\d?\b)?)",
    "zh": r"(?P<k>(?:(?![说的是把将吃])[\u4e00-\u9fff]){1,3}?(?:药|素|丸|胶囊))",
}
_DOSE_CHANGED = {
    "en": r"(?i:bumped|upped|increased|raised|lowered|reduced|cut|dropped|changed|adjusted|"
          r"doubled|halved|moved|went|gone|upped)",
    "de": r"(?i:erhöht|gesenkt|reduziert|geändert|angepasst|hochgesetzt|heruntergesetzt|"
          r"verdoppelt|halbiert|umgestellt)",
    "fr": r"(?i:passée?|augmentée?|baissée?|réduite?|diminuée?|changée?|montée?|descendue?)",
    "es": r"(?i:subieron|subió|subido|bajaron|bajó|bajado|aumentaron|aumentó|aumentado|"
          r"redujeron|redujo|reducido|cambiaron|cambió|cambiado|pasó|pasado)",
    "zh": r"(?:加|增加|减|减少|降|调|改|提高|降低|加大|减到|调整)(?:到|为|成)了?(?:每天|每日)?",
}
_DOSES = (
    _p("dose {k}", r"\b(?i:take|takes|taking|on)\s+(?:(?i:now|currently|still|just)\s+)?"
       + _DOSE["en"] + r"\s+(?:(?i:of)\s+)?(?:(?i:my)\s+)?" + _MEDICINE["en"],
       "{s} takes {v} of {k}.", unnamed=True),
    _p("dose {k}", r"\b" + _DOSE_CHANGED["en"] + r"\s+(?:(?i:me)\s+)?(?:(?i:my|the)\s+)?"
       r"(?:(?i:dose|dosage)\s+(?i:of)\s+)?" + _MEDICINE["en"] + r"(?:\s+(?i:dose|dosage))?\s+"
       r"(?:(?i:up|down)\s+)?(?i:to)\s+" + _DOSE["en"], "{s} takes {v} of {k}.", True,
       unnamed=True),
    _p("dose {k}", r"\b(?i:my|the)\s+(?:(?i:dose|dosage)\s+(?i:of)\s+)?" + _MEDICINE["en"]
       + r"(?:\s+(?i:dose|dosage))?\s+"
       r"(?:(?i:was|got|has\s+been|is|['’]s)\s+)?(?:(?i:now)\s+)?(?:" + _DOSE_CHANGED["en"]
       + r"\s+(?:(?i:up|down)\s+)?(?i:to)\s+)?" + _DOSE["en"], "{s} takes {v} of {k}.", True,
       unnamed=True),
    _p("dose {k}", r"\b(?i:nehme|nimmt)\s+(?:(?i:jetzt|nun|inzwischen|täglich|morgens|abends|"
       r"nur\s+noch)\s+)*" + _DOSE["de"] + r"\s+(?:(?i:von\s+)?)" + _MEDICINE["de"],
       "{s} nimmt {v} {k}.", lang="de", unnamed=True),
    _p("dose {k}", r"\b(?:(?i:die|meine)\s+)?" + _MEDICINE["de"] + r"-?(?i:dosis)\s+"
       r"(?:(?i:wurde|ist|wird)\s+)?(?:(?i:jetzt|nun)\s+)?(?i:auf)\s+" + _DOSE["de"] + r"\s+"
       + _DOSE_CHANGED["de"], "{s} nimmt {v} {k}.", True, lang="de", unnamed=True),
    _p("dose {k}", r"\b(?i:prends|prend)\s+(?:(?i:maintenant|désormais|actuellement|chaque\s+jour)"
       r"\s+)?" + _DOSE["fr"] + r"\s+(?:de\s+|d['’])" + _MEDICINE["fr"], "{s} prend {v} de {k}.",
       lang="fr", unnamed=True),
    # "Le médecin a baissé ma dose de paracétamol à 500 mg"
    _p("dose {k}", r"\b" + _DOSE_CHANGED["fr"] + r"\s+(?i:ma|la)\s+(?i:dose)\s+(?:de\s+|d['’])"
       + _MEDICINE["fr"] + r"\s+à\s+" + _DOSE["fr"], "{s} prend {v} de {k}.", True, lang="fr",
       unnamed=True),
    _p("dose {k}", r"\b(?i:ma|la)\s+(?i:dose)\s+(?:de\s+|d['’])" + _MEDICINE["fr"] + r"\s+"
       r"(?:(?i:est|a\s+été)\s+)?" + _DOSE_CHANGED["fr"] + r"\s+à\s+" + _DOSE["fr"],
       "{s} prend {v} de {k}.", True, lang="fr", unnamed=True),
    _p("dose {k}", r"\b(?i:tomo|toma)\s+(?:(?i:ahora|ya)\s+)?" + _DOSE["es"] + r"\s+(?:de\s+)?"
       + _MEDICINE["es"], "{s} toma {v} de {k}.", lang="es", unnamed=True),
    _p("dose {k}", r"\b(?:(?i:me)\s+" + _DOSE_CHANGED["es"] + r"\s+)?(?i:la|mi)\s+(?i:dosis)\s+"
       r"(?:de\s+|del\s+)" + _MEDICINE["es"] + r"\s+(?:(?i:se\s+)?" + _DOSE_CHANGED["es"]
       + r"\s+)?a\s+" + _DOSE["es"], "{s} toma {v} de {k}.", True, lang="es", unnamed=True),
    _p("dose {k}", r"(?:吃|服用|服)" + _DOSE["zh"] + _MEDICINE["zh"], "{s}每天吃{v}{k}。",
       lang="zh", unnamed=True),
    _p("dose {k}", _MEDICINE["zh"] + r"的?剂量" + _DOSE_CHANGED["zh"] + _DOSE["zh"],
       "{s}每天吃{v}{k}。", True, lang="zh", unnamed=True),
)
_KG = r"\s?(?:kg|kgs|kilos?|kilogram(?:s|mes|mos|m)?|Kilo(?:gramm)?|lbs?|pounds)\b"
_WEIGHT = r"(?P<v>\d{2,3}(?:[.,]\d)?" + _KG + r")"
"""A body weight ("76 kg", "82,5 Kilo", "180 lbs"); a unit is needed, or any number reads."""
_LOST = r"(?P<u>" + _KG + r")"
_WEIGHT_AFTER = (r"(?P<v>\d{2,3}(?:[.,]\d)?)(?:" + _KG
                 + r")?(?![.,]?\d|\s?(?:%|cm\b|years?\b|days?\b|weeks?\b))")
"""A weight told after a loss or gain, its unit the loss's ("lost 6 kg, now 76")."""


def _weight_after(match: re.Match[str]) -> str:
    """The weight ``match`` says after a loss or gain, in the loss's unit."""
    return match["v"] + " " + match["u"].strip()


_DAILY = {
    "en": r"(?:\s+(?i:a|per|every|each)\s+(?i:day|morning)|\s+(?i:daily))",
    "de": r"(?:\s+(?i:am|pro|jeden)\s+(?i:Tag|Morgen)|\s+(?i:täglich))",
    "fr": r"(?:\s+(?i:par|chaque)\s+(?i:jour|matin))",
    "es": r"(?:\s+(?i:al|por|cada)\s+(?i:día|dia|mañana)|\s+(?i:diarios?))",
}
_HOW_MANY = {
    "en": r"(?:(?:\d+|one|two|three|four|five|six|a\s+couple\s+of|a\s+few|several|lots\s+of|"
          r"a\s+lot\s+of)\s+)?(?:(?:cups?|mugs?|shots?)\s+of\s+)?",
    "de": r"(?:(?:\d+|eine?n?|zwei|drei|vier|fünf|sechs|ein\s+paar|viele?)\s+)?"
          r"(?:(?:Tassen?|Becher)\s+)?",
    "fr": r"(?:(?:\d+|une?|deux|trois|quatre|cinq|six|plusieurs|beaucoup\s+de)\s+)?"
          r"(?:(?:tasses?)\s+(?:de\s+)?)?",
    "es": r"(?:(?:\d+|una?|dos|tres|cuatro|cinco|seis|varios|varias|muchos)\s+)?"
          r"(?:(?:tazas?)\s+(?:de\s+)?)?",
}
_CUPS = {"coffee": {"en": r"(?i:coffees?|espressos?)", "de": r"(?i:Kaffees?|Espressos?)",
                    "fr": r"(?i:cafés?|expressos?)", "es": r"(?i:cafés?|cafecitos?)",
                    "zh": r"咖啡"},
         "tea": {"en": r"(?i:teas?|cups?\s+of\s+tea)", "de": r"(?i:Tees?)", "fr": r"(?i:thés?)",
                 "es": r"(?i:tés?)", "zh": r"茶"}}
"""A drink taken daily by its name in each language, so giving it up ends it."""
_DRANK = {"en": ("drink|drinks|have|has", "{s} drinks {v}."),
          "de": ("trinke|trinkt", "{s} trinkt {v}."),
          "fr": ("bois|boit", "{s} boit {v}."),
          "es": ("tomo|toma|bebo|bebe", "{s} toma {v}.")}
_DAILY_DRINKS = tuple(
    _p(drink, r"\b(?i:" + verbs + r")\s+(?:(?i:still|now|usually|jetzt|immer\s+noch|"
       r"toujours|maintenant|todavía|ahora)\s+)?(?P<v>" + _HOW_MANY[lang] + names[lang]
       + _DAILY[lang] + r")", template, lang=lang, unnamed=lang == "es")
    for drink, names in _CUPS.items() for lang, (verbs, template) in _DRANK.items())
"""A drink had every day: "I drink two coffees a day", "Je bois deux cafés par jour"."""
_CAFFEINE = {"en": r"(?i:caffeine)", "de": r"(?i:Koffein)", "fr": r"(?i:caféine)",
             "es": r"(?i:cafeína)", "zh": r"咖啡因"}
_DRINK_ENDS = tuple(
    _p(drink, regex.format(d=names[lang] if lang == "zh" else r"(?:" + names[lang] + "|"
                           + _CAFFEINE[lang] + r")"), "", lang=lang, unnamed=True)
    for drink, names in _CUPS.items() for lang, regex in (
        # said by the speaker only: "Tom gave up coffee" is his
        ("en", r"(?:^\W*(?:(?i:just|finally|so|ok|okay|well|also|and)\W+)*|\bI(?:['’]ve|\s+have|"
               r"['’]m|\s+am)?\s+(?:(?i:just|finally|completely|totally|also|now|recently)\s+)*)"
               r"(?:(?i:cut|cutting)\s+out|(?i:gave|given|giving)\s+up|(?i:quit|quitting|"
               r"kicked|ditched|dropped)|(?i:stopped|stop)(?:\s+(?i:drinking|having))?|"
               r"(?i:no\s+more|off))\s+(?:(?i:the|my|all)\s+)?{d}(?!\s+(?i:for|to)\s+"
               r"(?!me\b))\b|\b{d}[- ](?i:free)\b"),
        # not at some hour only: "I don't drink coffee after 4pm"
        ("en", r"\bI\s+(?i:don['’]t|do\s+not|no\s+longer|never)\s+(?i:drink|have)"
               r"(?:\s+(?i:any))?\s+{d}(?!\s+(?i:after|before|at|in|on|with|during|when|unless|"
               r"late|past|until|till|if)\b)"),
        ("de", r"\b(?i:mit\s+dem|keinen|keine)\s+{d}\s+(?:[\wäöüß]+\s+){{0,2}}?"
               r"(?i:aufgehört|mehr|aufgegeben)\b|\b{d}\s+(?i:aufgegeben|abgesetzt|gestrichen)\b|"
               r"\b(?i:verzichte|verzichtet)\s+(?:[\wäöüß]+\s+){{0,2}}?(?i:auf)\s+{d}"),
        ("fr", r"\b(?:(?i:arrêté|arrête|supprimé|laissé\s+tomber|renoncé\s+au|plus\s+de)"
               r"(?:\s+(?i:le|la|les))?|(?i:plus)\s+(?i:de))\s+{d}"),
        ("es", r"\b(?:(?i:dejado|dejé|dejo|quitado|quité)\s+(?:(?i:de\s+tomar|el|la)\s+)?|"
               r"(?i:ya\s+no\s+(?:tomo|bebo))\s+|(?i:sin)\s+){d}"),
        ("zh", r"(?:戒了?|不再喝|不喝){d}|{d}(?:戒了|不喝了)")))
"""A daily drink given up, by name or by its caffeine ("I've cut out caffeine", "J'ai
arrêté le café", "Ich habe mit dem Kaffee aufgehört", "He dejado el café", "我戒咖啡了")."""
_WEIGHTS = (
    # "I weigh 82 kg", "I'm now down to 76 kg", "Down to 76 kg!", "My weight is 80 kg now"
    _p("weight", r"\b(?i:weigh|weighs|weighing)\s+(?:(?i:now|just|only|about|around|roughly|"
       r"currently|in\s+at)\s+)*" + _WEIGHT, "{s} weighs {v}.", unnamed=True),
    # ("My suitcase is down to 20 kg" is not the speaker's)
    _p("weight", r"(?:\b(?:(?i:my)\s+)?(?i:weight)\s+"
       r"(?:(?i:is|['’]s|went|has\s+gone|dropped|fell)\s+)?(?:(?i:now|down|up)\s+)*(?:(?i:to|at)\s+)?|(?:^\W*(?:(?i:finally|now|just|so|and)\W+)*|"
       r"\b(?:I['’]m|I\s+am)\s+(?:(?i:now|finally|already)\s+)?)(?i:down|up)\s+to\s+)" + _WEIGHT,
       "{s} weighs {v}.", True, unnamed=True),
    _p("weight", r"\b(?i:lost|dropped|shed|gained|put\s+on)\s+(?:(?i:another|a\s+further)\s+)?"
       r"\d+(?:[.,]\d)?" + _LOST + r"[^.;!?\d]{0,25}?\b(?i:now|down\s+to|up\s+to|at)\s+"
       + _WEIGHT_AFTER, "{s} weighs {v}.", True, reads=_weight_after, unnamed=True),
    _p("weight", r"\b(?i:wiege|wiegt)\s+(?:(?i:jetzt|nun|nur\s+noch|noch|inzwischen|"
       r"mittlerweile|etwa|ungefähr|gerade)\s+)*" + _WEIGHT, "{s} wiegt {v}.", lang="de",
       unnamed=True),
    _p("weight", r"\b(?:(?i:jetzt|nun|inzwischen|mittlerweile)\s+(?:(?i:bin\s+ich\s+)?(?:bei\s+)?"
       r"(?i:nur\s+noch|noch)\s+|(?i:wiege\s+ich\s+))|(?i:runter|herunter)\s+auf\s+)"
       + _WEIGHT, "{s} wiegt {v}.", True, lang="de", unnamed=True),
    _p("weight", r"\b(?i:abgenommen|zugenommen)[^.;!?\d]{0,25}?\b(?i:jetzt|nun|auf)\s+"
       + _WEIGHT, "{s} wiegt {v}.", True, lang="de", unnamed=True),
    _p("weight", r"\b(?i:pèse|pese)\s+(?:(?i:maintenant|désormais|actuellement|environ|plus\s+que|"
       r"seulement|que)\s+)*" + _WEIGHT, "{s} pèse {v}.", lang="fr", unnamed=True),
    _p("weight", r"\b(?:(?i:descendue?|tombée?|passée?|remontée?)\s+à|(?i:perdu|pris)\s+\d+"
       r"(?:[.,]\d)?\s?(?:kg|kilos?)[^.;!?\d]{0,25}?\b(?i:maintenant|désormais|à))\s+"
       + _WEIGHT, "{s} pèse {v}.", True, lang="fr", unnamed=True),
    _p("weight", r"(?<![\wáéíóúñ])(?i:peso|pesa)\s+(?:(?i:ahora|ya|solo|sólo|unos|unas|"
       r"actualmente)\s+)*" + _WEIGHT, "{s} pesa {v}.", lang="es", unnamed=True),
    _p("weight", r"\b(?:(?i:bajado|bajé|subido|subí|llegado)\s+a|(?i:perdido|perdí|ganado|gané)\s+"
       r"\d+(?:[.,]\d)?\s?(?:kg|kilos?)[^.;!?\d]{0,25}?\b(?i:ahora|ya|en))\s+" + _WEIGHT,
       "{s} pesa {v}.", True, lang="es", unnamed=True),
    _p("weight", r"(?:体重|重)(?:现在|目前|只有|才|是|已经|降到|减到|到了|了)*"
       r"(?P<v>\d{2,3}(?:\.\d)?\s?(?:公斤|斤|千克|kg))", "{s}体重{v}。", lang="zh", unnamed=True),
    _p("weight", r"(?:瘦到|减到|降到|胖到|现在)(?:了)?"
       r"(?P<v>\d{2,3}(?:\.\d)?\s?(?:公斤|斤|千克|kg))",
       "{s}体重{v}。", True, lang="zh", unnamed=True),
)


_DIVORCED = (
    ("de", r"\b(?i:uns\s+(?:[\wäöüß]+\s+){0,2}?scheiden\s+(?:lassen|ließen)|"
           r"(?:wir\s+sind|ich\s+bin)\s+(?:(?i:jetzt|nun|seit\s+\w+)\s+)?geschieden)\b",
     "{s} ist geschieden."),
    ("fr", r"\b(?i:(?:et\s+moi|nous|on|j['’]ai|je\s+suis)\s+(?:(?:avons|a|sommes)\s+)?"
           r"divorcée?s?)\b", "{s} est divorcé."),
    ("es", r"\b(?i:(?:nos|me)\s+(?:hemos\s+|he\s+)?divorci(?:amos|ado|é)|estoy\s+divorciad[oa])\b",
     "{s} está divorciado."),
)
"""A divorce told in German, French or Spanish, and how a block line says it."""
_MARRIED = (
    ("de", r"\b(?i:(?:wir|ich)\s+(?:haben|habe)\s+(?:[\wäöüß]+\s+){0,3}?geheiratet|"
           r"(?:und\s+ich|wir)\s+haben\s+(?:[\wäöüß]+\s+){0,3}?geheiratet|"
           r"(?:wir\s+sind|ich\s+bin)\s+(?:(?i:jetzt|nun|seit\s+\w+)\s+)?verheiratet)\b",
     "{s} ist verheiratet."),
    ("fr", r"\b(?i:(?:nous\s+nous\s+sommes|on\s+s['’]est|je\s+me\s+suis|et\s+moi\s*,?\s+"
           r"(?:nous\s+)?(?:nous\s+sommes|sommes))\s+mariée?s?)\b", "{s} est marié."),
    ("es", r"\b(?i:(?:nos|me)\s+(?:hemos\s+|he\s+)?cas(?:amos|ado|é))\b", "{s} está casado."),
)
"""A wedding told in German, French or Spanish, and how a block line says it."""
_ENGAGED = (
    ("de", r"\b(?i:(?:wir\s+haben\s+uns|(?:und\s+)?ich\s+habe\s+mich|und\s+ich\s+haben\s+uns)\s+"
           r"(?:[\wäöüß]+\s+){0,3}?verlobt|(?:wir\s+sind|ich\s+bin)\s+"
           r"(?:(?i:jetzt|nun|endlich|seit\s+\w+)\s+)?verlobt)\b", "{s} ist verlobt."),
    ("fr", r"\b(?i:(?:nous\s+nous\s+sommes|on\s+s['’]est|je\s+me\s+suis|je\s+suis|et\s+moi\s*,?\s+"
           r"(?:nous\s+)?(?:nous\s+sommes|sommes))\s+fiancée?s?)\b", "{s} est fiancé."),
    ("es", r"\b(?i:(?:nos|me)\s+(?:hemos\s+|he\s+)?comprometi(?:mos|do|í)|"
           r"estoy\s+(?:com)?prometid[oa])\b", "{s} se ha comprometido."),
)
"""An engagement told in German, French or Spanish, and how a block line says it."""
_WISHED = ("want", "wants", "wanted", "like", "love", "hope", "wish", "dream", "dreamed")
"""Verbs before "to work …" that make it a wish, not a job."""
_PATTERNS = (
    # English, first and third person (core lines are third person).
    _p("home", r"\b(?:(?i:lives?|living|resides?|based|settled)|(?i:have|has|['’]ve)\s+"
       r"(?:(?i:always|now)\s+)?(?i:lived))\s+(?i:now\s+)?in\s+" + _PLACE,
       _EN_HOME),
    # "I've been in Bristol for about six years now": a stay that lasts is a home
    _p("home", r"\b(?:I['’]ve|I\s+have|[Ww]e['’]ve|[Ww]e\s+have)\s+been\s+(?:(?i:living|based)\s+)?"
       r"in\s+" + _PLACE + r"(?=\s+(?i:(?:for|since)\s+(?:[\w-]+\s+){0,3}?"
       r"(?:years?|decades?|months|ages|\d{4})\b))", _EN_HOME),
    _p("home", r"\b(?i:moved|movd|moevd|mvoed|relocated|ended\s+up\s+(?:moving|relocating))\s+"
       r"(?:(?:back|over|down|up|across|away|out)\s+)?"
       r"(?:(?:north|south|east|west|home|abroad|overseas|here|there)\s+)?"
       r"(?:from\s+" + _NAME + r"(?:\s+" + _NAME + r")*\s+)?to\s+" + _PLACE, _EN_HOME, True),
    # "I moved out of Wicker Park, now I'm in Logan Square"
    _p("home", r"\b(?i:moved|moving)\s+out\s+of\s+" + _NAME + r"(?:\s+" + _NAME + r")*[\s,;:–—-]*"
       r"(?:(?i:and|so)\s+)?(?:(?i:now)\s+(?:I['’]m|I\s+am|we['’]re|we\s+are)|"
       r"(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?i:now))\s+(?:(?:living|based)\s+)?in\s+" + _PLACE,
       _EN_HOME, True),
    # "I'm from Dublin and live there": each slot its own line (see core_calls)
    _p("home", r"\b(?i:from)\s+" + _PLACE + r"\s*,?\s+(?i:and)\s+(?:still\s+)?(?i:lives?|living)\s+"
       r"(?i:there|here)\b", _EN_HOME),
    _p("origin", r"\b(?i:am|is|['’]m)\s+(?:originally\s+)?(?i:from)\s+" + _PLACE,
       "{s} is from {v}."),
    _p("home", r"\b(?i:rent|rents|renting|own|owns|have|has)\s+(?i:an?|our|my|the)\s+(?:[a-z]+\s+)?"
       r"(?i:house|flat|apartment|cottage|condo|studio)\s+in\s+" + _PLACE, _EN_HOME),
    _p("home", r"\b(?i:moved)(?:\s+(?i:again|house|home|flats?))?\s*[,;:–—-]+\s*(?:(?i:and)\s+)?"
       r"(?:(?:I['’]m|we['’]re|I\s+am|we\s+are)\s+)?(?i:now)\s+(?:(?i:living|based)\s+)?in\s+"
       + _PLACE, _EN_HOME, True),
    # "Moved back in with my parents in Bergen", "My sister moved in with us in Rome"
    _p("home", r"\b(?i:moved|moving)\s+(?:back\s+)?in\s+with\s+" + _COMPANY + r"\s+in\s+"
       + _NO_MONTH + _PLACE, _EN_HOME, True),
    _p("home", r"\b(?P<my>(?i:my|our))\s+(?i:new)\s+(?i:home|place|flat|apartment|house|condo|"
       r"cottage)\s+in\s+" + _PLACE, _EN_HOME, True, possessive=True),
    # a home said as who one is: "Officially a Londoner now!", "I'm a New Yorker now"
    _p("home", r"(?:\b(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+|^\s*)(?:(?i:now|officially|"
       r"finally)\s+)*(?i:an?)\s+" + _DWELLER.format(g="v") + r"s?\s+(?i:now)\b|"
       r"\b(?i:officially|finally)\s+(?i:an?)\s+" + _DWELLER.format(g="w") + r"\b",
       _EN_HOME, True, reads=lambda m: re.sub(r"(?:er|ian)s?$", "", m["v"] or m["w"])),
    _p("home", r"\b(?i:new\s+(?:home|place|flat|apartment|house))\s+is\s+in\s+" + _PLACE,
       _EN_HOME, True),
    _p("home", r"\b(?i:bought|rented|found|got|moved\s+into|(?:got|picked\s+up)\s+the\s+keys\s+"
       r"(?:to|for)|signed\s+the\s+(?:lease|contract)\s+(?:on|for)|closed\s+on)\s+"
       r"(?i:an?|our|my|the)\s+(?:new\s+)?(?:(?i:little|tiny|small|big|nice|lovely|cosy|cozy|"
       r"cute)\s+)?(?i:house|home|flat|apartment|place|cottage|condo|studio)\s+in\s+" + _PLACE,
       _EN_HOME, True),
    _p("home", r"\b(?i:lives?|living)\s+in\s+(?i:an?|our|my|the)\s+(?:[a-z]+\s+)?(?i:house|home|"
       r"flat|apartment|place|cottage|condo|studio)\s+in\s+" + _PLACE, _EN_HOME),
    # (not a wish: "I've wanted to work with LGBTQ youth for ages")
    _p("work", r"\b" + "".join(rf"(?<!{wish}\sto\s)" for wish in _WISHED)
       + r"(?i:works?|working|employed)\s+" + _NOW
       + r"(?:(?:remotely|full[- ]time|part[- ]time|freelance)\s+)?(?:at|for|with|by)\s+" + _PLACE,
       _EN_WORK),
    _p("work", _BEEN + r"(?:now\s+)?an?\s+(?!(?:[a-z]+\s+)?(?:" + _NOT_JOBS + r")\b)"
       r"(?:[a-z]+|[A-Z]{2,4})(?:\s+[a-z]+)?\s+(?:now\s+)?(?:at|for|with)\s+" + _PLACE, _EN_WORK),
    # a rank said without an article: "I'm head chef at Sora now"
    _p("job", _BEEN + r"(?:now\s+)?(?P<v>" + _RANKED + r")"
       r"(?=\s+(?:now|these\s+days|at|for|in|with)\b|[.,;!?]|$)", "{s} works as {a} {v}."),
    _p("work", _BEEN + r"(?:now\s+)?" + _RANKED + r"\s+(?:at|for|with)\s+" + _PLACE, _EN_WORK),
    # "I'm at Jacobs now as a senior engineer": "as a" says it is work
    _p("work", r"\b(?:I['’]m|I\s+am)\s+(?:(?i:now)\s+)?at\s+" + _PLACE
       + r"\s+(?:(?i:now)\s+)?as\s+(?:an?\s+)?[a-z]", _EN_WORK),
    # a start to come is the change too ("I'm joining Lidl next month", "I start at Lidl on
    # Monday"): a decision made, which a later question finds done
    _p("work", r"\b(?i:joined|joining|hired\s+(?:by|at)|(?:got\s+a\s+)?new\s+job\s+(?:is\s+)?"
       r"(?:at|with)|(?:first|last)\s+day\s+at|"
       r"(?:got|landed)\s+(?:a|the)\s+(?:new\s+)?job\s+(?:at|with)|"
       r"signed\s+(?:(?:a|the|my)\s+(?:new\s+)?"
       r"(?:contract|offer)\s+)?with|start(?:s|ed|ing)?\s+(?:(?:a|the|my)\s+(?:new\s+)?"
       r"(?:job|gig|role|position|post)\s+|working\s+)?at(?!" + _A_SCHOOL + r")|"
       r"(?:(?:got\s+)?hired|start(?:ed|ing)(?:\s+work(?:ing)?)?|(?:got|landed|found|started|"
       r"starting)\s+a\s+(?:new\s+)?job)\s+as\s+(?:an?\s+)?"
       r"[a-z]+(?:\s+[a-z]+){0,2}?\s+(?:at|by|with)|"
       r"switched\s+to(?!\s+(?i:" + _DRINKS + r")\b)|moved\s+over\s+to|new\s+employer\s+is|"
       # (not to another office of the same one: "transferred to the London office")
       r"(?:got\s+)?transferred\s+(?:over\s+)?to(?!\s+(?:the|our|their|an?|its)\s+"
       r"(?:[A-Z][\w'’-]*\s+)*(?i:office|branch|site|team|ward|department|unit|store|shop|depot|"
       r"plant|location|campus)\b)|"
       r"(?:left|quit|worked\s+(?:at|for))\s+[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*)*\s*"
       r"[,;:–—-]+\s*(?:(?i:and|but)\s+)?(?:(?i:now)\s+(?i:I['’]m|I\s+am)\s+|"
       r"(?:(?i:I['’]m|I\s+am)\s+)?(?i:now)\s+(?:(?i:working)\s+)?)(?:at|with|for)|"
       r"accepted\s+(?:an?\s+|the\s+)?(?:job\s+)?offer\s+(?:from|at|with)|"
       r"(?:took|taken|taking|accepted|accepting)\s+(?:the|a|that|this)\s+(?:new\s+)?"
       r"(?:job|position|role|post|offer)\s+(?:at|with|from))\s+" + _PLACE,
       _EN_WORK, True),
    # no employer: "I work for myself now", "I'm freelancing", "went freelance"; said as
    # working, which a question of where one works finds
    _p("work", r"(?P<v>\b(?i:work(?:s|ing)?\s+for\s+(?:myself|themself|themselves|himself|"
       r"herself|ourselves)|(?:am|is|are|['’]m|['’]re)\s+(?:now\s+)?(?:self-employed|"
       r"freelancing|(?:a\s+)?freelancer|my\s+own\s+boss)|(?:went|gone|going|go)\s+freelance|"
       r"(?<=\bI\s)(?:(?:now|currently)\s+)?freelance(?!\s+[a-z]+(?:er|or|ist)\b)|"
       r"self-employed\s+now))\b", "{s} works for themself.", True,
       reads=lambda _: "self-employed"),
    *(_p("work", regex, template, True, lang=lang, reads=lambda _, said=said: said)
      for lang, regex, template, said in (
          ("de", r"(?P<v>\b(?i:bin|ist|arbeite|arbeitet)\s+(?:(?i:jetzt|nun|inzwischen|"
           r"mittlerweile|seit\s+\w+)\s+)*(?i:selbstständig|selbständig|freiberuflich|"
           r"(?:als\s+)?Freelancer(?:in)?))\b", "{s} arbeitet selbstständig.", "selbstständig"),
          ("fr", r"(?P<v>\b(?i:suis|est|travaille|bosse|mise?)\s+(?:(?i:maintenant|désormais|"
           r"depuis\s+\w+)\s+)*(?i:à\s+(?:mon|son)\s+compte|(?:en\s+)?(?:indépendante?|"
           r"freelance|auto-entrepreneu(?:r|se))))(?!\w)", "{s} travaille en indépendant.",
           "indépendant"),
          ("es", r"(?P<v>\b(?i:trabajo|trabaja|soy|es)\s+(?:(?i:ahora|ya)\s+)*"
           r"(?i:por\s+(?:mi|su)\s+cuenta|por\s+cuenta\s+propia|autónom[oa]|freelance))(?!\w)",
           "{s} trabaja por cuenta propia.", "por cuenta propia"))),
    _p("work", r"\b(?i:teach(?:es|ing)?|lectur(?:e|es|ing))\s+" + _NOW
       + r"(?:[a-z]+\s+){0,2}(?:at|for)\s+" + _PLACE, _EN_WORK),
    _p("work", r"\b(?i:works?|working)\s+" + _NOW + r"as\s+(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?\s+"
       r"(?:at|for|with)\s+" + _PLACE, _EN_WORK),
    # a new employer said by what it did or by the jobs switched: "Got poached by Globex",
    # "Globex hired me last month", "Switched jobs: Globex now"
    _p("work", r"\b(?i:poached|headhunted|snapped\s+up)\s+by\s+" + _PLACE, _EN_WORK, True,
       unnamed=True),
    _p("work", _PLACE + r"\s+(?:(?i:just|finally|officially)\s+)?(?i:hired|recruited)\s+me\b",
       _EN_WORK, True, unnamed=True),
    _p("work", r"\b(?i:switched|changed)\s+jobs?\s*[:,–—-]+\s*(?:(?i:now)\s+)?(?:(?i:at|with)\s+)?"
       r"(?!I\b|I['’])" + _PLACE, _EN_WORK, True, unnamed=True),
    # the next employer said with its start after the last day at the old one: "My last day
    # at Acme was Friday, Globex from next week!", "Mein letzter Tag bei Acme war Freitag, ab
    # nächster Woche Globex", "Mon dernier jour chez Acme était vendredi, Globex dès lundi"
    *(_p("work", last + _NAMES + r"\s+" + was + r"\b[^.;!?]{0,30}?[,;:–—-]+\s*(?:(?i:" + then
         + r")\s+)*(?:" + start + r"\s+" + _WHEN_WORD + r"(?:\s+" + _WHEN_WORD + r"){0,2}\s+)?"
         r"(?:(?i:" + at + r")\s+)?[¡¿]?" + _PLACE + r"(?:\s+(?i:" + start + r"))?(?=\s|[.!,;]|$)",
         template, True, lang=lang, unnamed=True)
      for lang, last, was, then, start, at, template in (
          ("en", r"\b(?i:last\s+day\s+at)\s+", r"(?i:was|is)",
           r"and|then|now|so|it['’]s|starting|joining|moving\s+to",
           r"(?i:from|starting|as\s+of)", r"at|with", _EN_WORK),
          ("de", r"\b(?i:letzter)\s+(?i:Arbeitstag|Tag)\s+(?i:bei|in)\s+" + _DE_ARTICLE,
           r"(?i:war|ist)", r"und|dann|jetzt", r"(?i:ab)", r"bei|zu", "{s} arbeitet bei {v}."),
          ("fr", r"\b(?i:dernier)\s+(?i:jour)\s+(?i:chez|à)\s+", r"(?i:était|est)",
           r"et|puis|maintenant", r"(?i:dès|à\s+partir\s+d[eu]|depuis)", r"chez",
           "{s} travaille chez {v}."),
          ("es", r"\b(?i:último)\s+(?i:día)\s+(?i:en)\s+", r"(?i:fue|es|era)",
           r"y|luego|ahora", r"(?i:desde|a\s+partir\s+de)", r"en", "{s} trabaja en {v}."))),
    # an amount that went up or down: "Rent went up to 1,050 in May", "My salary is now 48k"
    _p("{k}", r"\b(?:(?P<my>(?i:my|our))\s+)?(?P<k>(?i:rent|salary|pay|mortgage|budget))\s+"
       r"(?:(?i:went|has\s+gone|is\s+going|was|got|has\s+been)\s+(?i:up|down|raised|lowered|cut|"
       r"increased|reduced)\s+to|(?i:is|['’]s)\s+(?i:now))\s+(?P<v>[$€£]?\s?\d[\d,.]*\d?"
       r"(?:\s?(?:k|K|euros?|pounds?|dollars?|€|£|\$|a\s+month|a\s+year|per\s+month))?)",
       "{s}'s {kl} is {v}.", True, unnamed=True),
    # a move "there", to the town named before: "a new job in Leeds, so we relocated there"
    _p("home", r"\b(?:in|to)\s+" + _PLACE + r"\b[^.;!?]{0,60}?\b(?:we|I)\s+(?:(?:just|then|have|"
       r"['’]ve|also)\s+)*(?:moved|relocated)\s+(?:over\s+)?there\b", _EN_HOME, True),
    # "My new job is at the OLVG hospital", "My workplace is now Globex"
    _p("work", r"\b(?P<my>(?i:my))\s+(?i:new\s+)?(?i:job|role|position|workplace|employer)\s+"
       r"(?i:is)\s+(?:(?i:now)\s+)?(?:(?i:at|with|for)\s+)?" + _PLACE, _EN_WORK, True,
       possessive=True),
    # a home said as home: "Leeds is home now", "I now call Leeds home", "Relocating to Leeds
    # was the best decision", "Moving day done, hello Leeds!"
    _p("home", _PLACE + r"\s+(?i:is)\s+(?:(?i:now|officially|finally)\s+)?(?:(?i:my|our)\s+)?"
       r"(?i:home)(?:\s+(?i:now|these\s+days))?\s*(?=[.!,;]|$)", _EN_HOME, True, unnamed=True),
    _p("home", r"\b(?i:call)\s+" + _PLACE + r"\s+(?i:home)\b", _EN_HOME, True),
    _p("home", r"\b(?i:moving|relocating|the\s+move)\s+(?:(?i:here\s+)?(?i:to)\s+)" + _PLACE
       + r"\s+(?i:was|has\s+been)\s+(?:(?i:the|our|my|a|an)\s+)?(?:(?i:very|really|so)\s+)?"
       r"(?i:best|right|greatest|good|great|smartest|wisest|excellent)\b", _EN_HOME, True,
       unnamed=True),
    _p("home", r"\b(?i:moving\s+day|the\s+move|unpacking)\b[^.!?]{0,30}?\b(?i:hello|hi|welcome\s+"
       r"to)\s+" + _PLACE, _EN_HOME, True, unnamed=True),
    # an employer named after its kind: "I'm a junior dev at a startup called Loop"
    _p("work", r"\b(?:(?i:works?|working|employed|job|role|position|joined|joining|started)|"
       r"(?i:" + _JOBS + r"))\s+(?:(?i:now|remotely|full[- ]time|part[- ]time)\s+)?"
       r"(?:at|for|with)\s+" + _KIND_CALLED + _PLACE, _EN_WORK),
    # an employer by its kind only: "I work in IT support at a bank", "I'm a teacher at a
    # primary school"; a later one named replaces it
    _p("work", r"\b(?:(?i:works?|working|employed)\s+" + _NOW + r"(?:(?:in|as)\s+(?:an?\s+)?"
       r"[A-Za-z]+(?:\s+[a-z]+){0,2}?\s+)?|" + _BEEN + r"(?:now\s+)?an?\s+(?!(?:[a-z]+\s+)?(?:"
       + _NOT_JOBS + r")\b)[a-z]+(?:\s+[a-z]+)?\s+|(?i:teach(?:es|ing)?)\s+" + _NOW
       + r")(?:at|for|in)\s+(?P<v>(?i:an?)\s+(?:[a-z]+\s+)?(?i:" + _WORKPLACES + r"))\b",
       _EN_WORK),
    # "working remotely for Shopify as a backend engineer": the job after the employer
    _p("job", r"\b(?i:works?|working|employed)\s+" + _NOW
       + r"(?:(?:remotely|full[- ]time|part[- ]time|freelance)\s+)?(?:at|for|with|by)\s+"
       r"(?:the\s+|" + _KIND_CALLED + r")?[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*)*\s+as\s+(?:an?\s+)?"
       r"(?P<v>[a-z][a-z ]{2,30}?)(?=\s+(?:at|for|in|since|now|and|but)\b|[.,;!?]|$)",
       "{s} works as {a} {v}."),
    # "started a new job at Google as a product manager", "joined Wise as a Staff Data
    # Engineer": the job with the employer
    _p("job", r"\b(?:(?i:job|gig|role|position|post)\s+(?:at|with)|(?i:joined|joining))\s+"
       + _EMPLOYER + r"\s+as\s+(?:an?\s+)?(?P<v>" + _TITLE_CASE_JOB + r"|[A-Z]{2,4}(?:\s+[a-z]+)?|"
       r"[a-z][a-z ]{2,30}?)"
       r"(?=\s+(?:at|for|in|since|now)\b|[.,;!?]|$)",
       "{s} works as {a} {v}.", True),
    # "started a new job as a junior devops engineer at Skyscanner"
    _p("job", r"\b(?i:(?:got|landed|found|started|starting|start|took)\s+a\s+(?:new\s+)?"
       r"(?:job|role|position|post)|new\s+(?:job|role|position))\s+as\s+(?:an?\s+)?"
       r"(?P<v>[a-z][a-z ]{2,30}?)(?=\s+(?:at|for|with|in)\b|[.,;!?]|$)",
       "{s} works as {a} {v}.", True),
    _p("job", r"\b(?:I['’]m|I\s+am)\s+(?:(?i:now)\s+)?at\s+" + _EMPLOYER
       + r"\s+(?:(?i:now)\s+)?as\s+(?:an?\s+)?(?P<v>[a-z][a-z ]{2,30}?)"
       r"(?=\s+(?:at|for|in|since|now)\b|[.,;!?]|$)", "{s} works as {a} {v}."),
    _p("job", r"\b(?i:works?|working)\s+" + _NOW + r"as\s+(?:an?\s+)?(?P<v>[a-z][a-z ]{2,30}?)"
       r"(?=\s+(?:at|for|in)\b|[.,;!?]|$)", "{s} works as {a} {v}."),
    # a start to come in a new job ("I start as a product manager on April 1", "I'm starting
    # there as a nurse in May"): the job it will be (not "I started as an intern", its past)
    _p("job", r"\b(?:I\s+(?i:start)|(?:I['’]m|I\s+am)\s+(?i:starting))\s+(?:(?i:there|work)\s+)?"
       r"as\s+(?:an?\s+)?(?P<v>[a-z][a-z ]{2,30}?)"
       r"(?=\s+(?:at|for|in|on|from|next|this|after)\b|[.,;!?]|$)", "{s} works as {a} {v}.",
       True),
    _p("job", r"\b(?:(?i:now)\s+(?:I['’]m|I\s+am)|(?:I['’]m|I\s+am)\s+(?i:now))\s+an?\s+"
       r"(?!(?:[a-z]+\s+)?(?:" + _NOT_JOBS + r")\b)(?P<v>(?:[a-z][a-z-]+|[A-Z]{2,4})"
       r"(?:\s+[a-z][a-z-]+){0,2}?)(?=\s+(?:at|for|in)\b|[.,;!?]|$)", "{s} works as {a} {v}.",
       True),
    _p("job", _BEEN + r"(?:now\s+|still\s+)?an?\s+(?:[1-9]\d?[- ]years?[- ]old\s+)?"
       r"(?P<v>(?:(?!(?:good|great|bad|"
       r"terrible|decent|amazing|keen|home|avid|big|huge|lousy|fantastic|excellent|awful|"
       r"brilliant|better|worse|terrific)\b)(?:[a-z-]+|[A-Z]{2,4})\s+){0,3}?(?i:" + _JOBS + r"))"
       r"(?=\s+(?:now|these\s+days|at|for|in|with|by|from|living|based|who)\b|[.,;!?]|$)",
       "{s} works as {a} {v}."),
    # a trade said with its hours needs no name: "I'm a full-time potter now"
    _p("job", _BEEN + r"(?:now\s+)?an?\s+(?i:full|part)[- ]time\s+(?!(?:" + _NOT_JOBS + r")\b)"
       r"(?P<v>[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)(?=\s+(?:now|at|for|in|with)\b|[.,;!?]|$)",
       "{s} works as {a} {v}."),
    # teaching a subject is the job: "I teach chemistry at a secondary school in Leeds"
    _p("job", r"\b(?i:teach|teaches|teaching)\s+" + _NOW + r"(?P<v>(?i:" + _SUBJECTS + r"|"
       + _TAUGHT + r")|" + _EN_LANGS + r")(?=\s+(?:now|at|in|to|for|with|since)\b|[.,;!?]|$)",
       "{s} teaches {v}."),
    _p("job", r"\b(?:(?i:am|is|are|['’]m)\s+(?:now\s+)?|"
       r"(?i:has|have|['’]ve)\s+(?:just\s+|now\s+)?)?"
       r"(?P<v>(?i:retired))\b(?!\s+(?:the|it|his|her|their|my|from\s+(?:the\s+)?"
       r"(?:race|match|game|team|tournament)))", "{s} is retired.", True),
    # retired, in the other languages: "Ich bin jetzt in Rente", "Je suis à la retraite",
    # "Me jubilé", "我退休了"; each also as its block line says it
    *(_p("job", regex, template, True, lang=lang, reads=lambda _, said=said: said)
      for lang, regex, template, said in (
          ("de", r"\b(?i:bin|ist)\s+(?:(?i:ich|er|sie|jetzt|nun|seit\s+\w+|endlich|offiziell)\s+)*"
           r"(?P<v>(?i:in)\s+(?:Rente|Pension|den\s+Ruhestand)|(?i:im)\s+Ruhestand|"
           r"(?i:pensioniert)|Rentner(?:in)?|Pensionär(?:in)?)(?!\w)|"
           r"\b(?P<w>(?:Rente|Pension|Ruhestand)\s+gegangen)\b",
           "{s} ist im Ruhestand.", "im Ruhestand"),
          ("fr", r"\b(?i:suis|est)\s+(?:(?i:maintenant|désormais|enfin|officiellement)\s+)*"
           r"(?P<v>(?i:à\s+la\s+retraite|retraitée?))(?!\w)|"
           r"\b(?P<w>(?i:pris\s+(?:ma|sa)\s+retraite))\b",
           "{s} est à la retraite.", "à la retraite"),
          ("es", r"\b(?P<v>(?i:me\s+jubilé|me\s+he\s+jubilado|se\s+jubiló|se\s+ha\s+jubilado|"
           r"(?:estoy|está|soy|es)"
           r"\s+(?:ya\s+)?jubilad[oa]))(?!\w)", "{s} está jubilado.", "jubilado"),
          ("zh", r"(?P<v>退休)了?", "{s}退休了。", "退休"))),
    _p("job", r"\b(?i:promoted\s+to|hired\s+as|(?:go|goes|going|gone|went)\s+freelance\s+as|"
       r"(?:got|landed|found|accepted|took)\s+a\s+(?:new\s+)?job\s+as|"
       r"(?:re)?trained\s+as|qualified\s+as|became|become|becoming|"
       r"start(?:ed|ing)\s+(?:work(?:ing)?\s+)?as)\s+(?:an?\s+)?(?P<v>(?:[A-Z]{2,4}\s+)?"
       r"[a-z][a-z ]{2,30}?)"
       r"(?=\s+(?:at|for|in|with|on|today|yesterday|now|last|this|recently)\b|[.,;!?]|$)",
       "{s} works as {a} {v}.", True),
    _p("job", _BEEN + r"an?\s+(?!(?:[a-z]+\s+)?(?:" + _NOT_JOBS + r")\b)"
       r"(?P<v>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2}?)\s+(?:at|for)\s+(?:an?\s+|the\s+)?"
       r"[A-Za-z]", "{s} works as {a} {v}."),
    _p("study", r"\b(?i:studying|study|studies|majoring\s+in|major\s+in|"
       r"doing\s+(?:a|an|my|his|her)\s+"
       r"(?:[A-Za-z'’]+\s+)?" + _DEGREE + r"\s+in)\s+"
       + _STUDY_VALUE, "{s} studies {v}."),
    # a new degree begun is a new subject: "started a PhD in archaeology"
    _p("study", r"\b(?i:start(?:ed|ing)|beg[au]n|beginning|enrolled\s+(?:in|on))\s+"
       r"(?:a|an|my|his|her)\s+(?:[A-Za-z'’]+\s+)?" + _DEGREE + r"\s+in\s+" + _STUDY_VALUE,
       "{s} studies {v}.", True),
    # a place on a course won: "I got into the nursing program at Samuel Merritt", "got
    # accepted onto the MSc in Data Science"
    _p("study", r"\b(?i:got\s+(?:into|accepted\s+(?:into|onto|on|to))|been\s+accepted\s+(?:into|"
       r"onto|on|to)|(?:was|were|am|['’]m)\s+accepted\s+(?:into|onto|on|to))\s+(?:the|a|an|my)\s+"
       r"(?:(?P<v>(?i:" + _SUBJECTS + r"))\s+(?i:program(?:me)?|course|degree)|(?:[A-Za-z'’]+\s+)?"
       + _DEGREE + r"\s+in\s+(?P<w>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}|(?i:" + _SUBJECTS
       + r")))\b", "{s} studies {v}.", True, reads=lambda m: m["v"] or m["w"]),
    _p("study", r"\b(?i:switched|changed|transferred|moved)\s+(?:over\s+)?"
       r"(?:(?i:my\s+)?(?i:course|major|degree|subject)s?\s+)?"
       r"(?:(?i:from)\s+[a-z ]{2,30}?\s+)?(?i:to)\s+(?P<v>(?i:" + _SUBJECTS + r"))\b",
       "{s} studies {v}.", True),
    _p("study", r"\b(?i:switched|changed)\s+(?P<my>(?i:my))\s+(?i:course|major|degree|subject)\s+"
       r"(?:(?i:from)\s+[a-z ]{2,30}?\s+)?(?i:to)\s+" + _STUDY_VALUE, "{s} studies {v}.", True,
       possessive=True),
    # How someone takes their coffee or tea ("I take my coffee black").
    _p("{k} how", r"\b(?i:take|takes|taking|have|has|having|drink|drinks|drinking|like|likes)\s+"
       r"(?:(?P<my>(?i:my))\s+)?(?P<k>(?i:coffee|tea))\s+(?P<v>(?:with\s+|without\s+)?[a-z][\w-]*"
       r"(?:\s+[a-z][\w-]*){0,2}?)(?=\s+(?:now|these\s+days|nowadays|instead)\b|[.,;!?]|$)",
       "{s} takes {k} {v}.", possessive=True),
    _p("{k} how", r"\b(?i:switched|changed|moved|gone|went)\s+(?:over\s+)?(?i:to)\s+"
       r"(?P<v>black|white|decaf|iced|sweet|unsweetened|plain)\s+(?P<k>(?i:coffee|tea))\b",
       "{s} takes {k} {v}.", True),
    # How someone gets to work ("I cycle to work", "I've started taking the bus to work")
    _p("commute", r"\b(?i:I|we)(?:['’]ve)?\s+(?:(?i:usually|always|normally|now|often|mostly|"
       r"generally|just|have|been|started|start|begun|began|tend\s+to|like\s+to)\s+)*"
       r"(?P<v>(?i:cycl|bik|walk|driv|jog|run)\w*|(?i:tak|get|catch|rid|us)\w*\s+"
       r"(?:(?i:the|a|an|my)\s+)?(?i:" + _RIDDEN + r"))\s+(?:(?i:in)\s+)?(?i:to|into)\s+"
       r"(?i:work|the\s+office|my\s+office)\b", "{s} commutes to work {v}.", reads=_ridden),
    _p("commute", r"\bcommutes\s+to\s+work\s+(?P<v>by\s+(?:" + _RIDDEN + r")|on\s+foot)\b",
       "{s} commutes to work {v}."),
    # When someone wakes up ("I usually get up at 6am", "lately I've been waking up at 8").
    _p("wake", r"\b(?i:get|gets|getting|got|wake|wakes|waking|woke)\s+up\s+(?:at\s+)?"
       r"(?:(?:around|about|by)\s+)?(?P<v>\d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?)"
       r"(?![\d:])", "{s} wakes up at {v}."),
    # When someone does a thing ("I like running in the mornings"): one slot per activity,
    # so "these days I run in the evenings" replaces it.
    _p(_HABIT + "{ing}",
       r"\b(?i:go|goes|going|like|likes|love|loves|enjoy|enjoys|prefer|prefers)\s+"
       r"(?P<k>" + "|".join(_gerund(v) for v in _ACTIVITIES.split()) + r")\s+" + _WHEN_DONE,
       "{s} goes {ing} {v}."),
    _p(_HABIT + "{ing}",
       r"\b(?i:I|we|the\s+user|he|she|they)\s+(?:(?i:usually|always|normally|now|often|mostly|"
       r"generally|only|tend\s+to|like\s+to|love\s+to|prefer\s+to)\s+)*(?P<k>(?i:"
       + "|".join(_ACTIVITIES.split()) + r"))(?:s|es)?\s+" + _WHEN_DONE, "{s} goes {ing} {v}."),
    # A class on set days ("I have yoga on Mondays", "my pilates class is on Tuesdays now")
    _p(_HABIT + "{k}",
       r"\b(?i:I|we|the\s+user|he|she|they)\s+"
       r"(?:(?i:usually|always|normally|now|only|actually)\s+)*"
       r"(?i:have|has|do|does|go\s+to|goes\s+to|attends?)\s+(?:my\s+|our\s+)?"
       r"(?P<k>" + _CLASSES + r")(?:\s+" + _CLASS + r")?\s+" + _WHEN_DONE, "{s} has {k} {v}."),
    _p(_HABIT + "{k}",
       r"\b(?P<my>(?i:my|our))\s+(?P<k>" + _CLASSES + r")(?:\s+" + _CLASS + r")?\s+(?i:is|are)\s+"
       r"(?:(?i:now|actually)\s+)?" + _WHEN_DONE, "{s} has {k} {v}.", possessive=True),
    # An activity taken up ("got into climbing", "I've been doing pottery"), one slot each;
    # "gave up yoga" ends its own.
    _p("hobby {v}", r"\b(?i:(?:took|taken|taking|take|takes)\s+up|got\s+into|getting\s+into|"
       r"started\s+doing)\s+(?:(?:a\s+lot\s+of|some)\s+)?" + _HOBBY, "{s}'s hobbies include {v}.",
       True),
    _p("hobby {v}", r"\b(?:(?i:am|is|are|['’]m|['’]re)\s+"
       r"(?:(?i:really|very|totally|now|so|quite|big|huge)\s+)*(?i:into)|"
       r"(?i:have|has|['’]ve)\s+been\s+(?i:doing)|(?:I|we|user|he|she|they)\s+"
       r"(?:(?i:also|still|now|regularly)\s+)?(?i:do|does|practi[cs]es?)|(?i:hobbies)\s+include)\s+"
       r"(?:(?:a\s+lot\s+of|some)\s+)?" + _HOBBY, "{s}'s hobbies include {v}."),
    _p("hobby {v}", r"\b(?i:gave|given|giving)\s+up\s+" + _HOBBY, "{s}'s hobbies include {v}."),
    # "I switched from violin to viola", "swapped the sax for the clarinet": the one ends, the
    # other begins, each in its own slot
    *(switch for slot, what, template in (("play {v}", _PLAYED, "{s} plays {v}."),
                                          ("hobby {v}", _SWITCHED, "{s}'s hobbies include {v}."),
                                          ("learn {v}", _EN_LANGS, "{s} is learning {v}."))
      for switch in _switch(slot, _SWITCH, _SWITCH_TO, what, template)),
    # a pastime by its doer: "I'm a keen gardener", "… and a bit of a swimmer", "I'm a runner"
    _p("hobby {v}", r"\b(?:(?i:am|is|are|['’]m|['’]re)\s+(?:(?i:also|now|still|quite)\s+)?|"
       r"(?i:and)\s+)(?i:an?)\s+(?P<e>(?:(?i:" + _ENTHUSED + r")\s+)+)?"
       r"(?P<v>(?(e)(?!(?:" + _NOT_DOERS + r")\b)[a-z]{3,}(?<!e)(?:er|ist)|(?:" + _PASTIME_DOERS
       + r")))\b(?![\w-])", "{s}'s hobbies include {v}.", reads=lambda m: _activity(m["v"])),
    # Where one volunteers, one place at a time unless "also" ("I volunteer at the Oxfam shop
    # on Tuesdays"; "I stopped volunteering at Oxfam" ends it)
    _p("volunteer", r"\b[Vv]olunteer(?<!\balso [Vv]olunteer)(?:s|ing)?\s+(?:(?i:now)\s+)?"
       r"(?i:at|with|for|in)\s+" + _VOLUNTEERED, "{s} volunteers at {v}{w}."),
    _p("volunteer", r"\b(?i:started|start|began|begun|now)\s+(?i:volunteering|to\s+volunteer|"
       r"volunteer)\s+(?i:at|with|for|in)\s+" + _VOLUNTEERED, "{s} volunteers at {v}{w}.", True),
    # the place that follows one left: "I stopped volunteering at Oxfam, I now help at the
    # library instead", "quit volunteering with the Scouts and now volunteer at a food bank"
    _p("volunteer", r"\b(?i:stopped|quit|gave\s+up|left)\s+(?i:volunteering)\b[^.!?]{0,40}?"
       r"(?:[,;]\s*|\s+(?i:and)\s+)(?:(?i:I|we)\s+)?(?:(?i:now)\s+)?(?i:help|volunteer)"
       r"(?:\s+(?i:out))?\s+(?:(?i:now)\s+)?(?i:at|with|for|in)\s+" + _VOLUNTEERED,
       "{s} volunteers at {v}{w}.", True, denies=True),
    # the same in German, French, Spanish and Chinese: "Ich arbeite ehrenamtlich bei der
    # Tafel", "Je suis bénévole aux Restos du Cœur", "Soy voluntaria en Cáritas",
    # "我在图书馆做志愿者"
    *(_p("volunteer", regex + r"(?P<v>[A-ZÀ-Þ][^.,;!?()]{1,40}?)(?=\s+(?:" + after
         + r")\b|\s*[.,;!?(]|$)", template, lang=lang) for lang, regex, after, template in (
        ("de", r"\b(?i:ehrenamtlich|freiwillig)\s+(?P<p>(?i:bei|in|im|beim|an|am|für)"
         r"(?:\s+(?i:der|dem|den))?)\s+", r"seit|jeden|jede|am|und|jetzt|nun|mit",
         "{s} arbeitet ehrenamtlich {p} {v}."),
        ("fr", r"\b(?i:bénévole|du\s+bénévolat)\s+(?P<p>(?i:à\s+la|au|aux|chez|à|pour|avec|"
         r"dans))\s+", r"le|les|tous|toutes|depuis|et|maintenant|avec",
         "{s} est bénévole {p} {v}."),
        ("es", r"\b(?i:voluntari[oa]|voluntariado)\s+(?i:en|con|para)\s+(?:(?i:la|el|los|las)\s+)?",
         r"los|las|cada|desde|y|ahora|con", "{s} hace voluntariado en {v}."))),
    _p("volunteer", r"(?<!现)在(?P<v>[\u4e00-\u9fff]{2,8}?)(?:做|当)(?:志愿者|义工)",
       "{s}在{v}做志愿者。", lang="zh"),
    # Who someone is to the user, as the semantic rules write it ("Ana is the user's
    # girlfriend", then "… fiancée" when they get engaged, "former girlfriend" when they part).
    _p("bond", r"\b(?i:is|was)\s+the\s+user['’]s\s+(?P<v>(?:former\s+)?(?:girlfriend|boyfriend|"
       r"partner|fianc[ée]e?(?:\(e\))?|wife|husband|spouse))(?![\w(])", "{s} is the user's {v}."),
    _p("alive", _GONE, "{s} passed away.", True),
    _p("alive", _RAN_AWAY, "{s} ran away.", True),
    _p("alive", r"(?P<v>去世|病死|死)了", "{s}去世了。", True, lang="zh"),
    # A sport, game or instrument played: one slot each, so a new one ends no other, but
    # "I don't play tennis anymore" ends tennis and "I took up padel" adds padel.
    _p("play {v}", r"\b(?i:play|plays|playing)\s+(?:(?:a\s+lot\s+of|some|competitive|"
       r"amateur|the)\s+)?(?:(?i:five|six|seven|5|6|7)[\s-]a[\s-]side\s+)?(?P<v>" + _PLAYED
       + r")\b", "{s} plays {v}."),
    _p("play {v}", r"\b(?i:(?:took|taken|taking|take|takes)\s+up|got\s+into|"
       r"start(?:ed|ing)\s+(?:to\s+play|playing))\s+(?:(?:playing|the)\s+)?"
       r"(?P<v>" + _PLAYED + r")\b", "{s} plays {v}.", True),
    # A language spoken or learnt, one slot each ("I'm fluent in Portuguese").
    _p("speak {v}", r"\b(?i:speaks?|speaking|(?:fluent|bilingual)\s+in|native\s+speaker\s+of)\s+"
       r"(?:(?i:fluent|some|a\s+little|a\s+bit\s+of|basic|good|conversational|decent)\s+)?"
       + _listed(_EN_LANGS, "and"), "{s} speaks {v}."),
    _p("learn {v}", r"\b(?i:learn|learns|learning|learnt|learned)\s+(?:(?i:some)\s+)?"
       + _listed(_EN_LANGS, "and"), "{s} is learning {v}."),
    # "I gave up on Italian": a language no longer learnt (the clause's negation ends it)
    _p("learn {v}", r"\b(?i:(?:gave|given|giving)\s+up(?:\s+on)?|stopped|quit)\s+"
       r"(?:(?i:learning|studying)\s+)?(?P<v>" + _EN_LANGS + r")", ""),
    _p("play {v}", r"\b(?i:(?:gave|given|giving)\s+up|stopped|quit)\s+(?i:playing\s+)?"
       r"(?:(?i:the)\s+)?(?P<v>" + _PLAYED + r")\b", ""),
    # a language or an instrument dropped ("I dropped Japanese, too hard", "Sold my violin"),
    # and one taken instead ("Doing Korean instead")
    _p("learn {v}", r"\b(?i:dropped|ditched|abandoned)\s+(?:(?i:learning|studying)\s+)?(?P<v>"
       + _EN_LANGS + r")", "", ends=True),
    _p("learn {v}", r"\b(?i:doing|taking|studying)\s+(?P<v>" + _EN_LANGS
       + r")\s+(?i:instead|now)\b", "{s} is learning {v}.", True, unnamed=True),
    _p("play {v}", r"\b(?i:sold|gave\s+away|dropped|ditched)\s+(?:(?i:my|the)\s+)?(?P<v>" + _PLAYED
       + r")\b", "", ends=True),
    # the shift one works, and a change of it ("I work nights", "I moved to days, no more night
    # shifts", "Ich bin in die Frühschicht gewechselt", "je suis passée de jour", "我改上白班了")
    _p("shift", r"\b(?i:work|works|working|on|do|does|doing)\s+(?:(?i:now|only|mostly|the)\s+)*"
       r"(?P<v>" + _SHIFTS + r")\b", "{s} works {v} shifts.", reads=_shift),
    _p("shift", r"\b(?i:moved|switched|changed|went|gone|going|back|put)\s+(?:(?i:over|back)\s+)?"
       r"(?i:to|onto|on)\s+(?:(?i:the)\s+)?(?P<v>" + _SHIFTS + r")\b", "{s} works {v} shifts.",
       True, reads=_shift),
    *(_p("shift", regex, template, change, lang=lang) for lang, regex, template, change in (
        ("de", r"\b(?i:arbeite|arbeitet|bin|ist|habe|hat|mache|macht)\s+(?:(?i:jetzt|nun|wieder|"
         r"nur\s+noch|immer)\s+)*(?:(?i:in\s+der|im)\s+)?(?P<v>" + _DE_SHIFTS + r")",
         "{s} arbeitet {v}.", False),
        ("de", r"\b(?i:in\s+die|zur|zum|auf|in\s+den)\s+(?P<v>" + _DE_SHIFTS + r")\s+"
         r"(?i:gewechselt|gegangen)\b", "{s} arbeitet {v}.", True),
        ("fr", r"\b(?i:travaille|bosse|suis|est)\s+(?:(?i:maintenant|désormais|toujours)\s+)?"
         r"(?P<v>(?i:de\s+(?:nuit|jour|matin|soir)))\b", "{s} travaille {v}.", False),
        ("fr", r"\b(?i:passée?|repassée?)\s+(?P<v>(?i:de\s+(?:nuit|jour|matin|soir)))\b",
         "{s} travaille {v}.", True),
        ("es", r"\b(?i:trabajo|trabaja|estoy|está)\s+(?:(?i:ahora)\s+)?(?:(?i:en\s+el)\s+)?"
         r"(?P<v>(?i:(?:turno\s+)?de\s+(?:noche|día|mañana|tarde)))\b", "{s} trabaja {v}.", False),
        ("es", r"\b(?i:cambié|me\s+cambié|me\s+pasé|pasé|paso)\s+(?i:al)\s+"
         r"(?P<v>(?i:turno\s+de\s+(?:noche|día|mañana|tarde)))\b", "{s} trabaja {v}.", True),
        ("zh", r"(?:我|用户)(?:现在|目前)?上(?P<v>夜班|白班|早班|晚班|中班)", "{s}上{v}。", False),
        ("zh", r"(?:改|换|调|转)(?:成|到|上)?了?(?P<v>夜班|白班|早班|晚班|中班)", "{s}上{v}。",
         True))),
    # smoking, and its end ("I quit smoking", "Three months smoke-free today!")
    _p("smoke", r"\b(?:I|[Ww]e|[Tt]he\s+user)\s+(?:(?i:still|now|only|usually|occasionally)\s+)?"
       r"(?P<v>smoke|vape)s?\b(?!\s*-?\s*free)", "{s} {v}s."),
    _p("smoke", r"\b(?i:(?:quit|stopped|gave\s+up)\s+)(?P<v>smok|vap)(?:e|ing)\b|"
       r"\b(?P<w>smok|vap)e-?\s*free\b", "", ends=True, reads=lambda m: m["v"] or m["w"],
       unnamed=True),
    _p("age", r"\b(?P<my>(?i:my))\s+(?P<v>\d{1,3})(?:st|nd|rd|th)\s+(?i:birthday)\b",
       "{s} is {v} years old.", True, possessive=True),
    _p("relationship", r"(?:\b(?i:am|is|['’]m|got|became|(?<=\bI\s)are|(?<=\b[Ww]e\s)are)\s+|"
       r"(?<=\b[Ww]e)['’]re\s+)"
       r"(?:now\s+|no\s+longer\s+|not\s+)?"
       r"(?P<v>married|single|divorced|engaged|widowed|separated)\b", "{s} is {v}."),
    # a wedding or divorce in German, French and Spanish (the partner ends with a divorce,
    # see _ENDS)
    *(_p("relationship", f"(?P<v>{regex})", template, lang=lang,
         reads=lambda _, status=status: status, denies=True)
      for status, told in (("married", _MARRIED), ("divorced", _DIVORCED),
                           ("engaged", _ENGAGED))
      for lang, regex, template in told),
    # "Sam proposed on the beach and I said yes!"
    _p("relationship", r"\b[A-Z][\w'’-]+\s+(?:(?i:just|finally)\s+)?(?i:proposed)\b[^.!?]{0,40}?"
       r"\b(?P<v>I\s+said\s+yes)\b", "{s} is engaged.", True, reads=lambda _: "engaged",
       unnamed=True),
    _p("relationship", r"\b(?i:proposed|popped\s+the\s+question)\s+to\s+[A-Z][\w'’-]+\b"
       r"[^.!?]{0,40}?\b(?P<v>(?:she|he|they)\s+said\s+yes)\b", "{s} is engaged.", True,
       reads=lambda _: "engaged", unnamed=True),
    # "Sam and I are getting married next June": engaged until the day
    _p("relationship", r"\b(?i:are|['’]re|am|['’]m)\s+(?:(?i:finally|officially|actually)\s+)?"
       r"(?P<v>(?i:getting\s+married))\b", "{s} is engaged.", True,
       reads=lambda _: "engaged"),
    _p("relationship", r"\b(?i:have|has|got|['’]ve\s+got)\s+(?:an?\s+)?(?:new\s+)?"
       r"(?P<v>girlfriend|boyfriend|partner|fianc[eé]e?)\s+(?i:now)\b", "{s} has a {v}.", True),
    # "I eat meat again": no diet holds
    _p("diet", r"\b(?i:eat|eats|eating|ate)\s+(?P<v>(?i:meat|fish|chicken|everything|anything))\s+"
       r"(?i:again)\b", "", ends=True),
    # "I gave up being vegan"
    _p("diet", r"\b(?i:stopped|quit|gave\s+up|given\s+up|giving\s+up)\s+(?i:being)\s+"
       r"(?:(?i:an?)\s+)?(?P<v>(?i:vegetarian|vegan|pescatarian))\b", "", ends=True),
    _p("diet", r"\b(?:(?i:remange|remangeons|mange\s+(?:à|de)\s+nouveau)\s+(?i:de\s+la|du)\s+|"
       r"(?i:esse|essen)\s+(?:(?i:jetzt|nun)\s+)?(?i:wieder)\s+|(?i:vuelvo|volví|volvemos|"
       r"volvimos)\s+a\s+comer\s+)(?P<v>(?i:viande|poisson|Fleisch|Fisch|carne|pescado))\b", "",
       ends=True),
    # "Not vegetarian anymore": a denial at a message's start is the speaker's
    _p("diet", r"(?:\b(?i:am|is|['’]m|became|went|gone)\s+|^\s*(?=(?i:not|no\s+longer)\s))"
       r"(?:(?i:now|no\s+longer|not)\s+)?"
       r"(?:(?:fully|completely|strictly|totally|mostly)\s+)?(?:an?\s+)?"
       r"(?P<v>vegetarian|vegan|pescatarian)\b", "{s} is {v}."),
    # a diet said as a word alone: "Started eating fish again, so pescatarian I guess"
    _p("diet", r"\b(?i:so|basically|officially|technically)\s+(?:(?i:an?)\s+)?"
       r"(?P<v>(?i:vegetarian|vegan|pescatarian))\b", "{s} is {v}.", True),
    # meat no longer eaten: "I stopped eating meat", "I don't eat meat anymore"
    _p("diet", r"\b(?i:stopped|quit|gave\s+up|given\s+up|no\s+longer|don['’]t|do\s+not|"
       r"never)\s+(?:(?i:eat|eating)\s+)?(?:(?i:any|red)\s+)?(?P<v>(?i:meat))\b",
       "{s} is vegetarian.", True, reads=lambda _: "vegetarian", denies=True),
    _p("age", r"\b(?i:turned\s+)(?P<v>\d{1,3})\b", "{s} is {v} years old.", True),
    _p("age", r"\b(?i:am|is|['’]m)\s+(?:now\s+)?(?P<v>\d{1,3})\s+years?\s+old\b",
       "{s} is {v} years old."),
    # "I'm 61 and recently retired": the age, then the next clause
    _p("age", r"\b(?:I['’]m|I\s+am)\s+(?:now\s+)?(?P<v>[1-9]\d?)"
       r"(?=\s+now\b|\s*[,;!.]|\s+(?i:and|but)\s+(?!a\s+half\b)|$)",
       "{s} is {v} years old.", True),
    # an age told before what one is: "I'm a 34-year-old architect"
    _p("age", _BEEN + r"an?\s+(?P<v>[1-9]\d?)[- ](?i:years?)[- ](?i:old)\b",
       "{s} is {v} years old."),
    # "I'm Dev, 31", "I'm Sam, 27, and I live in Dundee", "name's jake, 31", "im priya 29
    # from delhi": a name, then the age
    _p("age", r"\b(?P<my>I['’]m|I\s+am|(?i:my\s+name\s+is|name['’]s))\s+" + _NAME
       + r"\s*,?\s*(?P<v>[1-9]\d?)(?:\s+(?:years?\s+old|y/?o))?"
       r"(?=\s*[,;!.]|\s+(?:and|but|from)\b|$)", "{s} is {v} years old.", possessive=True),
    _p("{k}", r"(?<!favourite )(?<!favorite )\b(?i:new\s+|current\s+)?(?P<k>" + _ONE_OF
       + r")(?:['’]s\s+name)?\s+(?:is|are)\s+(?:now\s+|still\s+)?(?:called\s+|named\s+|on\s+)?"
       + _VALUE, "{s}'s {k} is {v}.", possessive=True),
    # one of them named in passing: "my landlord (mr grant) is raising the rent", "our
    # landlord Mr Patel fixed the boiler", "my dentist, Dr Hall, said"
    _p("{k}", r"\b(?P<my>(?i:my|our))\s+(?:(?i:new|current)\s+)?(?P<k>(?i:" + _ONE_WHO
       + r"))\s*(?:,\s*|\(\s*|\s+)(?P<v>(?i:(?:dr|mr|mrs|ms|miss|prof)\.?\s+)[A-Za-z][\w'’-]+"
       r"(?:\s+[A-Z][\w'’-]+)?|(?!(?:I|Is|Was|Has|And|But|So)\b)[A-Z][\w'’-]+"
       r"(?:\s+[A-Z][\w'’-]+)?)(?=\s*[,)]|\s+[a-z]|\s*[.!?;]?$)", "{s}'s {k} is {v}.",
       possessive=True, reads=lambda m: " ".join(cap(w) for w in m["v"].split())),
    # A pet by its name ("I have a dog called Biscuit"), unless one more ("also have").
    _p("{k}", r"(?<!\balso )\b(?i:have|has|['’]ve\s+got)\s+(?i:an?)\s+"
       r"(?:(?:little|baby|tabby|black|white|ginger|rescue)\s+)?(?P<k>(?i:" + _PET_KINDS + r"))\s+"
       r"(?:named|called)\s+"
       r"(?P<v>" + _NAME + r")", "{s}'s {k} is {v}."),
    # A new pet by its name ("We got a new kitten, Mochi", "our new puppy is called Luna")
    # replaces the one that was; a first one ("a cat named Pickle") is a semantic fact only.
    *(_p("{k}", lead + r"\s+(?i:new)\s+(?:(?:little|baby|tabby|black|white|ginger|rescue)\s+)?"
         r"(?P<k>(?i:" + _PET_KINDS + r"))\s*(?:,\s*|\s+(?:(?:is\s+)?(?:named|called)|is)\s+)"
         r"(?P<v>" + _NAME + r")", "{s}'s {k} is {v}.", True, possessive=own)
      for lead, own in ((r"\b(?i:got|adopted|rescued|brought\s+home|have|has|['’]ve\s+got)\s+"
                         r"(?i:an?)", False), (r"\b(?P<my>(?i:our|my))", True))),
    # A new one of them by name ("We got a new landlord, Ms. Brandt", "I have a new boss now,
    # Tom") replaces the one that was.
    _p("{k}", r"\b(?i:got|have|has|['’]ve\s+got|found|hired)\s+(?i:an?)\s+(?i:new)\s+(?P<k>"
       + _ONE_OF + r")\s*(?:(?i:now)\s*)?(?:,\s*|\s+(?i:called|named)\s+|:\s*)" + _VALUE,
       "{s}'s {k} is {v}.", True),
    # "I'm together with Sofia now"; "我现在和小李在一起了" ("用户和小李在一起" as the block
    # says it)
    _p("partner", r"\b(?:I['’]m|I\s+am)\s+(?:(?i:now)\s+)?(?i:together)\s+(?i:with)\s+(?P<v>"
       + _NAME + r")", "{s}'s partner is {v}.", True),
    _p("partner", r"我(?:现在|目前)?(?:和|跟)(?![妈爸家朋同孩姐妹哥弟])"
       r"(?P<v>[\u4e00-\u9fffA-Za-z]{1,6}?)在一起了|用户(?:和|跟)(?P<w>[\u4e00-\u9fffA-Za-z]{1,6}?)"
       r"在一起", "{s}和{v}在一起。", True, lang="zh", reads=lambda m: m["v"] or m["w"]),
    _p("partner", r"\b(?:(?i:seeing|dating|going\s+out\s+with)\s+(?:someone|somebody)(?:\s+new)?|"
       r"(?i:got|have|has|['’]ve\s+got)\s+(?i:an?)\s+(?:(?i:new)\s+)?(?i:girlfriend|boyfriend|"
       r"partner)(?:\s+(?i:now))?)\s*"
       r"[,;:–—-]?\s*(?:(?:her|his|their)\s+name['’]s|(?:her|his|their)\s+name\s+is|called|"
       r"named)\s+(?P<v>" + _NAME + r")", "{s}'s partner is {v}.", True),
    # "Je sors avec Léa", "Salgo con Marta", "Ich bin jetzt mit Jonas zusammen"
    *(_p("partner", regex, template, True, lang=lang) for lang, regex, template in (
        ("fr", r"\b(?i:sors|sort|sortons)\s+(?:(?i:maintenant|depuis\s+\w+(?:\s+\w+)?)\s+)?"
         r"avec\s+(?P<v>" + _NAME + r")", "{s} sort avec {v}."),
        ("es", r"\b(?i:salgo|sale|salimos|estoy\s+saliendo)\s+(?:(?i:ahora)\s+)?con\s+(?P<v>"
         + _NAME + r")", "{s} sale con {v}."),
        ("de", r"\b(?i:bin|ist)\s+(?:(?i:jetzt|nun|seit\s+\w+(?:\s+\w+)?)\s+)?mit\s+(?P<v>"
         + _NAME + r")\s+(?i:zusammen)\b", "{s} ist mit {v} zusammen."))),
    _p("partner", r"\b(?:(?i:am|is|['’]m)|(?i:have|has|['’]ve)\s+been)\s+(?:now\s+)?"
       r"(?i:seeing|dating|going\s+out\s+with)\s+"
       # "seeing Dr Osei for my knee": a doctor or the like one sees is not dated
       r"(?!(?:Dr|Doctor|Prof|Professor|Nurse|Dentist)\b|[^.;!?]*\bfor\s+(?:my|the|his|her|"
       r"our|their)\b)(?P<v>" + _NAME + r")", "{s}'s partner is {v}.", True),
    # "switched dentists, I see Dr Patel now", "switched gyms too, The Gym Group now"
    _p("{k}", r"\b(?i:switched|changed)\s+(?P<k>(?i:" + _ONE_OF + r"))s?\b(?:[^.;!?]*?\b"
       r"(?i:see|go\s+to|use|have|got|with|to|train\s+at|work\s+out\s+at|it['’]s|it\s+is)\s+"
       r"|(?:\s+(?i:too|as\s+well|again))?\s*[,:–—-]\s*(?:(?i:now|it['’]s)\s+)?"
       # "Switched gyms, I'm at The Gym Group now"
       r"(?:(?:I['’]m|I\s+am|[Ww]e['’]re)\s+(?:(?i:now)\s+)?(?i:at|with|seeing|going\s+to)\s+)?)"
       + _VALUE, "{s}'s {k} is {v}.", True),
    # the gym one goes to: "I go to the gym at FitX", "Ich trainiere bei McFit", "Je
    # m'entraîne chez Basic-Fit", "Entreno en Altafit", "我在超级猩猩健身"
    _p("gym", r"\b(?i:go(?:es)?\s+to\s+(?:the\s+)?gym|train(?:s|ing)?|work(?:s|ing)?\s+out)\s+"
       r"(?:(?i:now|these\s+days)\s+)?at\s+(?=(?:the\s+)?[A-Z\u00c0-\u00de])" + _VALUE,
       "{s} goes to the gym at {v}."),
    _p("gym", r"\b(?:(?i:trainiere|trainiert|trainieren)\s+(?:(?i:ich|er|sie|wir)\s+)?"
       r"(?:(?i:jetzt|nun)\s+)?(?i:bei)|(?i:gehe|geht|gehen)\s+(?:(?i:ich|er|sie|wir)\s+)?"
       r"(?:(?i:jetzt|nun)\s+)?(?i:ins|zum)\s+(?:Fitnessstudio|Studio|Gym)(?:\s+(?i:bei|von))?)\s+"
       + _DE_ARTICLE + _PLACE,
       "{s} trainiert bei {v}.", lang="de"),
    _p("gym", r"\b(?i:m['’]entraîne|s['’]entraîne|vais\s+à\s+la\s+salle|va\s+à\s+la\s+salle)\s+"
       r"(?:(?i:maintenant|désormais)\s+)?(?:(?i:de\s+sport\s+)?(?:chez|à|au)\s+)?" + _PLACE,
       "{s} s'entraîne chez {v}.", lang="fr"),
    _p("gym", r"\b(?i:entreno|entrena|voy\s+al\s+gimnasio|va\s+al\s+gimnasio)\s+"
       r"(?:(?i:ahora)\s+)?(?:(?:en|a)\s+(?:(?i:el)\s+)?(?:(?i:gimnasio)\s+)?)?" + _PLACE,
       "{s} entrena en {v}.", lang="es"),
    _p("gym", r"在(?P<v>(?!在|健身房|家|公园|学校|楼下)[\u4e00-\u9fffA-Za-z]{2,10}?)"
       r"(?:健身|撸铁|锻炼)",
       "{s}在{v}健身。",
       lang="zh"),
    # a car in Chinese ("我开一辆大众高尔夫"), and one bought after the old one was sold
    # ("我把旧车卖了，现在开特斯拉")
    _p("car", r"(?:我|用户)(?:现在|目前)?开(?:的是)?(?:一辆|辆)(?P<v>" + _ZH_CAR + ")",
       "{s}开一辆{v}。", lang="zh"),
    _p("car", r"(?:车卖了|卖了(?:旧)?车|卖掉了?(?:旧)?车)[^。！？]{0,6}?(?:开|买了|换了)"
       r"(?:一辆|辆|的是)?(?P<v>" + _ZH_CAR + ")", "{s}开一辆{v}。", True, lang="zh"),
    _p("{k}", r"\b(?i:switched|changed|moved|went)\s+(?i:over\s+)?to\s+(?i:an?\s+)?(?i:new\s+)?"
       r"(?P<k>" + _ONE_OF + r")\s*[,:–—-]?\s*(?i:called\s+|named\s+)?" + _VALUE,
       "{s}'s {k} is {v}.", True),
    # "traded in my Golf for a Tesla", "Traded the Golf in for a Tesla"
    _p("car", r"\b(?i:sold|traded\s+in|traded)\s+(?i:my|the|our|his|her|their)\s+[^.;!?]{1,30}?\s+"
       r"(?:(?i:and|to)\s+(?i:bought|got|buy|get)|(?i:for))\s+"
       r"(?P<v>(?:an?\s+)?(?:[a-z][\w-]*\s+){0,2}?(?:[A-Z]|(?<=for\s)"
       r"(?:an?\s+)?[a-z])[^.,;!?()]{1,30}?)"
       r"(?=\s+(?:now|instead|last|this|yesterday|today|in|on|and)\b|[.,;!?(]|$)",
       "{s}'s car is {v}.", True),
    _p("car", r"\b(?i:drives?|driving)\s+(?:now\s+)?(?P<v>an?\s+(?!lot\b|bit\b|little\b)"
       r"[^.,;!?()]{2,40}?)(?=\s+(?:now|these\s+days|nowadays)\b|[.,;!?(]|$)",
       "{s}'s car is {v}."),
    # "Ich fahre jetzt einen VW Golf", "Je conduis une Clio", "Conduzco un Seat Ibiza"
    *(_p("car", r"\b(?i:" + verbs + r")\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"(?P<v>(?i:" + art
         + r")\s+[A-Z][^.,;!?()]{1,30}?)(?=\s+(?:" + now + r")\b|[.,;!?(]|$)", template, lang=lang)
      for lang, verbs, art, now, template in (
          ("de", "fahre|fährt", "einen|ein|eine", "jetzt|nun|seit", "{s} fährt {v}."),
          ("fr", "conduis|conduit", "une|un", "maintenant|depuis", "La voiture de {s} est {v}."),
          ("es", "conduzco|conduce|manejo|maneja", "una|un", "ahora|desde",
           "El coche de {s} es {v}."))),
    # a car in place of the one before: "Wir haben jetzt einen Tesla statt des Golfs", "J'ai
    # vendu ma Clio, je roule en Zoé maintenant", "Vendí el Seat y me compré un Kia"
    _p("car", r"\b(?i:haben|habe|fahre|fahren)\s+(?:(?i:ich|wir)\s+)?" + _NOW + r"(?P<v>(?i:einen|"
       r"ein|eine)\s+[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*)?)\s+(?i:statt|anstatt|anstelle)\b",
       "{s} fährt {v}.", True, lang="de"),
    # "Mein Vater hat seinen Volvo verkauft und einen Toyota gekauft", "Il a vendu sa Clio et
    # acheté une Zoé"
    _p("car", r"\b(?i:verkauft|verkaufte)\b[^.;!?]{0,20}?\s+(?i:und)\s+(?:(?i:sich|mir|uns)\s+)?"
       r"(?P<v>(?i:einen|ein|eine)\s+[A-Z][^.,;!?()]{1,30}?)\s+(?i:gekauft|geholt)\b",
       "{s} fährt {v}.", True, lang="de"),
    _p("car", r"\b(?i:vendu)\s+(?i:ma|mon|notre|la|le|sa|son|leur)\s+[^.;!?]{1,30}?\s+(?i:et)\s+"
       r"(?:(?i:a|ai|avons|ont)\s+)?(?i:acheté)\s+(?P<v>(?i:une|un)\s+[A-Z][^.,;!?()]{1,30}?)"
       r"(?=\s+(?:maintenant|neuve?)\b|[.,;!?(]|$)", "{s} conduit {v}.", True, lang="fr"),
    _p("car", r"\b(?i:vendu)\s+(?i:ma|mon|notre|la|le)\s+[^.;!?]{1,30}?[,;]?\s+(?:(?i:et)\s+)?"
       r"(?:(?i:je|on|nous)\s+)?(?i:roule|roulons|conduis|conduisons)\s+" + _NOW
       + r"(?i:en)\s+(?P<v>[A-Z][^.,;!?()]{1,30}?)(?=\s+(?:maintenant|désormais|depuis)\b|"
       r"[.,;!?(]|$)", "La voiture de {s} est une {v}.", True, lang="fr"),
    _p("car", r"\b(?i:vendí|vendimos|he\s+vendido)\s+(?i:mi|el|nuestro)\s+[^.;!?]{1,30}?\s+"
       r"(?i:y)\s+(?:(?i:me|nos)\s+)?(?i:compré|compramos|he\s+comprado)\s+"
       r"(?P<v>(?i:un|una)\s+[A-Z][^.,;!?()]{1,30}?)(?=\s+(?:nuevo|eléctrico|ahora)\b|"
       r"[.,;!?(]|$)", "El coche de {s} es {v}.", True, lang="es"),
    # the block's own line of it ("El coche del usuario es un Toyota Yaris")
    *(_p("car", r"\b" + whose + r"\s+(?P<v>(?i:une|una|un)\s+[A-Z][^.,;!?()]{1,30}?)(?=[.,;!?(]|$)",
         template, lang=lang) for lang, whose, template in (
             ("es", r"(?i:el\s+coche)\s+del\s+usuario\s+es", "El coche de {s} es {v}."),
             ("fr", r"(?i:la\s+voiture)\s+de\s+l['’]utilisateur\s+est",
              "La voiture de {s} est {v}."))),
    _p("favourite {k}", r"\b(?i:favou?rite)\s+(?P<k>[a-z]+(?:\s+(?!" + _LATELY + r")[a-z]+)?)\s+"
       r"(?:" + _LATELY + r"\s+)?(?:is|are)\s+"
       r"(?:now\s+)?(?P<v>" + INITIALLED + r"{1,40}?)(?=\s+(?:now|these days)\b|"
       r"(?<![^A-Za-z][A-Z])[.,;!?(]|(?<=[A-Z]\.)(?=\s+(?:and|but|though|which|because)\b)|$)",
       "{s}'s favourite {k} is {v}.", possessive=True),
    _p("favourite {k}", r"\b(?i:favou?rite)\s+(?P<k>[a-z]+(?:\s+[a-z]+)?)\s+"
       r"(?:used\s+to\s+be|was)\s+[^.;!?]{1,40}?\s+(?:but\s+)?(?i:now|these\s+days|nowadays)\s+(?:it['’]s|it\s+is|is|"
       r"they['’]re)\s+(?P<v>[^.,;!?()]{1,40}?)(?=[.,;!?(]|$)", "{s}'s favourite {k} is {v}.",
       True, possessive=True),
    _p("favourite {k}", r"(?!(?:Lately|Nowadays|Currently|Now|These|Recently|This|That|It|"
       r"Which|What|Here|There|He|She|They|Everything)\b)"
       r"(?P<v>[A-Z0-9\u00c0-\u00de][\w'’&.-]*(?:\s+[A-Z0-9\u00c0-\u00de][\w'’&.-]*){0,4})"
       r"\s+(?:is|are)\s+(?:now\s+)?(?P<my>(?i:my))\s+(?:new\s+)?(?i:favou?rite)\s+"
       r"(?P<k>[a-z]+(?:\s+(?!" + _LATELY + r")[a-z]+)?)(?=\s+" + _LATELY + r"\b|[.,;!?(]|$)",
       "{s}'s favourite {k} is {v}.", possessive=True),
    # a common word named after a hedge: "I think green is my favourite colour now"
    # one that took another's place: "Hoppers has overtaken Dishoom as my favourite restaurant"
    _p("favourite {k}", r"(?!(?:Honestly|Actually|Well|So|Now|Ok|Okay|Yeah|Also|Update|Lately|"
       r"Officially|Finally)\b)(?P<v>[A-Z0-9\u00c0-\u00de][\w'’&.-]*(?:\s+[A-Z0-9\u00c0-\u00de]"
       r"[\w'’&.-]*){0,4})\s+(?:has\s+|have\s+)?(?:(?i:officially|now|just)\s+)?(?i:overtaken|replaced|beaten|"
       r"dethroned|taken\s+over\s+from|knocked)\s+[^.;!?]{1,40}?\s+(?i:as|off\s+the\s+top\s+as)\s+"
       r"(?P<my>(?i:my))\s+(?:new\s+)?(?i:favou?rite)\s+(?P<k>[a-z]+(?:\s+(?!" + _LATELY
       + r")[a-z]+)?)(?=\s+" + _LATELY + r"\b|[.,;!?(]|$)", "{s}'s favourite {k} is {v}.", True,
       possessive=True),
    _p("favourite {k}", r"\b(?i:I\s+think|honestly|actually|probably|definitely|I\s+guess)\s+"
       r"(?P<v>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}?)\s+(?:is|are)\s+(?:now\s+)?"
       r"(?P<my>(?i:my))\s+(?:new\s+)?(?i:favou?rite)\s+(?P<k>[a-z]+(?:\s+(?!" + _LATELY
       + r")[a-z]+)?)(?=\s+" + _LATELY + r"\b|[.,;!?(]|$)",
       "{s}'s favourite {k} is {v}.", possessive=True),
    # A preference is keyed by what it is preferred over, or by itself: "prefer tea over
    # coffee" then "these days I prefer coffee" is one preference that changed.
    *(_p(f"prefer {{h{key}}}", _PREFER_OVER, "{s} prefers {v} over {k}.") for key in "kv"),
    _p("prefer {v}", r"\b(?:I['’]m|I\s+am)\s+(?:(?i:now|more\s+of)\s+)?an?\s+(?P<v>" + _DRINKS
       + r")\s+(?i:person|drinker|fan)\b", "{s} prefers {v}."),
    # "I don't drink coffee anymore, I switched to tea": the drink preferred now
    _p("prefer {v}", r"\b(?i:switched|changed|moved|gone\s+over)\s+(?:(?i:over)\s+)?"
       r"(?i:to)\s+(?P<v>" + _DRINKS + r")\b", "{s} prefers {v}.", True),
    # "I quit coffee, it's all tea now"
    _p("prefer {v}", r"\b(?i:it['’]s|it\s+is)\s+(?:(?i:all|only|just)\s+)(?P<v>" + _DRINKS
       + r")\s+(?i:now|these\s+days|for\s+me\s+now)\b", "{s} prefers {v}.", True),
    _p("prefer {hv}", r"\b(?i:prefer|prefers)\s+(?!(?:to|not|it|that|this|them|him|her)\b)"
       r"(?P<v>[a-z][\w-]*(?:\s+(?!(?:over|to|rather|than)\b)[a-z][\w-]*){0,2}?)" + _PREFER_END,
       "{s} prefers {v}."),
    *_LIKINGS,
    # an allergy, one slot per allergen, which a later "not allergic to it" ends
    _p("allergy {hv}", r"\b(?:I['’]m|I\s+am|(?i:the\s+user\s+is))\s+(?:(?i:severely|very|mildly|"
       r"also|really|slightly|badly|seriously)\s+)?(?i:allergic)\s+to\s+(?P<v>" + _THING + r")"
       r"(?=\s*(?:[.,;!?]|$))", "{s} is allergic to {v}."),
    # … one that turned out wrong or went: "Turns out I'm not actually allergic to
    # penicillin", "I'm no longer allergic to cats"
    _p("allergy {hv}", r"\b(?:I['’]m|I\s+am)\s+(?:(?i:not|no\s+longer|actually|really|even)\s+)"
       r"{1,3}(?i:allergic)\s+to\s+(?P<v>" + _THING + r")(?=\s*(?:[.,;!?]|$|\s+(?:and|but|so|"
       r"after|any\s*more)\b))", "", ends=True),
    # German
    # (for a while now: "wohne seit März in Augsburg", "lebe schon seit drei Jahren in Graz")
    _p("home", r"\b(?i:wohne|wohn|wohnt|wohnen|lebe|lebt|leben)\s+(?:(?i:wir|ich)\s+)?" + _NOW
       + r"(?:(?i:schon\s+)?(?i:seit)\s+(?:[\wäöüß]+\s+){1,2}?)?in\s+" + _PLACE,
       "{s} wohnt in {v}.", lang="de"),
    _p("origin", r"\b(?i:komme|stamme)\s+(?:(?i:ich)\s+)?(?:(?i:ursprünglich|eigentlich)\s+)?"
       r"aus\s+" + _PLACE, "{s} kommt aus {v}.", lang="de"),
    # "ist nach Köln gezogen", "ist bei uns in Köln eingezogen"
    _p("home", r"\b(?i:bin|ist|sind)\s+" + _NOW + r"(?:[\wäöüß]+\s+){0,3}?(?:nach|in)\s+" + _PLACE
       + r"\s+(?i:um|ein)?gezogen",
       "{s} wohnt in {v}.", True, lang="de"),
    _p("work", r"\b(?i:arbeite|arbeitet)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW
       + r"(?:(?i:im|in\s+der)\s+[A-ZÄÖÜ][\wäöüß]+\s+)?(?:bei|für)\s+" + _DE_ARTICLE + _PLACE,
       "{s} arbeitet bei {v}.", lang="de"),
    # a named place worked in: "als Kellnerin im Café Luna", "jetzt im AKH" (not "im Garten",
    # "im Vertrieb": a German noun alone is no name)
    _p("work", r"\b(?i:arbeite|arbeitet)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"(?:(?i:als)\s+"
       r"[A-ZÄÖÜ][\wäöüß]+\s+)?(?i:im|in\s+der|in\s+dem)\s+(?P<v>(?:Café|Cafe|Restaurant|Hotel|"
       r"Krankenhaus|Klinikum|Klinik|Spital|Laden|Supermarkt|Bistro|Kindergarten|Kita|Museum|"
       r"Theater|Studio|Salon|Bäckerei)\s+[A-ZÄÖÜ][\w'’-]+(?:\s+[A-ZÄÖÜ][\w'’-]+)?|"
       r"[A-ZÄÖÜ]{2,6}\b)", "{s} arbeitet bei {v}.", lang="de"),
    # "Ich arbeite jetzt bei einer Agentur": an employer not named
    _p("work", r"\b(?i:arbeite|arbeitet)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"(?:bei|für)\s+"
       r"(?P<v>(?i:einer|einem)\s+(?:[a-zäöüß]+e[nmr]?\s+)?[A-ZÄÖÜ][\wäöüß-]+)",
       "{s} arbeitet bei {v}.", lang="de"),
    _p("work", r"\b(?P<my>(?i:mein))\s+(?:(?i:neuer)\s+)?Arbeitgeber\s+ist\s+" + _NOW + _PLACE,
       "{s} arbeitet bei {v}.", True, lang="de", possessive=True),
    _p("favourite {k}", r"\bLieblings?(?P<k>[a-zäöüß]{3,20})\s+(?:ist|sind)\s+(?:jetzt\s+|nun\s+)?"
       + _DE_VALUE, "{s} hat als Lieblings{k} {v}.", lang="de", possessive=True),
    _p("favourite {k}", r"\b(?:ist|sind)\s+(?:(?i:jetzt|nun|inzwischen|mittlerweile)\s+)?"
       r"(?P<my>(?i:mein\w*))\s+Lieblings?(?P<k>[a-zäöüß]{3,20})\s+(?:jetzt\s+|nun\s+)?"
       + _DE_VALUE,
       "{s} hat als Lieblings{k} {v}.", lang="de", possessive=True),
    _p("favourite {k}", r"\bhat\s+als\s+Lieblings?(?P<k>[a-zäöüß]{3,20})\s+" + _DE_VALUE,
       "{s} hat als Lieblings{k} {v}.", lang="de"),
    # "Ich trinke jetzt Tee statt Kaffee", "Bin von Kaffee auf Tee umgestiegen"
    _p("favourite getränk", r"\b(?i:trinke|trinkt|trinken)\s+(?:(?i:ich|er|sie|wir)\s+)?" + _NOW
       + r"(?:(?i:lieber|nur\s+noch|eher)\s+)?(?P<v>" + _DE_DRINKS + r")\s+(?i:statt|anstatt|"
       r"anstelle\s+von|als)\s+(?:" + _DE_DRINKS + r")\b", _DE_DRINK_TEMPLATE, True, lang="de"),
    *_switch("favourite getränk", r"\b(?i:von)\s+", r"\s+(?i:auf|zu)\s+", _DE_DRINKS,
             _DE_DRINK_TEMPLATE, "de", r"\s+(?i:umgestiegen|gewechselt)\b"),
    _p("job", r"\b(?i:arbeite|arbeitet)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"als\s+"
       + _DE_JOB + _DE_JOB_END, "{s} arbeitet als {v}.", lang="de"),
    # "Ich arbeite bei Voestalpine als Chemikerin": the job after the employer
    _p("job", r"\b(?i:arbeite|arbeitet)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"(?:bei|für)\s+"
       + _DE_ARTICLE + _EMPLOYER + r"\s+als\s+" + _DE_JOB + _DE_JOB_END, "{s} arbeitet als {v}.",
       lang="de"),
    _p("job", r"\b(?i:bin|ist)\s+" + _NOW + r"(?i:von\s+Beruf)\s+" + _DE_JOB + _DE_JOB_END,
       "{s} arbeitet als {v}.", lang="de"),
    _p("job", r"\b(?i:bin|ist)\s+" + _NOW + _DE_JOB + r"\s+von\s+Beruf\b",
       "{s} arbeitet als {v}.", lang="de"),
    _p("job", r"\b(?i:bin|ist)\s+(?:(?i:ich|er|sie|jetzt|nun|inzwischen|mittlerweile|schon|"
       r"endlich)\s+)*(?P<v>" + _DE_JOBS + r")" + _DE_JOB_END, "{s} arbeitet als {v}.", lang="de"),
    # a promotion: "Ich wurde zur Abteilungsleiterin befördert", "bin zum Teamleiter ernannt"
    _p("job", r"\b(?i:zum|zur)\s+" + _DE_JOB + r"\s+(?i:befördert|ernannt|gemacht)\b",
       "{s} arbeitet als {v}.", True, lang="de"),
    # a start to come: "Ich fange am 1. April als Produktmanagerin an", "beginne als Koch"
    _p("job", r"\b(?i:fange|beginne|starte)\s+(?:(?i:ich)\s+)?(?:[\wäöüß.]+\s+){0,3}?als\s+"
       + _DE_JOB + _DE_JOB_END, "{s} arbeitet als {v}.", True, lang="de"),
    # a new post: "Ich habe eine neue Stelle als Filialleiterin bei dm", "neuer Job als Koch"
    _p("job", r"\b(?i:Stelle|Job|Position|Arbeit|Anstellung)\s+als\s+" + _DE_JOB + _DE_JOB_END,
       "{s} arbeitet als {v}.", True, lang="de"),
    _p("work", r"\b(?i:Stelle|Job|Position|Arbeit|Anstellung)\s+als\s+" + _unnamed(_DE_JOB)
       + r"\s+(?:bei|für)\s+" + _DE_ARTICLE + _DE_EMPLOYER, "{s} arbeitet bei {v}.", True,
       lang="de"),
    # what someone plays, does, goes out to do, speaks or learns, after "ich" or not
    # ("Ich spiele jeden Samstag Fußball", "Ich gehe zweimal die Woche schwimmen")
    _p("play {v}", r"\b(?i:spiele|spielt)\s+(?:(?i:ich|er|sie)\s+)?" + _DE_GAP
       + r"(?P<v>" + _DE_PLAYED + r")\b", "{s} spielt {when} {v}.", lang="de"),
    _p("play {v}", r"\b(?i:mache|macht|treibe|treibt)\s+(?:(?i:ich|er|sie)\s+)?"
       + _DE_GAP + r"(?P<v>" + _DE_DONE + r")\b", "{s} macht {when} {v}.", lang="de"),
    _p("play {v}", r"\b(?i:gehe|geht)\s+(?:(?i:ich|er|sie)\s+)?" + _DE_GAP
       + r"(?P<v>" + _DE_GONE_TO + r")\b", "{s} geht {when} {v}.", lang="de"),
    # "Ich jogge jeden Morgen", "Ich schwimme jetzt": the sport gone out to do, by its verb
    _p("play {v}", r"\b(?P<v>(?i:" + "|".join(_DE_DOING) + r"))\b", "{s} geht {v}.", lang="de",
       reads=lambda m: _DE_DOING[m["v"].casefold()]),
    _p("play {v}", r"\b(?i:mit)\s+(?:(?:dem|der|den)\s+)?(?P<v>" + _DE_PLAYED + "|" + _DE_DONE + "|"
       + _DE_GONE_TO.title() + r")\s+(?:(?i:aufgehört|Schluss\s+gemacht))", "", lang="de"),
    _p("speak {v}", r"\b(?i:spreche|spricht)\s+(?:(?i:ich|er|sie)\s+)?(?:(?i:fließend|fliessend|"
       r"gut|sehr\s+gut|ein\s+bisschen|etwas|auch|perfekt|ziemlich\s+gut)\s+)*"
       + _listed(_DE_LANGS, "und"), "{s} spricht {v}.", lang="de"),
    _p("learn {v}", r"\b(?i:lerne|lernt)\s+(?:(?i:ich|er|sie)\s+)?(?:(?i:gerade|jetzt|seit\s+\w+|"
       r"auch|noch|fleißig)\s+)*" + _listed(_DE_LANGS, "und"), "{s} lernt {v}.", lang="de"),
    # what someone likes doing is a pastime: "Ich male gerne Aquarelle" is "Aquarelle malen"
    _p("hobby {v}", r"\b(?:(?i:ich|wir)\s+(?P<verb>" + _DE_LIKED + r")|(?P<inv>" + _DE_LIKED
       + r")\s+(?i:ich|wir))\s+(?:(?i:sehr|total|echt|auch|besonders|so|wirklich)\s+)*"
       r"(?i:gerne?)(?:\s+(?P<v>(?!" + _DE_LIKED_END + r")[\wäöüß-]+(?:\s+(?!" + _DE_LIKED_END
       + r")[\wäöüß-]+)?))?(?=\s*[.,;!?]|\s+" + _DE_LIKED_END + r"|$)",
       "Zu den Hobbys von {s} gehört {v}.", lang="de",
       reads=lambda m: cap(f"{m['v'] or ''} {_de_infinitive(m['verb'] or m['inv'])}".strip())),
    _p("hobby {v}", r"\bZu\s+den\s+Hobbys\s+(?:des\s+Nutzers|von\s+\w+)\s+gehört\s+"
       r"(?P<v>[^.,;!?]{2,40})", "Zu den Hobbys von {s} gehört {v}.", lang="de"),
    # a pastime by its doer: "Ich bin begeisterte Läuferin" is "Laufen"
    _p("hobby {v}", r"\b(?i:bin|ist)\s+(?:(?i:ein|eine)\s+)?(?:(?i:begeistert|leidenschaftlich|"
       r"passioniert|eifrig|groß|gross|richtig)e[rns]?\s+)+(?!(?:" + _DE_JOBS + r")\b)"
       r"(?P<v>[A-ZÄÖÜ][a-zäöüß]{2,}er(?:in)?)\b", "Zu den Hobbys von {s} gehört {v}.", lang="de",
       reads=lambda m: _de_activity(m["v"])),
    # a pastime by its doer in French and Spanish, with a word of choice before or after it:
    # "Je suis une grande lectrice", "Soy una nadadora apasionada"
    *(_p("hobby {v}", r"\b(?i:" + be + r")\s+(?:(?i:un|une|una)\s+)?(?P<e>(?:(?i:" + keen
         + r")\s+)+)?" + _doer_abroad(lang) + r"(?(e)|\s+(?i:" + keen + r"))\b", template,
         lang=lang, reads=lambda m, lang=lang: _pastime_abroad(lang, m["v"]))
      for lang, be, keen, template in (
          ("fr", "suis|est", r"grande?|gros|grosse|vraie?|passionnée?|fervente?|fidèle|"
           r"acharnée?|bonne?|petite?", "Les loisirs de {s} incluent {v}."),
          ("es", "soy|es", r"gran|buen|buena|apasionad[oa]|empedernid[oa]|ávid[oa]",
           "Las aficiones de {s} incluyen {v}."))),
    # "Ich bin von Geige auf Bratsche umgestiegen": the one ends, the other begins
    *(switch for what, template in ((_DE_PLAYED, "{s} spielt {v}."), (_DE_DONE, "{s} macht {v}."))
      for switch in _switch("play {v}", r"\b(?i:von)\s+(?:(?i:der|dem)\s+)?",
                            r"\s+(?i:auf|zu|zur|zum)\s+(?:(?i:die|den|das|der)\s+)?", what,
                            template, "de", r"\s+(?i:umgestiegen|gewechselt)\b")),
    # a job at a place gives the place too ("Ich arbeite als Ingenieur bei Siemens")
    _p("work", r"\b(?i:arbeite|arbeitet)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"als\s+"
       + _unnamed(_DE_JOB) + r"\s+(?:bei|für)\s+" + _DE_ARTICLE + _PLACE, "{s} arbeitet bei {v}.",
       lang="de"),
    _p("work", r"\b(?i:bin|ist)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"(?:" + _DE_JOBS
       + r")\s+(?:bei|für)\s+" + _DE_ARTICLE + _DE_EMPLOYER,
       "{s} arbeitet bei {v}.", lang="de"),
    # a school or clinic, named or not, with its town: "arbeite als Lehrer an einer
    # Grundschule in Köln", "Seit Oktober unterrichte ich an einem Gymnasium in Bonn"
    _p("work", r"\b(?:(?i:arbeite|arbeitet)\s+(?:(?i:ich|er|sie)\s+)?" + _NOW + r"(?:als\s+"
       + _unnamed(_DE_JOB) + r"\s+)?|(?i:unterrichte|unterrichtet|lehre|lehrt)\s+(?:(?i:ich|er|"
       r"sie)\s+)?" + _NOW + r"|(?i:bin|ist)\s+" + _NOW + r"(?:" + _DE_JOBS + r")\s+)"
       r"(?P<at>an|am|im|in)\s+(?P<v>(?:(?i:einer|einem|der|dem)\s+)?(?:[a-zäöüß]+e[nmrs]?\s+)?"
       + _DE_PLACE_OF_WORK + r"(?:\s+in\s+[A-ZÄÖÜ][\wäöüß-]+)?|[A-ZÄÖÜ]{2,6})(?=\s|[.,;!?]|$)",
       "{s} arbeitet {at} {v}.", lang="de"),
    # "Mein Auto ist ein VW Golf", "Mein neues Auto ist ein Tesla" (a change)
    *(_p("car", r"\b(?:(?P<my>(?i:mein))\s+" + new + r"|(?i:das)\s+)Auto\s+(?:des\s+Nutzers\s+)?"
         r"(?i:ist)\s+" + _NOW + r"(?P<v>(?i:ein|eine)\s+[^.,;!?()]{1,30}?)"
         r"(?=\s+(?:jetzt|nun)\b|[.,;!?(]|$)", "Das Auto von {s} ist {v}.", change, lang="de",
         possessive=True) for new, change in ((r"(?i:neues)\s+", True), ("", False))),
    _p("age", r"\b(?i:bin|ist)\s+(?:(?i:jetzt|schon)\s+)?(?P<v>\d{1,3})\s+(?i:Jahre\s+alt)\b",
       "{s} ist {v} Jahre alt.", lang="de"),
    _p("age", r"\b(?i:bin|ist)\s+(?:[\wäöüß]+\s+){0,3}?(?P<v>\d{1,3})\s+(?:(?i:Jahre\s+alt)\s+)?"
       r"(?i:geworden)\b", "{s} ist {v} Jahre alt.", True, lang="de"),
    _p("job", r"\b(?i:bin|ist)\s+(?:[\wäöüß]+\s+){0,3}?(?P<v>" + _DE_JOBS + r")\s+(?i:geworden)\b",
       "{s} arbeitet als {v}.", True, lang="de"),
    _p("study", r"\b(?i:zu|zur|zum|auf|nach)\s+(?P<v>" + _DE_SUBJECTS + r")\s+(?i:gewechselt)\b",
       "{s} studiert {v}.", True, lang="de"),
    # "Hab den Job bei Zalando angenommen", "Ich habe die Stelle bei der Post angenommen"
    _p("work", r"\b(?i:Job|Stelle|Angebot|Jobangebot|Position)\s+(?:bei|von)\s+" + _DE_ARTICLE
       + _PLACE + r"\s+(?i:angenommen|zugesagt)\b", "{s} arbeitet bei {v}.", True, lang="de"),
    # "Ich bin zu Siemens gewechselt": a new employer, not a subject
    _p("work", r"\b(?i:zu|zur|zum)\s+(?!(?:" + _DE_SUBJECTS + "|" + _DE_PLAYED + "|" + _DE_DONE
       + r")\b)" + _PLACE
       + r"\s+(?i:gewechselt)\b", "{s} arbeitet bei {v}.", True, lang="de"),
    _p("diet", r"\b(?i:bin|ist)\s+(?:[\wäöüß]+\s+){0,3}?"
       r"(?P<v>(?:Vegetarier|Veganer|Pescetarier)(?:in)?)\b", "{s} ist {v}.", lang="de"),
    _p("diet", r"\b(?i:lebe|lebt|ernähre\s+mich|ernährt\s+sich|esse|isst)\s+(?:(?i:ich|er|sie)\s+)?"
       r"(?:(?i:jetzt|nun|inzwischen|mittlerweile|seit\s+\w+|komplett|streng|rein)\s+)*"
       r"(?P<v>vegan|vegetarisch|pescetarisch)\b", "{s} ernährt sich {v}.", lang="de"),
    _p("diet", r"\b(?i:esse|isst|essen)\s+(?:(?i:ich|er|sie|wir)\s+)?(?:[\wäöüß]+\s+){0,2}?"
       r"(?P<v>(?i:kein(?:e|en)?)\s+Fleisch)\b", "{s} ernährt sich vegetarisch.", True, lang="de",
       reads=lambda _: "vegetarisch", denies=True),
    # French
    _p("home", r"(?i:habite|habites|habitons|vis|vit|vivons)\s+" + _NOW + r"(?:à|a|en|au)\s+"
       + _PLACE, "{s} habite à {v}.", lang="fr"),
    _p("origin", r"\b(?i:je\s+viens|je\s+suis\s+originaire)\s+d(?:e\s+|['’])" + _PLACE,
       "{s} vient de {v}.", lang="fr"),
    # "a emménagé chez nous à Paris"
    _p("home", r"(?i:déménagé|demenagé|emménagé|installée?s?)\s+(?:chez\s+\w+(?:\s+\w+)?\s+)?"
       r"(?:à|a|en|au)\s+" + _PLACE,
       "{s} habite à {v}.", True, lang="fr"),
    # "J'ai accepté le poste chez Airbus", "J'ai commencé chez Dior", "Nouveau boulot chez Free"
    _p("work", r"\b(?:(?i:accepté)\s+(?:(?i:le|un|ce|cette|l['’]|une)\s*)"
       r"(?:(?i:nouveau|nouvelle)\s+)?(?i:poste|job|boulot|travail|offre)|(?i:commencé|débuté)|(?i:nouveau)\s+(?i:boulot|job|"
       r"poste|travail))\s+(?:chez|à)\s+" + _PLACE, "{s} travaille chez {v}.", True, lang="fr"),
    _p("work", r"(?i:travaille|travaillons|bosse|bossons)\s+" + _NOW + r"(?:chez|pour)\s+"
       + _PLACE,
       "{s} travaille chez {v}.", lang="fr"),
    # "Je suis infirmière à l'hôpital Saint-Louis", "J'enseigne au lycée Victor Hugo": a
    # hospital, school or the like, by name
    _p("work", r"\b(?:(?i:suis|est)\s+" + _NOW + r"(?:(?:un|une)\s+)?" + _unnamed(_FR_JOB)
       + r"\s+|(?i:travaille|travaillons|bosse|bossons|enseigne)\s+" + _NOW
       + r"(?:(?:comme|en\s+tant\s+que)\s+(?:(?:un|une)\s+)?" + _unnamed(_FR_JOB_SAID) + r"\s+)?)"
       r"(?P<at>à|au|dans)\s+"
       # by name ("l'hôpital Saint-Louis"), or one of a town ("un lycée à Lyon")
       r"(?P<v>(?:(?i:l['’]|la\s+|le\s+|une?\s+))?(?i:" + _FR_INSTITUTIONS + r")(?:(?:\s+(?:de\s+)?"
       + _NAME + r")+|\s+(?:à|a)\s+" + _NAME + r"))", "{s} travaille {at} {v}.", lang="fr"),
    _p("job", r"(?i:travaille|travaillé|bosse|bossé|bossons)\s+" + _NOW
       + r"(?:comme|en\s+tant\s+que)\s+"
       r"(?:(?:un|une)\s+)?" + _FR_JOB_SAID + _FR_JOB_END, "{s} travaille comme {v}.", lang="fr"),
    _p("job", r"(?i:travaille)\s+" + _NOW + r"(?:chez|pour)\s+" + _EMPLOYER
       + r"\s+(?:comme|en\s+tant\s+que)\s+(?:(?:un|une)\s+)?" + _FR_JOB + _FR_JOB_END,
       "{s} travaille comme {v}.", lang="fr"),
    _p("job", r"(?i:je\s+suis|suis)\s+" + _NOW + r"(?:(?:un|une)\s+)?" + _FR_JOB + _FR_JOB_END,
       "{s} travaille comme {v}.", lang="fr"),
    _p("work", r"(?i:je\s+suis|suis|travaille\s+comme)\s+" + _NOW + r"(?:(?:un|une)\s+)?"
       + _unnamed(_FR_JOB) + r"\s+(?:chez|pour)\s+" + _PLACE, "{s} travaille chez {v}.",
       lang="fr"),
    _p("age", r"(?i:j['’]ai|ai|a)\s+(?:(?i:maintenant|désormais)\s+)?(?P<v>\d{1,3})\s+(?i:ans)\b",
       "{s} a {v} ans.", lang="fr"),
    # "Je suis devenue infirmière", "Je suis passée cheffe de projet", "J'ai été promu directeur"
    _p("job", r"(?:(?i:suis|est)\s+(?i:devenue?|passée?)|(?i:été\s+)?(?i:promue?|nommée?)"
       r"(?:\s+(?i:au\s+poste\s+de|comme))?)\s+(?:(?:un|une)\s+)?" + _FR_JOB + _FR_JOB_END,
       "{s} travaille comme {v}.", True, lang="fr"),
    # "Ma couleur préférée est le violet", "…, c'est le jaune maintenant"
    _p("favourite {k}", r"\b(?P<k>[a-zàâçéèêëîïôûù]{3,20})\s+(?P<g>(?i:préférée?|favorie?))\s*"
       r"(?:,\s*(?:(?i:maintenant|désormais)\s*,\s*)?)?(?:(?i:c['’]est|est|sont|ce\s+sont)\s+)"
       r"(?:(?i:maintenant|désormais)\s+)?(?P<pre>(?i:le|la|les)\s+|(?i:l['’]))?"
       r"(?P<v>[^.,;!?()]{1,40}?)(?=\s+(?:maintenant|désormais)\b|[.,;!?(]|$)",
       "{s} a comme {k} {g} {pre}{v}.", lang="fr", possessive=True),
    # the block's own line of it, so a new favourite replaces it
    _p("favourite {k}", r"\ba\s+comme\s+(?P<k>[a-zàâçéèêëîïôûù]{3,20})\s+"
       r"(?P<g>(?i:préférée?|favorie?))\s+(?P<pre>(?i:le|la|les)\s+|(?i:l['’]))?"
       r"(?P<v>[^.,;!?()]{1,40}?)(?=[.,;!?(]|$)", "{s} a comme {k} {g} {pre}{v}.", lang="fr"),
    _p("play {v}", r"\b(?i:joue|joues|jouons)\s+(?:(?i:souvent|régulièrement|aussi|beaucoup|"
       r"encore|maintenant)\s+)*(?P<pre>(?i:au|aux|du|de\s+la|des)\s+|(?i:de\s+l['’]))"
       r"(?P<v>" + _FR_PLAYED + r")\b", "{s} joue {pre}{v}.", lang="fr"),
    _p("play {v}", r"\b(?i:fais|fait|faisons|pratique|pratiques)\s+(?:(?i:souvent|"
       r"régulièrement|aussi|beaucoup|encore|maintenant)\s+)*(?P<pre>(?i:du|de\s+la|des|le|la)\s+|"
       r"(?i:de\s+l['’]|l['’]))(?P<v>" + _FR_DONE + r")\b", "{s} fait {pre}{v}.", lang="fr"),
    _p("play {v}", r"\b(?i:arrêté|abandonné|lâché)\s+(?:(?i:de\s+(?:faire|jouer|pratiquer))\s+)?"
       r"(?:(?i:le|la|les|du|de\s+la|au)\s+|(?i:l['’]|de\s+l['’]))(?P<v>" + _FR_DONE + r")\b", "",
       lang="fr"),
    # "Je suis passée du judo au karaté"
    *_switch("play {v}", r"\b(?i:passée?s?|changé)\s+(?i:du|de\s+la|de\s+l['’]|des)\s*",
             r"\s+(?i:au|aux|à\s+la|à\s+l['’])\s*", _FR_DONE, "{s} pratique {v}.", "fr"),
    _p("speak {v}", r"\b(?i:parle|parles|parlons)\s+(?:(?i:couramment|bien|un\s+peu|aussi|"
       r"très\s+bien|parfaitement)\s+)*(?:(?i:le|l['’])\s*)?" + _listed(_FR_LANGS, "et"),
       "{s} parle {v}.", lang="fr"),
    _p("learn {v}", r"\b(?i:apprends|apprend|apprenons)\s+(?:(?i:aussi|maintenant|en\s+ce\s+"
       r"moment)\s+)*(?P<pre>(?i:le)\s+|(?i:l['’]))?" + _listed(_FR_LANGS, "et"),
       "{s} apprend {pre}{v}.", lang="fr"),
    _p("study", r"\b(?i:passée?|changé|réorientée?|inscrite?)\s+(?:(?i:de\s+filière)\s+)?"
       r"(?i:en|vers|pour|à)\s+(?:(?i:la|le)\s+|(?i:l['’]))?(?P<v>" + _FR_SUBJECTS + r")\b",
       "{s} étudie {v}.", True, lang="fr"),
    _p("diet", r"\b(?i:suis|est)\s+(?:(?i:maintenant|devenue?|désormais|plus|pas)\s+)*"
       r"(?P<v>végétarien(?:ne)?|végétalien(?:ne)?|végane?|vegan|pescétarien(?:ne)?)\b",
       "{s} est {v}.", lang="fr"),
    _p("diet", r"\b(?:(?i:ne|n['’])\s*(?i:mange|manges|mangeons)\s+(?i:plus|pas|jamais)|"
       r"(?i:arrêté|cessé)\s+(?i:de\s+manger))\s+(?i:de\s+la\s+|de\s+|d['’])\s*(?P<v>(?i:viande))\b",
       "{s} est végétarien.", True, lang="fr", reads=lambda _: "végétarien", denies=True),
    # Spanish
    _p("home", r"\b(?i:vivo|vive|vivimos)\s+" + _NOW + r"en\s+" + _PLACE, "{s} vive en {v}.",
       lang="es"),
    _p("origin", r"\b(?i:soy|vengo)\s+(?:(?i:originalmente|originari[oa])\s+)?de\s+" + _PLACE,
       "{s} es de {v}.", lang="es"),
    # "se mudó con nosotros a Madrid", "se vino a vivir conmigo a Sevilla"
    _p("home", r"\b(?i:me\s+mudé|se\s+mudó|me\s+he\s+mudado|se\s+ha\s+mudado|nos\s+mudamos|"
       r"nos\s+hemos\s+mudado|se\s+mudaron|se\s+han\s+mudado|(?:me|se)\s+(?:vino|vine|fue|fui)\s+"
       r"a\s+vivir|(?:me|se|nos)\s+(?:(?:he|ha|hemos|han)\s+ido|fuimos|fueron)\s+a\s+vivir|"
       r"(?:me|se)\s+(?:vine|vino)|nos\s+vinimos|(?:me|se)\s+(?:he\s+|ha\s+)?"
       r"traslad(?:é|ó|ado)|nos\s+(?:hemos\s+)?traslad(?:amos|ado))\s+"
       r"(?:(?:con\s+\w+(?:\s+\w+)?|conmigo)\s+(?:a|en)\s+|a\s+)" + _PLACE,
       "{s} vive en {v}.", True, lang="es"),
    _p("work", r"\b(?i:trabajo|trabaja|trabajamos)\s+" + _NOW + r"(?:en|para)\s+" + _PLACE,
       "{s} trabaja en {v}.", lang="es"),
    _p("job", r"\b(?i:trabajo|trabaja)\s+" + _NOW + r"(?:como|de)\s+(?:(?:un|una)\s+)?"
       r"(?P<v>[a-záéíóúñ]{3,}(?:\s+(?:de\s+)?[a-záéíóúñ]{3,})?)" + _ES_JOB_END,
       "{s} trabaja como {v}.", lang="es"),
    _p("job", r"\b(?i:trabajo|trabaja)\s+" + _NOW + r"(?:en|para)\s+" + _EMPLOYER
       + r"\s+(?:como|de)\s+(?:(?:un|una)\s+)?" + _ES_JOB + _ES_JOB_END,
       "{s} trabaja como {v}.", lang="es"),
    # a promotion or a new post: "Me ascendieron a jefa de ventas", "Tengo un trabajo nuevo
    # como cocinero"
    _p("job", r"\b(?:(?i:me\s+ascendieron|me\s+han\s+ascendido|(?:me\s+)?ascendid[oa]|"
       r"me\s+nombraron|me\s+han\s+nombrado)\s+(?:a|como)|(?i:trabajo|puesto|empleo|curro)\s+"
       r"(?:(?i:nuevo)\s+)?(?:como|de))\s+(?:(?:un|una)\s+)?" + _ES_JOB + _ES_JOB_END,
       "{s} trabaja como {v}.", True, lang="es"),
    _p("job", r"\b(?i:soy)\s+" + _NOW + r"(?:(?:un|una)\s+)?" + _ES_JOB + _ES_JOB_END,
       "{s} trabaja como {v}.", lang="es"),
    # said of someone by name: "Lucía es enfermera", "Hugo est cuisinier", "Lucía ahora
    # trabaja en un banco", "Hugo travaille dans un restaurant"
    _p("job", _WHO + r"\s+" + _NOW + r"(?i:es)\s+" + _NOW + r"(?:(?:un|una)\s+)?" + _ES_JOB
       + _ES_JOB_END, "{s} trabaja como {v}.", lang="es"),
    _p("job", _WHO + r"\s+" + _NOW + r"(?i:est)\s+" + _NOW + r"(?:(?:un|une)\s+)?" + _FR_JOB
       + _FR_JOB_END, "{s} travaille comme {v}.", lang="fr"),
    _p("work", r"\b(?i:trabajo|trabaja)\s+" + _NOW + r"(?:en|para)\s+(?P<v>(?i:un|una)\s+"
       r"[a-záéíóúñ]{3,}(?:\s+(?:de\s+)?[a-záéíóúñ]{3,})?)" + _ES_JOB_END,
       "{s} trabaja en {v}.", lang="es"),
    _p("work", r"(?i:travaille|bosse)\s+" + _NOW + r"dans\s+(?P<v>(?i:un|une)\s+"
       r"[a-zàâçéèêëîïôûù-]{3,}(?:\s+(?:de\s+|d['’])?[a-zàâçéèêëîïôûù-]{3,})?)" + _FR_JOB_END,
       "{s} travaille dans {v}.", lang="fr"),
    # a child's school: "Lily started at Oakwood Primary", "Emma geht jetzt auf die
    # Grundschule am Park", "Léo est entré au collège Jean Moulin", "Pablo va al colegio San
    # José", "小明在阳光小学上学"
    *(_p("school", r"\b(?i:" + verbs + r")\s+(?:(?i:schools?)\s+)?(?i:to|at)\s+(?P<v>" + _SCHOOL
         + ")", "{s} goes to {v}.", change) for verbs, change in (
             ("goes|go|going", False),
             ("started|starts|moved|changed|switched|transferred", True))),
    _p("school", r"\b(?i:goes|go|going)\s+to\s+school\s+at\s+" + _PLACE,
       "{s} goes to school at {v}."),
    _p("school", r"\b(?i:geht|ging|kommt|kam|ist|wechselt|wechselte)\s+"
       r"(?:(?i:jetzt|nun|seit\s+\w+)\s+)*(?i:auf|in|an)\s+(?i:die|das|den|eine|ein)\s+"
       r"(?P<v>(?:[A-ZÄÖÜ][\wäöüß-]*)?(?:[Ss]chule|[Gg]rundschule|[Gg]ymnasium|[Kk]ita|"
       r"[Kk]indergarten|[Rr]ealschule|[Gg]esamtschule)(?:\s+(?:am|an\s+der|in)\s+"
       r"[A-ZÄÖÜ][\wäöüß-]*|\s+[A-ZÄÖÜ][\wäöüß-]*)*)", "{s} geht auf die {v}.", lang="de"),
    _p("school", r"\b(?i:va|allait|est\s+entrée?|est\s+passée?|a\s+commencé)\s+"
       r"(?:(?i:maintenant)\s+)?(?i:à\s+l['’]|au|à\s+la|en)\s*"
       r"(?P<v>(?i:école|collège|lycée|maternelle|crèche)(?:\s+(?:de\s+)?[A-ZÀ-Þ][\w'’-]*)*)",
       "{s} va au {v}.", lang="fr"),
    _p("school", r"\b(?i:va|iba|empezó|entró|se\s+cambió)\s+(?:(?i:ya|ahora)\s+)?"
       r"(?i:al|a\s+la|en\s+el|en\s+la|de)\s+(?P<v>(?i:colegio|escuela|instituto|guardería)"
       r"(?:\s+[A-ZÁÉÍÓÚ][\wáéíóúñ-]*)*)", "{s} va al {v}.", lang="es"),
    _p("school", r"(?:在|去|到了?|上)(?P<v>(?![在去到上了])[\u4e00-\u9fff]{2,8}?"
       r"(?:小学|中学|初中|高中|幼儿园))"
       r"(?:上学|读书|念书)?", "{s}在{v}上学。", lang="zh"),
    # someone else's age in Chinese ("小明今年10岁了"); the speaker's is the core's
    _p("age", r"(?<!我)(?<!我今年)(?<!我已经)(?<!我现在)(?:今年|已经|现在)?(?<!\d)(?P<v>\d{1,3})岁",
       "{s}今年{v}岁。", lang="zh"),
    # someone's marriage, engagement or parting by name: "Kate ist mit Tom verheiratet",
    # "Kate et Tom se sont mariés", "Lucía y Pablo se han separado", "小红和小明结婚了"
    *(_p("relationship", r"(?P<said>" + regex + ")", "{said}。" if lang == "zh" else "{said}.",
         lang=lang,
         reads=lambda m: next(v for k, v in _STATUS_READS if m["v"].casefold().startswith(k)))
      for regex, lang in _OTHERS_STATUS),
    _p("favourite {k}", r"\b(?:(?P<my>(?i:mi))|(?i:su))\s+(?P<k>[a-záéíóúñ]{3,20})\s+"
       r"(?i:favorit|preferid)(?P<g>[oa])\s+(?:(?:ahora|ya)\s+)?es\s+(?:ahora\s+)?"
       r"(?:(?:el|la|los|las)\s+)?(?P<v>[^.,;!?()]{1,40}?)(?=\s+(?:ahora|ya)\b|[.,;!?(]|$)",
       "{art} {k} favorit{g} de {s} es {v}.", lang="es", possessive=True),
    # the block's own line of it, so a new favourite replaces it
    _p("favourite {k}", r"\b(?i:el|la|los|las)\s+(?P<k>[a-záéíóúñ]{3,20})\s+"
       r"(?i:favorit|preferid)(?P<g>[oa])\s+del\s+usuario\s+es\s+(?:(?:el|la|los|las)\s+)?"
       r"(?P<v>[^.,;!?()]{1,40}?)(?=[.,;!?(]|$)", "{art} {k} favorit{g} de {s} es {v}.", lang="es"),
    _p("study", r"\b(?i:estudio|estudia|estudiante\s+de)\s+(?:ahora\s+)?"
       r"(?P<v>[a-záéíóúñ]{3,}(?:\s+[a-záéíóúñ]{3,})?)(?=\s+(?:en|desde|ahora)\b|[.,;!?]|$)",
       "{s} estudia {v}.", lang="es"),
    # study in German and French
    _p("study", r"\b(?i:studiere|studiert)\s+(?:(?i:jetzt|nun|inzwischen|mittlerweile)\s+)?"
       r"(?P<v>[A-ZÄÖÜ][\wäöüß-]+)", "{s} studiert {v}.", lang="de"),
    _p("study", r"(?i:j['’]étudie|étudie|étudies|étudiante?\s+en|"
       r"fais\s+des\s+études\s+(?:de|d['’]))\s*"
       r"(?:maintenant\s+)?(?:(?:le|la|les)\s+|l['’])?(?P<v>[a-zàâçéèêëîïôûù-]{3,})",
       "{s} étudie {v}.", lang="fr"),
    # a new degree begun is a new subject ("j'ai commencé un doctorat en archéologie",
    # "empecé un máster en arqueología", "habe einen Master in Archäologie angefangen")
    _p("study", r"\b(?i:commencé|entamé|débuté|inscrite?\s+(?:en|à|dans))\s+(?:(?i:un|une|mon|ma|"
       r"en)\s+)?(?i:licence|master|doctorat|thèse|BTS|DUT|formation|cursus|diplôme)\s+"
       r"(?:en|de|d['’])\s*(?P<v>" + _FR_SUBJECTS + r")\b", "{s} étudie {v}.", True, lang="fr"),
    _p("study", r"\b(?i:empecé|empezado|comencé|comenzado|inicié|iniciado|empiezo|comienzo)\s+"
       r"(?:(?i:un|una|mi)\s+)?(?i:grado|máster|master|doctorado|carrera|licenciatura|curso)\s+"
       r"(?:en|de)\s+(?P<v>" + _ES_SUBJECTS + r")\b", "{s} estudia {v}.", True, lang="es"),
    _p("study", r"\b(?i:ein|einen|eine|mit\s+einem|mit\s+einer|mit\s+dem)\s+(?:[A-ZÄÖÜ]\w*)?"
       r"(?:Master|Bachelor|[Ss]tudium|Promotion|Doktor|PhD)\s+(?:in|im\s+Fach)\s+"
       r"(?P<v>" + _DE_SUBJECTS + r")\s+(?i:angefangen|begonnen)\b", "{s} studiert {v}.", True,
       lang="de"),
    _p("work", r"\b(?i:soy|trabajo\s+como|trabajo\s+de)\s+" + _NOW + r"(?:(?:un|una)\s+)?"
       + _unnamed(_ES_JOB) + r"\s+(?:en|para)\s+" + _ES_WORKPLACE,
       "{s} trabaja en {v}.", lang="es"),
    _p("work", r"\b(?i:trabajo|trabaja|trabajamos|doy\s+clases?|da\s+clases?|enseño)\s+" + _NOW
       + r"(?:en|para)\s+" + _ES_WORKPLACE, "{s} trabaja en {v}.", lang="es"),
    _p("age", r"\b(?i:tengo|tiene)\s+(?:(?i:ya|ahora)\s+)?(?P<v>\d{1,3})\s+(?i:años)\b",
       "{s} tiene {v} años.", lang="es"),
    _p("age", r"\b(?i:cumplí|cumplió|he\s+cumplido|ha\s+cumplido)\s+(?P<v>\d{1,3})\b",
       "{s} tiene {v} años.", True, lang="es"),
    *(_p("play {v}", r"\b(?i:" + verbs + r")\s+(?:(?i:mucho|también|ahora|todavía|a\s+menudo)\s+)*"
         r"(?P<pre>(?i:al|a\s+la|el|la)\s+)?(?P<v>" + what + r")\b", template, lang="es")
      for verbs, what, template in (("juego|juega|jugamos", _ES_GAMES, "{s} juega {pre}{v}."),
                                    ("toco|toca|tocamos", _ES_INSTRUMENTS, "{s} toca {pre}{v}."))),
    _p("play {v}", r"\b(?i:practico|practica|hago|hace)\s+(?:(?i:mucho|también|ahora|todavía|"
       r"a\s+menudo)\s+)*(?P<v>" + _ES_DONE + r")\b", "{s} practica {v}.", lang="es"),
    _p("play {v}", r"\b(?i:dejé|dejado|abandoné|abandonado)\s+(?i:el|la|los|las)\s+"
       r"(?P<v>" + _ES_PLAYED + "|" + _ES_DONE + r")\b", "", lang="es", ends=True),
    _p("play {v}", r"\b(?i:dejé|dejado)\s+(?i:de\s+(?:jugar|practicar|hacer))\s+"
       r"(?:(?i:al|a\s+la|el|la)\s+)?(?P<v>" + _ES_PLAYED + "|" + _ES_DONE + r")\b", "",
       lang="es"),
    # "Cambié la guitarra por el bajo", "Me pasé del tenis al pádel"
    *(switch for what, template in ((_ES_GAMES + "|" + _ES_DONE, "{s} practica {v}."),
                                    (_ES_INSTRUMENTS, "{s} toca {v}."))
      for switch in _switch("play {v}", r"\b(?i:cambié|cambiado|pasé|pasado|dejé)\s+"
                            r"(?:(?i:el|la|del|de\s+la)\s+)?",
                            r"\s+(?i:por|al|a\s+la)\s+(?:(?i:el|la)\s+)?", what, template, "es")),
    _p("speak {v}", r"\b(?i:hablo|habla|hablamos)\s+(?:(?i:bien|un\s+poco|con\s+fluidez|"
       r"perfectamente|también|algo\s+de)\s+)*" + _listed(_ES_LANGS, "[ye]"), "{s} habla {v}.",
       lang="es"),
    _p("learn {v}", r"\b(?i:aprendo|aprende|aprendiendo)\s+(?:(?i:también|ahora)\s+)*"
       + _listed(_ES_LANGS, "[ye]"), "{s} aprende {v}.", lang="es"),
    _p("study", r"\b(?i:cambié|cambiado|pasé|pasado)\s+(?:(?i:de\s+carrera)\s+)?(?i:a|por)\s+"
       r"(?P<v>" + _ES_SUBJECTS + r")\b", "{s} estudia {v}.", True, lang="es"),
    _p("diet", r"\b(?i:soy|es|hice|hecho)\s+(?:(?i:ahora|ya)\s+)?"
       r"(?P<v>vegetarian[oa]|vegan[oa]|pescetarian[oa])\b", "{s} es {v}.", lang="es"),
    _p("diet", r"\b(?:(?<=(?i:no)\s)(?i:como|comemos)|(?i:dejé|dejado|dejamos)\s+"
       r"(?i:de\s+comer))\s+(?P<v>(?i:carne))\b", "{s} es vegetariano.", True, lang="es",
       reads=lambda _: "vegetariano", denies=True),
    # a partner or pet by name in German, French and Spanish ("Meine Freundin heißt Anna", "Mon
    # chien s'appelle Filou", "Mi novio se llama Pablo"), also as a block line says it ("Die
    # Freundin des Nutzers heißt Anna"): one slot each, a new name replaces
    *(_p("{k}", r"\b(?:(?P<my>(?i:" + mine + r"))\s+(?:(?i:" + new + r")\s+)?|" + stated
         + r")(?P<k>(?i:" + kin + r"))\s+(?:" + _OF_USER + r"\s+)?" + said
         + r"\s+(?:(?i:jetzt|maintenant|ahora)\s+)?(?P<v>" + _NAME + r")",
         template, lang=lang, possessive=True)
      for lang, mine, new, stated, kin, said, template in (
          ("de", "meine", "neue", r"Die\s+", "Freundin|Frau|Partnerin|Verlobte|Katze|Hündin",
           "heißt", "Die {k} von {s} heißt {v}."),
          ("de", "mein", "neuer|neues", r"Der\s+", "Freund|Mann|Partner|Verlobter|Hund|Kater",
           "heißt", "Der {k} von {s} heißt {v}."),
          ("fr", "ma", "nouvelle", r"La\s+", "copine|femme|compagne|chienne|chatte",
           r"s['’]appelle", "La {k} de {s} s'appelle {v}."),
          ("fr", "mon", "nouveau|nouvel", r"Le\s+", "copain|mari|compagnon|chien|chat",
           r"s['’]appelle", "Le {k} de {s} s'appelle {v}."),
          ("es", "mi", "nueva", r"La\s+", "novia|mujer|esposa|pareja|perra|gata", r"se\s+llama",
           "La {k} de {s} se llama {v}."),
          ("es", "mi", "nuevo", r"El\s+", "novio|marido|esposo|perro|gato", r"se\s+llama",
           "El {k} de {s} se llama {v}."))),
    # one who has a role of one for the speaker, in German, French and Spanish ("Mein Zahnarzt
    # ist Dr. Keller", "Mon nouveau médecin est le docteur Lefèvre", "Nuestro casero se llama
    # Don Luis"), or a new one ("Wir haben einen neuen Vermieter, Frau Lenz"): a new one
    # replaces the one that was (the slot in English words, see _SLOT_SAME)
    *(_p("{k}", r"\b(?:(?P<my>(?i:" + mine + r"))\s+(?:(?i:" + new + r")\s+)?|" + stated
         + r")(?P<k>(?i:" + roles + r"))\s+(?:" + _OF_USER + r"\s+)?(?:(?i:" + new + r")\s+)?"
         + said + r"\s+(?:(?i:jetzt|nun|maintenant|désormais|ahora)\s+)?" + _TITLED, template,
         lang=lang, possessive=True)
      for lang, mine, new, stated, roles, said, template in _ROLES_ABROAD),
    *(_p("{k}", r"\b(?i:" + have + r")\s+(?:(?i:jetzt|nun|maintenant|ahora)\s+)?(?i:" + one
         + r")\s+(?i:" + new + r")\s+(?P<k>(?i:" + roles + r"))\s*(?:[,:–—-]\s*|\s+(?i:" + named
         + r")\s+)" + _TITLED, template, True, lang=lang)
      for lang, have, one, new, roles, named, template in _NEW_ROLES_ABROAD),
    # a role's holder switched ("Ich habe den Zahnarzt gewechselt, jetzt gehe ich zu Dr. Schulz",
    # "J'ai changé de médecin, maintenant c'est le docteur Bernard", "Cambié de dentista, ahora
    # voy a la doctora Ruiz")
    *(_p("{k}", switched + r"(?P<k>(?i:" + roles + r"))\b" + between + r"[^.;!?]*?\b"
         + now + r"\s+" + _TITLED, template, True, lang=lang)
      for lang, _, _, _, roles, _, template in _ROLES_ABROAD
      for switched, between, now in (_SWITCHED_ROLE[lang],)),
    *(_p("{k}", r"\b(?i:tengo|tenemos|tiene)\s+(?:(?i:ahora)\s+)?(?i:un|una)\s+(?P<k>(?i:"
         + roles + r"))\s+(?i:nuev[oa])\s*(?:[,:–—-]\s*|\s+(?i:que\s+se\s+llama)\s+)" + _TITLED,
         template, True, lang="es")
      for _, _, _, _, roles, _, template in _ROLES_ABROAD[4:]),
    # a home bought or rented: "Wir haben ein Haus in Ulm gekauft", "On a acheté une maison à
    # Angers", "Compramos un piso en Murcia", "我们在苏州买了房子"
    _p("home", r"\b(?i:ein|eine|unser|unsere)\s+(?:(?i:neues|neue|kleines|kleine)\s+)?"
       r"(?:Haus|Wohnung|Eigentumswohnung|Häuschen)\s+in\s+" + _PLACE
       + r"\s+(?i:gekauft|gemietet|bezogen)\b", "{s} wohnt in {v}.", True, lang="de"),
    _p("home", r"\b(?i:acheté|loué)\s+(?i:une|un|notre|mon|ma)\s+(?:(?i:petite?|nouvelle?|"
       r"nouvel)\s+)?(?i:maison|appartement|appart|studio)\s+(?:à|a|en|au)\s+" + _PLACE,
       "{s} habite à {v}.", True, lang="fr"),
    _p("home", r"\b(?i:compr(?:é|amos|ado)|alquil(?:é|amos|ado))\s+(?i:un|una|nuestra?|mi)\s+"
       r"(?i:casa|piso|apartamento|ático)\s+en\s+" + _PLACE, "{s} vive en {v}.", True, lang="es"),
    _p("home", r"在(?P<v>[\u4e00-\u9fff]{2,6}?)(?:买了|租了)(?:一套|一个|新)?(?:房子?|公寓|新房)",
       "{s}住在{v}。", True, lang="zh"),
    # the keys to a new home, a move said done: "die Schlüssel für die neue Wohnung in Erfurt",
    # "Der Umzug nach Augsburg ist erledigt", "les clés de notre appart à Nantes", "las llaves
    # del piso nuevo en Málaga", "搬进了西安的新家"
    _p("home", r"\b(?i:Schlüssel)\s+(?i:für|zu|zur|zum|von)\s+(?i:die|das|der|dem|den|"
       r"unsere?[mnr]?|meine?[mnr]?)\s+(?:(?i:neuen?|neues|neuer)\s+)?(?:Wohnung|Haus|Bude|Zuhause|Heim|"
       r"Eigentumswohnung)\s+in\s+" + _PLACE, "{s} wohnt in {v}.", True, lang="de"),
    _p("home", r"\b(?i:Umzug)\s+nach\s+" + _PLACE + r"\s+(?:(?i:ist|war)\s+)?"
       r"(?:(?i:endlich|jetzt|nun|schon|komplett)\s+)*(?i:erledigt|geschafft|durch|vorbei|"
       r"abgeschlossen|überstanden)\b", "{s} wohnt in {v}.", True, lang="de"),
    _p("home", r"\b(?i:clés|clefs)\s+(?i:de|du)\s+(?:(?i:notre|mon|ma|la|le|l['’])\s*)?"
       r"(?:(?i:nouvel(?:le)?|nouveau)\s+)?(?i:appart(?:ement)?|maison|studio|logement)\s+"
       r"(?:(?i:neuf|neuve)\s+)?(?:à|a|en|au)\s+" + _PLACE, "{s} habite à {v}.", True, lang="fr"),
    _p("home", r"\b(?i:llaves)\s+(?i:de|del)\s+(?:(?i:la|el|nuestr[oa]|mi)\s+)?"
       r"(?:(?i:nuev[oa])\s+)?(?i:piso|casa|apartamento|ático|departamento|depa)\s+"
       r"(?:(?i:nuev[oa])\s+)?en\s+" + _PLACE, "{s} vive en {v}.", True, lang="es"),
    _p("home", r"(?:搬进了?|住进了?|拿到了?)(?P<v>[\u4e00-\u9fff]{2,6}?)的?(?:新家|新房子?|新公寓)",
       "{s}住在{v}。", True, lang="zh"),
    # a first day or a start at an employer: "mein erster Tag bei Beiersdorf", "Ich fange bei
    # Bosch an", "mon premier jour chez Engie", "quitté Michelin pour rejoindre Alstom",
    # "Mañana empiezo en Inditex"
    _p("work", r"\b(?i:mein(?:em)?|meine[nm]?)\s+(?i:ersten?|erster)\s+"
       r"(?i:(?:Arbeits)?tag|Woche)\s+(?:bei|für)\s+" + _DE_ARTICLE + _PLACE,
       "{s} arbeitet bei {v}.", True, lang="de"),
    _p("work", r"\b(?i:fange|fängt|fangen)\s+(?:(?i:ich|er|sie|wir)\s+)?(?:[\wäöüß]+\s+){0,3}?"
       r"bei\s+" + _DE_ARTICLE + _PLACE + r"\s+an\b", "{s} arbeitet bei {v}.", True, lang="de"),
    _p("work", r"\b(?i:premi[eè]re?)\s+(?i:jour(?:née)?|semaine)\s+(?:(?i:de\s+travail)\s+)?"
       r"(?:chez|à)\s+" + _PLACE, "{s} travaille chez {v}.", True, lang="fr"),
    _p("work", r"\b(?i:quitté)\s+[^,.;!?]{1,40}?\s+(?i:pour)\s+(?i:rejoindre|entrer\s+chez|"
       r"aller\s+chez|intégrer)\s+" + _PLACE, "{s} travaille chez {v}.", True, lang="fr"),
    _p("work", r"\b(?i:empiezo|empecé|empieza|empezó|comienzo|comencé|comienza|comenzó)\s+"
       r"(?:(?i:a\s+trabajar)\s+)?(?:en|con)\s+" + _PLACE + r"|\b(?i:primer)\s+(?i:día)\s+"
       r"(?:(?i:de\s+trabajo)\s+)?en\s+" + _PLACE.replace("(?P<v>", "(?P<w>"),
       "{s} trabaja en {v}.", True, lang="es", reads=lambda m: m["v"] or m["w"]),
    # a contract signed or an offer taken is the new employer: "got an offer from Stripe and
    # accepted it", "Ich habe bei Siemens unterschrieben", "J'ai signé chez Airbus", "Firmé
    # con Telefónica", "Acepté la oferta de Inditex"
    _p("work", r"\b(?i:got|received|had)\s+(?:an?\s+|the\s+)?(?:(?i:job)\s+)?(?i:offer)\s+"
       r"(?i:from|at|with)\s+" + _PLACE + r"\s*,?\s+(?i:and)\s+(?:(?i:I)\s+)?(?:(?i:just|finally|"
       r"have|['’]ve)\s+)*(?i:accepted|took|signed)\b", _EN_WORK, True),
    _p("work", r"\b(?i:bei)\s+" + _DE_ARTICLE + _PLACE + r"\s+(?:(?i:den|einen)\s+(?i:Vertrag)\s+)?"
       r"(?i:unterschrieben)\b", "{s} arbeitet bei {v}.", True, lang="de"),
    _p("work", r"\b(?i:signé)\s+(?:(?i:un|mon|le)\s+(?i:contrat|CDI|CDD)\s+)?(?i:chez|avec)\s+"
       + _PLACE, "{s} travaille chez {v}.", True, lang="fr"),
    _p("work", r"\b(?:(?i:firmé|he\s+firmado)\s+(?:(?i:un|el|mi)\s+(?i:contrato)\s+)?"
       r"(?i:con|en|por)|(?i:acepté|he\s+aceptado)\s+(?i:la|una|el)\s+(?i:oferta|puesto|trabajo)"
       r"\s+(?i:de|en))\s+" + _PLACE, "{s} trabaja en {v}.", True, lang="es"),
    # Chinese
    _p("home", r"(?:现在|目前)?住在" + _ZH_PLACE, "{s}住在{v}。", lang="zh"),
    _p("home", r"搬(?:家)?(?:到|去)了?" + _ZH_PLACE, "{s}住在{v}。", True, lang="zh"),
    _p("work", r"(?:现在|目前)?在(?P<v>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:工作|上班)",
       "{s}在{v}工作。", lang="zh"),
    # "我女朋友叫小美", also as a fact says it ("用户的女朋友叫小美"); "我和小美分手了" ends it
    _p("{k}", r"(?:(?<=我)|(?<=我的)|(?<=用户的)|(?<=用户))(?:新的?)?"
       r"(?P<k>女朋友|男朋友|老婆|老公|妻子|丈夫|未婚妻|未婚夫|对象)(?:叫|是)(?P<v>[\u4e00-\u9fff]{2,4}?)(?=了|[，。！？；,.!?\s]|$)",
       "{s}的{k}叫{v}。",
       lang="zh", possessive=True),
    # "我最喜欢的颜色是紫色", "紫色是我新的最喜欢的颜色"; "用户最喜欢的颜色是紫色" as the
    # block says it
    # ("我现在喜欢的电影是《花样年华》": a title in its marks)
    _p("favourite {k}", r"(?:(?P<my>我)|用户)的?(?:新的?)?(?:最(?:喜欢|爱)|(?:现在|目前)最?喜欢)的"
       r"(?P<k>[\u4e00-\u9fff]{1,3}?)(?:现在|目前)?(?:是|变成了?|换成了?)"
       r"(?P<v>《[^》]{1,20}》|[\u4e00-\u9fffA-Za-z0-9]{1,10}?)(?=了|[，。！？；,.!?\s]|$)",
       "{s}最喜欢的{k}是{v}。", lang="zh", possessive=True),
    _p("favourite {k}", r"(?P<v>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)(?:现在|目前)?(?:是|成了?)(?P<my>我)"
       r"(?:现在|目前)?(?:新的)?最(?:喜欢|爱)的(?P<k>[\u4e00-\u9fff]{1,3}?)(?=了|[，。！？；,.!?\s]|$)",
       "{s}最喜欢的{k}是{v}。", lang="zh", possessive=True),
    # "我不吃肉了": meat no longer eaten; "用户吃素" as the block says it
    _p("diet", r"不再?吃(?P<v>肉)了?", "{s}吃素。", True, lang="zh", reads=lambda _: "素",
       denies=True),
    _p("diet", r"吃(?P<v>素)", "{s}吃素。", lang="zh"),
    # "我是老师", "我现在是程序员了": a trade by its ending or name
    _p("job", r"(?:现在|目前)?(?:是|当|做|成为了?|成了)(?:一名|一个|个|名)?"
       r"(?P<v>[\u4e00-\u9fff]{0,5}?" + ZH_TRADE + r")"
       r"(?:了|啦)?(?=[，。！？；,.!?\s]|$)", "{s}的工作是{v}。", lang="zh"),
    # "在腾讯做产品经理": where the trade is done is the employer
    _p("work", r"(?:现在|目前)?在(?P<v>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:做|当)(?:一名|一个|个|名)?"
       r"[\u4e00-\u9fff]{0,5}?" + ZH_TRADE + r"(?:了|啦)?(?=[，。！？；,.!?\s]|$)",
       "{s}在{v}工作。", lang="zh"),
    # "我换工作了，现在在腾讯": being somewhere now, after a new job said
    _p("work", r"(?:换了?(?:个|份)?(?:新)?工作|新工作)[^。！？!?]{0,12}?(?:现在|目前)?在"
       r"(?P<v>(?!在)[\u4e00-\u9fffA-Za-z]{2,10}?)(?=上班|工作|了|[，。！？；,.!?\s]|$)",
       "{s}在{v}工作。", True, lang="zh"),
    _p("work", r"(?:加入了|跳槽到了?|入职了?)(?P<v>[\u4e00-\u9fffA-Za-z]{2,10}?)"
       r"(?=了|[，。！？；,.!?\s]|$)", "{s}在{v}工作。", True, lang="zh"),
    # The speaker's own name: "Hi, I'm Priya Raman", "Ich heiße Jonas", "Moi c'est Luc", "Hola,
    # soy Lucía", "我的名字是王芳" ("我叫王芳" is a core clause already)
    *(_p("name", regex + _PERSON + _NAME_END, template, lang=lang, possessive=True)
      for lang, regex, template in (
          ("en", r"(?P<my>\b(?:I['’]m|[Ii]\s+am)|\b(?i:my\s+name\s+is|my\s+name['’]s)|"
           r"(?:^|(?<=[.!?]\s))(?i:name['’]s))\s+(?:(?:Dr|Prof|Mr|Mrs|Ms|Mx|Miss)\.?\s+)?",
           "{s}'s name is {v}."),
          # "ich bin" names only after a greeting or with an article ("Ich bin der Jonas"):
          # German writes what someone is with a capital too ("Ich bin Berliner")
          ("de", r"\b(?P<my>(?i:ich\s+hei(?:ß|ss)e|mein\s+name\s+ist)|(?i:hallo|hi|hey|servus|"
           r"moin)[,!.]?\s+(?i:ich\s+bin)(?:\s+(?i:der|die))?|(?i:ich\s+bin)\s+(?i:der|die))\s+",
           "{s} heißt {v}."),
          ("fr", r"\b(?P<my>(?i:je\s+m['’]appelle|mon\s+(?:pré)?nom\s+(?:est|c['’]est)|"
           r"moi\s+c['’]est|je\s+suis))\s+", "{s} s'appelle {v}."),
          ("es", r"\b(?P<my>(?i:me\s+llamo|mi\s+nombre\s+es|soy))\s+", "{s} se llama {v}."))),
    _p("name", r"(?P<my>我的名字)(?:是|叫)(?P<v>[\u4e00-\u9fff]{2,4}?)(?=[，。！？；,.!?\s]|$)",
       "{s}叫{v}。", lang="zh", possessive=True),
    # "我是王伟", "用户是王伟" as a core clause says it: a name by its surname, not "我是老师";
    # "我叫王芳", "用户叫王芳" (not "我叫了外卖")
    _p("name", r"(?:(?:我|用户)是(?P<v>(?:" + _ZH_SURNAMES + r")[\u4e00-\u9fff]{1,2}?)|"
       r"(?:我|用户)叫(?![了过醒车人他她])(?P<w>[\u4e00-\u9fff]{2,4}?))(?=[，。！？；,.!?\s]|$)",
       "{s}叫{v}。", lang="zh", reads=lambda m: m["v"] or m["w"]),
    # The town a compact intro places its work in is the speaker's home: "I'm Tom, 34, a nurse
    # at St Thomas Hospital in London", "Moi c'est Léa, 29 ans, je bosse … dans un lycée à
    # Lyon", "Soy Diego, 41 años, enfermero en un hospital de Valencia"
    *(_p("home", intro + r"\s*,\s*[^.;!?]{2,80}?\s+(?:" + at + r")\s+[^.;!?]{1,40}?\s+(?:"
         + town + r")\s+" + _PLACE + r"(?=\s*[.,;!?]|$)", template, lang=lang,
         possessive=lang == "en")
      for lang, intro, at, town, template in (
          ("en", _EN_INTRO, "at|for|with", "in", _EN_HOME),
          ("fr", r"\b(?i:c['’]est|m['’]appelle)\s+" + _NAME + r"\s*,\s*[1-9]\d?\s+(?i:ans)",
           "à|au|chez|dans|pour", "à|a", "{s} habite à {v}."),
          ("es", r"\b(?i:soy|llamo)\s+" + _NAME + r"\s*,\s*(?:(?i:tengo)\s+)?[1-9]\d?\s+(?i:años)",
           "en|para", "en|de", "{s} vive en {v}."),
          ("de", r"\b(?i:bin|heiße|heisse)\s+" + _NAME + r"\s*,\s*[1-9]\d?(?:\s+(?i:Jahre)"
           r"(?:\s+(?i:alt))?)?", "bei|an|am|im|für", "in", "{s} wohnt in {v}."))),
    # the same with no age, when the words name the speaker: "moi c'est Inès Martin,
    # ingénieure chez Airbus à Toulouse", "soy Carlos Ruiz, ingeniero en Indra en Bilbao",
    # "ich bin Jonas Weber, Ingenieur bei Bosch in Stuttgart", "I'm Noor Haddad, I teach
    # chemistry at a secondary school in Leeds"
    *(_p("home", r"(?P<my>" + intro + r")\s+" + _NAME + r"(?:\s+" + _NAME + r")?\s*,\s*"
         r"[^.;!?]{2,80}?\s+(?:" + at + r")\s+[^.;!?]{1,40}?\s+(?:" + town + r")\s+" + _PLACE
         + r"(?=\s*[.,;!?]|$)", template, lang=lang, possessive=True)
      for lang, intro, at, town, template in (
          # the work said by its verb ("I'm Noor Haddad, I teach chemistry at a secondary
          # school in Leeds"); a trade said with no age names the employer's town, not the
          # home ("I'm Tomás, I'm a nurse at St Mary's hospital in Leeds": see the intros
          # with an age above)
          ("en", r"\b(?:I['’]m|I\s+am|(?i:my\s+name\s+is|name['’]s))(?=\s+(?!(?:"
           + NATIONALITIES + r")\b)" + _NAME + r"(?:\s+" + _NAME + r")?\s*,\s*(?:I\s+|and\s+)?"
           r"(?i:teach|work|lecture)\b)", "at|for|with", "in", _EN_HOME),
          ("fr", r"\b(?i:moi\s+c['’]est|je\s+m['’]appelle)", "à|au|chez|dans|pour", "à|a",
           "{s} habite à {v}."),
          ("es", r"\b(?i:soy|me\s+llamo)", "en|para", "en|de", "{s} vive en {v}."),
          ("de", r"\b(?i:ich\s+bin|ich\s+hei(?:ß|ss)e)", "bei|an|am|im|für", "in",
           "{s} wohnt in {v}."))),
    # "name's jake, 31, plumber in manchester": the town a trade is done in
    _p("home", _EN_INTRO + r"\s*,\s*(?:I['’]m\s+)?(?:an?\s+)?(?:[a-z]+\s+)?(?i:" + _JOBS
       + r")\s+in\s+" + _PLACE + r"(?=\s*[.,;!?]|$)", _EN_HOME, possessive=True),
    # A job or retirement with the town one is from, as an intro says it ("a retired teacher
    # from Leeds", "Rentner aus Leipzig", "retraitée de Nantes", "jubilado, de Sevilla"), and
    # work done remotely from a town ("working remotely from Toronto"): the home
    # ... which is also where one is from ("Where am I from?")
    _p("origin", _JOB_FROM + _PLACE + r"(?=\s*[.,;!?]|$)", "{s} is from {v}."),
    *(_p("home", regex + _PLACE + r"(?=\s*[.,;!?]|\s+(?:now|jetzt|maintenant|ahora)\b|$)",
         template, lang=lang)
      for lang, regex, template in (
          ("en", _JOB_FROM, _EN_HOME),
          ("en", r"\b(?i:works?|working)\s+(?i:remotely|remote)\s+(?i:from)\s+", _EN_HOME),
          ("de", r"\b(?i:bin|ist)\s+(?:[a-zäöüß]+e[rns]?\s+)?(?:Rentner(?:in)?|Pensionär(?:in)?|"
           + _DE_JOBS + r")\s+aus\s+", "{s} wohnt in {v}."),
          ("fr", r"\b(?i:suis|est)\s+(?:(?:un|une)\s+)?(?:retraitée?|" + _unnamed(_FR_JOB)
           + r")\s*,?\s+(?:de|d['’])\s*", "{s} habite à {v}."),
          ("es", r"\b(?i:soy|es|estoy|está)\s+(?:(?:un|una)\s+)?(?:jubilad[oa]|" + _unnamed(_ES_JOB)
           + r")\s*,?\s+de\s+", "{s} vive en {v}."))),
    # the town a job is done in, said in an intro with no workplace: "moi c'est Camille, je
    # suis prof de maths à Lyon", "soy Lucía, tengo 27 años y soy enfermera en Valencia",
    # "ich heiße Uwe und bin Lehrer in Kassel"
    *(_p("home", r"(?P<my>" + intro + r")\s+" + _NAME + r"[^.;!?]{0,40}?\b(?i:" + be
         + r")\s+(?:(?i:une?|una?)\s+)?" + job + r"\s+(?i:" + town + r")\s+" + _PLACE
         + r"(?=\s*[.,;!?]|$)", template, lang=lang, possessive=True)
      for lang, intro, be, job, town, template in (
          ("fr", r"\b(?i:moi\s+c['’]est|je\s+m['’]appelle)", r"suis|travaille\s+comme",
           _unnamed(_FR_JOB), "à|a", "{s} habite à {v}."),
          ("es", r"\b(?i:soy|me\s+llamo)", r"soy|trabajo\s+(?:como|de)", _unnamed(_ES_JOB), "en",
           "{s} vive en {v}."),
          ("de", r"\b(?i:ich\s+bin|ich\s+hei(?:ß|ss)e)", r"bin|arbeite\s+als",
           "(?:" + _DE_JOBS + ")", "in", "{s} wohnt in {v}."))),
    # "我是王伟，今年35岁，在上海一家银行工作", "…在北京一家医院当护士": the town of the work in
    # such an intro
    _p("home", r"(?:我是|我叫)[\u4e00-\u9fff]{2,4}[，,]\s*(?:今年)?[1-9]\d?岁[，,]\s*(?:现在)?在"
       r"(?P<v>[\u4e00-\u9fff]{2,3}?)(?:的|一家|一个|家)[\u4e00-\u9fff]{1,10}?(?:工作|上班|当|做)",
       "{s}住在{v}。", lang="zh"),
    # A spouse by name: "married to Anna", "Ich bin mit Petra verheiratet", "Je suis mariée
    # avec Hugo", "Estoy casado con Lucía", "我和小红结婚了"; each as its block line says it
    *(_p("partner", regex, template, lang=lang) for lang, regex, template in (
        ("en", r"(?:\b(?:I['’]m|I\s+am|(?i:the\s+user\s+is)|I\s+(?:(?:just|finally|officially)\s+)*"
         r"got)\s+|^\s*)(?:(?i:happily|now)\s+)?"
         r"(?i:married)\s+(?i:to)\s+(?P<v>" + _NAME_WORD + r")(?![\w'’-])",
         "{s} is married to {v}."),
        ("de", r"\b(?i:bin|ist)\s+(?:(?i:seit\s+\w+(?:\s+\w+)?|glücklich|jetzt)\s+)*mit\s+"
         r"(?P<v>" + _NAME_WORD + r")\s+(?i:verheiratet)\b", "{s} ist mit {v} verheiratet."),
        ("fr", r"\b(?:(?i:suis|est)\s+(?:(?i:mariée?)\s+(?:à|avec)|(?i:pacsée?)\s+avec)|"
         r"(?i:j['’]ai\s+épousé))\s+"
         r"(?P<v>" + _NAME_WORD + r")", "{s} est marié avec {v}."),
        ("es", r"\b(?:(?i:estoy|está|soy|es)\s+(?i:casad[oa])|(?i:me)\s+(?:(?i:casé|he\s+casado)))"
         r"\s+con\s+(?P<v>" + _NAME_WORD + r")",
         "{s} está casado con {v}."),
        ("zh", r"(?:我|用户)(?:和|跟)(?P<v>[\u4e00-\u9fff]{2,3}?)结婚", "{s}和{v}结婚了。"),
        # "李静和我结婚了": the spouse named first
        ("zh", r"(?:^|(?<=[，,。；！!\s]))(?P<v>(?![我你他她])[\u4e00-\u9fff]{2,3}?)(?:和|跟)"
         r"(?:我|用户)(?:已经|刚刚?|终于|上个月|去年|今年)?结婚", "{s}和{v}结婚了。"))),
    # A partner named after the word of them: "my wife Anna", "meine Frau Petra", "mon mari
    # Paul", "mi mujer Lucía" (not "mein Freund", "ma copine": friends as often)
    *(_p("{k}", r"\b(?P<my>(?i:" + mine + r"))\s+(?P<k>(?i:" + kin + r"))\s*,?\s+(?P<v>"
         + _NAME_WORD + r")(?![\w'’-])", template, lang=lang, possessive=True)
      for lang, mine, kin, template in (
          ("en", "my", r"wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?",
           "{s}'s {k} is {v}."),
          ("de", r"meine|meiner|mit\s+meiner", "Frau|Partnerin|Verlobten?",
           "Die {k} von {s} heißt {v}."),
          ("de", r"mein|meinem|mit\s+meinem", "Mann|Partner|Verlobter|Verlobten",
           "Der {k} von {s} heißt {v}."),
          ("fr", r"ma|avec\s+ma", "femme|compagne", "La {k} de {s} s'appelle {v}."),
          ("fr", r"mon|avec\s+mon", "mari|compagnon", "Le {k} de {s} s'appelle {v}."),
          ("es", r"mi|con\s+mi", "mujer|esposa|novia|pareja", "La {k} de {s} se llama {v}."),
          ("es", r"mi|con\s+mi", "marido|esposo|novio", "El {k} de {s} se llama {v}."))),
    *(_p("job", regex, template, True, lang=lang, possessive=own,
         reads=lambda m: m["v"] or m.groupdict().get("w"))
      for lang, regex, template, own in _OWN_BUSINESS),
    # An age said with the name, as people introduce themselves: "Moi c'est Léa, 29 ans",
    # "Soy Diego, 41 años", "Ich bin Hans, 52"; or by itself: "bin 52", "今年35岁", "j'ai eu 30
    # ans", "acabo de cumplir 40"
    *(_p("age", regex, template, change, lang=lang,
         reads=lambda m: m["v"] or m.groupdict().get("w"))
      for lang, regex, template, change in (
        ("fr", r"\b(?i:c['’]est|m['’]appelle|suis)\s+" + _NAME + r"\s*,\s*(?P<v>[1-9]\d?)\s+"
         r"(?i:ans)\b", "{s} a {v} ans.", False),
        ("fr", r"\b(?i:j['’]ai|ai)\s+(?:(?i:eu|fêté)\s+(?:(?i:mes)\s+)?)(?P<v>[1-9]\d?)\s+"
         r"(?i:ans)\b|\b(?i:viens|vient)\s+d['’]avoir\s+(?P<w>[1-9]\d?)\s+(?i:ans)\b",
         "{s} a {v} ans.", True),
        ("es", r"\b(?i:soy|llamo)\s+" + _NAME + r"\s*,\s*(?:(?i:tengo)\s+)?(?P<v>[1-9]\d?)\s+"
         r"(?i:años)\b", "{s} tiene {v} años.", False),
        ("es", r"\b(?i:acabo\s+de\s+cumplir|acaba\s+de\s+cumplir|cumplo)\s+(?P<v>[1-9]\d?)\b",
         "{s} tiene {v} años.", True),
        ("de", r"\b(?i:bin|heiße|heisse)\s+" + _NAME + r"\s*,\s*(?P<v>[1-9]\d?)"
         r"(?:\s+(?i:Jahre)(?:\s+(?i:alt))?)?(?=\s*[,;.!]|\s+(?:und|aus)\b|$)",
         "{s} ist {v} Jahre alt.", False),
        ("de", r"\b(?i:bin)\s+(?:(?i:jetzt|schon|gerade|erst|nun|inzwischen)\s+)?(?P<v>[1-9]\d?)"
         r"(?=\s*[,;.!]|\s+(?:und|aber|geworden)\b|$)", "{s} ist {v} Jahre alt.", False),
        ("zh", r"(?:今年|现在|已经|刚)*(?P<v>[1-9]\d?)(?:周)?岁|今年(?:已经)?(?P<w>[1-9]\d?)了",
         "{s}今年{v}岁。", False))),
    *_DOSES,
    *_WEIGHTS,
    *_DAILY_DRINKS,
    *_ZH_DOINGS,
)
_ENDS = (
    *_DRINK_ENDS,
    # a trade left, by its doing ("I left teaching", "quit nursing last year"): the job ends
    # and where it was done
    *(_p(slot, r"\b(?i:quit|quitting|left|leaving|gave\s+up|giving\s+up)\s+"
         r"(?:(?i:my\s+job\s+in)\s+)?"
         r"(?i:teaching|nursing|medicine|law|journalism|academia|accountancy|retail|hospitality|"
         r"banking|consulting|finance|engineering|the\s+(?:police|army|navy|NHS))\b", "")
      for slot in ("job", "work")),
    _p("work", r"\b(?i:quit|left|resigned\s+from|handed\s+in\s+(?:my\s+)?notice\s+at)\s+"
       r"(?:my\s+job\s+at\s+|(?:his|her|their)\s+job\s+"
       r"at\s+)?" + _PLACE, ""),
    _p("work", r"\b(?P<my>(?i:my))\s+(?i:last\s+day\s+at)\s+" + _PLACE + r"\s+(?i:was|is)\b",
       "", possessive=True),
    *(_p("work", regex + _PLACE + r"\s+(?i:" + was + r")\b", "", lang=lang, possessive=True)
      for lang, regex, was in (
          ("de", r"\b(?P<my>(?i:mein))\s+(?i:letzter)\s+(?i:Arbeitstag|Tag)\s+(?i:bei|in)\s+"
           + _DE_ARTICLE, "war|ist"),
          ("fr", r"\b(?P<my>(?i:mon))\s+(?i:dernier)\s+(?i:jour)\s+(?i:chez|à)\s+", "était|est"),
          ("es", r"\b(?P<my>(?i:mi))\s+(?i:último)\s+(?i:día)\s+(?i:en)\s+", "fue|es|era"))),
    _p("work", r"\b(?i:no\s+longer|not\s+any\s*more)\s+(?:(?i:working|employed)\s+)?"
       r"(?i:at|with|for)\s+" + _PLACE, ""),
    # out of work, or done with a trade: "I'm unemployed", "quit being a vet"; the job ends
    # with where it was done
    *(_p(slot, r"\b(?:I['’]m|I\s+am)\s+(?:(?i:currently|now)\s+)?(?i:between\s+jobs|unemployed|"
         r"jobless|out\s+of\s+work|not\s+working(?=\s*(?:[.!,;]|$|at\s+the\s+moment|right\s+"
         r"now)))|\b(?i:quit|stopped|gave\s+up|done\s+with)\s+(?i:being)\s+(?i:an?)\s+[a-z]", "")
      for slot in ("work", "job")),
    _p("work", r"\b(?:I['’]m|I\s+am)\s+not\s+(?:(?i:working|employed)\s+)?(?i:at|with|for)\s+"
       + _PLACE + r"\s+(?i:any\s*more)\b", ""),
    _p("work", r"\b(?i:quit|left|resigned\s+from)\s+(?P<my>(?i:my))\s+job\s+(?i:at|with)\s+"
       + _PLACE, "", possessive=True),
    _p("work", r"(?:从|离开了?)(?P<v>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:辞职|离职)", ""),
    # one's own business ends the work for an employer, which it does not name
    *(_p("work", _unnamed(regex).replace("(?P<w>", "(?:"), "", lang=lang, possessive=own)
      for lang, regex, _, own in _OWN_BUSINESS),
    _p("work", r"\b(?i:laid\s+off|let\s+go|fired|sacked|made\s+redundant)\s+(?i:from|by|at)\s+"
       + _PLACE, ""),
    # "Oracle laid me off"
    _p("work", r"\b(?i:laid|let)\s+me\s+(?i:off|go)\b|\b(?i:fired|sacked)\s+me\b", ""),
    _p("work", r"\b(?i:arbeite|arbeitet|arbeiten)\s+(?:(?i:ich|er|sie|wir)\s+)?(?i:nicht|nie)\s+"
       r"(?i:mehr|länger)\s+(?i:bei|für)\s+" + _DE_ARTICLE + _PLACE, ""),
    _p("work", r"\b(?i:ne|n['’])\s*(?i:travaille|travailles|travaillons|suis|bosse)\s+plus\s+"
       r"(?i:chez|pour|à|au|avec)\s+" + _PLACE, ""),
    _p("work", r"\b(?i:quitté|démissionné\s+de)\s+(?:(?i:mon\s+(?:poste|travail|job|boulot)\s+"
       r"(?:chez|à)\s+))?" + _PLACE, ""),
    _p("work", r"\b(?i:dejé|renuncié\s+a)\s+(?:(?i:mi\s+(?:trabajo|puesto|empleo)\s+en\s+))?"
       + _PLACE, ""),
    _p("work", r"\b(?i:bei|beim|im|in\s+der)\s+" + _DE_ARTICLE + _PLACE
       + r"\s+(?i:gekündigt|aufgehört)\b", ""),
    # a job left with no employer named: "I quit my job", "J'ai démissionné", "Ich habe
    # gekündigt", "He dejado mi trabajo", "我辞职了"; it ends the job too, named or not ("I
    # quit my job at Amazon": no longer its warehouse supervisor)
    *(_p(slot, regex.replace("{at}", at), "") for regex, named in (
        # (named by what it was: "quit the barista job", "left my office job")
        (r"\b(?:(?i:quit)\s+(?i:my|the)|(?i:left)\s+(?i:my))\s+(?:[a-z]+\s+)?(?i:job)\b"
         r"(?!\s+(?i:{at}early|late)\b)|"
         r"\b(?i:resigned|handed\s+in\s+my\s+notice)\b(?!\s+(?i:from|as|to|at|myself|"
         r"ourselves)\b)", "at|with|as|for|"),
        (r"\b(?i:démissionné)\b(?!\s+(?i:{at}de\s+(?:mon|ma|son|sa)\b))|\b(?i:quitté\s+mon\s+"
         r"(?:travail|job|boulot|poste))\b(?!\s+(?i:{at}de\s+(?:mon|ma|son|sa)\b))",
         r"de\b|du\b|d['’]|chez\b|à\b|au\b|"),
        (r"\b(?i:habe|hab|hat|haben)\s+(?:(?i:ich|jetzt|heute|gestern|endlich|"
         r"meinen\s+Job|meine\s+Stelle)\s+)*(?i:gekündigt)\b", ""),
        (r"\b(?i:renuncié|dimití|he\s+dimitido|he\s+renunciado|"
         r"(?:dejé|he\s+dejado)\s+mi\s+(?:trabajo|curro|puesto|empleo))\b"
         r"(?!\s+(?i:{at}de\s+(?:mi|su)\b))", r"en\b|a\b|de\b|"),
        (r"(?<![\u4e00-\u9fff]{2})(?<!从)(?:辞职了|离职了|辞掉了?工作|把工作辞了)", ""))
      for slot, at in (("work", named), ("job", ""))),
    # a car sold or scrapped with none named after it
    _p("car", r"\b(?i:sold|got\s+rid\s+of|scrapped|totall?ed)\s+(?i:my|the|our)\s+"
       r"(?:(?i:old)\s+)?(?i:car)\b|\b(?:Auto|Wagen)\s+(?:[\wäöüß]+\s+){0,2}?"
       r"(?i:verkauft|verschrottet)\b|\b(?i:vendu)\s+(?i:ma|la|notre)\s+(?i:voiture)\b|"
       r"\b(?i:vendí|vendimos|he\s+vendido)\s+(?i:mi|el|nuestro)\s+(?i:coche|carro)\b|"
       r"把车卖了|(?<!自行)车卖了|卖了车", ""),
    # studies finished: "finished her PhD", "graduated", "ya terminó la carrera", "hat ihr
    # Studium abgeschlossen", "a fini ses études", "毕业了"
    _p("study", r"\b(?i:finished|completed)\s+(?i:my|his|her|their|the|a)\s+(?:[a-z]+\s+)?"
       r"(?:" + _DEGREE + r"|(?i:studies|training|apprenticeship|residency))\b|"
       r"\b(?i:graduated|got\s+(?:my|his|her|their)\s+(?:" + _DEGREE + r"))\b|"
       r"\b(?i:terminó|terminé|acabó|acabé|ha\s+terminado|he\s+terminado)\s+"
       r"(?i:la\s+carrera|sus\s+estudios|mis\s+estudios|el\s+doctorado|el\s+máster)|"
       r"\b(?i:se\s+graduó|me\s+gradué|se\s+licenció|me\s+licencié)\b|"
       r"\b(?i:Studium|Ausbildung|Promotion)\s+(?i:abgeschlossen|beendet)\b|"
       r"\b(?i:fini|terminé|achevé)\s+(?i:ses|mes)\s+(?i:études)\b|"
       r"\b(?i:obtenu)\s+(?i:son|mon)\s+(?i:diplôme)\b|毕业了", ""),
    _p("study", r"\b(?i:dropped\s+out(?:\s+of\s+(?:my\s+|the\s+)?(?:[a-z]+\s+){0,2}?"
       r"(?:school|uni|university|college|course|degree|studies|programme|program))?)\b", ""),
    _p("relationship", r"\b(?i:broke\s+up|split\s+up)\b", ""),
    _p("home", r"\b(?i:moved|moving)\s+out\s+of\s+" + _PLACE, ""),
    # a town the speaker left ("we left London", "Wir haben Hamburg verlassen", "On a quitté
    # Paris", "Dejamos Madrid"): it ends the home only when that is the town (_ends_another)
    _p("home", r"\b(?P<my>(?i:we|I)\s+(?:(?i:just|finally|have|['’]ve|had)\s+)*(?i:left|moved\s+"
       r"away\s+from)|(?i:j['’]ai|on\s+a|nous\s+avons)\s+(?i:quitté)|(?i:dejamos|dejé|"
       r"(?:nos|me)\s+fuimos\s+de|(?:nos|me)\s+fui\s+de))\s+" + _PLACE, "", possessive=True),
    _p("home", r"\b(?P<my>(?i:wir|ich)\s+(?i:haben|habe))\s+" + _PLACE + r"\s+(?i:verlassen)\b", "",
       possessive=True),
    _p("partner", r"\b(?i:broke\s+up|split\s+up)\b", ""),
    _p("partner", r"(?:和|跟|与)[\u4e00-\u9fff]{1,4}?分手|分手了|离婚了", ""),
    # single again: "Bin wieder Single", "Je suis célibataire maintenant", "Ya no estamos juntos"
    _p("partner", r"\b(?:(?:I['’]m|I\s+am)\s+(?:(?i:now|officially)\s+(?i:single)|(?i:single)\s+"
       r"(?i:again|now))\b|(?i:bin|sind)\s+(?i:wieder|jetzt|nun)\s+(?:(?i:offiziell)\s+)?"
       r"(?i:single|solo)\b|(?i:nicht\s+mehr\s+zusammen)|(?i:suis|est)\s+(?:(?i:maintenant|"
       r"de\s+nouveau|à\s+nouveau|désormais)\s+(?i:célibataire)|(?i:célibataire)\s+(?i:maintenant|"
       r"de\s+nouveau|à\s+nouveau|désormais))|(?i:plus\s+ensemble)|(?i:soy|estoy)\s+(?:(?i:ahora|"
       r"otra\s+vez|de\s+nuevo)\s+(?i:solter[oa])|(?i:solter[oa])\s+(?i:otra\s+vez|de\s+nuevo|"
       r"ahora))|(?i:ya\s+no\s+estamos\s+juntos))", ""),
    # "Ich habe mich von Paul getrennt", "On s'est séparés", "J'ai rompu avec Hugo", "Rompí con
    # Pablo", "Nos separamos"
    _p("partner", r"\b(?i:(?:mich|uns)\s+(?:[\wäöüß]+\s+){0,3}?getrennt|Schluss\s+gemacht|"
       r"(?:nous\s+nous\s+sommes|on\s+s['’]est|je\s+me\s+suis)\s+séparée?s?|"
       r"(?:j['’]ai|on\s+a|nous\s+avons)\s+rompu|rompí\s+con|hemos\s+roto|"
       r"(?:nos|me)\s+(?:hemos\s+)?separ(?:amos|ado|é)|lo\s+(?:hemos\s+)?dej(?:amos|ado))", ""),
    _p("partner", r"\b(?:we['’]re|we\s+are)\s+(?i:done|over|through|finished)(?=\s*(?:[.!,;]|$))",
       ""),
    # "Hugo et moi, c'est fini", "it's over with Tom", "Es ist aus mit Jonas", "Lo nuestro se
    # acabó", "我们分开了"
    _p("partner", r"(?P<my>\b(?:and\s+I|et\s+moi|y\s+yo|und\s+ich)\s*,?\s*"
       r"(?:(?i:are|sommes|c['’]est|ça\s+est|somos|sind)\s+)?(?i:over|done|through|finished|fini|finis|terminé|se\s+acabó|"
       r"se\s+terminó|aus|vorbei)(?=\s*(?:[.!,;]|$))|"
       r"\b(?i:it['’]s|it\s+is|c['’]est|es\s+ist|se\s+acabó|se\s+terminó)\s+(?i:over|fini|terminé|"
       r"aus|vorbei)?\s*(?:(?i:with|avec|mit|con|between\s+\w+\s+and)\s+)(?:me\b|moi\b|"
       r"[A-Z][\w'’-]+)|\b(?i:lo\s+nuestro)\s+(?i:se\s+acabó|se\s+terminó|terminó)|"
       r"(?:我们|我俩)(?:已经)?(?:分开|分手|离婚)了)", "", possessive=True),
    # "Dan and I are divorced now": the partner named is a former one
    _p("partner", r"\band\s+I\s+(?i:are|got)\s+(?:(?i:now)\s+)?(?i:divorced)\b", ""),
    # the same in German, French and Spanish ("Antoine et moi avons divorcé en mai", "Wir
    # haben uns scheiden lassen", "Nos divorciamos"): the partner a former one (_DIVORCED)
    *(_p("partner", regex, "", lang=lang) for lang, regex, _ in _DIVORCED),
)
_NEGATION = re.compile(r"(?i:\bno\s+longer\b|\b(?:stopped|quit|gave\s+up)\s+playing\b|"
                       # "I haven't run since my knee surgery"
                       r"\b(?:haven['’]t|hasn['’]t|have\s+not|has\s+not)\s+(?:been\s+)?[a-z]+\s+"
                       r"(?:since|in\s+(?:months|years|ages))\b|"
                       r"\b(?:gave|given|giving)\s+up\b|\b(?:stopped|quit)\s+(?:doing\b|[a-z]+ing\b|"
                       r"(?:" + _PLAYED + "|" + _CLASSES + r")\b)|"
                       r"(?:\bnot\b|n['’]t\b).*\b(?:anymore|any\s+more)\b|"
                       r"\bnicht\s+mehr\b|\bkein\w*\b.*\bmehr\b|\baufgehört\b|"
                       r"\bSchluss\s+gemacht\b|\b(?:arrêté|abandonné|lâché)e?\b|"
                       r"\b(?:dej[ée]|dejado)\s+de\b|\bdej[ée]\s+mi\s+(?:trabajo|puesto|empleo)\b"
                       r"|\bne\b.*\bplus\b|\bn['’].*\bplus\b|\bya\s+no\b)|不再|不住在|不在|"
                       r"不(?:当|做|干)(?=[\u4e00-\u9fff]{1,6}?了)")
UNREAL = re.compile(
    r"(?i:\b(?:if|unless|whether|would|could|might|wish|hope|hoping|want|wants|wanna|plan|"
    r"planning|thinking\s+(?:about|of)|considering|maybe|someday|dream|dreaming|wenn|falls|"
    r"würde|möchte|si|voudrais|aimerais|quisiera|gustaría|should|shall|ought|sollte|"
    r"devrais|debería)\b|\bI['’]d\b)")
"""Words before a statement in its clause that make it no fact: a condition, a wish, a plan."""
_DENIED = re.compile(r"(?i:\b(?:not|never|nicht|nie|pas|jamais|no|nunca)|n['’]t)\s+(?:\w+\s+)?$")
"""Words right before an ending that deny it ("I didn't quit Spotify", "never left")."""


def _denied(sentence: str, at: int) -> bool:
    """Whether words right before ``at`` in ``sentence`` deny what follows (see _DENIED)."""
    return bool(_DENIED.search(sentence, max(0, at - 40), at))
_FORMERLY = re.compile(r"(?i:\bused\s+to\b|\bformerly\b)")
"""A clause that tells a value that was ("I used to live in Paris"), which holds no more."""
_CLAUSE = re.compile(r"[,;:]\s+|[，；：]|\s+[-–—]+\s+|\s+(?:but|and|sondern|und|mais|et|pero|y)\s+")
"""Where a sentence's clauses part: a negation ends only what its own clause says."""
_ZH_KIN = (r"[姐妹哥弟爸妈父母妻丈儿女孩爷奶舅姑姨叔伯]|老公|老婆|朋友|同事|男朋友|女朋友|室友|"
           r"邻居|老板")
"""Whose someone is right after "我" with no "的" ("我姐姐搬到了重庆": the sister moved)."""
_ES_PARTICIPLE = r"[a-záéíóúñ]{2,}(?:ado|ido|ído)\b"
"""A Spanish past participle: "he" before one is "I have" ("He bajado a 76 kg")."""
_FIRST = re.compile(r"(?i:\bI\b|\bI['’](?:m|ve)\b|\bwe\b|"
                    r"\bour\s+new\s+(?:home|place|flat|apartment|house)\b|\bich\b|\bwir\b|\bje\b|\bj['’]|"
                    r"\bme\s+(?:mudé|he|hice|cambié|pasé|vine|trasladé|jubilé|divorcié|separé|casé|"
                    r"ascendieron|nombraron|contrataron|han\s+(?:ascendido|nombrado|contratado))\b|"
                    r"\bhe\s+" + _ES_PARTICIPLE + "|"
                    r"\bnos\s+(?:mudamos|hemos|vinimos|trasladamos|dieron|dan|entregaron|"
                    r"divorciamos|separamos)\b|"
                    # "my first day", said with no subject: "Morgen ist mein erster Tag bei …"
                    r"\b(?:mein(?:em)?\s+erste[nr]?|mon\s+premier|ma\s+première|mi\s+primer)\b|"
                    r"^\s*(?:[Dd]er|[Uu]nser|[Mm]ein)\s+Umzug\b|"
                    r"\b(?:vivo|trabajo|doy|enseño|entreno|soy|estoy|estudio|juego|toco|hablo|aprendo|practico|hago|"
                    r"dejé|cambié|tengo|tenemos|cumplí|vivimos|trabajamos|empecé|comencé|inicié|firmé|"
                    r"empiezo|comienzo|rompí|hemos|conduzco|manejo|vendí|compré|acepté|renuncié|dimití|"
                    r"compramos|alquilé|alquilamos|yo|dejamos|vuelvo|volví|volvemos|salgo|salimos|"
                    r"acabo|cumplo|abrí|monté)\b|\bno\s+(?:como|comemos)\b|\bmoi\s+c['’]est\b|\bet\s+moi\b|"
                    r"\b(?:laid|fired|sacked)\s+me\b|"
                    r"^\s*(?:[Hh]abe?|[Bb]in)\b|\bnous\b|\bon\s+(?=a\s+(?:dé|em)ménagé|s['’]est\b|a\s+(?:rompu|acheté|loué)|a\s+(?:enfin\s+)?(?:eu\s+)?les\s+clés|habite|vit|"
                    r"travaille))|"
                    r"我(?!的|" + _ZH_KIN + r")|"
                    r"^\s*(?:(?i:update|news|big\s+news|btw|fyi|so|ok|okay|well|omg)\s*[:,!.-]*\s*)*"
                    r"(?:(?i:just|finally|recently|also|so|ended\s+up|all|now)\s+)?(?i:moved|movd|relocated|quit|"
                    r"settled|living|based|"
                    r"joined|left|switched|changed|got|started|handed|traded|sold|bought|took|signed|"
                    r"gave|retrained|became|turned|swapped|been|taking|accepted|officially|not|married|"
                    r"landed|promoted|hired|"
                    r"no\s+longer)\b|"
                    # Chinese leaves out "我": a message that begins with the change says it
                    r"^\s*(?:上个?月|上周|上星期|上礼拜|昨天|前天|前几天|今年|去年|最近|刚刚?|终于|"
                    r"已经|这周|本周|这个月)*\s*(?:搬|跳槽|入职|加入|换|从|离职|辞职)")
_PEOPLE = (KIN + r"|child|baby|twins|spouse|fianc[ée]e?|ex|mates?|buddy|manager|co-?workers?|"
           r"team(?:mates?)?|gran|nan|family|in-laws|roommates|flatmates|housemates?|landlord|"
           r"landlady|company|firm|employer|office|band|eltern|kinder|chef\w*|firma|amie?s|"
           r"copain|copine|enfants?|patron\w*|entreprise|hermanas|hermanos|padres|mujer|jef[ea]|"
           r"empresa")
"""Whom or what of theirs someone may say a fact of ("my sister", "mon patron", "mi empresa")."""
_OTHER = re.compile(r"(?i:\bhe\b(?!\s+" + _ES_PARTICIPLE + r")|"
                    r"\b(?:she|they|him|her|his|their|er|sie|il|elle|ils)\b|"
                    r"\b(?:my|mon|ma|mes|mein\w*|mi|mis)\s+(?:[\w-]+\s+){0,2}?(?:" + _PEOPLE
                    + r")\b|\b(?:a|an|un|une|una|einen?|eine)\s+(?:[\w-]+\s+)?"
                    r"(?!(?:dogs?|cats?)\b)(?:" + KIN + r")\b)|[他她]|我的|"
                    # a named person's own ("because Sam's family is from Porto")
                    r"\b[A-Z][\w-]+['’]s\s+(?:[\w-]+\s+)?(?:family|parents|folks|" + _PEOPLE
                    + r")\b")
"""Someone other than the speaker after "I" ("I think my sister lives in Rome", "J'ai un
frère, Julien, qui vit à Bordeaux", "because Sam's family is from Porto"); not what is the
speaker's own ("I finished my MA and started a PhD")."""
_MY = re.compile(r"(?i:\b(?:my|our)\s+(?:all-time\s+|new\s+)?|\b(?:mein|unser)\w*\s+|"
                 r"\b(?:mon|ma|mi|notre|nuestr[oa])\s+)$|(?:我|我们)(?:的)?(?:最)?$")
"""The speaker's own, or their household's ("our landlord", "unser Hund")."""
_ASKED = re.compile(r"\b(?:[Mm]y\s+)?[Ff]avou?rite\s+(?P<k>[a-z]+(?:\s+[a-z]+)?)\?\s+"
                    r"(?:(?i:definitely|probably|easily|obviously|that['’]d\s+be|that\s+would\s+be|"
                    r"it['’]s|(?:it\s+)?has\s+to\s+be)\s+)?(?=[A-Z0-9\u00c0-\u00de])")
"""A favourite asked and answered by the speaker ("Favourite band? Definitely Radiohead.")."""
_HERE = re.compile(r"(?:^|(?<=[.!?]\s))(?P<hi>(?i:hi|hey|hello|hiya|hallo|moin|servus|salut|"
                   r"coucou|bonjour|hola|buenas)(?:\s+there)?[,!]?\s+)?"
                   r"(?P<n>[A-Za-zÀ-ÖØ-Þ][a-zß-ÿ]+)\s+(?P<w>here|hier|ici|aquí|aqui)\s*"
                   r"(?:[-–—,:!]|\.(?=\s|$)|$|[\U0001F300-\U0001FAFF\u2600-\u27BF]+)\s*")
"""A speaker naming themself ("Omar here - 41, …", "Hi, Noah here.", "Moin! Hans hier.",
"Léa ici", "Diego aquí"): "I'm Omar", in the words of the language "here" is said in."""
_HERE_SAID = {"here": "I'm {}, ", "hier": "ich heiße {}, ", "ici": "je m'appelle {}, ",
              "aquí": "me llamo {}, ", "aqui": "me llamo {}, "}
_BARE_INTRO = re.compile(
    r"^(?P<lead>(?:(?i:ok|okay|so|well|hi|hey|hello|hiya|yo|about\s+me|quick\s+intro|intro|me|"
    r"moin|hallo|salut|coucou|bonjour|hola|buenas|über\s+mich|sobre\s+mí)(?:\s+|[,!.:–—-]+\s*))*)"
    r"(?P<n>(?!(?i:" + KIN + r"|mum|mom|mama|papa|maman|mamá|papá|baby|kid|son|daughter)\b)"
    r"[A-Za-zÀ-ÖØ-Þ][a-zß-ÿ]+)\s*,\s*(?P<a>1[3-9]|[2-9]\d)"
    r"(?P<u>\s*(?:y/?o|years?\s+old|yrs|ans|años|Jahre(?:\s+alt)?))?\s*(?=[,;]|\.(?:\s|$)|$)")
"""A message that begins with a name and an age, with no verb: "ok so about me: tom, 34, nurse
at …", "Léa, 29 ans, …": the speaker's own, as "I'm Tom, 34" says them."""
_BARE_SAID = {"ans": "moi c'est {n}, {a} ans", "años": "soy {n}, {a} años",
              "jahre": "ich heiße {n}, {a}"}
"""A bare intro said in the language its age's unit is in; English by default."""
_INTRO = (r"\b(?:I['’]m|I\s+am|(?i:i['’]?m|my\s+name\s+is|name['’]s))\s+[A-Za-z][\w'’-]+"
          r"(?:\s+[A-Z][\w'’-]+)?,\s+(?:\d{1,3},\s+)?")
"""A name (with a surname or not) and age, typed in lower case or not ("I'm Omar, 41, ", "im
jess, 26, ", "I'm Maya Okafor, ")."""
_APPOSED_JOB = re.compile(_INTRO + r"(?=an?\s+(?:[A-Z]{2,4}\s+)?[a-z])")
"""A name and age, then what someone is ("I'm Omar, 41, a civil engineer at Arup", "a UX
designer")."""
_APPOSED_TRADE = re.compile(_INTRO + r"(?=(?:[a-z]+\s+)?(?i:" + _JOBS + r")\b)")
"""A name and age, then a trade with no article ("im jess, 26, nurse in leeds")."""
_APPOSED_ABROAD = tuple((re.compile(intro + r"(?=" + job + r")"), said) for intro, job, said in (
    (r"\b(?i:ich\s+bin|ich\s+hei(?:ß|ss)e)\s+" + _NAME + r"(?:\s+" + _NAME + r")?\s*,\s+"
     r"(?:[1-9]\d?(?:\s+(?i:Jahre)(?:\s+(?i:alt))?)?\s*,\s+)?",
     r"(?:[a-zäöüß]+e[rns]?\s+)?(?:Rentner(?:in)?|Pensionär(?:in)?|" + _DE_JOBS + r")\b",
     "ich bin "),
    (r"\b(?i:moi\s+c['’]est|je\s+m['’]appelle)\s+" + _NAME + r"(?:\s+" + _NAME + r")?"
     + r"\s*,\s+(?:[1-9]\d?\s+(?i:ans)\s*,\s+)?",
     r"(?:retraitée?|" + _unnamed(_FR_JOB) + r")\b", "je suis "),
    (r"\b(?i:soy|me\s+llamo)\s+" + _NAME + r"(?:\s+" + _NAME + r")?"
     + r"\s*,\s+(?:(?:(?i:tengo)\s+)?[1-9]\d?\s+(?i:años)\s*,\s+)?",
     r"(?:jubilad[oa]|" + _unnamed(_ES_JOB) + r")\b", "soy ")))
"""A name (and age) then what someone is with no verb, in German, French or Spanish ("ich bin
Klaus, 61, Rentner aus Leipzig", "moi c'est Odile, retraitée de Nantes", "soy Pepe, jubilado"):
the words of being said before it."""
_DOER_ALONE = re.compile(r"(?:^|(?<=[.!?]\s))(?:(?i:also|and|plus)\s+)?(?:(?i:an?)\s+)?"
                         r"(?=(?i:" + _ENTHUSED + r")\s+(?:[a-z]+\s+)?[a-z]{3,}(?:er|ist)\b)")
"""A sentence that names a pastime's doer with no subject ("Big cyclist too."): in a message
of the speaker's own, theirs."""
_NEW_LABEL = re.compile(r"(?:^|(?<=[.!?:]\s))(?:[Mm]y\s+)?[Nn]ew\s+(?P<k>(?i:" + _ONE_OF + r"))"
                        r"(?:\s+(?i:as\s+of|from|since|starting(?:\s+from)?)\s+[^:.!?]{1,30}?)?"
                        r"\s*:\s+(?=\w)")
"""A new one of a role given after its label ("New landlord as of this month: Ms. Patel.")."""
_FAVOURITE_LABEL = re.compile(r"(?:^|(?<=[.!?]\s))(?:[Mm]y\s+)?[Ff]avou?rite\s+"
                              r"(?P<k>[a-z]+(?:\s+[a-z]+)?)\s*:\s+(?=\w)")
"""A favourite given after its label ("Favourite food: biryani.")."""
_START = r"(?:^|(?<=[.!?]\s))"
_BROKE_UP = re.compile(r"(?i:\b(?:(?:split|broke(?:n)?)\s+up(?!\s+(?:the|a|an|my|his|her|our|"
                       r"their)\b)|separated|divorced|dumped|"
                     r"getrennt|Schluss\s+gemacht|séparée?s?|rompu|quittés|rompimos|rompí|"
                     r"separamos|separado|dejamos|terminamos|terminé)\b)")
"""A break-up said, after which being with someone now is being their partner."""
_WITH_NOW = (
    (re.compile(r"\b(?:I['’]m|I\s+am)\s+(?:(?i:now)\s+(?i:with)\s+(?P<a>" + _NAME + r")|"
                r"(?i:with)\s+(?P<b>" + _NAME + r")(?=\s+(?i:now)\b))"), "I'm dating {}"),
    (re.compile(r"\b(?i:je\s+suis)\s+(?:(?i:maintenant|désormais)\s+(?i:avec)\s+(?P<a>" + _NAME
                + r")|(?i:avec)\s+(?P<b>" + _NAME + r")(?=\s+(?i:maintenant|désormais)\b))"),
     "je sors avec {}"),
    (re.compile(r"\b(?:(?i:ahora)\s+(?i:estoy)\s+(?i:con)\s+(?P<a>" + _NAME + r")|(?i:estoy)\s+"
                r"(?i:con)\s+(?P<b>" + _NAME + r")(?=\s+(?i:ahora)\b))"), "salgo con {}"),
)
"""Being with someone now, said after a break-up ("Emma and I split up. I'm with Sofia now"):
being their partner, as the words of dating say it."""
_NEW_JOB = re.compile(r"(?i:\bnew\s+(?:job|role|position|gig)|\bfirst\s+day|"
                      r"\bneue[rn]?\s+(?:Job|Stelle)|\berste[rn]?\s+(?:Arbeits)?tag|"
                      r"\bnouveau\s+(?:job|boulot|poste|travail)|\bpremier\s+jour|"
                      r"\bnuevo\s+(?:trabajo|curro|puesto|empleo)|\bprimer\s+día)")
"""A new job or its first day said, after which a place headed for is the employer."""
_JOB_ALONE = re.compile(r"(?:^|(?<=[.!?:]\s))(?:(?P<w>[A-Za-z][a-z]+|[A-Z]{2,4})(?=(?:\s+"
                        r"(?:[A-Za-z][a-z]+|[A-Z]{2,4}))?\s+(?i:" + _JOBS
                        + r")\s+(?:at|for|with)\s)|(?P<j>(?i:" + _JOBS
                        + r"))(?=\s+(?:at|for|with)\s))")
"""A job said with no subject after a new job ("New job! Junior dev at Loop."): the
speaker's, "I'm junior dev at Loop"."""


def _job_alone(match: re.Match[str]) -> str:
    word = match["w"] or match["j"]
    return ("I'm " if match["w"] else "I'm a ") + (
        word[:1].lower() + word[1:] if word.istitle() else word)
# a time is no employer: "New job starts Monday, Friday here I come"
_NAMES = (r"(?!(?:" + "|".join(m for lang in ("en", "de") for m in MONTH_NAMES[lang])
          + r"|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|(?:Mon|Diens|Donners|Frei|Sams|Sonn)tag|"
          r"Mittwoch|Weekend|Wochenende|Lundi|Vendredi|Lunes|Viernes)\b)" + _NAME
          + r"(?:\s+" + _NAME + r")*")
_OFFERED = (r"(?:(?!(?i:turned|declined|rejected|refused|down|abgelehnt|refusé|rechacé|"
            r"rechazado)\b)[^.!?])*?(?:[.!?]+\s+|,\s+|\s+(?=(?i:so|and|und|et|y)\s))")
"""What may come between an offer and the start said after it, no offer turned down."""
_OFFER_START = tuple((re.compile(offer + _OFFERED + r"(?P<then>" + then + ")"), said)
                     for offer, then, said in (
    (r"(?:\b(?i:got|received|had|accepted|took)\s+(?:(?i:an?|the|that)\s+)?(?:(?i:job)\s+)?"
     r"(?i:offer)\s+(?i:from|at|with)\s+" + _PLACE + r"|(?:^|(?<=[.!?]\s))"
     + _PLACE.replace("(?P<v>", "(?P<w>") + r"\s+(?i:offered\s+me|made\s+me\s+an\s+offer)\b)",
     r"(?:(?i:so|and)\s+)?I\s+(?:(?i:will|['’]ll|am|['’]m)\s+)?(?i:start(?:s|ing)?|"
     r"begin(?:s|ning)?)\b(?!\s+(?i:at|with)\b)", "I start at {}."),
    (r"\b(?i:Angebot|Jobangebot|Zusage)\s+(?i:von|bei)\s+" + _DE_ARTICLE + _PLACE,
     r"(?:(?i:und)\s+)?(?i:ich)\s+(?i:fange|starte|beginne)\b(?![^.!?]*\b(?i:bei)\b)",
     "Ich fange bei {} an."),
    (r"\b(?i:offre|proposition)\s+(?:(?i:d['’](?:emploi|embauche))\s+)?(?i:de\s+|d['’]|chez\s+)"
     + _PLACE, r"(?:(?i:et)\s+)?(?i:je)\s+(?i:commence)\b(?!\s+(?i:chez)\b)",
     "J'ai commencé chez {}."),
    (r"\b(?i:oferta)\s+(?:(?i:de\s+trabajo)\s+)?(?i:de|en)\s+" + _PLACE,
     r"(?:(?i:y)\s+)?(?i:empiezo|comienzo)\b(?!\s+(?i:en|con)\s+[A-Z])", "Empiezo en {}.")))
"""An offer from an employer, then a start with none named ("I got an offer from Monzo! I
start as a product manager in March.", "Ich habe ein Angebot von Zalando bekommen! Ich fange im
März an."): the start is at that employer, as the words of a start there say it."""
_HEADED = (
    (re.compile(r"(?P<a>" + _NAMES + r")\s*,?\s+(?i:here\s+I\s+come)\b"), "I'm starting at {}"),
    (re.compile(r"(?P<a>" + _NAMES + r")\s*,\s*(?i:ich\s+komme|wir\s+kommen)\b"),
     "ich fange bei {} an"),
    (re.compile(r"(?P<a>" + _NAMES + r")\s*,?\s+(?i:me\s+voilà|j['’]arrive)\b"),
     "j'ai commencé chez {}"),
    (re.compile(r"(?i:allá\s+voy|ahí\s+voy)\s*,?\s+(?P<a>" + _NAMES + r")|(?P<b>" + _NAMES
                + r")\s*,?\s+(?i:allá\s+voy|ahí\s+voy)"), "empiezo en {}"),
)
"""A place headed for with a new job said ("First day at the new job tomorrow, Stripe here I
come!"): the employer, as the words of a start there say it."""
_PET_GOT = (
    (re.compile(r"\b(?P<g>(?i:got|adopted|rescued|brought\s+home|have|has)\s+(?i:an?))\s+"
                r"(?!(?i:new)\b)(?P<k>(?i:" + _PET_KINDS + r"))\s+(?i:called|named)\s+"
                r"(?P<v>" + _NAME + r")"), ("{g} new {k} called {v}", "{g} new {k} called {v}")),
    (re.compile(r"\b(?i:eine?n?)\s+(?P<k>Katze|Kater|Hund|Hündin|Hamster|Meerschweinchen|"
                r"Kaninchen|Hase|Papagei|Wellensittich|Schildkröte|Pferd)\s+(?:(?i:namens)|,?\s*"
                r"(?i:der|die|das)\s+(?P<z>\w+)\s+(?i:heißt))\s+(?P<v>" + _NAME + r")"),
     ("mein neuer {k} heißt {v}", "meine neue {k} heißt {v}")),
    (re.compile(r"\b(?i:une?)\s+(?P<k>chien|chat|chienne|chatte|lapin|hamster|perroquet|"
                r"cochon\s+d['’]inde|tortue)\s+(?:(?i:qui\s+s['’]appelle)|(?i:nommée?|appelée?))\s+"
                r"(?P<v>" + _NAME + r")"), ("mon nouveau {k} s'appelle {v}",
                                           "ma nouvelle {k} s'appelle {v}")),
    (re.compile(r"\b(?i:una?)\s+(?P<k>perro|perra|gato|gata|conejo|hámster|cobaya|loro|tortuga)\s+"
                r"(?:(?i:que\s+se\s+llama)|(?i:llamad[oa]))\s+(?P<v>" + _NAME + r")"),
     ("mi nuevo {k} se llama {v}", "mi nueva {k} se llama {v}")),
)
"""A pet got after one died ("Nibbles died, so we got a guinea pig called Pip"): the new one of
its kind, as "new" says it; a feminine kind takes the second wording."""
_FEMININE = frozenset({"katze", "hündin", "schildkröte", "chienne", "chatte", "tortue", "perra",
                       "gata", "cobaya", "tortuga"})
_FAVOURITE_AFTER = (
    # "I'm all about purple, it's my new favourite colour", "green is my favourite colour now"
    (re.compile(_START + r"(?P<pre>[^.!?]*?\b(?i:about|with|into|love|adore|on)\s+)?"
                r"(?!(?i:this|that|it|which|what|these|those|here|there|mine)\b)"
                r"(?P<v>[\w'’&-]+(?:\s+[\w'’&-]+){0,2}?)\s*(?:[,;:–—-]+\s*(?:(?i:and)\s+)?"
                r"(?i:it['’]s|that['’]s|it\s+is|that\s+is|which\s+is)|\s+(?:is|are))\s+"
                r"(?:(?i:now|officially|definitely)\s+)*(?i:my)\s+(?:(?i:new)\s+)?"
                r"(?i:favou?rite)\s+(?P<k>[a-z]+(?:\s+(?!" + _LATELY + r")[a-z]+)?)"
                r"(?=\s+" + _LATELY + r"\b|\s*[.!?,;]|$)"), "My favourite {k} is {v}"),
    # "Ich liebe Lila, das ist jetzt meine Lieblingsfarbe"
    (re.compile(_START + r"(?P<pre>[^.!?]*?\b(?i:liebe|mag|auf|für)\s+)?"
                r"(?!(?i:das|es|dies|sie|er|der|die|jetzt|nun|inzwischen|mittlerweile|heute)\b)"
                r"(?P<v>[\wäöüß'-]+(?:\s+[\wäöüß'-]+){0,2}?)"
                r"\s*(?:[,;:–—-]+\s*(?i:das|die|der|es)\s+(?i:ist)|\s+ist)\s+"
                r"(?:(?i:jetzt|nun|inzwischen|mittlerweile)\s+)*(?i:mein\w*)\s+(?:(?i:neue[rs]?)\s+)?"
                r"Lieblings?(?P<k>[a-zäöüß]{3,20})(?=\s+(?i:jetzt|nun)\b|\s*[.!?,;]|$)"),
     "Meine Lieblings{k} ist {v}"),
    # "J'adore le violet, c'est ma couleur préférée maintenant"
    (re.compile(_START + r"(?P<pre>[^.!?]*?\b(?i:adore|aime|fan\s+de|fou\s+de|folle\s+de)\s+)?"
                r"(?!(?i:ça|cela|ce|c['’]est|maintenant|désormais)\b)(?P<v>(?:(?i:le|la|les)\s+|(?i:l['’]))?"
                r"[\wàâçéèêëîïôûù'’-]+(?:\s+[\wàâçéèêëîïôûù'’-]+){0,2}?)\s*(?:[,;:–—-]+\s*"
                r"(?i:c['’]est|ce\s+sont)|\s+(?i:est))\s+(?:(?i:maintenant|désormais)\s+)?"
                r"(?i:ma|mon|mes)\s+(?:(?i:nouvelle|nouveau|nouvel)\s+)?"
                r"(?P<k>[a-zàâçéèêëîïôûù]{3,20})\s+(?P<g>(?i:préférée?|favorite?))"
                r"(?=\s+(?i:maintenant|désormais)\b|\s*[.!?,;]|$)"),
     "Ma {k} {g} est {v}"),
    # "Me encanta el morado, es mi color favorito ahora"
    (re.compile(_START + r"(?P<pre>[^.!?]*?\b(?i:encanta|encantan|gusta|adoro|por)\s+)?"
                r"(?!(?i:esto|eso|este|esta|ese|esa|ahora|ya)\b)"
                r"(?:(?i:el|la|los|las)\s+)?(?P<v>[\wáéíóúñ'-]+(?:\s+[\wáéíóúñ'-]+){0,2}?)"
                r"\s*(?:[,;:–—-]+\s*(?i:es|son)|\s+es)\s+(?:(?i:ahora|ya)\s+)?(?i:mi|mis)\s+"
                r"(?:(?i:nuev[oa])\s+)?(?P<k>[a-záéíóúñ]{3,20})\s+(?i:favorit|preferid)"
                r"(?P<g>[oa])(?=\s+(?i:ahora|ya)\b|\s*[.!?,;]|$)"), "Mi {k} favorit{g} es {v}"),
)
"""A favourite named before its slot, by "it" or "that" or plainly ("I'm all about purple, it's
my new favourite colour"), said after its slot ("My favourite colour is purple")."""
_RELATION_NAME = re.compile(r"['’]s |\b(?:del usuario|des Nutzers|de l['’]utilisateur)$")
"""A name that is a relation of the user ("the user's sister", "la hermana del usuario")."""
_PLAIN_QUALIFIERS = frozenset({"home", "current", "personal", "main", "private", "own"})
"""Words that leave a vault caption naming the same thing ("Home address", "Address"), unlike
"work" or "billing"."""
_NO_LONGER_FAVOURITE = re.compile(
    r"(?P<old>[A-Z0-9][^.!?;,]{0,40}?)\s+(?:is|are)\s+no\s+longer\s+my\s+favou?rite"
    r"(?:\s+(?P<k>[a-z]+(?:\s+[a-z]+)?))?\s*[-–—,;:]+\s*(?:(?:now\s+)?it['’]s|my\s+new\s+one\s+is|"
    r"the\s+new\s+one\s+is)\s+(?:now\s+)?(?P<v>[^.,;!?()]{1,40}?)(?=\s+now\b|[.,;!?]|$)")
"""A favourite replaced, named by its old value ("Inception is no longer my favourite -
it's Interstellar now")."""
_BOND_WORD = re.compile(r"fiancé\(e\)|\bspouse\b|\bformer partner\b")
"""The bonds the semantic rules write without gender (see _gendered)."""
_FEMALE = frozenset({"girlfriend", "fiancée", "fiancee", "wife"})
_MALE = frozenset({"boyfriend", "fiancé", "fiance", "husband"})
_WORDY = frozenset({"bond", "alive"})
"""Slots whose values are common words ("partner", "died"): no sentence that names one states
a replaced value."""
_BYGONE = re.compile(r"(?i:\b(?:passed\s+away|died|(?:was|were)\s+the\s+user['’]s|former|ex)\b)")
"""A sentence that says its value is over ("Pickle was the user's cat"), so names it freely."""
_WAS = re.compile(r"\b(?:is|are)\b")
_WERE = {"are": "were"}
_CAPTION_FILLER = word_set("of the user user's my a an new current de du mon ma la le el del mi")
_SLOT_SAME = dict.fromkeys(("boyfriend", "girlfriend", "fiance", "fiancé", "fiancee", "fiancée",
                           "husband", "wife", "spouse",
                           # German, French and Spanish words of a partner (see the name slots)
                           "freund", "freundin", "mann", "frau", "partnerin", "verlobte",
                           "verlobter", "copain", "copine", "mari", "femme", "compagnon",
                           "compagne", "novio", "novia", "marido", "esposo", "esposa", "mujer",
                           "pareja", "女朋友", "男朋友", "老婆", "老公", "妻子", "丈夫",
                           "未婚妻", "未婚夫", "对象"), "partner") | {
    # the roles of one in German, French and Spanish, by the English slot (see _ROLES_ABROAD)
    **dict.fromkeys(("zahnarzt", "zahnärztin", "dentiste", "dentista"), "dentist"),
    **dict.fromkeys(("arzt", "ärztin", "hausarzt", "hausärztin", "médecin", "médecin traitant",
                     "médico", "médica", "doctora"), "doctor"),
    **dict.fromkeys(("vermieter", "vermieterin", "propriétaire", "proprio", "casero", "casera"),
                    "landlord"),
    **dict.fromkeys(("chef", "chefin", "patron", "patronne", "jefe", "jefa"), "boss"),
    **dict.fromkeys(("tierarzt", "tierärztin", "vétérinaire", "véto", "veterinario",
                     "veterinaria"), "vet"),
    **dict.fromkeys(("therapeut", "therapeutin", "psy", "terapeuta"), "therapist"),
    **dict.fromkeys(("friseur", "friseurin", "coiffeur", "coiffeuse", "peluquero", "peluquera"),
                    "hairdresser"),
    **dict.fromkeys(("anwalt", "anwältin", "avocat", "avocate", "abogado", "abogada"), "lawyer"),
    **dict.fromkeys(("steuerberater", "steuerberaterin", "comptable", "contable"), "accountant"),
    **dict.fromkeys(("trainerin", "entrenador", "entrenadora"), "coach"), "kiné": "physio",
    "kitten": "cat", "puppy": "dog", "play sax": "play saxophone", "play uke": "play ukulele"}
"""Slots of one meaning: a new girlfriend replaces the boyfriend that was, a divorce ends a
husband, and the sax one played is the saxophone."""
_FAVOURITE_KINDS = {
    "essen": "food", "gericht": "food", "speise": "food", "plat": "food", "comida": "food",
    "plato": "food", "getränk": "drink", "boisson": "drink", "bebida": "drink",
    "farbe": "colour", "couleur": "colour", "color": "colour", "buch": "book", "livre": "book",
    "libro": "book", "stadt": "city", "ville": "city", "ciudad": "city", "película": "film",
    "musiker": "musician", "chanson": "song", "lied": "song", "canción": "song",
    "颜色": "colour", "食物": "food", "菜": "food", "饮料": "drink", "书": "book", "城市": "city",
    "电影": "film", "歌": "song"}
"""A favourite's kind in the other languages' words, so one said in another language
replaces it ("Mein Lieblingsessen ist Schnitzel." then "My favourite food is ramen now.")."""
_CAPTION_SAME = {"cell": "phone", "mobile": "phone", "telephone": "phone", "e-mail": "email",
                 "combination": "code", "combo": "code", "passcode": "code",
                 "móvil": "phone", "celular": "phone", "teléfono": "phone", "portable": "phone",
                 "téléphone": "phone", "handynummer": "telefonnummer",
                 "nummer": "telefonnummer", "rufnummer": "telefonnummer",
                 "mobilnummer": "telefonnummer"}
"""Caption words of one meaning ("Cell number" is the "Phone number" it replaces, a "Bike
lock code" the "Bike lock combination", a "Número de móvil" the "Número de teléfono", a
"Handynummer" the "Telefonnummer")."""
_PHONE_WORDS = word_set("phone number numéro número nummer telefonnummer 电话号码")
"""The words of a phone number's caption that say only that it is one."""
_ZH_PHONE = re.compile(r"(?:手机|电话)?号码|手机号")
"""A phone number's Chinese names ("手机号" is the "电话号码" it replaces)."""
_CORRECTED = re.compile(r",?\s+(?:not|rather\s+than|instead\s+of)\s+[^,;:.!?]{1,40}[.!]?")
"""A correction after a fact's value ("a midwife, not a nurse")."""
_PLACE_TAIL = re.compile(r"\s+(?:in|at|near|for|with)\s+[^,;:.!?]{1,40}?"
                         r"(?:\s+(?:now|these\s+days|at\s+the\s+moment))?[.!]?")
"""What a fact may add after its slot's value and still be that slot (a place, a time)."""
_RESTATED = word_set("is am are 'm ’m based settled resides reside residing living currently "
                     "now still drive drives driving called named on at the moment these days "
                     "nowadays right")
"""Words a fact may say beyond its slot's statement and still say only that ("I'm based in
Denver" is "lives in Denver"), so it is stored as that statement, which later questions
and changes find."""
_AFTER = re.compile(r"(?i:\b(?:before|vor|avant|antes\s+de)\s+)(?P<x>" + _NAME + r"(?:\s+"
                    + _NAME + r")*)")
_ZH_AFTER = re.compile(r"(?:搬到|搬去|去|到|在)(?P<x>[\u4e00-\u9fff]{2,6}?)(?:了|以后)?"
                       r"(?:之前|以前)")
""""我搬到北京之前住在哪里？": what replaced the answer, said in Chinese."""
_STOPS = ".!?。！？ "
_ACRONYM = r"[b-df-hj-np-tv-xz]{2,5}"
"""A lower-case word with no vowel, an acronym typed small: "the bbc", "hsbc"."""
_INSTITUTION_WORDS = (r"hospital|clinic|school|college|university|academy|bank|library|museum|"
                      r"hotel|church|centre|center|infirmary|surgery|primary|high")
"""What a place's name may end with ("st thomas hospital", "kings college")."""
_LOWER_NAME = re.compile(r"\b(?:at|for|in|to|with|from|by|joined|chez|bei|en|à|nach|"
                         # "a" of French and Spanish, not the article ("i'm a nurse"); a
                         # German job after "als", a noun capitalised ("als elektriker")
                         r"(?<![mMs]\s)a|(?<=\barbeite\s)als|(?<=\barbeitet\s)als)\s+"
                         r"(?:the\s+(?=" + _ACRONYM + r"\b)|(?<=bei\s)(?:den|der|dem)\s+)?"
                         r"(?P<w>(?:(?:new|san|los|las|saint|st|north|south|east|west|la|le|el)"
                         r"\s+)?[a-zà-ÿ][\w'’&-]*(?:(?:\s+[a-z][\w'’&-]*)?\s+(?:"
                         + _INSTITUTION_WORDS + r")\b)?)")
_LOWER_NAMING = re.compile(
    r"(?:^(?:hi|hey|hello|hiya|yo)(?:\s+there)?[,!.]*\s+i['’]?m|\bi\s+am|\bmy\s+name\s+is|"
    r"^name['’]s|\bje\s+m['’]appelle|\bmoi\s+c['’]est|\bme\s+llamo|\bmi\s+nombre\s+es|"
    r"\bich\s+hei(?:ß|ss)e|\bmein\s+name\s+ist|\b[Ii]ch\s+bin(?=\s+[a-zß-ÿ]{2,}\s*,\s*[1-9]\d?\b))"
    r"\s+(?!(?:tired|fine|good|great|ok|okay|back|"
    r"home|here|sorry|new|bored|sick|busy|done|ready|glad|happy|sad|excited|stressed|exhausted|"
    r"late|free|single|married|retired|vegan|vegetarian|pregnant|alive|well|cool|out|off)\b)"
    r"(?P<name>[a-zß-ÿ]{2,})(?=\s*[,.!?;]|\s*$|"
    r"\s+(?:and|here|btw|und|et|y)\b|\s+[1-9]\d?\b)")
"""A name given in a message typed in lower case ("hi im priya, …", "je m'appelle camille"):
what a capital would mark."""
_LOWER_INTRO = re.compile(r"\bi['’]?m\b(?:\s+(?!(?:a|an|the)\b)(?P<name>[a-z]+)(?=\s*,?\s*\d))?\s*")
""""im", "i'm" typed in lower case, with the name an age follows ("im jess, 26", "im priya
29")."""
_NOT_AGED = word_set("like about only almost nearly just turning over under around barely "
                     "still already now")
"""Words between "im" and a number that are no name ("im like 30")."""
_NOT_NAMES = word_set(
    "a an the my our your his her their its this that these those some any one two all home "
    "night nights weekend weekends work school uni university college least last first once "
    "times bed town it them me him her us you there here now rn then fun free love hospital "
    "be go get see make take have do start work help live stay study try find keep come leave "
    "move buy sell pay join quit visit meet say tell ask look feel think know want need "
    "breakfast lunch dinner church class bed sleep hand mind time place person people man woman "
    "anyone someone everyone nobody what which who where when how why ich du er sie es wir ihr "
    "le la les un une des mon ma mes el los las una mi mis day days shift shifts mornings "
    "evenings afternoons nights part-time full-time")
"""Words after "at", "to", "in" in a lower-case message that are no names ("moved to days":
a shift)."""
_USER = {"en": "the user", "de": "der Nutzer", "fr": "l'utilisateur", "es": "el usuario",
         "zh": "用户"}
"""Who "the user" is in each language's statements."""


@dataclass(frozen=True)
class Setting:
    """A statement giving ``slot`` the value ``value`` (None: it ends, "no longer").

    ``statement`` is that value said as a lasting fact about ``subject``; ``change`` is set
    when the words say it changed."""

    slot: str
    value: str | None
    statement: str
    change: bool
    ended: str = ""
    """The value an ending names ("left London": London), so that it ends no other."""


def favourite_kind(kind: str) -> str:
    """A favourite's kind in English ("essen", "plat": food), else as it is."""
    return _FAVOURITE_KINDS.get(kind.casefold(), kind)


def _key(value: str) -> str:
    return " ".join(value.casefold().split()).removeprefix("the ")


def indefinite_article(value: str) -> str:
    """"a" or "an" before ``value``: "an" before a vowel, but "a" before a "u" said "you"
    ("a user researcher", "a ux designer"; "an umpire"), and as letters are said before one
    spelt out ("a UX designer", "an MD"); none before a role there is one of ("head of the
    science department")."""
    if _ONE_ROLE.match(value):
        return ""
    if re.match(r"[A-Z]{2,}\b", value):
        return "an" if value[0] in "AEFHILMNORSX" else "a"
    word = value.casefold()
    said_you = word[:1] == "u" and (len(word.split()[0]) <= 2 or word[1] not in "aeiou"
                                    and word[2] in "aeiou")
    return "an" if word[:1] in "aeiou" and not said_you else "a"


_ONE_ROLE = re.compile(r"(?i:head|director|chair|president|captain|leader|dean|principal|ceo|cto|"
                       r"cfo|coo|vp|vice\s+president|chief\s+\w+)\s+(?i:of|for)\b")


def _statement(pattern: _Pattern, match: re.Match[str], subject: str) -> str:
    if subject in _USER.values():
        subject = _USER[pattern.lang]
    value = _value_of(pattern, match)
    if pattern.slot == "wake" and value.isdigit():  # "waking up at 8": an hour, said as one
        value += ":00"
    article = indefinite_article(value)
    found = {name: text or "" for name, text in match.groupdict().items()}
    groups = {**found, "s": subject, "v": value, "a": article, "ing": _gerund(found.get("k", "")),
              "kl": found.get("k", "").lower(),
              "art": "la" if found.get("g") == "a" else "el"}
    text = (pattern.template.format(**groups).replace("  ", " ").replace(" de el ", " del ")
            .replace("a el usuario ", "al usuario ")
            .replace(" von der Nutzer ", " des Nutzers "))
    if text.endswith(".."):  # the value ends with an initial: "Fontaines D.C."
        text = text[:-1]
    text = re.sub(r"\s+\.$", ".", text)  # a time after the value left unsaid
    return text[:1].upper() + text[1:]


def settings(text: str, subject: str | None = None, *, own: bool = False) -> list[Setting]:
    """The one-valued slots ``text`` sets or ends, sentence by sentence, its statements about
    ``subject`` (default: the user). A new value wins over the end of the same slot in its
    sentence or one before ("I quit Acme and joined Globex"), and change words over lasting
    ones. With ``own``
    (a message, not a stored fact) only what the speaker says about themself counts: not
    "my brother lives in Porto"."""
    found: list[Setting] = []
    prep = prepare(_spoken(_ASKED.sub(r"my favourite \g<k> is ", PERIOD.sub("", text))))
    if subject is None:
        subject = "用户" if prep.zh else "the user"
    for sentence in prep.sentences():
        here = _sentence_settings(sentence, subject, own)
        named = _names_in_lower_case(sentence)
        if named != sentence:  # typed in lower case: what only names would say, read too
            for slot, said in _sentence_settings(named, subject, own).items():
                if slot not in here or here[slot].value is None:
                    here[slot] = said
        found = [f for f in found if f.value is not None or f.slot not in here]
        found.extend(here.values())
    return found


def _here(match: re.Match[str]) -> str:
    """A speaker naming themself as :data:`_HERE` finds, said "I'm …"; a name typed in lower
    case only after a greeting ("hey! ben here"), and no one of a crowd ("hi everyone here")."""
    name = match["n"]
    if name.lower() in _NOT_HERE or name.islower() and not match["hi"]:
        return match[0]
    if match.string.islower():  # typed all in lower case, it stays so (_names_in_lower_case)
        return (match["hi"] or "") + _HERE_SAID[match["w"]].lower().format(cap(name))
    return (match["hi"] or "") + _HERE_SAID[match["w"]].format(cap(name))


_NOT_HERE = frozenset({"everyone", "everybody", "nobody", "someone", "somebody", "all", "guys",
                       "folks", "people", "we", "you", "they", "it", "i", "me", "still", "alle",
                       "wir", "ich", "moi", "nous", "tout", "tous", "todos", "nosotros", "yo"})


def _bare_intro(match: re.Match[str]) -> str:
    """A name and age :data:`_BARE_INTRO` finds, said with the words that give them; in lower
    case when typed so, which :func:`_names_in_lower_case` reads."""
    name, unit = match["n"], (match["u"] or "").strip()
    if name.casefold() in _NOT_NAMES or name.casefold() in _NOT_HERE:
        return match[0]
    said = _BARE_SAID.get(unit.split()[0].casefold() if unit else "", "i'm {n}, {a}")
    if not name.islower():
        said = said[:1].upper() + said[1:]
    return match["lead"] + said.format(n=name, a=match["a"]) + (
        f" {unit}" if unit and unit.split()[0].casefold() not in _BARE_SAID else "")


_WED_PAIR = re.compile(r"\b(?P<name>" + _NAME_WORD + r")\s+and\s+I\s+(?P<verb>(?:(?:just|finally|"
                       r"officially)\s+)*(?:got|are|were))\s+married\b")
"""A wedding told with the spouse first ("Kate and I got married last Saturday!"), said as
"I got married to Kate"."""
_WED_PAIRS_ABROAD = tuple((re.compile(regex.format(n=r"(?P<name>" + _NAME_WORD + r")")), said)
                          for regex, said in (
    (r"\b{n}\s+(?i:y\s+yo),?\s+(?:(?i:ya|al\s+fin|por\s+fin|finalmente|también)\s+)?(?i:nos)\s+"
     r"(?:(?i:hemos)\s+)?(?i:casamos|casado)\b", "estoy casado con {}"),
    (r"\b{n}\s+(?i:et\s+moi),?\s+(?:(?i:on\s+s['’]est|nous\s+nous\s+sommes))\s+"
     r"(?:(?i:enfin|finalement|officiellement)\s+)?(?i:mariée?s)\b", "je suis marié avec {}"),
    (r"\b{n}\s+(?i:und\s+ich)\s+(?i:haben)\s+(?:(?i:endlich|jetzt|gestern|letzte\s+Woche)\s+)?"
     r"(?i:geheiratet)\b", "ich bin mit {} verheiratet")))
"""The same in Spanish, French and German ("Andrés y yo nos casamos", "André et moi, on s'est
mariés", "Jonas und ich haben geheiratet"), said as being married to them."""


def _spoken(text: str) -> str:
    """``text`` with the shapes people introduce themselves in said as statements (and a
    spouse named first, see _WED_PAIR; a verb joined by "and" given its "I" again, see
    :func:`~mirix_like.offline.language.subject_repeated`): "Omar here - 41, a civil
    engineer at Arup" is "I'm Omar, 41, I'm a civil engineer at Arup";
    "Big cyclist too." is "I'm a big cyclist too."; "Favourite food: biryani." is "My
    favourite food is biryani."; "New landlord: Ms. Patel." is "My new landlord is Ms.
    Patel."."""
    text = subject_repeated(_HERE.sub(_here, text))
    text = _WED_PAIR.sub(r"I \g<verb> married to \g<name>", text)
    for regex, said in _WED_PAIRS_ABROAD:
        text = regex.sub(lambda m, said=said: said.format(m["name"]), text)
    text = _BARE_INTRO.sub(_bare_intro, text)
    text = _APPOSED_JOB.sub(lambda m: m[0] + ("i'm " if m[0].islower() else "I'm "), text)
    text = _APPOSED_TRADE.sub(lambda m: m[0] + ("i'm a " if m[0].islower() else "I'm a "), text)
    for regex, said in _APPOSED_ABROAD:
        text = regex.sub(lambda m, said=said: m[0] + said, text)
    text = _DOER_ALONE.sub(lambda m: m[0] if _OTHER.search(text, 0, m.start()) else "I'm a ",
                           text)
    text = _NEW_LABEL.sub(r"My new \g<k> is ", text)
    if started := [said.format(m["v"] or m.groupdict().get("w"))
                   for regex, said in _OFFER_START for m in regex.finditer(text)]:
        text = " ".join([text.rstrip() + ("" if text.rstrip()[-1:] in ".!?" else "."), *started])
    if _NEW_JOB.search(text):
        text = _JOB_ALONE.sub(_job_alone, text)
        for regex, said in _HEADED:
            text = regex.sub(lambda m, said=said: said.format(
                m["a"] or m.groupdict().get("b")), text)
    if parted(text):
        for regex, (said, her) in _PET_GOT:
            text = regex.sub(lambda m, said=said, her=her: (
                her if m["k"].casefold() in _FEMININE else said).format(
                **{k: v or "" for k, v in m.groupdict().items()}), text)
    if _BROKE_UP.search(text):
        for regex, said in _WITH_NOW:
            text = regex.sub(lambda m, said=said: said.format(m["a"] or m["b"]), text)
    for regex, said in _FAVOURITE_AFTER:
        text = regex.sub(lambda m, said=said: (m["pre"] or "") + said.format(
            **{k: v or "" for k, v in m.groupdict().items()}), text)
    return _FAVOURITE_LABEL.sub(r"My favourite \g<k> is ", text)


def _sentence_settings(sentence: str, subject: str, own: bool) -> dict[str, Setting]:
    """The slots one sentence sets or ends, by slot (see :func:`settings`)."""
    clauses = [0, *(m.end() for m in _CLAUSE.finditer(sentence)), len(sentence) + 1]
    here: dict[str, Setting] = {}
    for pattern in _PATTERNS:
        for match in pattern.regex.finditer(sentence):
            if own and not _by_speaker(sentence, match, pattern):
                continue
            k = match.groupdict().get("k") or ""
            said = _value_of(pattern, match)
            slot = pattern.slot.format(k=_key(k), v=_key(said), ing=_gerund(k), hk=_head(k),
                                       hv=_head(said))
            slot = _SLOT_SAME.get(slot, slot)
            # "I don't play tennis anymore, I took up padel": the clause's own negation
            end = next(c for c in clauses if c > match.start())
            start = max(c for c in clauses if c <= match.start())
            if UNREAL.search(sentence, start, match.start()) or pattern.change and (
                    not pattern.denies and _denied(sentence, match.start())):
                continue  # "If I moved to Leeds", "I never moved to Sydney": no fact
            # "I used to live in Paris": before the value, in its own clause
            at = match.start("v") if match["v"] is not None else match.start()
            negated = pattern.ends or not pattern.denies and bool(
                _NEGATION.search(sentence, start, end)
                or _FORMERLY.search(sentence, max(c for c in clauses if c <= at), at))
            value = None if negated else said
            before = here.get(slot)
            if before is None or before.value is None or (
                    pattern.change and not before.change):
                here[slot] = Setting(slot, value, _statement(pattern, match, subject),
                                     pattern.change or negated)
    for pattern in _ENDS:
        match = pattern.regex.search(sentence)
        if match and (UNREAL.search(sentence, max(c for c in clauses if c <= match.start()),
                                    match.start()) or _denied(sentence, match.start())):
            continue  # "if I ever quit Google", "I didn't quit Spotify": no end
        if match and pattern.slot not in here and (
                not own or _by_speaker(sentence, match, pattern)):
            found = match.groupdict()
            here[pattern.slot] = Setting(pattern.slot, None, "", True,
                                         found.get("v") or found.get("w") or "")
    return here


def _names_in_lower_case(sentence: str) -> str:
    """A sentence typed all in lower case with the word after "at", "to", "in", "joined" …
    capitalised as the name it would be ("i work at target" -> "i work at Target"), unless
    it is a common word ("at home", "to be"); "im" as "I'm", and a name told with an age
    ("im jess, 26" -> "I'm Jess, 26")."""
    # (a core fact of such a message; the name :func:`_here` gave one)
    rest = _NAMED_HERE.sub("", sentence.removeprefix("The user"))
    if CJK.search(sentence) or any(c.isupper() for c in rest):
        return sentence
    sentence = _LOWER_NAMING.sub(lambda m: m[0][:m.start("name") - m.start()] + cap(m["name"]),
                                 sentence)
    sentence = _LOWER_INTRO.sub(lambda m: "I'm " + (
        m["name"] + " " if m["name"] in _NOT_AGED else cap(m["name"] or "")), sentence)
    sentence = SMALL_I.sub("I", sentence)

    def named(m: re.Match[str]) -> str:
        words = m["w"].split()
        if len(words) > 1 and re.fullmatch(_INSTITUTION_WORDS, words[-1].casefold()):
            if words[-2].casefold() in _NOT_NAMES:  # "at the hospital", "at my school"
                return m[0]
        elif words[-1].casefold() in _NOT_NAMES:
            return m[0]
        return m[0][:m.start("w") - m.start()] + " ".join(
            w.upper() if re.fullmatch(_ACRONYM, w) and w != "st" else w[:1].upper() + w[1:]
            for w in words)

    return _LOWER_NAME.sub(named, sentence)


SMALL_I = re.compile(r"(?<![\w'’-])i(?=['’](?:m|ve|d|ll)\b|\s+[a-z])")
""""i" typed in lower case ("i love climbing", "i've moved")."""
_NAMED_HERE = re.compile(r"(?<=\bi['’]m\s)[A-Z][\w'’-]*(?=,)")
"""A name :func:`_here` gave a message typed in lower case ("hey! i'm Kofi, …")."""
_MINE = re.compile(r"(?i:\b(?:my|mein\w*|ma|mon|mi)\b)|我的")


def _by_speaker(sentence: str, match: re.Match[str], pattern: _Pattern) -> bool:
    """Whether the speaker is the subject of the statement ``match`` found in ``sentence``:
    "my" right before a possessive one ("my favourite food", "my dentist"), else a
    first-person subject (a verb may say it: "vivo", "me mudé") with nobody else named
    after it."""
    before = sentence[:match.start()]
    if pattern.possessive:  # "my" before it, or inside it ("Sushi is my favourite food")
        return bool(_MY.search(before) or match.groupdict().get("my"))
    head = before + " ".join(match.group(0).split()[:2])
    marks = list(_FIRST.finditer(head))
    if pattern.unnamed and (not marks or _MINE.search(match.group(0))):
        # "they upped my dose": the doctor acts, the dose is the speaker's
        return bool(_MINE.search(match.group(0))) or not _OTHER.search(head)
    return bool(marks) and not _OTHER.search(head[marks[-1].end():])


def says_stop(text: str) -> bool:
    """Whether the speaker of ``text`` says something of theirs stopped or is no longer so
    ("I stopped running after my knee injury"), which may end a block's line."""
    return bool(_NEGATION.search(text) and _FIRST.search(text))


def since(inp: InputText) -> datetime:
    """When what ``inp`` says became true: the time it names ("last week"), else its time."""
    times = find_times(inp.text, inp.occurred_at)
    return times[0].when if times and times[0].when <= inp.occurred_at else inp.occurred_at


def until(inp: InputText) -> datetime:
    """When what ``inp`` says of a past time stopped being true: the end of the time it names
    ("Last year I lived in Rome": the year's end), else its time."""
    times = find_times(inp.text, inp.occurred_at)
    if not times or times[0].when > inp.occurred_at:
        return inp.occurred_at
    return min(period_end(times[0].when, times[0].granularity), inp.occurred_at)


_NOT_OR_FROM = (r"(?i:\b(?:not|rather\s+than|instead\s+of|from|pas|plutôt\s+que|no|sino|nicht|"
                r"statt|von|aus|de|desde)\s+(?:\w+\s+){0,2}?)")
"""Words before a value that a change says it is not ("Bristol, not Bath", "pas à Nice") or
that it was from ("moved from Bath", "von Bonn nach Köln")."""


def passed(inputs: Sequence[InputText]) -> list[tuple[Setting, InputText, InputText]]:
    """The values the speaker gives a slot in ``inputs`` that a later one of them changes again
    ("Just moved to Bath." then "Moved again, now in Bristol!": Bath; or said plainly in a later
    message: "I work at Glovo." then, days later, "I work at Cabify."), each with the input that
    said it and the one that changed it. A block keeps only the last value a batch gives a slot,
    so no line of it ever held these; a later input that says the move was from it ("moved
    from Bath to Bristol") keeps it itself, one that says it is not so ("Bristol, not Bath")
    that it never held."""
    last: dict[str, tuple[Setting, InputText]] = {}
    found: list[tuple[Setting, InputText, InputText]] = []
    for inp in inputs:
        if inp.role not in (None, "user"):
            continue
        for said in settings(inp.text, subject_of(inp, prepare(inp.text).zh), own=True):
            slot = _meant(said.slot)
            if said.value is None:
                last.pop(slot, None)
                continue
            before = last.get(slot)
            # a slot holds one value: a later message that gives another ends the first one
            # ("I'm a nurse at St Mary's." ... "now I'm a nurse at Harrogate District Hospital")
            if before is not None and (said.change or inp.occurred_at > before[1].occurred_at) and (
                    before[0].value) and (
                    _key(before[0].value) != _key(said.value)) and not re.search(
                    _NOT_OR_FROM + re.escape(before[0].value) + r"(?!\w)", inp.text):
                found.append((before[0], before[1], inp))
            last[slot] = (said, inp)
    return found


def block_lines(existing: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Each shown core block's lines, by label."""
    return {entry["id"]: [line for line in str(entry["fields"].get("value", "")).splitlines()
                          if line.strip()] for entry in existing}


def _block_read(text: str, blocks: Mapping[str, list[str]]) -> str:
    """``text`` as what the block makes of it: a wedding of the partner it names, being with
    someone, a dose, a key, being somewhere (see each reader)."""
    for read in (_wed, _with_whom, _dosed, _keyed, _placed):
        text = read(text, blocks)
    return text


def core_calls(facts: Sequence[Row], inputs: Sequence[InputText],
               blocks: Mapping[str, list[str]]) -> list[tuple[str, dict[str, Any]]]:
    """The core tool calls for ``facts`` (rows of the core extractor) from ``inputs``:
    a fact giving a slot a new value replaces the block's line for that slot (the old line
    kept as a past fact, true until the input says the change happened), an ending removes
    it the same way, other new facts are appended.

    A fact in change words ("moved to Vienna") is stored as the lasting fact its slot says
    ("lives in Vienna"); a slot the inputs set that no extracted fact covers ("I quit Acme
    and joined Globex") is added the same way, and so is each slot of a fact that sets
    several, so that one can change without the other.
    """
    by_id = {inp.source_id: inp for inp in inputs}
    # What each input says of its speaker, read once for its facts and for itself.
    said_by = {inp.source_id: _retired_from_work(settings(
        _block_read(inp.text, blocks), subject_of(inp, prepare(inp.text).zh), own=True))
        for inp in inputs}
    for inp in inputs:
        said = said_by[inp.source_id]
        said += [g for g in _gone(inp.text, blocks, said) if g.slot not in {s.slot for s in said}]
    lines: list[tuple[str, str, Setting | None, datetime | None]] = []
    covered: set[tuple[str, str, str | None]] = set()  # a fact's slot, of its own input only
    added: set[tuple[str, str, str | None]] = set()
    for fact in facts:
        inp = by_id.get(fact["source_ids"][0]) if fact.get("source_ids") else None
        found = settings(fact["content"], subject="")
        setting = found[0] if len(found) == 1 else None
        own = said_by[inp.source_id] if inp else []
        if len(found) > 1 and {s.slot for s in found} <= {s.slot for s in own}:
            # "lives in Seoul and works for Samsung": each slot gets its own line, and what
            # else it says one more
            if rest := _beyond(fact["content"], [*found, *own]):
                lines.append((fact["label"], rest, None, since(inp) if inp else None))
            continue
        for said in own:  # the input's own statement names its speaker
            if setting is not None and said.slot == setting.slot and (
                    setting.change or said.value is None or said.value == setting.value):
                setting = said
        if setting is not None and setting.statement[:1].isspace():
            setting = None  # read in the fact's words alone, which the input did not say so
        content = fact["content"]
        if setting and setting.value:
            content = (setting.statement if setting.change or _says_only(content,
                                                                         setting.statement)
                       else _restated(content, setting))
        if setting is not None and setting.statement == "":
            setting = None
        lines.append((fact["label"], content, setting, since(inp) if inp else None))
        if setting is not None:
            covered.add((fact["label"], setting.slot, inp.source_id if inp else None))
    calls = _corrections([inp for inp in inputs if not said_by[inp.source_id]], blocks)
    for inp in inputs:
        if inp.role not in (None, "user", "assistant"):
            continue
        label = "persona" if inp.role == "assistant" else "human"
        for said in said_by[inp.source_id]:
            # one input ends a slot, a later one gives it its new value: both count
            if (label, said.slot, inp.source_id) not in covered and (
                    label, said.slot, said.value) not in added:
                added.add((label, said.slot, said.value))
                lines.append((label, said.statement, said, since(inp)))
    return calls + _edits(lines, blocks)


def _retired_from_work(said: list[Setting]) -> list[Setting]:
    """``said`` with the workplace ended when it says the speaker retired and names none."""
    if any(s.slot == "job" and _key(s.value or "") in _RETIRED for s in said) and not any(
            s.slot == "work" for s in said):
        return [*said, Setting("work", None, "", True)]
    return said


def _corrections(inputs: Sequence[InputText],
                 blocks: Mapping[str, list[str]]) -> list[tuple[str, dict[str, Any]]]:
    """The block lines ``inputs`` correct with no slot named ("oops, I meant Apex, not Acme"),
    fixed in place: the wrong value was never true, so no past fact keeps it."""
    calls: list[tuple[str, dict[str, Any]]] = []
    for inp in inputs:
        said = CORRECTION.search(inp.text.strip())
        # values are names or numbers ("it is what it is, not my problem" corrects nothing),
        # unless all is typed in lower case
        if inp.role not in (None, "user") or not said or not inp.text.islower() and not all(
                v[:1].isupper() or v[:1].isdigit() or CJK.match(v) for v in (said["new"],
                                                                            said["old"])):
            continue
        before, after = ("", "") if CJK.match(said["old"]) else (r"(?<!\w)", r"(?!\w)")
        wrong = re.compile(before + re.escape(said["old"]) + after, re.IGNORECASE)
        right = said["new"]
        for label, lines in blocks.items():
            found = [n for n, line in enumerate(lines, 1) if wrong.search(line)]
            if found:
                line = wrong.sub(lambda _, right=right: right, lines[found[-1] - 1])
                calls.append(("core_replace", {"label": label, "line_numbers": [found[-1]],
                                               "content": line}))
    return calls


def _gone(text: str, blocks: Mapping[str, list[str]],
          said: Sequence[Setting]) -> list[Setting]:
    """The endings of the slots whose value in a block is someone ``text`` says died
    ("Pickle passed away" ends "The user's cat is Pickle."), of the habits it says stopped
    ("I stopped climbing" ends "The user goes climbing on Tuesdays."), and of a value the
    speaker no longer likes (``said``: "Ya no me gusta la paella" ends "La comida favorita
    del usuario es paella."), of a thing held that it says was sold with nothing new of its
    slot said ("Sold the Mazda, I cycle everywhere now" ends "The user's car is a red Mazda 3.",
    "We moved to Leeds and I sold the Focus" the Ford Focus);
    a value liked more than the one held replaces it ("I'm more into Arctic Monkeys than
    Radiohead" makes Arctic Monkeys the favourite band)."""
    names = {_key(who) for who, _ in parted(text)}
    succeeded = {_key(m["old"]): m["new"] for m in _SUCCEEDED.finditer(text)}
    sold = {_key(m["what"]) for m in _SOLD.finditer(text)}
    disliked = {s.slot.removeprefix(_LIKING) for s in said
                if s.slot.startswith(_LIKING) and s.value is None}
    preferred = {s.slot.removeprefix(_PREFER): s.value for s in said
                 if s.slot.startswith(_PREFER) and s.value and s.slot != _PREFER + _head(s.value)}
    found: dict[str, Setting] = {}
    for line in (PERIOD.sub("", line) for lines in blocks.values() for line in lines):
        for held in settings(line, subject=""):
            if not held.value or held.slot.startswith((_LIKING, _PREFER)) and (
                    _head(held.value) in disliked or _head(held.value) in preferred):
                continue  # a liking said again is its own setting
            if _key(held.value) in names or _head(held.value) in disliked or (
                    sold & set(_key(held.value).split())
                    and not any(_same_slot(s.slot, held.slot) for s in said)) or (
                    held.slot.startswith(_HABIT)
                    and stopped(text, held.slot.removeprefix(_HABIT))):
                found[held.slot] = Setting(held.slot, None, "", True)
            elif by := next((new for old, new in succeeded.items()
                             if old in _key(held.value)), None):
                # "Dr Alvarez retired so I'm seeing Dr Chen now": the slot Dr Alvarez held
                said = line[:line.find(held.value)] + by + "."
                found[held.slot] = Setting(held.slot, by, said, True)
            elif _head(held.value) in preferred:
                new = preferred[_head(held.value)]
                found[held.slot] = Setting(held.slot, new, line.replace(held.value, new), True)
    return [found[slot] for slot in sorted(found)]


_TITLED_NAME = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?"
_SUCCEEDED = re.compile(r"(?P<old>" + _TITLED_NAME + r")\s+(?:(?:has|just)\s+)*(?:retired|left|"
                        r"moved\s+away|quit|stopped\s+practi[cs]ing)\b[^.;!?]{0,30}?\b(?:I['’]m|I\s+am|"
                        r"we['’]re)\s+(?:now\s+)?(?:seeing|going\s+to|with|using)\s+(?P<new>"
                        + _TITLED_NAME + r")")
"""Someone a slot holds who went, and who took their place ("Dr Alvarez retired so I'm seeing
Dr Chen now")."""


def says_succeeded(text: str) -> bool:
    """Whether ``text`` says someone went and who took their place (see _SUCCEEDED)."""
    return bool(_SUCCEEDED.search(text))
_SOLD = re.compile(r"\b(?i:sold|got\s+rid\s+of|scrapped|traded\s+in)\s+(?i:the|my|our)\s+"
                   r"(?:(?i:old)\s+)?(?P<what>[A-Z][\w-]+)")
"""A thing sold by its name ("Sold the Mazda")."""


def says_sold(text: str) -> bool:
    """Whether ``text`` says a thing was sold by its name, which ends the block's line that
    holds it (see :func:`_gone`)."""
    return bool(_SOLD.search(text))


_DRINK_SWITCHED = re.compile(r"\b(?P<verb>(?i:switched|changed|moved|gone\s+over|went\s+over))\s+"
                             r"(?:(?i:over)\s+)?(?i:from)\s+(?P<old>" + _DRINKS + r")\s+"
                             r"(?P<to>(?i:to)\s+(?:" + _DRINKS + r")\b)")
"""A drink switched from one to another ("switched from coffee to green tea")."""


def switches_drink(text: str) -> bool:
    """Whether ``text`` says a drink switched from one to another, which replaces the drink a
    block holds when it is the one left (see :func:`_switched_drink`)."""
    return bool(_DRINK_SWITCHED.search(text))


def _switched_drink(match: re.Match[str], blocks: Mapping[str, list[str]]) -> str:
    """A match of _DRINK_SWITCHED said as the switch to the new drink when a block holds the
    old one as the drink preferred ("The user's favourite drink is coffee."); else as it is:
    with no drink held, "I switched from tea to coffee" may be of one cup."""
    old = _key(match["old"])
    held = any(_is_drink_slot(_meant(s.slot)) and s.value and _key(s.value) == old
               for lines in blocks.values() for line in lines
               for s in settings(PERIOD.sub("", line), subject=""))
    return f"{match['verb']} {match['to']}" if held else match[0]


_BARE_DOSE = (
    (re.compile(r"\b(?i:my|the)\s+(?i:dose|dosage)\b(?!\s+of\b)"), "{d} of {k}"),
    (re.compile(r"\b(?P<d>(?i:die|meine))\s+(?i:dosis)\b"), "{d} {k}-Dosis"),
    (re.compile(r"\b(?i:ma|la)\s+(?i:dose)\b(?!\s+d)"), "{d} de {k}"),
    (re.compile(r"\b(?i:la|mi)\s+(?i:dosis)\b(?!\s+de)"), "{d} de {k}"),
    (re.compile(r"(?<![药素丸囊])剂量"), "{k}{d}"),
    (re.compile(r"\b(?i:take|takes|taking|on)\s+(?:(?i:now|currently|still|just)\s+)?"
                + _DOSE["en"]), "{d} of {k}"),
    (re.compile(r"\b(?i:nehme|nimmt)\s+(?:(?i:jetzt|nun|inzwischen|nur\s+noch)\s+)*"
                + _DOSE["de"]), "{d} {k}"),
    (re.compile(r"\b(?i:prends|prend)\s+(?:(?i:maintenant|désormais|actuellement)\s+)?"
                + _DOSE["fr"]), "{d} de {k}"),
    (re.compile(r"\b(?i:tomo|toma)\s+(?:(?i:ahora|ya)\s+)?" + _DOSE["es"]), "{d} de {k}"),
    (re.compile(r"(?:吃|服用|服)" + _DOSE["zh"]), "{d}{k}"),
)
"""A dose said with no medicine ("the dose was raised to 100mg", "Ich nehme jetzt 5 mg",
"je prends maintenant 2 comprimés", "剂量加到了每天两片"), and how it is said with one."""


def says_dose(text: str) -> bool:
    """Whether ``text`` gives a dose, of no medicine named too (see _BARE_DOSE)."""
    return any(regex.search(text) for regex, _ in _BARE_DOSE)


def _dosed(text: str, blocks: Mapping[str, list[str]]) -> str:
    """``text`` with a dose it gives no medicine said of the one medicine a block gives a
    dose of ("Die Dosis wurde auf 5 mg erhöht" is of Ramipril when a block says "Der Nutzer
    nimmt 2,5 mg Ramipril"); as it is when it names one, or the blocks name none or several."""
    named = {m["k"].casefold(): m["k"] for lines in blocks.values() for line in lines
             for pattern in _DOSES for m in pattern.regex.finditer(line)}
    if len(named) != 1 or any(s.slot.startswith("dose ") for s in settings(text)):
        return text
    medicine = next(iter(named.values()))
    for regex, said in _BARE_DOSE:
        text = regex.sub(lambda m, said=said: said.format(d=m.groupdict().get("d") or m[0],
                                                          k=medicine), text, count=1)
    return text


_CORPORATE = re.compile(
    r"(?:^|\s)(?:Inc|Ltd|LLC|GmbH|AG|plc|PLC|Corp|Co|SA|SAS|SARL|SL|BV|NV|Group|Bank|Labs?|"
    r"Technologies|Tech|Systems|Solutions|Partners|Capital|Consulting|Media|Studios?|Insurance|"
    r"Airlines?|Motors|Pharma|Energy|Logistics|Software|Games|Holdings|Ventures)\.?$|"
    r"^[A-Z]{2,5}$|^[A-Z][a-z]+[A-Z]|\d|&")
"""A name shaped as a company's: a legal or trade word last ("Initech GmbH", "Lloyds Bank"),
an acronym ("IBM"), a capital inside ("PayPal"), a digit or an ampersand ("3M", "M&S")."""
_KNOWN_EMPLOYERS = word_set(
    "google alphabet amazon microsoft apple meta facebook netflix spotify ibm oracle intel "
    "nvidia tesla siemens bosch bmw volkswagen mercedes daimler sap deloitte accenture kpmg "
    "pwc ey mckinsey tesco sainsbury's asda aldi lidl ikea unilever nestlé nestle shell bp "
    "airbus boeing samsung sony huawei tencent alibaba uber airbnb salesforce adobe cisco "
    "stripe klarna zalando santander hsbc barclays allianz axa loreal l'oréal renault "
    "peugeot inditex zara telefónica telefonica vodafone nhs bbc")
"""Employers known by name, which "I'm now with …" names as a job, not as a partner."""
_AT_WORK = re.compile(r"^\s*(?:,\s*)?(?i:as\s+(?:an?|their|the)\b|at\s+work\b|in\s+(?:the\s+)?"
                      r"[a-z]+\s+(?:team|department)\b|on\s+the\s+[a-z]+\s+team\b|"
                      r"comme\b|como\b)")
"""What after "I'm now with …" says a job ("as a designer", "in the sales team")."""
_WORKING_WITH = ("I work at {}", "je travaille chez {}", "trabajo en {}")
"""Working at a place in the words of each _WITH_NOW language, in its order."""


def _with_whom(text: str, blocks: Mapping[str, list[str]]) -> str:
    """``text`` with being "now with" someone or something ("I'm now with Globex", "I'm now
    with Sam", "Ahora estoy con Marta") said as the job or the partner it is: a company by its
    shape or by name, or said with a job, is where the speaker works; another single name,
    "now" said before it, is a partner, unless the block holds an employer, no partner and
    no one of that name."""
    lines = blocks.get("human", [])
    partnered = _slot_line(lines, "partner") is not None
    employed = _slot_line(lines, "work") is not None

    def read(match: re.Match[str], said: str, working: str) -> str:
        name = match["a"] or match["b"]
        company = bool(_CORPORATE.search(name)) or name.casefold() in _KNOWN_EMPLOYERS or (
            bool(_AT_WORK.match(match.string, match.end())))
        # someone the block names ("The user's friend Sam …") is a person
        known = any(re.search(rf"\b{re.escape(name)}\b", line) for line in lines)
        if company:
            return working.format(name)
        if not match["a"]:  # "I'm with Tom now" may be for the evening; "I'm now with" lasts
            return match[0]
        if employed and not partnered and " " not in name and not known:
            return working.format(name)
        return said.format(name) if " " not in name or partnered else match[0]

    if _TRIP.search(text):
        return text
    for (regex, said), working in zip(_WITH_NOW, _WORKING_WITH, strict=True):
        text = regex.sub(lambda m, said=said, working=working: read(m, said, working), text)
    return text


_WED_UNNAMED = (
    (re.compile(r"\b(?i:we|I)\s+(?:(?i:just|finally|officially)\s+)*(?i:got\s+married)\b"
                r"(?!\s+(?i:to|with)\b)"), "I'm married to {}"),
    *((re.compile(regex), said) for (_, regex, _), said in zip(_MARRIED, (
        "ich bin mit {} verheiratet", "je suis marié avec {}", "estoy casado con {}"),
        strict=True)))
"""A wedding told without whom ("We got married!", "¡Nos casamos el sábado!"), and being
married to someone in the words of its language."""


def _wed(text: str, blocks: Mapping[str, list[str]]) -> str:
    """``text`` with a wedding told without whom said as being married to the partner the
    block names ("La pareja del usuario se llama Andrés." and "¡Nos casamos!": married to
    Andrés)."""
    number = _slot_line(blocks.get("human", []), "partner")
    if number is None or _WED.search(blocks["human"][number - 1]):
        return text
    partner = [s.value for s in settings(blocks["human"][number - 1], subject="")
               if s.slot == "partner" and s.value and re.fullmatch(_NAME_WORD, s.value)]
    for regex, said in _WED_UNNAMED:
        if partner and regex.search(text) and partner[0] not in text:
            return text.rstrip() + ("" if text.rstrip()[-1:] in ".!?" else ".") + " " + cap(
                said.format(partner[0])) + "."
    return text


def _keyed(text: str, blocks: Mapping[str, list[str]]) -> str:
    """``text`` with a favourite it names by its old value said in full: "Inception is no
    longer my favourite - it's Interstellar now" is "My favourite movie is Interstellar now."
    when a block says the favourite movie is Inception."""
    text = _DRINK_SWITCHED.sub(lambda m: _switched_drink(m, blocks), text)
    found = _NO_LONGER_FAVOURITE.search(text)
    if not found:
        return text
    holds = re.compile(r"(?i)favou?rite\s+(?P<k>[a-z]+(?:\s+[a-z]+)?)\s+is\s+"
                       + re.escape(found["old"].strip()) + r"\b")
    key = found["k"] or next((m["k"] for lines in blocks.values() for line in lines
                              if (m := holds.search(line))), None)
    if not key:
        return text
    return f"{text[:found.start()]}My favourite {key} is now {found['v']}.{text[found.end():]}"


# Being somewhere now, said of the speaker ("I'm at Klarna now", "We're in Cork now", "Ich bin
# jetzt bei SAP", "On est à Lyon maintenant"): by its preposition where they work or live, as
# said after the earlier talk of it that a block keeps. Each language: the words that say
# being, those that say now, and the prepositions of work and of home (Spanish "en" and
# Chinese "在" say either).
_BEING = {
    "en": (r"I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are|I['’]ve\s+been|I\s+have\s+been|"
           r"[Ww]e['’]ve\s+been",
           r"now|these\s+days|nowadays|since\s+(?:last\s+)?(?:" + "|".join(MONTH_NAMES["en"])
           + r"|spring|summer|autumn|fall|winter|year|month|\d{4})", "at", "in"),
    "de": (r"(?:[Ii]ch|[Ww]ir)\s+(?:bin|sind)|(?:bin|sind)\s+(?:ich|wir)",
           r"jetzt|nun|inzwischen|mittlerweile|seit\s+(?:letztem\s+|diesem\s+)?(?:"
           + "|".join(MONTH_NAMES["de"]) + r"|Frühling|Sommer|Herbst|Winter|Jahr|Monat|\d{4})",
           "bei", "in"),
    "fr": (r"(?:[Jj]e|[Oo]n|[Nn]ous)\s+(?:suis|est|sommes)",
           r"maintenant|désormais|depuis\s+(?:(?:le\s+mois\s+de\s+)?(?:"
           + "|".join(MONTH_NAMES["fr"]) + r")|le\s+printemps|l['’]été|l['’]automne|l['’]hiver|"
           r"\d{4})", "chez", r"à|a"),
    "es": (r"(?:[Yy]o\s+|[Nn]osotros\s+)?(?:[Ee]stoy|[Ee]stamos)",
           r"ahora|ya|desde\s+(?:(?:el\s+)?(?:" + "|".join(MONTH_NAMES["es"])
           + r")|la\s+primavera|el\s+verano|el\s+otoño|el\s+invierno|\d{4})", "en", "en"),
}
_NOT_A_PLACE = r"(?!(?:Rente|Pension|Elternzeit|Mutterschutz|Kurzarbeit)\b)"
"""What "bin in …" says one is in that is no town ("Seit Oktober bin ich in Rente")."""
_BEING_AT = {lang: re.compile(
    r"(?:(?P<n1>(?i:" + now + r"))\s*,?\s+)?(?<![\w'’])(?P<be>" + be + r")\s+(?:(?P<n2>(?i:"
    + now + r"))\s+)?(?P<p>" + work + "|" + home + r")\s+(?:(?:der|dem|la|el)\s+(?=[A-Z]))?"
    + _NOT_A_PLACE + _PLACE + r"(?<!['’]s)(?:\s+(?P<n3>(?i:"
    + now + r")))?(?=\s*[.!,;]|\s*$)") for lang, (be, now, work, home) in _BEING.items()}
# not where one works or studies ("我现在在华为工作": the work slot says that)
_ZH_BEING_AT = re.compile(r"(?P<be>我们?)(?P<n1>现在|目前)在(?![\u4e00-\u9fffA-Za-z]{1,10}?"
                          r"(?:工作|上班|上学|读书|念书|实习|学习|做|当))" + _ZH_PLACE)
_DOING = {"work": ("I work", "we work", "arbeite", "arbeiten", "travaille", "travaillons",
                   "trabajo", "trabajamos"),
          "home": ("I live", "we live", "wohne", "wohnen", "habite", "habitons", "vivo",
                   "vivimos")}
"""What being somewhere says in each slot's words, in the order of _BEING_WORDS."""
_HOUSEHOLD = re.compile(r"(?i:estamos)")
"""Where "en" says either slot, being there in the plural says a home."""
_BEING_WORDS = ("i'm", "we're", "bin", "sind", "suis", "sommes", "estoy", "estamos")
_SAME_BEING = {"i am": "i'm", "we are": "we're", "est": "suis", "i've been": "i'm",
               "i have been": "i'm", "we've been": "we're"}
_TRIP = re.compile(
    r"(?i:\b(?:trip|holidays?|vacation|visit\w*|weekend|conference|hotel|airport|flight|"
    r"festival|wedding|honeymoon|business|tour|until|till|right\s+now|today|tonight|"
    r"this\s+week|for\s+(?:a|the|two|three|few|some)\s+(?:\w+\s+)?(?:days?|weeks?|nights?)|"
    r"Urlaub|Reise|Besuch|besuchen|Wochenende|Hotel|Flughafen|gerade|heute|bis|vacances|"
    r"voyage|visite|week-end|hôtel|aéroport|aujourd['’]hui|jusqu\w*|vacaciones|viaje|visita|"
    r"fin\s+de\s+semana|hoy|hasta)\b|旅|出差|度假|玩|参观|酒店|机场|今天)")
"""Words of a trip or a visit: being somewhere for it is no move."""


# A new employer, then the town one now works in ("我跳槽到阿里巴巴了，现在在杭州工作", "I joined
# Stripe and now work in Dublin", "Ich bin zu SAP gewechselt und arbeite jetzt in Walldorf",
# "J'ai rejoint Airbus, je travaille maintenant à Toulouse", which says the employer too): that
# town is the home when none is known, as the town of an intro's work is, or when the home
# known is the town of the work left (see _home_of_work); another home known is kept: one may
# commute
_EMPLOYED = r"(?P<e>" + _NAME + r"(?:\s+" + _NAME + r")*)"
_WORK_TOWN = tuple((re.compile(regex), said) for regex, said in (
    (r"(?:跳槽到|跳槽去|加入了?|入职了?|去了)(?P<e>[\u4e00-\u9fffA-Za-z]{2,10}?)了?[，,]\s*(?:我)?"
     r"(?:现在|目前)在(?P<v>[\u4e00-\u9fff]{2,3}?)(?:工作|上班)", "，我住在{v}"),
    (r"\b(?i:joined|switched\s+to|moved\s+to|started\s+at)\s+" + _EMPLOYED + r"\s*(?:,|;|\s+and)\s+"
     r"(?:(?i:I)\s+)?(?:(?i:now)\s+)?(?i:work|working|am\s+working|['’]m\s+working)\s+"
     r"(?:(?i:now)\s+)?in\s+(?P<v>" + _NAME + r")(?:\s+(?i:now))?(?=\s*[.,;!]|$)",
     ", and I live in {v}"),
    (r"\b(?i:zu|bei)\s+" + _EMPLOYED + r"\s+(?i:gewechselt|angefangen)\s*(?:,|\s+und)\s+"
     r"(?:(?i:ich)\s+)?(?i:arbeite)\s+(?:(?i:jetzt|nun)\s+)?in\s+(?P<v>" + _NAME + r")"
     r"(?=\s*[.,;!]|$)", " und wohne in {v}"),
    (r"\b(?i:rejoint|intégré)\s+" + _EMPLOYED + r"\s*(?:,|\s+et)\s+(?:(?i:je)\s+)?(?i:travaille)\s+"
     r"(?:(?i:maintenant|désormais)\s+)?(?:à|a)\s+(?P<v>" + _NAME + r")(?=\s*[.,;!]|$)",
     " et j'habite à {v}, je travaille chez {e}")))


def _placed(text: str, blocks: Mapping[str, list[str]]) -> str:
    """``text`` with being somewhere now said as working or living there ("I'm at Klarna now"
    is "I work at Klarna now") when the user's block holds that slot and nothing in ``text``
    speaks of a trip or a visit: said with no earlier talk of work or home, it says as often
    where someone is for a while ("We're in Cork now" on a holiday). A town worked in for a
    new employer is the home when the block holds none (see _WORK_TOWN)."""
    lines = blocks.get("human", [])
    held = [slot for slot in ("work", "home") if _slot_line(lines, slot) is not None]
    if "home" not in held or _home_of_work(lines):
        for regex, said in _WORK_TOWN:
            text = regex.sub(lambda m, said=said: m[0] if m["v"] in m["e"]
                             else m[0] + said.format(v=m["v"], e=m["e"]), text)
    if not held or _TRIP.search(text):
        return text
    named = _names_in_lower_case(text)  # "we're in york now": a name typed small
    said = named
    for lang, being in _BEING_AT.items():
        said = being.sub(lambda m, lang=lang: _doing(m, lang, held), said)
    said = _ZH_BEING_AT.sub(lambda m: _zh_doing(m, held), said)
    said = _FAREWELL.sub(lambda m: _farewell(m, lines), said)
    said = _SWAPPED.sub(lambda m: _farewell(m, lines), said)
    if len(held) == 1:
        said = _SWITCHED_TO.sub(lambda m: _SWITCH_AS[held[0]].format(m["v"]), said)
    return said if said != named else text


def _home_of_work(lines: Sequence[str]) -> bool:
    """Whether the home ``lines`` hold is the town of the work they hold ("用户住在上海。" of
    "用户在上海的腾讯工作。", an intro's): a home that moves with the work."""
    home, work = _slot_line(lines, "home"), _slot_line(lines, "work")
    held = [s.value for s in settings(lines[home - 1], subject="")
            if s.slot == "home" and s.value] if home and work else []
    return bool(held) and work is not None and held[0] in lines[work - 1]


_SWITCHED_TO = re.compile(r"\b(?i:me\s+cambié|me\s+he\s+cambiado|nos\s+cambiamos|"
                          r"me\s+pasé|me\s+he\s+pasado)\s+a\s+" + _PLACE)
"""A switch to somewhere said with no slot ("Me cambié a Mango"): a move as much as a new
employer, so the one of the two a block holds is the one it changes."""
_SWITCH_AS = {"work": "empecé a trabajar en {}", "home": "me mudé a {}"}
_FAREWELL = re.compile(r"\b(?i:goodbye|good-bye|bye|farewell|so\s+long)\s+(?P<old>" + _NAME
                       + r"(?:\s+" + _NAME + r")*)\s*[,;!.–—-]+\s*(?i:hello|hi|welcome)\s+"
                       r"(?P<new>" + _NAME + r"(?:\s+" + _NAME + r")*)")
"""A farewell to one place or employer and a greeting to the next ("Goodbye Leeds, hello
York")."""
_SWAPPED = re.compile(r"(?:\b(?:I|[Ww]e)(?:['’]ve|\s+have)?|^|[.!?]\s+)\s*(?:(?i:just|finally|"
                      r"officially)\s+)?(?i:swapped|traded|exchanged|ditched|left|quit)\s+"
                      r"(?P<old>" + _NAME + r"(?:\s+" + _NAME + r")*)\s+(?i:for)\s+"
                      r"(?P<new>" + _NAME + r"(?:\s+" + _NAME + r")*)")
"""One place or employer left for another ("I've swapped London for Leeds", "I left Acme for
Globex"), read as _FAREWELL is."""


def _farewell(match: re.Match[str], lines: Sequence[str]) -> str:
    """A match of _FAREWELL or _SWAPPED said as the move or the new job it is when the block's
    home or employer is the one left; else as it is."""
    for slot, said in (("home", "I moved to {}"), ("work", "I joined {}")):
        number = _slot_line(lines, slot)
        held = [s.value for s in settings(lines[number - 1], subject="")
                if s.slot == slot and s.value] if number else []
        if held and _key(held[0]) == _key(match["old"]):
            return said.format(match["new"])
    return match[0]


_NOW_SAID = re.compile(r"\b(?i:now|currently|jetzt|nun|inzwischen|mittlerweile|maintenant|"
                       r"désormais|actuellement|ahora|actualmente)\b|现在|目前")


def says_now(text: str) -> bool:
    """Whether ``text`` says what holds now ("I'm a teacher at Oakfield now", "Ahora trabajo en
    Cabify"): a value that ends another the speaker gave before."""
    return bool(_NOW_SAID.search(text))


def says_being_at(text: str) -> bool:
    """Whether ``text`` says where its speaker is now, not on a trip, or bids one place
    goodbye for another, or switched to one, or works in a town for a new employer, which the
    earlier talk of work or home a block keeps may read as a move (see :func:`_placed`), or
    whom they are now with, a job or a partner (see :func:`_with_whom`)."""
    said = _names_in_lower_case(text)
    if _TRIP.search(text):
        return False
    return bool(_ZH_BEING_AT.search(said) or _FAREWELL.search(said) or _SWAPPED.search(said)
                or _SWITCHED_TO.search(said) or any(r.search(said) for r, _ in _WITH_NOW)
                or any(r.search(said) for r, _ in _WORK_TOWN)) or any(
        _now_said(m) for being in _BEING_AT.values() for m in being.finditer(said))


def _now_said(match: re.Match[str]) -> bool:
    return bool(match["n1"] or match["n2"] or match["n3"])


def _zh_doing(match: re.Match[str], held: Sequence[str]) -> str:
    """A match of _ZH_BEING_AT said as working or living there: "在" says either, so the
    slot held, or with both held a household's ("我们") home."""
    if len(held) > 1 and match["be"] == "我":
        return match[0]
    place = match["v"]
    return match["be"] + match["n1"] + (f"在{place}工作" if held == ["work"] else f"住在{place}")


def _doing(match: re.Match[str], lang: str, held: Sequence[str]) -> str:
    """A match of _BEING_AT said as working or living there, when its preposition and a word of
    now say one slot of ``held``; else as it is."""
    slots = [slot for slot in held
             if re.fullmatch(_BEING[lang][2 if slot == "work" else 3], match["p"])]
    if len(slots) == 2 and _HOUSEHOLD.search(match["be"]):
        slots = ["home"]  # "Ahora estamos en Málaga": a household is somewhere, not employed
    if len(slots) != 1 or not _now_said(match) or slots == ["home"] and match.string[
            match.end():].lstrip()[:1] in (",", ";"):
        # Spanish "en" with both held, no word of now, or more said of the place ("I'm in
        # Paris now, the Louvre is amazing"); more said of a job is of the job ("I'm at HSBC
        # now, started last month")
        return match[0]
    be = " ".join(match["be"].replace("’", "'").split())
    said = re.sub(r"I've been|I have been|we've been|I'm|I am|we're|we are|"
                  r"\b(?:bin|sind|suis|est|sommes|estoy|estamos)\b",
                  lambda w: _DOING[slots[0]][_BEING_WORDS.index(
                      _SAME_BEING.get(w[0].lower(), w[0].lower()))], be, flags=re.IGNORECASE)
    said = cap(said) if be[:1].isupper() else said
    return match[0][:match.start("be") - match.start()] + said + match[0][
        match.end("be") - match.start():]


def _restated(fact: str, setting: Setting) -> str:
    """``fact`` as its slot's statement when all it adds is a place or time after the value
    ("The user is a nurse in Bristol." -> "The user works as a nurse in Bristol.") or what
    it is not ("a midwife, not a nurse"), or when it names the value in other words ("is a
    keen gardener": "hobbies include gardening"), so questions and later changes read it as
    that slot; else ``fact`` as it is."""
    value = str(setting.value)
    if value.casefold() not in fact.casefold():  # said in other words: "a keen gardener"
        return setting.statement
    at = fact.find(value)
    tail = fact[at + len(value):] if at >= 0 and fact.count(value) == 1 else ""
    if _CORRECTED.fullmatch(tail):  # what it is not is no fact: "a midwife, not a nurse"
        return setting.statement
    if CJK.search(fact) and re.fullmatch(r"了?[。.!！]?", tail) and (
            setting.statement[:2] == fact[:2]):  # "用户是王伟。": "用户叫王伟。"
        return setting.statement
    if not _PLACE_TAIL.fullmatch(tail):
        return fact
    return setting.statement.rstrip(".") + tail


_SLOT_PHRASE = (
    r",?\s+(?:(?:and|who)\s+(?:lives?|works?)|living|based|settled|residing|working|employed)"
    r"\s+(?:\w+\s+)?(?:in|at|for|near)\s+{v}(?!\w)",
    r",?\s+(?:with|and)\s+the user['’]s\s+[\w-]+\s+{v}(?!\w)",
    r"(?<!\w){v}[- ]years?[- ]old\s*",
    r"\b(?:is|works\s+as)\s+an?\s+{v}(?!\w)",
)
"""How a fact that tells several things at once names a slot's value ("a 34-year-old
architect living in Manchester with the user's husband Arjun"), cut to see what else it says."""
_ONLY_FRAME = word_set("the user user's 's is a an and")
_STILL_SAYS = re.compile(r"^The user(?:['’]s\s+\w+)?\s+(?:is|has|was)\b")
"""What is left says something still: "The user is a mum of two", not "The user as a …"."""


def _beyond(fact: str, found: Iterable[Setting]) -> str | None:
    """What ``fact`` says beside the slot values ``found`` in it ("The user is a 34-year-old
    mum of two living in Leeds.": "The user is a mum of two."), kept as its own line so that a
    change of one of those slots leaves it current; None when it says nothing else or names
    its values in words not cut here."""
    whole = rest = fact.rstrip(" .!")
    values = {re.escape(s.value) for s in found if s.value}
    for _ in range(len(values)):  # a value cut can free another's words: "is a 34-year-old"
        for value in values:
            for pattern in _SLOT_PHRASE:
                rest = re.sub(pattern.format(v=value), "", rest, count=1)
    if rest == whole or set(re.findall(r"[\w'’]+", rest.casefold())) <= _ONLY_FRAME or not (
            _STILL_SAYS.search(rest)):
        return None
    return rest + "."


def _says_only(fact: str, statement: str) -> bool:
    """Whether ``fact`` says nothing its slot's ``statement`` does not (see _RESTATED)."""
    words = [set(re.findall(r"[\w'’]+", text.casefold())) for text in (fact, statement)]
    return words[0] - words[1] <= _RESTATED


def _edits(lines: list[tuple[str, str, Setting | None, datetime | None]],
           blocks: Mapping[str, list[str]]) -> list[tuple[str, dict[str, Any]]]:
    calls: list[tuple[str, dict[str, Any]]] = []
    # each block's replaced line numbers: the new line (None: the slot ends) and since when;
    # a new value wins over an ending ("Julien and I split up." "My new partner is Sofia.")
    replace: dict[str, dict[int, tuple[str | None, datetime]]] = {}
    appended: set[tuple[str, str]] = set()
    new_slots: dict[tuple[str, str], tuple[int, datetime]] = {}  # appended: call index, time
    for label, content, setting, when in lines:
        current = blocks.get(label, [])
        known = "\n".join(_key(PERIOD.sub("", line)) for line in current)
        slot_line = _slot_line(current, setting.slot) if setting else None
        if slot_line is not None and setting is not None and when is not None:
            old = settings(current[slot_line - 1], subject="")
            if setting.value is None and _ends_another(setting, old):
                continue  # "I used to work at the BBC" ends no "works at Sky"
            if setting.value is not None and any(
                    _same_slot(s.slot, setting.slot) and s.value
                    and _key(s.value) == _key(setting.value) for s in old) and not (
                    _WED.search(content) and not _WED.search(current[slot_line - 1])):
                continue  # the block already says so (not a partner now married)
            rest = _beyond(current[slot_line - 1], old)
            if rest and _key(PERIOD.sub("", rest)) not in known and (
                    label, _key(rest)) not in appended:
                # what the replaced line said beside its slot stays true
                appended.add((label, _key(rest)))
                calls.append(("core_append", {"label": label, "content": rest}))
            edits = replace.setdefault(label, {})
            # of two new values, the later said ("Just moved to Bath." "Moved again, now in
            # Bristol!"); a new value over an ending
            if slot_line not in edits or edits[slot_line][0] is None or (
                    setting.value is not None and when >= edits[slot_line][1]):
                edits[slot_line] = (None if setting.value is None else content, when)
            continue
        if setting is not None and setting.value is None:
            continue  # ends something the block does not hold
        if _key(content) in known or (label, _key(content)) in appended:
            continue
        appended.add((label, _key(content)))
        slot = (label, _meant(setting.slot)) if setting is not None else None
        if slot in new_slots and when is not None and when >= new_slots[slot][1]:
            # a slot the block lacks, given twice ("I live in Leeds." "Just moved to Bath."):
            # the later is its line, the earlier a past fact of the semantic rules (passed)
            calls[new_slots[slot][0]] = ("core_append", {"label": label, "content": content})
            continue
        if slot is not None and when is not None:
            new_slots[slot] = (len(calls), when)
        calls.append(("core_append", {"label": label, "content": content}))
    for label, edits in replace.items():
        # Calls run concurrently: a line replaced by one line keeps the others' numbers, so
        # each change is its own call (with its own time) unless an ending removes a line.
        if all(line is not None for line, _ in edits.values()):
            calls.extend(("core_replace", {"label": label, "line_numbers": [number],
                                           "content": line, "valid_from": when.isoformat()})
                         for number, (line, when) in edits.items())
        else:
            calls.append(("core_replace", {
                "label": label, "line_numbers": list(edits),
                "content": "\n".join(line for line, _ in edits.values() if line is not None),
                "valid_from": min(when for _, when in edits.values()).isoformat()}))
    return calls


_WED = re.compile(r"(?i:\b(?:married|verheiratet|mariée?|casad[oa]|wife|husband|spouse)\b)|结婚|"
                  r"妻子|丈夫")
"""A partner one is married to: a line of the same partner that does not say so is replaced
("The user's girlfriend is Kate." by "The user is married to Kate.")."""


def _ends_another(ending: Setting, held: Sequence[Setting]) -> bool:
    """Whether ``ending`` names the value it ends ("I used to work at the BBC", "I no longer
    live in Leeds") and the slot ``held`` in a block line holds another: no word of the one
    is in the other ("Acme" ends "Acme Corp")."""
    ended = [set(_key(s.value).split()) for s in settings(ending.statement, subject="")
             if s.value and _same_slot(s.slot, ending.slot)] or (
        [set(_key(ending.ended).split())] if ending.ended else [])
    holds = [set(_key(s.value).split()) for s in held
             if s.value and _same_slot(s.slot, ending.slot)]
    return bool(ended and holds) and not any(e & h for e in ended for h in holds)


def _slot_line(lines: Sequence[str], slot: str) -> int | None:
    """The 1-based number of the last line that sets ``slot`` or one of its meaning (a drink
    preferred replaces the favourite drink: "actually I prefer tea now")."""
    found = None
    for number, line in enumerate(lines, 1):
        if any(_same_slot(s.slot, slot) and s.value for s in settings(line, subject="")):
            found = number
    return found


def _same_slot(one: str, other: str) -> bool:
    """Whether two slots hold one value: the same slot in any language ("favourite essen" is
    "favourite food"), or a favourite drink and a drink preferred."""
    one, other = _meant(one), _meant(other)
    return one == other or {one, other} <= _DRINK_SLOTS or (
        _is_drink_slot(one) and _is_drink_slot(other))


def _meant(slot: str) -> str:
    """``slot`` in English words: a favourite by its kind's English name."""
    if slot.startswith("favourite "):
        return f"favourite {favourite_kind(slot.removeprefix('favourite '))}"
    return slot


def _is_drink_slot(slot: str) -> bool:
    return slot in _DRINK_SLOTS or bool(_PREFERRED_DRINK.fullmatch(slot))


_DRINK_SLOTS = frozenset({"favourite drink", "favourite beverage"})
_PREFERRED_DRINK = re.compile(r"prefer (?:" + _DRINKS + r")")


def replacing(memory_type: str, item: Row, existing: Sequence[Mapping[str, Any]],
              inputs: Sequence[InputText]) -> Row | None:
    """``item`` as the insert that supersedes the shown items it replaces, true since its
    input says (see :func:`superseded`); None when it replaces nothing."""
    if memory_type == "semantic":
        item = _school_switched(item, existing)
    ids = superseded(memory_type, item, existing)
    if not ids:
        return None
    by_id = {inp.source_id: inp for inp in inputs}
    sources = [by_id[i] for i in item.get("source_ids", []) if i in by_id]
    # "今年8岁了" is 8 since it was said, not since January
    start = min(i.occurred_at if {s.slot for s in settings(i.text)} == {"age"} else since(i)
                for i in sources) if sources else None
    if memory_type == "semantic":  # "Maya moved to Madrid" is kept as "Maya lives in Madrid."
        name, summary = str(item["name"]), str(item["summary"])
        if alias := _alias(name, existing):  # "the user's sister" -> "the user's sister Anika"
            summary = re.sub(re.escape(name), f"{name} {alias}", summary, count=1,
                             flags=re.IGNORECASE)
            item = {**item, "name": alias}
            name = f"{name} {alias}"
        said = settings(summary, subject=name)
        if len(said) == 1 and said[0].change and said[0].value and said[0].slot != "alive":
            summary = said[0].statement
        kept = _still_true(ids, said, existing, name)
        past = _past_part(ids, kept, existing)
        if any(s.slot == "alive" for s in said):  # "Pickle was the user's cat."
            kept = [_WAS.sub(lambda m: _WERE.get(m[0], "was"), k, count=1) for k in kept]
            past = {}
        summary = _BOND_WORD.sub(lambda m: _gendered(m[0], ids, existing), summary)
        item = {**item, "summary": ("" if CJK.search(summary) else " ").join([*kept, summary]),
                **({"past": past} if past else {})}
    return {**item, "supersedes": ids, **({"valid_from": start.isoformat()} if start else {})}


_SWITCHED_TO_ONE = re.compile(r"\b(?i:switched|changed|moved|transferred)\s+(?:(?i:schools?)\s+)?"
                              r"(?i:to)\b")


def _school_switched(item: Row, existing: Sequence[Mapping[str, Any]]) -> Row:
    """``item`` said as a school when it moves someone whose current facts give a school and no
    workplace nor home ("Mia switched to St Anne's" of "Mia goes to Hillside Primary"): a
    child changes school, not employer."""
    name, summary = str(item.get("name") or ""), str(item.get("summary") or "")
    said = settings(summary, subject=name)
    if len(said) != 1 or said[0].slot not in ("work", "home") or (
            not _SWITCHED_TO_ONE.search(f"{summary} {item.get('details') or ''}")):
        return item
    held = {s.slot for e in existing if e["fields"].get("valid_until") is None
            and _key(str(e["fields"].get("name"))) == _key(name)
            for s in settings(str(e["fields"].get("summary", "")), subject=name) if s.value}
    if "school" not in held or held & {"work", "home"}:
        return item
    return {**item, "summary": f"{name} goes to school at {said[0].value}."}


def _past_part(ids: Sequence[str], kept: Sequence[str],
               existing: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """The replaced items' summaries cut to what the change ended, by id, where they said more:
    "Arjun lives in Chicago." of "Arjun is the user's brother. Arjun lives in Chicago. Arjun is
    a pilot." when he moved; the rest stays true in the new item, not past."""
    past: dict[str, str] = {}
    for entry in existing:
        if entry["id"] in ids:
            summary = str(entry["fields"].get("summary", ""))
            ended = [s for s in sentences_of(summary) if s not in kept]
            if ended and len(ended) < len(sentences_of(summary)):
                owners = [m for s in kept if (m := _OWNED_ABROAD.match(s))]
                past[entry["id"]] = ("" if CJK.search(summary) else " ").join(
                    _owned(s, owners) for s in ended)
    return past


_OWNED_ABROAD = re.compile(r"^(?P<n>[^,.]+?) (?:es|est|ist) (?P<o>\w+ \w+ "
                           r"(?:del usuario|de l['’]utilisateur|des Nutzers))\.?$")
"""Who someone is to the user in Spanish, French or German ("Pablo es el hermano del
usuario.")."""


def _owned(sentence: str, owners: Sequence[re.Match[str]]) -> str:
    """``sentence`` with who its subject is to the user put after their name, as the rules
    say it abroad ("Pablo, el hermano del usuario, vive en Sevilla."): the past item keeps the
    words that tell its language."""
    for owner in owners:
        if sentence.startswith(owner["n"] + " "):
            return f"{owner['n']}, {owner['o']}, {sentence[len(owner['n']) + 1:]}"
    return sentence


def _gendered(bond: str, ids: Sequence[str], existing: Sequence[Mapping[str, Any]]) -> str:
    """A bond said without gender ("fiancé(e)", "spouse", "former partner") as the replaced
    items said it ("girlfriend": "fiancée", "wife", "former girlfriend")."""
    old = {s.value.casefold().removeprefix("former ") for e in existing if e["id"] in ids
           for s in settings(str(e["fields"].get("summary", "")))
           if s.slot in ("bond", "partner") and s.value}
    old |= {w for e in existing if e["id"] in ids
            for w in _key(str(e["fields"].get("name", ""))).split()}  # "the user's girlfriend"
    female = bool(old & _FEMALE)
    if not female and not old & _MALE:
        return bond
    if bond == "former partner":  # "former wife", "former boyfriend"
        return f"former {min(old & (_FEMALE | _MALE))}"
    return {"fiancé(e)": "fiancée" if female else "fiancé",
            "spouse": "wife" if female else "husband"}[bond]


def _still_true(ids: Sequence[str], said: Sequence[Setting],
                existing: Sequence[Mapping[str, Any]], name: str) -> list[str]:
    """The sentences of the replaced items that set none of the new item's slots: what stays
    true ("Emma is the user's daughter." when "Emma turned 8"); with a new bond, not the old
    one said the other way round ("The user's girlfriend is Mia." when Mia is a former one)."""
    slots = {s.slot for s in said}
    if any(s.slot == "job" and _key(s.value or "") in _RETIRED for s in said):
        slots.add("work")  # retired: the workplace is past too
    kept: list[str] = []
    for entry in existing:
        if entry["id"] in ids:
            for sentence in sentences_of(str(entry["fields"].get("summary", ""))):
                found = settings(sentence)
                if sentence not in kept and not {s.slot for s in found} & slots and not (
                        "bond" in slots and any(s.value and _key(s.value) == _key(name)
                                                for s in found)):
                    kept.append(sentence)
    return kept


def superseded(memory_type: str, item: Row, existing: Sequence[Mapping[str, Any]]) -> list[str]:
    """The ids of shown current items a new ``item`` replaces.

    A vault entry replaces the current one with its caption (the tool keeps it when the
    value is the same); a semantic fact replaces the current item of its name that sets one
    of its slots to another value.
    """
    current = [e for e in existing if e["fields"].get("valid_until") is None]
    if memory_type == "knowledge_vault":
        return [e["id"] for e in current if same_secret(item, e["fields"])]
    if memory_type != "semantic":
        return []
    said = settings(str(item["summary"]))
    new = {_meant(s.slot): s.value for s in said if s.value}
    # "小红不当老师了", "Mark left Google": a slot of theirs that ended; retiring ends the work
    ended = {_meant(s.slot) for s in said if s.value is None and s.change} - new.keys()
    if _key(new.get("job") or "") in _RETIRED:
        ended.add("work")
    names = {_key(str(item["name"])), _key(_alias(str(item["name"]), current) or "")} - {""}
    # someone who died: all that was said of them as now is past
    ids = [e["id"] for e in current if _key(str(e["fields"].get("name"))) in names and (
        "alive" in new or any(s.value and (_meant(s.slot) in ended or _meant(s.slot) in new
                                           and _key(s.value) != _key(new[_meant(s.slot)]))
                              for s in settings(str(e["fields"].get("summary", "")))))]
    if new.keys() & _WORDY:  # and what named them as a partner or a pet, under another name
        ids += [e["id"] for e in current if e["id"] not in ids and any(
            s.value and _key(s.value) in names
            for s in settings(str(e["fields"].get("summary", ""))))]
    return ids


_RETIRED = frozenset({"retired", "im ruhestand", "à la retraite", "jubilado", "退休"})
"""The job slot's value for retired, in each language its rules say it."""


def _alias(name: str, existing: Sequence[Mapping[str, Any]]) -> str | None:
    """The name a shown current item gives a relation ``name`` ("the user's sister": Anika,
    from "Anika is the user's sister." or "Anika, the user's sister, …")."""
    if not _RELATION_NAME.search(name):
        return None
    for entry in existing:
        fields = entry["fields"]
        known = str(fields.get("name", ""))
        said = " ".join(str(fields.get("summary", "")).casefold().split())
        if fields.get("valid_until") is None and any(
                f"{known.casefold()}{joint}{name.casefold()}" in said
                for joint in (" is ", ", ", " ist ", " est ", " es ")):
            return known
    return None


def same_secret(new: Mapping[str, Any], old: Mapping[str, Any]) -> bool:
    """Whether two vault captions name the same thing: the same words, or, for the same kind
    of value, one's words (two or more) among the other's ("locker code", "gym locker code")."""
    words = [{_CAPTION_SAME.get(w, w) for w in _key(_ZH_PHONE.sub(
        "电话号码", str(entry.get("caption", "")))).split()} - _CAPTION_FILLER
             for entry in (new, old)]
    if words[0] == words[1]:
        return True
    if new.get("entry_type") == old.get("entry_type") == "phone" and (
            words[0] - _PHONE_WORDS == words[1] - _PHONE_WORDS):
        return True  # "Numéro" is the "Numéro de téléphone" it replaces
    short, long = sorted(words, key=len)
    return (new.get("entry_type") == old.get("entry_type") and short <= long
            and (len(short) >= 2 or bool(short) and long - short <= _PLAIN_QUALIFIERS))


# "What did my mum do?", "What did Sam do for a living?" ask for a job that ended, as
# "before" does; "What did I do?" asks for events. A job asked in the past tense the same
# ("What was my job?", "Quel était mon métier ?", "Was war mein Beruf?", "¿Cuál era mi
# trabajo?", "我以前做什么工作？" says "before" already).
_FOR_LIVING = r"\s+for\s+(?:a\s+)?(?:living|work)"
_DID_DO = re.compile(r"^\s*what\s+did\s+(?:(?:my|your|his|her|our)\s+[\w'’]+|(?-i:[A-Z])\w+)"
                     r"\s+do(?:" + _FOR_LIVING + r")?\s*\??\s*$|^\s*what\s+did\s+(?:I|we)\s+do"
                     + _FOR_LIVING + r"|\b(?:was|war|était|etait|era|fue)\s+(?:my|mein|mon|mi)\s+"
                     r"(?:job|occupation|profession|career|beruf|métier|metier|boulot|travail|"
                     r"trabajo|profesión|profesion|oficio|empleo)\b|\b(?:que|qu['’]est-ce\s+que)\s+"
                     r"(?:je|tu)\s+faisais\b|\bqu[ée]\s+hac[ií]a\b", re.IGNORECASE)


CORRECTION = re.compile(
    r"(?:(?i:\b(?:I\s+meant|I\s+mean|it['’]?s|it\s+is|should\s+(?:be|have\s+been|read|say)|"
    r"(?:the\s+)?(?:right|correct)\s+one\s+is|ich\s+meinte|ich\s+meine|gemeint\s+war|"
    r"(?:je\s+)?voulais\s+dire|(?:quise|quería|quiero)\s+decir)\s+)|"
    r"(?<![\u4e00-\u9fff])(?:应该)?是)"
    r"(?P<new>[^\s,;.!?，；。！？][^,;!?，；。！？]{0,40}?)[,;，；]?\s*"
    r"(?:(?<=\s)(?i:not|instead\s+of|rather\s+than|nicht|statt|anstatt|pas|et\s+non|no|y\s+no)"
    r"\s+|(?:而)?不是)(?P<old>[^\s,;!?，；。！？][^,;!?，；。！？]{0,40}?)[.!。！]*$")
"""A value corrected with no slot named ("sorry, I meant 7731, not 7730", "ich meinte
Lüneburg, nicht Lübeck", "je voulais dire Lyon, pas Lens", "quise decir Lleida, no Lugo",
"说错了，是杭州，不是苏州"): the one it names as wrong says which it is."""
_FIRST_ASKED = re.compile(FIRST.pattern + r"|(?i:\bdid\s+\w+\s+first\b|\bfirst\s+place\b)")
"""A question about what held first of a value that changed more than once ("Where did I
first live?", "¿Dónde vivía al principio?"): the earliest replaced value answers it."""
_USE_TO = re.compile(r"\bdid\s+\w+\s+use\s+to\b", re.IGNORECASE)
""""Which sport did I use to play?" asks for before, as "used to" does."""


_DETAIL = re.compile(r"^\s*\((?P<who>[\w .'’-]{1,40}):\s")
"""A fact's detail: the message it was read from, in its "(speaker: …)"."""
_QUOTED_PART = re.compile(r"^\s*\(?(?:user|assistant):\s")
"""A sentence of a fact's detail that is its message's, as the detail was cut into sentences
("user: My name is Priya, I'm an architect …)")."""
_DETAIL_TAIL = re.compile(r"\s+\((?:user|assistant):\s.*\)\s*$")
"""A fact's detail after its statement, in one sentence with it."""


def asks_then(question: str) -> bool:
    """Whether ``question`` may ask about before ("What was my old job?", "Did I use to …?",
    "What did I drive?"): what :func:`in_time` answers from the facts that ended."""
    return _asks_before_firmly(question) or bool(_DID_DO.search(question))


def _asks_before_firmly(question: str) -> bool:
    return bool(asks_before(question) or _USE_TO.search(question)
                or _FIRST_ASKED.search(question))


def in_time(question: str, memories: Sequence[str], *, before: bool = False) -> list[str]:
    """The memories an answer to ``question`` may quote, best first.

    For a question about before (or any, with ``before``): only the sentences of facts that
    were replaced, when some are there, the latest to end first, and not one naming what the
    question says replaced it ("before Zurich": not the time in Zurich). Otherwise what is
    true now: replaced facts are left out, and so are other sentences stating a replaced value
    (:func:`_states_stale`); the facts that replaced another come first, to win ties.
    """
    if (before or _asks_before_firmly(question)
            or _DID_DO.search(question) and any(map(PAST.search, memories))):
        return _before(question, memories)
    old, new = _values(memories, PAST), _values(memories, SINCE, whole=True)
    stale = [v for v in old - new if v]
    now = _current(memories)
    kept = []
    for memory in memories:
        parts, dropped = [], False
        for p in sentences_of(memory):
            past = bool(PAST.search(p))
            if not past and stale and _names(p, stale):
                # "… in Bristol with the user's dog Biscuit": what it says beside, if anything
                # ("The user is travelling with the user's boyfriend Lars" says nothing else)
                alone = _without(_COMPANY_SAID, p, stale)
                if alone != p and not any(s.value for s in settings(PERIOD.sub("", _STAMP.sub(
                        "", alone)))):
                    dropped = True
                    continue
                p = alone
            stated = not past and _states_stale(p, stale, new)
            if stated and (rest := _fresh_clauses(_STAMP.sub("", p), stale, new)):
                # "I'm learning Portuguese because Sam's family is from Porto"
                p = (stamp[0] if (stamp := _STAMP.match(p)) else "") + rest
            elif past or stated or _older_value(p, now):
                dropped = True
                continue
            if dropped and (detail := _DETAIL.match(p)):
                # the message of a fact left out, which says no replaced value itself, is
                # what its speaker said ("(user: I've been with Sam since 2019.)")
                who = "The user" if detail["who"] == "user" else detail["who"]
                p = f"{who} said: {p[detail.end():].strip().removesuffix(')')}"
            parts.append(p)
            dropped = False
        if parts:
            kept.append(" ".join(parts))
    # a fact of someone else's that replaced another wins no tie over the user's own ("Lena
    # wohnt in Berlin (since …)" is no answer to "Wo wohne ich?")
    return sorted(kept, key=lambda m: not (SINCE.search(m) and not _of_someone_else(m)))


_STAMP = re.compile(r"^\s*\[(\d{4}-\d{2}-\d{2})[^\]]*\]\s*")


def _of_someone_else(memory: str) -> bool:
    """Whether ``memory`` sets slots of someone else's and none of the user's ("Lena wohnt in
    Berlin (since …)")."""
    parts = sentences_of(memory)
    return not any(_users(p) for p in parts) and any(
        settings(PERIOD.sub("", _STAMP.sub("", p))) for p in parts)


def _users(sentence: str) -> list[Setting]:
    """What ``sentence`` (a stored memory's) sets about the user: a quoted message's own
    statements ("The user said: Ich wohne in München"), a fact's whose subject is the user
    (not "The user's sister Ana lives in Lyon")."""
    text = PERIOD.sub("", _STAMP.sub("", sentence))
    if quoted := USER_SAID_LEAD.match(text):
        return settings(text[quoted.end():], own=True)
    return [s for s in settings(text) if s.value and _says_of_user(s.statement, text)]


def _says_of_user(statement: str, text: str) -> bool:
    """Whether ``text`` says ``statement`` of the user, not of someone of theirs: "El usuario
    vive en Lima" is in "El hermano del usuario vive en Lima" only as part of "del usuario"."""
    key, whole = _key(statement).rstrip(_STOPS), _key(text)
    return any(not _OWNER_BEFORE.search(whole[:at.start()])
               for at in re.finditer(re.escape(key), whole))


_OWNER_BEFORE = re.compile(r"(?:\w|\bde\s)$")
"""What before "el usuario" or "l'utilisateur" makes them an owner ("del usuario", "de
l'utilisateur") or part of a longer word."""


def _current(memories: Sequence[str]) -> dict[str, tuple[str, str]]:
    """The value of each slot of the user's that a fact marked as holding since a day gives,
    with that day."""
    found: dict[str, tuple[str, str]] = {}
    for memory in memories:
        for part in sentences_of(memory):
            if marked := SINCE.search(part):
                found.update((_meant(s.slot), (_key(str(s.value)), marked[1]))
                             for s in _users(part))
    return found


def _older_value(sentence: str, now: Mapping[str, tuple[str, str]]) -> bool:
    """Whether ``sentence``, said before a slot got its current value (or undated), gives the
    user's slot another value, in any language ("Ich wohne in München" once "The user lives in
    Hamburg (since …)" holds, whichever fact of the move retrieval brought)."""
    if not now or SINCE.search(sentence):
        return False
    stamp = _STAMP.match(sentence)
    said = {_meant(s.slot): _key(str(s.value)) for s in _users(sentence)}
    return any(slot in now and value != now[slot][0] and not (stamp and stamp[1] >= now[slot][1])
               and not _names(sentence, [now[slot][0]]) for slot, value in said.items())


def stopped(text: str, value: str) -> bool:
    """Whether a clause of ``text`` says ``value`` stopped ("The user stopped playing
    football", "gave up yoga", "doesn't play tennis anymore")."""
    key = _key(value)
    if CJK.search(key):
        said = re.compile(re.escape(key))
    else:  # a doing by any form of its verb: "swimming" stopped by "I don't swim anymore"
        verb = key.removesuffix("ing") if key.endswith("ing") and len(key) > 5 else key
        verb = verb[:-1] if verb != key and verb[-1] == verb[-2] else verb
        said = re.compile(rf"(?<!\w){re.escape(verb)}\w*", re.IGNORECASE)
    return any(_NEGATION.search(clause) and said.search(clause)
               for sentence in sentences_of(text) for clause in _CLAUSE.split(sentence))


# ("as" and "since" only before a subject: not "works as a barista", "since 2019")
_CLAUSE_JOINT = re.compile(r"\s*[,;]?\s+\b(?:because|but|so|(?:since|as)(?=\s+(?:I|we|he|she|they|"
                           r"it|the\s+user|my|our|his|her|their)\b)|weil|denn|aber|parce\s+que|"
                           r"car|mais|porque|pero)\s+", re.IGNORECASE)


_COMPANY_SAID = re.compile(r"\s+(?:with|and)\s+(?:the\s+user['’]s|my|our|his|her|their)\s+"
                           r"[\w'’-]+(?:\s+[\w'’-]+){0,3}")


def _without(part: re.Pattern[str], sentence: str, stale: Sequence[str]) -> str:
    """``sentence`` without each ``part`` of it that names a replaced value: the one it says
    someone is with when that one is no more ("The user lives in Bristol with the user's dog
    Biscuit" once Biscuit died is "The user lives in Bristol"), an aside (_ASIDE)."""
    return part.sub(lambda m: "" if _names(m[0], stale) else m[0], sentence)


_ASIDE = re.compile(r",\s+(?:who|which|the\s+one|qui|que|die|der|das)\s+[^,.;!?]{2,60},")
"""A clause told in passing ("My mum, who lives in Cork, called …")."""


def _fresh_clauses(sentence: str, stale: Sequence[str], new: set[str]) -> str:
    """The clauses of ``sentence`` (joined by "because", "but", "weil" …) that state no
    replaced value, as a sentence of their own; "" when none is left that says something.
    An aside that names one is left out ("The user's mum, who lives in Cork, called to say
    she's retiring" once she moved: "The user's mum called to say she's retiring")."""
    sentence = _without(_ASIDE, sentence, stale)
    if not _states_stale(sentence, stale, new) and not _names(sentence, stale):
        return sentence
    clauses = _CLAUSE_JOINT.split(sentence)
    kept = [c.strip(" .!") for c in clauses if len(c.split()) >= 3
            and not _states_stale(c, stale, new) and not _names(c, stale)]
    if len(clauses) < 2 or not kept:
        return ""
    return cap(". ".join(kept)) + "."


def _states_stale(sentence: str, stale: Sequence[str], new: set[str]) -> bool:
    """Whether ``sentence`` states a replaced value: names one and not what replaced it (the
    old message "I live in Lisbon"; not "I'm no longer vegetarian"), or gives a slot one
    ("prefers tea over coffee" names coffee, which replaced tea, too)."""
    if _NEGATION.search(sentence) or _BYGONE.search(sentence):
        return False
    # (who someone is to the user is no value of the user's: "Wang Lei is the user's
    # boyfriend" once that ended states the replaced one)
    values = {_key(s.value) for s in settings(sentence) if s.value and s.slot != "bond"}
    if not _names(sentence, stale):  # one said in other words: "verlobt" once "engaged" ended
        return bool(values & set(stale)) and not values & new
    if not _names(sentence, list(new)):
        # one named as whom another fact is of states no replaced value ("Hugo travaille
        # comme cuisinier." once Hugo is the partner no more)
        return not values or bool(values & set(stale))
    # One old value it sets makes it stale, whatever current one it sets beside ("is a
    # software engineer at Spotify" after the move to Tencent: the job holds, the employer not)
    return bool(values & set(stale))


def _before(question: str, memories: Sequence[str]) -> list[str]:
    past = [p for m in memories for p in sentences_of(m) if PAST.search(p)]
    after = _AFTER.search(question) or _ZH_AFTER.search(question)
    if after:
        named = [_key(after["x"])]
        past = [p for p in past if not _names(p, named)] or past
    # when each ended, then began (none: first): of two ended the same day, the one that began
    # later held last ("Just moved to Bath." "Moved again, now in Bristol!")
    ends = {p: (max(days), min(days) if len(days) > 1 else "")
            for p in past if (days := re.findall(r"\d{4}-\d{2}-\d{2}", PAST.search(p)[0]))}
    first = bool(_FIRST_ASKED.search(question))
    if past:  # the latest to end first; asked what was first, the earliest
        return sorted(dict.fromkeys(past), key=lambda p: ends[p], reverse=not first)
    # No replaced fact retrieved: anything but what replaced one or says what holds now
    # (never "now" for "before"): a value a fact gives as it is ("The user lives in
    # Harrogate.", never replaced) when no fact says since when another holds, or the one the
    # question names ("before Harrogate"); the earliest said first when asked what was first.
    now = {slot: value for slot, (value, _) in _current(memories).items()}
    held = {(_meant(s.slot), _key(str(s.value))) for m in memories for p in sentences_of(m)
            if not PAST.search(p) and not USER_SAID_LEAD.match(_STAMP.sub("", p))
            for s in _users(p)}
    # (a job never said to change is the only one known: "What was my previous job?" of "I
    # teach chemistry at a school in Leeds" after a move)
    kept = [m for m in memories if not SINCE.search(m) and not any(
        now.get(_meant(s.slot)) == _key(str(s.value))
        or _meant(s.slot) not in {*now, "job"}
        and (_meant(s.slot), _key(str(s.value))) in held
        for p in sentences_of(m) for s in _users(p)) and not (after and _names(m, named))]
    if first:
        kept.sort(key=lambda m: stamp[1] if (stamp := _STAMP.match(m)) else "9999")
    return kept


def _values(memories: Sequence[str], marker: re.Pattern[str], *,
            whole: bool = False) -> set[str]:
    """The slot values (and vault values) stated by the sentences ``marker`` marks; with
    ``whole``, by every sentence of a memory it marks that no other marker ends ("Rhys is a
    chef." beside "Rhys is the user's fiancé (since …)" is as current)."""
    found = set()
    for memory in memories:
        marked = whole and bool(marker.search(memory))
        for part in sentences_of(memory):
            if not (marker.search(part) or marked and not PAST.search(part)
                    and not _QUOTED_PART.match(part)):
                continue
            # (not the message it was read from: "(user: My partner Sam is a nurse …)" ended
            # the job, not the partner)
            text = PERIOD.sub("", _DETAIL_TAIL.sub("", part))
            found.update(_key(s.value) for s in settings(text)
                         if s.value and s.slot not in _WORDY)
            if " is " in text:  # a vault value: "<caption> is <value>."
                found.add(_key(text.rsplit(" is ", 1)[1].rstrip(_STOPS)))
    return found


def _names(sentence: str, values: Sequence[str]) -> bool:
    """Whether ``sentence`` names one of ``values`` as a word (Chinese has no word breaks)."""
    low = _key(sentence)
    return any(v in low if CJK.search(v) else re.search(rf"(?<!\w){re.escape(v)}(?!\w)", low)
               for v in values)
