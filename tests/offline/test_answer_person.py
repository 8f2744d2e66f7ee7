"""Offline answers about the asker come from what is known of the asker, never of another."""

from __future__ import annotations

import pytest

from mirix_like.offline.answer import NO_ANSWER, answer

# What a user's memories say once some of them are about other people (as the chat shows them).
SHOWN = [
    "The user's car is an electric Kia Niro (since 2025-04-12). "
    "The user's car was a 2015 Honda Jazz (until 2025-04-12).",
    "Raj is the user's brother. Raj lives in Toronto.",
    "The user's sister works at Arup.",
    "Chloe is the user's girlfriend.",
    "The user lived in Stockholm (until 2025-04-01). (user: We moved from Stockholm to "
    "Gothenburg last month.)",
    "[2025-04-12] The user said: My brother Raj is a dentist in Manchester.",
]


@pytest.mark.parametrize(("question", "expected"), [
    ("What car do I drive?", "Your car is an electric Kia Niro."),
    ("What car did I have before?", "Your car was a 2015 Honda Jazz until 12 April 2025."),
    ("Who is my girlfriend?", "Chloe is your girlfriend."),
    ("Where does Raj live?", "Raj lives in Toronto."),
    ("Where did I live before?", "You lived in Stockholm until 1 April 2025."),
])
def test_questions_about_the_user_get_the_users_facts(question: str, expected: str) -> None:
    assert answer(question, SHOWN) == expected


@pytest.mark.parametrize("question", ["Where do I live?", "Where do I work?",
                                      "What do I do for a living?"])
def test_a_fact_about_someone_else_does_not_answer_for_the_user(question: str) -> None:
    # Raj lives in Toronto, the sister works at Arup, the brother is a dentist: not the user.
    assert answer(question, SHOWN) == NO_ANSWER


def test_a_user_named_in_the_memories_is_answered_by_name() -> None:
    # Memories that call the user by name (no "the user") cannot tell them from others.
    assert answer("Where do I live?", ["Sam lives in Lisbon."]) == "Sam lives in Lisbon."


# A mail client's screen and the address the vault caught on it, as the chat shows them.
MAIL = [
    "[2025-04-14] Viewed Quarterly tax filing - Inbox in Thunderbird at 08:00 UTC on 14 April "
    "2025. — Thunderbird - Quarterly tax filing - Inbox / Inbox 12 / Sent / Drafts 2",
    "Thunderbird - Quarterly tax filing - Inbox [screenshot]: Screenshot of Thunderbird - "
    "Quarterly tax filing - Inbox at 08:00 UTC on 14 April 2025: Inbox 12 / Sent / Drafts 2 "
    "content: Inbox 12 / Sent / Drafts 2 / Archive / Erik Lindqvist / Quarterly tax filing / "
    "From: Erik Lindqvist <erik@lindqvist.se> / To: me / Hi, the filing deadline for Q1 is "
    "15 May.",
    "Email address seen on screen in Thunderbird - Quarterly tax filing - Inbox is "
    "erik@lindqvist.se.",
]


@pytest.mark.parametrize("question", [
    "Who sent me the mail about the quarterly tax filing?",
    "Who sent the quarterly tax filing email?",
    "Who wrote to me about the tax filing?",
])
def test_who_sent_a_mail_is_answered_with_the_senders_name(question: str) -> None:
    # not the menu line that says "Sent", nor the address the vault caught
    found = answer(question, MAIL)
    assert "Erik Lindqvist" in found, found
    assert "Drafts" not in found and not found.startswith("Email address"), found
