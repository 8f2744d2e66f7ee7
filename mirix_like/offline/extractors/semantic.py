"""Semantic memory offline: facts and definitions about people, places and things."""

from __future__ import annotations

import re
from dataclasses import dataclass

from mirix_like.offline.changes import SCHOOL, parted, passed, says_now, settings, since, until
from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import (
    ADV_GROUP,
    ZH_KIN,
    InputText,
    Row,
    any_of,
    cap,
    clean_lead,
    finish,
    first_clause,
    prepare,
    speaker_of,
    subject_of,
    third_person,
    topic_path,
    word_set,
)
from mirix_like.offline.notes import told_in_passing

_NAME_WORD = r"[A-Z](?:[\w-]|['’](?!s\b))+"
"""A capitalised word of a name, which may hold an apostrophe ("O'Brien"), not an owner's "'s"
("My wife Priya's birthday": Priya)."""
_NAME = (r"(?P<name>(?:(?:Mr|Mrs|Ms|Dr|Prof)\.\s+)?" + _NAME_WORD + r"(?:\s+" + _NAME_WORD
         + r"){0,2})")
_PERSON = (r"(?!(?:I|We|He|She|They|You|Ich|Wir|Er|Sie|Je|Nous|Il|Elle|Yo|Él|Ella|My|Mi|Mon|Ma|"
           r"Mein|Meine)\b)[A-ZÁÉÍÓÚÄÖÜÀÂÇÈÊÎÔ][\wáéíóúñäöüßàâçèéêîô'’-]+")
_REL = (
    r"(?P<rel>(?:(?:new|little|older|younger|big|baby|best|rescue|adopted|tabby|ginger|oldest|"
    r"youngest|eldest|pet|home|other|late|[a-z]+ing|family|work|school|college|music|tennis|chess|golf|running|business)\s+)?"
    r"(?:dogs?|cats?|pets?|puppy|kitten|bird|parrot|fish|horse|bunny|rabbit|hamster|"
    r"turtle|sons?|daughters?|kids?|child|children|baby|husband|wife|partner|spouse|fianc[ée]e?|"
    r"boyfriend|girlfriend|brothers?|sisters?|siblings?|mom|mother|mum|dad|father|grandma|"
    r"grandmother|grandpa|grandfather|aunt|uncle|cousin|nephew|niece|friends?|buddy|boss|"
    r"manager|colleague|co-?worker|roommate|neighbou?r|teacher|mentor|mentee|coach|therapist|"
    r"counselor|doctor|hometown|country|city|town|school|university|college|company|employer|"
    r"band|team|car|book|novel|song|album|painting|group|club|project|startup|business|shop|"
    r"store|restaurant|cafe|church|gym|instrument|game|show|movie|film|podcast))"
)
_OWNER = r"(?P<owner>[Mm]y|[Oo]ur|[A-Z][a-z]+['’]s)"
_OWNER_GATE = any_of("my ", "our ", "'s ", "’s ")
_SEM_NAMED = (
    (
        _OWNER_GATE,
        re.compile(
            _OWNER + r"\s+" + _REL + r"(?:['’]s\s+name\s+is|,)?\s+(?:is\s+)?"
            r"(?:named\s+|called\s+)?" + _NAME
        ),
    ),
    (
        any_of("named", "called"),
        re.compile(
            r"\b(?P<owner>[Aa]|[Aa]n|[Aa]nother|[Oo]ur|[Mm]y|[Tt]he)\s+"
            r"(?:new\s+)?" + _REL + r"\s+(?:named|called)\s+" + _NAME
        ),
    ),
    (_OWNER_GATE, re.compile(_NAME + r"\s+is\s+" + _OWNER + r"\s+" + _REL + r"\b")),
)
_NAMED_AGE = re.compile(  # "Isla is 3", "Isla's 3 now", said of someone by name
    r"\b(?P<x>[A-Z][\w'’-]+)(?:\s+is|['’]s)\s+(?:now\s+|already\s+|just\s+)?(?P<n>\d{1,2})"
    r"(?:\s+years?\s+old)?(?=\s*(?:now\b|[.!,;)]|$))")
_AGE_AFTER = re.compile(r"\s+is\s+(?:now\s+)?(\d{1,2})(?:\s+years?\s+old)?(?=\s*(?:[.!,;]|$))")
_FAVORITE_GATE = any_of("favorite", "favourite", "fave")
_SEM_FAVORITE = (
    re.compile(
        _OWNER + r"\s+(?:all-time\s+|absolute\s+)?(?:favorite|favourite|fave)\s+"
        r"(?P<what>[a-z][a-z ]{1,30}?)\s+(?:is|are|was|has (?:always )?been)\s+"
        r"(?P<val>[^.,;!?]{1,60})"
    ),
    re.compile(
        r"(?P<val>[A-Z\"'“][^.,;!?]{0,50}?)\s+(?:is|are|was)\s+(?:probably\s+|definitely\s+)?"
        + _OWNER
        + r"\s+(?:all-time\s+)?(?:favorite|favourite|fave)\s+"
        r"(?P<what>[a-z]+(?:\s[a-z]+)?)\b"
    ),
)
_SEM_QUOTED = re.compile(
    r"(?:(?<=\s)|^|(?<=[(\[]))(?:[\"“](?P<t>[A-Z0-9][^\"”\n]{1,60}?)[\"”]|"
    r"['‘](?P<t2>[A-Z0-9][^'’\n]{1,60}?)['’])(?=[\s.,;:!?)]|$)|《(?P<zh>[^》]{1,30})》"
)
_QUOTE_GATE = any_of('"', "“", "'", "‘", "《")
_SEM_COPULA = re.compile(
    r"(?P<x>[A-Z][\w'’&-]*(?:\s+(?:of|the|and|de|[A-Z][\w'’&-]*)){0,4})\s+(?P<cop>is|are|was|were)"
    r"\s+(?:(?:also|actually|really|still|now)\s+)?(?P<pred>(?:a|an|the|my|our|his|her|their|"
    r"one of|called|named|located|based|from|in|at|near|part of)\b[^;!?]{2,90})"
)
_SEM_RELATION = re.compile(
    r"(?P<x>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})\s+(?:(?:just|recently|now|finally)\s+)?"
    r"(?P<verb>got\s+a\s+(?:new\s+)?job\s+(?:at|with)|lives?\s+in|lived\s+in|works?\s+"
    r"(?:now\s+)?(?:at|for|as)|start(?:ed|s)\s+(?:a\s+new\s+job\s+|working\s+)?at|retired|"
    r"(?:has\s+|had\s+)?(?:passed\s+away|died)|ran\s+away|went\s+missing|"
    r"got\s+(?:engaged|married)|worked\s+(?:at|for|as)|is\s+from|was\s+born\s+in|moved\s+"
    r"(?:(?:back\s+)?to|from|(?:back\s+)?in\s+with"
    r"(?=[^;!?]{1,40}?\s+in\s+[A-Z]))|"
    r"relocated\s+to|"
    r"grew\s+up\s+in|studies\s+at|studied\s+at|joined|left|quit|turned\s+\d{1,3}|"
    r"goes\s+to\s+(?=" + SCHOOL + r")|(?:switched|changed|transferred)\s+(?:schools?\s+)?to|"
    r"has\s+(?:\d+|two|three|four|five|a|an)|"
    r"(?:got|was|has\s+been)\s+(?:promoted\s+to|hired\s+as|made|appointed)|became)\b"
    r"[^;!?]{0,80}"
)
_SEM_KIN_PLACE = re.compile(  # "My sister moved to Berlin": a relation not named here
    r"\b(?P<owner>[Mm]y|[Oo]ur)\s+" + _REL + r"\s+(?:(?:just|recently|finally|now|also)\s+)?"
    r"(?:(?:moved\s+(?:back\s+)?to|relocated\s+to|lives\s+(?:now\s+)?in|is\s+(?:now\s+)?living\s+in|"
    r"works\s+(?:now\s+)?(?:at|for)|started\s+(?:a\s+new\s+job\s+|working\s+)?at|joined)\s+"
    r"[A-Z][^;!?]{1,60}|moved\s+(?:back\s+)?in\s+with\s+[^;!?]{1,40}?\s+in\s+[A-Z][^;!?]{0,40}|"
    r"(?:has\s+|just\s+)?(?:retired|passed\s+away|died)\b[^;!?]{0,60}|"
    r"became\s+an?\s+[a-z][^;!?]{1,60}|"
    # a car of theirs: "My dad drives a Volvo", "my sister sold her Fiesta and got a Tesla"
    r"drives\s+(?:now\s+)?an?\s+[A-Z][^;!?]{1,40}|(?:sold|traded\s+in)\s+(?:his|her|their)\s+"
    r"[^;!?]{1,60})"
)
# "Mi hermana Lucía vive en Valencia", "Meine Schwester ist nach Köln gezogen", "Mon frère
# travaille chez Airbus": a relative's home, work or study in the other languages the rules read,
# said about the relative as "Lucía, la hermana del usuario, vive en Valencia."
_KIN_WORDS = {  # language -> (feminine relations, masculine ones)
    "es": ("hermana madre hija amiga novia esposa mujer pareja tía prima abuela vecina "
           "compañera jefa", "hermano padre hijo amigo novio esposo marido tío primo abuelo "
           "vecino compañero jefe"),
    "de": ("schwester mutter tochter freundin frau partnerin kollegin chefin tante cousine oma "
           "nachbarin", "bruder vater sohn freund mann partner kollege chef onkel cousin opa "
           "nachbar"),
    "fr": ("sœur soeur mère fille amie femme copine compagne tante cousine voisine patronne",
           "frère père fils ami mari copain compagnon collègue oncle cousin voisin patron"),
}
_PETS_ABROAD = {"es": ("gata perra", "gato perro"), "de": ("katze hündin", "kater hund"),
                "fr": ("chatte chienne", "chat chien")}
_KIN = {word: (lang, feminine) for kin in (_KIN_WORDS, _PETS_ABROAD) for lang, pair in kin.items()
        for feminine, words in zip((True, False), pair, strict=True) for word in word_set(words)}
"""Each relation word: its language and whether it is feminine."""
# A pet said, then its name after a comma: "Adoptamos otra gata, se llama Nube", "Wir haben
# eine zweite Katze, sie heißt Mimi", "On a adopté un deuxième chat, il s'appelle Gribouille"
# (not "Mi gata se llama Luna", the core's, whose name follows the word at once).
_PET_NAMED = re.compile(
    r"\b(?P<rel>(?i:" + "|".join(w for pair in _PETS_ABROAD.values() for ws in pair
                                 for w in ws.split()) + r"))\b[^.;!?,]{0,30},\s*"
    r"(?:(?i:sie|er|elle|il)\s+)?(?:heißt|s['’]appelle|se\s+llama)\s+"
    r"(?P<name>[A-ZÁÉÍÓÚÄÖÜÀÂÇÈÊÎÔ][\wáéíóúñäöüßàâçèéêîô'-]+)")
_THEIRS = (r"(?:(?![,;]\s*(?:(?i:und|aber|et|mais|y|pero)\s+)?(?i:ich|wir|je|j['’]|moi|nous|yo|"
           r"nosotros)\b)[^.;!?]){2,60}")
"""What is said of a relative, up to a clause of the speaker's own ("Mein Bruder wohnt in
Köln, ich wohne in Bonn")."""
_KIN_ABROAD = re.compile(
    r"\b(?i:mi|meine?|ma|mon)\s+(?P<rel>(?i:" + "|".join(_KIN) + r"))\s+"
    r"(?:(?P<name>[A-ZÁÉÍÓÚÄÖÜÀÂÇÈÊÎÔ][\wáéíóúñäöüßàâçèéêîô'-]+)\s+)?"
    r"(?P<said>(?:vive|trabaja|estudia|wohnt|lebt|arbeitet|studiert|habite|vit|travaille|"
    r"fährt|conduit|conduce|étudie|se\s+mudó|se\s+ha\s+mudado|se\s+(?:vino|fue)\s+a\s+vivir|"
    r"ist|a\s+(?:dé|em)ménagé|"
    r"s['’]est\s+installée?|va|geht|est|es|está|tiene|hat|a)\b" + _THEIRS
    + r"|se\s+jubiló|se\s+ha\s+jubilado|"
    r"a\s+pris\s+sa\s+retraite|est\s+à\s+la\s+retraite)")
_KIN_WHO_EN = re.compile(  # "I have a brother, Tim, who lives in Leeds": named, then told of
    r"\b(?i:a|an)\s+" + _REL + r"\s*,\s*(?P<name>[A-Z][\w'’-]+)\s*,\s*(?i:who)\s+"
    r"(?P<said>(?:lives|works|is|has|studies|teaches)\b[^.;!?]{2,80})")
_KIN_WHO = re.compile(  # "J'ai un frère, Julien, qui vit à Bordeaux": named, then told of
    r"\b(?i:un|une|una)\s+(?P<rel>(?i:" + "|".join(_KIN) + r"))\s*,\s*"
    r"(?P<name>[A-ZÁÉÍÓÚÄÖÜÀÂÇÈÊÎÔ][\wáéíóúñäöüßàâçèéêîô'-]+)\s*,\s*(?i:qui|que)\s+"
    r"(?P<said>(?:vive|trabaja|estudia|habite|vit|travaille|étudie|est|es|está|tiene|a)\b"
    + _THEIRS + r")")
_NOW_WORDS = (r"Ahora|Ya|Hoy|Luego|Después|Todavía|Aún|Jetzt|Nun|Heute|Inzwischen|Mittlerweile|"
              r"Seit|Dann|Maintenant|Désormais|Aujourd|Depuis|Puis|Ensuite")
"""Words that open a sentence whose subject goes unsaid ("Ahora trabaja como periodista")."""
_NAMED_ABROAD = re.compile(  # "Jonas ist nach Wien gezogen": a person named before
    r"^(?P<name>(?!I['’]|(?:Er|Sie|Es|Ich|Wir|Ihr|Il|Elle|Ils|Elles|Je|On|Nous|Vous|Él|Ella|Yo|Ellos|"
    r"Ellas|Nosotros|Mi|Mein|Meine|Mon|Ma|Su|Sein|Seine|Ihre|" + _NOW_WORDS + r")\b)"
    r"[A-ZÁÉÍÓÚÄÖÜ][\wáéíóúñäöüß'-]+)\s+"
    r"(?P<said>(?:(?:ya|ahora|jetzt|nun|schon|maintenant|désormais|déjà)\s+)?"
    r"(?:vive|trabaja|estudia|wohnt|lebt|arbeitet|studiert|habite|vit|travaille|"
    r"(?:terminó|acabó)\s+(?:la\s+carrera|sus\s+estudios|el\s+máster|el\s+doctorado)|"
    r"se\s+graduó|se\s+licenció|a\s+(?:fini|terminé)\s+ses\s+études|"
    r"hat\s+(?:ihr|sein)\s+Studium|"
    r"étudie|se\s+mudó|se\s+ha\s+mudado|se\s+(?:vino|fue)\s+a\s+vivir|ist\s+(?:jetzt\s+|nun\s+)?"
    r"(?:nach|bei)|zog\s+nach|a\s+(?:dé|em)ménagé|s['’]est\s+installée?|"
    r"(?P<cop>est|es|ist|tiene|a|hat|cumplió|wurde|geht|ging|wechselt|va|iba|empezó|entró|"
    r"se\s+cambió|(?:a|ha)\s+cumplido|(?:ist|est)\s+"
    r"(?:geworden|devenue?)|se\s+ha\s+(?:casado|comprometido|jubilado)|hat\s+(?:geheiratet|"
    r"sich\s+verlobt)|s['’]est\s+(?:mariée?|fiancée?)|a\s+pris\s+sa\s+retraite))\b"
    + _THEIRS + r")")
"""A named person's home, work, age or trade ("Lucía ahora trabaja en un banco", "Pablo ya
tiene 10 años", "Hugo est cuisinier"); one said with a bare verb ("est", "tiene") only when it
gives them a one-valued fact (see :func:`~mirix_like.offline.changes.settings`)."""
_ALSO_NAMED = re.compile(r"(?:^|(?<=\s))(?P<name>[A-Z][\w'’-]+)\s+(?:and|&)\s+$")
"""A name joined to the one a relation is said of ("Tom and Priya moved …")."""
_FRENCH_HAS = re.compile(r"a\s+(?:\d|une?\b|deux\b|trois\b|quatre\b|cinq\b|des\b|l[ea'’]|\w+é)")
"""French "a" as the verb ("Léa a 30 ans", "Hugo a trouvé"), not English "a" ("Got a new bike")."""
_KIN_NAMING = re.compile(  # "Mon copain s'appelle Hugo", "Meine Schwester heißt Anna"
    r"\b(?i:mi|meine?|ma|mon)\s+(?P<rel>(?i:" + "|".join(_KIN) + r"))\s+"
    r"(?:s['’]appelle|heißt|se\s+llama|est|es|ist)\s+"
    r"(?P<name>[A-ZÁÉÍÓÚÄÖÜÀÂÇÈÊÎÔ][\wáéíóúñäöüßàâçèéêîô'-]+)(?=\s*(?:[,.;:!?()]|$)|\s+(?:y|und|et)\b)")
_IS = {"es": "es", "de": "ist", "fr": "est"}
_KIN_OWNER = {"es": ("{art} {rel} del usuario", "la", "el"),
              "de": ("{art} {rel} des Nutzers", "die", "der"),
              "fr": ("{art} {rel} de l'utilisateur", "la", "le")}
# "Ana and I got engaged", "I broke up with Dan": who someone is to the user now, said
# as the relation the change rules keep ("Ana is the user's fiancé(e)", see changes.bond).
_WITH_USER = (
    re.compile(r"\b(?P<name>[A-Z][\w'’-]+)\s+and\s+I\s+(?:(?:just|finally|have|['’]ve|are|were|"
               r"recently|officially)\s+)*(?:got\s+|get\s+|are\s+)?(?P<what>engaged|married|"
               r"broke\s+up|split\s+up|separated|divorced)\b"),
    re.compile(r"\bI(?:['’]m|\s+am)?\s+(?:(?:just|finally|recently|officially|now)\s+)*"
               r"(?:got\s+)?(?P<what>engaged|"
               r"married|broke\s+up|split\s+up)\s+(?:to\s+|with\s+)?(?P<name>[A-Z][\w'’-]+)"),
    # "Ollie proposed last weekend, we're engaged!", "Sam proposed and I said yes"
    re.compile(r"\b(?P<name>[A-Z][\w'’-]+)\s+(?:(?:just|finally|actually)\s+)?proposed\b"
               r"[^.!?]{0,40}?(?:\b(?:we|[Ww]e)(?:['’]re|\s+are|\s+got|\s+are\s+now)\s+"
               r"(?:(?:now|officially|finally)\s+)?(?P<what>engaged)\b|\bI\s+said\s+yes\b)"),
    # "I proposed to Amy and she said yes", "Popped the question to Amy last night, she said yes!"
    re.compile(r"\b(?i:proposed|popped\s+the\s+question)\s+to\s+(?P<name>[A-Z][\w'’-]+)\b"
               r"[^.!?]{0,40}?\b(?:she|he|they)\s+said\s+yes\b"),
)
_ABROAD_NAME = r"(?P<name>[A-ZÀ-Þ][\w'’-]+)"
# A proposal said yes to in French, Spanish or German ("Hugo m'a demandée en mariage", "Javier
# me pidió matrimonio", "Tom hat mir einen Antrag gemacht"): the proposer is the fiancé(e); a
# parting ("Julien et moi, on s'est séparés", "Lukas und ich haben uns getrennt", "Me separé de
# Pablo"): a former partner; each said in the language it was told in.
_BONDS_ABROAD = tuple((re.compile(regex.format(n=_ABROAD_NAME)), said) for regex, said in (
    (r"\b{n}\s+(?:(?i:m['’]a|nous\s+a)\s+(?:(?i:enfin|finalement)\s+)?(?i:demandée?s?\s+en\s+"
     r"mariage|fait\s+sa\s+demande))\b", "{n} est le fiancé de l'utilisateur."),
    (r"\b{n}\s+(?:(?i:me|nos)\s+(?:(?i:ha|por\s+fin|al\s+fin)\s+)?(?i:pidió|pedido)\s+"
     r"(?:(?i:la\s+)?mano|matrimonio|que\s+me\s+case\s+con\s+él))",
     "{n} es el prometido del usuario."),
    (r"\b{n}\s+(?:(?i:hat)\s+(?:(?i:mir|uns)\s+)?(?:(?i:endlich|gestern)\s+)?(?i:einen)\s+"
     r"(?i:(?:Heirats)?antrag)\s+(?i:gemacht))", "{n} ist der Verlobte des Nutzers."),
    *((regex, "{n} est le conjoint de l'utilisateur.") for regex in (
        r"\b{n}\s+(?i:et\s+moi),?\s+(?i:on\s+s['’]est|nous\s+nous\s+sommes)\s+"
        r"(?:(?i:enfin|finalement|officiellement)\s+)?(?i:mariée?s)\b",
        r"\b(?i:j['’]ai\s+épousé|je\s+me\s+suis\s+mariée?\s+avec)\s+{n}")),
    *((regex, "{n} es el cónyuge del usuario.") for regex in (
        r"\b{n}\s+(?i:y\s+yo),?\s+(?i:nos)\s+(?:(?i:ya|al\s+fin|por\s+fin|finalmente)\s+)?"
        r"(?i:casamos|hemos\s+casado)\b",
        r"\b(?i:me\s+casé|me\s+he\s+casado|me\s+he\s+casada)\s+(?i:con)\s+{n}")),
    *((regex, "{n} ist der Ehepartner des Nutzers.") for regex in (
        r"\b{n}\s+(?i:und\s+ich)\s+(?i:haben)\s+(?:(?i:endlich|jetzt|gestern|letzte\s+Woche)\s+)?"
        r"(?i:geheiratet)\b",
        r"\b(?i:ich\s+habe)\s+{n}\s+(?:(?i:endlich|gestern)\s+)?(?i:geheiratet)\b")),
    *((regex, "{n} est l'ex de l'utilisateur.") for regex in (
        r"\b{n}\s+(?i:et\s+moi),?\s+(?i:on\s+s['’]est|nous\s+nous\s+sommes|on\s+a|nous\s+avons)"
        r"\s+(?:(?i:finalement|enfin|officiellement)\s+)?(?i:séparée?s|quittée?s|rompu)\b",
        r"\b(?i:je\s+me\s+suis\s+séparée?|j['’]ai\s+rompu|j['’]ai\s+quitté)\s+"
        r"(?i:de\s+|d['’]|avec\s+)?{n}")),
    *((regex, "{n} es la ex pareja del usuario.") for regex in (
        r"\b{n}\s+(?i:y\s+yo),?\s+(?:(?i:nos|lo)\s+)?(?:(?i:ya|al\s+final|finalmente)\s+)?"
        r"(?i:separamos|hemos\s+separado|dejamos|hemos\s+dejado|rompimos|hemos\s+roto)\b",
        r"\b(?i:me\s+separé|me\s+he\s+separado|rompí|he\s+roto|corté|lo\s+dejé|la\s+dejé)\s+"
        r"(?i:de|con)\s+{n}")),
    *((regex, "{n} ist der Ex-Partner des Nutzers.") for regex in (
        r"\b{n}\s+(?i:und\s+ich)\s+(?i:haben\s+uns|sind)\s+(?:(?i:jetzt|endlich|leider|"
        r"offiziell)\s+)?(?i:getrennt|auseinandergegangen)\b",
        r"\b(?i:ich\s+habe\s+mich|hab\s+mich)\s+(?:(?i:jetzt|endlich|leider)\s+)?(?i:von)\s+{n}"
        r"\s+(?i:getrennt)\b",
        r"\b(?i:mit)\s+{n}\s+(?i:Schluss\s+gemacht)\b")),
))
# "Kate and Tom got married in July", "Kate und Tom haben sich verlobt", "Kate et Tom se sont
# séparés", "Kate y Tom se casaron", "小红和小明结婚了": a fact of each of the two.
_PAIRED = re.compile(
    r"\b(?P<a>" + _PERSON + r")\s+(?:and|und|et|y)\s+(?P<b>" + _PERSON + r")\s+"
    r"(?:(?:have|had|just|finally|recently|officially|got|get|are|were|now|haben|sind|sich|"
    r"jetzt|endlich|se\s+sont|sont|ont|se\s+han|se|ya|por\s+fin)\s+)*"
    r"(?:engaged|married|divorced|broke\s+up|split\s+up|separated|geheiratet|verheiratet|"
    r"verlobt|geschieden|getrennt|mariés|mariées|fiancés|fiancées|divorcés|séparés|"
    r"casad[oa]s|casaron|casado|comprometi(?:d[oa]s|eron|do)|divorciad[oa]s|divorciaron|"
    r"divorciado|separad[oa]s|separaron|separado)\b[^,;.!?]{0,40}"
    r"|(?:^|(?<=[，,。；]))(?:我们?的?(?:" + ZH_KIN + r"))?(?P<za>[\u4e00-\u9fff]{2,3}?)和"
    r"(?P<zb>[\u4e00-\u9fff]{2,3}?)"
    r"(?:已经|刚刚?|终于|上个月|去年|今年)?(?:结婚|订婚|离婚|分手)了?")
# "Anna's pregnant! baby due in February", "Anna ist schwanger", "小红怀孕了"
_PREGNANT = re.compile(
    r"\b(?P<x>" + _PERSON + r")(?:['’]s|\s+(?:is|ist|est|está))\s+(?:(?:now|jetzt|enfin|ya)\s+)?"
    r"(?i:pregnant|expecting|schwanger|enceinte|embarazada)\b[^.!?;]{0,40}"
    r"|(?P<zx>[\u4e00-\u9fff]{2,3}?)怀孕了")
_DUE = re.compile(r"^(?:(?i:the|her|their|our)\s+)?(?i:baby)(?:['’]s|\s+is)?\s+(?i:due)\s+"
                  r"(?P<when>[^.!?;]{2,30})")
_BOND_OF = {"engaged": "fiancé(e)", "married": "spouse"}
"""Who someone is to the user after what they did together; parting makes a former partner."""
_DEFINITION = re.compile(r"(?:a|an|one of|the \w+ of|called|named|located|based|from|part of)\b")
_RELATION_GATE = any_of("live", "work", "job", "from", "born", "moved", "grew", "stud", "joined",
                        "left", "quit", "turned", "has ", "start", "retired", "passed", "died",
                        "engaged", "married", "relocated", "became", "ran away",
                        "went missing", "goes to", "switched", "changed", "transferred",
                        "promoted", "hired", "appointed")
_COPULA_GATE = any_of(" is ", " are ", " was ", " were ")
_HAVE_GATE = any_of("have", "'ve", "’ve")
_MY_GATE = re.compile(r"\bmy\b")
_SEM_COUNT = re.compile(
    r"\b(?:I|[Ww]e)\s+" + ADV_GROUP + r"(?:have|['’]ve\s+got|have\s+got)\s+(?:\d+|two|three|four|"
    r"five|six|seven|eight|nine|ten)\s+(?:[a-z]+\s+)?(?:kids|children|sons|daughters|dogs|cats|"
    r"pets|siblings|brothers|sisters|grandkids|grandchildren|horses|cars|houses|jobs)\b[^;!?]{0,40}"
)
# The same in German, French and Spanish with the names given ("Tengo dos hijas, Marta y
# Lucía", "Wir haben zwei Kinder, Mia und Ben", "J'ai deux chiens : Filou et Rex"), said as the
# user's: "El usuario tiene dos hijas, Marta y Lucía."
_COUNT_NAMED_ABROAD = tuple((re.compile(
    rf"(?:^|(?<=\s)){have}\s+(?P<n>\d+|{numbers})\s+(?P<kin>{kin})\s*[,:]\s*"
    r"(?P<names>[A-ZÀ-Þ][\w'’-]+(?:\s*,\s*[A-ZÀ-Þ][\w'’-]+)*\s+(?:y|e|und|et)\s+[A-ZÀ-Þ][\w'’-]+)"),
    owner, has) for have, numbers, kin, owner, has in (
    (r"(?i:tengo|tenemos)", "dos|tres|cuatro|cinco", "hij[oa]s|perr[oa]s|gat[oa]s|herman[oa]s|"
     "nietos|nietas", "El usuario", "tiene"),
    (r"(?i:ich\s+habe|wir\s+haben)", "zwei|drei|vier|fünf", "Kinder|Töchter|Söhne|Hunde|Katzen|"
     "Schwestern|Brüder|Enkel|Enkelkinder", "Der Nutzer", "hat"),
    (r"(?i:j['’]ai|nous\s+avons|on\s+a)", "deux|trois|quatre|cinq", "enfants|filles|fils|chiens|"
     "chats|sœurs|frères|petits-enfants", "L'utilisateur", "a")))
_SEM_POSSESSIVE = re.compile(
    r"\b[Mm]y\s+(?P<x>(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+(?:is|was|are|were|['’]s)\s+(?P<y>(?:a|an|the|"
    r"to|about|in|at|from|called|named|\d+)\b[^;!?]{3,100})"
)
_BAD_SUBJECTS = word_set(
    """
    i it this that there here the he she we they you what which who life everything everyone
    everybody nothing something someone anyone today yesterday tomorrow hey wow thanks yeah yes
    oh congrats sounds hope glad well so and but or also plus just maybe one mine yours let my
    our your his her their january february march april may june july august september october
    november december monday tuesday wednesday thursday friday saturday sunday"""
)
_LEAD_WORDS = word_set("sadly unfortunately also so well btw anyway finally recently yesterday "
                       "today oh and but")
"""Words that open a sentence before a name ("Sadly Pickle passed away")."""
_PARENTS = word_set("mum mom mam dad mother father grandma grandpa granny grandad nan nana")
"""Family words said as names ("Dad now lives in Swansea"): the user's."""
_BAD_POSSESSIONS = word_set("pleasure bad fault guess point turn heart mind god goodness word")
_SEM_ZH = (
    re.compile(
        r"(?:我们?家?的?|[\u4e00-\u9fff]{2,3}的)(?P<rel>[\u4e00-\u9fff]{1,4}?)"
        r"(?:名叫|叫做|名字叫|的名字是|叫)(?P<name>[\u4e00-\u9fffA-Za-z0-9]{1,8})"
    ),
    re.compile(
        r"(?:我们?|[\u4e00-\u9fff]{2,3})最(?:喜欢|爱)的(?P<rel>[\u4e00-\u9fff]{1,8}?)是"
        r"(?P<name>[^，。！？；]{1,20})"
    ),
    re.compile(
        r"^(?P<name>(?![我你他她它这那今昨明])[\u4e00-\u9fffA-Za-z0-9]{2,10}?)"
        r"(?:就是|是|住在|来自|有(?=[一二两三四五六七八九十\d]))[^，。！？；]{2,40}"
    ),
    re.compile(  # 我妹妹小丽住在杭州, 我的同事老王是四川人: a relation, its name, a fact
        r"我们?的?(?P<rel>" + ZH_KIN + r"|老师|同学|猫|狗)"
        r"(?![住就是在来喜刚今])(?P<name>[\u4e00-\u9fffA-Za-z]{1,3}?)(?=住在|就是|是|在|来自|喜欢|刚|今年)[^，。！？；]{2,40}"
    ),
    re.compile(  # 我的姐姐住在成都, 我姐姐搬到了重庆: a relation unnamed, where they live
        r"(?:我们?的?|^)(?P<rel>" + ZH_KIN + r")(?=住在|搬到|搬去|搬家到|退休|转学|"
        r"在[^，。！？；]{1,12}(?:工作|上班|上学|读书))[^，。！？；]{2,40}"
    ),
)
_ZH_UNNAMED = len(_SEM_ZH) - 1
_ZH_NAMED_SAID = re.compile(  # 小红现在在阿里巴巴上班, 小明今年10岁了, 小红不当老师了
    r"^(?P<name>(?![我你他她它这那今昨明])[\u4e00-\u9fffA-Za-z]{2,4}?)"
    r"(?=现在|今年|已经|在|不|搬|去年|刚|辞职|当|做|跳槽|加入|入职)[^，。！？；]{2,40}")
"""A clause of a named person's home, work, trade or age, kept when it sets one of them."""


# "Her name's Coco" / "它叫小白": a name for something the sentence before (or the start of
# this one) mentioned: "I got a puppy two weeks ago!", "我养了一只猫，".
_PRONOUN_NAME = re.compile(r"\b(?:[Hh]er|[Hh]is|[Ii]ts|[Tt]heir)\s+name(?:['’]s|\s+is)\s+" + _NAME)
_REL_MENTION = re.compile(r"\b(?:a|an|my|our|the|this|new|another)\s+(?:\w+\s+)?" + _REL + r"\b")
_PRONOUN_NAME_ZH = re.compile(
    r"[它他她](?:叫|名叫|的名字是|的名字叫)(?P<name>[\u4e00-\u9fffA-Za-z0-9]{1,8})"
)
_REL_MENTION_ZH = re.compile(
    r"小猫|小狗|猫|狗|宠物|兔子|仓鼠|鹦鹉|鸟|鱼|儿子|女儿|孩子|宝宝|老公|老婆|丈夫|妻子|男朋友|女朋友|"
    r"朋友|同事|老板"
)


@dataclass(frozen=True)
class _Fact:
    name: str
    summary: str
    ended: bool = False
    """True until its input: a home the speaker says they moved out of."""
    throughout: bool = False
    """True all through the time its input names ("Last year I lived in Rome"): ended with it."""
    naming: bool = False
    """Only the name of a partner or a pet ("Meine Frau heißt Petra"), which the core keeps:
    a fact here only with what else the sentence tells of them."""


# "I moved out of Wicker Park", "We moved from Leeds to York", "Last year I lived in Rome", "I
# used to live in Paris": where the speaker lived, kept as a past fact though no stored one
# said so.
_FORMER_HOME = re.compile(
    r"\b(?:I|[Ww]e)\s+(?:(?:(?:just|finally|recently|have|['’]ve)\s+)*(?:moved|relocated)\s+"
    r"(?:out\s+of|away\s+from|from)|(?P<lived>(?:(?:also|once|previously|formerly)\s+)?"
    r"lived\s+in)|used\s+to\s+live\s+in)\s+(?P<x>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)")
_PLACE_ABROAD = r"(?P<x>[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)*)"
# The same in German, French and Spanish, by the speaker ("Ich habe in Köln gewohnt", "J'ai
# vécu à Nice", "Antes vivía en Lima"; Spanish at a clause's start, where no one else is its
# subject), each kept as the home statement of its language.
_FORMER_HOME_ABROAD = tuple((re.compile(pattern), said) for pattern, said in (
    (r"\b(?:[Ii]ch|[Ww]ir)\s+(?:habe|haben)\s+(?:[\wäöüß]+\s+){0,2}?in\s+" + _PLACE_ABROAD
     + r"\s+(?:gewohnt|gelebt)\b", "Der Nutzer wohnt in {x}."),
    (r"\b(?:(?:[Ii]ch|[Ww]ir)\s+(?:wohnte|wohnten|lebte|lebten)|(?:wohnte|wohnten|lebte|lebten)"
     r"\s+(?:ich|wir))\s+(?:[\wäöüß]+\s+){0,2}?in\s+" + _PLACE_ABROAD, "Der Nutzer wohnt in {x}."),
    (r"(?:\b[Jj]['’]|\b(?:[Nn]ous|[Oo]n)\s+)(?:(?:ai|avons|a)\s+)?(?:habitais|habitions|habitait|"
     r"habité|vivais|vivions|vivait|vécu)\s+(?:[\wàâçéèêëîïôûù]+\s+){0,2}?(?:à|a|en|au)\s+"
     + _PLACE_ABROAD, "L'utilisateur habite à {x}."),
    (r"(?:^|[,;]\s*|\b(?:y|pero)\s+)(?:(?:[Aa]ntes|[Pp]rimero|[Yy]o|[Nn]osotros|[Dd]e\s+niñ[oa]|"
     r"[Hh]ace\s+(?:\w+\s+)?años)\s*,?\s+)?(?:vivía|vivíamos|viví|he\s+vivido|hemos\s+vivido)\s+"
     r"(?:[\wáéíóúñ]+\s+){0,2}?en\s+" + _PLACE_ABROAD, "El usuario vive en {x}."),
))


def _pronoun_names(sentence: str, previous: str, subject: str, zh: bool) -> list[_Fact]:
    """Names given with a pronoun, tied to the last thing mentioned before them."""
    facts: list[_Fact] = []
    if "name" not in sentence and "叫" not in sentence:
        return facts
    for m in (_PRONOUN_NAME_ZH if zh else _PRONOUN_NAME).finditer(sentence):
        context = f"{previous} {sentence[: m.start()]}"
        if zh and (rels := _REL_MENTION_ZH.findall(context)):
            facts.append(_Fact(m["name"], f"{m['name']}是{subject}的{rels[-1]}"))
        elif not zh and (rels := [r["rel"] for r in _REL_MENTION.finditer(context)]):
            facts.append(_Fact(m["name"], f"{m['name']} is {subject}'s {rels[-1]}."))
    return facts


def _zh_facts(sentence: str, subject: str) -> list[_Fact]:
    facts = []
    for i, pattern in enumerate(_SEM_ZH):
        for m in pattern.finditer(sentence):
            name = (f"{subject}最喜欢的{m['rel']}" if i == 1
                    else f"{subject}的{m['rel']}" if i == _ZH_UNNAMED else m["name"])
            facts.append(_Fact(name.strip(), third_person(m.group(0), subject, True)))
    if (m := _ZH_NAMED_SAID.match(sentence)) and settings(m[0], subject=m["name"]) and not any(
            f.name == m["name"] for f in facts):
        facts.append(_Fact(m["name"], finish(m[0], True)))
    whole = third_person(sentence, subject, True)
    return facts + [_Fact(m["zh"], whole) for m in _SEM_QUOTED.finditer(sentence) if m["zh"]]


def _expecting(sentence: str, previous: str) -> list[_Fact]:
    """Someone pregnant (see :data:`_PREGNANT`), and when the baby is due if the next
    sentence says it of them."""
    facts = []
    for m in _PREGNANT.finditer(sentence):
        said = m[0] if m["zx"] else re.sub(r"^(\S+?)['’]s\b", r"\1 is", m[0])
        facts.append(_Fact(m["x"] or m["zx"], finish(said, bool(m["zx"]))))
    if (due := _DUE.match(sentence)) and (mother := _PREGNANT.search(previous)) and mother["x"]:
        facts.append(_Fact(mother["x"], f"{mother['x']}'s baby is due {due['when'].strip()}."))
    return facts


def _paired(sentence: str) -> list[_Fact]:
    """What two people did together (see :data:`_PAIRED`), a fact of each of them."""
    facts = []
    for m in _PAIRED.finditer(sentence):
        said = finish(m[0][m.start("za") - m.start():] if m["za"] else m[0].strip(), bool(m["za"]))
        facts += [_Fact(name, said) for name in (m["a"] or m["za"], m["b"] or m["zb"])]
    return facts


def _with_user(sentence: str, subject: str) -> list[_Fact]:
    """Who someone now is to the speaker, from what they did together (see _WITH_USER)."""
    facts = []
    for pattern in _WITH_USER:
        for m in pattern.finditer(sentence):
            if m["name"].lower() not in _BAD_SUBJECTS:
                bond = _BOND_OF.get(m.groupdict().get("what") or "engaged", "former partner")
                facts.append(_Fact(m["name"], f"{m['name']} is {subject}'s {bond}."))
    for pattern, said in _BONDS_ABROAD:
        facts += [_Fact(m["name"], said.format(n=m["name"])) for m in pattern.finditer(sentence)
                  if m["name"].lower() not in _BAD_SUBJECTS]
    return facts


def _owner(rel: str) -> tuple[str, str]:
    """The language of a relation word and whose it is, said as the user's ("hija": "es", "la
    hija del usuario")."""
    lang, feminine = _KIN[rel.lower()]
    template, her, his = _KIN_OWNER[lang]
    return lang, template.format(art=her if feminine else his,
                                 rel=rel.capitalize() if lang == "de" else rel.lower())


def _kin_abroad(sentence: str) -> list[_Fact]:
    """A relative's home or work said in Spanish, German or French (see _KIN_ABROAD), named
    by their name when given, else by the relation ("el hermano del usuario")."""
    facts = [_Fact(m["name"], f"{m['name']} {m['said'].strip()}.")
             for m in _NAMED_ABROAD.finditer(sentence)
             if (not m["cop"] or settings(f"{m['name']} {m['said']}", subject=m["name"]))
             and (m["cop"] != "a" or _FRENCH_HAS.match(m["said"]))]
    for m in _KIN_NAMING.finditer(sentence):
        lang, owner = _owner(m["rel"])
        # the core keeps a partner's or a pet's name ("Meine Frau heißt Petra"), not a
        # child's: there may be two ("Wie heißen meine Kinder?")
        facts.append(_Fact(m["name"], f"{m['name']} {_IS[lang]} {owner}.",
                           naming=bool(settings(m.group(0), own=True))))
    for m in _PET_NAMED.finditer(sentence):  # "Adoptamos otra gata, se llama Nube"
        lang, owner = _owner(m["rel"])
        facts.append(_Fact(m["name"], f"{m['name']} {_IS[lang]} {owner}."))
    for m in [*_KIN_ABROAD.finditer(sentence), *_KIN_WHO.finditer(sentence)]:
        lang, owner = _owner(m["rel"])
        saids = [part.strip() for part in _AND_THEN.split(m["said"]) if part.strip()]
        if m["name"]:  # who they are and what is said of them: one may change alone
            facts.append(_Fact(m["name"], f"{m['name']} {_IS[lang]} {owner}."))
            facts.extend(_Fact(m["name"], f"{m['name']} {said}.") for said in saids)
        else:
            facts.extend(_Fact(owner, f"{cap(owner)} {said}.") for said in saids)
    return facts


_AND_THEN = re.compile(r"\s*,?\s+(?i:und|et|y)\s+(?=(?i:ist|arbeitet|wohnt|lebt|studiert|hat|est|"
                       r"travaille|habite|vit|étudie|a|es|está|trabaja|vive|estudia|tiene)\s)")
"""Between two things said of a relative in one breath ("wohnt in München und ist Ärztin",
"vit à Lyon et travaille chez Airbus", "vive en Bilbao y es médica"): each its own fact, so
a move leaves the job current."""


# "My best friend is Giada, she lives in Naples", "My brother Arjun lives in Chicago and he's
# a pilot", "Mon copain s'appelle Hugo, il est cuisinier", "Mi hermano se llama Pablo, vive en
# Sevilla", "我老婆叫小红，是老师": a clause told of someone named before it, by a pronoun or
# (Spanish, Chinese) by none; each is a fact of its own about them, so that a change of one
# ("Arjun moved to Seattle") leaves the other current.
_TOLD_ON = re.compile(
    r"(?:[,;(]\s*|\s+[-–—]\s+|\s+(?i:and|but|und|aber|et|mais|y|pero)\s+)(?:(?i:and|und|et|y)\s+)?"
    r"(?:(?P<p>(?i:he|she|er|sie|il|elle|él|ella))(?P<is>['’]s)?\s+(?!(?i:and|und|et|y)\b)|"
    r"(?=(?:vive|trabaja|es|tiene|estudia|se\s+mudó|se\s+ha\s+mudado)\s))")
_TOLD_ON_ZH = re.compile(r"[，,；;]\s*(?:(?P<p>[他她])(?!们)|(?=是|在|住在|今年|已经|现在|刚))")
# "She moved to Porto." after "My sister is Ana.": a sentence told of the one named before.
_OPENS_TOLD = re.compile(
    r"^(?:(?P<p>(?i:he|she|er|sie|il|elle|él|ella))(?P<is>['’]s)?\s+(?=\w)|"
    r"(?=(?:(?:Ahora|Ya|Todavía|Hoy)\s+)?(?i:vive|trabaja|es|tiene|estudia|se\s+mudó|"
    r"se\s+ha\s+mudado)\s))")
_OPENS_TOLD_ZH = re.compile(r"^(?P<p>[他她])(?!们)")
_CLAUSE_END = re.compile(r"\s*[)）]?\s*[.!?。！？]*\s*$")


_HERS = re.compile(
    r"(?i:\b(?:sister|daughter|mum|mom|mother|wife|girlfriend|aunt|niece|grandma|grandmother|"
    r"fiancée|schwester|tochter|mutter|frau|freundin|tante|oma|nichte|sœur|soeur|fille|mère|"
    r"femme|copine|amie|hermana|hija|madre|mujer|esposa|novia|amiga|tía|abuela)\b)|"
    r"姐姐|妹妹|女儿|妈妈|母亲|老婆|妻子|女朋友|奶奶|外婆|阿姨")
_HIS = re.compile(
    r"(?i:\b(?:brother|son|dad|father|husband|boyfriend|uncle|nephew|grandpa|grandfather|"
    r"fiancé|bruder|sohn|vater|mann|freund|onkel|opa|neffe|frère|fils|père|mari|copain|ami|"
    r"hermano|hijo|padre|marido|esposo|novio|amigo|tío|abuelo)\b)|"
    r"哥哥|弟弟|儿子|爸爸|父亲|老公|丈夫|男朋友|爷爷|外公|叔叔")
_OPENING_NAME = re.compile(r"^(?P<n>" + _PERSON + r")\s+(?:(?:just|finally|recently)\s+)?"
                           r"(?=(?:changed|got|left|quit|started|finished|lost|took|became|"
                           r"graduated|switched)\b)")
"""A name opening what someone did, no fact itself ("Jake changed jobs")."""
_GOT_BY_NAME = re.compile(r"(?:^|[,;:]\s*)(?P<n>" + _PERSON + r")\s+(?:(?:just|finally|recently|"
                          r"also)\s+)?(?:got|gets|has|adopted|bought|rescued|owns|brought\s+home)"
                          r"\s*$")
"""Someone by name who has what a sentence then names ("Anna just got" a dog called Bruno)."""
_SHE = re.compile(r"(?i:she|sie|elle|ella)|她")
"""A pronoun of a woman (German "sie" may be "they": no man either way)."""


def _named_in(text: str, previous: str, subject: str, zh: bool,
              pronoun: str = "") -> str | None:
    """The person ``text`` names last (else the sentence before it) that ``pronoun`` may
    mean: not a sister by "he", nor a brother by "she"."""
    she = bool(pronoun) and bool(_SHE.fullmatch(pronoun))
    other = (_HIS if she else _HERS) if pronoun else None
    for said in (text, previous):
        facts = _semantic_facts(said, "", subject, zh)
        names = [f.name for f in facts
                 if f.name in said and (zh or f.name[:1].isupper()) and not f.ended and not (
                     other and any(other.search(g.summary) for g in facts if g.name == f.name))]
        if names:
            return max(names, key=said.rfind)
        # "Jake changed jobs, he's a sommelier now": a name opening a sentence with no fact
        if not zh and (opening := _OPENING_NAME.match(said)) and (
                opening["n"].lower() not in _BAD_SUBJECTS | _LEAD_WORDS):
            return opening["n"]
    return None


def _told_of(sentence: str, previous: str, subject: str, zh: bool) -> list[str]:
    """``sentence`` as the sentences it tells, each about whom it names: a clause told of
    someone named before it (see :data:`_TOLD_ON`) is a sentence of its own, its pronoun the
    name; the sentence itself when it has none."""
    opened = (_OPENS_TOLD_ZH if zh else _OPENS_TOLD).match(sentence)
    if opened and (name := _named_in(previous, "", subject, zh, opened["p"] or "")):
        rest = sentence[opened.end():]
        sentence = _said_by_name(name, opened, rest[:1].lower() + rest[1:], zh)
    cuts = list((_TOLD_ON_ZH if zh else _TOLD_ON).finditer(sentence))
    if not cuts:
        return [sentence]
    name = _named_in(sentence[:cuts[0].start()], "", subject, zh, cuts[0]["p"] or "")
    if name is None:
        return [sentence]
    told = [sentence[:cuts[0].start()]]
    for cut, after in zip(cuts, [*cuts[1:], None], strict=False):
        rest = _CLAUSE_END.sub("", sentence[cut.end():after.start() if after else None])
        if rest:
            told.append(_said_by_name(name, cut, rest, zh))
    return told


def _said_by_name(name: str, pronoun: re.Match[str], rest: str, zh: bool) -> str:
    """A clause ``rest`` told of ``name`` (``pronoun`` its subject, or none) said by name."""
    if zh:
        return f"{name}{rest}"
    verb = " is" if pronoun.groupdict().get("is") else ""
    return f"{name}{verb} {rest}"


def _facts_told(sentence: str, previous: str, subject: str, zh: bool) -> list[_Fact]:
    """The facts of ``sentence``, each clause told of someone named before it apart (see
    :func:`_told_of`)."""
    told = _told_of(sentence, previous, subject, zh)
    return [fact for said in told for fact in _semantic_facts(said, previous, subject, zh)
            if len(told) > 1 or not fact.naming]


def _semantic_facts(sentence: str, previous: str, subject: str, zh: bool) -> list[_Fact]:
    """Definitions and facts stated in ``sentence`` (``previous`` is the one before it);
    first-person ones are written about ``subject``."""
    facts = _pronoun_names(sentence, previous, subject, zh)
    facts += [_Fact(who, said) for who, said in parted(sentence) if said]
    if zh:
        return facts + _zh_facts(sentence, subject) + _paired(sentence) + _expecting(sentence, "")
    low = sentence.lower()

    def owner_of(word: str, before: str = "") -> str:
        if word.lower() in ("a", "an", "another", "the") and (
                got := _GOT_BY_NAME.search(before)) and got["n"].lower() not in _BAD_SUBJECTS:
            return got["n"]  # "Anna just got a dog called Bruno": Anna's dog
        return subject if word.lower() in ("my", "our", "a", "an", "another", "the") else word[:-2]

    def third(text: str) -> str:
        return finish(cap(third_person(first_clause(text), subject, False)), False)

    for gate, pattern in _SEM_NAMED:
        if gate.search(low):
            for m in pattern.finditer(sentence):
                if m["name"].split()[0].lower() not in _BAD_SUBJECTS:
                    rel = " ".join(m["rel"].split())
                    owner = owner_of(m["owner"], sentence[:m.start()])
                    facts.append(_Fact(m["name"], f"{m['name']} is {owner}'s {rel}."))
                    if age := _AGE_AFTER.match(sentence, m.end()):  # "My daughter Emma is 7."
                        facts.append(_Fact(m["name"], f"{m['name']} is {age[1]} years old."))
    facts += [_Fact(m["x"], f"{m['x']} is {m['n']} years old.")
              for m in _NAMED_AGE.finditer(sentence) if m["x"].lower() not in _BAD_SUBJECTS]
    if _FAVORITE_GATE.search(low):
        for i, pattern in enumerate(_SEM_FAVORITE):
            for m in pattern.finditer(sentence):
                name = f"{owner_of(m['owner'])}'s favorite {m['what'].strip()}"
                value = m["val"].strip().strip('"“”')
                if i == 0 or value.split()[0].lower() not in _BAD_SUBJECTS:
                    facts.append(_Fact(name, f"{name} is {third_person(value, subject, False)}."))
    if _QUOTE_GATE.search(sentence):
        for m in _SEM_QUOTED.finditer(sentence):
            title = m["t"] or m["t2"]
            if title and len(title.split()) <= 8:
                facts.append(_Fact(title.strip(), third(clean_lead(sentence))))
    paired = [m.span() for m in _PAIRED.finditer(sentence)]
    facts += _paired(sentence) + _expecting(sentence, previous)
    for gate, pattern in ((_COPULA_GATE, _SEM_COPULA), (_RELATION_GATE, _SEM_RELATION)):
        if gate.search(low):
            for m in pattern.finditer(sentence):
                if any(start <= m.start() < end for start, end in paired):
                    continue  # "Tom got married": said of the two, see _paired
                x, said = m["x"], m.group(0)
                if len(x.split()) > 1 and x.split()[0].lower() in _LEAD_WORDS:  # "Sadly Pickle"
                    said = said[len(x.split()[0]):].lstrip()
                    x = x.split(maxsplit=1)[1]
                # a pronoun with its verb is one too: "We've moved to Nottingham"
                if re.split(r"['’]", x.split()[0].lower().strip("'’"))[0] in _BAD_SUBJECTS:
                    continue
                if x.lower() in _PARENTS:  # "Dad now lives in Swansea"
                    facts.append(_Fact(f"{subject}'s {x.lower()}",
                                       third(f"{subject}'s {x.lower()}{said[len(x):]}")))
                    continue
                # A lone capitalised word opening "X is ..." is often no name ("Today is");
                # before "lives in", "moved to", "works at" it is one ("Maya moved to Madrid").
                named = pattern is _SEM_RELATION or _DEFINITION.match(m["pred"])
                if m.start() == 0 and len(x.split()) == 1 and not named:
                    continue
                facts.append(_Fact(x, third(said)))
                # "Tom and Priya moved to Bristol": Tom moved too
                if pattern is _SEM_RELATION and (other := _ALSO_NAMED.search(
                        sentence, 0, m.start())) and other["name"].lower() not in (
                            _BAD_SUBJECTS | {"me"}):
                    facts.append(_Fact(other["name"], third(other["name"] + said[len(x):])))
    facts += [fact for m in _KIN_WHO_EN.finditer(sentence) for fact in (
        _Fact(m["name"], f"{m['name']} is {subject}'s {' '.join(m['rel'].split())}."),
        _Fact(m["name"], f"{m['name']} {m['said'].strip()}."))]
    if _MY_GATE.search(low) or "our " in low:
        for m in _SEM_KIN_PLACE.finditer(sentence):
            facts.append(_Fact(f"{owner_of(m['owner'])}'s {' '.join(m['rel'].split())}",
                               third(m.group(0))))
    facts += _kin_abroad(sentence) + _with_user(sentence, subject)
    facts += [_Fact(f"{cap(subject)} lived in {m['x']}", f"{subject} lived in {m['x']}.", True,
                    throughout=bool(m["lived"])) for m in _FORMER_HOME.finditer(sentence)]
    facts += [_Fact(said.format(x=m["x"]).rstrip("."), said.format(x=m["x"]), True, throughout=True)
              for former, said in _FORMER_HOME_ABROAD for m in former.finditer(sentence)]
    if _HAVE_GATE.search(low):
        facts += [_Fact(subject, third(m.group(0))) for m in _SEM_COUNT.finditer(sentence)]
    # named as the summary opens ("El usuario"), which then needs no "name:" label
    facts += [_Fact(owner, f"{owner} {has} {m['n']} {m['kin']}, {m['names']}.")
              for pattern, owner, has in _COUNT_NAMED_ABROAD for m in pattern.finditer(sentence)]
    if _MY_GATE.search(low):
        for m in _SEM_POSSESSIVE.finditer(sentence):
            x = m["x"]
            if x.split()[-1] not in _BAD_POSSESSIONS and not re.search(r"favou?rite|fave|name", x):
                facts.append(_Fact(f"{subject}'s {x}", third(m.group(0))))
    return facts



def extract_semantic(inputs: list[InputText]) -> list[Row]:
    """Facts and definitions about people, places and things ("X is a Y", "my cat is Luna")."""
    rows: list[Row] = []
    seen: set[tuple[str, str]] = set()
    last = ""  # the sentence before an input's first: the last one of the message before
    # a batch's facts of one person are one item: a change told with another fact
    # ("小红不当老师了，她在阿里巴巴上班") replaces the old item with both
    told: dict[str, Row] = {}
    for inp in inputs:
        prep = prepare(told_in_passing(inp.text))
        subject = subject_of(inp, prep.zh)
        sentences = prep.sentences()
        before, last = last, sentences[-1] if sentences and inp.role in (None, "user") else ""
        for sentence, previous in zip(sentences, [before, *sentences], strict=False):
            facts = [one for fact in _facts_told(sentence, previous, subject, prep.zh)
                     for one in _each_said(fact)]
            topic = topic_path(sentence, prep.zh)[0] if facts else ""
            for fact in facts:
                key = (fact.name.lower(), fact.summary.lower())
                if key in seen or not fact.name:
                    continue
                seen.add(key)
                own_topic = topic_path(fact.summary, prep.zh)[0]
                summary, validity = _lasting(fact, inp)
                summary = finish(cap(summary), prep.zh)
                same = told.get(fact.name.casefold())
                if same is not None and "valid_until" not in validity:
                    same["summary"] = ("" if prep.zh else " ").join((same["summary"], summary))
                    if inp.source_id not in same["source_ids"]:
                        same["details"] += f" {speaker_of(inp)}: {sentence}"
                        same["source_ids"].append(inp.source_id)
                    same.update(validity)
                    continue
                rows.append(
                    {
                        **validity,
                        "name": fact.name,
                        "summary": summary,
                        "details": f"{speaker_of(inp)}: {sentence}",
                        "source": inp.speaker or "conversation",
                        "source_ids": [inp.source_id],
                        "tree_path": [
                            topic if own_topic in ("general", "其他") else own_topic,
                            fact.name,
                        ],
                    }
                )
                if "valid_until" not in validity:
                    told[fact.name.casefold()] = rows[-1]
    return rows + _between(inputs)


_TWO_SAID = re.compile(r"^(?P<who>[A-Z][\w'’-]+(?:,\s+[^,]{3,40},)?)\s+(?P<a>(?:lives|works|is|has|"
                       r"studies|teaches)\s[^.;]+?)\s*,?\s+and\s+(?:(?:he|she)\s+)?(?P<b>(?:is|"
                       r"works|lives|has|studies|teaches)\s[^.;]+?)\.?$")
"""An English fact of someone saying two things in one breath ("Kate lives in Leeds and is a
dentist"), as :data:`_AND_THEN` finds in the other languages."""


def _each_said(fact: _Fact) -> list[_Fact]:
    """``fact`` as one fact for each thing it says of its subject (see :data:`_TWO_SAID`), so a
    move leaves the job current."""
    two = _TWO_SAID.match(fact.summary)
    if not two or fact.ended:
        return [fact]
    return [_Fact(fact.name, f"{two['who']} {two[part]}.") for part in ("a", "b")]


def _between(inputs: list[InputText]) -> list[Row]:
    """The values a batch gave a slot of the speaker's and changed again (see
    :func:`~mirix_like.offline.changes.passed`), as past facts true from the input that said
    them until the one that changed them: "Where did I live before Bristol?" is Bath."""
    rows: list[Row] = []
    for said, inp, changed in passed(inputs):
        start = {"valid_from": since(inp).isoformat()} if said.change else {}
        rows.append({
            **start,
            "valid_until": since(changed).isoformat(),
            "name": said.statement,
            "summary": said.statement,
            "details": f"{speaker_of(inp)}: {inp.text}",
            "source": inp.speaker or "conversation",
            "source_ids": [inp.source_id],
            "tree_path": [topic_path(said.statement, prepare(inp.text).zh)[0], said.statement],
        })
    return rows



def _lasting(fact: _Fact, inp: InputText) -> tuple[str, dict[str, str]]:
    """A fact said in change words as the lasting fact it makes, true since its input says
    ("Beth moved to Plymouth" -> "Beth lives in Plymouth.", found again by "Where does Beth
    live?"); a former home as true until then."""
    if fact.ended:
        return fact.summary, {"valid_until": (until(inp) if fact.throughout
                                              else since(inp)).isoformat()}
    said = settings(fact.summary, subject=fact.name)
    if len(said) == 1 and said[0].change and said[0].value and said[0].slot != "alive":
        return said[0].statement, {"valid_from": since(inp).isoformat()}
    if len(said) == 1 and said[0].slot == "job" and said[0].value and _BARE_TRADE.match(
            fact.summary):  # "Claire est avocate": "Claire travaille comme avocate."
        return said[0].statement, {}
    return fact.summary, {}


_BARE_TRADE = re.compile(r"^\S+\s+(?:est|es|ist)\s")
"""A trade said with "is" in French, Spanish or German, which a question of work ("Que fait
Claire dans la vie ?") reads best as the work it is."""


def _concerns(inp: InputText) -> bool:
    # a change of the speaker's own, or a value said to hold now: with another in its batch,
    # a value in between or before is kept here
    now = says_now(inp.text)
    if any((s.change or now) and s.value for s in settings(inp.text, own=True)):
        return True
    prep = prepare(told_in_passing(inp.text))
    sentences = prep.sentences()
    return any(
        _facts_told(s, p, "the user", prep.zh)
        for s, p in zip(sentences, ["", *sentences], strict=False)
    )


# plain statements of two values of one slot ("I work at Glovo." ... "I work at Cabify."): the
# first is kept here as past
EXTRACTOR = Extractor("semantic", extract_semantic, _concerns,
                      together=lambda inputs: bool(passed(inputs)))
