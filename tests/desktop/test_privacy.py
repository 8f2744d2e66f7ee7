"""Exclusion rules: excluded applications and window titles are never captured or stored."""

from __future__ import annotations

import pytest
from support.screens import render

from mirix_like.desktop import PrivacyRules, ScreenWatcher, VisibleWindow, WindowInfo
from mirix_like.errors import InvalidInputError

RULES = PrivacyRules(exclude_apps=["KeePassXC", " signal "],
                     exclude_titles=[r"incognito|private browsing", r"^Bank\b"])


@pytest.mark.parametrize(("app", "title", "excluded"), [
    ("keepassxc", "Passwords.kdbx", True),  # app names match case-insensitively
    ("Signal", "Chat with Dana", True),
    ("Firefox", "New Private Browsing tab", True),  # title patterns are searched, any case
    ("Firefox", "Bank of Lisbon - Login", True),
    ("Firefox", "My Bank statements", False),  # ^Bank only at the start
    ("Firefox", "Lisbon - Wikipedia", False),
    ("Signal Desktop", "Chat", False),  # a name, not a substring
    (None, None, True),  # rules set but the window unknown: not captured
])
def test_rules_match_apps_and_titles(app, title, excluded) -> None:
    assert RULES.excludes(WindowInfo(app, title)) is excluded


def test_no_rules_exclude_nothing_and_bad_patterns_are_refused() -> None:
    assert not PrivacyRules().excludes(WindowInfo())
    with pytest.raises(InvalidInputError, match="not a valid regular expression"):
        PrivacyRules(exclude_titles=["(unclosed"])


def test_excluded_windows_visible_on_screen_are_painted_black() -> None:
    image = render(["secret"], (200, 100))
    windows = [VisibleWindow(WindowInfo("KeePassXC", "db"), (150, 50, 250, 150)),
               VisibleWindow(WindowInfo("Editor", "notes"), (0, 0, 100, 100))]
    assert RULES.blank(image, windows, origin=(100, 0)) == 1
    black = (0, 0, 0)
    assert image.getpixel((50, 50)) == black and image.getpixel((149, 99)) == black
    assert black not in (image.getpixel((49, 50)), image.getpixel((50, 49)),
                         image.getpixel((150, 99)))


def test_the_watcher_never_grabs_nor_stores_an_excluded_window(memory, screen) -> None:
    watcher = ScreenWatcher(memory, user_id="sam", source=screen,
                            exclude_apps=["KeePassXC"], exclude_titles=["incognito"])
    screen.show(render(["hunter2 is the password"]), "KeePassXC", "Passwords.kdbx")
    assert watcher.tick() == "excluded"
    screen.show(render(["Search privately"]), "Firefox", "New Incognito Tab")
    assert watcher.tick() == "excluded"
    assert screen.grabs == 0
    # The user switches to an excluded window while a frame is grabbed: it is thrown away.
    screen.show(render(["Lisbon travel notes"]), "Editor", "trip.md")
    screen.switch_to = WindowInfo("KeePassXC", "Passwords.kdbx")
    assert watcher.tick() == "excluded"
    watcher.send()
    status = watcher.status()
    assert (status.frames_seen, status.frames_excluded, status.frames_kept) == (3, 3, 0)
    assert memory.pending("sam") == [] and memory.store.inputs("sam") == []
    assert not memory.aio.image_dir.exists() or not any(memory.aio.image_dir.iterdir())


def test_with_rules_set_an_unknown_window_is_not_captured(memory, screen) -> None:
    watcher = ScreenWatcher(memory, user_id="sam", source=screen, exclude_apps=["KeePassXC"])
    screen.show(render(["anything"]))  # the platform cannot tell the window
    assert watcher.tick() == "excluded" and screen.grabs == 0
    open_watcher = ScreenWatcher(memory, user_id="sam", source=screen)
    assert open_watcher.tick() == "kept"  # without rules it is captured
