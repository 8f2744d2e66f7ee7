"""Time expressions resolved against the time a message was written."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from mirix_like.offline.timeparse import describe, find_times, parse_locomo_datetime, resolve

# Monday 8 May 2023, 13:56 UTC: the first session of LOCOMO's conv-26.
REF = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def test_locomo_session_times_parse_as_utc() -> None:
    assert parse_locomo_datetime("1:56 pm on 8 May, 2023") == REF
    assert parse_locomo_datetime("10:37 am on 27 June, 2023") == datetime(
        2023, 6, 27, 10, 37, tzinfo=UTC
    )
    assert parse_locomo_datetime("12:09 am on 13 September, 2023").hour == 0
    assert parse_locomo_datetime(" 12:30 pm on 1 Jan, 2024 ").hour == 12


@pytest.mark.parametrize("bad", ["8 May 2023", "1:56 pm on 31 February, 2023", ""])
def test_not_a_locomo_time_is_an_error(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_locomo_datetime(bad)


@pytest.mark.parametrize(
    ("text", "day", "label"),
    [
        ("I went there yesterday.", "2023-05-07", "7 May 2023"),
        ("the day before yesterday", "2023-05-06", "6 May 2023"),
        ("we meet tomorrow", "2023-05-09", "9 May 2023"),
        ("last night was fun", "2023-05-07", "7 May 2023"),
        ("going out tonight", "2023-05-08", "8 May 2023"),
        ("I ran a race last Saturday", "2023-05-06", "6 May 2023"),
        ("Last Friday, I went to a workshop", "2023-05-05", "5 May 2023"),
        ("joined a group last Tues.", "2023-05-02", "2 May 2023"),
        ("this Saturday we hike", "2023-05-13", "13 May 2023"),
        ("two days ago", "2023-05-06", "6 May 2023"),
        ("a few days ago", "2023-05-05", "a few days before 8 May 2023"),
        ("on 8 May", "2023-05-08", "8 May 2023"),
        ("May 8th", "2023-05-08", "8 May 2023"),
        ("the 2nd of May", "2023-05-02", "2 May 2023"),
        ("on May 3, 2021", "2021-05-03", "3 May 2021"),
        ("due 2023-05-10", "2023-05-10", "10 May 2023"),
    ],
)
def test_english_days(text: str, day: str, label: str) -> None:
    match = resolve(text, REF)
    assert match is not None
    assert match.when.date().isoformat() == day
    assert match.label == label
    assert match.when.tzinfo == REF.tzinfo


@pytest.mark.parametrize(
    ("text", "start", "granularity", "label"),
    [
        ("my school event last week", "2023-05-01", "week", "the week before 8 May 2023"),
        ("next week", "2023-05-15", "week", "the week after 8 May 2023"),
        ("3 weeks ago", "2023-04-17", "week", "3 weeks before 8 May 2023"),
        ("last weekend", "2023-05-06", "weekend", "the weekend before 8 May 2023"),
        ("two weekends ago", "2023-04-29", "weekend", "two weekends before 8 May 2023"),
        ("last month", "2023-04-01", "month", "April 2023"),
        ("camping next month", "2023-06-01", "month", "June 2023"),
        ("in May 2023", "2023-05-01", "month", "May 2023"),
        ("last year", "2022-01-01", "year", "2022"),
        ("three years ago", "2020-01-01", "year", "2020"),
        ("back in 2019", "2019-01-01", "year", "2019"),
        ("last summer", "2022-06-01", "season", "summer 2022"),
    ],
)
def test_english_periods(text: str, start: str, granularity: str, label: str) -> None:
    match = resolve(text, REF)
    assert match is not None
    assert (match.when.date().isoformat(), match.granularity, match.label) == (
        start,
        granularity,
        label,
    )


def test_a_day_is_noon_and_today_is_the_reference() -> None:
    assert resolve("yesterday", REF).when == datetime(2023, 5, 7, 12, 0, tzinfo=UTC)
    assert resolve("last night", REF).when.hour == 21
    assert resolve("today", REF).when == REF


def test_span_and_text_of_the_match() -> None:
    text = "I went to a support group yesterday and loved it."
    match = resolve(text, REF)
    assert match.span == (26, 35)
    assert text[slice(*match.span)] == match.text == "yesterday"
    assert match.relative


def test_absolute_dates_are_not_relative() -> None:
    assert not resolve("in May 2023", REF).relative
    assert not resolve("2023年5月8日", REF).relative


def test_locomo_format_inside_text_and_longest_match_wins() -> None:
    matches = find_times("Session at 1:56 pm on 8 May, 2023 began.", REF)
    assert len(matches) == 1
    assert matches[0].when == REF
    assert matches[0].granularity == "minute"


def test_iso_time_with_offset_is_converted_to_the_reference_zone() -> None:
    match = resolve("at 2023-05-08T10:00:00+02:00", REF)
    assert match.when == datetime(2023, 5, 8, 8, 0, tzinfo=UTC)
    assert match.when.utcoffset() == REF.utcoffset()


def test_several_expressions_in_text_order() -> None:
    text = "Last week I met Ana; three years ago I moved here."
    assert [m.text for m in find_times(text, REF)] == ["Last week", "three years ago"]


def test_tense_chooses_the_year_of_a_bare_month() -> None:
    assert resolve("I'm going to Paris in June", REF).when.year == 2023
    assert resolve("I was in Paris in June", REF).when.year == 2022


def test_weekday_after_on_follows_the_tense() -> None:
    assert resolve("The meeting is on Friday, I will go", REF).when.day == 12
    assert resolve("on Friday I went home", REF).when.day == 5


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # arranged things lie ahead, though their verbs end in -ed
        ("Remind me later: the boiler service is booked for 2 May.", "2024-05-02"),
        ("My flight got moved to 1 May.", "2024-05-01"),
        ("The meeting has been rescheduled for 3 May.", "2024-05-03"),
        ("The MOT is due on 4 May.", "2024-05-04"),
        ("My passport expires on 5 May.", "2024-05-05"),
        # something arranged, told in the present, too
        ("My flight to Tokyo is JL44 on 2 May.", "2024-05-02"),
        ("Our dentist appointment is on 6 May at 14:30.", "2024-05-06"),
        # a booking done for a day: the day is ahead
        ("Booked flights to Lisbon for the 2nd of May, TAP flight TP1337.", "2024-05-02"),
        ("Reserved the cabin for 4 May.", "2024-05-04"),
        # other languages: the arranged thing alone, with no past form, lies ahead
        ("Zahnarzttermin am Freitag um 10:30 bei Dr. Weber.", "2023-05-12"),
        ("La reunión con el cliente es el jueves a las 16:00.", "2023-05-11"),
        ("Mein Flug nach Rom geht am 3. Mai.", "2024-05-03"),
        ("周五下午开会。", "2023-05-12"),
        ("Der Termin am Freitag war super.", "2023-05-05"),
        ("El viernes cené con Ana.", "2023-05-05"),
        # done things lie behind
        ("I booked the hotel on 2 May.", "2023-05-02"),
        ("I went there on 5 May.", "2023-05-05"),
        ("The meeting on 5 May went well.", "2023-05-05"),
        ("Dinner with Sam on 2 May, great food.", "2023-05-02"),
    ],
)
def test_a_bare_day_follows_what_is_arranged_or_done(text: str, day: str) -> None:
    assert resolve(text, REF).when.date().isoformat() == day


@pytest.mark.parametrize(
    ("text", "month"),
    [
        # a move or trip told in the progressive lies ahead, whatever else already happened
        ("update: Giulia got a job in Milan so we're moving there in August", "2025-08"),
        ("You might enjoy the Turin marathon in November.", "2025-11"),
        ("Maybe we go to Spain in October.", "2025-10"),
        ("I went to Rome in August.", "2024-08"),
        ("I should have booked in July.", "2024-07"),
        # German months English writes alike, and German, French and Spanish past forms
        ("Wir ziehen im August um.", "2025-08"),
        ("Ab September arbeite ich in Mailand.", "2025-09"),
        ("Wir waren im August in Rom.", "2024-08"),
        ("Wir sind im Juli umgezogen.", "2024-07"),
        ("Wir fahren im August weg, ist schon gebucht.", "2025-08"),
        ("à partir de septembre je travaille à Milan", "2025-09"),
        ("On est allés à Rome en août.", "2024-08"),
        ("Fuimos a Roma en agosto.", "2024-08"),
        ("a partir de septiembre", "2025-09"),
        # the future tense of Spanish and French, German "werden", a race trained for
        ("Carmen está embarazada, nacerá en diciembre.", "2025-12"),
        ("Le bébé naîtra en mars.", "2026-03"),
        ("Das Baby wird im März geboren.", "2026-03"),
        ("I'm training for the Berlin marathon in September.", "2025-09"),
        ("I was training for the marathon in May.", "2025-05"),
        # a month typed in lower case, and the next or last of one in each language
        ("my mum is visiting berlin in october", "2025-10"),
        ("sam and i are getting married next june", "2026-06"),
        ("wir heiraten nächsten Juni", "2026-06"),
        ("on se marie en juin prochain", "2026-06"),
        ("nos casamos el próximo junio", "2026-06"),
        ("el mayo que viene", "2026-05"),
        ("letzten Juni waren wir in Rom", "2024-06"),
        ("en juin dernier on était à Rome", "2024-06"),
        ("el junio pasado fuimos a Roma", "2024-06"),
    ],
)
def test_a_month_follows_the_tense_it_is_told_in(text: str, month: str) -> None:
    """Said in mid-June 2025."""
    found = resolve(text, datetime(2025, 6, 15, 9, tzinfo=UTC))
    assert found is not None and found.when.strftime("%Y-%m") == month


@pytest.mark.parametrize(
    "text", ["I like tea", "It feels like just yesterday I wore this dress", "for 4 years",
             "this may be wrong", "see you in oct"]
)
def test_no_time_found(text: str) -> None:
    assert resolve(text, REF) is None


@pytest.mark.parametrize(
    ("text", "day", "label"),
    [
        ("我昨天去了超市", "2023-05-07", "2023年5月7日"),
        ("今天很开心", "2023-05-08", "2023年5月8日"),
        ("前天下雨了", "2023-05-06", "2023年5月6日"),
        ("明天见", "2023-05-09", "2023年5月9日"),
        ("上周五我去了公园", "2023-05-05", "2023年5月5日"),
        ("上星期五", "2023-05-05", "2023年5月5日"),
        ("下周三我要去北京", "2023-05-17", "2023年5月17日"),
        ("三天前", "2023-05-05", "2023年5月5日"),
        ("2023年5月8日开会", "2023-05-08", "2023年5月8日"),
        ("5月1日", "2023-05-01", "2023年5月1日"),
    ],
)
def test_chinese_days(text: str, day: str, label: str) -> None:
    match = resolve(text, REF)
    assert match is not None
    assert (match.when.date().isoformat(), match.label) == (day, label)


@pytest.mark.parametrize(
    ("text", "start", "label"),
    [
        ("上周", "2023-05-01", "2023年5月8日的前一周"),
        ("上个月", "2023-04-01", "2023年4月"),
        ("去年", "2022-01-01", "2022年"),
        ("两个月前", "2023-03-01", "2023年3月"),
        ("我上周末去爬山了", "2023-05-06", "2023年5月8日之前的那个周末"),
    ],
)
def test_chinese_periods(text: str, start: str, label: str) -> None:
    match = resolve(text, REF)
    assert (match.when.date().isoformat(), match.label) == (start, label)


def test_result_keeps_the_reference_time_zone() -> None:
    shanghai = ZoneInfo("Asia/Shanghai")
    ref = datetime(2023, 5, 8, 0, 30, tzinfo=shanghai)  # still 7 May in UTC
    match = resolve("昨天", ref)
    assert match.when.tzinfo is shanghai
    assert match.when.date().isoformat() == "2023-05-07"


def test_naive_reference_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        find_times("yesterday", datetime(2023, 5, 8))


def test_describe() -> None:
    assert describe(REF) == "8 May 2023"
    assert describe(REF, "month") == "May 2023"
    assert describe(REF, "year") == "2023"
    assert describe(REF, "minute") == "1:56 pm on 8 May 2023"
    assert describe(REF, lang="zh") == "2023年5月8日"
    assert describe(REF, "month", "zh") == "2023年5月"


@pytest.mark.parametrize(
    ("text", "day", "label"),
    [
        ("Ich war gestern im Kino.", "2023-05-07", "7. Mai 2023"),
        ("Vor zwei Tagen habe ich Anna getroffen.", "2023-05-06", "6. Mai 2023"),
        ("Letzten Freitag war ich krank.", "2023-05-05", "5. Mai 2023"),
        ("Nächsten Montag fahre ich nach Hamburg.", "2023-05-15", "15. Mai 2023"),
        ("Je suis allé au cinéma hier.", "2023-05-07", "7 mai 2023"),
        ("Il y a trois jours, j'ai vu Marie.", "2023-05-05", "5 mai 2023"),
        ("Vendredi dernier, nous avons dîné ensemble.", "2023-05-05", "5 mai 2023"),
        ("On se voit après-demain.", "2023-05-10", "10 mai 2023"),
        ("Ayer fui al cine con mi hermana.", "2023-05-07", "7 de mayo de 2023"),
        ("Hace dos días vi a Juan.", "2023-05-06", "6 de mayo de 2023"),
        ("El viernes pasado fuimos a la playa.", "2023-05-05", "5 de mayo de 2023"),
        ("Nos vemos dentro de tres días.", "2023-05-11", "11 de mayo de 2023"),
        ("Anoche cené con Ana.", "2023-05-07", "7 de mayo de 2023"),
        ("Esta mañana fui al médico.", "2023-05-08", "8 de mayo de 2023"),
        ("Ce soir je dîne avec Paul.", "2023-05-08", "8 mai 2023"),
    ],
)
def test_german_french_spanish_days(text: str, day: str, label: str) -> None:
    match = resolve(text, REF)
    assert match is not None
    assert (match.when.date().isoformat(), match.label, match.granularity) == (day, label, "day")
    assert match.relative


@pytest.mark.parametrize(
    ("text", "start", "granularity", "label"),
    [
        ("Letzte Woche war ich in Berlin.", "2023-05-01", "week", "die Woche vor dem 8. Mai 2023"),
        ("La semaine dernière j'étais à Paris.", "2023-05-01", "week",
         "la semaine avant le 8 mai 2023"),
        ("La semana pasada estuve en Madrid.", "2023-05-01", "week",
         "la semana anterior al 8 de mayo de 2023"),
        ("El mes pasado empecé a correr.", "2023-04-01", "month", "abril de 2023"),
        ("L'année dernière, j'ai appris le piano.", "2022-01-01", "year", "2022"),
        ("上上周我去了杭州", "2023-04-24", "week", "2023年5月8日的两周前"),
        ("几天前我见过他", "2023-05-05", "day", "2023年5月8日的几天前"),
        ("前年我们搬了家", "2021-01-01", "year", "2021年"),
        ("这个月很忙", "2023-05-01", "month", "2023年5月"),
        ("a couple of weeks ago", "2023-04-24", "week", "a couple of weeks before 8 May 2023"),
    ],
)
def test_more_periods(text: str, start: str, granularity: str, label: str) -> None:
    match = resolve(text, REF)
    assert match is not None
    assert (match.when.date().isoformat(), match.granularity, match.label) == (
        start, granularity, label,
    )


def test_chinese_numerals_and_parts_of_the_day() -> None:
    assert resolve("三天后见", REF).when.date().isoformat() == "2023-05-11"
    assert resolve("两个月以前", REF).when.date().isoformat() == "2023-03-01"
    assert resolve("昨晚我没睡好", REF).when == datetime(2023, 5, 7, 21, 0, tzinfo=UTC)
    assert resolve("今早下雨了", REF).when.hour == 9
    assert resolve("我2022年毕业", REF).when.year == 2022


def test_this_weekday_is_in_the_reference_week_even_on_a_sunday() -> None:
    sunday = datetime(2023, 5, 14, 20, 0, tzinfo=UTC)
    assert resolve("this Friday", sunday).when.date().isoformat() == "2023-05-12"
    assert resolve("next Friday", sunday).when.date().isoformat() == "2023-05-19"
    assert resolve("on Sunday I went out", sunday).when.date().isoformat() == "2023-05-07"


def test_a_leap_day_without_a_year_needs_a_leap_year_nearby() -> None:
    assert resolve("on 29 February", datetime(2024, 3, 10, 12, 0, tzinfo=UTC)).when.year == 2024
    assert resolve("We went out on 29 February", REF) is None  # no leap day in the year before


def test_absolute_dates_in_other_languages() -> None:
    for text, label in [
        ("Am 8. Mai 2023 hatten wir ein Treffen.", "8. Mai 2023"),
        ("le 8 mai 2023", "8 mai 2023"),
        ("el 8 de mayo de 2023", "8 de mayo de 2023"),
        ("im Mai 2022", "Mai 2022"),
    ]:
        match = resolve(text, REF)
        assert match is not None and not match.relative
        assert match.label == label


@pytest.mark.parametrize(
    "text",
    [
        "Guten Morgen! Wie geht's?",
        "Por la mañana corro.",
        "I sat down and we may go",
        "See you at 3pm",
        "Das Auto steht vor dem Haus.",
        "Il y a du monde ici.",
        "Hace frío en mayo de noche",
        "We march on",
        "I'll be back in a bit",
    ],
)
def test_no_time_found_in_other_words(text: str) -> None:
    assert resolve(text, REF) is None
