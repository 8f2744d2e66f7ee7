"""Layouts the offline rules were not written on, through the whole pipeline (OCR, rules, real
store, retrieval, answer): spreadsheets, terminals, a calendar week, boarding passes, bank
statements, settings pages, map directions, shopping carts, a dark chat and PDF invoices, in
English, German, French and Spanish, from a small laptop to a 4K screen at twice the scale,
asked in the screen's language or another. An answer holds the value the screen showed,
clean of any rendering."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from support.cases import assert_answered
from test_screen_answers_unseen import LEAK, Cells, Look, _draw

from mirix_like import MemorySystem

LAPTOP = Look((1280, 800), "white", "#1b1b1b", "DejaVuSans", 15, 60, 60, 1.9)
UHD = Look((3840, 2160), "#fafafa", "#222222", "DejaVuSans", 40, 200, 180, 1.8)
"""A 4K screen at 200 % scaling: everything twice as large."""
QHD = Look((2560, 1600), "white", "#303030", "DejaVuSerif", 28, 160, 140, 1.8)
MONO = Look((1280, 800), "#101010", "#e6e6e6", "DejaVuSansMono", 15, 30, 30, 1.6)
NIGHT = Look((1440, 900), "#0f1115", "#cfd3da", "DejaVuSans", 18, 80, 80, 2.0)
PHONE = Look((828, 1792), "#f2f2f7", "#000000", "DejaVuSans", 30, 50, 160, 2.0)
UHD_NATIVE = Look((3840, 2160), "#f5f5f7", "#1d1d1f", "DejaVuSans", 13, 1400, 700, 1.9)
"""A 4K screen at 100 % scaling: small text on a large screen."""
A4 = Look((1654, 2339), "white", "#111111", "DejaVuSerif", 26, 160, 200, 1.9)
"""A PDF page of A4 at 200 dpi, as a viewer shows it full size."""


def _x(*cells: str, step: int = 260) -> Cells:
    """A table row: ``cells`` ``step`` pixels apart."""
    return [(n * step, cell) for n, cell in enumerate(cells)]


# (app, title, rows, look)
SCREENS: list[tuple[str, str, list[str | Cells], Look]] = [
    ("Excel", "sales-q3.xlsx", [
        "Sales by region, Q3 2025", _x("Region", "July", "August", "September", step=200),
        _x("North", "4,210", "3,980", "4,455", step=200),
        _x("West", "5,120", "4,870", "5,310", step=200),
        _x("South", "2,760", "2,905", "3,040", step=200)], LAPTOP),
    ("Numbers", "Budget vacances", [
        "Budget vacances Bretagne", _x("Poste", "Prévu", "Réel", step=360),
        _x("Hôtel", "600 €", "640 €", step=360), _x("Train", "180 €", "165 €", step=360),
        _x("Restaurants", "300 €", "355 €", step=360)], QHD),
    ("Terminal", "cargo", [
        "$ cargo build --release", "   Compiling ledger v0.3.1 (/home/ana/ledger)",
        "error[E0425]: cannot find value `rate` in this scope",
        "  --> src/interest.rs:42:17",
        "error: could not compile `ledger` (bin \"ledger\") due to 1 previous error"], MONO),
    ("Terminal", "psql", [
        "$ psql -h db.internal -U billing", "psql: error: connection to server at "
        "\"db.internal\" (10.0.3.12), port 5432 failed: Connection refused",
        "Is the server running on that host and accepting TCP/IP connections?"], MONO),
    # a week view: a column per day, each event at the height of its hour
    ("Calendar", "Week 14", [
        _x("Mon 31 March", "Tue 1 April", "Wed 2 April", step=900), [(1800, "08:00 Gym")],
        [(0, "09:30 Standup")], [(900, "11:00 Budget review")], [(0, "13:00 Lunch with Sofia")],
        [(900, "16:00 Interview: Lars Berg")], [(1800, "18:30 Piano lesson")]], UHD),
    # the same hour on several days: a row of the week is no row of a table
    ("Calendario", "Semana 16", [
        _x("Lun 14 abril", "Mar 15 abril", "Mié 16 abril", step=330),
        _x("10:00 Dentista", "10:00 Clase de yoga", "10:00 Llamada al banco", step=330),
        _x("13:00 Comida con Ana", "", "17:30 Peluquería", step=330)], LAPTOP),
    ("Kalender", "KW 15", [
        "Montag, 7. April", "08:15  Teamrunde", "17:45  Physiotherapie bei Frau Kern",
        "Dienstag, 8. April", "12:00  Mittagessen mit Jana"], LAPTOP),
    ("Wallet", "Lufthansa Bordkarte", [
        "BORDKARTE", _x("Name", "SCHMIDT/LENA", step=300), _x("Flug", "LH 2037", step=300),
        _x("Nach", "München", step=300), _x("Gate", "B44", step=300),
        _x("Sitz", "12C", step=300), _x("Einstieg", "06:55", step=300)], PHONE),
    ("Wallet", "Air France", [
        "CARTE D'EMBARQUEMENT", _x("Vol", "AF 1234", step=520),
        _x("Destination", "Marseille", step=520), _x("Porte", "F32", step=520),
        _x("Siège", "17D", step=520), _x("Embarquement", "10:05", step=520)], UHD),
    ("Chase", "Statement", [
        "Checking account statement, March 2025",
        [(0, "Date"), (160, "Description"), (620, "Amount"), (820, "Balance")],
        [(0, "03/01"), (160, "Opening balance"), (820, "5,402.10")],
        [(0, "03/02"), (160, "Whole Foods Market"), (620, "-84.12"), (820, "5,317.98")],
        [(0, "03/03"), (160, "Rent - Parkside Apartments"), (620, "-1,850.00"),
         (820, "3,467.98")],
        [(0, "03/05"), (160, "Payroll Acme Corp"), (620, "2,940.00"), (820, "6,407.98")]],
     Look((1920, 1080), "white", "#1a1a1a", "DejaVuSans", 20, 140, 120, 1.9)),
    ("Sparkasse", "Kontoauszug", [
        "Kontoauszug März 2025", [(0, "Datum"), (140, "Buchungstext"), (560, "Betrag")],
        [(0, "03.03."), (140, "Miete Wohnung Lindenweg"), (560, "-950,00")],
        [(0, "05.03."), (140, "Gehalt Nordwerk GmbH"), (560, "3.210,00")],
        [(0, "07.03."), (140, "Stadtwerke Strom"), (560, "-68,40")]], LAPTOP),
    ("Ajustes", "Pantalla", [
        "Pantalla y brillo", "Brillo: 70 %", "Tamaño del texto: Grande",
        "Modo oscuro: Desactivado", "Bloqueo automático: 30 segundos"], PHONE),
    ("Réglages", "Général", [
        "Informations", "Nom de l'appareil : iPhone de Léa", "Version du logiciel : 18.3.2",
        "Capacité : 128 Go", "Disponible : 41,7 Go"], NIGHT),
    ("System Settings", "About", [
        "About this iMac", [(0, "Serial number"), (420, "C02XK1ABJG5H")],
        [(0, "Memory"), (420, "32 GB")], [(0, "macOS"), (420, "Sequoia 15.3.1")]], UHD_NATIVE),
    ("Maps", "Directions", [
        "Directions to Golden Gate Park", "Drive: 18 min (6.2 mi) via Fell St",
        "Head north on Valencia St", "Turn left onto Market St",
        "Take exit 434B toward Fell St", "Arrive at Golden Gate Park"],
     Look((1366, 768), "#eef2f6", "#202124", "DejaVuSans", 17, 90, 90, 1.9)),
    ("Karten", "Route", [
        "Route nach Potsdam", "Mit dem Auto: 42 min (35 km) über A115",
        "Mit der Bahn: 55 min, RE1 ab Berlin Hbf", "Zu Fuß: 7 Std. 10 min"], QHD),
    ("Zalando", "Warenkorb", [
        "Warenkorb (3 Artikel)", [(0, "Laufschuhe Pegasus 40"), (520, "1"), (640, "129,99 €")],
        [(0, "Trinkflasche 750 ml"), (520, "2"), (640, "19,98 €")],
        [(0, "Versand"), (640, "4,95 €")], [(0, "Gesamtsumme"), (640, "154,92 €")]], LAPTOP),
    ("Amazon", "Carrito", [
        "Carrito de compra", [(0, "Auriculares inalámbricos"), (700, "59,90 €")],
        [(0, "Funda para móvil (x2)"), (700, "17,98 €")], [(0, "Subtotal"), (700, "77,88 €")],
        "Llega el jueves 10 de abril"], UHD),
    ("Signal", "Camille", [
        "Camille  09:41", "Tu peux récupérer les clés chez Paul ?", "Moi  09:45",
        "Oui, je passe chez lui à 18h", "Camille  09:46",
        "Parfait, le code de l'immeuble est 4821B"],
     NIGHT),
    ("Discord", "#raid-night", [
        "Ravi  21:02", "who's bringing the snacks tonight?", "Mei  21:05",
        "I'll bring chips and salsa", "Ravi  21:06", "cool, server starts at 22:00"], NIGHT),
    ("Acrobat", "factura-2025-0387.pdf", [
        "FACTURA Nº 2025/0387", "Cliente: Marta Gil Ferrer", "Fecha: 18/03/2025",
        "Vencimiento: 15/04/2025", [(0, "Base imponible"), (700, "250,00 €")],
        [(0, "IVA 21 %"), (700, "52,50 €")], [(0, "Total"), (700, "302,50 €")]], A4),
    ("Preview", "invoice-INV-7781.pdf", [
        "INVOICE INV-7781", "Bill to: Greenleaf Studio", "Due date: April 30, 2025",
        [(0, "Item"), (600, "Hours"), (800, "Rate"), (1000, "Amount")],
        [(0, "UX audit"), (600, "16"), (800, "95.00"), (1000, "1,520.00")],
        [(0, "Prototype"), (600, "24"), (800, "95.00"), (1000, "2,280.00")],
        [(0, "Total due"), (1000, "3,800.00")]], A4),
]
USER = "noor"


def _shown(root: Path, screens: list[tuple[str, str, list[str | Cells], Look]], start: datetime,
           minutes: int) -> Iterator[MemorySystem]:
    """A memory of ``screens`` drawn and added ``minutes`` apart from ``start``."""
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        for n, (app, title, rows, look) in enumerate(screens):
            system.add(images=[_draw(rows, look)], user_id=USER,
                       occurred_at=start + timedelta(minutes=minutes * n),
                       metadata={"source": "screen", "app": app, "window_title": title})
        system.flush(USER)
        yield system


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    yield from _shown(tmp_path_factory.mktemp("screen_layouts"), SCREENS,
                      datetime(2025, 3, 20, 9, tzinfo=UTC), 9)


CASES = [
    # (question, what the answer must say, what it must not)
    ("What were the West region's sales in August?", ["4,870"], ["3,980", "2,905"]),
    ("Which region sold the least in July?", ["South", "2,760"], ["North", "West"]),
    ("Combien a coûté l'hôtel en réel ?", ["640"], ["165"]),
    ("How much did we budget for restaurants?", ["300"], ["Hôtel"]),
    ("What error code did cargo build fail with?", ["E0425"], []),
    ("Which file has the compile error?", ["src/interest.rs:42:17"], []),
    ("Which port was the database connection refused on?", ["5432"], []),
    ("What is the IP address of db.internal?", ["10.0.3.12"], []),
    ("When is the piano lesson?", ["18:30"], ["Standup", "Sofia"]),
    ("Who am I interviewing on Tuesday?", ["Lars Berg"], []),
    ("¿A qué hora es la clase de yoga?", ["10:00"], ["Dentista", "banco"]),
    ("What time is lunch with Ana?", ["13:00"], ["Peluquería", "yoga"]),
    ("Wann ist die Physiotherapie?", ["17:45"], ["Teamrunde"]),
    ("When is lunch with Jana?", ["12:00"], ["Physiotherapie"]),
    ("What seat do I have on flight LH 2037?", ["12C"], []),
    ("Von welchem Gate fliege ich nach München?", ["B44"], []),
    ("When does boarding start for the Munich flight?", ["06:55"], []),
    ("Welcher Sitzplatz steht auf meiner Bordkarte?", ["12C"], ["17D"]),
    ("Wann beginnt das Boarding für Flug LH 2037?", ["06:55"], ["10:05"]),
    ("Quel est mon siège sur le vol AF 1234 ?", ["17D"], []),
    ("¿Cuál es la puerta de embarque del vuelo AF 1234?", ["F32"], ["B44"]),
    ("Quelle est la destination du vol AF 1234 ?", ["Marseille"], []),
    ("Which gate does my flight to Marseille leave from?", ["F32"], []),
    ("How much did I spend at Whole Foods?", ["84.12"], ["1,850.00"]),
    ("How much rent did I pay to Parkside Apartments?", ["1,850.00"], ["84.12", "950,00"]),
    ("What was the opening balance in March?", ["5,402.10"], []),
    ("Quel est le solde d'ouverture en mars ?", ["5,402.10"], ["5,317.98"]),
    ("¿Cuánto pagué de alquiler a Parkside Apartments?", ["1,850.00"], ["950,00"]),
    ("How much did I pay for electricity?", ["68,40"], ["950,00"]),
    ("Wie viel Miete habe ich im März bezahlt?", ["950,00"], ["3.210,00"]),
    ("How much was my salary from Nordwerk?", ["3.210,00"], ["950,00"]),
    ("¿Está activado el modo oscuro?", ["Desactivado"], []),
    ("What is the screen brightness set to?", ["70 %"], []),
    ("¿Cuándo se bloquea la pantalla automáticamente?", ["30 segundos"], []),
    ("What's the name of my iPhone?", ["iPhone de Léa"], []),
    ("Quelle est la version du logiciel ?", ["18.3.2"], []),
    ("How much storage is available on the iPhone?", ["41,7 Go"], ["128 Go"]),
    ("What is the serial number of my iMac?", ["C02XK1ABJG5H"], []),
    ("How much memory does the iMac have?", ["32 GB"], []),
    ("How long is the drive to Golden Gate Park?", ["18 min"], []),
    ("Which exit do I take toward Fell St?", ["434B"], []),
    ("Wie lange dauert die Fahrt mit dem Auto nach Potsdam?", ["42 min"], ["55 min"]),
    ("How long does the train to Potsdam take?", ["55 min"], ["42 min"]),
    ("How long does it take to walk to Potsdam?", ["7 Std. 10 min"], ["42 min"]),
    ("Wie viel kosten die Laufschuhe?", ["129,99"], []),
    ("How much is the shopping cart in total?", ["154,92"], []),
    ("How much are the running shoes?", ["129,99"], []),
    ("¿Cuánto cuestan los auriculares?", ["59,90"], ["17,98"]),
    ("Combien coûtent les écouteurs sans fil ?", ["59,90"], ["17,98"]),
    ("Was kostet der Versand?", ["4,95"], ["129,99"]),
    ("How much is shipping in the cart?", ["4,95"], ["129,99"]),
    ("When does the Amazon order arrive?", ["jueves 10 de abril"], []),
    ("Chez qui dois-je récupérer les clés ?", ["Paul"], []),
    # a door code is a secret: the answer says where it is kept, never the code
    ("Quel est le code de l'immeuble ?", ["coffre"], ["4821B"]),
    ("Who is bringing the snacks?", ["Mei"], []),
    ("When does the server start tonight?", ["22:00"], []),
    ("¿Cuál es el total de la factura 2025/0387?", ["302,50"], ["250,00"]),
    ("When is invoice 2025/0387 due?", ["15/04/2025"], []),
    ("How much VAT is on the Spanish invoice?", ["52,50"], ["302,50"]),
    ("How much VAT is on invoice 2025/0387?", ["52,50"], ["302,50"]),
    ("Wie hoch ist die Mehrwertsteuer auf der Rechnung 2025/0387?", ["52,50"], ["302,50"]),
    ("How much is due on invoice INV-7781?", ["3,800.00"], []),
    ("What's the total due on invoice INV-7781?", ["3,800.00"], ["1,520.00"]),
    ("How many hours was the prototype?", ["24"], ["16"]),
]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES,
                         ids=[getattr(c, "id", None) or c[0] for c in CASES])
def test_a_question_about_an_unseen_layout_gets_the_value_it_showed(
        memory: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=USER).answer, says, not_says, LEAK)


# Dates and amounts in forms the screens above do not have: a German due date with dots, an
# American one with slashes, an ISO day (also in a chat, under its messages' hours), a French
# weekday and day, an ordinal alone, an amount due beside its due date.
OTHER_FORMATS: list[tuple[str, str, list[str | Cells], Look]] = [
    ("Acrobat", "rechnung-4471.pdf", [
        "RECHNUNG Nr. 4471", "Kunde: Jonas Weber", "Rechnungsdatum: 02.05.2025",
        "Fällig am: 30.05.2025", [(0, "Gesamtbetrag"), (700, "1.190,00 €")]], A4),
    ("Verizon", "My bill", [
        "Wireless bill", "Amount due: $84.20", "Payment due 06/15/2025",
        "Autopay: Off"], LAPTOP),
    ("PureGym", "Membership", [
        "Membership: Core", "Next payment: 2025-06-01", "Home gym: Leeds City Centre"], PHONE),
    ("Darty", "Suivi de commande", [
        "Commande n° 55102", "Lave-linge Bosch Série 6",
        "Livraison estimée : mardi 22 avril", "Créneau : 8h-13h"], NIGHT),
    ("Notes", "Flat", [
        "Flat admin", "The rent is due on the 1st, the deposit was 1,400.00",
        "Landlord: Priya Nair"], QHD),
    ("Slack", "#ops", [
        "Ana Ruiz  09:12", "the migration is postponed to 2025-05-03", "Ben Ode  09:14",
        "ok, noted"], NIGHT),
]
OTHER_CASES = [
    ("When is invoice 4471 due?", ["30.05.2025"], ["02.05.2025"]),
    ("When is my Verizon payment due?", ["06/15/2025"], []),
    ("How much is due on my Verizon bill?", ["84.20"], ["06/15/2025"]),
    ("When is my next PureGym payment?", ["2025-06-01"], []),
    ("When will the Darty washing machine be delivered?", ["mardi 22 avril"], []),
    ("Quand le lave-linge sera-t-il livré ?", ["mardi 22 avril"], []),
    ("When is the rent due?", ["1st"], []),
    ("How much was the deposit for the flat?", ["1,400.00"], []),
    ("When is the migration?", ["2025-05-03"], ["09:12", "09:14"]),
]


@pytest.fixture(scope="module")
def other_formats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    yield from _shown(tmp_path_factory.mktemp("other_formats"), OTHER_FORMATS,
                      datetime(2025, 4, 14, 9, tzinfo=UTC), 7)


@pytest.mark.parametrize(("question", "says", "not_says"), OTHER_CASES,
                         ids=[c[0] for c in OTHER_CASES])
def test_a_date_or_amount_in_another_form_answers_when_and_how_much(
        other_formats: MemorySystem, question: str, says: list[str], not_says: list[str]
) -> None:
    answer = other_formats.chat(question, user_id=USER).answer
    assert all(s in answer for s in says), answer
    assert not any(s in answer for s in not_says), answer
    assert not LEAK.search(answer), answer
