"""A third round of screens and questions the offline rules were not written on, through the
whole pipeline (OCR, rules, real store, retrieval, answer): a bank app, a boarding pass, a
week view, chats, invoices, a router's settings, terminals, a train ticket and a utility bill,
in English, German, French, Spanish and Chinese, with amounts and dates in their local forms,
asked the way people ask an assistant ("remind me ...", "what's the ... again?", "do you know
when ...", "any idea how much ..."). An answer holds the value the screen showed, clean of any
rendering."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont
from support.cases import assert_answered
from support.told import told_all
from test_screen_answers_unseen import LEAK, Cells, Look, _draw

from mirix_like import MemorySystem

BANK = Look((828, 1792), "#f7f7fa", "#101114", "DejaVuSans", 30, 60, 180, 2.0)
TERMINAL = Look((1440, 900), "#1e1e1e", "#d4d4d4", "DejaVuSansMono", 17, 30, 40, 1.6)
WEEK = Look((1920, 1080), "white", "#202124", "DejaVuSans", 19, 120, 120, 2.2)
CHAT = Look((1280, 800), "#0b141a", "#e9edef", "DejaVuSans", 18, 80, 80, 2.1)
PAPER = Look((1654, 2339), "white", "#141414", "DejaVuSerif", 26, 160, 200, 1.9)
PANEL = Look((1366, 768), "#f0f0f0", "#1a1a1a", "DejaVuSansCondensed", 18, 100, 90, 2.0)
TICKET = Look((1170, 2532), "#fdfcf8", "#0c1f3f", "DejaVuSans", 40, 80, 300, 2.0)

CJK_FONTS = [Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
             Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
             Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")]
CJK = next((p for p in CJK_FONTS if p.exists()), None)
needs_cjk = pytest.mark.skipif(CJK is None, reason="no font with Chinese glyphs")


@cache
def _cjk_font(px: int) -> ImageFont.FreeTypeFont:
    assert CJK is not None
    return ImageFont.truetype(str(CJK), px)


def _draw_zh(rows: list[str | Cells], size: tuple[int, int] = (828, 1792), px: int = 32,
             left: int = 60, top: int = 180) -> Image.Image:
    """``rows`` in a Chinese font on a phone's screen."""
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for n, row in enumerate(rows):
        for x, text in [(0, row)] if isinstance(row, str) else row:
            draw.text((left + x, top + n * px * 2), text, font=_cjk_font(px), fill="#111111")
    return image


def _x(*cells: str, step: int = 300) -> Cells:
    return [(n * step, cell) for n, cell in enumerate(cells)]


# (app, title, rows, look)
SCREENS: list[tuple[str, str, list[str | Cells], Look]] = [
    ("Revolut", "Home", [
        "Main · GBP", "£2,418.56", "Today",
        [(0, "Tesco Express"), (480, "-£12.40")], [(0, "TfL Travel"), (480, "-£7.80")],
        "Yesterday", [(0, "Salary ACME Ltd"), (480, "+£3,150.00")],
        [(0, "Netflix"), (480, "-£10.99")]], BANK),
    ("Wallet", "easyJet", [
        "easyJet boarding pass", "BOWEN/KATE MS", "EZY 8043  LGW → BCN",
        _x("Departs", "07:25", step=420), _x("Gate closes", "06:55", step=420),
        _x("Seat", "14F", step=420), _x("Bag", "1 x 15kg hold", step=420)], TICKET),
    # a week view: a column per day, each event under its day
    ("Calendrier", "Semaine du 12 mai", [
        _x("lun. 12 mai", "mar. 13 mai", "mer. 14 mai", step=560),
        [(0, "09:00 Point hebdo")], [(560, "14:30 Ostéopathe")],
        [(1120, "19:00 Cours de salsa")], [(0, "17:00 Appel avec Hugo")]], WEEK),
    ("WhatsApp", "Oma Helga", [
        "Oma Helga  18:02", "Kommst du Sonntag zum Kaffee? Ich backe Apfelkuchen",
        "Ich  18:10", "Klar, ich bringe Sahne mit", "Oma Helga  18:11",
        "Schön! Um 15 Uhr bei mir"], CHAT),
    ("Acrobat", "rechnung-2025-118.pdf", [
        "Malerbetrieb Vogt", "RECHNUNG Nr. 2025-118", "Leistungsdatum: 14.04.2025",
        "Zahlbar bis: 28.04.2025", [(0, "Wohnzimmer streichen"), (900, "1.250,00 €")],
        [(0, "Material"), (900, "380,50 €")], [(0, "Nettobetrag"), (900, "1.630,50 €")],
        [(0, "MwSt. 19 %"), (900, "309,80 €")], [(0, "Rechnungsbetrag"), (900, "1.940,30 €")]],
     PAPER),
    ("Router", "Configuración de red", [
        "Configuración de red", "Nombre de la red (SSID): CasaMoreno_5G", "Canal: 36",
        "Seguridad: WPA3", "Dirección IP del router: 192.168.0.1"], PANEL),
    ("Terminal", "kubectl", [
        "$ kubectl get pods -n shop",
        _x("NAME", "READY", "STATUS", "RESTARTS", "AGE", step=220),
        _x("api-7d9f", "1/1", "Running", "0", "3d", step=220),
        _x("worker-5c2b", "0/1", "CrashLoopBackOff", "14", "3d", step=220)], TERMINAL),
    ("Terminal", "npm", [
        "$ npm install", "npm ERR! code ERESOLVE",
        "npm ERR! ERESOLVE unable to resolve dependency tree",
        "npm ERR! Found: react@18.2.0"], TERMINAL),
    ("SNCF Connect", "Billet", [
        "TGV INOUI 6611", "Paris Gare de Lyon → Lyon Part-Dieu", "Départ 08:04 - Arrivée 10:00",
        "Voiture 14 - Place 63", "Prix : 49,00 €"], TICKET),
    ("Endesa", "Factura", [
        "Factura de electricidad", "Periodo: 01/03/2025 - 31/03/2025", "Consumo: 245 kWh",
        "Importe total: 68,37 €", "Fecha de cargo: 10/04/2025"], PANEL),
]
CJK_SCREENS: list[tuple[str, str, Callable[[], Image.Image]]] = [
    ("招商银行", "账户", lambda: _draw_zh([
        "账户余额", "¥ 12,306.88", [(0, "4月15日 美团外卖"), (460, "-45.60")],
        [(0, "4月14日 工资"), (460, "+15,000.00")], [(0, "4月12日 电费"), (460, "-218.30")]])),
    ("微信", "李娜", lambda: _draw_zh([
        "李娜", "周六晚上七点在海底捞聚餐", "记得带上身份证"])),
]
USER = "kate"


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    root = tmp_path_factory.mktemp("answers_r3")
    start = datetime(2025, 4, 16, 8, 30, tzinfo=UTC)
    shown = [(app, title, _draw(rows, look)) for app, title, rows, look in SCREENS]
    if CJK:
        shown += [(app, title, draw()) for app, title, draw in CJK_SCREENS]
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        for n, (app, title, image) in enumerate(shown):
            system.add(images=[image], user_id=USER, occurred_at=start + timedelta(minutes=7 * n),
                       metadata={"source": "screen", "app": app, "window_title": title})
        system.flush(USER)
        yield system


CASES: list[object] = [
    # (question, what the answer must say, what it must not)
    ("Remind me how much I spent at Tesco?", ["12.40"], ["7.80", "10.99"]),
    ("What's my Revolut balance again?", ["2,418.56"], []),
    ("Any idea how much Netflix charged me?", ["10.99"], ["12.40"]),
    ("How much was my salary from ACME?", ["3,150.00"], []),
    ("Do you know when the gate closes for my Barcelona flight?", ["06:55"], ["07:25"]),
    ("What's my seat again on EZY 8043?", ["14F"], ["63"]),
    ("How much luggage can I check in on the easyJet flight?", ["15kg"], []),
    ("Rappelle-moi l'heure de l'ostéopathe ?", ["14:30"], ["19:00", "09:00"]),
    ("When's salsa class?", ["19:00"], ["14:30"]),
    ("Do you know when I'm calling Hugo?", ["17:00"], ["Ostéopathe"]),
    ("What time is coffee at Oma Helga's on Sunday?", ["15 Uhr"], ["18:"]),
    ("Was backt Oma zum Kaffee?", ["Apfelkuchen"], []),
    ("What am I bringing to Oma's?", ["Sahne"], []),
    ("What's the total on invoice 2025-118 again?", ["1.940,30"], ["1.630,50", "309,80"]),
    ("Bis wann muss ich die Rechnung von Malerbetrieb Vogt bezahlen?", ["28.04.2025"],
     ["14.04.2025"]),
    ("Any idea how much the material on the Vogt invoice cost?", ["380,50"], ["1.250,00"]),
    ("¿Cuál es el nombre de la red wifi?", ["CasaMoreno_5G"], []),
    ("What channel is the router on?", ["36"], []),
    ("What's the router's IP address again?", ["192.168.0.1"], []),
    ("How many times has the worker pod restarted?", ["14"], []),
    ("Which pod has the most restarts?", ["worker-5c2b"], ["api-7d9f"]),
    ("What was the npm error code?", ["ERESOLVE"], []),
    ("Which version of react did npm find?", ["18.2.0"], []),
    ("Dans quelle voiture je suis dans le TGV ?", ["14"], []),
    ("Any idea how much the TGV ticket to Lyon cost?", ["49,00"], []),
    ("Do you know when my train to Lyon leaves?", ["08:04"], []),
    ("¿Cuántos kWh consumí el mes pasado según la factura de Endesa?", ["245"], []),
    ("When will the Endesa bill be charged?", ["10/04/2025"], ["01/03/2025"]),
    ("What's the total of the electricity bill again?", ["68,37"], []),
    pytest.param("电费花了多少？", ["218.30"], ["45.60"], marks=needs_cjk),
    pytest.param("我的账户余额还有多少？", ["12,306.88"], [], marks=needs_cjk),
    pytest.param("周六几点聚餐？", ["七点"], [], marks=needs_cjk),
    pytest.param("聚餐在哪里？", ["海底捞"], [], marks=needs_cjk),
]


def _id(case: object) -> str:
    return case[0] if type(case) is tuple else case.id or case.values[0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES, ids=[_id(c) for c in CASES])
def test_an_everyday_question_gets_the_value_the_screen_showed(
        memory: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=USER).answer, says, not_says, LEAK)


# What people told the assistant in chat, asked back weeks later in the same everyday ways;
# a later session corrects or replaces what an earlier one said.
SAID: list[tuple[str, list[str]]] = [
    ("2025-02-03T09:00:00+00:00", [
        "My passport expires in May 2025.",
        "Mi hermana Lucía vive en Valencia.",
        "I park at level 3 of the Westgate car park.",
        "Mon code de réservation pour Lisbonne est QX7P2L."]),
    ("2025-04-02T09:00:00+00:00", [
        "I renewed my passport, the new one expires in June 2035.",
        "Lucía se mudó a Sevilla el mes pasado.",
        "Ich habe meinen Zahnarzttermin auf Donnerstag um 15 Uhr verschoben."]),
]
TOLD = [
    ("Remind me when my passport expires?", ["2035"], ["May 2025"]),
    ("Do you know where my sister Lucía lives now?", ["Sevilla"], ["Valencia"]),
    ("What level did I park on again?", ["3"], []),
    ("Tu te souviens du code de réservation pour Lisbonne ?", ["QX7P2L"], []),
    ("Weißt du, wann mein Zahnarzttermin ist?", ["Donnerstag", "15 Uhr"], []),
]


@pytest.fixture(scope="module")
def told(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("told_r3"), {USER: SAID}) as system:
        yield system


@pytest.mark.parametrize(("question", "says", "not_says"), TOLD, ids=[_id(c) for c in TOLD])
def test_an_everyday_question_gets_what_was_said_last(
        told: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(told.chat(question, user_id=USER).answer, says, not_says, LEAK)
