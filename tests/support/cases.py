"""Case tables of questions the offline rules answer: a case they still get wrong, and what a
right answer is."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest


def known(case: tuple[str, list[str], list[str]], why: str, *marks: pytest.MarkDecorator
          ) -> object:
    """``case`` (question, what the answer must say, what it must not) as a strict xfail that
    says ``why`` the rules still get it wrong, named by its question."""
    return pytest.param(*case, marks=[pytest.mark.xfail(reason=why, strict=True), *marks],
                        id=case[0])


def question_id(case: object) -> str:
    """The test id of a case table row, a plain tuple or a ``pytest.param``: its question."""
    return str(getattr(case, "values", case)[0])


def assert_answered(answer: str, says: Sequence[str], not_says: Sequence[str],
                    leak: re.Pattern[str]) -> None:
    """``answer`` holds each of ``says`` and none of ``not_says``, on one line, and shows
    nothing ``leak`` finds (labels, stamps, tags: how memories are rendered)."""
    assert all(s in answer for s in says), answer
    assert not any(s in answer for s in not_says), answer
    assert not leak.search(answer), answer
    assert "\n" not in answer, answer
