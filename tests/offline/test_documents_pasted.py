"""Documents a user pastes (notes, a lease summary, a recipe card) answer questions on them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mirix_like import MemorySystem
from tests.offline.test_answer import LEAK

DOCUMENTS = {
    "notes": """# Q3 planning notes (Oct 2)

Attendees: Priya, Tom, Lea

## Decisions
- Launch of the mobile app moves to November 18.
- Budget for ads: 40,000 EUR.
- Tom owns the onboarding redesign.
""",
    "lease": """Lease agreement summary
Tenant: Jordan Miles
Landlord: Harbor Homes LLC
Monthly rent: $2,150, due on the 1st
Deposit: $4,300
Lease ends: 31 August 2026
Pets allowed: one cat
""",
    "recipe": """Rezept: Linsensuppe
Zutaten: 250 g rote Linsen, 1 Zwiebel, 2 Karotten, 1 l Gemüsebrühe, Kreuzkümmel
Zubereitung: Zwiebel anbraten, Karotten dazu, Linsen und Brühe hinzufügen, """
    """20 Minuten köcheln lassen, pürieren.
""",
}


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("documents")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for user, text in DOCUMENTS.items():
            system.add(text, user_id=user, occurred_at="2026-11-24T09:00:00+00:00")
            assert system.flush(user).failed_inputs == []
        yield system


@pytest.mark.parametrize("user", list(DOCUMENTS))
def test_a_pasted_document_is_a_resource(memory: MemorySystem, user: str) -> None:
    [document] = memory.list("resource", user_id=user)
    assert document.resource_type == "document"


@pytest.mark.parametrize(("user", "question", "says"), [
    ("notes", "Who owns the onboarding redesign?", "Tom owns the onboarding redesign"),
    ("notes", "What is the ads budget?", "40,000"),
    ("lease", "How much is my rent?", "$2,150"),
    ("lease", "Who is my landlord?", "Harbor Homes"),
    ("lease", "Are pets allowed?", "one cat"),
    ("recipe", "Welche Zutaten brauche ich für die Linsensuppe?", "rote Linsen"),
    ("recipe", "Wie lange köchelt die Linsensuppe?", "20 Minuten"),
])
def test_a_question_on_a_document_gets_its_line(memory: MemorySystem, user: str,
                                                question: str, says: str) -> None:
    answer = memory.chat(question, user_id=user).answer
    assert says in answer, answer
    assert not LEAK.search(answer) and not answer.startswith(("-", "#")), answer
