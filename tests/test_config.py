"""Retrieval settings are keyed by registered memory type, from arguments or the environment."""

from __future__ import annotations

import pytest

from mirix_like import memory_types
from mirix_like.config import load_settings
from mirix_like.errors import ConfigError


@pytest.fixture(autouse=True)
def no_config_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MIRIX_LIKE_CONFIG", str(tmp_path / "absent.toml"))


def test_types_left_out_keep_their_own_policy() -> None:
    retrieval = load_settings(retrieval={"semantic": 3, "episodic_recent": 2}).retrieval
    assert retrieval.limit(memory_types.get("semantic")) == 3
    assert retrieval.recent(memory_types.get("episodic")) == 2
    for spec in memory_types.all_types():
        if spec.name != "semantic":
            assert retrieval.limit(spec) == spec.retrieval.limit
    assert retrieval.recent(memory_types.get("procedural")) == 0


def test_the_environment_sets_a_limit_by_type_name(monkeypatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_RETRIEVAL__PROCEDURAL", "4")
    monkeypatch.setenv("MIRIX_LIKE_RETRIEVAL__EPISODIC_RECENT", "0")
    retrieval = load_settings().retrieval
    assert retrieval.limit(memory_types.get("procedural")) == 4
    assert retrieval.recent(memory_types.get("episodic")) == 0


def test_the_older_episodic_relevant_name_still_works() -> None:
    retrieval = load_settings(retrieval={"episodic_relevant": 5}).retrieval
    assert retrieval.limit(memory_types.get("episodic")) == 5


@pytest.mark.parametrize("retrieval, message", [
    ({"semantc": 3}, "no memory type 'semantc'"),
    ({"semantic": -1}, "from 0 to 100"),
    ({"semantic": 101}, "from 0 to 100"),
    ({"semantic": 2.5}, "whole number"),
    ({"semantic": True}, "whole number"),
    ({"semantic": "many"}, "whole number"),
    ({"method": "bm25"}, "method"),
    ({"timezone": "Mars/Olympus"}, "unknown time zone 'Mars/Olympus'"),
    ({"timezone": "../../etc/passwd"}, "unknown time zone"),
])
def test_a_bad_retrieval_setting_is_a_config_error(retrieval, message) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings(retrieval=retrieval)


def test_a_typo_in_the_environment_is_a_config_error(monkeypatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_RETRIEVAL__KNOWLEDGEVAULT", "2")
    with pytest.raises(ConfigError, match="knowledgevault"):
        load_settings()


def test_the_time_zone_of_hours_in_questions(monkeypatch) -> None:
    monkeypatch.setenv("MIRIX_LIKE_RETRIEVAL__TIMEZONE", "America/Sao_Paulo")
    assert str(load_settings().retrieval.zone) == "America/Sao_Paulo"
    assert str(load_settings(retrieval={"timezone": "Asia/Tokyo"}).retrieval.zone) == "Asia/Tokyo"
    monkeypatch.delenv("MIRIX_LIKE_RETRIEVAL__TIMEZONE")
    assert load_settings().retrieval.zone.utcoffset(None) is not None  # the machine's own
