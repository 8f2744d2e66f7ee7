"""Everyday words of one meaning across the languages the offline rules read, and compounds.

Not a translator: a short list of the words screens, receipts, calendars and tickets show in
one language and a question asks in another ("How much did the coffee cost?" of a receipt's
"Kaffee 6,99", "the total at Aldi" of its "SUMME EUR"). Words that are also common English
words with another meaning are left out ("pain", "place", "pan"): they would match English
text about something else. German joins nouns into compounds ("Zahnarzttermin"), which
:func:`compound_parts` splits against the words a text does have ("Zahnarzt", "Termin"), and
which mean what their last word means, or else a long first word (:func:`meaning`:
"Gerätename" is a device's name). :data:`KIN` lists the words for one's family, friends and
household, which tell a question or a fact about them from one about the speaker.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Container

__all__ = ["KIN", "WORD", "ZH_KIN", "compound_parts", "compound_splits", "meaning",
           "same_meaning", "uninverted", "verb", "verb_language", "zh_meanings"]

# One group per line, the English word first: it names the group. What one pays or spends
# is what a receipt's total says ("How much did I spend at Aldi?" of "SUMME EUR 10,67").
_GROUPS = """
total summe gesamt gesamtbetrag gesamtsumme endsumme endbetrag rechnungsbetrag somme montant
 importe suma
 pay paid spend spent bezahlt gezahlt ausgegeben payé payer dépensé pagado pagar gastado
amount betrag
balance saldo solde kontostand
opening ouverture apertura eröffnung
price preis prix precio cost costs kosten kostet coût coûte coûtent coste
 cuesta cuestan
receipt kassenbon quittung beleg reçu recibo
invoice rechnung facture factura
due fällig échéance vencimiento
charge charged abbuchung lastschrift prélèvement prélevé cargo
vat mwst ust mehrwertsteuer tva iva
cart warenkorb einkaufswagen panier carrito cesta
delivery shipping versand lieferung livraison envío entrega
size big größe taille tamaño
drive coche voiture pkw auto autos fahre fährt
lunch mittagessen almuerzo
coffee kaffee café cafe
tea thé té
milk milch lait leche
bread brot baguette
cheese käse fromage queso
water wasser eau agua
beer bier bière cerveza
wine wein vino
butter beurre mantequilla
apple apfel äpfel pomme pommes manzana
tomato tomatoes tomate tomaten tomates
shoe shoes schuh schuhe chaussure chaussures zapato zapatos zapatilla zapatillas
headphones earphones kopfhörer écouteurs auriculares cascos
jacket jacke jacken veste vestes chaqueta chaquetas cazadora
coat mantel manteau manteaux abrigo abrigos
shirt hemd hemden chemise chemises camisa camisas
dress kleid kleider vestido vestidos
sweater pullover suéter
electricity strom électricité electricidad
device gerät geräte appareil dispositivo
network netzwerk netz réseau
channel kanal canal
settings einstellung einstellungen réglages paramètres ajustes configuración
brightness helligkeit luminosité brillo
storage speicher speicherplatz stockage almacenamiento
memory ram arbeitsspeicher mémoire memoria
available verfügbar disponible disponibles
people personen leute personnes gens personas gente
cat cats katze katzen kater chatte chattes gato gata gatos gatas
dog hund chien perro retriever labrador poodle spaniel terrier beagle bulldog husky dachshund
 collie corgi labradoodle cockapoo greyhound whippet schnauzer rottweiler dalmatian
appointment termin rendez-vous rdv cita
salary salaries earn earns earning earnings income wage wages raise paycheck gehalt lohn
 einkommen salaire sueldo salario
weight weigh weighs weighed kg kilos kilograms lbs gewicht wiege wiegt poids pèse peso
medication medications medicine medicines meds pill pills medikament medikamente medikamenten
 arznei arzneimittel médicament médicaments medicamento medicamentos
meeting besprechung sitzung réunion reunión
dentist zahnarzt zahnärztin dentiste dentista
doctor arzt ärztin médecin médico docteur
dermatologist dermatologe dermatologin dermatologue dermatólogo dermatóloga
pediatrician paediatrician kinderarzt kinderärztin pédiatre pediatra
vet veterinarian tierarzt tierärztin vétérinaire veterinario veterinaria
flight flug vuelo vol vols
departure depart departs leave leaves abflug abfahrt départ salida
school schule école escuela colegio
museum museen musée museo
arrival ankunft arrivée llegada
boarding einsteigen einstieg embarquement embarque
gate flugsteig porte puerta
seat sitz sitzplatz siège asiento
luggage baggage bag bags gepäck koffer bagage bagages equipaje maleta maletas
room raum zimmer salle chambre habitación
error fehler erreur
password passwort kennwort contraseña
address adresse dirección
phone telefon téléphone teléfono
birthday geburtstag anniversaire cumpleaños
daughter tochter töchter fille filles hija hijas
wife wives wifey ehefrau frau femme esposa mujer
husband hubby ehemann mann esposo marido
name names nom nombre heißt heisst heiße heißen heissen s'appelle appelle s'appellent
 appellent llama llamo llaman
allergy allergies allergic allergie allergien allergisch allergique allergiques alergia alergias
 alérgico alérgica alérgicos alérgicas
sister schwester schwestern sœur soeur sœurs hermana hermanas
mother mum mom mutter mama mère madre
father dad vater papa père padre
train zug bahn tren
walk fuß fußweg pied caminando andando
station bahnhof gare estación
key schlüssel clé clef llave
rent miete loyer alquiler
deposit kaution depósito fianza
landlord vermieter vermieterin casero casera arrendador
work job employer employ employs employed employment occupation profession beruf arbeitgeber
 emploi employeur métier empleo
 empleador profesión
sport sports deporte deportes
hobby hobbies hobbys freizeit loisir loisirs afición aficiones pasatiempo pasatiempos
language languages sprache langue langues idioma idiomas lengua lenguas
football fußball fussball fútbol futbol
tennis tenis
padel pádel
swimming schwimmen natation natación
climbing klettern escalade escalada
hiking wandern randonnée senderismo
cycling radfahren cyclisme ciclismo vélo
chess schach échecs ajedrez
pottery töpfern poterie cerámica alfarería
painting malen peinture pintura pintar
knitting stricken tricot
photography fotografie photographie fotografía
gardening gärtnern jardinage jardinería
dancing tanzen danse baile bailar
instrument instrumento instruments instrumentos
guitar gitarre guitare guitarra
violin geige violon violín
vegetarian vegetarisch vegetarier vegetarierin végétarien végétarienne vegetariano vegetariana
english englisch anglais inglés
spanish spanisch espagnol español castellano
french französisch français francés
german deutsch allemand alemán
italian italienisch italien italiano
portuguese portugiesisch portugais portugués
japanese japanisch japonais japonés
chinese chinesisch chinois chino
russian russisch russe ruso
lease mietvertrag
client clients customer customers kunde kunden kundin kundinnen cliente clientes
list lists liste listen listes lista listas
marathon maratón
munich münchen múnich muc
barcelona bcn
london lhr lgw stn ltn
paris cdg
amsterdam ams
cologne köln colonia
vienna wien vienne viena
lisbon lissabon lisbonne lisboa
venice venedig venise venecia
geneva genf genève ginebra
brussels brüssel bruxelles bruselas
prague prag praga
warsaw warschau varsovie varsovia
copenhagen kopenhagen copenhague
seville sevilla séville
naples neapel nápoles
monday mon montag lundi lunes
tuesday tue tues dienstag mardi martes
wednesday mittwoch mercredi miércoles
thursday thu thur thurs donnerstag jeudi jueves
friday fri freitag vendredi viernes
saturday samstag sonnabend samedi sábado
sunday sonntag dimanche domingo
january januar janvier enero
february feb februar février febrero
march märz mars marzo
april apr avril abril
june jun juni juin junio
july jul juli juillet julio
august aug août agosto
september sep sept septembre septiembre
october oct oktober octobre octubre
november nov novembre noviembre
december dec dezember décembre diciembre
"""
# Verbs by their stems, the English word first, then the German, Spanish and French stems
# ("-" for none, "," between several): a verb is written in one of its forms ("estudio",
# "estudia", "studiert", "étudient"), which :func:`meaning` reads off its stem, and the
# stem's column says the language (:func:`verb_language`).
_VERBS = """
study studier estudi étudi,etudi
speak sprech,sprich habl parl
play spiel jueg,jug,toc jou
cook koch,köchel cocin cuisin,mijot
have hab teng,tien -
learn lern aprend apprend
diet ernähr - -
practise - practic pratiqu
live wohn,leb viv viv,habit,véc
work arbeit trabaj travaill
bring bring,bracht traig,llev apport
arrive ankomm lleg arriv
delivery liefer entreg livré,livrer
lunch - almorz déjeun
bake back horne -
move zieh,zog mud déménag
"""
# Chinese words of a group, by its English word: found inside a run of characters, which has
# no spaces ("我女儿叫什么名字" asks for a daughter's name, "用户的猫叫咪咪" names a cat).
_ZH = {"工作": "work", "上班": "work", "住": "live", "生活": "live", "女儿": "daughter",
       "儿子": "son", "妻子": "wife", "老婆": "wife", "丈夫": "husband", "老公": "husband",
       "姐姐": "sister", "妹妹": "sister", "哥哥": "brother", "弟弟": "brother",
       "妈妈": "mother", "母亲": "mother", "爸爸": "father", "父亲": "father", "猫": "cat",
       "狗": "dog", "名字": "name", "叫": "name", "航班": "flight", "过敏": "allergy",
       "生日": "birthday", "密码": "password", "地址": "address", "电话": "phone",
       "清单": "list", "孙子": "grandchild", "孙女": "grandchild", "外孙": "grandchild",
       "汽车": "drive", "车": "drive", "伴侣": "partner", "宠物": "pet", "岁": "old",
       "多大": "old", "运动": "sport", "锻炼": "sport", "游泳": "swim", "跑步": "run",
       "骑车": "cycl", "攀岩": "climb", "瑜伽": "yoga",
       # a job by its other word, or ended ("我的职业是什么？", "用户退休了")
       "职业": "work", "退休": "work"}


def zh_meanings(run: str) -> set[str]:
    """The English words of the groups whose Chinese words ``run`` has."""
    return {head for word, head in _ZH.items() if word in run}


_VERB_LANGUAGES = ("de", "es", "fr")
# The prefixes a German verb sheds at the end of its clause ("Bring … mit" of "mitbringen").
_SEPARABLE = ("mit", "ab", "an", "auf", "aus", "ein", "nach", "vor", "weg", "zurück", "zu",
              "her", "hin", "los")
# The endings of a verb's present, past and infinitive in each language, which a stem of
# that language takes ("había" is no German "hab"); a bare stem is a German imperative
# ("Spiel!") or a French present ("il apprend"), no Spanish form ("jug" is no "jugar").
_ENDINGS_OF = {lang: frozenset(endings.split()) for lang, endings in zip(_VERB_LANGUAGES, (
    "e st t en et est te ten test tet n ete eten etest etet er",  # arbeitete, Arbeiter
    "o a as an amos áis ar é ó aba abas aban ábamos abais ando ado ada ados adas ante antes"
    " aste asteis aron ué"  # estudio, estudió, trabajaron, jugué
    " e es en emos éis ís er ir í iste ió imos isteis ieron ía ías íamos íais ían iendo ido"
    " ida idos idas",  # vive, viví, vivía, aprendido
    "e es ent er re ons ez ais ait ions iez aient é ée és ées ant ants ante antes a èrent s"
    " u ue us ues",
    # étudie, apprends, étudiante, joua, vécu
), strict=True)}
_ENDINGS_OF["de"] |= {""}
_ENDINGS_OF["fr"] |= {""}
# every ending, the longest first (so "estudiamos" is "estudi"+"amos", not "estudiamo"+"s")
_VERB_ENDINGS = tuple(sorted(set().union(*_ENDINGS_OF.values()), key=len, reverse=True))
_NOT_VERBS = frozenset({"habit", "habits", "back", "backer"})
"""English words that read as a verb form of another language (French "habiter", German
"backen")."""
_LETTER = r"[^\W\d_\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
WORD = re.compile(rf"{_LETTER}(?:{_LETTER}|['’-](?={_LETTER}))*")
"""A word in a spaced alphabet (not Chinese or Japanese, which have no spaces): letters, with
inner apostrophes and hyphens ("rendez-vous", "Melanie's")."""
_INVERTED = re.compile(r"(?<=\w)(?<!rendez)-(?:t-)?(?:je|tu|il|elle|on|nous|vous|ils|elles|ce)\b")
"""The pronoun a French question joins to its verb ("est-ce", "travaille-t-il", "habite-je"); not
"rendez-vous"."""


def uninverted(text: str) -> str:
    """``text`` with a French question's joined pronouns cut from their verbs ("Où
    travaille-t-il ?" asks of "travaille"), so the verb is read as a word of its own."""
    return _INVERTED.sub("", text)

# Endings a word of a group may carry in a text: plurals and German case endings.
_ENDINGS = ("s", "es", "e", "n", "en", "er")
# What joins the parts of a German compound (the Fugenelement): "Vertrieb-s-besprechung".
_LINKS = ("", "s", "es", "n", "en", "e", "er")
_PART = 4
"""The fewest letters a word of a group has to be read inside a compound ("Zug" is not)."""
_VOWELS = frozenset("aeiouyäöüéèáíóú")


@functools.cache
def _heads() -> dict[str, str]:
    heads: dict[str, str] = {}
    for head, words in _groups().items():
        heads |= dict.fromkeys(words, head)
    return heads


@functools.cache
def _groups() -> dict[str, tuple[str, ...]]:
    # a line that opens with a space goes on the group above it
    lines = re.sub(r"\n +", " ", _GROUPS.strip()).splitlines()
    return {words[0]: tuple(words) for words in map(str.split, lines)}


_ELIDED = re.compile(r"^(?:[dljmtsn]|qu)'(?=\w)")
_AMBIGUOUS = frozenset({"mon", "tue", "sept"})
"""Calendar abbreviations that are everyday words of a language the rules read ("mon" is
French "my", "sept" French "seven", "tue" French "kills"): one means its day or month only as
a calendar writes it, capitalised ("Mon", "SEPT"), and a search for the day or month does not
look for it."""
_NO_ENDINGS = frozenset({"ram"})
"""Words that take no plural or case ending: "ramen" is no RAM."""


def meaning(word: str) -> str | None:
    """The English word of the group ``word`` belongs to (any case, with a plural or case
    ending: "Termine", "citas"; an ambiguous abbreviation capitalised only; after a French
    elided article: "l'escalade"; a capitalised German compound by one of its words:
    "Zahnarzttermin", "Gerätename"), or None."""
    low = _ELIDED.sub("", word.lower().replace("’", "'"))
    if low in _AMBIGUOUS and not word[:1].isupper():
        return None
    return _inflected(low) or verb(low) or (_compound_meaning(low) if word[:1].isupper()
                                            else None)


def _inflected(low: str) -> str | None:
    """The group of ``low`` as written or with a plural or case ending, no compound."""
    heads = _heads()
    if low in heads:
        return heads[low]
    for ending in _ENDINGS:
        if low.endswith(ending) and len(low) - len(ending) >= 3 and (
                head := heads.get(low[: -len(ending)])) and low[: -len(ending)] not in _NO_ENDINGS:
            return head
    return None


def _foreign(part: str) -> str | None:
    """The group of ``part`` when it is a word of another language than English: English
    joins no words, and its own words inside longer ones are no compound ("Keyboard")."""
    head = _inflected(part)
    return head if head and not part.startswith(head) else None


@functools.lru_cache(maxsize=65536)
def _compound_meaning(low: str) -> str | None:
    """The group of a German compound whose last word (what it is: "Zahnarzttermin" is an
    appointment) or else first word (what it is of: "Gerätename", a device's name) is a
    word of a group. A first word is one of five letters at least (English words begin with
    "Brot", "Hund") before a second that starts like a word, not like an ending ("Terminator"
    is no appointment)."""
    splits = compound_splits(low, _PART)
    for _, tail in splits:
        if found := _foreign(tail):
            return found
    for head, tail in splits:
        if len(head) > _PART and tail[0] not in _VOWELS and (found := _foreign(head)):
            return found
    return None


def verb(word: str) -> str | None:
    """The English verb of which ``word`` is a German, Spanish or French form ("studiert",
    "estudio", "étudient": "study"), or None."""
    found = _verb_form(word.lower())
    return found[0] if found else None


def verb_language(word: str) -> str | None:
    """The language (``de``, ``es``, ``fr``) of which ``word`` is a verb form ("spielst":
    ``de``), or None."""
    low = word.lower()
    found = _verb_form(low)
    # the English verb itself ("bring", also a German stem) says no other language
    return found[1] if found and found[0] != low else None


@functools.lru_cache(maxsize=65536)
def _verb_form(low: str) -> tuple[str, str] | None:
    return _stem_form(low) or _german_form(low)


def _stem_form(low: str, lang: str | None = None) -> tuple[str, str] | None:
    """The English verb and the language of a stem of ``lang`` (any when None) in ``low``,
    with an ending of its language."""
    if low in _NOT_VERBS:
        return None
    verbs = _verb_stems()
    for ending in _VERB_ENDINGS:
        if low.endswith(ending) and (stem := low[: len(low) - len(ending)]) in verbs:
            for found in verbs[stem]:
                if lang in (None, found[1]) and ending in _ENDINGS_OF[found[1]]:
                    return found
    return None


def _german_form(low: str) -> tuple[str, str] | None:
    """A German verb behind a separable prefix, a participle's "ge" or an infinitive's "zu"
    ("mitbringen", "mitgebracht", "gespielt", "mitzubringen": what "Bring … mit" says)."""
    for prefix in ("", *_SEPARABLE):
        if not low.startswith(prefix):
            continue
        rest = low[len(prefix):]
        for inner in ("", "ge", "zu") if prefix else ("ge",):
            form = rest[len(inner):] if rest.startswith(inner) else ""
            if len(form) >= 3 and (found := _stem_form(form, "de")):
                return found
    return None


@functools.cache
def _verb_stems() -> dict[str, list[tuple[str, str]]]:
    """Each stem: its English verb and language, one for each language it is a stem of
    ("viv": Spanish "vivir", French "vivre")."""
    stems: dict[str, list[tuple[str, str]]] = {}
    for head, *columns in map(str.split, _VERBS.strip().splitlines()):
        for lang, column in zip(_VERB_LANGUAGES, columns, strict=True):
            for stem in column.split(","):
                if stem != "-":
                    stems.setdefault(stem, []).append((head, lang))
    return stems


def same_meaning(word: str) -> tuple[str, ...]:
    """Every word of ``word``'s group, itself included; () when it is in none. Of a verb,
    whose group holds stems, the English verb and ``word``."""
    head = meaning(word)
    if not head:
        return ()
    group = _groups().get(head)
    if group is None:
        return (head, word.lower())
    return tuple(w for w in group if w not in _AMBIGUOUS or w == word.lower())


def compound_splits(word: str, shortest: int = 4) -> list[tuple[str, str]]:
    """Every way ``word`` may be two words joined (each at least ``shortest`` letters), with
    or without a linking "s", "n", "en" … between them; lower-cased."""
    low = word.lower()
    found: list[tuple[str, str]] = []
    for cut in range(shortest, len(low) - shortest + 1):
        head, tail = low[:cut], low[cut:]
        for link in _LINKS:
            if head.endswith(link) and len(head) - len(link) >= shortest:
                found.append((head[: len(head) - len(link)], tail))
    return found


def compound_parts(word: str, known: Container[str],
                   norm: Callable[[str], str] = str.lower) -> tuple[str, str] | None:
    """The two words of ``known`` (compared as ``norm`` gives them) that ``word`` joins, the
    longer second part first found ("zahnarzttermin" -> "zahnarzt", "termin"), or None."""
    for head, tail in compound_splits(word, shortest=3):
        if norm(head) in known and norm(tail) in known:
            return norm(head), norm(tail)
    return None


KIN = (r"sisters?|brothers?|siblings?|mother|mom|mum|father|dad|parents?|sons?|daughters?|kids?|"
       r"children|wife|husband|partner|boyfriend|girlfriend|friends?|boss|colleagues?|"
       r"neighbou?rs?|cousins?|aunt|uncle|grand\w+|niece|nephew|roommate|flatmate|dogs?|cats?|"
       r"schwester|bruder|mutter|vater|freund\w*|sœur|soeur|frère|frere|mère|père|hermana|"
       r"hermano|madre|padre|amig[oa]s?|tochter|sohn|frau|mann|fille|fils|amie?|femme|mari|"
       r"hij[oa]s?|novi[oa]|espos[oa]|marido")
"""Someone of one's own family, friends or household, as a regex alternation ("my sister",
"meine Schwester", "mi hermano"): after "my" they make a question or a fact about them, not
about the speaker."""
ZH_KIN = (r"妹妹|姐姐|哥哥|弟弟|妈妈|爸爸|母亲|父亲|儿子|女儿|孩子|老公|老婆|丈夫|妻子|"
          r"男朋友|女朋友|朋友|同事|老板|邻居|室友|奶奶|爷爷|外婆|外公")
""":data:`KIN` in Chinese."""
