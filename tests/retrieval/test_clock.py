"""The hour a question names, in five languages, and which moments answer it: "at 8:30" is
what was on screen then (seen by then, or a few minutes after), on the newest day that has
one unless the question names a day; a count, a price or a train's name is no hour."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from mirix_like.retrieval.clock import AskedClock, AskedTime, asked_clock, asked_time

H = 60

ASKED = [
    ("What was on my screen at 8:30?", {8 * H + 30, 20 * H + 30}),
    ("what was i looking at around 9", {9 * H, 21 * H}),
    ("What was I reading around 9pm yesterday?", {21 * H}),
    ("Who messaged me at 7:45 am?", {7 * H + 45}),
    ("What did I have open at 11.15?", {11 * H + 15, 23 * H + 15}),
    ("What was on screen at 14:05?", {14 * H + 5}),
    ("Where was I at noon?", {12 * H}),
    ("What was open at midnight?", {0}),
    ("What was I doing at 9 in the evening?", {21 * H}),
    ("Was hatte ich um 14 Uhr offen?", {14 * H}),
    ("Was habe ich gegen 8:30 gelesen?", {8 * H + 30}),
    ("Was lief um 9 Uhr abends?", {21 * H}),
    ("Qu'est-ce que je regardais vers 8h30 ?", {8 * H + 30}),
    ("Qu'est-ce qui était à l'écran à 20h ?", {20 * H}),
    ("Qu'est-ce que j'ai vu à midi ?", {12 * H}),
    ("¿Qué tenía abierto a las 8 y media?", {8 * H + 30}),
    ("¿Qué vi a las 10 de la noche?", {22 * H}),
    ("¿Qué estaba viendo sobre las 16:40?", {16 * H + 40}),
    ("我下午3点在看什么？", {15 * H}),
    ("我8点半在看什么？", {8 * H + 30}),
    ("昨天晚上9点一刻屏幕上是什么？", {21 * H + 15}),
    # said in words, as people speak
    ("What was on my screen at half past eight?", {8 * H + 30, 20 * H + 30}),
    ("what was i looking at around quarter past nine", {9 * H + 15, 21 * H + 15}),
    ("What was open at a quarter to ten?", {9 * H + 45, 21 * H + 45}),
    ("What was I reading at twenty past seven in the evening?", {19 * H + 20}),
    ("What was on my screen at eight?", {8 * H, 20 * H}),
    ("What was I reading at eight thirty?", {8 * H + 30, 20 * H + 30}),
    ("What was on my screen at ten o'clock?", {10 * H}),
    ("What was on my screen at 0830?", {8 * H + 30, 20 * H + 30}),
    ("What did I see at 1430 hours?", {14 * H + 30}),
    ("Was hatte ich um halb neun offen?", {8 * H + 30}),
    ("Was hatte ich um Viertel nach neun offen?", {9 * H + 15}),
    ("Was lief um Viertel vor zehn?", {9 * H + 45}),
    ("Was hatte ich um fünf vor halb drei offen?", {14 * H + 25 - 12 * H}),
    ("Was hatte ich um neun offen?", {9 * H}),
    ("Was lief um zwanzig Uhr dreißig?", {20 * H + 30}),
    ("Qu'est-ce que je regardais à huit heures et demie ?", {8 * H + 30}),
    ("Qu'est-ce que je regardais à neuf heures et quart ?", {9 * H + 15}),
    ("Qu'est-ce que j'avais ouvert à dix heures moins le quart ?", {9 * H + 45}),
    ("Qu'ai-je vu à vingt et une heures ?", {21 * H}),
    ("¿Qué estaba viendo a las ocho y media?", {8 * H + 30}),
    ("¿Qué tenía abierto a las diez menos cuarto de la noche?", {21 * H + 45}),
    ("¿Qué vi a la una y cuarto?", {1 * H + 15}),
    ("¿Qué vi a las 9?", {9 * H}),
    ("我八点半在看什么？", {8 * H + 30}),
    ("我下午两点一刻在看什么？", {14 * H + 15}),
    ("我昨天晚上十一点在看什么？", {23 * H}),
]


@pytest.mark.parametrize(("question", "minutes"), ASKED, ids=[q for q, _ in ASKED])
def test_the_hour_a_question_names_is_read_in_its_language(question: str,
                                                           minutes: set[int]) -> None:
    asked = asked_clock(question)
    assert asked is not None
    assert set(asked.minutes) == minutes
    assert asked.said and asked.said in question


@pytest.mark.parametrize("question", [
    "When does the 8:30 train leave?",  # a time that names something
    "I went to 2 shops",
    "What did I buy at 2 shops in Lisbon?",
    "How far is it at 3.5 km?",
    "Did I book a 5 star hotel?",
    "Une table à 2 personnes ?",
    "How much was it in 2023?",
    "What is my PIN?",
    "我看了3小时电视",
    # number words that are no hour
    "Did I mention it at one point?",
    "What did I buy at two shops?",
    "Ich habe um zwei Euro gehandelt",
    "Compré las dos camisas",
    "我想多了解一点什么",
    "有两点需要注意的是什么？",
])
def test_a_number_that_is_no_hour_asks_no_time(question: str) -> None:
    assert asked_clock(question) is None


def test_seen_by_then_answers_before_seen_after() -> None:
    asked = AskedTime(AskedClock((8 * H + 30,), (30, 15)), None, "8:30")
    day = datetime(2025, 4, 14, tzinfo=UTC)
    times = [day + timedelta(hours=8, minutes=m) for m in (5, 36, 24, 44, 59)]
    # 8:59 is past the window; 8:24 was on screen at 8:30, 8:36 only after it
    assert asked.pick([*times, None]) == [2, 0, 1, 3]
    # a screen seen at 8:32 is what someone who rounds says they saw "at 8:30"
    assert asked.pick([day + timedelta(hours=8, minutes=m) for m in (24, 32)]) == [1, 0]


def test_the_newest_day_unless_a_day_is_named() -> None:
    clock = AskedClock((9 * H,), (30, 30))
    monday, tuesday = datetime(2025, 4, 14, 9, tzinfo=UTC), datetime(2025, 4, 15, 9, 10,
                                                                     tzinfo=UTC)
    assert AskedTime(clock, None, "9").pick([monday, tuesday]) == [1]
    assert AskedTime(clock, date(2025, 4, 14), "9").pick([monday, tuesday]) == [0]
    assert AskedTime(clock, date(2025, 4, 16), "9").pick([monday, tuesday]) == []


def test_a_time_before_midnight_answers_midnight_of_the_next_day() -> None:
    asked = asked_clock("What was open at midnight?")
    assert asked is not None
    late = datetime(2025, 4, 14, 23, 50, tzinfo=UTC)
    assert asked.place(late) == (date(2025, 4, 15), -10)
    assert AskedTime(asked, date(2025, 4, 15), "midnight").pick([late]) == [0]


def test_the_hour_is_read_in_the_users_zone_in_summer_and_winter() -> None:
    asked = asked_clock("Was hatte ich um 14 Uhr offen?")
    assert asked is not None
    berlin = ZoneInfo("Europe/Berlin")
    # 13:30 to 14:30 in Berlin is 12:30 to 13:30 UTC in winter, 11:30 to 12:30 in summer
    assert asked.utc_ranges(berlin, 2025) == [(11 * H + 30, 12 * H + 30),
                                              (12 * H + 30, 13 * H + 30)]
    winter = datetime(2025, 1, 8, 13, 5, tzinfo=UTC)  # 14:05 in Berlin
    summer = datetime(2025, 7, 8, 12, 5, tzinfo=UTC)  # 14:05 in Berlin
    assert asked.place(winter, berlin) == (date(2025, 1, 8), 5)
    assert asked.place(summer, berlin) == (date(2025, 7, 8), 5)
    assert asked.place(winter, UTC) is None and asked.place(summer, UTC) is None
    # a window across midnight UTC is split in two the store can filter on
    tokyo = asked_clock("What was I reading at 8:50 am?")  # 8:20 to 9:05 in Tokyo
    assert tokyo is not None
    assert tokyo.utc_ranges(ZoneInfo("Asia/Tokyo"), 2025) == [(0, 5), (23 * H + 20, 24 * H)]


NOW = datetime(2025, 4, 16, 10, 30, tzinfo=UTC)  # a Wednesday


@pytest.mark.parametrize(("question", "day", "minutes", "said"), [
    ("What did I look at yesterday afternoon?", date(2025, 4, 15), 15 * H, "yesterday afternoon"),
    ("Was hatte ich gestern Abend offen?", date(2025, 4, 15), 21 * H + 30, "gestern Abend"),
    ("Qu'est-ce que je regardais hier soir ?", date(2025, 4, 15), 21 * H + 30, "hier soir"),
    ("¿Qué hice esta mañana?", date(2025, 4, 16), 8 * H + 30, "esta mañana"),
    ("Qu'ai-je vu ce matin ?", date(2025, 4, 16), 8 * H + 30, "matin"),
    ("Was habe ich heute früh gelesen?", date(2025, 4, 16), 8 * H + 30, "heute früh"),
    ("¿Qué vi anoche?", date(2025, 4, 15), 21 * H + 30, "anoche"),
    ("Woran habe ich gestern gearbeitet?", date(2025, 4, 15), None, "gestern"),
    ("¿En qué estaba trabajando el lunes?", date(2025, 4, 14), None, "el lunes"),
    ("我昨天下午在看什么？", date(2025, 4, 15), 15 * H, "昨天 下午"),
    ("What did I do on Monday?", date(2025, 4, 14), None, "on Monday"),
    ("What was on my screen yesterday at 8:30?", date(2025, 4, 15), 8 * H + 30, "8:30"),
])
def test_a_part_of_a_day_or_a_day_is_a_span(question: str, day: date | None,
                                            minutes: int | None, said: str) -> None:
    asked = asked_time(question, NOW)
    assert asked is not None
    assert asked.day == day
    assert (asked.clock.minutes[0] if asked.clock else None) == minutes
    assert asked.said == said
    assert asked.span == (":" not in said)


@pytest.mark.parametrize("question", [
    "Good morning! Where do I work?",
    "Guten Morgen, wo arbeite ich?",
    "When is my dentist appointment tomorrow morning?",  # asks when, not what happened
    "Where was Ana on Monday?",
    "Buenas noches, ¿cómo se llama mi perro?",
])
def test_a_greeting_or_a_question_of_something_else_asks_no_span(question: str) -> None:
    assert asked_time(question, NOW) is None


def test_a_span_lists_its_moments_in_time_order_on_the_newest_day() -> None:
    asked = asked_time("What did I look at in the afternoon?", NOW)
    assert asked is not None and asked.span and asked.day is None
    monday = datetime(2025, 4, 14, tzinfo=UTC)
    tuesday = monday + timedelta(days=1)
    times = [tuesday + timedelta(hours=16), monday + timedelta(hours=13),
             tuesday + timedelta(hours=12, minutes=5), tuesday + timedelta(hours=19), None]
    assert asked.pick(times) == [2, 0]


@pytest.mark.parametrize(("question", "back", "said"), [
    ("What was on my screen 10 minutes ago?", timedelta(minutes=10), "10 minutes ago"),
    ("What was I looking at an hour ago?", timedelta(hours=1), "an hour ago"),
    ("What did I read a couple of hours ago?", timedelta(hours=2), "couple of hours ago"),
    ("What was open half an hour ago?", timedelta(minutes=30), "half an hour ago"),
    ("Was hatte ich vor zwei Stunden offen?", timedelta(hours=2), "vor zwei Stunden"),
    ("Qu'est-ce que je regardais il y a une demi-heure ?", timedelta(minutes=30),
     "il y a une demi-heure"),
    ("¿Qué vi hace 45 minutos?", timedelta(minutes=45), "hace 45 minutos"),
    ("两个小时前我在看什么？", timedelta(hours=2), "两个小时前"),
    ("What was I just looking at?", timedelta(), "just now"),
])
def test_a_time_said_from_now_is_that_moment(question: str, back: timedelta,
                                             said: str) -> None:
    now = datetime(2025, 4, 16, 0, 40, tzinfo=UTC)  # past midnight: an hour ago was yesterday
    asked = asked_time(question, now)
    assert asked is not None and asked.clock is not None and not asked.span
    then = now - back
    assert asked.clock.minutes == (then.hour * 60 + then.minute,)
    assert asked.day == then.date()
    assert asked.said == said


def test_a_time_long_ago_is_no_moment() -> None:
    assert asked_time("I met him 3 years ago, what is his name?", NOW) is None
