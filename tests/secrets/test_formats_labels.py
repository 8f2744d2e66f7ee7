"""A value found by its shape takes the label its line gives it."""

from __future__ import annotations

import pytest

from mirix_like.secrets import find_secrets


@pytest.mark.parametrize(("text", "label"), [
    ("Home network\nSSID: Casa-Lopes\nISP support line: +351 21 000 4455\n",
     "ISP support line phone number"),
    ("- Plumber (Marek): +44 7700 900456", "Plumber (Marek) phone number"),
    ("Phone: +44 7700 900123", "phone number"),
    ("Call me on +1 415 555 0100 tomorrow", "phone number"),
])
def test_a_phone_number_is_whose_its_line_says(text: str, label: str) -> None:
    assert [s.label for s in find_secrets(text) if s.kind == "phone"] == [label]
