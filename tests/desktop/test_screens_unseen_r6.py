"""A sixth outside check of the desktop assistant, with layouts no test had: a boarding pass on
a phone in portrait under its status bar (1170x2532), a map's route and arrival on another
phone (1080x2400), a shopping cart on an ultra-wide 3440x1440 screen, a small 800x600 settings
window with toggles, a terminal's `ls -l` and `git log` at 125 %, an invoice PDF at 150 %, a
video call with its captions, a filled transfer form with an IBAN, and pages in German, French,
Spanish and Chinese. Then sequences the watcher sees: a phone chat scrolled by half a screen
(the new lines kept), a toast over an unchanged page (the toast kept), a clock in the corner
ticking and the pointer moving (repeats, dropped), a tab switch in one terminal window (kept),
one character changed on a busy dashboard (kept, the newest answered), the same window sent
again on its own within the minute (the newest answered); and a folder run with a broken file
in its middle (that one reported alone, the rest stored). The questions are those
a user asks afterwards, in English, German, French, Spanish and Chinese."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from support.cases import assert_answered, known, question_id
from support.screens import _pointer, font, screens_seen, watch
from test_screens_unseen_r2 import CJK, LEAK, Page, column, draw, needs_cjk, row

from mirix_like import MemorySystem
from mirix_like.desktop import ingest_screens

USER = "tove"


def _status_bar(image: Image.Image, clock: str, ink: str = "#000000") -> Image.Image:
    """A phone's status bar over ``image``: the clock on the left, network and battery on the
    right."""
    pen = ImageDraw.Draw(image)
    width = image.size[0]
    small = font("sans", round(width / 26))
    pen.text((round(width * 0.08), 40), clock, font=small, fill=ink)
    pen.text((round(width * 0.62), 40), "5G  87 %", font=small, fill=ink)
    return image


PHONE = Page((1170, 2532), "#ffffff", "#111111", "DejaVuSans", 46)
"""An iPhone's screen in portrait: 1170x2532 at 3x."""
ANDROID = Page((1080, 2400), "#f6f8fc", "#1f1f1f", "DejaVuSans", 42,
               panels=(((0, 1500, 1080, 2400), "#ffffff"),))
"""An Android phone in portrait: a map above, the route's card below."""
WIDE = Page((3440, 1440), "#ffffff", "#0f1111", "DejaVuSans", 22,
            panels=(((2500, 0, 3440, 1440), "#f3f3f3"),))
"""An ultra-wide monitor at 100 %: the cart on the left, its summary far on the right."""
SMALL = Page((800, 600), "#ececec", "#202020", "DejaVuSans", 14)
TERM = Page((1920, 1080), "#300a24", "#eeeeec", "DejaVuSansMono", 20)
"""A terminal at 125 %: 16 px text drawn at 20."""
INVOICE = Page((2880, 1800), "#525659", "#111111", "DejaVuSerif", 27,
               panels=(((640, 0, 2240, 1800), "white"),))
"""A PDF viewer at 150 % on a 2880x1800 screen: the page in the middle, grey around it."""
CALL = Page((1920, 1080), "#202124", "#e8eaed", "DejaVuSans", 22,
            panels=(((0, 900, 1920, 1080), "#000000"),))
FORM = Page((1366, 768), "#ffffff", "#202124", "DejaVuSans", 17)
IBAN = "DE89 3704 0044 0532 0130 00"


def _settings() -> Image.Image:
    """A small settings window: each option's name on the left, its state on the right."""
    options = [("Bluetooth", "On"), ("Wi-Fi", "Off"), ("Night Shift", "On"),
               ("Auto-Lock", "5 minutes"), ("Software Update", "Version 17.4.1")]
    return draw(SMALL, [(30, 20, "Settings"),
                        *[cell for n, (name, state) in enumerate(options)
                          for cell in row(80 + 46 * n, [(30, name), (520, state)])]])


SCREENS: list[tuple[str, str, Image.Image]] = [
    ("Lufthansa", "Boarding pass", _status_bar(draw(PHONE, [
        *column(90, 260, ["Boarding pass", "LH 1172  Frankfurt - Lisbon", "Gate: B44",
                          "Seat: 23F", "Boarding: 10:35", "Departure: 11:05",
                          "Passenger: Tove Lindberg"], 140)]), "9:41")),
    ("Google Maps", "Directions", _status_bar(draw(ANDROID, [
        (420, 700, "Ostbahnhof"),
        *column(70, 1560, ["27 min (14 km)", "Fastest route via A100",
                           "Arrive at 18:42", "Light traffic"], 110)]), "17:15")),
    ("Amazon", "Shopping Cart", draw(WIDE, [
        (120, 60, "Shopping Cart"),
        *row(180, [(120, "Sony WH-1000XM5 headphones"), (2100, "$329.99")]),
        *row(280, [(120, "Anker USB-C charger 65W"), (2100, "$45.99")]),
        *row(380, [(120, "Kindle Paperwhite"), (2100, "$149.99")]),
        *column(2600, 180, ["Subtotal (3 items): $525.97", "Shipping: FREE",
                            "Order total: $525.97", "Proceed to checkout"], 80)])),
    ("System Settings", "General", _settings()),
    ("Terminal", "tove@mbp: ~/garden", draw(TERM, column(30, 30, [
        "tove@mbp:~/garden$ ls -l",
        "-rw-r--r--  1 tove  staff   48213 Nov 24 10:12 planting-plan.pdf",
        "-rw-r--r--  1 tove  staff    1904 Nov 25 08:40 seeds.csv",
        "tove@mbp:~/garden$ git log --oneline -2",
        "c41f9a2 Move the tomatoes to bed 3",
        "8be07d1 Add the seed order for spring"], 40))),
    ("Preview", "invoice-2025-117.pdf", draw(INVOICE, [
        *column(760, 140, ["INVOICE", "Invoice number: 2025-117", "Nordlicht Webdesign GmbH",
                           "Website redesign, 32 hours", "Amount due: EUR 3,840.00",
                           "Due date: 19 December 2025"], 90)])),
    ("Zoom", "Weekly sync", draw(CALL, [
        *row(60, [(200, "Maya Chen"), (1100, "Jonas Berg")]),
        (300, 940, "Maya Chen: the product launch moves to the third of March"),
        (300, 1000, "Jonas Berg: then I'll book the venue for the launch party")])),
    ("Bank", "New transfer", draw(FORM, [
        (60, 40, "New transfer"),
        *column(60, 120, ["Recipient: Lotta Svensson", f"IBAN: {IBAN}",
                          "Amount: 250.00 EUR", "Reference: Ski trip deposit"], 60)])),
    ("DB Navigator", "Ihre Reise", draw(Page((1440, 900), px=18), [
        *column(80, 60, ["Ihre Reise", "ICE 597 nach München Hbf", "Abfahrt 14:28 von Gleis 12",
                         "Wagen 7, Platz 64", "Ankunft 18:51"], 56)])),
    ("Doctolib", "Mes rendez-vous", draw(Page((1280, 800), "#f3f6fa", px=18), [
        *column(80, 60, ["Mes rendez-vous", "Dr Claire Martin, dermatologue",
                         "Jeudi 4 décembre à 10h15", "12 rue de la Paix, Lyon"], 56)])),
    ("Amazon", "Tu pedido", draw(Page((1440, 900), px=18), [
        *column(80, 60, ["Tu pedido", "Silla de oficina ergonómica",
                         "Llegará el martes 2 de diciembre", "Número de pedido: 402-7781"],
                56)])),
]
if CJK:
    SCREENS += [
        ("淘宝", "我的快递", draw(Page((1080, 2340), "#f5f5f5", "#111111", "cjk", 44), [
            *column(80, 300, ["我的快递", "您的包裹已到达菜鸟驿站", "取件码：5-2-3018",
                              "请在今晚八点前取件"], 120)])),
    ]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with screens_seen(tmp_path_factory.mktemp("screens_r6"), USER, SCREENS,
                      datetime(2025, 11, 24, 10, 0, tzinfo=UTC), timedelta(minutes=4)) as system:
        yield system


CASES: list[object] = [
    # (question, what the answer must say, what it must not)
    ("What's my seat on the Lisbon flight?", ["23F"], []),
    ("Which gate does my flight leave from?", ["B44"], []),
    ("When does boarding start?", ["10:35"], ["9:41"]),
    ("What's my flight number to Lisbon?", ["LH 1172"], []),
    ("When will I arrive at Ostbahnhof?", ["18:42"], ["17:15"]),
    ("How long is the drive to Ostbahnhof?", ["27 min"], []),
    ("What's the order total in my cart?", ["$525.97"], []),
    ("How much are the Sony headphones?", ["$329.99"], ["$45.99"]),
    ("How much is the Kindle?", ["$149.99"], []),
    ("How long is the auto-lock?", ["5 minutes"], []),
    ("Which software version is installed?", ["17.4.1"], []),
    ("How big is planting-plan.pdf?", ["48213"], []),
    known(("What was the last commit in the garden repo?", ["Move the tomatoes to bed 3"], []),
          "only the prompt lines match ('garden'): the answer is the prompt of 'ls -l' and of "
          "'git log', not the first line of the log under it"),
    known(("How much is the Nordlicht invoice?", ["3,840.00"], []), "'32 hours' is a "
          "quantity to the rules as much as an amount of money: the line naming Nordlicht and "
          "the one under it answer, not 'Amount due: EUR 3,840.00'"),
    ("When is invoice 2025-117 due?", ["19 December 2025"], []),
    ("What did Maya say about the launch?", ["third of March"], []),
    ("What will Jonas book?", ["venue"], []),
    # the amount two lines under the one naming her, past the masked IBAN
    ("How much am I sending Lotta?", ["250.00"], [IBAN, IBAN.replace(" ", "")]),
    ("What is Lotta's IBAN?", [], [IBAN, IBAN.replace(" ", "")]),
    ("What's the reference of the transfer to Lotta?", ["Ski trip deposit"], [IBAN]),
    ("Von welchem Gleis fährt mein ICE?", ["Gleis 12"], []),
    known(("Wann kommt mein Zug in München an?", ["18:51"], ["14:28"]), "'ankommen' is not "
          "matched to the line 'Ankunft 18:51': the train's lines are all said, its departure "
          "with them"),
    ("Welchen Platz habe ich im ICE?", ["Platz 64"], []),
    ("Quand est mon rendez-vous chez la dermatologue ?", ["4 décembre", "10h15"], []),
    ("Où est le cabinet du Dr Martin ?", ["12 rue de la Paix"], []),
    ("¿Cuándo llegará mi silla de oficina?", ["martes 2 de diciembre"], []),
    ("¿Cuál es el número de pedido de la silla?", ["402-7781"], []),
    pytest.param("我的取件码是多少？", ["5-2-3018"], [], marks=needs_cjk),
    pytest.param("快递要在几点前取？", ["八点"], [], marks=needs_cjk),
    ("When did I look at the boarding pass?", ["10:00"], []),
    known(("Wann habe ich mir meine Zugreise angesehen?", ["10:32"], []), "the compound "
          "'Zugreise' is not read as the window's 'Reise': the question is answered with the "
          "train's hours, not when the screen was seen"),
    known(("What was I looking at in Zoom?", ["Weekly sync"], []), "'looking at in <app>' "
          "is answered with what the screen showed (the captions), not the window's name"),
]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES,
                         ids=[question_id(c) for c in CASES])
def test_a_question_about_an_unseen_screen_gets_the_value_it_showed(
        memory: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=USER).answer, says, not_says, LEAK)


def test_an_iban_typed_into_a_form_is_in_no_readable_memory(memory: MemorySystem) -> None:
    secrets = (IBAN, IBAN.replace(" ", ""))
    for kind in ("resource", "episodic", "semantic", "core", "procedural"):
        for item in memory.list(kind, user_id=USER):
            dumped = item.model_dump_json()
            assert not any(s in dumped for s in secrets), (kind, item)


# ------------------------------------------------------------------------ sequences

CHAT = Page((1170, 2532), "#ffffff", "#111111", "DejaVuSans", 44)
THREAD = ["Elin  Yesterday", "Did you pack the tent?", "Me", "Yes, and the stove",
          "Elin", "The trailhead is at Abisko station", "Me", "What time do we start?",
          "Elin  Today 07:02", "We start walking at 9:30", "Elin",
          "Bring the bear spray, it's in the garage", "Me", "Got it", "Elin",
          "Kebnekaise hut is booked for two nights", "Elin", "The hut code is on the booking"]
PITCH = 200
SHOWN = 10
"""How many lines of the thread the phone shows at once, ``PITCH`` pixels apart."""


def _phone_chat(first: int) -> Image.Image:
    """Messenger on a phone, scrolled so that ``THREAD[first]`` is the top line."""
    image = draw(CHAT, [(90, 170, "Elin Nyström"),
                        *column(90, 320, THREAD[first:first + SHOWN], PITCH)])
    return _status_bar(image, "8:15")


MONITOR = Page((1920, 1080), "#1b1e23", "#d7dae0", "DejaVuSans", 18,
               panels=(((0, 0, 1920, 48), "#111317"),))
SERVICES = [("api-gateway", "healthy", "p95 182 ms"), ("billing", "healthy", "p95 240 ms"),
            ("search", "degraded", "p95 911 ms"), ("auth", "healthy", "p95 64 ms"),
            ("mailer", "healthy", "p95 120 ms"), ("reports", "healthy", "p95 355 ms")]


def _dashboard(errors: str, clock: str = "14:02", pointer: tuple[float, float] | None = None,
               toast: list[str] | None = None, title: str = "Production overview"
               ) -> Image.Image:
    """A dark monitoring dashboard: services, their state and latency, an error rate; the
    clock in the top bar's corner, the pointer and a toast at the bottom right when given."""
    image = draw(MONITOR, [
        (24, 12, "Grafana"), (1780, 12, clock),
        (60, 90, title), (60, 150, f"Error rate: {errors}"),
        *[cell for n, (name, state, p95) in enumerate(SERVICES)
          for cell in row(230 + 48 * n, [(60, name), (460, state), (760, p95)])]])
    pen = ImageDraw.Draw(image)
    if toast:
        pen.rounded_rectangle((1440, 900, 1900, 1040), 12, fill="#f4f4f4")
        for n, line in enumerate(toast):
            pen.text((1464, 920 + 46 * n), line, fill="#1d1d1d", font=font("sans", 18))
    if pointer is not None:
        _pointer(pen, round(pointer[0] * 1920), round(pointer[1] * 1080), 1)
    return image


TABBED = Page((1440, 900), "#0c0c0c", "#cccccc", "DejaVuSansMono", 17,
              panels=(((0, 0, 1440, 44), "#1f1f1f"),))
TAB_NAMES = ["PowerShell", "Ubuntu"]


def _tab(active: int, lines: list[str]) -> Image.Image:
    """Windows Terminal with two tabs, the ``active`` one showing ``lines``."""
    image = draw(TABBED, [*row(12, [(20 + 240 * n, name) for n, name in enumerate(TAB_NAMES)]),
                          *column(20, 70, lines, 32)])
    ImageDraw.Draw(image).rectangle((10 + 240 * active, 40, 230 + 240 * active, 43),
                                    fill="#3a96dd")
    return image


PS = ["PS C:\\Users\\tove> Get-Date", "Wednesday, 26 November 2025 14:10:31"]
UBUNTU = ["tove@box:~$ df -h /", "Filesystem  Size  Used Avail Use% Mounted on",
          "/dev/sda2   234G  201G   21G  91% /"]
ALERT = ["Slack: Omar Haddad", "Rollback done, search is back"]
STAGING = "Staging overview"

SEQUENCES: dict[str, list[tuple[Image.Image, str, str]]] = {
    # the chat scrolled by half a screen: the lines under the old ones are new
    "scroll": [(_phone_chat(first), "Messenger", "Elin Nyström")
               for first in (0, 0, SHOWN // 2, SHOWN // 2 + 3)],
    # a notification over a page that did not change, then the pointer moves under it
    "toast": [(_dashboard("1.90 %", title=STAGING, **shown), "Grafana", STAGING)
              for shown in ({}, {"toast": ALERT}, {"toast": ALERT, "pointer": (0.3, 0.5)})],
    # only the clock in the corner ticks, then only the pointer moves
    "clock": [(_dashboard("1.90 %", clock, title=STAGING, **shown), "Grafana", STAGING)
              for clock, shown in (("14:04", {}), ("14:05", {}),
                                   ("14:05", {"pointer": (0.55, 0.6)}))],
    # another tab of the same window
    "tab": [(_tab(0, PS), "Windows Terminal", "PowerShell"),
            (_tab(0, PS), "Windows Terminal", "PowerShell"),
            (_tab(1, UBUNTU), "Windows Terminal", "Ubuntu")],
    # one character of a busy page changes
    "digit": [(image, "Grafana", "Production overview") for image in (
        _dashboard("0.42 %", "14:20"), _dashboard("0.42 %", "14:20"),
        _dashboard("0.47 %", "14:20"))],
    # the same window again, sent on its own within the minute: the newest value answers
    "again": [(_dashboard("0.51 %", "14:21"), "Grafana", "Production overview")],
}
OUTCOMES = {"scroll": ["kept", "duplicate", "kept", "kept"],
            "toast": ["kept", "kept", "duplicate"],
            "clock": ["kept", "duplicate", "duplicate"], "tab": ["kept", "duplicate", "kept"],
            "digit": ["kept", "duplicate", "kept"], "again": ["kept"]}


@pytest.fixture(scope="module")
def watched(tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[tuple[MemorySystem, dict[str, list[str]]]]:
    """One store the watcher fed every sequence, and each frame's outcome by sequence."""
    root = tmp_path_factory.mktemp("watched_r6")
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        yield system, watch(system, USER, SEQUENCES)


@pytest.mark.parametrize("sequence", list(SEQUENCES))
def test_a_frame_that_shows_something_new_is_kept_and_a_repeat_is_not(
        watched: tuple[MemorySystem, dict[str, list[str]]], sequence: str) -> None:
    assert watched[1][sequence] == OUTCOMES[sequence]


SEQUENCE_CASES: list[object] = [
    ("Where is the Kebnekaise hut booked?", ["two nights"], []),
    ("What did Elin say about the bear spray?", ["garage"], []),
    ("When do we start walking?", ["9:30"], []),
    ("Where is the trailhead?", ["Abisko station"], []),
    ("Where is the hut code?", ["on the booking"], []),
    ("What did Omar say about the rollback?", ["search is back"], []),
    ("What's the error rate on staging?", ["1.90 %"], ["0.47 %"]),
    ("What's the error rate in production?", ["0.51 %"], ["0.47 %", "0.42 %"]),
    ("Which service was degraded?", ["earch degraded"], []),
    ("What is the p95 of billing?", ["240 ms"], []),
    known(("How full is my Ubuntu disk?", ["91%"], []), "the tab strip 'PowerShell Ubuntu' "
          "is on both tabs' screens: the PowerShell tab's lines under it score higher than the "
          "Ubuntu tab's, whose window alone names Ubuntu"),
    known(("Wie viel Platz ist auf der Ubuntu-Platte noch frei?", ["21G"], []), "as above, "
          "and 'frei' is not read as 'Avail': the answer is the window's name alone"),
    ("Quel est le taux d'erreur en production ?", ["0.51 %"], ["0.47 %", "0.42 %"]),
    ("Wie hoch ist die Fehlerrate in Produktion?", ["0.51 %"], ["0.47 %", "0.42 %"]),
]


@pytest.mark.parametrize(("question", "says", "not_says"), SEQUENCE_CASES,
                         ids=[question_id(c) for c in SEQUENCE_CASES])
def test_a_question_about_a_watched_sequence_gets_what_the_screen_shows_now(
        watched: tuple[MemorySystem, dict[str, list[str]]], question: str, says: list[str],
        not_says: list[str]) -> None:
    assert_answered(watched[0].chat(question, user_id=USER).answer, says, not_says, LEAK)


def test_the_overlap_of_a_scrolled_chat_is_answered_once(
        watched: tuple[MemorySystem, dict[str, list[str]]]) -> None:
    """A line on both frames of the scroll is one fact: the answer does not say it twice."""
    answer = watched[0].chat("When do we start walking?", user_id=USER).answer
    assert answer.count("9:30") == 1, answer


# ------------------------------------------------------------------------ a folder run

def test_a_broken_file_in_a_folder_run_fails_alone_and_the_rest_is_stored(
        tmp_path: Path) -> None:
    folder = tmp_path / "shots"
    folder.mkdir()
    SCREENS[0][2].save(folder / "20251124_100000.png")
    (folder / "20251124_100500.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    SCREENS[8][2].save(folder / "20251124_101000.png")
    (folder / "20251124_101500.jpg").write_bytes(b"\xff\xd8\xff\xe0 cut off")
    SCREENS[9][2].save(folder / "20251124_102000.png")
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        report = ingest_screens(memory, folder, user_id="tove", tz="UTC")
        answers = [memory.chat(q, user_id="tove").answer for q in (
            "Which gate does my flight leave from?", "Von welchem Gleis fährt mein ICE?",
            "Quand est mon rendez-vous chez la dermatologue ?")]
    assert report.ingested == ["20251124_100000.png", "20251124_101000.png",
                               "20251124_102000.png"], report.describe()
    assert [s.file for s in report.skipped] == ["20251124_100500.png",
                                                "20251124_101500.jpg"], report.describe()
    assert report.failed_inputs == 0 and not report.failed, report.describe()
    assert "B44" in answers[0] and "Gleis 12" in answers[1] and "10h15" in answers[2], answers
