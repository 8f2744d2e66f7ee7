"""Offline routing: facts about the user to core, about others to semantic, steps to procedural.

Phrased as people write, several ways per case, in the languages the rules read.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mirix_like import memory_types
from mirix_like.offline.extractors import extractor_for, route
from mirix_like.offline.language import InputText, Row

AT = datetime(2025, 3, 3, 18, 30, tzinfo=UTC)


def said(text: str) -> list[InputText]:
    return [InputText("m1", text, "Sam", "user", AT)]


def rows(memory_type: str, text: str) -> list[Row]:
    return extractor_for(memory_types.get(memory_type)).extract(said(text))


def routed(text: str) -> list[str]:
    return route(said(text), memory_types.all_types())


@pytest.mark.parametrize(("text", "line"), [
    ("My favourite food is ramen.", "Sam's favourite food is ramen."),
    ("I work as a nurse at St. Mary's.", "Sam works as a nurse at St. Mary's."),
    ("I'm allergic to peanuts, so no satay for me.", "Sam is allergic to peanuts"),
    ("I am vegetarian.", "Sam is vegetarian."),
    ("I prefer tea over coffee.", "Sam prefers tea over coffee."),
    ("I speak Portuguese and a bit of Spanish.", "Sam speaks Portuguese"),
    ("I have two cats.", "Sam has two cats."),
    ("我喜欢吃火锅。", "Sam喜欢吃火锅"),
])
def test_facts_about_the_user_go_to_core(text: str, line: str) -> None:
    assert "core" in routed(text)
    assert any(line in row["content"] for row in rows("core", text))


@pytest.mark.parametrize(("text", "name", "says"), [
    ("My sister Maya lives in Lisbon.", "Maya", "Lisbon"),
    ("Dario is my climbing partner; he works at Google.", "Dario", "climbing partner"),
    ("My climbing partner Dario moved to Zurich.", "Dario", "Zurich"),
    ("My boss, Linda, is from Toronto.", "Linda", "boss"),
    ("Our neighbour Mr. Okafor grows tomatoes.", "Mr. Okafor", "neighbour"),
    ("My tennis coach Ravi is from Chennai.", "Ravi", "Chennai"),
    ("My dog Biscuit is a golden retriever.", "Biscuit", "golden retriever"),
    ("Paris is the capital of France.", "Paris", "capital of France"),
    ("我的女儿叫小雨。", "小雨", "女儿"),
    ("我妹妹小丽住在杭州。", "小丽", "杭州"),
    ("我的同事老王是四川人。", "老王", "四川"),
])
def test_facts_about_other_people_places_and_things_go_to_semantic(
        text: str, name: str, says: str) -> None:
    assert "semantic" in routed(text)
    about = [row for row in rows("semantic", text) if row["name"] == name]
    assert about and any(says in row["summary"] for row in about)
    assert not any(name in row["content"] for row in rows("core", text))


@pytest.mark.parametrize(("text", "summary", "steps"), [
    ("To deploy: first run make build, then make test, finally push.", "How to deploy.",
     ["run make build", "make test", "push"]),
    ("To reset the router, unplug it, wait 30 seconds, then plug it back in.",
     "How to reset the router.", ["unplug it", "wait 30 seconds", "plug it back in"]),
    ("Steps to renew my passport: fill in the form, then book an appointment, and finally "
     "bring two photos.", "Steps to renew Sam's passport.",
     ["fill in the form", "book an appointment", "bring two photos"]),
    ("Here's how to make pancakes: mix the flour and eggs, add milk, then fry them in butter.",
     "Here's how to make pancakes.", ["mix the flour and eggs", "add milk",
                                      "fry them in butter"]),
    ("How I make cold brew: 1) grind the beans coarse 2) steep them for 12 hours 3) strain",
     "How Sam makes cold brew.", ["grind the beans coarse", "steep them for 12 hours", "strain"]),
    ("Pour déployer : d'abord lance make build, ensuite make test, enfin pousse le code.",
     "Pour déployer.", ["lance make build", "make test", "pousse le code"]),
    ("Para desplegar: primero ejecuta make build, luego make test y finalmente haz push.",
     "Para desplegar.", ["ejecuta make build", "make test", "haz push"]),
    ("部署步骤：首先运行make build，然后运行make test，最后推送代码。", "部署步骤。",
     ["运行make build", "运行make test", "推送代码"]),
    # steps after their goal, with no "first" and no numbers
    ("How I make cold brew: grind the beans coarse, steep them for 12 hours, then strain.",
     "How Sam makes cold brew.", ["grind the beans coarse", "steep them for 12 hours", "strain"]),
    ("To reset the router you hold the reset button for 10 seconds, then wait until the light "
     "turns green.", "How to reset the router.",
     ["hold the reset button for 10 seconds", "wait until the light turns green"]),
    ("Pour renouveler mon passeport : remplir le formulaire en ligne, prendre rendez-vous, puis "
     "apporter les photos.", "Pour renouveler mon passeport.",
     ["remplir le formulaire en ligne", "prendre rendez-vous", "apporter les photos"]),
])
def test_step_sequences_go_to_procedural_with_their_steps(
        text: str, summary: str, steps: list[str]) -> None:
    assert "procedural" in routed(text)
    [row] = rows("procedural", text)
    assert (row["summary"], row["steps"]) == (summary, steps)


@pytest.mark.parametrize("text", [
    "I went to the market, then to the bakery, and finally home.",
    "First we met at the station, then we had lunch.",
    "To be honest, I went there, then I left.",
    "Then again, it was late.",
    "How I spent my weekend: hiking, reading, then sleeping.",
    "How I feel: tired, sad, then happy.",
])
def test_a_story_told_in_order_is_not_a_procedure(text: str) -> None:
    assert "procedural" not in routed(text)
