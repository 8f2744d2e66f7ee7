"""A fact about the user retold in the language a question is asked in.

The change rules keep a few slots about the user in the language they were told in (where
they live and work, what they work as, their name, who their pets and people are by name):
"Der Nutzer wohnt in Bonn.", "El usuario trabaja en Cabify.", "用户的猫叫咪咪。". Asked in
another language ("Where do I live?"), the answer says the fact in the question's words
("The user lives in Bonn.", which the answerer then says to the user), with the value as it
was told: a place or a name is a name in any language, a trade by its word in each
(:data:`_TRADES`). How old someone is is retold too ("Inés is 8 years old." is "Inés ist 8
Jahre alt." to "Wie alt ist Inés?"). A fact of no known shape is left as it is.
"""

from __future__ import annotations

import re

from mirix_like.offline.language import is_zh

_LANGUAGES = ("en", "de", "fr", "es", "zh")
_VALUE = r"(?P<v>[^.。]{1,60}?)"
_END = r"\s*[.。]?\s*$"
_NAME = r"(?P<v>[^\s.。,，]{1,30}(?: [A-ZÀ-Þ][\w'’-]*){0,2})"
# The common Chinese family names: "用户是王伟。" names the user, "用户是老师。" does not.
_ZH_SURNAMES = ("王|李|张|刘|陈|杨|黄|赵|吴|周|徐|孙|马|朱|胡|郭|何|高|林|罗|郑|梁|谢|宋|唐|许|韩|"
                "冯|邓|曹|彭|曾|肖|田|董|袁|潘|于|蒋|蔡|余|杜|叶|程|苏|魏|吕|丁|任|沈|姚|卢|姜|崔|"
                "钟|谭|陆|汪|范|金|石|廖|贾|夏|韦|付|方|白|邹|孟|熊|秦|邱|江|尹|薛|闫|段|雷|侯|龙|"
                "史|陶|黎|贺|顾|毛|郝|龚|邵|万|钱|严|覃|武|戴|莫|孔|向|汤|欧阳|司马|诸葛")
# How each slot is told about the user, as the change rules write it, per language.
_TOLD: dict[str, dict[str, str]] = {
    "live": {"en": "The user lives in {v}.", "de": "Der Nutzer wohnt in {v}.",
             "fr": "L'utilisateur habite à {v}.", "es": "El usuario vive en {v}.",
             "zh": "用户住在{v}。"},
    "work": {"en": "The user works at {v}.", "de": "Der Nutzer arbeitet bei {v}.",
             "fr": "L'utilisateur travaille chez {v}.", "es": "El usuario trabaja en {v}.",
             "zh": "用户在{v}工作。"},
    "job": {"en": "The user works as {a} {v}.", "de": "Der Nutzer arbeitet als {v}.",
            "fr": "L'utilisateur travaille comme {v}.", "es": "El usuario trabaja como {v}.",
            "zh": "用户的工作是{v}。"},
    "name": {"en": "The user's name is {v}.", "de": "Der Nutzer heißt {v}.",
             "fr": "L'utilisateur s'appelle {v}.", "es": "El usuario se llama {v}.",
             "zh": "用户叫{v}。"},
    "kin": {"en": "The user's {k} is called {v}.", "de": "{Art} {k} des Nutzers heißt {v}.",
            "fr": "{Art} {k} de l'utilisateur s'appelle {v}.",
            "es": "{Art} {k} del usuario se llama {v}.", "zh": "用户的{k}叫{v}。"},
}
_READ: dict[str, dict[str, re.Pattern[str]]] = {
    "live": {lang: re.compile(rf"^{pattern}{_VALUE}{_END}") for lang, pattern in (
        ("en", r"The user (?:now )?lives in "), ("de", r"Der Nutzer (?:wohnt|lebt) in "),
        ("fr", r"L['’]utilisateur (?:habite|vit) (?:à|a|en|au) "),
        ("es", r"El usuario vive en "), ("zh", r"用户住在"))},
    "work": {lang: re.compile(rf"^{pattern}{_VALUE}{tail}{_END}") for lang, pattern, tail in (
        ("en", r"The user (?:now )?works (?:at|for) ", ""),
        ("de", r"Der Nutzer arbeitet (?:bei|für) ", ""),
        ("fr", r"L['’]utilisateur travaille (?:chez|pour) ", ""),
        ("es", r"El usuario trabaja (?:en|para) ", ""), ("zh", r"用户在", r"(?:工作|上班)"))},
    "job": {lang: re.compile(rf"^{pattern}{_VALUE}{_END}") for lang, pattern in (
        ("en", r"The user (?:now )?works as an? "), ("de", r"Der Nutzer arbeitet als "),
        ("fr", r"L['’]utilisateur travaille comme "), ("es", r"El usuario trabaja como "),
        ("zh", r"用户的工作是"))},
    "name": {lang: re.compile(rf"^{pattern}{_NAME}{_END}") for lang, pattern in (
        ("en", r"The user['’]s name is "), ("de", r"Der Nutzer heißt "),
        ("fr", r"L['’]utilisateur s['’]appelle "), ("es", r"El usuario se llama "),
        ("zh", rf"用户(?:叫|是(?=(?:{_ZH_SURNAMES})[\u4e00-\u9fff]{{1,2}}{_END}))"))},
}
_KIN_READ = (
    # (a pet or person that was the user's names them too; it is told as it was said)
    ("en", re.compile(rf"^{_NAME} (?P<was>is|was) the user['’]s (?P<k>[a-z]+){_END}")),
    ("en", re.compile(rf"^The user['’]s (?P<k>[a-z]+) (?P<was>is|was) (?:called |named )?"
                      rf"{_NAME}{_END}")),
    ("de", re.compile(rf"^(?:Die|Der|Das) (?P<k>\w+) des Nutzers heißt {_NAME}{_END}")),
    ("fr", re.compile(rf"^(?:La|Le) (?P<k>\w+) de l['’]utilisateur s['’]appelle {_NAME}{_END}")),
    ("es", re.compile(rf"^(?:La|El) (?P<k>\w+) del usuario se llama {_NAME}{_END}")),
    ("de", re.compile(rf"^{_NAME} ist (?:die|der|das) (?P<k>\w+) des Nutzers{_END}")),
    ("fr", re.compile(rf"^{_NAME} est (?:la|le) (?P<k>\w+) de l['’]utilisateur{_END}")),
    ("es", re.compile(rf"^{_NAME} es (?:la|el) (?P<k>\w+) del usuario{_END}")),
    ("zh", re.compile(rf"^用户的?(?P<k>[\u4e00-\u9fff]{{1,4}}?)叫{_NAME}{_END}")),
)
# Chinese cities by the name other languages write them with.
_ZH_PLACES = {"北京": "Beijing", "上海": "Shanghai", "广州": "Guangzhou", "深圳": "Shenzhen",
              "杭州": "Hangzhou", "成都": "Chengdu", "南京": "Nanjing", "武汉": "Wuhan",
              "西安": "Xi'an", "重庆": "Chongqing", "天津": "Tianjin", "苏州": "Suzhou",
              "香港": "Hong Kong", "台北": "Taipei", "厦门": "Xiamen", "青岛": "Qingdao"}
# Who someone is to the user, in each language: the English word, then each language's words
# with their gender (the first the one said when the question names none).
_KIN: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    english: {lang: tuple((w.rstrip("mf").rstrip(":"), w[-1]) for w in words.split())
              for lang, words in zip(("de", "fr", "es", "zh"), columns, strict=True)}
    for english, *columns in (line.split("|") for line in (
        "wife|Frau:f Ehefrau:f|femme:f|esposa:f mujer:f|妻子:f 老婆:f",
        "husband|Mann:m Ehemann:m|mari:m|marido:m esposo:m|丈夫:m 老公:m",
        "partner|Partner:m Partnerin:f|compagnon:m compagne:f|pareja:f|伴侣:m",
        "girlfriend|Freundin:f|copine:f|novia:f|女朋友:f",
        "boyfriend|Freund:m|copain:m|novio:m|男朋友:m",
        "cat|Katze:f Kater:m|chat:m chatte:f|gato:m gata:f|猫:m",
        "dog|Hund:m Hündin:f|chien:m chienne:f|perro:m perra:f|狗:m",
        "daughter|Tochter:f|fille:f|hija:f|女儿:f",
        "son|Sohn:m|fils:m|hijo:m|儿子:m",
        "sister|Schwester:f|sœur:f|hermana:f|姐姐:f 妹妹:f",
        "brother|Bruder:m|frère:m|hermano:m|哥哥:m 弟弟:m",
        "mother|Mutter:f|mère:f|madre:f|妈妈:f 母亲:f",
        "father|Vater:m|père:m|padre:m|爸爸:m 父亲:m"))}
_ARTICLE = {"de": {"m": "Der", "f": "Die"}, "fr": {"m": "Le", "f": "La"},
            "es": {"m": "El", "f": "La"}}
# A trade in each language: the English word, then the German, French and Spanish words for a
# man and a woman, the Chinese one, and other words read as it ("professeur", "maestra").
_TRADES: dict[str, dict[str, tuple[str, ...]]] = {
    english: dict(zip(("de", "fr", "es", "zh", "other"), map(str.split, columns), strict=True))
    for english, *columns in (line.split("|") for line in (
        "teacher|Lehrer Lehrerin|enseignant enseignante|profesor profesora|老师|"
        "professeur professeure maestro maestra 教师",
        "nurse|Krankenpfleger Krankenpflegerin|infirmier infirmière|enfermero enfermera|护士|"
        "Krankenschwester Pfleger Pflegerin",
        "doctor|Arzt Ärztin|médecin médecin|médico médica|医生|",
        "designer|Designer Designerin|designer designer|diseñador diseñadora|设计师|",
        "engineer|Ingenieur Ingenieurin|ingénieur ingénieure|ingeniero ingeniera|工程师|",
        "developer|Entwickler Entwicklerin|développeur développeuse|desarrollador "
        "desarrolladora|程序员|",
        "lawyer|Anwalt Anwältin|avocat avocate|abogado abogada|律师|",
        "firefighter|Feuerwehrmann Feuerwehrfrau|pompier pompière|bombero bombera|消防员|",
        "accountant|Buchhalter Buchhalterin|comptable comptable|contable contable|会计|",
        "cook|Koch Köchin|cuisinier cuisinière|cocinero cocinera|厨师|chef",
        "pharmacist|Apotheker Apothekerin|pharmacien pharmacienne|farmacéutico "
        "farmacéutica|药剂师|",
        "physiotherapist|Physiotherapeut Physiotherapeutin|kinésithérapeute "
        "kinésithérapeute|fisioterapeuta fisioterapeuta|理疗师|physio kiné",
        "vet|Tierarzt Tierärztin|vétérinaire vétérinaire|veterinario veterinaria|兽医|"
        "veterinarian"))}


TRADE_WORDS = frozenset(w for english, words in _TRADES.items()
                        for w in (english, *(w for ws in words.values() for w in ws)))
"""Every word of :data:`_TRADES`, in any of its languages."""


def retold(sentence: str, lang: str, question: str) -> str | None:
    """``sentence``, a fact about the user of a slot the change rules keep, told in ``lang``
    (the question's language) as the rules would have written it; None when it is of no
    known shape, already in ``lang``, or its value has no word in ``lang`` (a trade the
    table lacks). Of a pet or a person by name, ``question``'s own word for them is kept
    ("¿Cómo se llama mi gata?": "La gata del usuario se llama Pimienta.")."""
    if lang not in _LANGUAGES:
        return None
    sentence = sentence.strip()
    for slot, readers in _READ.items():
        for told_in, reader in readers.items():
            if (found := reader.match(sentence)) and told_in != lang:
                value = found["v"].strip()
                if slot == "job":
                    return _job(value, lang)
                if slot != "name" and is_zh(value) and lang != "zh" and value in _ZH_PLACES:
                    # the name as the user wrote it stays beside its spelling in the question's
                    value = f"{_ZH_PLACES[value]} ({value})"
                return _TOLD[slot][lang].format(v=value)
    if aged := _aged(sentence, lang):
        return aged
    for told_in, reader in _KIN_READ:
        if found := reader.match(sentence):
            if found.groupdict().get("was") == "was":
                return None
            kin = _kin_of(found["k"], told_in)
            if not kin or (told_in == lang and lang != "en"):
                return None
            return _kin_told(kin, found["v"], lang, question)
    return None


_USER = {"en": "The user", "de": "Der Nutzer", "fr": "L'utilisateur", "es": "El usuario",
         "zh": "用户"}
_WHO = r"(?P<who>The user|Der Nutzer|L['’]utilisateur|El usuario|用户|[A-ZÀ-Þ][\w'’-]+)"
# How old someone is, by their name or as the user.
_AGE_READ = {lang: re.compile(rf"^{_WHO}{pattern}{_END}") for lang, pattern in (
    ("en", r" is (?P<v>\d{1,3}) years old"), ("de", r" ist (?P<v>\d{1,3}) Jahre alt"),
    ("fr", r" a (?P<v>\d{1,3}) ans"), ("es", r" tiene (?P<v>\d{1,3}) años"),
    ("zh", r"(?:今年)?(?P<v>\d{1,3})岁了?"))}
_AGE_TOLD = {"en": "{w} is {v} years old.", "de": "{w} ist {v} Jahre alt.",
             "fr": "{w} a {v} ans.", "es": "{w} tiene {v} años.", "zh": "{w}今年{v}岁。"}


def _aged(sentence: str, lang: str) -> str | None:
    """How old someone is, told in another language than ``lang``, in ``lang``."""
    for told_in, reader in _AGE_READ.items():
        if told_in != lang and (found := reader.match(sentence)):
            who = found["who"]
            user = who.replace("’", "'") == _USER[told_in]
            return _AGE_TOLD[lang].format(w=_USER[lang] if user else who, v=found["v"])
    return None


def names_kin(sentence: str) -> bool:
    """Whether ``sentence`` says what one of the user's pets or people is called, in a fact's
    words ("Pimienta is the user's cat.", "Die Frau des Nutzers heißt Miriam.")."""
    return any(reader.match(sentence.strip()) for _, reader in _KIN_READ)


def names_user(sentence: str) -> bool:
    """Whether ``sentence`` is the user's own name as the rules store it, in any language
    ("The user's name is Priya Raman.", "Der Nutzer heißt Jonas.")."""
    return any(reader.match(sentence.strip()) for reader in _READ["name"].values())


def kin_and_name(sentence: str) -> tuple[str, str] | None:
    """Who one of the user's pets or people is (the English word) and their name, when
    ``sentence`` names them as a fact says it now ("Pixel is the user's cat.": ("cat",
    "Pixel")); None of any other sentence or of one who was ("… was the user's dog")."""
    for told_in, reader in _KIN_READ:
        if (found := reader.match(sentence.strip())) and found.groupdict().get("was") != "was":
            kin = _kin_of(found["k"], told_in)
            return (kin, found["v"].strip()) if kin else None
    return None


def _kin_of(word: str, lang: str) -> str | None:
    """The English word for who ``word`` (of ``lang``) is to the user."""
    if lang == "en":
        return word.lower() if word.lower() in _KIN else None
    return next((english for english, words in _KIN.items()
                 if any(w.casefold() == word.casefold() for w, _ in words[lang])), None)


def _kin_told(kin: str, name: str, lang: str, question: str) -> str:
    if lang == "en":
        return _TOLD["kin"]["en"].format(k=kin, v=name)
    words = _KIN[kin][lang]
    asked = [(w, g) for w, g in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", question,
                                                   re.IGNORECASE)]
    word, gender = (asked or words)[0]
    art = _ARTICLE.get(lang, {}).get(gender, "")
    return _TOLD["kin"][lang].format(Art=art, k=word, v=name)


def _job(value: str, lang: str) -> str | None:
    """The job slot with the trade ``value`` in ``lang``'s word for it, for a woman when
    ``value`` is a woman's word (German "Lehrerin", Spanish "diseñadora")."""
    low = value.casefold()
    for english, words in _TRADES.items():
        said = [w.casefold() for w in (english, *(w for ws in words.values() for w in ws))]
        if low not in said:
            continue
        if lang == "en":
            return _TOLD["job"]["en"].format(a="an" if english[0] in "aeiou" else "a",
                                             v=english)
        woman = any(len(ws) > 1 and ws[1].casefold() == low and ws[0].casefold() != low
                    for ws in words.values())
        forms = words[lang]
        return _TOLD["job"][lang].format(v=forms[-1] if woman else forms[0])
    return None
