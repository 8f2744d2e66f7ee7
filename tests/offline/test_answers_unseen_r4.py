"""A fourth round of screens and chat facts the offline rules were not written on, through the
whole pipeline (OCR, rules, real store, retrieval, answer): a mail client, a Spanish calendar
week, a café receipt, a laptop's settings, a git log, a German spreadsheet, a French chat, a
doctor's booking and a Chinese shopping order, and facts told across sessions in English,
German, French and Spanish. Questions come the way people type them: lower case, without a
question mark, with a typo, after "Quick q:" or "Do you remember". An answer holds the value
shown or said last, clean of any rendering."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from support.cases import assert_answered
from support.told import told_all
from test_answers_unseen_r3 import CJK, _draw_zh, _id, _x, needs_cjk
from test_screen_answers_unseen import LEAK, Cells, Look, _draw

from mirix_like import MemorySystem

MAIL = Look((1600, 1000), "#ffffff", "#1f1f1f", "DejaVuSans", 18, 90, 90, 2.0)
WEEK = Look((1920, 1080), "#fafafa", "#3c4043", "DejaVuSans", 18, 110, 110, 2.3)
RECEIPT = Look((600, 1300), "#fffef9", "#222222", "DejaVuSansMono", 22, 50, 80, 1.8)
SETTINGS = Look((1280, 800), "#ececec", "#1d1d1f", "DejaVuSans", 19, 120, 100, 2.1)
TERMINAL = Look((1440, 900), "#282a36", "#f8f8f2", "DejaVuSansMono", 17, 30, 40, 1.6)
SHEET = Look((1680, 900), "white", "#000000", "DejaVuSansCondensed", 18, 60, 90, 1.9)
CHAT = Look((720, 1480), "#efeae2", "#111b21", "DejaVuSans", 24, 50, 140, 2.0)
BOOKING = Look((1170, 2000), "#f5f9fc", "#0b3b60", "DejaVuSans", 30, 70, 200, 2.0)

# (app, title, rows, look)
SCREENS: list[tuple[str, str, list[str | Cells], Look]] = [
    ("Thunderbird", "Offsite venue confirmed - Inbox", [
        "From: Priya Natarajan <priya@lumenlabs.io>", "Subject: Offsite venue confirmed",
        "Date: 2 June 2025, 09:14", "Hi all,",
        "The team offsite is at Hotel Arts Barcelona on 12 June.",
        "Please send me your dietary needs by Friday.", "Priya"], MAIL),
    ("Google Calendar", "Semana del 9 de junio", [
        _x("lun 9", "mar 10", "mié 11", "jue 12", step=420),
        [(0, "10:00 Dentista")], [(420, "16:30 Clase de yoga")],
        [(840, "20:00 Cena con Marta")], [(1260, "08:15 Revisión del coche")]], WEEK),
    ("Photos", "IMG_2291.jpg", [
        "BLUE BOTTLE COFFEE", "315 Linden St", "2x Oat Latte        11.00",
        "Almond Croissant     4.75", "Subtotal            15.75", "Tax                  1.42",
        "TOTAL               17.17", "VISA **** 4821"], RECEIPT),
    ("System Settings", "About", [
        "MacBook Pro", "14-inch, Nov 2023", _x("Chip", "Apple M3 Pro", step=320),
        _x("Memory", "18 GB", step=320), _x("Serial number", "C02XK1ZZJG5H", step=320),
        _x("macOS", "Sonoma 14.5", step=320)], SETTINGS),
    ("Terminal", "git log", [
        "$ git log --oneline -4", "a1b2c3d Fix login redirect loop",
        "9f8e7d6 Add CSV export to reports", "4c5d6e7 Bump pandas to 2.2.2",
        "1a2b3c4 Initial commit"], TERMINAL),
    ("LibreOffice Calc", "Haushaltsbuch.ods", [
        _x("Monat", "Miete", "Strom", "Lebensmittel", step=260),
        _x("Januar", "1.150,00", "84,20", "412,35", step=260),
        _x("Februar", "1.150,00", "79,90", "389,10", step=260),
        _x("März", "1.180,00", "81,45", "455,60", step=260)], SHEET),
    ("WhatsApp", "Camille", [
        "Camille  19:02", "On se retrouve où demain soir ?", "Moi  19:05",
        "Devant le cinéma Le Champo", "Camille  19:06", "Parfait ! La séance est à 20h15",
        "J'apporte les billets"], CHAT),
    ("Doctolib", "Rendez-vous confirmé", [
        "Rendez-vous confirmé", "Dr Claire Martin", "Dermatologue", "Jeudi 19 juin 2025",
        "à 11h40", "12 rue des Écoles, 75005 Paris", "Motif : contrôle des grains de beauté"],
     BOOKING),
]
CJK_SCREENS: list[tuple[str, str, list[str | Cells]]] = [
    ("京东", "订单详情", [
        "订单详情", "订单编号：2025061288341", "小米空气净化器 4 Pro", "实付款：¥1,299.00",
        "预计送达：6月14日", "收货地址：上海市徐汇区漕溪北路88号"]),
]
USER = "noor"


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    root = tmp_path_factory.mktemp("answers_r4")
    start = datetime(2025, 6, 10, 18, 5, tzinfo=UTC)
    shown = [(app, title, _draw(rows, look)) for app, title, rows, look in SCREENS]
    if CJK:
        shown += [(app, title, _draw_zh(rows)) for app, title, rows in CJK_SCREENS]
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        for n, (app, title, image) in enumerate(shown):
            system.add(images=[image], user_id=USER, occurred_at=start + timedelta(minutes=6 * n),
                       metadata={"source": "screen", "app": app, "window_title": title})
        system.flush(USER)
        yield system


CASES: list[object] = [
    # (question, what the answer must say, what it must not)
    ("who emailed me about the offsite", ["Priya Natarajan"], []),
    ("Quick q: where's the team offsite?", ["Hotel Arts"], []),
    ("By when do I need to send Priya my dietary needs?", ["Friday"], []),
    ("¿A qué hora es la cena con Marta?", ["20:00"], ["16:30"]),
    ("when's my yoga class", ["16:30"], ["20:00"]),
    ("Do you remember what time the car service is?", ["08:15"], []),
    ("how much did i spend at blue bottle", ["17.17"], ["15.75"]),
    ("whats the tax on the blue bottle receipt", ["1.42"], ["17.17"]),
    ("What did the almond croissant cost?", ["4.75"], ["11.00"]),
    ("Which card did I pay for the coffee with?", ["4821"], []),
    ("how much ram does my macbook have", ["18 GB"], []),
    ("What chip does my MacBook have?", ["M3 Pro"], []),
    ("What's the serial number of my Mac?", ["C02XK1ZZJG5H"], []),
    ("which macos version am i on?", ["14.5"], []),
    ("What's the hash of the commit that added the CSV export?", ["9f8e7d6"], ["a1b2c3d"]),
    ("Which pandas version did we bump to?", ["2.2.2"], []),
    ("In welchem Monat habe ich am meisten für Lebensmittel ausgegeben?", ["März"], []),
    ("Wie viel Miete habe ich im März gezahlt?", ["1.180,00"], []),
    ("How much was electricity in February?", ["79,90"], ["84,20", "81,45"]),
    ("Where am I meeting Camille tomorrow?", ["Le Champo"], []),
    ("what time does the film with camille start", ["20h15"], ["19:0"]),
    ("Qui apporte les billets ?", ["Camille"], []),
    ("When is my dermatologist appointment?", ["19 juin"], []),
    ("Quel est le nom de ma dermatologue ?", ["Claire Martin"], ["Jeudi"]),
    ("What's the address of the dermatologist?", ["12 rue des Écoles"], []),
    pytest.param("我买的空气净化器多少钱？", ["1,299.00"], [], marks=needs_cjk),
    pytest.param("订单号是多少", ["2025061288341"], [], marks=needs_cjk),
    pytest.param("净化器什么时候送到？", ["6月14日"], [], marks=needs_cjk),
]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES, ids=[_id(c) for c in CASES])
def test_a_question_typed_any_way_gets_the_value_the_screen_showed(
        memory: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=USER).answer, says, not_says, LEAK)


# Facts told in chat across two sessions, in the user's languages; the second corrects some.
SAID: list[tuple[str, list[str]]] = [
    ("2025-01-10T19:00:00+00:00", [
        "Je travaille chez Decathlon.",
        "My dentist is Dr Haddad.",
        "Meine Tochter heißt Frieda.",
        "I'm allergic to penicillin.",
        "Mi vuelo a Bogotá sale el 3 de marzo.",
        "My landlord is called Mr Okafor.",
        "I take my coffee black."]),
    ("2025-03-05T19:00:00+00:00", [
        "I switched dentists, my new dentist is Dr Lindqvist.",
        "Je joue au badminton le mardi soir.",
        "These days I take my coffee with oat milk.",
        "Wir haben einen Hund bekommen, er heißt Bruno."]),
]
TOLD: list[object] = [
    ("Quick q: who's my dentist", ["Lindqvist"], ["Haddad"]),
    ("Do you remember my daughter's name?", ["Frieda"], ["Du hast gesagt"]),
    ("what am i allergic to", ["penicillin"], []),
    ("¿Cuándo sale mi vuelo a Bogotá?", ["3 de marzo"], []),
    ("whats my landlords name", ["Okafor"], []),
    ("How do I take my coffee these days?", ["oat milk"], ["black"]),
    ("Wie heißt unser Hund?", ["Bruno"], []),
    # a quoted message keeps its words, framed in the language asked in
    ("where do i work", ["Decathlon"], []),
    ("Which sport do I play on Tuesdays?", ["You said", "badminton"], ["Tu as dit"]),
    ("Wo arbeite ich?", ["Decathlon"], []),
    ("when's my flight to bogota", ["3 de marzo"], []),
    ("¿Cómo se llama mi casero?", ["Okafor"], []),
]


@pytest.fixture(scope="module")
def told(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("told_r4"), {USER: SAID}) as system:
        yield system


@pytest.mark.parametrize(("question", "says", "not_says"), TOLD, ids=[_id(c) for c in TOLD])
def test_a_question_typed_any_way_gets_what_was_said_last(
        told: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(told.chat(question, user_id=USER).answer, says, not_says, LEAK)
