"""Sensitive values recognised by their shape alone, with no word around them.

E-mail addresses, IBANs (checked with their mod-97 sum), payment card numbers (Luhn, and the
length their issuer's first digits give), US social security numbers, phone numbers written
as phone numbers (a country code, ``(415) 555-0134``, ``415-555-0134``, a Chinese mobile
number) and street addresses (English, German, French, Spanish and Chinese layouts). Dates,
times, prices, version numbers and plain counts do not have these shapes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mirix_like.secrets.model import Hit

EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"
)
IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
_CARD = re.compile(r"(?<![\d-])[2-6]\d{2}(?:[ -]?\d){9,15}(?![\d-])")
_SSN = re.compile(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])")
PHONE = re.compile(
    r"(?<![A-Za-z0-9_+])(?:\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]\d{2,8}){1,4}"
    r"|\(\d{3}\)\s?\d{3}[\s.-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4}|1[3-9]\d{9})(?![A-Za-z0-9_-])"
)
_NAME = r"[A-ZÄÖÜÉÈ][\wäöüßéèêàçñáíóú'’-]+"
_STREETS = (
    re.compile(  # 221 Baker Street, London / 12 Oak Ave, Apt 4, Springfield, IL 62704
        r"\b\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|"
        r"Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy)\b\.?"
        r"(?:,?\s*(?:Apt|Suite|Unit|#)\.?\s*\w+)?(?:,\s*[A-Z][a-z][A-Za-z]*(?:\s[A-Z][a-z][A-Za-z]*)*)?"
        r"(?:,\s*[A-Z]{2})?(?:\s+\d{5}(?:-\d{4})?)?"
        r"(?:,?\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b)?"  # a UK postcode: "Bristol BS6 6DR"
    ),
    re.compile(  # Hauptstraße 12, 10115 Berlin / Am Lindenweg 3a
        rf"\b(?:{_NAME}[ -])?[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|str\.|weg|platz|allee|gasse|ring|"
        r"damm|ufer)\s+\d{1,4}\s?[a-z]?\b(?:,\s*\d{5}\s+[A-ZÄÖÜ][\wäöüß-]+)?"
    ),
    re.compile(  # 12 rue de la Paix, 75002 Paris
        r"\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|chemin|allée|"
        r"impasse|quai|route)\s+(?:(?:de\s+la|de\s+l'|du|des|de|d')\s*)?" + _NAME
        + r"(?:\s+" + _NAME + r")?(?:,\s*\d{5}\s+" + _NAME + r")?",
        re.IGNORECASE,
    ),
    re.compile(  # Calle Mayor 5, 3º B / Avenida de la Constitución 12
        r"\b(?:calle|c/|avenida|avda\.|plaza|paseo|camino|carrera)\s+(?:(?:de\s+la|del|de)\s+)?"
        + _NAME + r"(?:\s+" + _NAME + r")?,?\s+(?:n\.?º\s*)?\d{1,4}\b(?:,\s*\d{1,2}º\s*[A-Z]?)?",
        re.IGNORECASE,
    ),
    re.compile(r"[\u4e00-\u9fff]{2,}(?:路|街|大道|巷|弄)\d+号(?:[\u4e00-\u9fff\d]*(?:室|楼|单元|号))?"),
)
# Words before a Chinese address that are not part of it: "我住在", "公司位于".
_ZH_LEAD = re.compile(r"[\u4e00-\u9fff]*?(?:住在|位于|地址是|在|是|到|往)")
_DIGIT = re.compile(r"\d")
_NON_DIGIT = re.compile(r"\D")


def luhn(digits: str) -> bool:
    """Whether ``digits`` pass the Luhn check of payment card numbers."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def card_issuer_ok(digits: str) -> bool:
    """Whether ``digits`` have the length a card of their issuer has: Visa 13, 16 or 19; Amex
    15; Diners 14 to 16; Mastercard 51-55 and 2221-2720 16; JCB, Discover, UnionPay and the
    debit cards of 5 and 6 16 to 19. An order or reference number of 13 digits that passes
    the Luhn check ("2025061288341") is none of these."""
    n, head = len(digits), int(digits[:4])
    if digits[0] == "4":
        return n in (13, 16, 19)
    if digits[:2] in ("34", "37"):
        return n == 15
    if digits[:2] in ("30", "36", "38", "39"):
        return 14 <= n <= 16
    if 2221 <= head <= 2720:
        return n == 16
    return digits[0] in "356" and 16 <= n <= 19


def iban_ok(value: str) -> bool:
    """Whether ``value`` (spaces allowed) passes the IBAN mod-97 check."""
    s = value.replace(" ", "")
    moved = s[4:] + s[:4]
    return int("".join(str(int(ch, 36)) for ch in moved)) % 97 == 1


def phone_digits_ok(value: str) -> bool:
    """Whether ``value`` has as many digits as a phone number (7 to 15)."""
    return 7 <= len(_NON_DIGIT.sub("", value)) <= 15


def find_formats(text: str) -> Iterator[Hit]:
    """Values recognised by their shape: e-mail, IBAN, card, SSN, phone, street address."""
    if "@" in text:
        for m in EMAIL.finditer(text):
            yield Hit("email", m.group(0), m.start(), "email address")
    if not _DIGIT.search(text):
        return
    for m in IBAN.finditer(text):
        if iban_ok(m.group(0)):
            yield Hit("iban", m.group(0), m.start(), "IBAN")
    for m in _CARD.finditer(text):
        digits = _NON_DIGIT.sub("", m.group(0))
        if 13 <= len(digits) <= 19 and card_issuer_ok(digits) and luhn(digits):
            yield Hit("card", m.group(0), m.start(), "payment card number")
    for m in _SSN.finditer(text):
        yield Hit("ssn", m.group(0), m.start(), "social security number")
    for m in PHONE.finditer(text):
        if phone_digits_ok(m.group(0)):
            yield Hit("phone", m.group(0), m.start(), _phone_label(text[:m.start()]))
    for pattern in _STREETS:
        for m in pattern.finditer(text):
            lead = _ZH_LEAD.match(m.group(0))
            start = m.start() + (lead.end() if lead else 0)
            yield Hit("address", text[start : m.end()].rstrip(",. "), start, "address")


_LINE_LABEL = re.compile(r"(?:^|\n)[ \t\-*•]*(?P<label>[^\n:]{2,40}?)\s*:\s*"
                         r"(?:[^\n:,]{1,30},\s*)?$")
"""The label a line gives the value after it ("ISP support line: ", "Gardien : M. Dupont, ")."""
_PHONE_WORDS = re.compile(r"(?i)phone|mobile|\btel\b|cell|number|nummer|handy|num[ée]ro|"
                          r"portable|m[óo]vil|celular|telefon|t[ée]l[ée]fono|t[ée]l[ée]phone")


def _phone_label(before: str) -> str:
    """What a phone number is, from the label its line gives it: "Dentist: 020 …" is the
    dentist's phone number, not the user's; a label that says "phone" says nothing more."""
    found = _LINE_LABEL.search(before)
    if not found or _PHONE_WORDS.search(found["label"]):
        return "phone number"
    return f"{found['label'].strip()} phone number"
