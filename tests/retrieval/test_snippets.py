"""A long memory (a screen's text, a document) reaches the prompt by the lines that answer."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mirix_like import MemorySystem, memory_types
from mirix_like.retrieval.snippets import snippet

USER = "ada"
FILLER = [f"Newsletter item {n}: the team shipped small fixes to the dashboard widgets"
          for n in range(60)]
SCREEN = "\n".join(["Inbox - Mail", "From: Shipping Desk", "Subject: Your parcel is on its way",
                    *FILLER, "Carrier: Northwind Freight", "Tracking number: NW-448-2071-QX"])


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[MemorySystem]:
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as system:
        system.insert("resource", [{
            "title": "Mail - Your parcel is on its way", "resource_type": "screenshot",
            "summary": "Screenshot of Mail: Inbox / From: Shipping Desk", "content": SCREEN,
            "source_ids": ["shot-1"]}], user_id=USER)
        system.insert("episodic", [{
            "event_type": "screen", "summary": "Viewed Your parcel is on its way in Mail.",
            "details": SCREEN, "occurred_at": datetime(2025, 3, 4, 9, tzinfo=UTC),
            "source_ids": ["shot-1"]}], user_id=USER)
        yield system


def test_the_long_fields_come_from_the_type_specs() -> None:
    assert memory_types.get("resource").long_field == "content"
    assert memory_types.get("episodic").long_field == "details"
    assert memory_types.get("semantic").long_field is None


def test_a_fact_on_the_last_line_of_a_screen_is_found(memory: MemorySystem) -> None:
    hits = memory.search("NW-448-2071-QX", user_id=USER)
    assert {h.memory_type for h in hits} >= {"resource", "episodic"}


def test_the_matching_lines_reach_the_context_within_its_budget(memory: MemorySystem) -> None:
    context = memory.context("What is the tracking number of my parcel?", user_id=USER,
                             max_tokens=400)
    assert "NW-448-2071-QX" in context.text
    assert "Newsletter item 30" not in context.text  # the middle of the mail is left out
    assert context.tokens <= 400
    assert context.source_ids == ["shot-1"]


def test_chat_answers_from_the_last_line(memory: MemorySystem) -> None:
    assert "NW-448-2071-QX" in memory.chat("What is the tracking number?", user_id=USER).answer


def test_a_snippet_keeps_the_lines_around_each_match_and_its_excerpts_in_order() -> None:
    text = "\n".join([*FILLER[:20], "Design review", "When: 14:00", "Where:", "Room 4.12",
                      *FILLER[20:40], "Parking: level 2, bay 17.", *FILLER[40:]])
    out = snippet(text, "Which room is the design review in, and where do I park?", budget=200)
    excerpts = out.split(" … ")
    assert excerpts[0] == " / ".join([FILLER[19], "Design review", "When: 14:00", "Where:",
                                      "Room 4.12", FILLER[20], FILLER[21]])
    # a line keeps its own full stop: an excerpt of sentences still reads as sentences
    assert excerpts[1] == " / ".join([FILLER[39], "Parking: level 2, bay 17.", *FILLER[40:42]])
    assert len(excerpts) == 2


def test_a_short_text_is_kept_whole_and_no_match_gives_the_first_lines() -> None:
    assert snippet("Flight LH 12\nGate B3", "hotel") == "Flight LH 12 / Gate B3"
    assert snippet("\n".join(FILLER), "hotel", budget=30).startswith("Newsletter item 0:")


def test_every_line_that_matches_best_comes_before_the_neighbours_of_the_first() -> None:
    block = "\n".join(["Leo's birthday is March 3rd.", "Leo works as a software engineer.",
                       "Leo's dog is Biscuit.", "Leo's car is a Tesla Model 3.",
                       "Leo's dentist is Dr. Gomez.", "Leo lives in Austin.",
                       "Leo works at Figma (since 2025-06-10)."])
    excerpt = snippet(block, "work", budget=30)
    assert "software engineer" in excerpt and "Figma" in excerpt
    assert "dentist" not in excerpt


def test_the_offline_answer_reads_excerpts_apart() -> None:
    from mirix_like.offline.plain import statements

    said = [s.text for s in statements("Leo's car is a Tesla Model 3. … Leo works at Figma.")]
    assert said == ["Leo's car is a Tesla Model 3.", "Leo works at Figma."]


def test_a_matching_line_whose_window_does_not_fit_comes_alone() -> None:
    """An event's excerpt is short: after the best line's window, a boarding pass's boarding
    time still fits on its own, where its window would not."""
    boarding = "\n".join(["Wallet", "BOARDING PASS", "PASSENGER MORENO/LUCIA", "FLIGHT IB 3171",
                          "FROM MADRID", "TO PARIS ORLY", "GATE K42", "SEAT 14C",
                          "BOARDING 07:35"])
    assert snippet(boarding, "boarding start flight IB 3171", budget=30) == (
        "Wallet / BOARDING PASS / PASSENGER MORENO/LUCIA / FLIGHT IB 3171 / FROM MADRID / TO "
        "PARIS ORLY … BOARDING 07:35")


def test_a_long_paragraph_is_cut_by_its_sentences() -> None:
    """One line longer than the budget gives the sentence that matches, whole and still said
    by its speaker, not the paragraph's start cut short."""
    text = ("user: Dear diary: this week was intense. On Monday I handed in my thesis on coral "
            "bleaching. My sister flew in from Toronto and stayed until Friday. We took her to a "
            "Peruvian place on Elm Street, which was fantastic. Oh and my landlord said the rent "
            "goes up to 1,450 in June. I also signed up for a pottery class.")
    cut = snippet(text, "How much will my rent be?", budget=30)
    assert cut.startswith("user: ") and "the rent goes up to 1,450 in June." in cut, cut
    assert "thesis" not in cut, cut
