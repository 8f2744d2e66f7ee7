"""Values known by their shape alone: cards, IBANs, SSNs, phones, e-mails, street addresses."""

from __future__ import annotations

import pytest

from mirix_like.secrets import find_secrets


@pytest.mark.parametrize(
    ("text", "kind", "value", "sensitivity"),
    [
        ("paid with 4111-1111-1111-1111 yesterday", "card", "4111-1111-1111-1111", "high"),
        ("Amex 3782 822463 10005 works", "card", "3782 822463 10005", "high"),
        ("Mastercard 5555 5555 5555 4444", "card", "5555 5555 5555 4444", "high"),
        ("new card 2223 0031 2200 3222", "card", "2223 0031 2200 3222", "high"),
        ("old Visa 4222222222222", "card", "4222222222222", "high"),
        ("Discover 6011-1111-1111-1117", "card", "6011-1111-1111-1117", "high"),
        ("JCB 3530111333300000", "card", "3530111333300000", "high"),
        ("Diners 3056 930902 5904", "card", "3056 930902 5904", "high"),
        ("银联卡 6200000000000005", "card", "6200000000000005", "high"),
        ("wire it to DE89370400440532013000 please", "iban", "DE89370400440532013000", "high"),
        ("FR14 2004 1010 0505 0001 3M02 606 is the account", "iban",
         "FR14 2004 1010 0505 0001 3M02 606", "high"),
        ("his SSN 078-05-1120 was on the form", "ssn", "078-05-1120", "high"),
        ("ring +44 20 7946 0958 after six", "phone", "+44 20 7946 0958", "medium"),
        ("Ruf mich an: +49 30 1234567", "phone", "+49 30 1234567", "medium"),
        ("office (415) 555-0134 ext 2", "phone", "(415) 555-0134", "medium"),
        ("我的新号码13812345678", "phone", "13812345678", "medium"),
        ("mail sam.k+news@post.example.co.uk", "email", "sam.k+news@post.example.co.uk", "low"),
        ("send it to 1600 Pennsylvania Avenue, Washington, DC 20500.", "address",
         "1600 Pennsylvania Avenue, Washington, DC 20500", "medium"),
        ("Ich wohne in der Hauptstraße 12, 10115 Berlin.", "address",
         "Hauptstraße 12, 10115 Berlin", "medium"),
        ("j'habite au 12 rue de la Paix, 75002 Paris", "address", "12 rue de la Paix, 75002 Paris",
         "medium"),
        ("vivo en Calle Mayor 5, Madrid", "address", "Calle Mayor 5", "medium"),
        ("我住在上海市徐汇区漕溪北路100号3楼", "address", "上海市徐汇区漕溪北路100号3楼", "medium"),
    ],
)
def test_values_by_shape(text: str, kind: str, value: str, sensitivity: str) -> None:
    [secret] = find_secrets(text)
    assert (secret.kind, secret.value, secret.sensitivity) == (kind, value, sensitivity)


@pytest.mark.parametrize(
    "text",
    [
        "order 4111 1111 1111 1112 shipped",  # fails the Luhn check
        # pass the Luhn check, but no issuer's cards have that many digits
        "订单编号：2025061288341",
        "Bestellnummer 2025061288341",
        "reference 411111111111116",
        "GB82 WEST 1234 5698 7654 33 is not valid",  # fails the IBAN check
        "the timestamp 20230508135600 in the log",
        "ISBN 978-3-16-148410-0",
        "we met on 2023-05-08 at 13:56 and again 08/05/2023",
        "it cost $1,299.99, or 1.299,99 €, down from 1500",
        "version 10.4.3 beats 2.10.15",
        "scored 123-45 in the final",
        "room 221, floor 3, building 12",
        "I ran 10 km in 52:13 on May 8",
        "the ratio was 3/4 and the year 2019",
    ],
)
def test_numbers_that_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []
