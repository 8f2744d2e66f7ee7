"""A question about the asker is answered with the asker's fact, not a relative's, in every
language the offline rules read: a relative's move told later neither answers "Where do I
live?" nor replaces the asker's home."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.told import told

from mirix_like import MemorySystem

CASES = [
    (["Ich wohne in Leipzig."], ["Meine Schwester ist nach Dresden gezogen."],
     "Wo wohne ich?", "Leipzig", "Dresden"),
    (["Ich wohne in Leipzig."], ["Meine Schwester ist nach Dresden gezogen."],
     "Wo wohnt meine Schwester?", "Dresden", "Leipzig"),
    (["Ich arbeite bei Bosch."], ["Mein Bruder arbeitet jetzt bei Audi."],
     "Wo arbeite ich?", "Bosch", "Audi"),
    (["Je vis à Lyon."], ["Ma sœur a déménagé à Nice."], "Où j'habite ?", "Lyon", "Nice"),
    (["Je vis à Lyon."], ["Ma sœur a déménagé à Nice."], "Où est-ce que je vis ?", "Lyon",
     "Nice"),
    (["J'habite à Lyon."], ["Mon frère habite à Nice."], "Où habite mon frère ?", "Nice",
     "Lyon"),
    (["Vivo en Quito."], ["Mi hermano se mudó a Lima."], "¿Dónde vivo?", "Quito", "Lima"),
    (["Vivo en Quito."], ["Mi hermano se mudó a Lima."], "¿Dónde vivo yo?", "Quito", "Lima"),
    (["Vivo en Quito."], ["Mi hermana vive en Lima."], "¿Dónde vive mi hermana?", "Lima",
     "Quito"),
    (["Trabajo en Telefónica."], ["Mi esposo trabaja en Repsol."], "¿Dónde trabajo?",
     "Telefónica", "Repsol"),
    (["我住在上海。"], ["我姐姐搬到了深圳。"], "我住在哪里？", "上海", "深圳"),
    (["我住在上海。"], ["我姐姐搬到了深圳。"], "我姐姐住在哪里？", "深圳", None),
    (["Mein Bruder wohnt in Köln, ich wohne in Bonn."], [], "Wo wohne ich?", "Bonn", "Köln"),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told(tmp_path_factory.mktemp("asker"), CASES, "2024-01-10T09:00:00+00:00",
              "2025-02-10T09:00:00+00:00") as system:
        yield system


@pytest.mark.parametrize(("n", "question", "says", "not_said"), [
    pytest.param(n, question, says, not_said, id=f"{first[0]} | {question}")
    for n, (first, _, question, says, not_said) in enumerate(CASES)])
def test_the_asker_and_their_relative_each_get_their_own_fact(
        memory: MemorySystem, n: int, question: str, says: str, not_said: str | None) -> None:
    answer = memory.chat(question, user_id=f"u{n}").answer
    assert says in answer, answer
    assert not_said is None or not_said not in answer, answer


@pytest.mark.parametrize(("first", "later"), [
    (["Vivo en Quito."], ["Mi hermano se mudó a Lima."]),
    (["Je vis à Lyon."], ["Ma sœur a déménagé à Nice."]),
    (["Ich wohne in Leipzig."], ["Meine Schwester ist nach Dresden gezogen."]),
])
def test_a_relatives_move_leaves_the_askers_home_current(tmp_path: Path, first: list[str],
                                                          later: list[str]) -> None:
    home = first[0].rstrip(".").split()[-1]
    with told(tmp_path, [(first, later)], "2024-01-10T09:00:00+00:00",
              "2025-02-10T09:00:00+00:00") as memory:
        block = memory.get("core", "human", user_id="u0").value
    assert home in block, block
