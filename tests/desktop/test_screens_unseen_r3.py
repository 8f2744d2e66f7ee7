"""A third outside check of the desktop assistant with screens it was never written on: dark
mode, 11-pixel and 44-pixel text, a 2560x1440 dashboard and a 1280x720 flight status, two
columns of a recipe, terminals with a Python and a Java stack trace, a PDF viewer with its
toolbar and footer, a video call whose tiles carry names, a German sheet with comma decimals,
a French train ticket, a Chinese chat, a Spanish shop and bank statement, a sign-up form with
its password shown, modal dialogs over a dimmed page, a comment beside a document; then an
article the user scrolls (one header, new lines each frame: every frame kept), a truncated
image among good ones (it fails alone), and frames that differ only in a strip at the top or
bottom of the screen: a page number, a total, a chat's newest line are new screens, a clock or
battery ticking in the menu bar is not; and when the user looked at a screen it names."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from support.cases import assert_answered, question_id
from support.screens import DARK as DARK_THEME
from support.screens import FakeScreen, Shot, desktop, font
from test_screens_unseen_r2 import CJK, LEAK, Page, Text, column, draw, needs_cjk, row

from mirix_like import MemorySystem
from mirix_like.desktop import NearDuplicateFilter, ScreenWatcher, ingest_screens
from mirix_like.errors import InvalidInputError

USER = "noor"
PASSWORD = "Blue-Otter-1987!"

NIGHT = Page((1920, 1080), "#0d1117", "#c9d1d9", "DejaVuSans", 16,
             panels=(((0, 0, 300, 1080), "#010409"),))
"""Dark mode: light grey on near black, with a darker sidebar."""
WIDE = Page((2560, 1440), "#181b1f", "#d8d9da", "DejaVuSans", 18,
            panels=tuple(((80 + 820 * n, 160, 800 + 820 * n, 520), "#22252b")
                         for n in range(3)))
"""A dashboard on a 2560x1440 monitor: three panels of figures on a dark page."""
SMALL = Page((1280, 720), "#ffffff", "#202124", "DejaVuSans", 15,
             panels=(((0, 0, 1280, 56), "#1a3d7c"),))
TERMINAL = Page((1600, 900), "#300a24", "#eeeeec", "DejaVuSansMono", 15)
PDF = Page((1600, 1000), "#525659", "#111111", "DejaVuSerif", 17,
           panels=(((0, 0, 1600, 44), "#323639"), ((380, 70, 1220, 1000), "#ffffff")))
CALL = Page((1920, 1080), "#202124", "#ffffff", "DejaVuSans", 20,
            panels=tuple(((40 + 940 * (n % 2), 60 + 480 * (n // 2), 920 + 940 * (n % 2),
                           520 + 480 * (n // 2)), "#3c4043") for n in range(4)))
"""A video call with four tiles, each a name at its bottom left."""
GRID = Page((1600, 900), font="DejaVuSansCondensed", px=16, grid=tuple(range(118, 420, 40)))
TICKET = Page((1080, 2340), "#f4f4f4", "#0c131f", "DejaVuSans", 42,
              panels=(((40, 180, 1040, 1500), "#ffffff"),))
SHOP = Page((1440, 900), "#ffffff", "#111111", "DejaVuSans", 18,
            panels=(((0, 0, 1440, 64), "#000000"),))
FORM = Page((1366, 768), "#f5f6f8", "#1b1b1b", "DejaVuSans", 17,
            panels=(((420, 120, 946, 660), "#ffffff"),))
BIG = Page((1920, 1080), "#ffffff", "#000000", "DejaVuSans", 44)
"""Large text, as a user with the system's text size at 200 % sees it."""
TINY_TEXT = Page((1920, 1080), "#ffffff", "#333333", "DejaVuSans", 11)
PHONE_NIGHT = Page((1080, 2340), "#000000", "#e8e8e8", "DejaVuSans", 42)
CJK_CHAT = Page((1080, 2340), "#ededed", "#111111", "cjk", 44)


def _modal(page: Page, behind: list[Text], box: tuple[int, int, int, int],
           dialog: list[Text]) -> Image.Image:
    """``behind`` dimmed under a white dialog at ``box`` holding ``dialog``."""
    under = draw(page, behind)
    dimmed = Image.blend(under, Image.new("RGB", under.size, "black"), 0.55)
    pen = ImageDraw.Draw(dimmed)
    pen.rounded_rectangle(box, 12, fill="white")
    for x, y, text, *_ in dialog:
        pen.text((x, y), text, font=font("sans", page.px), fill="#111111")
    return dimmed


# (app, title, the screen); app and title as the window watcher reports them
SCREENS: list[tuple[str, str, Image.Image]] = [
    ("Discord", "#release", draw(NIGHT, [
        *column(24, 40, ["# general", "# release", "# ops", "# random"], 44),
        *column(330, 40, ["# release", "Marek Nowak  Today at 09:12",
                          "Release train 4.18 leaves Thursday at 17:00",
                          "Ines Duarte  Today at 09:20",
                          "I still need a review on the billing migration"], 44)])),
    ("Router", "Status", draw(TINY_TEXT, column(300, 200, [
        "Firmware version: 1.4.22 (build 7731)", "WAN IP address: 84.12.77.5",
        "Connected devices: 17", "Uptime: 12 days 4 hours"], 22))),
    ("Apotheke", "Abholung", draw(BIG, column(120, 120, [
        "Ihre Bestellung 5581", "ist abholbereit", "an Schalter 3", "bis Samstag 13 Uhr"],
        90))),
    ("Grafana", "checkout-service", draw(WIDE, [
        (80, 60, "checkout-service  last 24 hours"),
        *column(110, 190, ["Requests", "1.2M"], 60), *column(930, 190, ["p95 latency",
                                                                        "412 ms"], 60),
        *column(1750, 190, ["Error rate", "0.8 %"], 60)])),
    ("British Airways", "Flight status", draw(SMALL, [
        (30, 16, "Flight status", "white"),
        *column(60, 100, ["BA 2490  London Gatwick to Venice", "Status: Delayed",
                          "New departure: 15:40", "Gate: 55"], 48)])),
    ("Firefox", "Shakshuka - Recipes", draw(Page((1600, 900), px=17), [
        (100, 60, "Shakshuka for two"),
        *column(100, 140, ["Ingredients", "4 eggs", "2 red peppers", "1 tin of tomatoes",
                           "1 tsp cumin"], 34),
        *column(800, 140, ["Method", "Soften the peppers for 8 minutes.",
                           "Add tomatoes and cumin, simmer 10 minutes.",
                           "Crack in the eggs and bake at 190 °C for 12 minutes."], 34)])),
    ("Terminal", "ssh deploy@api-3", draw(TERMINAL, column(20, 20, [
        "deploy@api-3:~$ python manage.py migrate",
        "Traceback (most recent call last):",
        '  File "/srv/app/db.py", line 88, in connect',
        "    return psycopg2.connect(dsn, connect_timeout=5)",
        "psycopg2.OperationalError: connection to server at \"db.internal\" port 5432 "
        "failed: timeout expired"], 30))),
    ("Okular", "lease_2025.pdf", draw(PDF, [
        (20, 12, "lease_2025.pdf   3 / 12   100 %", "#e8eaed"),
        *column(440, 120, ["4. Rent", "The tenant shall pay a monthly rent of $2,150,",
                           "due on the first day of each month.", "5. Deposit",
                           "The security deposit is $4,300."], 40),
        (760, 950, "Page 3 of 12")])),
    ("Google Meet", "Sprint Review", draw(CALL, [
        (60, 490, "Anna Schmidt"), (1000, 490, "Tobias Becker"), (60, 970, "Lea Wagner"),
        (1000, 970, "Jonas Keller")])),
    ("LibreOffice Calc", "Reisekosten_Mai.ods", draw(GRID, [
        *row(90, [(40, "Posten"), (360, "Betrag (EUR)")]),
        *row(130, [(40, "Flug Hamburg-Wien"), (360, "312,40")]),
        *row(170, [(40, "Hotel 3 Nächte"), (360, "489,00")]),
        *row(210, [(40, "Taxi"), (360, "38,50")]),
        *row(250, [(40, "Summe"), (360, "839,90")])])),
    ("SNCF Connect", "Mon billet", draw(TICKET, column(80, 220, [
        "TGV INOUI 6611", "Paris Gare de Lyon", "Marseille Saint-Charles",
        "Départ 07:49 - Arrivée 11:02", "Voiture 14 - Place 63", "Samedi 21 juin"], 110))),
    ("Zara", "Chaqueta acolchada", draw(SHOP, [
        (40, 18, "ZARA   Mujer   Hombre   Niños", "white"),
        *column(760, 140, ["Chaqueta acolchada", "79,95 EUR", "Color: verde oliva",
                           "Talla: M", "Envío gratis a partir de 50 EUR"], 48)])),
    ("Ticketmaster", "Create account", draw(FORM, [
        (460, 150, "Create your account"),
        *column(460, 220, ["Email: noor.haddad@example.com", f"Password: {PASSWORD}",
                           "Confirm password: ••••••••••••••••", "Sign up"], 60)])),
    ("Chrome", "N26 - Transfers", _modal(Page((1440, 900), px=17), [
        (60, 40, "N26   Home   Transfers   Cards"),
        *column(60, 140, ["Recent transfers", "Rent May  -1.150,00 €",
                          "Groceries  -64,30 €"], 44)], (420, 300, 1020, 560), [
        (460, 330, "Transfer scheduled"), (460, 390, "500,00 € to Marta Ruiz"),
        (460, 440, "Executes on 2 June"), (460, 500, "OK")])),
    ("Gmail", "Reserva confirmada", draw(Page((1440, 900), px=16), column(120, 100, [
        "Reserva confirmada - Hotel Miramar", "De: reservas@hotelmiramar.es",
        "Hola Noor, tu reserva de 3 noches está confirmada.",
        "Entrada a partir de las 14:00, salida antes de las 11:00.",
        "Localizador: HM-77412"], 40))),
    ("Doctolib", "Meine Termine", draw(Page((1366, 768), px=18), column(100, 100, [
        "Meine Termine", "Dr. med. Clara Weber, Hausärztin",
        "Mittwoch, 18. Juni um 09:15 Uhr", "Kastanienallee 12, Berlin"], 50))),
    ("DHL", "Sendungsverfolgung", draw(Page((1440, 900), "#ffcc00", "#111111", px=18),
                                        column(100, 100, [
        "Sendungsnummer: 00340434161094042557", "Status: In Zustellung",
        "Zustellung voraussichtlich Dienstag zwischen 10 und 14 Uhr"], 50))),
    ("GitHub", "Pull request #482", draw(NIGHT, [
        *column(24, 40, ["Code", "Issues", "Pull requests", "Actions"], 44),
        *column(330, 40, ["Fix race in cache eviction #482", "2 approvals",
                          "CI failing: test_eviction_order",
                          "Merging is blocked until checks pass"], 44)])),
    ("Uber", "Trip", draw(PHONE_NIGHT, column(60, 260, [
        "Mateo is arriving in 4 min", "Toyota Prius, grey", "Plate 7KXP219",
        "Pickup: Calle de Alcalá 45"], 120))),
    ("Météo", "Lyon", draw(Page((1280, 800), "#e3f2fd", "#0d2235", px=20), column(
        80, 80, ["Lyon", "23 °C, ensoleillé", "Demain : orages, 27 °C"], 60))),
    ("OpenTable", "Reservation", draw(Page((1440, 900), px=17), column(200, 150, [
        "Your reservation at Nopa", "Party of 4", "Saturday, June 14 at 7:30 PM",
        "Confirmation #: 118-552"], 46))),
    ("ChargePoint", "Session", draw(Page((1280, 720), "#0b1f14", "#e4f5ea", px=22), column(
        80, 80, ["Charging session", "Battery 68%", "Full in 1 h 25 min",
                 "Cost so far 9.40 USD"], 60))),
    ("Excel", "Q3_report.xlsx", _modal(GRID, [
        *row(90, [(40, "Region"), (360, "Q3 revenue")]), *row(130, [(40, "North"),
                                                                   (360, "1.2M")])],
        (400, 300, 1200, 520), [
        (440, 330, "File in use"),
        (440, 390, "Q3_report.xlsx is locked for editing by Martin Vogel."),
        (440, 440, "Open read-only or notify me when it is free?")])),
    ("Google Docs", "Board memo", draw(Page((1600, 900), px=16, panels=(
        ((1180, 0, 1600, 900), "#f8f9fa"),)), [
        *column(140, 100, ["Board memo: hiring plan", "We plan to hire six engineers in Q3.",
                           "The budget assumes salaries from the 2023 survey."], 40),
        *column(1200, 180, ["Lucía Romero", "Please update the salary figures",
                            "to the 2024 survey before Friday."], 34)])),
    ("IntelliJ IDEA", "Run: Greeter", draw(Page((1600, 900), "#2b2b2b", "#a9b7c6",
                                               "DejaVuSansMono", 15), column(20, 500, [
        "Exception in thread \"main\" java.lang.NullPointerException: Cannot invoke "
        "\"String.length()\" because \"name\" is null",
        "    at com.acme.Greeter.greet(Greeter.java:14)",
        "    at com.acme.Main.main(Main.java:7)",
        "Process finished with exit code 1"], 28))),
    ("Thunderbird", "Chronopost", draw(Page((2560, 1440), px=13), column(600, 300, [
        "Votre colis Chronopost XY123456789FR", "sera livré demain entre 9h et 13h.",
        "Adresse : 8 rue des Lilas, 69003 Lyon"], 26))),
    ("BBVA", "Movimientos", draw(Page((1440, 900), px=17), [
        *row(80, [(60, "Fecha"), (260, "Concepto"), (900, "Importe")]),
        *row(120, [(60, "03/06"), (260, "Transferencia a Lucas Martín"), (900, "-120,00 €")]),
        *row(160, [(60, "05/06"), (260, "Nómina ACME"), (900, "+2.480,00 €")]),
        *row(200, [(60, "06/06"), (260, "Recibo Iberdrola"), (900, "-64,12 €")])])),
    ("Numbers", "Stundenzettel", draw(GRID, [
        *row(90, [(40, "Tag"), (300, "Stunden")]),
        *row(130, [(40, "Montag"), (300, "7,5")]),
        *row(170, [(40, "Dienstag"), (300, "8,25")]),
        *row(210, [(40, "Mittwoch"), (300, "6,75")])])),
]
if CJK:
    SCREENS += [
        ("微信", "李娜", draw(CJK_CHAT, column(60, 240, [
            "李娜", "周六的聚会改到晚上七点", "我", "好的，在哪里？", "李娜",
            "海底捞，人民广场店"], 120))),
        ("淘宝", "订单详情", draw(Page((1280, 800), "#ffffff", "#222222", "cjk", 22),
                              column(80, 80, ["订单详情", "订单号：2025061888123",
                                              "商品：无线降噪耳机", "实付款：¥268.00"], 56))),
    ]

ARTICLE = [
    "The Lisbon tram network opened in 1873 with horse-drawn cars.",
    "Electric trams replaced the horses in 1901.",
    "Line 28 climbs from Martim Moniz to Campo de Ourique.",
    "It runs through Graça, Alfama, Baixa and Estrela.",
    "The Remodelado cars date from the 1930s.",
    "They were rebuilt with new motors in the 1990s.",
    "A single ticket on board costs 3 euros.",
    "The route is about 7 km long and takes 40 minutes.",
    "Queues at Martim Moniz are shortest before 9 am.",
    "Line 12 is a shorter loop around the castle hill.",
    "Line 15 runs along the river to Belém.",
    "Its articulated cars were built in 1995.",
]
HEADER = Page((1440, 900), px=18, panels=(((0, 0, 1440, 70), "#f1f3f4"),))


def _scrolled(first: int) -> Image.Image:
    """The article scrolled to its line ``first``, under a header that does not move."""
    return draw(HEADER, [(40, 22, "Lisbon tram - Wikipedia"),
                         *column(160, 110, ARTICLE[first:first + 6], 60)])


def _truncated() -> bytes:
    data = io.BytesIO()
    SCREENS[0][2].save(data, "PNG")
    return data.getvalue()[:4000]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    root = tmp_path_factory.mktemp("screens_r3")
    start = datetime(2025, 6, 9, 8, 0, tzinfo=UTC)
    broken = root / "broken.png"
    broken.write_bytes(_truncated())
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        for n, (app, title, image) in enumerate(SCREENS):
            system.add(images=[image], user_id=USER, occurred_at=start + timedelta(minutes=5 * n),
                       metadata={"source": "screen", "app": app, "window_title": title})
            if n == 3:  # a truncated screenshot among them fails alone
                with pytest.raises(InvalidInputError):
                    system.add(images=[broken], user_id=USER, occurred_at=start,
                               metadata={"source": "screen", "app": "Preview"})
        system.flush(USER)
        yield system


_CALL = pytest.mark.xfail(strict=True, reason="a video call's tiles carry one name each, "
                         "read as rows ('Anna Schmidt Tobias Becker'); answer.py answers with "
                         "one line (or a window title), never every name the screen lists")
CASES: list[object] = [
    # (question, what the answer must say, what it must not)
    ("When does release train 4.18 leave?", ["Thursday", "17:00"], []),
    ("Who needs a review on the billing migration?", ["Ines Duarte"], []),
    ("What firmware version is my router on?", ["1.4.22"], []),
    ("What is my WAN IP address?", ["84.12.77.5"], []),
    ("An welchem Schalter kann ich die Bestellung abholen?", ["3"], []),
    ("Bis wann ist die Bestellung abholbereit?", ["Samstag 13 Uhr"], []),
    ("What was the p95 latency of the checkout service?", ["412 ms"], ["1.2M"]),
    ("What was the checkout error rate?", ["0.8 %"], []),
    ("When does BA 2490 leave now?", ["15:40"], []),
    ("Which gate is my Venice flight at?", ["55"], []),
    ("How long do I bake the shakshuka?", ["12 minutes"], []),
    ("How many eggs do I need for the shakshuka?", ["4 eggs"], []),
    ("What was the error in the terminal?", ["OperationalError"], []),
    ("Why did the migration on api-3 fail?", ["timeout expired"], []),
    ("How much is the monthly rent in the lease?", ["$2,150"], ["$4,300"]),
    ("How much is the security deposit?", ["$4,300"], []),
    pytest.param("Wer war im Call?", ["Anna Schmidt", "Tobias Becker", "Lea Wagner",
                                      "Jonas Keller"], [], marks=_CALL),
    pytest.param("Who was in the sprint review call?", ["Anna Schmidt", "Jonas Keller"], [],
                 marks=_CALL),
    ("Wie hoch war die Summe der Reisekosten im Mai?", ["839,90"], ["312,40"]),
    ("Was hat das Hotel gekostet?", ["489,00"], ["312,40"]),
    ("À quelle heure part mon train pour Marseille ?", ["07:49"], []),
    ("Quelle est ma place dans le TGV ?", ["63"], []),
    ("Dans quelle voiture suis-je ?", ["14"], []),
    ("¿Cuánto costaba la chaqueta?", ["79,95"], []),
    ("How much was the jacket on that shop?", ["79,95"], []),
    ("Was hat die Jacke gekostet?", ["79,95"], []),
    ("¿Qué talla era la chaqueta?", ["M"], []),
    # the password was on screen: never said
    ("What is my Ticketmaster password?", [], [PASSWORD]),
    ("Which email did I sign up to Ticketmaster with?", ["noor.haddad@example.com"],
     [PASSWORD]),
    ("When does the transfer to Marta Ruiz execute?", ["2 June"], []),
    ("How much did I send to Marta Ruiz?", ["500,00"], []),
    ("¿A qué hora es la entrada en el Hotel Miramar?", ["14:00"], []),
    ("¿Cuál es el localizador de la reserva?", ["HM-77412"], []),
    ("Wann ist mein Termin bei Dr. Weber?", ["18. Juni", "09:15"], []),
    ("Wie lautet meine DHL-Sendungsnummer?", ["00340434161094042557"], []),
    ("Wann kommt mein DHL-Paket?", ["Dienstag"], []),
    ("Which test is failing on PR #482?", ["test_eviction_order"], []),
    ("What is the plate of my Uber?", ["7KXP219"], []),
    ("Quel temps fera-t-il demain à Lyon ?", ["orages"], []),
    ("When is my reservation at Nopa?", ["June 14", "7:30 PM"], []),
    ("What is the OpenTable confirmation number?", ["118-552"], []),
    ("How much has the charging session cost so far?", ["9.40 USD"], []),
    ("Wie viele Stunden habe ich am Dienstag gearbeitet?", ["8,25"], ["7,5", "6,75"]),
    ("Who has the Q3 report locked?", ["Martin Vogel"], []),
    # the comment wraps onto two lines: one sentence
    ("What did Lucía Romero ask in her comment?", ["2024 survey"], []),
    pytest.param("Who commented on the board memo?", ["Lucía Romero"], [],
                 marks=pytest.mark.xfail(strict=True, reason="the comment's author is a line "
                                         "of her own that shares no word with the question; "
                                         "the window's title matches 'board memo' and is the "
                                         "answer ('Google Docs - Board memo')")),
    ("Which line of Greeter.java threw the NullPointerException?", ["Greeter.java:14"], []),
    ("Quand sera livré mon colis Chronopost ?", ["demain entre 9h et 13h"], []),
    ("Quel est le numéro de suivi Chronopost ?", ["XY123456789FR"], []),
    ("¿Cuánto le transferí a Lucas Martín?", ["120,00"], ["2.480,00"]),
    ("¿Cuánto fue la nómina de ACME?", ["2.480,00"], []),
    # when the user looked at a screen named by what it showed: when it was seen
    ("When did I look at the Grafana checkout dashboard?", ["9 June 2025"], []),
    ("Wann habe ich mir die DHL-Sendungsverfolgung angesehen?", ["9. Juni 2025, 9:20"], []),
    ("Quand ai-je regardé mon billet de train ?", ["9 juin 2025, 8h50"], []),
    ("¿Cuándo vi la chaqueta acolchada?", ["9 de junio de 2025, 8:55"], []),
    pytest.param("我什么时候看了淘宝订单？", ["2025年6月9日 10:25"], [], marks=needs_cjk),
    pytest.param("聚会改到几点？", ["七点"], [], marks=needs_cjk),
    pytest.param("聚会在哪里？", ["海底捞"], [], marks=[needs_cjk, pytest.mark.xfail(
        strict=True, reason="answer.py answers with the line that names the party "
        "('周六的聚会改到晚上七点'), not with the reply to the question '好的，在哪里？' under it: "
        "_reply only follows a question the chosen line asks")]),
    pytest.param("耳机实付款多少？", ["268.00"], [], marks=needs_cjk),
    pytest.param("订单号是多少？", ["2025061888123"], [], marks=needs_cjk),
]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES,
                         ids=[question_id(c) for c in CASES])
def test_a_question_about_an_unseen_screen_gets_the_value_it_showed(
        memory: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=USER).answer, says, not_says, LEAK)


def test_every_good_screen_is_stored_and_the_truncated_one_is_not(
        memory: MemorySystem) -> None:
    screens = memory.list("resource", user_id=USER)
    titles = " | ".join(s.title for s in screens)
    assert len(screens) == len(SCREENS), titles
    assert "Preview" not in titles
    assert all(raw.status == "processed" for raw in memory.store.inputs(USER))


def test_a_password_shown_on_screen_is_stored_in_no_readable_memory(
        memory: MemorySystem) -> None:
    for kind in ("resource", "episodic", "semantic", "core", "procedural"):
        for item in memory.list(kind, user_id=USER):
            assert PASSWORD not in item.model_dump_json(), (kind, item)
    assert PASSWORD not in memory.context("Ticketmaster password", user_id=USER,
                                          max_tokens=600).text
    hits = memory.search("Ticketmaster password", user_id=USER, limit=10)
    assert all(PASSWORD not in h.item.model_dump_json() for h in hits
               if h.memory_type != "knowledge_vault")
    # nor in any file of the store: the vault keeps it encrypted
    files = [f for f in Path(memory.settings.store_uri).rglob("*") if f.is_file()]
    assert files and not [f for f in files if PASSWORD.encode() in f.read_bytes()]


def test_a_folder_with_a_truncated_screenshot_stores_the_others(tmp_path: Path) -> None:
    folder = tmp_path / "shots"
    folder.mkdir()
    for n, (_, _, image) in enumerate(SCREENS[:4]):
        image.save(folder / f"20250609_08{n:02d}00.png")
    (folder / "20250609_080130.png").write_bytes(_truncated())
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        report = ingest_screens(system, folder, user_id=USER, tz="UTC")
        answer = system.chat("What is my WAN IP address?", user_id=USER).answer
    assert report.ingested == [f"20250609_08{n:02d}00.png" for n in range(4)], report.describe()
    assert [s.file for s in report.skipped] == ["20250609_080130.png"], report.describe()
    assert "84.12.77.5" in answer, answer


def test_scrolling_an_article_keeps_every_frame_and_answers_from_each(tmp_path: Path) -> None:
    screen = FakeScreen()
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        watcher = ScreenWatcher(system, user_id=USER, source=screen)
        outcomes = []
        for first in (0, 3, 6, 6, 9):  # the user scrolls, stops, scrolls again
            screen.show(_scrolled(first), "Firefox", "Lisbon tram - Wikipedia")
            outcomes.append(watcher.tick())
        watcher.send()
        opened = system.chat("When did the Lisbon tram network open?", user_id=USER).answer
        ticket = system.chat("How much is a single tram ticket on board?",
                             user_id=USER).answer
        belem = system.chat("Which tram line runs to Belém?", user_id=USER).answer
    assert outcomes == ["kept", "kept", "kept", "duplicate", "kept"], outcomes
    assert "1873" in opened, opened
    assert "3 euros" in ticket, ticket
    assert "15" in belem, belem


# --------------------------------------------------- changes in the top or bottom strip

MAIL = Shot("Mail", "Inbox", ("Your order", "From: shop", "", "Hello Sam,",
                              "Tracking number: 1Z84F2219344710028", "Thanks!"),
            clock="14:05")


def _footer(shot: Shot, text: str, size: tuple[int, int] = (1920, 1080)) -> Image.Image:
    """``shot`` with ``text`` at the bottom of its window, in the bottom 6 % of the screen."""
    image = desktop(shot, size)
    pen = ImageDraw.Draw(image)
    y = size[1] - round(0.04 * size[1]) - (round(32 * size[1] / 1080)
                                           if shot.panel == "bottom" else 0)
    pen.text((round(size[0] * 0.45), y), text, font=font("sans", round(15 * size[1] / 1080)),
             fill=shot.theme.text)
    return image


# (what, the frame before, the frame after, whether the user wants it kept)
STRIPS = [
    ("a page number in a footer", _footer(MAIL, "Page 3 of 12"),
     _footer(MAIL, "Page 4 of 12"), True),
    ("a total in a bottom bar", _footer(MAIL, "Total: EUR 48.99"),
     _footer(MAIL, "Total: EUR 52.99"), True),
    ("a status bar's sum", _footer(MAIL, "Sum: 420.00"), _footer(MAIL, "Sum: 730.00"), True),
    ("a chat's newest line at the bottom", _footer(MAIL, "Lena: see you at 7"),
     _footer(MAIL, "Lena: see you at 8"), True),
    ("a page number over a bottom clock", _footer(replace(MAIL, panel="bottom"), "Page 3"),
     _footer(replace(MAIL, panel="bottom"), "Page 4"), True),
    ("a footer and the clock at once", _footer(MAIL, "Page 3 of 12"),
     _footer(replace(MAIL, clock="14:06"), "Page 4 of 12"), True),
    ("a clock in the top bar", _footer(MAIL, "Page 3 of 12"),
     _footer(replace(MAIL, clock="14:06"), "Page 3 of 12"), False),
    ("a clock in a bottom taskbar", desktop(replace(MAIL, panel="bottom")),
     desktop(replace(MAIL, panel="bottom", clock="14:06")), False),
    ("a clock in dark mode at 1440p", desktop(replace(MAIL, theme=DARK_THEME), (2560, 1440)),
     desktop(replace(MAIL, theme=DARK_THEME, clock="14:06"), (2560, 1440)), False),
    ("an hour turning over", desktop(replace(MAIL, clock="09:59")),
     desktop(replace(MAIL, clock="10:00")), False),
]


@pytest.mark.parametrize(("what", "before", "after", "new"), STRIPS, ids=[s[0] for s in STRIPS])
def test_a_change_in_the_top_or_bottom_strip_is_new_unless_it_is_the_clock(
        what: str, before: Image.Image, after: Image.Image, new: bool) -> None:
    frames = NearDuplicateFilter()
    assert frames.decide(before)
    decision = frames.decide(after)
    assert decision.new == new, f"{what}: {decision.reason}"


def test_a_battery_ticking_in_a_phones_status_bar_is_not_a_new_screen() -> None:
    def phone(battery: str, clock: str) -> Image.Image:
        return draw(PHONE_NIGHT, [(60, 30, clock), (880, 30, battery),
                                  *column(60, 260, ["Mateo is arriving in 4 min",
                                                    "Plate 7KXP219"], 120)])

    frames = NearDuplicateFilter()
    assert frames.decide(phone("85%", "9:41"))
    assert not frames.decide(phone("84%", "9:42"))
    assert frames.decide(draw(PHONE_NIGHT, [(60, 30, "9:42"), (880, 30, "84%"), *column(
        60, 260, ["Mateo has arrived", "Plate 7KXP219"], 120)]))


def test_when_i_saw_someone_i_told_of_is_not_when_a_screen_named_them(tmp_path: Path) -> None:
    told = datetime(2025, 6, 2, 18, tzinfo=UTC)
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        app, title, image = next(s for s in SCREENS if s[0] == "Doctolib")
        system.add(images=[image], user_id=USER, occurred_at=told + timedelta(days=7),
                   metadata={"source": "screen", "app": app, "window_title": title})
        system.add("I saw Dr. Clara Weber today about my knee.", user_id=USER,
                   occurred_at=told)
        system.flush(USER)
        saw = system.chat("When did I see Clara Weber?", user_id=USER).answer
        looked = system.chat("When did I look at my appointments on Doctolib?",
                             user_id=USER).answer
    assert "2 June" in saw and "9 June" not in saw, saw
    assert "9 June 2025" in looked, looked


def test_the_watcher_keeps_a_new_total_in_the_bottom_bar_and_answers_it(tmp_path: Path) -> None:
    cart = Shot("Shop", "Cart", ("Your cart", "Trail running shoes", "Running socks"),
                clock="14:05")
    # a coupon applied: only the total in the bottom bar changes, while the clock ticks
    shown = [_footer(cart, "Total: EUR 52.99"),
             _footer(replace(cart, clock="14:06"), "Total: EUR 52.99"),
             _footer(replace(cart, clock="14:06"), "Total: EUR 47.69"),
             _footer(replace(cart, clock="14:07"), "Total: EUR 47.69")]
    screen = FakeScreen()
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        watcher = ScreenWatcher(system, user_id=USER, source=screen)
        outcomes = []
        for image in shown:
            screen.show(image, "Shop", "Cart")
            outcomes.append(watcher.tick())
        watcher.send()
        total = system.chat("What is my cart total?", user_id=USER).answer
    assert outcomes == ["kept", "duplicate", "kept", "duplicate"], outcomes
    assert "47.69" in total and "52.99" not in total, total
