"""Secrets said in everyday words, in English, German, French, Spanish and Chinese.

"the wifi password is hunter2", "WLAN-Passwort: ...", "mon mot de passe est ...", "la
contraseña del wifi es ...", "密码是...", "my locker combination is 12-34-56", "the PIN for my
card is 4821", "door code 7730#". A keyword names what the value is; what may follow it is a
complement ("for my card", "du wifi", "für das WLAN"), a verb or sign ("is", "lautet", "est",
"es", ":", "是") and the value, which must have the shape its kind has (a PIN is digits, a
code has a digit, a password is not an adjective), so "my password manager is great", "the
code review went well" and "my password is strong" are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from mirix_like.secrets.formats import EMAIL, IBAN, iban_ok, phone_digits_ok
from mirix_like.secrets.model import Hit, Kind

# language -> kind -> keywords, comma-separated. A keyword ending in "=" counts only before
# ":" or "=" ("pass: ...", not "pass the salt").
_KEYWORDS: dict[str, dict[Kind, str]] = {
    "en": {
        "password": "password, passwd, pwd, pw, pass=, wifi pass, wi-fi pass, wifi key, wi-fi key, "
        "network key, wpa key",
        "passphrase": "passphrase, pass phrase, seed phrase, recovery phrase, secret phrase",
        "pin": "pin, pin code, pin number",
        "code": "code, passcode, keycode, keypad=, keypad code, safe=, safe code, otp, cvv, cvc",
        "combination": "combination, combo",
        "token": "token",
        "api_key": "api key, api-key, apikey, api token, secret key, client secret, app secret, "
        "secret=, license key, licence key, product key, activation key, recovery key",
        "private_key": "private key",
        "account": "account number, account no, account no., acct number, acct no, acct no., "
        "routing number, "
        "sort code, bank account, bank account number",
        "card": "card number, card no, card no., credit card, credit card number, debit card, "
        "debit card number",
        "iban": "iban",
        "ssn": "social security number, ssn, social insurance number, national insurance number",
        "id_number": "passport number, passport no, passport no., driver's license number, "
        "driver's license, drivers license, license number, id number, tax id",
        "username": "username, user name, user id, login, login name",
        "phone": "phone number, phone, mobile number, mobile=, cell=, cell number, telephone, "
        "tel=, number=",
        "email": "email address, email, e-mail, e-mail address, mail=",
        "address": "home address, mailing address, postal address, street address, address",
    },
    "de": {
        "password": "passwort, kennwort, wlan-schlüssel, wlan-key, netzwerkschlüssel",
        "passphrase": "wiederherstellungsphrase",
        "pin": "pin-code, pin-nummer, geheimzahl",
        "code": "zugangscode, sicherheitscode",
        "combination": "kombination, zahlenkombination",
        "api_key": "api-schlüssel, lizenzschlüssel, produktschlüssel",
        "private_key": "privater schlüssel",
        "account": "kontonummer, bankverbindung",
        "card": "kartennummer, kreditkartennummer",
        "ssn": "sozialversicherungsnummer",
        "id_number": "ausweisnummer, personalausweisnummer, reisepassnummer, steuer-id, "
        "steuernummer",
        "username": "benutzername, nutzername",
        "phone": "telefonnummer, handynummer, mobilnummer, nummer=, telefon=",
        "email": "e-mail-adresse, mailadresse",
        "address": "adresse, anschrift, wohnadresse",
    },
    "fr": {
        "password": "mot de passe, mdp, clé wifi, clé wpa",
        "passphrase": "phrase secrète, phrase de récupération",
        "pin": "code pin, code secret",
        "code": "digicode, code d'accès, code d'entrée",
        "combination": "combinaison",
        "token": "jeton",
        "api_key": "clé api, clé d'api, clé secrète",
        "private_key": "clé privée",
        "account": "numéro de compte, rib",
        "card": "numéro de carte, carte bancaire, carte de crédit",
        "ssn": "numéro de sécurité sociale",
        "id_number": "numéro de passeport",
        "username": "identifiant, nom d'utilisateur",
        "phone": "numéro de téléphone, numéro de portable, téléphone=, numéro=",
        "email": "adresse e-mail, adresse mail, courriel",
        "address": "adresse postale, domicile",
    },
    "es": {
        "password": "contraseña, contrasena, clave",
        "passphrase": "frase de recuperación, frase semilla",
        "pin": "código pin, número pin, número secreto",
        "code": "código, código de acceso, código de seguridad",
        "combination": "combinación",
        "api_key": "clave api, clave de api, clave secreta",
        "private_key": "clave privada",
        "account": "número de cuenta, cuenta bancaria, clabe",
        "card": "número de tarjeta, tarjeta de crédito, tarjeta de débito",
        "ssn": "número de seguridad social",
        "id_number": "número de pasaporte, dni",
        "username": "usuario, nombre de usuario",
        "phone": "número de teléfono, teléfono=, móvil=, celular=, número=",
        "email": "correo electrónico, correo=",
        "address": "dirección, domicilio",
    },
    "zh": {
        "password": "密码, 口令",
        "passphrase": "助记词",
        "pin": "PIN码, pin码",
        "code": "门禁码, 验证码, 取件码, 安全码",
        "combination": "密码组合",
        "token": "令牌",
        "api_key": "密钥, 秘钥, API密钥",
        "private_key": "私钥",
        "account": "账号, 帐号, 账户, 银行账号",
        "card": "银行卡号, 卡号, 信用卡号",
        "ssn": "社保号",
        "id_number": "身份证号, 身份证号码, 护照号, 护照号码",
        "username": "用户名",
        "phone": "手机号, 手机号码, 手机, 电话, 电话号码, 座机",
        "email": "邮箱, 电子邮件, 邮件地址",
        "address": "地址, 住址, 家庭住址",
    },
}


class _Entry(NamedTuple):
    kind: Kind
    lang: str
    needs_sign: bool


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _lexicon(*langs: str) -> dict[str, _Entry]:
    """keyword (lower case) -> what it names; the first language listed owns a shared word."""
    lexicon: dict[str, _Entry] = {}
    for lang in langs:
        for kind, words in _KEYWORDS[lang].items():
            for word in words.split(","):
                key = word.strip().rstrip("=").lower()
                lexicon.setdefault(key, _Entry(kind, lang, word.strip().endswith("=")))
    return lexicon


_LEXICON = _lexicon("en", "de", "fr", "es")
_ZH_LEXICON = _lexicon("zh")
# Stems that take a compound in front ("Türcode", "WLAN-Passwort", "SIM-PIN", "wifi-password").
_COMPOUNDING = "passwort|kennwort|password|pin|code|kombination"
# Words that make "code" (or "pin") something else: "barcode", "zip code", "source code"...
_NOT_SECRET_CODES = _set(
    """bar qr source quell dress zip post postal uni en de re pre trans geo morse area promo
    promotional discount coupon voucher referral invite rabatt gutschein fehler error status
    farb color colour länder country iso html pseudo maschinen machine programm byte bytes zeit
    time short hash op micro mis sp s tracking booking reference course class tax swift iata
    airport language python java cheat confirmation reservation order ticket flight
    membership loyalty customer invoice shipment parcel"""
)


def _alternation(words: list[str]) -> str:
    return "|".join(
        re.escape(w).replace(r"\ ", r"\s+").replace("'", "['’]")
        for w in sorted(words, key=len, reverse=True)
    )


_DETS = (
    r"my|the|our|your|his|her|their|this|that|a|an|das|die|der|den|dem|des|mein|meine|meinen|"
    r"meinem|meiner|meines|unser|unsere|unseres|unserer|la|le|les|l'|mon|ma|mes|notre|nos|el|los|"
    r"las|mi|mis|nuestro|nuestra|su|sus"
)
_PREPS = (
    r"for|of|to|on|at|in|für|fürs|vom|von|zum|zur|im|in|bei|beim|du|de\s+la|de\s+l'|des|de|d'|"
    r"au|aux|à|chez|del|al|para|en|meiner|meines|unserer|unseres"
)
_COPULAS = (
    r"is\s+set\s+to|is\s+now|is|was|are|set\s+to|changed\s+to|ist\s+jetzt|ist|lautet|lautete|"
    r"war|heißt|est\s+maintenant|c'est|est|était|sera|es\s+ahora|es|era|será|to"
)
# "to" gives a value only after a verb of setting: "I set the garage passcode to 9911".
_SETTING = re.compile(
    r"\b(?:set|sets|setting|chang(?:e|ed|es|ing)|reset|updat(?:e|ed)|switch(?:ed)?)\b",
    re.IGNORECASE,
)
_WORD = r"(?!(?:" + _COPULAS + r")\b)[^\W\d_][\w'’-]*"
_KEYWORD = re.compile(
    r"(?<![\w-])(?:(?P<pre>[^\W\d_][\w-]*?-?)(?=(?i:" + _COMPOUNDING + r")\b))?(?P<kw>"
    + _alternation(list(_LEXICON))
    + r")(?![\w-])",
    re.IGNORECASE,
)
_FIRST_WORDS = frozenset(k.split()[0] for k in _LEXICON)
_STEMS = tuple(_COMPOUNDING.split("|"))
_WORD_TOKEN = re.compile(r"(?<![\w-])[^\W\d_][\w'’-]*")
# A qualifier after the keyword: "mi contraseña nueva es ...", "le mot de passe actuel est".
_AFTER = (r"(?:\s+(?:new|current|neue|neuer|neues|aktuelle|nouveau|nouvelle|actuel|actuelle|"
          r"nueva|nuevo|actual)\b)?")


def _tail(preps: str) -> re.Pattern[str]:
    """What follows a keyword: a complement ("for my card", "du wifi", or one word before a
    sign: "wifi:"), a separator and the value."""
    return re.compile(
        # up to two complements: "du wifi au bureau", "for the gym at work"
        _AFTER + r"(?P<comp>(?:\s+(?:(?:" + preps + r")\s*)(?:(?:" + _DETS + r")\s*)?" + _WORD
        + r"(?:\s+(?!(?:" + preps + r")\s)" + _WORD + r")?){1,2}|\s+" + _WORD + r"(?=\s*[:=]))?"
        r"\s*(?:(?P<sep>:|=|\b(?:" + _COPULAS + r")\b)\s*)?"
        r"(?:(?:now|still|just|jetzt|noch|maintenant|toujours|ahora|todavía)\s+)?"
        r"(?P<val>\"[^\"\n]{1,80}\"|'[^'\n]{1,80}'|`[^`\n]{1,80}`|“[^”\n]{1,80}”|«\s?[^»\n]{1,80}»"
        r"|\d{1,4}(?:[ -]\d{1,4}){1,5}(?![\w-])|[^\s,;]+)",
        re.IGNORECASE,
    )


_TAIL = _tail(_PREPS)
# After a verb of setting, "to" is the separator, not a complement: "I changed my wifi
# password to Otter-Lantern-42".
_TAIL_SET = _tail(_PREPS.replace("for|of|to|", "for|of|"))
_ZH_KEYWORD = re.compile(
    r"(?P<ctx>[\u4e00-\u9fffA-Za-z0-9]{0,8}?)(?P<kw>" + _alternation(list(_ZH_LEXICON)) + r")"
    r"\s*(?P<sep>是：|是:|就是|是|为|：|:|改成了?|改为|设为|设置为|换成了?)\s*"
    r"(?P<val>[^\s，。；！？,;、]+)",
    re.IGNORECASE,
)
_HAN = re.compile(r"[\u4e00-\u9fff]")
# Characters that end a Chinese qualifier when read backwards from the keyword.
_ZH_BREAK = re.compile(r"[我你他她它们咱把将给在跟和与了是也都就还要想说下这那个家里]")

# Words that start no value: articles, pronouns, prepositions, conjunctions, adverbs.
_FUNCTION_WORDS = _set(
    """a an the my your our his her their its this that these those it not no none never always
    too very so quite really also still just now here there somewhere nowhere on in at for of to
    with by from about into over under what which who where when how why because and or but if
    then than ein eine der die das mein meine dein nicht kein keine zu sehr hier da noch immer
    un une le la les mon ma mes ton ta pas trop très ici una el los las mi tu su no demasiado
    muy aquí"""
)
# Words that, right after "password is", describe it or say nothing: never the value.
_NOT_VALUES = _FUNCTION_WORDS | _set(
    """same different new old current default temporary wrong right correct incorrect invalid
    valid strong weak secure insecure safe unsafe long short simple easy hard difficult
    complicated complex good bad great fine ok okay secret private hidden important required
    needed necessary missing unknown blank empty case
    sicher unsicher stark schwach lang kurz neu alt falsch richtig geheim gleich anders leer
    sûr fort faible long court nouveau ancien faux bon mauvais secret simple même différent vide
    segura seguro fuerte débil larga corta nueva nuevo vieja viejo falsa correcta incorrecta
    secreta sencilla fácil difícil misma igual vacía"""
)
_DESCRIPTIVE = re.compile(
    r"(?:ed|ing|ive|ous|ful|able|ible|less|ly|ic|ent|ant|ish|ier|iest|é|ée|és|ées|ado|ada|ido"
    r"|ida|iert|isch|lich|ig|bar)$|^ge\w+(?:t|en)$"
)
# A marker left by redaction or masking ("[password]", "********"), not a value.
# ... or code that computes one ("getpass()", "$PASSWORD", "os.environ[...]").
_PLACEHOLDER = re.compile(r"[\[<{]|[^\w\s]+$|[\w.]+\(|\$\{?[A-Z_]+|\w+\[")
_QUANTITY = re.compile(
    r"^[$€£¥]|[$€£¥%]$|^\d{1,2}:\d{2}|^\d+(?:[.,]\d+)?\s?(?:km|m|cm|mm|kg|g|lbs?|h|hrs?|min|s|st|nd"
    r"|rd|th|am|pm|x)$",
    re.IGNORECASE,
)
_COMBINATION = re.compile(r"[A-Za-z]?\d+(?:\s?[ ./-]\s?[A-Za-z]?\d+)*")
_PLAIN_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_CLAUSE_DONE = re.compile(r"\s*(?:$|[.,;:!?)\n]|(?:and|but|so|und|aber|et|mais|y|pero)\b)")
_SECRETISH = re.compile(r"[\d\W_]|[a-z][A-Z]|[A-Z]{2}")
_JUXTAPOSABLE: frozenset[Kind] = frozenset((  # kinds whose value may follow with no "is"
    "password", "pin", "code", "combination", "token", "api_key", "account", "card", "iban", "ssn",
    "id_number"))
# Keywords that are also everyday words ("pin 100 photos", "code 404"): a value right after
# them counts only when something marks them as the noun ("the code 1234", "door code 7730").
_AMBIGUOUS = _set("pin code token combination combo código clave otp")
_PLAIN_OK: frozenset[Kind] = frozenset(("password", "passphrase", "username"))
# Keywords that are everyday words too: a plain word after them is not taken as the value.
_WEAK_KEYWORDS = _set("clave pass pw pwd login usuario identifiant combo")
_DIGIT = re.compile(r"\d")
_DIGITS_ONLY = re.compile(r"[\d -]+")
_DIGIT_RUN = re.compile(r"\d(?:[ -]?\d){5,33}")
_PHONE_RUN = re.compile(r"\+?[\d\s().-]{7,}")
_CARD_RUN = re.compile(r"\d(?:[ -]?\d){7,18}")
_CLAUSE_END = re.compile(r"[.;!?\n](?:\s|$)|。|；|！|？")
_TRAILING = ".,!?)]}…”’\"'"

# English labels for keywords written another way or abbreviated.
_EN_LABELS = {
    "pin": "PIN",
    "pwd": "password",
    "passwd": "password",
    "pw": "password",
    "pass": "password",
    "api key": "API key",
    "apikey": "API key",
    "api-key": "API key",
    "api token": "API token",
    "ssn": "social security number",
    "iban": "IBAN",
    "otp": "one-time code",
    "cvv": "card security code",
    "cvc": "card security code",
    "number": "phone number",
    "cell": "phone number",
    "tel": "phone number",
    "phone": "phone number",
    "telephone": "phone number",
    "mobile": "mobile number",
    "email": "email address",
    "e-mail": "email address",
    "mail": "email address",
    "combo": "combination",
}
_EN_PREPS = frozenset(("for", "of", "to", "on", "at"))
_EN_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|-(?=[^\W\d_]))*(?:['’]s)?")
# Words before a keyword that end its qualifier ("my gym locker code": "gym locker").
_EN_STOP = _set(
    """my our your his her their a an the is was are this that these those here new old current
    default temporary and or but so to for of in on at with from by it i you we they he she me
    us them remember forgot changed change set reset use used using got get gave give send sent
    what what's whats where's wheres know need needs told tell share shared type typed enter
    entered le la les el los las der die das mon ma mi mein meine"""
)
_DETERMINED = re.compile(r"\b(?:my|our|your|his|her|their|the|a|an|this|that)\s+$", re.IGNORECASE)


def _unquoted(value: str) -> tuple[str, bool]:
    if len(value) > 2 and value[0] in "\"'`“«" and value[-1] in "\"'`”»":
        return value[1:-1].strip(), True
    return value.rstrip(_TRAILING), False


def _value(kind: Kind, raw: str, explicit: bool, plain_ok: bool, text: str, at: int) -> str:
    """The value a keyword points at (as written in ``text`` from ``at``), or "" if none."""
    value, quoted = _unquoted(raw)
    if not value or (_HAN.search(value) and kind != "address") or _PLACEHOLDER.match(raw):
        return ""
    digits = len(_DIGIT.findall(value))
    if kind == "phone":
        m = _PHONE_RUN.match(text, at)
        phone = m.group(0).rstrip(" .-(").lstrip(" .-") if m else ""
        if phone.count("(") != phone.count(")"):  # "(415) 555-0142" keeps its area code's
            phone = phone.strip("()")
        return phone if phone_digits_ok(phone) else ""
    if kind == "email":
        return value if EMAIL.fullmatch(value) else ""
    if kind == "address":
        rest = _CLAUSE_END.split(text[at:], maxsplit=1)[0].strip()
        return rest if len(rest) >= 8 and (_DIGIT.search(rest) or _HAN.search(rest)) else ""
    if kind in ("card", "account", "iban"):
        if (m := IBAN.match(text, at)) and iban_ok(m.group(0)):
            return m.group(0)
        m = (_CARD_RUN if kind == "card" else _DIGIT_RUN).match(text, at)
        return m.group(0) if m else ""
    if kind == "passphrase" and not quoted:
        words = _CLAUSE_END.split(text[at:], maxsplit=1)[0].split()
        if len(words) >= 3 and words[0].lower() not in _FUNCTION_WORDS:
            return " ".join(words[:12])
    if kind in ("ssn", "id_number"):
        return value if digits >= 4 and len(value) <= 24 else ""
    if kind in ("pin", "code", "combination") and _QUANTITY.search(value):
        return ""  # "100%", "$20", "10:30", "5km": an amount, not a code
    if kind == "pin" and _DIGITS_ONLY.fullmatch(value):
        return value if 3 <= digits <= 12 else ""
    if kind == "pin":  # an alphanumeric PIN: as a password, with a digit
        return value if digits and len(value) >= 4 and _SECRETISH.search(value) else ""
    if kind in ("code", "combination") and quoted:
        return value if 3 <= len(value) <= 32 else ""
    if kind == "combination":
        return value if digits >= 2 and _COMBINATION.fullmatch(value) else ""
    if kind == "code":
        return value if 3 <= len(value) <= 32 and digits else ""
    if kind in ("token", "api_key", "private_key"):
        return value if len(value) >= 8 and " " not in value and _SECRETISH.search(value) else ""
    # password, passphrase, username
    if value.lower() in _NOT_VALUES or len(value) < (4 if kind == "password" else 2):
        return ""
    if quoted or explicit or _SECRETISH.search(value):
        return value
    plain = plain_ok and _PLAIN_WORD.fullmatch(value) and not _DESCRIPTIVE.search(value.lower())
    done = _CLAUSE_DONE.match(text, at + len(value))
    return value if plain and done else ""


def _en_label(text: str, start: int, keyword: str, comp: str) -> tuple[str, str]:
    """An English keyword's label with the words that qualify it, and whose it is."""
    low = keyword.lower()
    label = _EN_LABELS.get(low, keyword if keyword.isupper() and len(keyword) > 1 else low)
    words: list[str] = []
    owner = ""
    before = text[max(0, start - 60) : start]
    tokens = before.split()[-3:] if before[-1:].isspace() else []
    if len(tokens) == len(before.split()) and start > 60:
        tokens = tokens[1:]  # the first may be cut
    for n, word in reversed(list(enumerate(tokens))):
        if not _EN_WORD.fullmatch(word):
            break  # "Remember:", "4417,": punctuation ends the qualifier
        if word.lower().endswith(("'s", "’s")):
            owner = word[:-2]
            if (owner[:1].isupper() and n and tokens[n - 1].istitle()  # "Tom Becker's"
                    and tokens[n - 1].lower() not in _EN_STOP):
                owner = f"{tokens[n - 1]} {owner}"
            break
        if word.lower() in _EN_STOP or _DIGIT.search(word):
            break
        words.insert(0, word)
    comp_words = comp.split()
    if comp_words and comp_words[0].lower() in _EN_PREPS:
        words += [w for w in comp_words[1:] if w.lower() not in _EN_STOP]
    return " ".join([*words, label]), owner


def _keywords(text: str) -> Iterator[re.Match[str]]:
    """Keyword matches, tried only at words that can start one (a dict lookup per word is
    much cheaper than the keyword pattern at every word)."""
    for word in _WORD_TOKEN.finditer(text):
        low = word.group(0).lower().replace("’", "'")
        candidate = low in _FIRST_WORDS or low.endswith(_STEMS)
        if candidate and (m := _KEYWORD.match(text, word.start())):
            yield m


def _latin(text: str) -> Iterator[Hit]:
    for m in _keywords(text):
        keyword, pre = " ".join(m["kw"].split()), m["pre"] or ""
        if (pre + keyword).lower() in _LEXICON:  # "passcode" is a keyword, not a compound
            keyword, pre = pre + keyword, ""
        entry = _LEXICON[keyword.lower().replace("’", "'")]
        kind = entry.kind
        if pre.rstrip("-").lower() in _NOT_SECRET_CODES:
            continue
        setting = _SETTING.search(text, max(0, m.start() - 40), m.start())
        tail = (_TAIL_SET if setting else _TAIL).match(text, m.end())
        if tail is None:
            continue
        sep, raw, comp = tail["sep"], tail["val"], tail["comp"] or ""
        explicit = sep in (":", "=") or raw[:1] in "\"'`“«"
        if entry.needs_sign and sep not in (":", "="):
            continue
        if sep and sep.lower() == "to" and not setting:
            continue
        english = entry.lang == "en" and not pre and (not comp or comp.split()[0] in _EN_PREPS)
        if english:
            label, owner = _en_label(text, m.start(), keyword, comp)
            qualifier = label.split()[-2].lower() if " " in label else ""
            if kind == "code" and qualifier in _NOT_SECRET_CODES:
                continue
        else:
            label, owner = " ".join(f"{pre}{keyword}{comp}".split()), ""
            if entry.lang in ("fr", "es") and label[:1].isupper() and label[1:2].islower():
                label = label[0].lower() + label[1:]
            qualifier = pre
        if sep is None:  # "door code 7730#", "PIN 4821", but not "the code review", "pin 100"
            determined = _DETERMINED.search(text, max(0, m.start() - 8), m.start())
            said = qualifier or keyword.isupper() or determined or keyword.lower() not in _AMBIGUOUS
            if kind not in _JUXTAPOSABLE or not _DIGIT.search(raw) or not said:
                continue
        plain_ok = kind in _PLAIN_OK and keyword.lower() not in _WEAK_KEYWORDS
        value = _value(kind, raw, explicit, plain_ok, text, tail.start("val"))
        if value:
            if kind in ("card", "account") and IBAN.fullmatch(value):
                kind = "iban"
            yield Hit(kind, value, text.find(value, tail.start("val")), label, owner)


def _chinese(text: str) -> Iterator[Hit]:
    for m in _ZH_KEYWORD.finditer(text):
        kind = _ZH_LEXICON[m["kw"].lower()].kind
        raw = m["val"] if kind == "address" else _HAN.split(m["val"], maxsplit=1)[0]
        value = _value(kind, raw, True, True, text, m.start("val"))
        if not value:
            continue
        owner, _, qualifier = m["ctx"].rpartition("的")
        owner = _ZH_BREAK.split(owner)[-1]
        qualifier = _ZH_BREAK.split(qualifier)[-1]
        yield Hit(kind, value, text.find(value, m.start("val")), qualifier + m["kw"], owner)


# "My number changed, it's now 555-0199", "my mobile is 07700 900123", "Mi número es 612 345
# 678", "Mon nouveau numéro est le 06 12 34 56 78", "Meine Nummer ist 0170 1234567": "number",
# "mobile" or "cell" alone names a phone when "my" owns it and a value of a phone's digits
# follows in the same sentence; each language's with the label its own keywords give a phone.
_PHONE_VALUE = r"(?P<val>\+?\d[\d ().-]{5,18}\d)(?![\w-])"
_BEFORE_VALUE = r"\b[^.!?\n\d]{0,30}?"
_MY_NUMBER = (
    (re.compile(r"\b(?i:my\s+(?:new\s+)?(?:(?:phone|mobile|cell)\s+)?number|my\s+(?:new\s+)?"
                r"(?:mobile|cell))" + _BEFORE_VALUE + r"\b(?i:is|it['’]s|to|now)\s+(?:(?i:now)\s+)?"
                + _PHONE_VALUE), "phone number"),
    # said casually with no "my" at the start: "new number's 07700 900123", "btw new mobile:
    # 07700 900123" (not "Sam's new number is …")
    (re.compile(r"(?:^|(?<=[.!?]\s))(?:(?i:btw|fyi|ps|oh|also|so|and|ok)[,:!]?\s+)*(?i:new\s+"
                r"(?:(?:phone|mobile|cell)\s+)?(?:number|no\.?)|new\s+(?:mobile|cell))"
                r"(?:['’]s|\s+is|\s*:)\s+(?:(?i:now)\s+)?" + _PHONE_VALUE), "phone number"),
    (re.compile(r"\b(?i:mi\s+(?:nuevo\s+)?(?:número(?:\s+de\s+(?:teléfono|móvil|celular))?|móvil|"
                r"celular|teléfono)(?:\s+nuevo)?)" + _BEFORE_VALUE + r"\b(?i:es|será)\s+"
                r"(?:(?i:ahora|el)\s+)*" + _PHONE_VALUE), "número de teléfono"),
    (re.compile(r"\b(?i:mon\s+(?:nouveau\s+)?(?:numéro(?:\s+de\s+(?:téléphone|portable|mobile))?|"
                r"portable|téléphone|mobile))" + _BEFORE_VALUE + r"(?:\b(?i:est|c['’]est)|:)\s+"
                r"(?:(?i:maintenant|désormais|le)\s+)*" + _PHONE_VALUE), "numéro de téléphone"),
    (re.compile(r"\b(?i:meine\s+(?:neue\s+)?(?:handy|mobil|telefon)?nummer)" + _BEFORE_VALUE
                + r"\b(?i:ist|lautet)\s+(?:(?i:jetzt|nun)\s+)*" + _PHONE_VALUE), "Telefonnummer"),
)


# "Use this to log in: alice@example.com / Winter2025!", "Anmeldung: max / Geheim-42"
_LOGIN_PAIR = re.compile(
    r"(?i:\b(?:log\s*in|login|sign\s*in|credentials|creds|anmeldung|zugangsdaten|identifiants|"
    r"connexion|acceso|credenciales))\b[^:\n]{0,30}:\s*(?P<user>[^\s/|]{2,80})\s*[/|]\s*"
    r"(?P<pw>[^\s]{4,80})")


# A lock set to new digits with no word for the code: "changed the bike lock to 7702", "reset
# the padlock to 0-4-1-9", "set the safe to 2231"; the digits are its combination or code.
_LOCK_SET = re.compile(
    r"(?i:\b(?:set|changed|reset|switched)\s+(?:my|the|our)\s+(?P<thing>bike\s+lock|padlock|"
    r"lock|safe|locker|key\s*safe|lockbox)\s+to\s+)(?P<val>\d{1,4}(?:[ -]\d{1,4}){0,5})(?![\w-])")
# A thing with a lock named before a bare "code" in its sentence: "Locker at the pool: number
# 112, code 3391", "Gym locker 14, code 5521": the code is the thing's.
_THING_CODE = re.compile(
    r"(?i:\b(?P<thing>locker|padlock|bike\s+lock|safe|gate|door|alarm|garage|mailbox|key\s*safe|"
    r"lockbox)\b[^.!?\n]{0,40}?[,;:]\s*code\s*:?\s+)(?P<val>\d[\d#*-]{2,11})(?![\w-])")

def _thing(match: re.Match[str]) -> str:
    """The locked thing ``match`` names, in lower case and single spaces ("bike lock")."""
    return " ".join(match["thing"].lower().split())


_NOT_A_LOCK = re.compile(r"(?i)\b(?:error|status|http|fault|warning)\b")
"""Words that make a bare code after a thing an error's ("the door: error code 404")."""


def find_words(text: str) -> Iterator[Hit]:
    """Values a keyword in English, German, French, Spanish or Chinese points at."""
    if _HAN.search(text):
        yield from _chinese(text)
    yield from _latin(text)
    for m in _LOCK_SET.finditer(text):
        if len(_DIGIT.findall(m["val"])) < 3:  # "set the lock to 3 digits"
            continue
        thing = _thing(m)
        kind: Kind = "combination" if thing in ("bike lock", "padlock", "lock") else "code"
        yield Hit(kind, m["val"], m.start("val"), f"{thing} {kind}")
    for m in _THING_CODE.finditer(text):
        if _NOT_A_LOCK.search(m[0]):
            continue
        yield Hit("code", m["val"], m.start("val"), f"{_thing(m)} code")
    for m in _LOGIN_PAIR.finditer(text):
        value = m["pw"].rstrip(_TRAILING)
        if _SECRETISH.search(value) and not _PLACEHOLDER.search(value):
            yield Hit("password", value, m.start("pw"), "login password")
    for pattern, label in _MY_NUMBER:
        for m in pattern.finditer(text):
            if phone_digits_ok(m["val"]):
                yield Hit("phone", m["val"], m.start("val"), label)
