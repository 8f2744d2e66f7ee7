"""OCR of screens: lines with their boxes, and re-reading only the regions that changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support.screens import Shot, desktop, render

from mirix_like.desktop import NearDuplicateFilter
from mirix_like.errors import InvalidInputError
from mirix_like.vision.ocr import ScreenText, TextLine, read_screen, read_text, reread

MAIL = Shot("Mail", "Inbox", ("Your parcel is on its way", "From: Dana Reyes", "",
                              "Hello Sam,", "Tracking number: 1Z84F2219344710028",
                              "Expected delivery: Thursday 6 March."))


def test_a_screen_is_read_into_lines_with_boxes_in_reading_order() -> None:
    image = render(["Dinner with Dana", "Nopa, Friday at 7 pm"], (1280, 720))
    text = read_screen(image)
    assert text.size == (1280, 720)
    assert [line.text for line in text.lines] == ["Dinner with Dana", "Nopa, Friday at 7 pm"]
    first, second = (line.box for line in text.lines)
    assert first[3] <= second[1] and 0 <= first[0] < first[2] <= 1280
    assert text.text == "Dinner with Dana\nNopa, Friday at 7 pm"


def test_only_the_changed_regions_are_read_again_and_the_rest_is_kept() -> None:
    before_image = desktop(MAIL, (1366, 768))
    before = read_screen(before_image)
    assert "Tracking number: 1Z84F2219344710028" in before.text
    # A line that is not on the screen, outside what changes: a re-reading keeps it, which
    # shows that region was not read again.
    marker = TextLine("(kept from the earlier reading)", (1200, 700, 1300, 720))
    before = ScreenText(before.size, (*before.lines, marker))
    edited = replace(MAIL, lines=(*MAIL.lines[:4], "Tracking number: 1Z84F2219344719999",
                                  MAIL.lines[5]))
    after_image = desktop(edited, (1366, 768))
    keep = NearDuplicateFilter()
    keep.decide(before_image)
    decision = keep.decide(after_image)
    again = reread(after_image, before, decision.boxes)
    lines = [line.text for line in again.lines]
    assert "Tracking number: 1Z84F2219344719999" in lines
    assert "Tracking number: 1Z84F2219344710028" not in lines
    assert lines[-1] == marker.text
    whole = read_screen(after_image)
    assert lines[:-1] == [line.text for line in whole.lines]  # the same text as reading it all


def test_nothing_changed_another_size_or_most_of_the_screen_reads_as_needed() -> None:
    image = render(["Gate B17"], (640, 360))
    before = ScreenText((640, 360), (TextLine("stale", (0, 0, 10, 10)),))
    assert reread(image, before, []) is before  # nothing changed: nothing read
    assert reread(image, before, None).text == "Gate B17"  # unknown: read it all
    assert reread(render(["Gate B17"], (800, 450)), before, [(0, 0, 5, 5)]).text == "Gate B17"
    assert reread(image, before, [(0, 0, 600, 340)]).text == "Gate B17"  # most of it


def test_an_image_that_is_gone_or_broken_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="is gone"):
        read_text(tmp_path / "nowhere.png")
    (tmp_path / "broken.png").write_bytes(b"not a png")
    with pytest.raises(InvalidInputError, match="cannot read"):
        read_text(tmp_path / "broken.png")
