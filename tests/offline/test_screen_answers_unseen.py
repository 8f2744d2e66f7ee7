"""Questions about screens and documents the offline rules were not written on, through the
whole pipeline (OCR, rules, real store, retrieval, answer): error dialogs, tables with their
headers, settings pages, agendas, chats, mails, receipts, boarding passes and terminals in
English, German, French and Spanish, in fonts, colours and sizes of their own, asked in the
screen's language or another. An answer is the screen's own line, clean of any rendering."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache

import pytest
from PIL import Image, ImageDraw, ImageFont
from support.cases import assert_answered, known

from mirix_like import MemorySystem

DEJAVU = "/usr/share/fonts/truetype/dejavu/"


@cache
def _font(name: str, px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(f"{DEJAVU}{name}.ttf", px)
    except OSError:
        return ImageFont.load_default(size=px)


@dataclass(frozen=True)
class Look:
    """How a screen is drawn: its size, colours, font and the text's left edge and pitch."""

    size: tuple[int, int] = (1366, 768)
    background: str = "#f4f1ea"
    ink: str = "#202020"
    font: str = "DejaVuSansCondensed"
    px: int = 19
    left: int = 90
    top: int = 80
    pitch: float = 1.9


Cells = list[tuple[int, str]]


def _draw(rows: list[str | Cells], look: Look = Look(), box: bool = False) -> Image.Image:
    """``rows`` of text (one line, or cells at their x), in a framed dialog when ``box``."""
    image = Image.new("RGB", look.size, look.background)
    draw = ImageDraw.Draw(image)
    height = round(len(rows) * look.px * look.pitch)
    if box:
        draw.rectangle((look.left - 30, look.top - 30, look.size[0] - look.left + 30,
                        look.top + height + 20), fill="white", outline="#8a8a8a", width=2)
    for n, row in enumerate(rows):
        y = look.top + round(n * look.px * look.pitch)
        for x, text in [(0, row)] if isinstance(row, str) else row:
            draw.text((look.left + x, y), text, font=_font(look.font, look.px), fill=look.ink)
    return image


DARK = Look(background="#15171c", ink="#d8dce4", font="DejaVuSans", px=17, pitch=2.1)
MONO = Look((1600, 900), "#0b0f14", "#c9f2c7", "DejaVuSansMono", 18, 40, 40, 1.6)
PHONE = Look((720, 1480), "white", "#111111", "DejaVuSans", 24, 50, 120, 2.0)
SERIF = Look((1280, 1024), "#fffdf6", "#2a2018", "DejaVuSerif", 21, 120, 110, 1.8)

# (app, title, rows, look, framed)
SCREENS: list[tuple[str, str, list[str | Cells], Look, bool]] = [
    ("Microsoft Office", "Office Setup", [
        "Something went wrong",
        "We couldn't install Office. Check your internet connection and free disk space,",
        "then try the installation again. If the error persists, search for the code",
        "on the support site.",
        "Error code: 30088-26",
        [(0, "Close"), (520, "Get help online")]], Look(), True),
    ("Safari", "Pricing - Notely", [
        "Choose the plan that fits your team",
        [(0, "Plan"), (260, "Price / month"), (520, "Users"), (760, "Storage")],
        [(0, "Free"), (260, "$0"), (520, "1"), (760, "2 GB")],
        [(0, "Pro"), (260, "$29"), (520, "10"), (760, "100 GB")],
        [(0, "Team"), (260, "$79"), (520, "50"), (760, "1 TB")]], SERIF, False),
    ("Systemeinstellungen", "Netzwerk", [
        "Netzwerk", "WLAN: Heimnetz-5G", "IP-Adresse: 192.168.178.34",
        "Bluetooth: Aus", "Gerätename: Annas MacBook Air"], DARK, False),
    ("Agenda", "Semaine 12", [
        "Lundi 17 mars", "09:00  Réunion d'équipe", "12:30  Déjeuner avec Claire",
        "Mardi 18 mars", "15:00  Rendez-vous chez le kiné", "18:30  Cours de yoga"],
        Look(font="DejaVuSerifCondensed", px=20), False),
    ("Slack", "#design-team", [
        "# design-team", "Marta Silva  10:02", "Can someone review the onboarding mockups?",
        "Tom Becker  10:05", "I'll take it, I will send my notes by Friday.",
        "Marta Silva  10:06", "Thanks! The Figma file is called Onboarding v3."], DARK, False),
    ("Outlook", "Contract renewal", [
        "Contract renewal for 2026", "From: Helena Costa <helena.costa@acme.io>",
        "Date: Tue 11 Mar 2025 16:42", "To: me",
        "Hi, attached is the renewed contract for next year.",
        "Please sign it and send it back by March 28."], Look(font="DejaVuSans", px=18), False),
    ("Fotos", "IMG_2231", [
        "MERCADONA", "C/ Alcalá 101, Madrid",
        [(0, "PAN INTEGRAL"), (300, "1,35")], [(0, "TOMATES"), (300, "2,10")],
        [(0, "ACEITE OLIVA"), (300, "6,45")], [(0, "TOTAL"), (300, "9,90")],
        "TARJETA VISA"], Look((640, 900), "white", "black", "DejaVuSansMono", 22, 60, 60), False),
    ("Wallet", "Lufthansa", [
        "LUFTHANSA  BOARDING PASS", [(0, "Passenger"), (330, "MUELLER/JONAS")],
        [(0, "From"), (330, "FRA Frankfurt")], [(0, "To"), (330, "JFK New York")],
        [(0, "Flight"), (330, "LH 400")], [(0, "Gate"), (330, "Z25")],
        [(0, "Seat"), (330, "32A")], [(0, "Departure"), (330, "13:50")]], PHONE, False),
    ("Terminal", "zsh - webapp", [
        "~/webapp $ npm run build", "> webapp@1.4.0 build", "> vite build",
        "vite v5.2.1 building for production...", "412 modules transformed.",
        "error during build:",
        "Could not resolve './components/Chart' from src/pages/Dashboard.tsx",
        "npm ERR! code ELIFECYCLE"], MONO, False),
    ("Ajustes", "Batería", [
        "Batería", "Nivel de batería: 64 %", "Modo de bajo consumo: Activado",
        "Versión de iOS: 17.4.1"], PHONE, False),
    ("Thunderbird", "Facture", [
        "Facture n° 2025-118", "De : Julien Moreau <julien@atelier-moreau.fr>",
        "Date : 4 mars 2025", "Bonjour, veuillez trouver ci-joint la facture de mars.",
        "Montant : 1 240,00 €, à régler sous 30 jours."], SERIF, False),
    ("WhatsApp", "Papa", [
        "Papa", "Papa: Kommst du am Sonntag zum Mittagessen?", "Ich: Ja, gegen 13 Uhr",
        "Papa: Bring bitte den Apfelkuchen mit"], PHONE, False),
    ("Google Calendar", "Agenda", [
        "Wed 19 March", "10:00 - 10:30  1:1 with Priya (Zoom)",
        "14:00 - 15:00  Quarterly planning, room Atlas", "Thu 20 March",
        "09:15  Dentist, Dr. Alvarez"], Look(font="DejaVuSans-Bold", px=16), False),
    ("Photos", "Photos crashed", [
        "Photos quit unexpectedly.",
        "Click Reopen to open the application again. Click Report to see more details",
        "or send a report to Apple.", "Exception Type: EXC_BAD_ACCESS (SIGSEGV)",
        [(0, "Ignore"), (300, "Report..."), (560, "Reopen")]], Look((1280, 720)), True),
    ("DB Navigator", "Frankfurt Hbf", [
        "Abfahrten Frankfurt (Main) Hbf",
        [(0, "Zeit"), (160, "Zug"), (360, "Ziel"), (700, "Gleis")],
        [(0, "08:12"), (160, "ICE 577"), (360, "Stuttgart Hbf"), (700, "7")],
        [(0, "08:40"), (160, "RE 5"), (360, "Koblenz Hbf"), (700, "13")]],
        Look(font="DejaVuSansCondensed-Bold", px=20), False),
    ("Firefox", "Order A-55821", [
        "Order A-55821", "Status: In transit", "Carrier: DHL Express",
        "Estimated delivery: Thursday"], Look(), False),
    ("Explorer", "Copy File", [
        "An unexpected error is keeping you from copying the file.",
        "If you continue to receive this error, you can use the error code to search for help.",
        "Error 0x80070005: Access is denied.", [(0, "Try Again"), (240, "Cancel")]],
        Look((1280, 800), "#dfe6ee", "#101010", "DejaVuSans", 16, 140, 200), True),
    ("Settings", "Display", [
        "Display", [(0, "Resolution"), (420, "2560 x 1440")],
        [(0, "Refresh rate"), (420, "144 Hz")], [(0, "Night light"), (420, "Off")]], DARK, False),
    ("Excel", "notas.xlsx", [
        "Notas del segundo trimestre", [(0, "Asignatura"), (300, "Nota"), (480, "Créditos")],
        [(0, "Matemáticas"), (300, "8,5"), (480, "6")], [(0, "Historia"), (300, "7,0"), (480, "4")],
        [(0, "Química"), (300, "9,1"), (480, "5")]], Look(font="DejaVuSerif", px=18), False),
    ("Chrome", "Departures - LHR", [
        "Departures Terminal 5",
        [(0, "Flight"), (200, "Destination"), (520, "Gate"), (680, "Status")],
        [(0, "BA 117"), (200, "New York JFK"), (520, "C12"), (680, "Delayed 40 min")],
        [(0, "AF 1681"), (200, "Paris CDG"), (520, "B07"), (680, "Boarding")],
        [(0, "IB 3167"), (200, "Madrid"), (520, "A21"), (680, "On time")]],
        Look((1920, 1080), "#081a33", "#ffd84a", "DejaVuSansMono", 24, 120, 120), False),
    ("Gmail", "Reserva confirmada", [
        "Reserva confirmada", "De: Lucía Romero <reservas@casalucio.es>",
        "Fecha: 2 de abril de 2025",
        "Tu mesa para 4 personas está reservada para el sábado a las 21:00."],
        Look(font="DejaVuSans", px=17), False),
    ("Messenger", "Léa Martin", [
        "Léa Martin  18:02", "On se retrouve devant le cinéma ?", "Hugo Petit  18:04",
        "Oui, à 20h15 devant le Grand Rex"], PHONE, False),
    ("Terminal", "pytest", [
        "$ pytest -q", "..........F..............",
        "FAILED tests/test_api.py::test_login - AssertionError: expected 200, got 401",
        "1 failed, 57 passed in 3.21s"], MONO, False),
    ("Photos", "receipt.jpg", [
        "BLUE BOTTLE COFFEE", [(0, "Latte"), (260, "5.25")], [(0, "Croissant"), (260, "4.50")],
        [(0, "Tax"), (260, "0.87")], [(0, "Total"), (260, "10.62")]],
        Look((560, 760), "white", "#222222", "DejaVuSansMono-Bold", 20, 50, 60), False),
    ("DB Navigator", "Ticket", [
        "Deutsche Bahn", "ICE 1027", "Wagen 12  Platz 64", "Abfahrt 07:28 Köln Hbf"],
        PHONE, False),
    ("About This Mac", "MacBook Air", [
        "MacBook Air", "macOS Sonoma", [(0, "Version"), (200, "14.4.1")],
        [(0, "Chip"), (200, "Apple M2")], [(0, "Memory"), (200, "16 GB")]],
        Look((900, 600), "#ececec", "#1a1a1a", "DejaVuSans", 16, 80, 80), True),
    ("WhatsApp", "Cena del viernes", [
        "Cena del viernes", "Carmen: ¿Quién lleva el vino?", "Diego: Yo llevo el vino",
        "Carmen: Perfecto, yo hago la tortilla"], Look(font="DejaVuSans", px=20), False),
    ("Calendar", "Invitation", [
        "Invitation: Design sync", "When: Thu 27 March 15:00 - 15:45", "Where: Room Kepler",
        "Organizer: Nadia Ahmed", [(0, "Accept"), (200, "Decline")]],
        Look((1024, 640), font="DejaVuSerif", px=18), True),
    ("Wi-Fi", "Network", ["Wi-Fi", "Connected to: Cafe-Guest", "Signal: Good"], DARK, False),
    ("Terminal", "site - git", [
        "$ git push origin main", "! [rejected]  main -> main (fetch first)",
        "error: failed to push some refs to 'github.com:ana/site.git'",
        "hint: Updates were rejected because the remote contains work that you do not have"],
        MONO, False),
    ("Thunderbird", "Umzug am Samstag", [
        "Umzug am Samstag", "Von: Jonas Weber <jonas.weber@posteo.de>",
        "Hallo, kannst du am Samstag um 9 Uhr beim Umzug helfen?", "Adresse: Bergstraße 5"],
        SERIF, False),
    ("Preview", "invoice-0412.pdf", [
        "INVOICE 0412", [(0, "Description"), (360, "Qty"), (480, "Unit Price"), (700, "Amount")],
        [(0, "Web hosting"), (360, "12"), (480, "9.00"), (700, "108.00")],
        [(0, "Domain renewal"), (360, "1"), (480, "15.00"), (700, "15.00")],
        [(0, "Total"), (700, "123.00")]], Look((1100, 700), "white", "#333333", "DejaVuSerif", 17),
        False),
    ("Notes", "market", [
        [(0, "ITEM"), (260, "QTY"), (420, "PRICE")], [(0, "APPLES"), (260, "3"), (420, "2.40")],
        [(0, "BREAD"), (260, "1"), (420, "3.10")], [(0, "MILK"), (260, "2"), (420, "1.98")]],
        Look((800, 500), "#fff8dc", "#3b2f2f", "DejaVuSansMono", 20), False),
    ("Réglages", "Confidentialité", [
        "Confidentialité", "Localisation : Activée", "Caméra : Autorisée pour 3 apps",
        "Microphone : Refusé"], Look(font="DejaVuSans", px=18), False),
    ("Teams", "Launch", [
        "Launch", "Priya: the deadline moved to 4 April", "Omar: ok, I will tell the client",
        "Priya: thanks, and the budget stays the same"], DARK, False),
    ("Wallet", "Iberia", [
        "TARJETA DE EMBARQUE", [(0, "Vuelo"), (300, "IB 6253")], [(0, "Puerta"), (300, "K78")],
        [(0, "Embarque"), (300, "21:05")], [(0, "Asiento"), (300, "23F")]], PHONE, False),
    ("Terminal", "python", [
        "$ python app.py", "Traceback (most recent call last):",
        '  File "app.py", line 12, in <module>', "    main()",
        "KeyError: 'DATABASE_URL'"], MONO, False),
    ("Kalender", "April", [
        "Di 8. April", "10:00  Elterngespräch Schule", "16:30  Zahnreinigung",
        "Mi 9. April", "19:00  Chorprobe"], Look(font="DejaVuSansCondensed", px=22), False),
    ("Slack", "#oficina", [
        "Lucía  09:12", "¿Alguien tiene la contraseña del wifi?", "Martín  09:14",
        "Es invitados2025"], DARK, False),
    ("Fotos", "Kassenbon REWE", [
        "REWE", [(0, "Bananen"), (300, "1,49")], [(0, "Hafermilch"), (300, "2,29")],
        [(0, "Summe"), (300, "3,78")], [(0, "MwSt 7%"), (300, "0,25")]],
        Look((600, 700), "white", "black", "DejaVuSansMono", 22, 60, 60), False),
    ("System Information", "Power", [
        "Battery Information", "Battery Health: 87%", "Cycle Count: 412",
        "Condition: Normal"], Look((1000, 620), font="DejaVuSans", px=15), True),
    ("Mail", "Reservation confirmed", [
        "From: Airbnb <automated@airbnb.com>", "Subject: Reservation confirmed for Porto",
        "Check-in: Fri, 16 May, 15:00", "Host: Rui"], SERIF, False),
    ("Terminal", "docker", [
        "$ docker compose up", "Error response from daemon: driver failed programming "
        "external connectivity on endpoint web:",
        "Bind for 0.0.0.0:8080 failed: port is already allocated"], MONO, False),
]
LATER = [("Firefox", "Order A-55821", [
    "Order A-55821", "Status: Delivered to the front door", "Carrier: DHL Express"],
    Look(), False),
    ("Wi-Fi", "Network", ["Wi-Fi", "Connected to: Office-5G", "Signal: Excellent"], DARK, False)]
NOTES = [
    ("vendor-call.md", "# Vendor call, 12 March\n\nAttendees: Rui, Anna and me\n\n"
     "Decision: we go with Supplier B for the packaging.\n"
     "Next step: Anna sends the purchase order by 20 March.\n"),
    ("tarte.txt", "Tarte aux pommes\nIngrédients : 4 pommes, 200 g de farine, 100 g de beurre\n"
     "Cuisson : 35 minutes à 180 °C\n"),
    ("home-network.txt", "Home network\nSSID: Casa-Lopes\nRouter admin page: 192.168.1.1\n"
     "ISP support line: +351 21 000 4455\n"),
    ("standup.md", "Standup notes, 14 March\nPresenter: Kim Lee\n"
     "Blocked: the payments API returns 502\nNext standup: Monday 09:30\n"),
    ("deploy.md", "# Deploy\n\n1. Build the image\n2. Push it to registry.example.com\n"
     "3. Restart the rollout\n\nOn call this week: Priya (ext. 4411)\n"),
    ("demenagement.txt", "Liste pour le déménagement\n- Résilier l'abonnement EDF\n"
     "- Changer l'adresse à la banque\nGardien : M. Dupont, 06 12 34 56 78\n"),
    ("einkauf.txt", "Einkaufsliste\n- Milch\n- Eier\n- Brot\nApotheke: Ibuprofen abholen\n"),
    ("porto.txt", "Hotel Mirador, Porto\nCheck-in: Fri 13 June 2025, 15:00\n"
     "Confirmation no. HX-59321\n"),
]
USER = "ines"
# What an answer must never show: a rendering's labels, stamps, tags, markup or line numbers.
LEAK = re.compile(r"(?i)\bdetails?:|\bsummary:|\[\d{4}-|\(screen\b|\bUTC\b|[{}]|</?[a-z_]+>|"
                  r"^\s*\d+[.:)]\s|^\s*/\s|\s/\s*$|"
                  r"\bViewed\b|\bScreenshot of\b|\bsource_ids\b")


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    root = tmp_path_factory.mktemp("screen_answers")
    start = datetime(2025, 3, 18, 8, 15, tzinfo=UTC)
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as system:
        for n, (app, title, rows, look, box) in enumerate(SCREENS):
            system.add(images=[_draw(rows, look, box)], user_id=USER,
                       occurred_at=start + timedelta(minutes=7 * n),
                       metadata={"source": "screen", "app": app, "window_title": title})
        system.flush(USER)
        for app, title, rows, look, box in LATER:
            system.add(images=[_draw(rows, look, box)], user_id=USER,
                       occurred_at=start + timedelta(hours=6),
                       metadata={"source": "screen", "app": app, "window_title": title})
        for n, (name, text) in enumerate(NOTES):
            system.add(text, user_id=USER, occurred_at=start + timedelta(hours=7, minutes=n),
                       metadata={"file_name": name})
        system.flush(USER)
        yield system


CASES = [
    # (question, what the answer must say, what it must not)
    ("What was the error code in the dialog?", ["30088-26"], []),
    ("What is the price of the Pro plan?", ["$29", "Price"], ["$79"]),
    ("How many users does the Team plan include?", ["50", "Users"], []),
    ("Wie lautet die IP-Adresse?", ["192.168.178.34"], []),
    ("What is the device name in the network settings?", ["Annas MacBook Air"], []),
    ("Quand est le rendez-vous chez le kiné ?", ["15:00"], ["yoga"]),
    ("When is lunch with Claire?", ["12:30"], ["Réunion", "kiné"]),
    known(("Who offered to review the onboarding mockups?", ["Tom Becker"], []),
          "answer.py ranks the request ('Can someone review the onboarding mockups?') over "
          "the reply that takes it on ('I'll take it'): naming who offered needs a rule there "
          "that reads a reply after a request"),
    ("What is the Figma file called?", ["Onboarding v3"], []),
    ("Who said they would send notes by Friday?", ["Tom Becker"], []),
    ("Who said the Figma file is called Onboarding v3?", ["Marta Silva"], []),
    ("Who sent the email about the contract renewal?", ["Helena Costa"], []),
    ("By when do I have to sign the contract?", ["March 28"], []),
    ("¿Cuánto pagué en total en Mercadona?", ["9,90"], []),
    ("How much did the tomatoes cost?", ["2,10"], []),
    ("Which gate does my flight to New York leave from?", ["Z25"], []),
    ("What's my seat on the Lufthansa flight?", ["32A"], []),
    ("What error did the build fail with?", ["Could not resolve"], []),
    ("Which version of vite was building?", ["5.2.1"], ["vite build"]),
    ("What iOS version is installed?", ["17.4.1"], []),
    ("¿Qué nivel de batería tenía el móvil?", ["64 %"], []),
    ("Quel est le montant de la facture ?", ["1 240,00"], []),
    ("Who sent invoice 2025-118?", ["Julien Moreau"], []),
    ("Was soll ich am Sonntag mitbringen?", ["Apfelkuchen"], []),
    ("Which room is the quarterly planning in?", ["Atlas"], []),
    ("When is the 1:1 with Priya?", ["10:00"], ["Quarterly"]),
    ("What exception did Photos crash with?", ["EXC_BAD_ACCESS"], []),
    ("Von welchem Gleis fährt der ICE 577?", ["7", "Gleis"], ["13"]),
    ("What is the status of order A-55821?", ["Delivered"], ["In transit"]),
    ("Which carrier delivers order A-55821?", ["DHL Express"], ["Status"]),
    ("Which supplier did we choose for the packaging?", ["Supplier B"], []),
    ("Who sends the purchase order?", ["Anna"], []),
    ("Who is presenting at the standup?", ["Kim Lee"], []),
    ("What is blocked according to the standup notes?", ["payments API"], []),
    ("Combien de temps de cuisson pour la tarte aux pommes ?", ["35 minutes"], ["farine"]),
    ("What is the ISP support phone number?", ["+351 21 000 4455"], ["Your phone"]),
    ("What's the router admin page?", ["192.168.1.1"], []),
    ("What was the error code when copying the file?", ["0x80070005"], []),
    ("What refresh rate is the display set to?", ["144 Hz"], []),
    ("¿Qué nota saqué en Historia?", ["7,0", "Nota"], ["8,5", "9,1"]),
    ("What gate is flight AF 1681 at?", ["B07"], ["C12", "A21"]),
    ("Is flight BA 117 on time?", ["Delayed"], ["Boarding", "IB 3167"]),
    ("¿Quién envió el correo de la reserva?", ["Lucía Romero"], []),
    ("For how many people is the table booked?", ["4 personas"], []),
    ("Qui a proposé le Grand Rex ?", ["Hugo Petit"], []),
    ("Which test failed?", ["test_login"], []),
    ("How many tests passed?", ["57 passed"], []),
    ("How much was the croissant?", ["4.50"], ["5.25"]),
    ("What was the tax on the coffee receipt?", ["0.87"], []),
    ("Welcher Platz ist im ICE 1027 reserviert?", ["Platz 64"], []),
    ("When does the ICE 1027 leave?", ["07:28"], []),
    ("How much memory does my MacBook Air have?", ["16 GB"], []),
    ("Which macOS version is installed?", ["14.4.1"], []),
    ("Who is on call this week?", ["Priya (ext. 4411)"], []),
    ("What is the confirmation number for the Hotel Mirador?", ["HX-59321"], []),
    ("Which registry do we push the image to?", ["registry.example.com"], []),
    ("Was muss ich in der Apotheke abholen?", ["Ibuprofen"], []),
    ("¿Quién lleva el vino?", ["Diego"], []),
    ("Who makes the tortilla?", ["Carmen"], []),
    ("Who organized the design sync?", ["Nadia Ahmed"], []),
    ("Where is the design sync?", ["Kepler"], []),
    ("Which Wi-Fi network am I connected to?", ["Office-5G"], ["Cafe-Guest"]),
    ("Why was the git push rejected?", ["remote contains work"], []),
    ("Which repository did the push fail for?", ["github.com:ana/site.git"], []),
    ("Wer hat wegen des Umzugs geschrieben?", ["Jonas Weber"], []),
    ("Wie lautet die Adresse für den Umzug?", ["Bergstraße 5"], []),
    ("How many apples did I buy?", ["APPLES 3", "QTY"], ["BREAD", "MILK"]),
    ("Est-ce que la localisation est activée ?", ["Localisation : Activée"], ["Caméra"]),
    ("What did Priya say about the deadline?", ["4 April"], ["budget"]),
    ("¿Cuál es mi asiento en el vuelo IB 6253?", ["23F"], []),
    ("What error did app.py raise?", ["KeyError", "DATABASE_URL"], []),
    ("Wann ist die Zahnreinigung?", ["16:30"], ["Chorprobe"]),
    ("Who asked about the wifi password?", ["Lucía"], []),
    ("Wie viel MwSt habe ich bei REWE bezahlt?", ["0,25"], []),
    ("What's my battery's cycle count?", ["412"], []),
    ("When is check-in in Porto?", ["15:00"], []),
    ("Who is the host in Porto?", ["Rui"], []),
    ("Which port was already allocated?", ["8080"], []),
    ("Quel est le numéro du gardien ?", ["06 12 34 56 78"], []),
    ("How much was the domain renewal?", ["15.00", "Amount"], ["108.00"]),
]


@pytest.mark.parametrize(("question", "says", "not_says"), CASES,
                         ids=[getattr(c, "id", None) or c[0] for c in CASES])
def test_a_question_about_an_unseen_screen_or_note_gets_its_own_line(
        memory: MemorySystem, question: str, says: list[str], not_says: list[str]) -> None:
    assert_answered(memory.chat(question, user_id=USER).answer, says, not_says, LEAK)
