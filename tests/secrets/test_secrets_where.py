"""Secrets told with where they belong ("im Büro", "au bureau"), and how answers point to them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mirix_like import MemorySystem
from mirix_like.secrets import find_secrets


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("Das WLAN-Passwort im Büro lautet Kaffee2024!", "password", "Kaffee2024"),
    ("Das Passwort beim Sportverein ist Tor-1899", "password", "Tor-1899"),
    ("Le mot de passe du wifi au bureau est Chat2024", "password", "Chat2024"),
    ("Le digicode chez Marie est 4B27", "code", "4B27"),
    ("La contraseña del wifi en la oficina es gato-azul-9", "password", "gato-azul-9"),
    ("The wifi password in the guest house is Larch-77", "password", "Larch-77"),
    ("Front door keypad: 4711#", "code", "4711#"),
    ("Dr. Patel's office phone is (415) 555-0142.", "phone", "(415) 555-0142"),
    ("the new wifi pass is orange-cat-42", "password", "orange-cat-42"),
    ("Hotel room safe: 1984", "code", "1984"),
    ("Use this to log in: alice@example.com / Winter2025!", "password", "Winter2025"),
    ("Anmeldung: max.mustermann / Geheim-42.", "password", "Geheim-42"),
    ("Credentials for the NAS: admin / Tr0ub4dor&3", "password", "Tr0ub4dor&3"),
])
def test_a_secret_with_a_place_is_found(text: str, kind: str, value: str) -> None:
    assert (kind, value) in [(s.kind, s.value) for s in find_secrets(text)]


@pytest.mark.parametrize("text", [
    "My password in the end was not the problem.",
    "the keypad is broken again",
    "Stay safe: see you soon",
    "Sign in: top / bottom of the page",
    "Login: admin / [redacted]",
])
def test_no_value_no_secret(text: str) -> None:
    assert [s for s in find_secrets(text) if s.kind in ("password", "code")] == []


@pytest.mark.parametrize(("text", "question", "said"), [
    ("Das WLAN-Passwort im Büro lautet Kaffee2024!", "Wie lautet das WLAN-Passwort im Büro?",
     "ist im Wissenstresor"),
    ("La contraseña del router es gato-azul-9.", "¿Cuál es la contraseña del router?",
     "está en la bóveda de conocimiento"),
    ("my github token: ghp_abcdefghijklmnopqrstuvwxyz0123456789", "What is my github token?",
     "is in the knowledge vault"),
])
def test_a_masked_secret_is_kept_out_of_memories_and_answers(
        tmp_path: Path, text: str, question: str, said: str) -> None:
    secret = find_secrets(text)[0].value
    with MemorySystem(store_uri=str(tmp_path / "store"), backend="offline") as memory:
        memory.add([{"role": "user", "content": text}], user_id="u", flush=True)
        assert len(memory.list("knowledge_vault", user_id="u")) == 1
        for name in ("episodic", "semantic", "resource"):
            assert secret not in str(memory.list(name, user_id="u"))
        reply = memory.chat(question, user_id="u").answer
        assert said in reply and secret not in reply and "[" not in reply, reply
