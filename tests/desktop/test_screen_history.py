"""A day of distinct 1080p screens that share each app's layout, offline, end to end.

Mails in one mail client, calendar entries, chats, a terminal and a changelog, each with the
fact a user would later ask about low on the screen, each followed by the frames a recorder
also captures (an exact copy, a clock tick, a cursor blink, pointer moves). Every distinct
screen is kept, every repeat dropped, and every fact is found by ``search`` and answered by
``chat``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import pytest
from support.screens import DARK, Shot, desktop, repeats

from mirix_like import MemorySystem
from mirix_like.desktop import ingest_screens
from mirix_like.desktop.folder import screenshot_id

USER = "sam"
MAILS = ("Dana Reyes|Your parcel is on its way", "Omar Haddad|Flight change",
         "Lena Fischer|Invoice March", "Kenji Mori|Team offsite", "Priya Nair|Lease renewal")
CALENDARS = ("March 2025|Week 10", "Work|12 events", "Personal|5 events")
CHATS = ("Dana Reyes|dinner tonight", "Omar Haddad|the cabin key", "Book club|next title?")
PAD = ("", "Kind regards,", "", "--", "This message was sent to sam@example.org.",
       "You receive it because you have an account with us.")


@dataclass(frozen=True)
class Screen:
    """One distinct screen, the fact low on it and the question that asks for the fact."""

    shot: Shot
    fact: str
    question: str


def _mail(subject: str, sender: str, body: tuple[str, ...], fact_line: str) -> Shot:
    lines = (subject, f"From: {sender}", "To: Sam Carter <sam@example.org>", "", *body,
             fact_line, *PAD)
    return Shot("Mail", "Inbox", lines, MAILS,
                selected=next(n for n, m in enumerate(MAILS) if subject in m))


SCREENS = [
    Screen(_mail("Your parcel is on its way", "Dana Reyes <dana@shop.example>", (
        "Hello Sam,", "your order 5521 left our warehouse this morning.",
        "It is packed in one box of 2.4 kg and travels with Northwind Freight.",
        "You can follow it on the carrier's website once it is scanned.",
        "Delivery is expected on Thursday 6 March between 9:00 and 13:00."),
        "Tracking number: 1Z84F2219344710028"),
        "1Z84F2219344710028", "What is the tracking number of my parcel?"),
    Screen(_mail("Flight change", "Omar Haddad <omar@travel.example>", (
        "Hi Sam,", "the airline moved your flight to Lisbon by two hours.",
        "Your seat 14C and your checked bag stay the same.",
        "Check-in opens 24 hours before departure.",
        "Please arrive at the airport two hours early."),
        "Boarding for the Lisbon flight is now at gate B17."),
        "B17", "Which gate does the Lisbon flight board at?"),
    Screen(_mail("Invoice March", "Lena Fischer <lena@studio.example>", (
        "Dear Sam,", "please find the March invoice for the studio attached.",
        "It covers the photo session and the prints you picked.",
        "Payment by bank transfer, as usual.", "Thank you for your order."),
        "Invoice total: EUR 1,480.00, due by 31 March."),
        "1,480.00", "What is the invoice total for March?"),
    Screen(Shot("Calendar", "Week 10", (
        "Thursday 6 March", "08:30  Gym", "09:00  Stand-up (video call)",
        "10:00  Review the quarterly plan", "12:30  Lunch with Priya", "14:00  Call the bank",
        "15:30  Pick up parcel", "17:00  Dentist appointment",
        "Dentist location: Clinic Rua Augusta, Room 3.14"), CALENDARS),
        "Room 3.14", "Which room is the dentist appointment in?"),
    Screen(Shot("Calendar", "Week 10", (
        "Friday 7 March", "08:30  Gym", "09:00  Stand-up (video call)",
        "11:00  Budget sync with finance", "13:00  Lunch with Priya", "15:00  Piano lesson",
        "16:00  Design review with Kenji", "Design review location: meeting room Orca"),
        CALENDARS), "Orca", "Where is the design review with Kenji?"),
    Screen(Shot("Chat", "Omar Haddad", (
        "Omar Haddad", "Omar: we are back from the cabin", "You: how was it?",
        "Omar: lovely, lots of snow", "Omar: the heating works again", "You: great news",
        "Omar: I left the cabin key with the neighbour",
        "Omar: the neighbour is called Ingrid, house number 42"), CHATS, selected=1),
        "Ingrid", "Who is the neighbour who has the cabin key?"),
    Screen(Shot("Terminal", "sam@laptop: ~/atlas", (
        "sam@laptop:~/atlas$ docker compose up -d", "Network atlas_default  Created",
        "Container atlas-db-1  Started", "Container atlas-api-1  Started",
        "sam@laptop:~/atlas$ docker ps --format '{{.Names}} {{.Ports}}'",
        "atlas-db-1 5432/tcp", "atlas-api-1 listens on port 8443"),
        theme=DARK, family="mono"), "8443", "Which port does atlas-api listen on?"),
    Screen(Shot("Editor", "CHANGELOG.md - atlas", (
        "CHANGELOG.md", "# Changelog", "## 2.9.0 - 2025-03-10", "- Export to Parquet",
        "## 2.8.0 - 2025-03-03",
        "- Add the CSV importer", "- Faster search over large tables",
        "## 2.7.2 - 2025-02-20", "- Fix the export of empty tables",
        "## 2.7.1 - 2025-02-11", "- Fix a crash on start without a config",
        "## 2.7.0 - 2025-01-30", "- Dark theme for the dashboard"), family="mono"),
        "2.7.2", "Which version fixed the export of empty tables?"),
]


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory):
    """The screens at 1080p, each followed by its repeats, ingested from a folder."""
    root = tmp_path_factory.mktemp("history")
    folder = root / "screens"
    folder.mkdir()
    start, names, new = datetime(2025, 3, 4, 9, 0), [], []
    for n, screen in enumerate(SCREENS):
        shot = replace(screen.shot, clock=f"{9 + n // 6:02d}:{n * 9 % 60:02d}")
        for copy, (_, frame) in enumerate([("first", shot), *repeats(shot)]):
            names.append(f"{start + timedelta(minutes=10 * n, seconds=5 * copy):%Y%m%d_%H%M%S}"
                         ".png")
            desktop(frame).save(folder / names[-1])
            new.append(copy == 0)
    with MemorySystem(store_uri=str(root / "store"), backend="offline") as memory:
        report = ingest_screens(memory, folder, user_id=USER, tz="UTC")
        yield memory, report, folder, names, new


def test_every_distinct_screen_is_kept_and_every_repeat_dropped(day) -> None:
    memory, report, _, names, new = day
    kept = [name for name, is_new in zip(names, new, strict=True) if is_new]
    assert report.ingested == kept
    assert sorted([*report.already, *(d.file for d in report.duplicates)]) == sorted(
        set(names) - set(kept))
    assert report.failed_inputs == 0
    assert memory.store.count("resource", USER) == len(SCREENS)


@pytest.mark.parametrize("n", range(len(SCREENS)), ids=[s.fact for s in SCREENS])
def test_each_fact_low_on_a_screen_is_found_by_search(day, n: int) -> None:
    memory, _, folder, names, new = day
    screen = SCREENS[n]
    source = screenshot_id(folder / [m for m, is_new in zip(names, new, strict=True)
                                     if is_new][n])
    hits = memory.search(screen.fact, user_id=USER, limit=3)
    assert any(source in h.item.source_ids for h in hits), [h.item for h in hits]


@pytest.mark.parametrize("n", range(len(SCREENS)), ids=[s.fact for s in SCREENS])
def test_chat_answers_each_fact_offline(day, n: int) -> None:
    memory, *_ = day
    screen = SCREENS[n]
    assert screen.fact in memory.chat(screen.question, user_id=USER).answer


def test_the_facts_are_low_on_their_screens() -> None:
    for screen in SCREENS:
        lines = screen.shot.lines
        where = next(i for i, line in enumerate(lines) if screen.fact in line)
        assert where >= 6 and where >= len(lines) // 2, screen.fact
