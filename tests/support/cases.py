"""Case tables of questions the offline rules answer: a case they still get wrong."""

from __future__ import annotations

import pytest


def known(case: tuple[str, list[str], list[str]], why: str, *marks: pytest.MarkDecorator
          ) -> object:
    """``case`` (question, what the answer must say, what it must not) as a strict xfail that
    says ``why`` the rules still get it wrong, named by its question."""
    return pytest.param(*case, marks=[pytest.mark.xfail(reason=why, strict=True), *marks],
                        id=case[0])
