"""Secret detection and redaction: sensitive values found by what they are, not one phrasing.

``find_secrets(text)`` lists every sensitive value in a text; ``redact(text)`` replaces them
with a marker. Four detectors run in this order, and where two find overlapping values the
earlier one wins:

1. tokens of a known format: detect-secrets' detectors (AWS, GitHub, GitLab, Slack, Stripe,
   JWT, private keys, passwords in URLs...) plus a few prefixes it lacks (``sk-...``);
2. everyday words in English, German, French, Spanish and Chinese ("the wifi password is
   ...", "WLAN-Passwort: ...", "mon code PIN est ...", "密码是...");
3. values assigned to secret-sounding names in code and config (detect-secrets' keywords);
4. random-looking tokens (detect-secrets' entropy measure), then values known by their shape
   alone: e-mail addresses, IBANs, card numbers, social security and phone numbers, street
   addresses.

Sensitivity follows the kind (:data:`SENSITIVITY`): passwords, PINs, codes, keys, tokens and
account, card and identity numbers are high; usernames, phone numbers and addresses medium;
e-mail addresses low.
"""

from __future__ import annotations

from functools import lru_cache

from mirix_like.secrets.formats import find_formats
from mirix_like.secrets.keys import find_assignments, find_keys, find_random_tokens
from mirix_like.secrets.model import RANK, SENSITIVITY, Kind, Secret, Sensitivity
from mirix_like.secrets.words import find_words

__all__ = ["SENSITIVITY", "Kind", "Secret", "Sensitivity", "find_secrets", "redact"]

_DETECTORS = (find_keys, find_words, find_assignments, find_random_tokens, find_formats)


@lru_cache(maxsize=8192)
def _find(text: str) -> tuple[Secret, ...]:
    found: list[Secret] = []
    covered = bytearray(len(text))
    for detector in _DETECTORS:
        for hit in detector(text):
            start, end = hit.start, hit.start + len(hit.value)
            if start < 0 or text[start:end] != hit.value or any(covered[start:end]):
                continue
            covered[start:end] = b"\x01" * (end - start)
            found.append(
                Secret(hit.kind, hit.value, start, end, SENSITIVITY[hit.kind], hit.label, hit.owner)
            )
    return tuple(sorted(found, key=lambda s: s.start))


def find_secrets(text: str) -> list[Secret]:
    """Every sensitive value in ``text``, in text order, none overlapping another."""
    return list(_find(text))


def redact(text: str, *, min_sensitivity: Sensitivity = "high", marker: str = "[{kind}]") -> str:
    """``text`` with each value at least ``min_sensitivity`` replaced by ``marker``.

    ``marker`` is formatted with the secret's ``kind`` (underscores as spaces: "[api key]")
    and ``label`` ("[wifi password]"). The default keeps phone numbers, addresses and e-mail
    addresses, which may reach a chat prompt; ``min_sensitivity="low"`` removes them all.
    """
    floor = RANK[min_sensitivity]
    parts, last = [], 0
    for secret in _find(text):
        if RANK[secret.sensitivity] >= floor:
            kind = secret.kind.replace("_", " ")
            parts += [text[last : secret.start], marker.format(kind=kind, label=secret.label)]
            last = secret.end
    return "".join(parts) + text[last:]
