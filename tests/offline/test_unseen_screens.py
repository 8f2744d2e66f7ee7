"""Screens and notes unlike the ones the rules were written on, through the whole offline
pipeline (OCR, rules, real store, retrieval, answer): other languages, fonts and layouts."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from support.screens import font

from mirix_like import MemorySystem

Row = str | list[tuple[int, str]]


def _page(rows: list[Row], size: tuple[int, int] = (1440, 900), family: str = "sans",
          px: int = 22) -> Image.Image:
    """A white screen with ``rows`` of text, each one line or cells at their x."""
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for n, row in enumerate(rows):
        for x, text in [(60, row)] if isinstance(row, str) else row:
            draw.text((x, 60 + round(n * px * 1.6)), text, font=font(family, px), fill="black")
    return image


SCREENS = [
    ("Kalender", _page(["Kalender - März 2025", "Termin beim Zahnarzt Dr. Weber, Do 14:30",
                        "Praxis: Lindenstraße 12"], family="serif")),
    ("Kassenbon", _page(["ALDI SÜD", "Filiale 0423 Hamburg", [(60, "Kaffee"), (400, "6,99")],
                         [(60, "Milch"), (400, "1,19")], [(60, "SUMME EUR"), (400, "10,67")]],
                        (700, 600), family="mono")),
    ("Wallet", _page(["BOARDING PASS", [(60, "FLIGHT"), (600, "IB 3171")],
                      [(60, "TO"), (600, "PARIS ORLY")], [(60, "SEAT"), (600, "14C")],
                      [(60, "BOARDING"), (600, "07:35")]], (1080, 700), px=26)),
    ("Calendario", _page(["Cita con el médico", "Viernes 21 de marzo, 10:45",
                          "Centro de Salud Goya"], px=24)),
    ("iCloud", _page(["Apple ID", "lucia.moreno@icloud.com",
                      "iCloud Storage: 47.3 GB of 200 GB used"], px=12)),
    ("Sheets", _page(["Budget 2025", [(60, "Month"), (300, "Revenue"), (550, "Costs")],
                      [(60, "Jan"), (300, "12,400"), (550, "8,100")],
                      [(60, "Feb"), (300, "13,950"), (550, "8,700")]], px=20)),
]
NOTES = ("# Trip to Kyoto\n\n## Hotel\n- Name: Gion Hatanaka\n- Check-in: 15:00\n\n"
         "## Flights\n- Outbound: JL 407 on 2 April\n")


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    root: Path = tmp_path_factory.mktemp("unseen")
    start = datetime(2025, 3, 10, 9, tzinfo=UTC)
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        for n, (app, image) in enumerate(SCREENS):
            system.add(images=[image], user_id="lu", occurred_at=start + timedelta(minutes=5 * n),
                       metadata={"source": "screen", "app": app})
        system.add(NOTES, user_id="lu", occurred_at=start + timedelta(hours=2),
                   metadata={"file_name": "kyoto.md"})
        system.flush("lu")
        yield system


@pytest.mark.parametrize(("question", "expected"), [
    ("Wann ist der Zahnarzttermin?", "Termin beim Zahnarzt Dr. Weber, Do 14:30"),
    ("How much did the coffee cost?", "Kaffee 6,99"),
    ("What was the total at Aldi?", "SUMME EUR 10,67"),
    ("What seat do I have on the flight to Paris?", "FLIGHT IB 3171 / SEAT 14C"),
    ("When does boarding start for flight IB 3171?", "FLIGHT IB 3171 / BOARDING 07:35"),
    ("When is my doctor's appointment?", "Cita con el médico / Viernes 21 de marzo, 10:45"),
    ("¿A qué hora es la cita con el médico?", "Cita con el médico / Viernes 21 de marzo, 10:45"),
    ("How much iCloud storage is used?", "ICloud Storage: 47.3 GB of 200 GB used"),
    ("What was the revenue in February?", "Month Revenue Costs / Feb 13,950 8,700"),
    ("Which flight do I take to Kyoto?", "Flights / Outbound: JL 407 on 2 April"),
])
def test_an_unseen_screen_or_note_is_answered_by_its_own_line(
        memory: MemorySystem, question: str, expected: str) -> None:
    assert memory.chat(question, user_id="lu").answer == expected
