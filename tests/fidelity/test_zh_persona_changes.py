"""A Chinese persona whose facts change: the home an introduction's workplace names, a
favourite told with its title marks (《花样年华》) or as liked "now", and another person's trade.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-02-01T09:00:00+00:00", "2025-08-01T09:00:00+00:00"
PEOPLE = {
    "li": ((BEFORE, ["我叫李娜，今年28岁，在北京一家医院当护士。", "我男朋友叫张伟，他是程序员。",
                     "我养了一只猫，叫咪咪。", "我对花生过敏。", "我最喜欢的电影是《霸王别姬》。"]),
           (LATER, ["我上个月搬到上海了。", "我和张伟订婚了！", "我现在喜欢的电影是《花样年华》。",
                    "我换工作了，现在在一家诊所上班。"])),
    "chen": ((BEFORE, ["我叫陈明，今年41岁，在深圳一家公司做会计。", "我最喜欢的书是《活着》。"]),
             (LATER, ["我们搬到广州了。", "我最喜欢的书现在是《三体》。"])),
}

QUESTIONS = [
    ("li", "我住在哪里？", "上海", ["北京"]),
    ("li", "我以前住在哪里？", "北京", []),
    ("li", "我订婚了吗？", "订婚", []),
    ("li", "张伟做什么工作？", "程序员", []),
    ("li", "我最喜欢的电影是什么？", "花样年华", ["霸王别姬"]),
    ("li", "我在哪里工作？", "诊所", ["医院"]),
    ("chen", "我以前住在哪里？", "深圳", []),
    ("chen", "我最喜欢的书是什么？", "三体", ["活着"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("zh"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_a_chinese_persona_comes_back_current(memory: MemorySystem, user: str, question: str,
                                              says: str, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)
