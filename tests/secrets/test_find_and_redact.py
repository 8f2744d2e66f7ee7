"""The public API: what find_secrets reports about each value, and what redact leaves."""

from __future__ import annotations

import dataclasses
import time

import pytest

from mirix_like.secrets import SENSITIVITY, Secret, find_secrets, redact


@pytest.mark.parametrize(
    ("text", "kind", "sensitivity", "value", "label", "owner"),
    [  # the knowledge vault's cases from tests/offline/test_rules.py, against this API
        (
            "My GitHub token is ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "api_key",
            "high",
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "GitHub personal access token",
            "",
        ),
        ("my wifi password is Tr0ub4dor&3", "password", "high", "Tr0ub4dor&3", "wifi password", ""),
        (
            "My IBAN is GB82 WEST 1234 5698 7654 32",
            "iban",
            "high",
            "GB82 WEST 1234 5698 7654 32",
            "IBAN",
            "",
        ),
        ("card 4111 1111 1111 1111", "card", "high", "4111 1111 1111 1111",
         "payment card number", ""),
        ("call me at +1 415-555-0134", "phone", "medium", "+1 415-555-0134", "phone number", ""),
        ("my mom's phone number is 415-555-0199", "phone", "medium", "415-555-0199",
         "phone number", "mom"),
        ("write to ana@example.com", "email", "low", "ana@example.com", "email address", ""),
        ("I live at 221 Baker Street, London.", "address", "medium", "221 Baker Street, London",
         "address", ""),
        ("我的支付宝密码是abc12345", "password", "high", "abc12345", "支付宝密码", ""),
        ("我的手机号是13812345678", "phone", "medium", "13812345678", "手机号", ""),
    ],
)
def test_each_secret_says_what_it_is(
    text: str, kind: str, sensitivity: str, value: str, label: str, owner: str
) -> None:
    [secret] = find_secrets(text)
    assert (secret.kind, secret.sensitivity, secret.value, secret.label, secret.owner) == (
        kind, sensitivity, value, label, owner,
    )
    assert text[secret.start : secret.end] == value
    assert value not in secret.label


def test_credentials_in_one_line_and_no_false_alarms() -> None:
    found = find_secrets("username: ana_k password: hunter22")
    assert [(s.kind, s.value, s.label, s.sensitivity) for s in found] == [
        ("username", "ana_k", "username", "medium"),
        ("password", "hunter22", "password", "high"),
    ]
    for chatter in ("My password is strong.", "I ran 5 km in 2023.", "The number was 3.",
                    "1:56 pm"):
        assert find_secrets(chatter) == []


def test_a_secret_is_frozen_and_every_kind_has_a_sensitivity() -> None:
    [secret] = find_secrets("the PIN for my card is 4821")
    assert isinstance(secret, Secret)
    with pytest.raises(dataclasses.FrozenInstanceError):
        secret.value = "0000"  # type: ignore[misc]
    assert set(SENSITIVITY.values()) == {"low", "medium", "high"}
    assert SENSITIVITY[secret.kind] == secret.sensitivity == "high"


def test_several_secrets_come_in_text_order_without_overlaps() -> None:
    text = (
        "Wifi password: Tr0ub4dor&3. Door code 7730#. Call +44 20 7946 0958 or mail "
        "sam@example.org; key sk-proj-abcdefghijklmnopqrstuvwxyz123456."
    )
    found = find_secrets(text)
    assert [s.kind for s in found] == ["password", "code", "phone", "email", "api_key"]
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False))
    assert all(text[s.start : s.end] == s.value for s in found)


def test_redact_replaces_high_values_by_their_kind_and_keeps_the_rest() -> None:
    text = "My wifi password is hunter2 and my phone is +1 415-555-0134."
    assert redact(text) == "My wifi password is [password] and my phone is +1 415-555-0134."
    assert redact(text, min_sensitivity="medium") == (
        "My wifi password is [password] and my phone is [phone]."
    )


def test_redact_marker_can_name_the_label_or_say_where_the_value_went() -> None:
    text = "the api key is sk-abcdefghijklmnopqrstuvwx1234 and the door code is 4417"
    assert redact(text, marker="[{label}]") == (
        "the api key is [OpenAI API key] and the door code is [door code]"
    )
    assert redact(text, marker="[{kind} in knowledge vault]") == (
        "the api key is [api key in knowledge vault] and the door code is "
        "[code in knowledge vault]"
    )


def test_redacted_text_holds_no_secret_and_text_without_one_is_unchanged() -> None:
    text = (
        "Das WLAN-Passwort lautet Sonne2024!, mon code PIN est 4821, la contraseña es gato123, "
        "我的银行卡密码是908172, token ghp_abcdefghijklmnopqrstuvwxyz0123456789."
    )
    found = find_secrets(text)
    assert len(found) == 5
    cleaned = redact(text)
    assert not any(s.value in cleaned for s in found)
    assert find_secrets(cleaned) == []
    plain = "We met at 10:30 on 8 May 2023, paid $25.99 and installed version 1.2.3."
    assert redact(plain, min_sensitivity="low") == plain


def test_a_long_wall_of_text_stays_fast() -> None:
    """A pasted wall of text with thousands of keywords, numbers and links does not stall."""
    wall = ("I saw Bob at http://example.com/a, my password is x9 and the code review "
            "went well; call 415-555-0134. ") * 2000
    start = time.perf_counter()
    found = find_secrets(wall)
    assert time.perf_counter() - start < 10
    assert {s.kind for s in found} == {"phone"}
    assert len(found) == 2000
