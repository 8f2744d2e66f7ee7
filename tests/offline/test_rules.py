"""The offline model's rules: routing, one extractor per memory type, topics and answers."""

from __future__ import annotations

import dataclasses
import time
from datetime import UTC, datetime, timedelta

import pytest

from mirix_like import memory_types
from mirix_like.offline import extractors
from mirix_like.offline.answer import NO_ANSWER, answer
from mirix_like.offline.extractors import Extractor, extractor_for
from mirix_like.offline.language import InputText
from mirix_like.offline.timeparse import parse_locomo_datetime
from mirix_like.retrieval.topics import keyword_topics as topics

REF = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)

EPISODIC_FIELDS = {
    "event_type",
    "summary",
    "details",
    "context",
    "actor",
    "occurred_at",
    "source_ids",
    "tree_path",
}
SEMANTIC_FIELDS = {"name", "summary", "details", "source", "source_ids", "tree_path"}
PROCEDURAL_FIELDS = {"entry_type", "summary", "steps", "source_ids", "tree_path"}
RESOURCE_FIELDS = {"title", "summary", "resource_type", "content", "source_ids", "tree_path"}
VAULT_FIELDS = {"entry_type", "source", "sensitivity", "secret_value", "caption", "source_ids"}
CORE_FIELDS = {"label", "content", "source_ids"}
MEMORY_TYPES = tuple(spec.name for spec in memory_types.all_types())


def _extractor(name: str) -> Extractor:
    return extractor_for(memory_types.get(name))


extract_episodic = _extractor("episodic").extract
extract_semantic = _extractor("semantic").extract
extract_core = _extractor("core").extract
extract_procedural = _extractor("procedural").extract
extract_resource = _extractor("resource").extract
extract_knowledge_vault = _extractor("knowledge_vault").extract
EXTRACTORS = (
    extract_episodic,
    extract_semantic,
    extract_core,
    extract_procedural,
    extract_resource,
    extract_knowledge_vault,
)


def route(texts: list[str]) -> list[str]:
    """The types a batch of the user's texts is routed to, in registry order."""
    inputs = [msg(text, sid=f"m{n}") for n, text in enumerate(texts)]
    return extractors.route(inputs, memory_types.all_types())


def msg(
    text: str,
    speaker: str | None = None,
    role: str | None = "user",
    sid: str = "m1",
    at: datetime = REF,
) -> InputText:
    return InputText(source_id=sid, text=text, speaker=speaker, role=role, occurred_at=at)


# --- InputText ---------------------------------------------------------------------------


def test_input_text_is_frozen_and_needs_an_aware_time() -> None:
    item = msg("hello")
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.text = "changed"  # type: ignore[misc]
    with pytest.raises(ValueError, match="timezone-aware"):
        InputText("m1", "hello", None, "user", datetime(2023, 5, 8))


# --- route -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["Thanks!", "Wow", "Hey Mel!"], []),
        (["I went hiking with Ana yesterday."], ["episodic"]),
        (["My name is Ana and I work at Acme."], ["core", "episodic"]),
        (["我是一名老师，我喜欢猫。"], ["core", "episodic"]),
        (["Paris is the capital of France."], ["episodic", "semantic"]),
        (["To reset it:\n1. Unplug the router\n2. Wait 30 seconds"], ["episodic", "procedural"]),
        (["Read https://example.com/guide before Monday"], ["episodic", "resource"]),
        (["Here is the script:\n```python\nprint('hi')\n```"], ["episodic", "resource"]),
        (["My API key: sk-abcdefghijklmnopqrstuvwx1234"], ["episodic", "knowledge_vault"]),
        (["Call me at +1 415-555-0134"], ["episodic", "knowledge_vault"]),
    ],
)
def test_route(texts: list[str], expected: list[str]) -> None:
    assert route(texts) == expected


def test_route_covers_a_batch_in_canonical_order() -> None:
    found = route(["My password is hunter2!", "I love pottery.", "Thanks!"])
    assert found == ["core", "episodic", "knowledge_vault"]
    assert all(t in MEMORY_TYPES for t in found)


# --- episodic ----------------------------------------------------------------------------


def test_episodic_resolves_yesterday_and_names_the_speaker() -> None:
    [row] = extract_episodic(
        [
            msg(
                "I went to a LGBTQ support group yesterday and it was so powerful.",
                speaker="Caroline",
                sid="D1:3",
            )
        ]
    )
    assert set(row) == EPISODIC_FIELDS
    assert row["summary"] == (
        "Caroline went to a LGBTQ support group yesterday (7 May 2023) and it was so powerful."
    )
    assert row["occurred_at"] == "2023-05-07T12:00:00+00:00"
    assert row["details"] == (
        "Caroline: I went to a LGBTQ support group yesterday and it was so powerful."
    )
    assert row["actor"] == "user"
    assert row["event_type"] == "activity"
    assert row["source_ids"] == ["D1:3"]
    assert row["tree_path"][0] == "community"


def test_episodic_without_a_time_keeps_the_input_time() -> None:
    [row] = extract_episodic([msg("I'm swamped with the kids and work.", speaker="Melanie")])
    assert row["occurred_at"] == REF.isoformat()
    assert row["summary"] == "Melanie is swamped with the kids and work."


def test_episodic_plans_are_dated_in_the_future() -> None:
    [row] = extract_episodic([msg("We're thinking about going camping next month.", "Mel")])
    assert row["event_type"] == "plan"
    assert row["occurred_at"].startswith("2023-06-01")
    assert "next month (June 2023)" in row["summary"]


def test_episodic_skips_filler_but_keeps_content() -> None:
    rows = extract_episodic(
        [
            msg("Thanks!", sid="a"),
            msg("Wow", sid="b"),
            msg("Sounds great, Mel!", sid="c"),
            msg("Hey Caroline! Good to see you!", sid="d"),
            msg("Is this your own painting?", sid="e"),
            msg("I love pottery.", sid="f"),
        ]
    )
    assert [r["source_ids"] for r in rows] == [["e"], ["f"]]


def test_episodic_summary_prefers_the_sentence_that_dates_the_event() -> None:
    text = (
        "Hey Melanie! How's it going? I wanted to tell you about my school event last week. "
        "It was awesome! I talked about my transgender journey and encouraged students to get "
        "involved in the LGBTQ community."
    )
    [row] = extract_episodic(
        [msg(text, speaker="Caroline", at=datetime(2023, 6, 9, 19, 55, tzinfo=UTC))]
    )
    assert row["summary"] == (
        "Caroline wanted to tell you about Caroline's school event last week "
        "(the week before 9 June 2023)."
    )
    assert row["occurred_at"].startswith("2023-06-02")


def test_episodic_time_in_another_sentence_is_noted() -> None:
    text = (
        "Last night was amazing! We celebrated my daughter's birthday with a concert "
        "surrounded by music, joy and the warm summer breeze."
    )
    [row] = extract_episodic(
        [msg(text, speaker="Melanie", at=datetime(2023, 8, 14, 14, 24, tzinfo=UTC))]
    )
    assert row["occurred_at"].startswith("2023-08-13T21:00")
    assert "Melanie's daughter's birthday" in row["summary"]
    assert "13 August 2023" in row["summary"]


def test_episodic_shared_photo_goes_into_the_summary() -> None:
    [row] = extract_episodic(
        [
            msg(
                "Look at this! [shared photo: a photo of a bowl with a flower design]",
                speaker="Melanie",
            )
        ]
    )
    assert row["summary"] == "Melanie shared a photo of a bowl with a flower design."
    assert row["details"].endswith("[shared photo: a photo of a bowl with a flower design]")


def test_episodic_roles_and_unknown_speaker() -> None:
    rows = extract_episodic(
        [
            msg("I booked the flight to Lisbon for Friday.", role="user", sid="u"),
            msg("I have added the Lisbon trip to your calendar.", role="assistant", sid="a"),
            msg("The Lisbon office opens at nine on weekdays.", role="other", sid="o"),
        ]
    )
    assert [r["actor"] for r in rows] == ["user", "assistant", "other"]
    assert rows[0]["summary"].startswith("The user booked the flight to Lisbon")
    assert rows[1]["summary"].startswith("The assistant has added the Lisbon trip")


def test_episodic_chinese_stays_chinese() -> None:
    [row] = extract_episodic([msg("我昨天去了超市，买了很多水果。", speaker="小明")])
    assert row["summary"] == "小明昨天（2023年5月7日）去了超市，买了很多水果。"
    assert row["occurred_at"].startswith("2023-05-07")
    assert row["details"] == "小明: 我昨天去了超市，买了很多水果。"


def test_episodic_masks_high_sensitivity_values() -> None:
    [row] = extract_episodic([msg("My wifi password is Tr0ub4dor&3, don't share it.")])
    assert "Tr0ub4dor&3" not in row["summary"] + row["details"]
    assert "[password in knowledge vault]" in row["details"]


def test_locomo_style_conversation() -> None:
    """A tiny conversation in the LOCOMO layout, turned into inputs as an evaluator would."""
    conversation = {
        "speaker_a": "Caroline",
        "speaker_b": "Melanie",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Caroline", "dia_id": "D1:1", "text": "Hey Mel! Good to see you!"},
            {
                "speaker": "Caroline",
                "dia_id": "D1:2",
                "text": "I went to a LGBTQ support group yesterday and it was so powerful.",
            },
            {
                "speaker": "Melanie",
                "dia_id": "D1:3",
                "text": "Yeah, I painted that lake sunrise last year! It's special to me.",
                "img_url": ["x"],
                "blip_caption": "a photo of a painting of a sunset over a lake",
            },
        ],
        "session_2_date_time": "1:14 pm on 25 May, 2023",
        "session_2": [
            {
                "speaker": "Melanie",
                "dia_id": "D2:1",
                "text": "I ran a charity race for mental health last Saturday.",
            },
            {"speaker": "Caroline", "dia_id": "D2:2", "text": "Thanks, Melanie!"},
        ],
    }
    inputs = []
    for n in (1, 2):
        when = parse_locomo_datetime(conversation[f"session_{n}_date_time"])
        for turn in conversation[f"session_{n}"]:
            text = turn["text"]
            if "blip_caption" in turn:
                text += f" [shared photo: {turn['blip_caption']}]"
            inputs.append(InputText(turn["dia_id"], text, turn["speaker"], "user", when))
    rows = extract_episodic(inputs)
    by_id = {row["source_ids"][0]: row for row in rows}
    assert sorted(by_id) == ["D1:2", "D1:3", "D2:1"]
    assert by_id["D1:2"]["occurred_at"] == "2023-05-07T12:00:00+00:00"
    assert by_id["D1:3"]["occurred_at"].startswith("2022-01-01")
    assert "last year (2022)" in by_id["D1:3"]["summary"]
    assert by_id["D2:1"]["occurred_at"] == "2023-05-20T12:00:00+00:00"
    assert by_id["D2:1"]["summary"] == (
        "Melanie ran a charity race for mental health last Saturday (20 May 2023)."
    )
    assert all(datetime.fromisoformat(r["occurred_at"]).utcoffset() == timedelta(0) for r in rows)


# --- semantic ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "summary"),
    [
        ("My cat's name is Luna.", "Luna", "Luna is Ana's cat."),
        ("Oliver is my dog.", "Oliver", "Oliver is Ana's dog."),
        ("We got another cat named Bailey too.", "Bailey", "Bailey is Ana's cat."),
        (
            "It's a gift from my grandma in my home country, Sweden.",
            "Sweden",
            "Sweden is Ana's home country.",
        ),
        ("Paris is the capital of France.", "Paris", "Paris is the capital of France."),
        ("My favorite color is blue.", "Ana's favorite color", "Ana's favorite color is blue."),
        (
            "My goal is to give kids a loving home.",
            "Ana's goal",
            "Ana's goal is to give kids a loving home.",
        ),
        (
            'I loved "Becoming Nicole" by Amy Ellis Nutt.',
            "Becoming Nicole",
            'Ana loved "Becoming Nicole" by Amy Ellis Nutt.',
        ),
        ("我的猫叫小白。", "小白", "Ana的猫叫小白。"),
        ("北京是中国的首都。", "北京", "北京是中国的首都。"),
    ],
)
def test_semantic_facts(text: str, name: str, summary: str) -> None:
    rows = extract_semantic([msg(text, speaker="Ana", sid="s1")])
    assert {"name": name, "summary": summary} in [
        {"name": r["name"], "summary": r["summary"]} for r in rows
    ]
    row = next(r for r in rows if r["name"] == name)
    assert set(row) == SEMANTIC_FIELDS
    assert row["source"] == "Ana"
    assert row["source_ids"] == ["s1"]
    assert row["details"] == f"Ana: {text}"
    assert row["tree_path"][-1] == name


@pytest.mark.parametrize(
    ("text", "name", "summary"),
    [
        (
            "Guess what - I got a puppy two weeks ago! Her name's Coco.",
            "Coco",
            "Coco is Ana's puppy.",
        ),
        ("We got a new dog. His name is Rex.", "Rex", "Rex is Ana's dog."),
        ("我养了一只猫，它叫小白。", "小白", "小白是Ana的猫。"),
    ],
)
def test_semantic_name_given_with_a_pronoun(text: str, name: str, summary: str) -> None:
    [row] = extract_semantic([msg(text, speaker="Ana")])
    assert (row["name"], row["summary"]) == (name, summary)
    assert row["tree_path"] == ["pets" if name != "小白" else "宠物", name]


def test_semantic_ignores_chatter() -> None:
    chatter = ["That sounds great, see you soon!", "It was so fun.", "His name is Bob."]
    assert extract_semantic([msg(text) for text in chatter]) == []


# --- core --------------------------------------------------------------------------------


def test_core_facts_about_the_user_in_third_person() -> None:
    rows = extract_core(
        [
            msg("I'm a vegetarian and I work at Acme as a data engineer.", sid="a"),
            msg("I love hiking in the Alps, but I love you too!", sid="b"),
            msg("I'm so happy today.", sid="c"),
            msg("My name is Ana.", sid="d"),
        ]
    )
    assert all(set(r) == CORE_FIELDS and r["label"] == "human" for r in rows)
    assert [(r["content"], r["source_ids"]) for r in rows] == [
        ("The user is a vegetarian.", ["a"]),
        ("The user works at Acme as a data engineer.", ["a"]),
        ("The user loves hiking in the Alps.", ["b"]),
        ("The user's name is Ana.", ["d"]),
    ]


def test_core_sentence_with_an_abbreviation_stays_whole() -> None:
    [row] = extract_core([msg("I work as a nurse at St. Mary's hospital.")])
    assert row["content"] == "The user works as a nurse at St. Mary's hospital."


def test_core_uses_the_speaker_name_and_keeps_chinese() -> None:
    rows = extract_core(
        [
            msg("I've known these friends for 4 years.", speaker="Caroline"),
            msg("我是一名老师，我喜欢猫。", speaker=None),
        ]
    )
    assert [r["content"] for r in rows] == [
        "Caroline has known these friends for 4 years.",
        "用户是一名老师。",
        "用户喜欢猫。",
    ]


def test_core_persona_from_the_assistant_and_nothing_from_others() -> None:
    rows = extract_core(
        [
            msg("I am an assistant that helps with cooking.", role="assistant"),
            msg("I am a pilot.", speaker="Bob", role="other"),
        ]
    )
    assert rows == [
        {
            "label": "persona",
            "content": "The assistant is an assistant that helps with cooking.",
            "source_ids": ["m1"],
        }
    ]


# --- procedural --------------------------------------------------------------------------


def test_procedural_numbered_lines() -> None:
    [row] = extract_procedural(
        [msg("To reset the router:\n1. Unplug it\n2. Wait 30 seconds\n3. Plug it back in")]
    )
    assert set(row) == PROCEDURAL_FIELDS
    assert row["entry_type"] == "guide"
    assert row["summary"] == "How to reset the router."
    assert row["steps"] == ["Unplug it", "Wait 30 seconds", "Plug it back in"]
    assert row["source_ids"] == ["m1"]


def test_procedural_first_then_finally() -> None:
    [row] = extract_procedural(
        [msg("First, open the app, then tap Settings, and finally choose Reset.")]
    )
    assert row["steps"] == ["open the app", "tap Settings", "choose Reset"]


def test_procedural_first_without_a_comma_after_a_colon() -> None:
    text = (
        "To deploy my blog: first run make build, then run make test, and finally "
        "push the site folder with rsync."
    )
    [row] = extract_procedural([msg(text)])
    assert row["summary"] == "How to deploy the user's blog."
    assert row["steps"] == ["run make build", "run make test", "push the site folder with rsync"]


def test_procedural_scripts_and_workflows() -> None:
    script, workflow = extract_procedural(
        [
            msg("Deploy steps:\n- run `git pull`\n- run `make deploy`", sid="s"),
            msg("Every morning I first, check email, then review the plan.", sid="w"),
        ]
    )
    assert (script["entry_type"], script["steps"]) == (
        "script",
        ["run `git pull`", "run `make deploy`"],
    )
    assert (workflow["entry_type"], workflow["steps"]) == (
        "workflow",
        ["check email", "review the plan"],
    )


def test_procedural_chinese() -> None:
    [row] = extract_procedural(
        [msg("做红烧肉的方法：首先把肉切块，然后焯水，最后小火炖一个小时。")]
    )
    assert row["steps"] == ["把肉切块", "焯水", "小火炖一个小时"]
    assert row["summary"] == "做红烧肉的方法。"


def test_procedural_list_in_a_document_is_for_the_line_before_it() -> None:
    notes = ("# Deploy guide\nThis deploys the blog to the VPS.\n\nSteps:\n1. Run make build\n"
             "2. Run make test\n3. Copy the site with rsync")
    [row] = extract_procedural([msg(notes)])
    assert row["summary"] == "Deploy guide."
    assert row["steps"] == ["Run make build", "Run make test", "Copy the site with rsync"]


@pytest.mark.parametrize("text", [
    "# Team offsite 2026\nVenue: Hotel Arcadia, Porto\n\n## Agenda\n1. Roadmap review\n"
    "2. Hiring plan\n3. Boat trip on the Douro",
    "Ingredients:\n1. 200g flour\n2. 2 eggs\n3. A pinch of salt",
    "Shopping list:\n- milk\n- bread",
    "Zutaten:\n1. Mehl\n2. Eier",
])
def test_procedural_ignores_lists_of_things(text: str) -> None:
    assert extract_procedural([msg(text)]) == []


def test_procedural_ignores_a_story_told_in_order() -> None:
    assert extract_procedural([msg("First, we went to the museum, then we had lunch.")]) == []


# --- resource ----------------------------------------------------------------------------


def test_resource_link_code_file_and_document() -> None:
    long_doc = "Quarterly Report\n\n" + "Revenue grew in every region this quarter. " * 30
    rows = extract_resource(
        [
            msg("Here is the guide: https://example.com/docs/setup.", speaker="Ana", sid="l"),
            msg("```python\ndef add(a, b):\n    return a + b\n```", speaker="Ana", sid="c"),
            msg("Please open /home/ana/reports/q3.xlsx", speaker="Ana", sid="f"),
            msg(long_doc, speaker="Ana", sid="d"),
        ]
    )
    assert all(set(r) == RESOURCE_FIELDS for r in rows)
    link, code, file, doc = rows
    assert (link["resource_type"], link["title"]) == ("link", "example.com/docs/setup")
    assert link["summary"].startswith("Ana shared a link to example.com/docs/setup")
    assert (code["resource_type"], code["title"]) == ("code", "Python: add")
    assert code["content"] == "def add(a, b):\n    return a + b\n"
    assert (file["resource_type"], file["title"]) == ("file", "q3.xlsx")
    assert (doc["resource_type"], doc["title"]) == ("document", "Quarterly Report")
    assert doc["content"] == long_doc
    assert [r["source_ids"] for r in rows] == [["l"], ["c"], ["f"], ["d"]]


def test_resource_not_for_plain_chat() -> None:
    assert extract_resource([msg("I painted a sunset last week, it was fun.")]) == []


# --- knowledge vault ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "entry_type", "sensitivity", "value", "caption"),
    [
        (
            "My GitHub token is ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "api_key",
            "high",
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "GitHub personal access token of the user",
        ),
        (
            "my wifi password is Tr0ub4dor&3",
            "password",
            "high",
            "Tr0ub4dor&3",
            "Wifi password of the user",
        ),
        (
            "My IBAN is GB82 WEST 1234 5698 7654 32",
            "iban",
            "high",
            "GB82 WEST 1234 5698 7654 32",
            "IBAN of the user",
        ),
        (
            "card 4111 1111 1111 1111",
            "card",
            "high",
            "4111 1111 1111 1111",
            "Payment card number of the user",
        ),
        (
            "call me at +1 415-555-0134",
            "phone",
            "medium",
            "+1 415-555-0134",
            "Phone number of the user",
        ),
        (
            "my mom's phone number is 415-555-0199",
            "phone",
            "medium",
            "415-555-0199",
            "Phone number of the user's mom",
        ),
        (
            "write to ana@example.com",
            "email",
            "low",
            "ana@example.com",
            "Email address of the user",
        ),
        (
            "I live at 221 Baker Street, London.",
            "address",
            "medium",
            "221 Baker Street, London",
            "Address of the user",
        ),
        ("我的支付宝密码是abc12345", "password", "high", "abc12345", "用户的支付宝密码"),
        ("我的手机号是13812345678", "phone", "medium", "13812345678", "用户的手机号"),
    ],
)
def test_knowledge_vault(
    text: str, entry_type: str, sensitivity: str, value: str, caption: str
) -> None:
    [row] = extract_knowledge_vault([msg(text)])
    assert set(row) == VAULT_FIELDS
    assert (row["entry_type"], row["sensitivity"], row["secret_value"], row["caption"]) == (
        entry_type,
        sensitivity,
        value,
        caption,
    )
    assert value not in row["caption"]
    assert row["source"] == "user"


def test_knowledge_vault_credentials_and_no_false_alarms() -> None:
    rows = extract_knowledge_vault([msg("username: ana_k password: hunter22", speaker="Ana")])
    assert [(r["entry_type"], r["secret_value"], r["caption"]) for r in rows] == [
        ("username", "ana_k", "Username of Ana"),
        ("password", "hunter22", "Password of Ana"),
    ]
    chatter = ["My password is strong.", "I ran 5 km in 2023.", "The number was 3.", "1:56 pm"]
    assert extract_knowledge_vault([msg(t) for t in chatter]) == []


# --- topics ------------------------------------------------------------------------------


def test_topics_keep_names_nouns_numbers_and_titles() -> None:
    assert topics("When did Caroline go to the LGBTQ support group?") == [
        "Caroline",
        "go",
        "LGBTQ",
        "support",
        "group",
    ]
    assert topics("How many kids does Melanie have in 2023?") == ["kids", "Melanie", "2023"]
    assert topics("What did Melanie's kids like about \"Charlotte's Web\"?") == [
        "Charlotte's Web",
        "Melanie",
        "kids",
    ]
    assert topics("Who is Matt Patterson?") == ["Matt Patterson"]


def test_topics_chinese_words_and_bigrams() -> None:
    assert topics("小明的猫叫什么名字？") == ["小明", "猫叫", "名字"]
    assert "周五" in topics("我上周五去哪里了？")


# --- answer ------------------------------------------------------------------------------

MEMORIES = [
    "Caroline went to a LGBTQ support group yesterday (7 May 2023) and it was so powerful.",
    "Melanie painted a lake sunrise last year (2022). It is special to her.",
]


def test_answer_when_gives_the_date_of_the_best_memory() -> None:
    assert answer("When did Caroline go to the LGBTQ support group?", MEMORIES) == "7 May 2023"
    assert answer("When did Melanie paint a sunrise?", MEMORIES) == "2022"
    rendered = ["[2023-05-07 12:00 UTC] (activity, user) Ana went hiking."]
    assert answer("When did Ana go hiking?", rendered) == "7 May 2023"


def test_answer_returns_the_best_sentence() -> None:
    assert answer("What did Melanie paint?", MEMORIES) == (
        "Melanie painted a lake sunrise last year (2022)."
    )


def test_answer_says_so_when_nothing_matches() -> None:
    assert answer("What is the capital of Mars?", MEMORIES) == NO_ANSWER
    assert answer("What did Ana eat?", []) == NO_ANSWER


def test_answer_chinese() -> None:
    memories = ["小白是Ana的猫。", "Ana昨天（2023年5月7日）去了超市。"]
    assert answer("小白是什么？", memories) == "小白是Ana的猫。"
    assert answer("Ana什么时候去了超市？", memories) == "2023年5月7日"


# --- all extractors ------------------------------------------------------------------------


def test_extractors_are_deterministic_and_fast() -> None:
    """600 turns, as in a LOCOMO conversation, well within a generous time budget."""
    turns = [
        msg(
            f"I went to the pottery class with Mel {n} days ago and we made {n} bowls!",
            "Ana",
            sid=f"D{n}",
        )
        for n in range(600)
    ]
    start = time.perf_counter()
    first = [f(turns) for f in EXTRACTORS]
    elapsed = time.perf_counter() - start
    assert first == [f(turns) for f in EXTRACTORS]
    assert len(first[0]) == 600
    assert elapsed / len(turns) < 0.005


def test_long_run_on_text_stays_linear() -> None:
    """A pasted wall of text with thousands of dates, links and names does not stall."""
    wall = "I saw Bob two days ago at http://example.com/a and my password is x9 " * 2000
    start = time.perf_counter()
    route([wall])
    for extract in EXTRACTORS:
        extract([msg(wall)])
    assert time.perf_counter() - start < 20
