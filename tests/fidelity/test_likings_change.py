"""Likes, dislikes and favourites that turn, in five languages: "I hate running" then "I've
started to enjoy running", "Ich esse jetzt am liebsten Fischbrötchen", "Ya no me gusta la
paella", "Je n'aime plus le jazz", "我现在更喜欢喝咖啡了", "I'm more into Arctic Monkeys than
Radiohead". What is liked now is the current core line, what was liked is kept past with its
range, and both are answered cleanly.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-01-05T10:00:00+00:00", "2025-05-05T10:00:00+00:00"
PEOPLE = {
    "emma": ((BEFORE, ["My favourite band is Radiohead.", "I love sushi.", "I hate running.",
                       "I really dislike cilantro.", "I love horror movies.",
                       "My favourite drink is coffee."]),
             (LATER, ["These days I'm more into Arctic Monkeys than Radiohead.",
                      "I've gone off sushi, I prefer ramen now.",
                      "Weirdly I've started to enjoy running.",
                      "Funny thing, I like cilantro now.",
                      "I don't like horror movies anymore.",
                      "I'm more into tea than coffee these days."])),
    "jonas": ((BEFORE, ["Mein Lieblingsessen ist Labskaus.", "Ich trinke am liebsten Kaffee.",
                        "Ich hasse Spinat.", "Ich liebe Krimis."]),
              (LATER, ["Ich esse jetzt am liebsten Fischbrötchen.",
                       "Inzwischen trinke ich lieber Tee.", "Inzwischen mag ich Spinat.",
                       "Ich mag keine Krimis mehr."])),
    "ines": ((BEFORE, ["Mi comida favorita es la paella.", "No me gustan las aceitunas.",
                       "Me encanta el reguetón."]),
             (LATER, ["Ya no me gusta la paella, ahora prefiero el cocido.",
                      "Ahora me encantan las aceitunas.", "Ya no me gusta el reguetón.",
                      "Ahora me gusta más el baloncesto que el fútbol."])),
    "chloe": ((BEFORE, ["Je déteste le café.", "Mon plat préféré, c'est la raclette.",
                        "Je n'aime pas les huîtres.", "J'adore le jazz."]),
              (LATER, ["Maintenant j'adore le café.",
                       "En ce moment, mon plat préféré c'est le couscous.",
                       "Maintenant j'aime bien les huîtres.", "Je n'aime plus le jazz."])),
    "wang": ((BEFORE, ["我最喜欢喝绿茶。", "我讨厌香菜。", "我很喜欢猫。"]),
             (LATER, ["我现在更喜欢喝咖啡了。", "我现在喜欢香菜了。", "我不再喜欢猫了。"])),
}

QUESTIONS = [
    ("emma", "What's my favourite band?", "Arctic Monkeys", ["Radiohead"]),
    ("emma", "What band did I like before?", "Radiohead", []),
    ("emma", "Do I like running?", "enjoy running", ["hate"]),
    ("emma", "Do I like cilantro?", "like cilantro", ["dislike"]),
    ("emma", "Did I like cilantro before?", "disliked cilantro", []),
    ("emma", "What's my favourite drink?", "tea", ["coffee"]),
    ("jonas", "Was ist mein Lieblingsessen?", "Fischbrötchen", ["Labskaus"]),
    ("jonas", "Was war früher mein Lieblingsessen?", "Labskaus", []),
    ("jonas", "Mag ich Spinat?", "magst Spinat", ["hasst"]),
    ("ines", "¿Me gustan las aceitunas?", "Te encantan las aceitunas", ["No te"]),
    ("ines", "¿Qué deporte me gusta más?", "baloncesto", []),
    ("ines", "¿Cuál era mi comida favorita antes?", "paella", []),
    ("chloe", "Est-ce que j'aime le café ?", "adores le café", ["détestes"]),
    ("chloe", "Quel est mon plat préféré ?", "couscous", ["raclette"]),
    ("chloe", "Est-ce que j'aime les huîtres ?", "aimes les huîtres", ["n'aimes pas"]),
    ("wang", "我最喜欢喝什么？", "咖啡", ["绿茶"]),
    ("wang", "我以前最喜欢喝什么？", "绿茶", []),
    ("wang", "我喜欢香菜吗？", "喜欢香菜", ["讨厌"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("likings"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_what_is_liked_now_and_before_is_answered(memory: MemorySystem, user: str,
                                                  question: str, says: str,
                                                  not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


CURRENT = [
    ("emma", "Arctic Monkeys", ["band is Radiohead", "loves sushi", "hates running", "dislikes",
                                "horror"]),
    ("jonas", "Fischbrötchen", ["Labskaus", "hasst Spinat", "Krimis", "Kaffee"]),
    ("ines", "le encantan las aceitunas", ["paella", "no le gustan", "reguetón"]),
    ("chloe", "adore le café", ["déteste", "raclette", "jazz", "n'aime pas"]),
    ("wang", "用户喜欢香菜", ["绿茶", "讨厌", "猫"]),
]


@pytest.mark.parametrize(("user", "holds", "not_held"), CURRENT, ids=[c[0] for c in CURRENT])
def test_the_core_block_holds_only_what_is_liked_now(memory: MemorySystem, user: str,
                                                    holds: str, not_held: list[str]) -> None:
    core = memory.get("core", "human", user_id=user).value
    assert holds in core, core
    assert not [n for n in not_held if n in core], core


def test_what_was_liked_is_kept_past_with_its_range(memory: MemorySystem) -> None:
    past = [item.summary for item in memory.list("semantic", user_id="emma")
            if item.valid_until is not None]
    assert any("hates running" in text for text in past), past
    assert any("loves sushi" in text for text in past), past


TURNED = [
    ("I used to hate running but now I love it.", "Do I like running?", "love running"),
    ("Früher mochte ich keinen Kaffee, jetzt liebe ich ihn.", "Mag ich Kaffee?", "liebst Kaffee"),
    ("Avant je détestais les épinards, maintenant j'adore ça.",
     "Est-ce que j'aime les épinards ?", "adores les épinards"),
    ("Antes odiaba el café, ahora me encanta.", "¿Me gusta el café?", "Te encanta el café"),
    ("我以前讨厌咖啡，现在很喜欢。", "我喜欢咖啡吗？", "你喜欢咖啡"),
]


@pytest.mark.parametrize(("said", "question", "says"), TURNED, ids=[t[0] for t in TURNED])
def test_a_liking_that_turned_in_one_sentence_is_the_new_one(tmp_path, said: str,
                                                            question: str, says: str) -> None:
    with told_all(tmp_path, {"kim": ((LATER, [said]),)}) as system:
        says_only(system.chat(question, user_id="kim").answer, says, [])


def test_a_liking_of_someone_else_leaves_the_users_alone(tmp_path) -> None:
    people = {"sam": ((BEFORE, ["I love jazz."]),
                      (LATER, ["My sister hates jazz.", "My brother doesn't like jazz anymore."]))}
    with told_all(tmp_path, people) as system:
        core = system.get("core", "human", user_id="sam").value
        assert "The user loves jazz." in core, core
