"""Words of one meaning across languages, German compounds, and the search topics they give."""

from __future__ import annotations

from mirix_like.lexicon import compound_parts, meaning, same_meaning
from mirix_like.retrieval.topics import keyword_topics


def test_words_of_one_meaning_are_found_with_their_endings_and_false_friends_are_not() -> None:
    assert meaning("Kaffee") == meaning("café") == meaning("coffee") == "coffee"
    assert meaning("SUMME") == meaning("spent") == "total"
    assert meaning("Termine") == meaning("citas") == meaning("rendez-vous") == "appointment"
    assert meaning("Feb") == "february"
    # English words that mean something else in English are in no group
    assert meaning("pain") is meaning("place") is meaning("may") is None
    assert "kaffee" in same_meaning("coffee") and same_meaning("hello") == ()


def test_a_compound_splits_only_into_words_that_are_known() -> None:
    known = {"zahnarzt", "termin", "vertrieb", "besprechung"}
    assert compound_parts("zahnarzttermin", known) == ("zahnarzt", "termin")
    assert compound_parts("vertriebsbesprechung", known) == ("vertrieb", "besprechung")
    assert compound_parts("zahnarztpraxis", known) is None


def test_topics_carry_the_other_languages_words_and_a_german_questions_compounds() -> None:
    coffee, cost = keyword_topics("How much did the coffee cost?")
    assert coffee == "coffee kaffee café cafe"
    # what something cost is its price, in any language: "Preis 6,99", "cuesta 4 €"
    assert {"cost", "price", "preis", "prix", "precio", "kostet", "coûte", "cuesta"} <= set(
        cost.split())
    # the function words of the other languages are no topics
    spanish = keyword_topics("¿A qué hora es la cita con el médico?")
    assert spanish[0] == "hora" and spanish[2].startswith("médico doctor arzt")
    [german] = keyword_topics("Wann ist der Zahnarzttermin?")
    assert {"Zahnarzttermin", "zahnarzt", "termin"} <= set(german.split())
    # an English word is not split: "Thanksgiving" is no "giving"
    assert keyword_topics("When was Thanksgiving?") == ["Thanksgiving"]
