"""Knowledge vault offline: exact sensitive values, found by :mod:`mirix_like.secrets`."""

from __future__ import annotations

from mirix_like.offline.changes import CORRECTION
from mirix_like.offline.extractors.base import Extractor
from mirix_like.offline.language import CJK, InputText, Row, cap, prepare, subject_of
from mirix_like.secrets import Secret, find_secrets

_ZH_LABELS = {"phone number": "电话号码", "email address": "邮箱", "password": "密码"}
"""A label found in English words said in Chinese, as a Chinese caption says it ("我换了新号码：
139…" is the 电话号码 it replaces)."""


def caption(secret: Secret, inp: InputText, zh: bool) -> str:
    """What the value is and whose, in the words of the text, without the value itself."""
    subject = subject_of(inp, zh)
    if zh or CJK.search(secret.label):
        owner = f"{subject}{secret.owner}" if secret.owner else subject
        return f"{owner}的{_ZH_LABELS.get(secret.label, secret.label)}"
    owner = subject
    if secret.owner:
        owner = secret.owner if secret.owner[:1].isupper() else f"{subject}'s {secret.owner}"
    return cap(f"{secret.label} of {owner}")


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
    value the batch corrects later ("I meant 7731, not 7730") as corrected."""
    rows: list[Row] = []
    seen: set[str] = set()
    for inp in inputs:
        if _corrected(rows, inp):
            continue
        prep = prepare(inp.text)
        for secret in find_secrets(prep.raw):
            if secret.value in seen:
                continue
            seen.add(secret.value)
            rows.append(
                {
                    "entry_type": secret.kind,
                    "source": inp.speaker or inp.role or "conversation",
                    "sensitivity": secret.sensitivity,
                    "secret_value": secret.value,
                    "caption": caption(secret, inp, prep.zh),
                    "source_ids": [inp.source_id],
                }
            )
    return rows


EXTRACTOR = Extractor(
    "knowledge_vault",
    extract_knowledge_vault,
    concerns=lambda inp: bool(find_secrets(prepare(inp.text).raw)),
)
