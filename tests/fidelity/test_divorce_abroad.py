"""A wedding or a divorce told in German, French or Spanish, as in English.

"Antoine et moi avons divorcé en mai", "Petra und ich haben uns scheiden lassen", "Jorge y yo
nos divorciamos en junio": the user is divorced, and the spouse is no current one; "Javier y yo
nos casamos", "Wir haben im Mai geheiratet", "On s'est mariés !": the user is married.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-01-10T18:00:00+00:00", "2025-07-20T18:00:00+00:00"
PEOPLE = {
    "uwe": ((BEFORE, ["Meine Frau heißt Petra."]),
            (LATER, ["Petra und ich haben uns scheiden lassen."])),
    "ana": ((BEFORE, ["Mi marido se llama Jorge."]),
            (LATER, ["Jorge y yo nos divorciamos en junio."])),
    "claire": ((BEFORE, ["Mon mari s'appelle Antoine, il est architecte."]),
               (LATER, ["Antoine et moi avons divorcé en mai."])),
    "sofia": ((BEFORE, ["Vivo en Madrid con mi pareja, Javier."]),
              (LATER, ["Javier y yo nos casamos el 14 de junio.",
                       "Me han ascendido a supervisora de planta."])),
    "lisa": ((BEFORE, ["Mein Freund heißt Jonas."]), (LATER, ["Wir haben im Mai geheiratet."])),
    "lea": ((BEFORE, ["Mon copain s'appelle Hugo."]), (LATER, ["On s'est mariés !"])),
}

QUESTIONS = [
    ("uwe", "Bin ich verheiratet?", "geschieden", []),
    ("uwe", "Wer ist meine Frau?", None, ["Deine Frau heißt Petra"]),
    ("ana", "¿Estoy casada?", "divorciad", []),
    ("claire", "Est-ce que je suis mariée ?", "divorcé", []),
    ("claire", "Qui est mon mari ?", None, ["Ton mari s'appelle Antoine"]),
    ("sofia", "¿Estoy casada?", "casad", ["pareja"]),
    ("lisa", "Bin ich verheiratet?", "verheiratet", []),
    ("lea", "Est-ce que je suis mariée ?", "marié", []),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("divorce"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_a_wedding_or_divorce_abroad_comes_back(memory: MemorySystem, user: str, question: str,
                                            says: str | None, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
