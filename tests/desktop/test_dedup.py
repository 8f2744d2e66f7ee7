"""Which frames are new: every screen whose content changed is kept, repeats are dropped."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from support.screens import DARK, Shot, desktop, history, render

from mirix_like.desktop import NearDuplicateFilter, changes
from mirix_like.errors import InvalidInputError

LETTER = ["Dear Dana,", "Thanks for the notes on the plan."]
PARAGRAPH = ["Let us meet on Friday at Nopa.", "I will bring the draft."]
CHROMIUM = Path("/usr/bin/chromium")


def _wrong(frames, keep=NearDuplicateFilter) -> list[str]:
    """The frames the filter decides wrongly, with its reason."""
    kept = keep()
    return [f"{frame.what}: {decision.reason}" for frame in frames
            if (decision := kept.decide(frame.image)).new != frame.new]


@pytest.mark.parametrize("look", [
    {},
    {"size": (1366, 768)},
    {"size": (2560, 1440)},
    {"theme": DARK},
    {"family": "serif", "text_px": 17},
    {"family": "mono", "text_px": 13, "panel": "bottom"},
    {"size": (1366, 768), "theme": DARK, "text_px": 12, "panel": "bottom"},
    {"size": (2560, 1440), "family": "serif", "text_px": 20, "panel": "bottom"},
], ids=["1080p", "768p", "1440p", "dark", "serif", "mono-bottom-clock", "768p-dark-small",
        "1440p-serif"])
def test_every_distinct_screen_of_one_layout_is_kept_and_every_repeat_dropped(look) -> None:
    frames = history(**look)
    assert sum(f.new for f in frames) == 11 and len(frames) == 66
    assert _wrong(frames) == []


def test_a_one_line_change_is_new_and_small_marks_are_not() -> None:
    mail = Shot("Mail", "Inbox", ("Your order", "From: shop", "", "Hello Sam,",
                                  "Tracking number: 1Z84F2219344710028", "Thanks!"))
    frames = NearDuplicateFilter()
    first = frames.decide(desktop(mail))
    assert first.new and first.changes is None  # nothing to compare to
    repeat = frames.decide(desktop(mail))
    assert not repeat and repeat.changes == () and "identical" in repeat.reason
    cursor = frames.decide(desktop(replace(mail, cursor=True)))
    assert not cursor and "cursor" in cursor.reason
    clock = frames.decide(desktop(replace(mail, clock="09:42")))
    assert not clock and "clock" in clock.reason
    pointer = frames.decide(desktop(replace(mail, pointer=(0.5, 0.5))))
    assert not pointer and "pointer" in pointer.reason
    edited = replace(mail, lines=(*mail.lines[:4], "Tracking number: 1Z84F2219344719999",
                                  "Thanks!"))
    line = frames.decide(desktop(edited))
    assert line.new and line.reason == "content changed"
    [box] = [c.box for c in line.changes if c.kind == "content"]
    assert box[1] > 100 and box[3] - box[1] < 30  # one line of the body, found where it is


def test_one_figure_replaced_is_new_and_so_are_many_small_changes_at_once() -> None:
    table = ("Sales by region", *(f"{name}: {n}" for n, name in enumerate(
        ("north", "south", "east", "west", "centre"))))
    frames = NearDuplicateFilter()
    assert frames.decide(desktop(Shot("Sheets", "sales.ods", table)))
    one = (*table[:-1], "centre: 7")  # one figure replaced: the screen says something else
    assert frames.decide(desktop(Shot("Sheets", "sales.ods", one))).reason == "content changed"
    # a digit typed at the end of every figure: each alone could be typing
    every = (table[0], *(line + "5" for line in one[1:]))
    assert frames.decide(desktop(Shot("Sheets", "sales.ods", every))).reason == (
        "many small changes")


@pytest.mark.parametrize("text_px", [10, 11, 12, 13, 14])
@pytest.mark.parametrize(("before", "after"), [
    ("unread: 0", "unread: 1"), ("was 3", "was 8"), ("a sum in euros 5", "a sum in euros 6")])
def test_a_figure_replaced_beside_small_letters_only_is_new(text_px, before, after) -> None:
    # a digit is taller than the small letters beside it ("u", "n", "r", "e", "a", "s", "w")
    # and an "i"'s dot is apart above them: the line is still the digit's line
    page = ("Inbox", "Notifications", before, "Settings")
    shot = Shot("Mail", "Inbox", page, text_px=text_px)
    frames = NearDuplicateFilter()
    assert frames.decide(desktop(shot))
    assert not frames.decide(desktop(replace(shot, pointer=(0.045, 0.135))))  # a pointer on it
    changed = replace(shot, lines=tuple(after if line == before else line for line in page))
    assert frames.decide(desktop(changed)).reason == "content changed"


@pytest.mark.parametrize("size", [(640, 360), (1920, 1080)])
def test_identical_and_cursor_frames_are_dropped_and_a_new_paragraph_is_kept(size) -> None:
    frames = NearDuplicateFilter()
    assert frames.decide(render(LETTER, size))
    assert not frames.decide(render(LETTER, size))  # identical
    assert not frames.decide(render(LETTER, size, cursor=True))  # the cursor blinks on
    assert not frames.decide(render(LETTER, size))  # and off
    assert frames.decide(render(LETTER + PARAGRAPH, size))  # a new paragraph
    assert not frames.decide(render(LETTER + PARAGRAPH, size, cursor=True))
    assert frames.decide(render(LETTER, size))  # the paragraph deleted again: new


def test_comparison_is_against_the_last_kept_frame_not_the_last_seen() -> None:
    note = Shot("Notes", "plan.md", tuple(LETTER))
    frames = NearDuplicateFilter()
    assert frames.decide(desktop(note))
    # Typing one letter at a time: each frame is nearly the one before, but the change since
    # the last kept frame grows until it is a word.
    words = ("L", "Le", "Let", "Let ", "Let u", "Let us", "Let us ", "Let us m")
    typed = [frames.decide(desktop(replace(note, lines=(*LETTER, word)))).new
             for word in words]
    # Three characters are a change; the next three are counted from "Let", not from "Let u".
    assert typed == [False, False, True, False, False, False, False, True]


def test_the_threshold_is_configurable_and_checked() -> None:
    strict = NearDuplicateFilter(1.0)
    assert strict.decide(render(LETTER))
    assert strict.decide(render(LETTER, cursor=True))  # at 1.0 any change counts
    assert not strict.decide(render(LETTER, cursor=True))  # but not no change
    lenient = NearDuplicateFilter(0.9)  # a region must span 30% of the height to count
    assert lenient.decide(render(LETTER))
    assert not lenient.decide(render(LETTER + ["P.S."]))
    assert lenient.decide(render(PARAGRAPH * 2))
    with pytest.raises(InvalidInputError):
        NearDuplicateFilter(1.5)


def test_frames_of_another_size_are_new_and_changes_are_found_at_full_resolution() -> None:
    frames = NearDuplicateFilter()
    assert frames.decide(render(LETTER, (1920, 1080)))
    turned = frames.decide(render(LETTER, (1080, 1920)))  # the monitor was turned
    assert turned.new and turned.changes is None
    before = np.full((1080, 1920), 250, np.uint8)
    after = before.copy()
    after[500:503, 700:1000] = 20  # a thin rule, 3 pixels high
    after[900:920, 100:300] = 20  # a block of text
    found = {c.kind: c.box for c in changes(before, after)}
    assert found == {"thin": (700, 500, 1000, 503), "content": (100, 900, 300, 920)}


# --------------------------------------------------------------------- real rendering

APPS = {
    "mail": ("Inbox - Mail", "<aside>Inbox<br>Sent<br>Drafts</aside><main><h2>Your parcel"
             "</h2><p>From: Dana Reyes</p><p>Tracking number: {fact}</p></main>"),
    "calendar": ("Week 10 - Calendar", "<aside>March 2025</aside><main><table>"
                 "<tr><th>Mon</th><th>Tue</th><th>Wed</th></tr><tr><td>09:00 Stand-up</td>"
                 "<td>11:30 Dentist, {fact}</td><td></td></tr></table></main>"),
    "sheet": ("budget.ods - Sheets", "<main><table><tr><th>Item</th><th>Cost</th></tr>"
              "<tr><td>Rent</td><td>1,200</td></tr><tr><td>{fact}</td><td>86</td></tr>"
              "</table></main>"),
    "editor": ("config.yaml - Code", "<main><pre>project: atlas\nrelease: {fact}\n"
               "port: 8443</pre></main>"),
}
PAGE = """<html><head><style>
body {{ margin: 0; font: 15px sans-serif; background: {bg}; color: {fg}; }}
header {{ height: 30px; background: #333; color: #eee; padding: 6px 12px; }}
#clock {{ float: right; }}
aside {{ float: left; width: 220px; height: 1000px; background: rgba(128,128,128,.15);
        padding: 12px; }}
main {{ margin-left: 260px; padding: 16px; }}
td, th {{ border: 1px solid #999; padding: 6px 18px; }}
#caret {{ display: inline-block; width: 2px; height: 18px; background: {fg}; }}
</style></head><body><header>{title}<span id="clock">{clock}</span></header>{body}
<span id="caret" style="visibility: {caret}"></span></body></html>"""


@pytest.fixture(scope="module")
def page() -> Iterator:
    """One headless Chromium page, reused for every screenshot."""
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"])
        yield browser.new_page()
        browser.close()


def _shoot(page, app: str, fact: str, *, dark: bool = False, clock: str = "09:41",
           caret: bool = False) -> Image.Image:
    title, body = APPS[app]
    page.set_content(PAGE.format(bg="#1e1f24" if dark else "#fff", fg="#ddd" if dark else "#111",
                                 title=title, clock=clock, body=body.format(fact=fact),
                                 caret="visible" if caret else "hidden"))
    return Image.open(BytesIO(page.screenshot())).convert("RGB")


@pytest.mark.parametrize(("size", "dark"), [((1920, 1080), False), ((1366, 768), True),
                                            ((2560, 1440), False)])
def test_browser_rendered_apps_are_kept_and_their_repeats_dropped(page, size, dark) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    frames = NearDuplicateFilter()
    for app, facts in {"mail": ("1Z84F2219344710028", "1Z84F2219344719999"),
                       "calendar": ("Room 214", "Room 318"),
                       "sheet": ("Groceries", "Internet"),
                       "editor": ("2.7.1", "3.0.0")}.items():
        for fact in facts:
            assert frames.decide(_shoot(page, app, fact, dark=dark)), (app, fact)
            for repeat in ({}, {"clock": "09:42"}, {"caret": True}):
                decision = frames.decide(_shoot(page, app, fact, dark=dark, **repeat))
                assert not decision, (app, fact, repeat, decision.reason)
