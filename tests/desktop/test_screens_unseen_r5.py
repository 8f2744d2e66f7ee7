"""A fifth outside check of the desktop assistant, with layouts no test had: a spreadsheet with
a header row and a total, a code editor over its terminal, a calendar's week with entries at
their hours, a chat in dark mode with its messages under their senders, a PDF of two columns,
mail clients in German, French, Spanish and Chinese; at 2560x1600, 1280x720, 1366x768 and
1920x1080. Then sequences the watcher sees: a sheet whose total changes, a dark 4K bank page
whose balance changes by one digit, a chat that gets a new message (each kept, and the newest
answers), a repeat (dropped). The questions are those a
user asks afterwards, in English, German, French, Spanish and Chinese: the values the screens
showed, what a message said, what the user was looking at, when they saw a screen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image
from support.cases import assert_answered, known, question_id
from support.screens import screens_seen, watch
from test_screens_unseen_r2 import CJK, LEAK, Page, column, draw, needs_cjk, row

from mirix_like import MemorySystem

USER = "noor"

SHEET = Page((2560, 1600), font="DejaVuSansCondensed", px=30,
             grid=tuple(range(196, 520, 64)))
"""A spreadsheet on a 2560x1600 screen at 200 %: large cells and grid lines."""
CODE = Page((1920, 1080), "#1e1e1e", "#d4d4d4", "DejaVuSansMono", 17,
            panels=(((0, 0, 1920, 40), "#2d2d2d"), ((0, 640, 1920, 1080), "#181818")))
"""An editor, its tab bar and, under the code, its terminal panel."""
WEEK = Page((1366, 768), px=15)
DISCORD = Page((1280, 720), "#313338", "#dbdee1", px=16,
               panels=(((0, 0, 240, 720), "#2b2d31"),))
PAPER = Page((1920, 1080), "#f4f4f4", "#111111", "DejaVuSerif", 17,
             panels=(((260, 0, 1660, 1080), "white"),))
"""A PDF viewer: the page in the middle, grey around it, the text in two columns."""
MAIL = Page((1440, 900), px=16, panels=(((0, 0, 240, 900), "#f0f2f5"),))


def _mail(folders: list[str], lines: list[str], page: Page = MAIL) -> Image.Image:
    """A mail client: its folders on the left, the open message on the right."""
    return draw(page, [*column(24, 40, folders, 44), *column(290, 40, lines, 44)])


SCREENS: list[tuple[str, str, Image.Image]] = [
    ("Microsoft Excel", "Q3 household.xlsx", draw(SHEET, [
        *row(140, [(80, "Month"), (560, "Rent"), (960, "Utilities"), (1400, "Groceries")]),
        *row(204, [(80, "July"), (560, "1,150.00"), (960, "212.40"), (1400, "486.75")]),
        *row(268, [(80, "August"), (560, "1,150.00"), (960, "198.15"), (1400, "523.10")]),
        *row(332, [(80, "September"), (560, "1,175.00"), (960, "231.90"), (1400, "470.35")]),
        *row(396, [(80, "Total"), (560, "3,475.00"), (960, "642.45"), (1400, "1,480.20")])])),
    ("Visual Studio Code", "auth.py - ledger", draw(CODE, [
        (20, 10, "auth.py"),
        *column(40, 70, ["12  def login(user, password):",
                         "13      token = issue_token(user, ttl=900)",
                         "14      return token"], 30),
        *column(40, 670, ["TERMINAL", "$ pytest tests/test_auth.py",
                          "FAILED tests/test_auth.py::test_expired_token - AssertionError",
                          "1 failed, 23 passed in 4.12s"], 34)])),
    ("Calendar", "Week 23", draw(WEEK, [
        *row(40, [(60, "Mon 2 Jun"), (330, "Tue 3 Jun"), (600, "Wed 4 Jun"), (870, "Thu 5 Jun"),
                  (1140, "Fri 6 Jun")]),
        (60, 160, "08:30 Physio"), (330, 260, "14:00 Dr. Okafor"),
        (870, 200, "19:00 Choir"), (1140, 340, "11:15 Car MOT")])),
    ("Discord", "#band", draw(DISCORD, [
        *column(20, 30, ["# general", "# band", "# gigs"], 40),
        *column(270, 30, ["Marco  Today at 18:02", "the rehearsal moved to Hall B",
                          "Lea  Today at 18:05", "I'll bring the spare cables",
                          "Marco  Today at 18:09", "sound check starts at 19:45"], 40)])),
    ("Preview", "sleep-study.pdf", draw(PAPER, [
        (1500, 20, "Page 3 of 12"), (340, 60, "Sleep and memory in shift workers"),
        *column(340, 140, ["We followed 412 nurses for", "eighteen months across three",
                           "hospitals in Lyon."], 28),
        *column(1000, 140, ["Night shifts cut recall scores", "by 14 percent on average.",
                            "Naps of 20 minutes helped."], 28)])),
    ("Thunderbird", "Schlüsselübergabe - Posteingang", _mail(
        ["Posteingang", "Gesendet", "Entwürfe"],
        ["Schlüsselübergabe", "Von: Katrin Vogel", "Hallo Noor,",
         "die Schlüsselübergabe ist am Mittwoch um 17 Uhr.",
         "Bitte bring den Übergabeschein mit.", "Viele Grüße, Katrin"])),
    ("Outlook", "Facture d'électricité", _mail(
        ["Boîte de réception", "Éléments envoyés", "Brouillons"],
        ["Facture d'électricité", "De : EDF Clients", "Bonjour,",
         "le montant de 84,20 € sera prélevé le 12 mars.", "Référence client : 5520 1184",
         "Cordialement"])),
    ("Gmail", "Reserva del restaurante", _mail(
        ["Recibidos", "Enviados", "Borradores"],
        ["Reserva del restaurante", "De: Carmen Ruiz", "Hola Noor:",
         "la mesa está reservada para el sábado a las 21:30.", "Somos ocho personas.",
         "Un abrazo, Carmen"])),
]
if CJK:
    SCREENS += [
        ("邮件", "会议改期", _mail(["收件箱", "已发送", "草稿"], [
            "会议改期", "发件人：王磊", "各位好，", "周会改到周四下午三点。", "地点：三号会议室",
            "谢谢"], Page((1440, 900), font="cjk", px=20,
                        panels=(((0, 0, 240, 900), "#f0f2f5"),)))),
    ]


LATEST = "会议改期" if CJK else "Reserva del restaurante"
"""The title of the screen seen last."""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with screens_seen(tmp_path_factory.mktemp("screens_r5"), USER, SCREENS,
                      datetime(2025, 6, 2, 9, 0, tzinfo=UTC), timedelta(minutes=5)) as system:
        yield system


CASES: list[object] = [
    # (question, what the answer must say, what it must not)
    ("What were the utilities in August?", ["198.15"], ["212.40", "231.90"]),
    ("How much was the rent in September?", ["1,175.00"], []),
    ("What were my total groceries in Q3?", ["1,480.20"], []),
    ("Which test failed?", ["test_expired_token"], []),
    ("How many tests passed?", ["23"], []),
    ("What is the token ttl in auth.py?", ["900"], []),
    ("When is my appointment with Dr. Okafor?", ["14:00"], []),
    ("When is choir this week?", ["19:00"], []),
    ("Where is the band rehearsal now?", ["Hall B"], []),
    ("What did Lea say she would bring?", ["spare cables"], []),
    ("When does the sound check start?", ["19:45"], []),
    ("How many nurses did the sleep study follow?", ["412"], []),
    ("How much did night shifts cut recall scores?", ["14 percent"], []),
    ("Wann ist die Schlüsselübergabe?", ["Mittwoch", "17 Uhr"], []),
    ("Was soll ich zur Schlüsselübergabe mitbringen?", ["Übergabeschein"], []),
    ("Combien sera prélevé pour l'électricité ?", ["84,20"], []),
    ("Quand la facture d'électricité sera-t-elle prélevée ?", ["12 mars"], []),
    ("¿Para cuándo está reservada la mesa?", ["sábado", "21:30"], []),
    ("¿Cuántas personas somos en la cena de Carmen?", ["ocho"], []),
    pytest.param("周会改到什么时候？", ["周四下午三点"], [], marks=needs_cjk),
    pytest.param("周会在哪个会议室？", ["三号会议室"], [], marks=needs_cjk),
    ("Which page of the sleep study was I on?", ["Page 3 of 12"], []),
    known(("Welche Seite der Schlafstudie hatte ich offen?", ["Page 3 of 12"], []), "the "
          "compound 'Schlafstudie' is not read as the PDF's 'sleep-study': nothing matches"),
    ("What's my EDF customer reference?", ["5520 1184"], []),
    known(("How long did the tests take?", ["4.12s"], []), "'how long' is not read as asking "
          "for a duration: the answer is the command and the failed test, not '1 failed, 23 "
          "passed in 4.12s'"),
    ("What was on my screen at 9:12?", ["Week 23", "Calendar"], []),
    # a message is what its sender wrote under their name, past the greeting
    ("What did Katrin write?", ["Schlüsselübergabe ist am Mittwoch"], []),
    ("Was hat Katrin geschrieben?", ["Mittwoch um 17 Uhr"], []),
    ("¿Qué escribió Carmen?", ["sábado a las 21:30"], []),
    ("Qu'a écrit EDF ?", ["84,20 €"], []),
    ("What did Marco say about the rehearsal?", ["Hall B"], []),
    known(("王磊说了什么？", ["周四下午三点"], []), "the sender line '发件人：王磊' is no sender "
          "to the rules (a name in capitals): the answer is the name and the greeting under it "
          "'王磊 / 各位好，'", needs_cjk),
    ("Quand ai-je regardé la facture d'électricité ?", ["9h30"], []),
    ("Wann habe ich mir die Mail zur Schlüsselübergabe angesehen?", ["9:25"], []),
    ("¿Cuándo vi la reserva del restaurante?", ["9:35"], []),
    pytest.param("What was I looking at last?", [LATEST], [], marks=pytest.mark.xfail(
        CJK is not None, strict=True, reason="retrieval brings the screens that match the "
        "question best, not the newest: the Chinese mail seen last is not among them, so the "
        "Spanish one before it is named")),
    ("Was hatte ich zuletzt offen?", [LATEST], []),
    ("Qu'est-ce que j'ai regardé en dernier ?", [LATEST], []),
    ("¿Qué fue lo último que vi?", [LATEST], []),
    # the window of a screen seen in Chinese: its title in its app
    pytest.param("我最后看了什么？", ["邮件中看“会议改期”"], [], marks=needs_cjk),
    pytest.param("我什么时候看了会议改期的邮件？", ["邮件中的“会议改期”", "09:40"], [],
                 marks=needs_cjk),
    ("When did I look at the Q3 household sheet?", ["9:00"], []),
]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES,
                         ids=[question_id(c) for c in CASES])
def test_a_question_about_an_unseen_screen_gets_the_value_it_showed(
        memory: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=USER).answer, says, not_says, LEAK)


# ------------------------------------------------------------------------ sequences

BUDGET = Page((1280, 720), font="DejaVuSansCondensed", px=16, grid=tuple(range(98, 300, 36)))


def _budget(fuel: str, total: str) -> Image.Image:
    """A trip budget whose fuel cell the user edits: the total follows it."""
    return draw(BUDGET, [*row(70, [(40, "Item"), (420, "Cost")]),
                         *row(106, [(40, "Ferry tickets"), (420, "96.00")]),
                         *row(142, [(40, "Fuel"), (420, fuel)]),
                         *row(178, [(40, "Campsite"), (420, "144.00")]),
                         *row(214, [(40, "Total"), (420, total)])])


CHAT = Page((1600, 1000), "#0b141a", "#e9edef", px=18, panels=(((0, 0, 420, 1000), "#111b21"),))
THREAD = ["Yusuf  20:14", "Are we still meeting at the station?", "Noor  20:16",
          "Yes, at the north exit"]
NEW = ["Yusuf  20:31", "Train is delayed, I'll be there at 21:05"]


def _chat(lines: list[str]) -> Image.Image:
    """WhatsApp on the desktop, dark: the chats on the left, one thread on the right."""
    return draw(CHAT, [*column(30, 40, ["Yusuf", "Family", "Climbing crew"], 60),
                       *column(460, 40, lines, 48)])


BANK = Page((3840, 2160), "#1e1f24", "#e3e5ea", px=14, panels=(((0, 0, 600, 2160), "#26282e"),))
"""A 4K screen at 100 %, dark: a change of one digit is a few pixels of it."""


def _bank(balance: str, last: str) -> Image.Image:
    return draw(BANK, [*column(40, 80, ["Accounts", "Cards", "Payments"], 40),
                       *column(900, 120, ["Current account", f"Balance: EUR {balance}",
                                          f"Last payment: {last}"], 30)])


SEQUENCES: dict[str, list[tuple[Image.Image, str, str]]] = {
    # the user changes the fuel cost: the total changes with it, the rest stays
    "budget": [(_budget(fuel, total), "LibreOffice Calc", "Trip budget.ods")
               for fuel, total in (("120.00", "360.00"), ("120.00", "360.00"),
                                   ("135.50", "375.50"))],
    # one digit of the balance changes, then the last payment with it
    "bank": [(_bank(balance, last), "N26", "Accounts")
             for balance, last in (("1,284.50", "Rewe -23.10"), ("1,284.50", "Rewe -23.10"),
                                   ("1,234.50", "Aral -50.00"))],
    # a new message arrives under the thread
    "chat": [(_chat(THREAD), "WhatsApp", "Yusuf"), (_chat(THREAD), "WhatsApp", "Yusuf"),
             (_chat(THREAD + NEW), "WhatsApp", "Yusuf")],
}


@pytest.fixture(scope="module")
def watched(tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[tuple[MemorySystem, dict[str, list[str]]]]:
    """One store the watcher fed every sequence, and each frame's outcome by sequence."""
    root = tmp_path_factory.mktemp("watched_r5")
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        yield system, watch(system, USER, SEQUENCES)


@pytest.mark.parametrize("sequence", list(SEQUENCES))
def test_a_frame_that_changes_one_line_is_kept_and_a_repeat_is_not(
        watched: tuple[MemorySystem, dict[str, list[str]]], sequence: str) -> None:
    assert watched[1][sequence] == ["kept", "duplicate", "kept"]


SEQUENCE_CASES: list[object] = [
    ("What is the total of the trip budget?", ["375.50"], ["360.00"]),
    ("What's my current account balance?", ["1,234.50"], ["1,284.50"]),
    ("Wie hoch ist mein Kontostand?", ["1,234.50"], ["1,284.50"]),
    ("What was my last payment?", ["Aral -50.00"], ["Rewe"]),
    ("How much is the fuel?", ["135.50"], ["120.00"]),
    ("When will Yusuf be there?", ["21:05"], []),
    ("What did Yusuf say about the train?", ["delayed"], []),
    ("Where are we meeting Yusuf?", ["north exit"], []),
    ("Wie hoch ist die Gesamtsumme des Reisebudgets?", ["375.50"], ["360.00"]),
    known(("¿Cuánto cuesta el camping?", ["144.00"], []), "'camping' is no word of the "
          "sheet's 'Campsite': the header 'Item Cost' and the first row answer 'cuesta'"),
    known(("Qu'est-ce que Yusuf a écrit ?", ["21:05"], []), "the chat's window is named "
          "Yusuf, so every line is his by the window: the answer is the user's own reply 'Yes, "
          "at the north exit', not the messages under 'Yusuf 20:31'"),
]


@pytest.mark.parametrize(("question", "says", "not_says"), SEQUENCE_CASES,
                         ids=[question_id(c) for c in SEQUENCE_CASES])
def test_a_question_about_a_watched_sequence_gets_what_the_screen_shows_now(
        watched: tuple[MemorySystem, dict[str, list[str]]], question: str, says: list[str],
        not_says: list[str]) -> None:
    assert_answered(watched[0].chat(question, user_id=USER).answer, says, not_says, LEAK)
