"""Everyday personal facts told in German, French, Spanish and English, some changed later,
asked back offline in the language they were told in.

Written as probes before the rules were read for them: each case is its own user, with what
was said first, what was said later, the question, the value the answer must carry and the
replaced value it must not. Every answer is one sentence in the question's language, with no
rendering of the prompt.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mirix_like import MemorySystem
from mirix_like.offline.plain import language

FIRST, LATER = "2024-02-05T09:00:00+00:00", "2025-04-22T18:00:00+00:00"
CASES = [
    # German: sport, languages, partner, pets, study and its change, a move
    (["Ich spiele jeden Samstag Fußball."], [], "Welchen Sport treibe ich?", "Fußball", None),
    (["Ich gehe zweimal die Woche schwimmen."], [], "Welchen Sport mache ich?", "schwimmen",
     None),
    (["Ich spiele seit Jahren Tennis im Verein."], ["Ich spiele kein Tennis mehr, jetzt spiele "
                                                    "ich Golf."],
     "Welchen Sport treibe ich?", "Golf", "Tennis"),
    (["Ich spreche fließend Englisch."], [], "Welche Sprachen spreche ich?", "Englisch", None),
    (["Ich lerne gerade Italienisch."], [], "Welche Sprache lerne ich?", "Italienisch", None),
    (["Mein Freund heißt Tobias."], [], "Wie heißt mein Freund?", "Tobias", None),
    (["Wir haben eine Katze namens Mimi."], [], "Wie heißt meine Katze?", "Mimi", None),
    (["Ich studiere Jura."], ["Ich habe zu Mathematik gewechselt."], "Was studiere ich?",
     "Mathematik", "Jura"),
    (["Ich studiere Jura."], ["Ich habe zu Mathematik gewechselt."], "Was habe ich vorher "
                                                                     "studiert?", "Jura", None),
    (["Ich arbeite bei Bosch."], ["Ich habe zu Siemens gewechselt."], "Wo arbeite ich?",
     "Siemens", "Bosch"),
    (["Ich bin Vegetarierin."], ["Seit Januar lebe ich vegan."], "Wie ernähre ich mich?",
     "vegan", None),
    (["Meine Schwester Lena studiert Medizin."], [], "Was studiert Lena?", "Medizin", None),
    # French: hobbies, languages, pets, partner, a move, a study
    (["Le week-end, je fais du yoga."], [], "Quels sont mes loisirs ?", "yoga", None),
    (["J'apprends le japonais."], [], "Quelle langue est-ce que j'apprends ?", "japonais",
     None),
    (["Je parle espagnol couramment."], [], "Quelles langues est-ce que je parle ?",
     "espagnol", None),
    (["Je joue au tennis tous les dimanches."], [], "Quel sport est-ce que je pratique ?",
     "tennis", None),
    (["Mon copain s'appelle Hugo."], [], "Comment s'appelle mon copain ?", "Hugo", None),
    (["J'ai un chien qui s'appelle Filou."], [], "Comment s'appelle mon chien ?", "Filou",
     None),
    (["Je fais de la natation."], ["J'ai arrêté la natation, maintenant je fais de "
                                   "l'escalade."], "Quels sont mes loisirs ?", "escalade",
     "natation"),
    (["Je suis végétarienne."], [], "Est-ce que je suis végétarienne ?", "végétarien", None),
    # Spanish: sport, languages, partner, pet, a move, a study change
    (["Juego al fútbol los domingos."], [], "¿Qué deporte practico?", "fútbol", None),
    (["Hablo inglés y francés."], [], "¿Qué idiomas hablo?", "francés", None),
    (["Estoy aprendiendo alemán."], [], "¿Qué idioma estoy aprendiendo?", "alemán", None),
    (["Mi novio se llama Pablo."], [], "¿Cómo se llama mi novio?", "Pablo", None),
    (["Tengo un gato que se llama Simba."], [], "¿Cómo se llama mi gato?", "Simba", None),
    (["Estudio derecho."], ["Me cambié a medicina."], "¿Qué estudio?", "medicina", "derecho"),
    (["Vivo en Valencia."], ["Ahora vivo en Málaga."], "¿Dónde vivía antes?", "Valencia",
     None),
    (["Soy vegetariana."], [], "¿Soy vegetariana?", "vegetariana", None),
    # English wordings
    (["I'm fluent in Portuguese."], [], "What languages do I speak?", "Portuguese", None),
    (["I go swimming twice a week."], [], "What sports do I do?", "swimming", None),
    (["I've been learning Japanese for a year."], [], "What language am I learning?",
     "Japanese", None),
    (["I study nursing."], ["I switched to midwifery."], "What do I study?", "midwifery",
     "nursing"),
]
LEAKS = re.compile(
    r"</?\w+>|(?:^|\s)\d{1,3}:\s|\b(?:details|summary|content|context):|\[[^\]]*UTC\]|"
    r"^\s*\[\d{4}-\d{2}-\d{2}|[{}]|\"\w+\":|\[\w+, (?:low|medium|high)\]|"
    r"\b(?:the user|Nutzers?|utilisateur|usuario)\b|\(until|\(since")


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    path: Path = tmp_path_factory.mktemp("languages")
    with MemorySystem(store_uri=str(path / "store"), backend="offline") as system:
        for n, (first, later, *_) in enumerate(CASES):
            for at, texts in ((FIRST, first), (LATER, later)):
                for text in texts:
                    system.add([{"role": "user", "content": text}], user_id=f"u{n}",
                               occurred_at=at)
                assert system.flush(f"u{n}").failed_inputs == []
        yield system


@pytest.mark.parametrize(("n", "question", "current", "replaced"),
                         [(n, q, c, r) for n, (_, _, q, c, r) in enumerate(CASES)],
                         ids=[case[2] for case in CASES])
def test_the_answer_carries_the_current_value_in_the_questions_language(
        memory: MemorySystem, n: int, question: str, current: str, replaced: str | None) -> None:
    answer = memory.chat(question, user_id=f"u{n}").answer
    assert not LEAKS.search(answer), answer
    assert current.casefold() in answer.casefold(), answer
    assert replaced is None or replaced.casefold() not in answer.casefold(), answer
    assert language(answer) == language(question), answer
