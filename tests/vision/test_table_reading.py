"""A table's columns read as its rows: a receipt's item beside its price, a label beside its
value, while two columns of running text stay one after the other."""

from __future__ import annotations

from PIL import Image, ImageDraw
from support.screens import font

from mirix_like.vision.ocr import read_screen


def _page(rows: list[list[tuple[int, str]]], size: tuple[int, int], family: str = "sans",
          px: int = 22) -> Image.Image:
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for n, cells in enumerate(rows):
        for x, text in cells:
            draw.text((x, 40 + round(n * px * 1.6)), text, font=font(family, px), fill="black")
    return image


def test_a_receipt_reads_each_item_with_its_price() -> None:
    receipt = _page([[(40, "ALDI SÜD")], [(40, "Kaffee"), (420, "6,99")],
                     [(40, "Milch"), (420, "1,19")], [(40, "SUMME EUR"), (420, "10,67")]],
                    (640, 320), family="mono")
    assert read_screen(receipt).text.splitlines()[1:] == [
        "Kaffee 6,99", "Milch 1,19", "SUMME EUR 10,67"]


def test_two_columns_of_running_text_are_read_one_after_the_other() -> None:
    left = ["The quarterly review moved to", "Wednesday afternoon this week"]
    right = ["Please bring the printed vendor", "list and the budget forecasts"]
    page = _page([[(30, a), (700, b)] for a, b in zip(left, right, strict=True)], (1400, 200),
                 px=20)
    assert read_screen(page).text.splitlines() == [*left, *right]


def test_the_days_of_a_week_view_are_read_each_as_a_column() -> None:
    week = _page([[(40, "Mon 31"), (330, "Tue 1"), (620, "Wed 2")],
                  [(40, "10:00 Dentist"), (330, "10:00 Yoga"), (620, "10:00 Bank")],
                  [(40, "13:00 Lunch"), (620, "13:00 Haircut")]], (900, 240))
    assert read_screen(week).text.splitlines() == [
        "Mon 31", "10:00 Dentist", "13:00 Lunch", "Tue 1", "10:00 Yoga", "Wed 2", "10:00 Bank",
        "13:00 Haircut"]
    # a timetable's hour is a cell of its own row
    board = _page([[(40, "08:12"), (200, "ICE 577"), (420, "Stuttgart")],
                   [(40, "08:40"), (200, "RE 5"), (420, "Koblenz")]], (700, 160))
    assert read_screen(board).text.splitlines() == ["08:12 ICE 577 Stuttgart", "08:40 RE 5 Koblenz"]
