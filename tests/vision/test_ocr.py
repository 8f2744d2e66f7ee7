"""OCR of screens: lines with their boxes, and re-reading only the regions that changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont
from support.screens import Shot, desktop, render

from mirix_like.desktop import NearDuplicateFilter
from mirix_like.errors import InvalidInputError
from mirix_like.vision.ocr import ScreenText, TextLine, _fitted, read_screen, read_text, reread

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


def test_text_anywhere_on_a_large_screen_is_read_where_it_is() -> None:
    """Detection runs only in the blocks that can hold text: lines in opposite corners are
    read with their boxes on the screen, a flat panel is no text, a blank screen reads none."""
    image = Image.new("RGB", (1920, 1080), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((600, 300, 1300, 800), fill="#e9e9ec", outline="#888888")
    font = ImageFont.load_default(size=24)
    draw.text((20, 16), "Gate B17 boarding", fill="black", font=font)
    draw.text((1700, 1040), "Seat 14C", fill="black", font=font)
    text = read_screen(image)
    assert [line.text for line in text.lines] == ["Gate B17 boarding", "Seat 14C"]
    first, second = (line.box for line in text.lines)
    assert first[0] < 30 and first[1] < 30 < first[3] < 60
    assert second[0] > 1680 and second[1] > 1020 and second[3] <= 1080
    assert read_screen(Image.new("RGB", (1920, 1080), "white")).lines == ()


@pytest.mark.parametrize("scale", [2 / 3, 1280 / 1366, 0.5, 1.0])
def test_a_block_is_fitted_to_the_detector_once_and_for_all(scale: float) -> None:
    """Grown within the screen to sides that scale to whole multiples of 32 pixels, and
    unchanged when fitted again (a block that kept growing would cover the screen)."""
    size = (1366, 768)
    for box in [(0, 0, 10, 10), (40, 700, 401, 768), (1300, 5, 1366, 90), (3, 3, 1366, 768)]:
        fitted = _fitted(box, size, scale)
        assert _fitted(fitted, size, scale) == fitted
        assert fitted[0] <= box[0] and fitted[1] <= box[1]
        assert box[2] <= fitted[2] <= size[0] and box[3] <= fitted[3] <= size[1]
        for side, limit in ((fitted[2] - fitted[0], size[0]), (fitted[3] - fitted[1], size[1])):
            assert side == limit or abs(side * scale / 32 - round(side * scale / 32)) < 0.05


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


@pytest.mark.parametrize(("size", "px"), [((3840, 2160), 13), ((5120, 2880), 14),
                                          ((1280, 800), 11)])
def test_small_text_on_a_large_screen_at_full_resolution_is_read(size, px) -> None:
    lines = ["Order summary", "Subtotal EUR 248.90", "Delivery: Tuesday 8 April, 10:00-14:00"]
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for n, line in enumerate(lines):
        draw.text((size[0] // 3, size[1] // 3 + n * 2 * px), line, fill="#333333",
                  font=ImageFont.truetype("DejaVuSans.ttf", px))
    assert read_screen(image).text.splitlines() == lines
