"""Knowledge vault offline: exact sensitive values, found by :mod:`mirix_like.secrets`."""

from __future__ import annotations

import re

from mirix_like.offline.changes import CORRECTION, same_secret, since
from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import (
    CJK,
    InputText,
    Row,
    cap,
    prepare,
    secrets_restated,
    subject_of,
)
from mirix_like.secrets import Secret, find_secrets

_ZH_LABELS = {"phone number": "电话号码", "email address": "邮箱", "password": "密码"}
"""A label found in English words said in Chinese, as a Chinese caption says it ("我换了新号码：
139…" is the 电话号码 it replaces)."""


_NEW = r"(?i:new|neue[rsnm]?|nouvel(?:le)?|nouveau|nuev[oa])"
_LOCKED = {
    "en": r"locker|door|front\s+door|gate|safe|alarm|garage|padlock|bike\s+lock|lock|router|"
          r"mailbox|storage\s+unit|building|office|card|phone|laptop",
    "de": r"Schließfach|Spind|Haustür|Tür|Tor|Tresor|Safe|Alarmanlage|Garage|Fahrradschloss|"
          r"Schloss|Router|Briefkasten|Büro|Karte|Handy|Laptop",
    "fr": r"casier|porte|portail|coffre(?:-fort)?|alarme|garage|cadenas|antivol|routeur|"
          r"boîte\s+aux\s+lettres|immeuble|bureau|carte|téléphone",
    "es": r"taquilla|casillero|puerta|portal|caja\s+fuerte|alarma|garaje|candado|router|buzón|"
          r"oficina|tarjeta|móvil",
}
_NEW_THING = {lang: re.compile(r"\b" + _NEW + r"\s+(?P<t>" + ("(?i:" + things + ")" if lang != "de"
                               else things) + r")\b") for lang, things in _LOCKED.items()}
_ZH_NEW_THING = re.compile(r"新(?:的)?(?P<t>储物柜|柜子|门禁|门|保险箱|车库|锁|路由器|办公室|卡)")
_BARE = re.compile(r"(?:" + _NEW + r"\s+)?(?P<k>(?i:code|pin|passcode|password|combination|"
                   r"passwort|kennwort|mot\s+de\s+passe|contraseña|clave|código))|新的?(?P<z>密码)")
_MADE = {"en": "{t} {k}", "de": "{t}{k}", "fr": "{k} de {t}", "es": "{k} de {t}"}
"""How a code of a thing is called, from the thing and the kind of value."""


def _of_new_thing(label: str, before: str) -> str:
    """``label`` as the code of the new thing the text names before it ("New locker, new code:
    1397" is the locker code, "Neues Schließfach, neuer Code" the Schließfachcode), when the
    label says no more than the kind of value; else ``label``."""
    bare = _BARE.fullmatch(label.strip())
    if bare is None:
        return label
    if bare["z"]:
        thing = [m["t"] for m in _ZH_NEW_THING.finditer(before)]
        return f"{thing[-1]}{bare['z']}" if thing else label
    found = [(m.start(), lang, m["t"]) for lang, regex in _NEW_THING.items()
             for m in regex.finditer(before)]
    if not found:
        return label
    _, lang, thing = max(found)
    kind = bare["k"] if bare["k"].isupper() else bare["k"].lower()
    return _MADE[lang].format(t=thing if lang == "de" else thing.lower(), k=kind)


def caption(secret: Secret, inp: InputText, zh: bool, before: str = "") -> str:
    """What the value is and whose, in the words of the text (``before`` is what it says
    before the value), without the value itself."""
    label = _of_new_thing(secret.label, before)
    zh = zh or bool(CJK.search(label))
    subject = subject_of(inp, zh)
    if zh:
        owner = f"{subject}{secret.owner}" if secret.owner else subject
        return f"{owner}的{_ZH_LABELS.get(label, label)}"
    owner = subject
    if secret.owner:
        owner = secret.owner if secret.owner[:1].isupper() else f"{subject}'s {secret.owner}"
    return cap(f"{label} of {owner}")


def _corrected(rows: list[Row], inp: InputText) -> bool:
    """Whether ``inp`` corrects the value of one of ``rows`` (which then holds the right one,
    from both inputs)."""
    said = CORRECTION.search(inp.text.strip())
    row = next((r for r in reversed(rows) if said and r["secret_value"] == said["old"]), None)
    if row is None:
        return False
    row["secret_value"] = said["new"]
    row["source_ids"] = [*row["source_ids"], inp.source_id]
    return True


def extract_knowledge_vault(inputs: list[InputText]) -> list[Row]:
    """Keys, passwords, codes, account and card numbers, contacts and addresses, verbatim; a
    value the batch corrects later ("I meant 7731, not 7730") as corrected, one a later input
    of the batch replaces ("The wifi password is kiwi-42." ... "New wifi password is
    kiwi-77") as past, true until that input."""
    rows: list[Row] = []
    seen: set[str] = set()
    for inp in inputs:
        if _corrected(rows, inp):
            continue
        prep = prepare(inp.text)
        said = secrets_restated(prep.raw)
        for secret in find_secrets(said):
            if secret.value in seen:
                continue
            seen.add(secret.value)
            row = {
                "entry_type": secret.kind,
                "source": inp.speaker or inp.role or "conversation",
                "sensitivity": secret.sensitivity,
                "secret_value": secret.value,
                "caption": caption(secret, inp, prep.zh, said[:secret.start]),
                "source_ids": [inp.source_id],
            }
            for before in rows:
                if "valid_until" not in before and before["source_ids"][0] != inp.source_id and (
                        same_secret(row, before)):
                    before["valid_until"] = since(inp).isoformat()
            rows.append(row)
    return rows


EXTRACTOR = Extractor(
    "knowledge_vault",
    extract_knowledge_vault,
    concerns=lambda inp: bool(find_secrets(secrets_restated(prepare(inp.text).raw))),
)
