"""What a detector reports: one value, what it is and what the text calls it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

Kind = Literal[
    "password",
    "passphrase",
    "pin",
    "code",
    "combination",
    "token",
    "api_key",
    "private_key",
    "card",
    "iban",
    "account",
    "ssn",
    "id_number",
    "username",
    "phone",
    "address",
    "email",
]
Sensitivity = Literal["low", "medium", "high"]

SENSITIVITY: dict[Kind, Sensitivity] = {
    "password": "high",
    "passphrase": "high",
    "pin": "high",
    "code": "high",
    "combination": "high",
    "token": "high",
    "api_key": "high",
    "private_key": "high",
    "card": "high",
    "iban": "high",
    "account": "high",
    "ssn": "high",
    "id_number": "high",
    "username": "medium",
    "phone": "medium",
    "address": "medium",
    "email": "low",
}
"""How sensitive each kind of value is: high ones never reach a chat prompt."""

RANK: dict[Sensitivity, int] = {"low": 0, "medium": 1, "high": 2}


@dataclass(frozen=True)
class Secret:
    """One sensitive value found in a text.

    ``value`` is exactly ``text[start:end]``. ``label`` says what the value is in the text's
    own words and language ("wifi password", "gym locker code", "WLAN-Passwort", "支付宝密码",
    "GitHub personal access token"), never containing the value; ``owner`` is whose it is when
    the text names someone else ("mom" in "my mom's phone number", "妈妈"), "" otherwise.
    """

    kind: Kind
    value: str
    start: int
    end: int
    sensitivity: Sensitivity
    label: str
    owner: str = ""


class Hit(NamedTuple):
    """A detector's raw finding, before overlaps are settled."""

    kind: Kind
    value: str
    start: int
    label: str
    owner: str = ""
