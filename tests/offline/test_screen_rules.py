"""The offline rules for screenshots: what the screen showed, when, and the secrets on it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from mirix_like import memory_types
from mirix_like.lexicon import meaning, verb, verb_language
from mirix_like.offline import extractors, screens
from mirix_like.offline.language import InputText

AT = datetime(2025, 3, 18, 14, 31, tzinfo=UTC)
KEY = "sk-proj-Qw3rTy8uIoPaSdFgHjKlZxCvBnM12345"


def shot(text: str, *, app: str | None = "Mail", title: str | None = "Inbox - Dana Lee",
         sid: str = "s1", at: datetime = AT) -> InputText:
    metadata = {"source": "screen"} | ({"app": app} if app else {}) | (
        {"window_title": title} if title else {})
    return InputText(sid, text, None, None, at, kind="image", metadata=metadata)


def test_a_screenshot_is_routed_to_resource_and_episodic_and_the_vault_only_for_secrets() -> None:
    plain = shot("From: Dana Lee\nLet's meet at Nopa at 7 pm on Friday.")
    assert screens.route([plain]) == ["episodic", "resource"]
    assert screens.route([shot(f"OPENAI_API_KEY={KEY}")]) == [
        "episodic", "knowledge_vault", "resource"]
    assert screens.route([shot("", app=None, title=None)]) == []
    # The same words typed in a message go through the text rules instead.
    said = InputText("m1", "I love hiking with my sister Maya.", None, "user", AT)
    assert "core" in extractors.route([said], memory_types.all_types())
    assert screens.route([InputText("m1", "I love hiking.", None, "user", AT)]) == []


def test_resource_keeps_app_title_and_text_and_episodic_says_viewed_at_the_capture_time() -> None:
    first = shot("Inbox\nFrom: Dana Lee\nSubject: Dinner on Friday\nLet's meet at Nopa at 7 pm",
                 sid="s1")
    later = shot("Inbox\nFrom: Dana Lee\nSee you there!", sid="s2",
                 at=AT + timedelta(minutes=2))
    other = shot("Tuesday 18 March\nDentist at 10:30", app="Calendar", title="March 2025",
                 sid="s3")
    [mail, calendar] = screens.extract_resource([first, later, other])
    assert mail["title"] == "Mail - Inbox - Dana Lee"
    assert mail["resource_type"] == "screenshot"
    assert mail["summary"] == (
        "Screenshot of Mail - Inbox - Dana Lee at 14:31 UTC on 18 March 2025: "
        "From: Dana Lee / Subject: Dinner on Friday / Let's meet at Nopa at 7 pm")
    assert mail["content"].splitlines() == [
        "Inbox", "From: Dana Lee", "Subject: Dinner on Friday", "Let's meet at Nopa at 7 pm",
        "See you there!"]
    assert mail["source_ids"] == ["s1", "s2"] and calendar["source_ids"] == ["s3"]
    assert calendar["title"] == "Calendar - March 2025"

    [viewed, _] = screens.extract_episodic([first, later, other])
    assert viewed["summary"] == (
        "Viewed Inbox - Dana Lee in Mail at 14:31 UTC on 18 March 2025.")
    assert viewed["occurred_at"] == AT.isoformat()
    assert viewed["event_type"] == "screen" and viewed["actor"] == "user"
    assert viewed["details"].splitlines() == [
        "Mail - Inbox - Dana Lee (2 screenshots from 14:31 to 14:33)", "From: Dana Lee",
        "Subject: Dinner on Friday", "Let's meet at Nopa at 7 pm", "See you there!"]


def test_secrets_on_screen_go_to_the_vault_only_with_high_sensitivity() -> None:
    text = f"deploy.sh\nexport OPENAI_API_KEY={KEY}\nCall Dana at +1 415 555 0100"
    inputs = [shot(text, app="Terminal", title="deploy.sh")]
    vault = {row["secret_value"]: row for row in screens.extract_knowledge_vault(inputs)}
    assert vault[KEY]["sensitivity"] == "high"
    assert vault[KEY]["caption"] == "OpenAI API key seen on screen in Terminal - deploy.sh"
    assert vault["+1 415 555 0100"]["sensitivity"] == "medium"
    assert all(KEY not in row["caption"] for row in vault.values())
    [resource] = screens.extract_resource(inputs)
    [event] = screens.extract_episodic(inputs)
    for stored in (resource["content"], resource["summary"], event["details"]):
        assert KEY not in stored
    assert "[api key in knowledge vault]" in resource["content"]
    assert "+1 415 555 0100" in resource["content"]  # medium: kept where it was seen


def test_no_window_known_falls_back_to_the_first_line_and_each_screenshot_stands_alone() -> None:
    inputs = [shot("Quarterly report\nRevenue grew 12%", app=None, title=None, sid="a"),
              shot("Holiday photos\nLisbon 2024", app=None, title=None, sid="b")]
    titles = [row["title"] for row in screens.extract_resource(inputs)]
    assert titles == ["Quarterly report", "Holiday photos"]
    [event, _] = screens.extract_episodic(inputs)
    assert event["summary"].startswith("Viewed “Quarterly report” on screen at 14:31 UTC")


def test_chinese_screens_keep_their_language() -> None:
    minutes = shot("会议纪要\n下周五发布新版本", app="飞书", title="会议纪要")
    [event] = screens.extract_episodic([minutes])
    assert event["summary"] == "2025年3月18日 14:31（UTC）在飞书中查看了“会议纪要”。"
    [resource] = screens.extract_resource([minutes])
    assert resource["tree_path"][:2] == ["资源", "截图"]
    assert resource["summary"] == (
        "2025年3月18日 14:31（UTC）飞书 - 会议纪要的截图：下周五发布新版本")


def test_a_line_whose_figures_a_later_screenshot_changed_is_replaced_and_alike_lines_stay() -> None:
    first = shot("Balance: EUR 1,284.50\nGET /api 200 12:01:03\nGET /api 200 12:01:04", sid="s1")
    later = shot("Balance: EUR 1,234.50\nGET /api 200 12:01:05\nGET /api 200 12:01:06",
                 sid="s2", at=AT + timedelta(seconds=4))
    [resource] = screens.extract_resource([first, later])
    # the one balance is the current one; a log's lines, several alike, are each kept
    assert resource["content"].splitlines() == [
        "Balance: EUR 1,234.50", "GET /api 200 12:01:03", "GET /api 200 12:01:04",
        "GET /api 200 12:01:05", "GET /api 200 12:01:06"]


def test_a_german_compound_on_screen_is_searched_by_what_it_means() -> None:
    [event] = screens.extract_episodic([shot("Netzwerk\nGerätename: Annas MacBook Air\n"
                                             "Zahnarzttermin: Do 14:30\nKaffee 2,10")])
    # searched, never shown: the words the compounds hide, not those the screen writes
    assert event["context"].split() == ["device", "appointment"]
    assert "device" not in event["details"]


def test_a_screens_compound_means_its_last_word_or_a_long_first_one_and_no_english_word_does(
        ) -> None:
    assert meaning("Zahnarzttermin") == "appointment" and meaning("Laufschuhe") == "shoe"
    assert meaning("Gerätename") == "device" and meaning("Kaffeemaschine") == "coffee"
    # English words that start or end like a word of another language are none of it
    assert not any(map(meaning, ("Brothers", "Hundreds", "Trending", "Terminator", "Keyboard",
                                 "Bedroom", "Citation")))
    assert meaning("gerätename") is None  # lower-cased: no noun, no compound


def test_a_german_verb_is_read_behind_its_separable_prefix() -> None:
    assert verb("mitbringen") == verb("mitgebracht") == verb("Bring") == "bring"
    assert verb_language("mitbringen") == "de" and verb_language("bring") is None
    assert verb("gestern") is None and verb("Anna") is None
