"""Near-duplicate filtering on generated frames: identical, a blinking cursor, a new paragraph."""

from __future__ import annotations

import pytest
from support.screens import render

from mirix_like.desktop import NearDuplicateFilter, similarity, thumbnail
from mirix_like.errors import InvalidInputError

LETTER = ["Dear Dana,", "Thanks for the notes on the plan."]
PARAGRAPH = ["Let us meet on Friday at Nopa.", "I will bring the draft."]


@pytest.mark.parametrize("size", [(640, 360), (1920, 1080)])
def test_identical_and_cursor_frames_are_dropped_and_a_new_paragraph_is_kept(size) -> None:
    frames = NearDuplicateFilter()
    assert frames.admit(render(LETTER, size))
    assert not frames.admit(render(LETTER, size))  # identical
    assert not frames.admit(render(LETTER, size, cursor=True))  # the cursor blinks on
    assert not frames.admit(render(LETTER, size))  # and off
    assert frames.admit(render(LETTER + PARAGRAPH, size))  # a new paragraph
    assert not frames.admit(render(LETTER + PARAGRAPH, size, cursor=True))
    assert frames.admit(render(LETTER, size))  # the paragraph deleted again: new


def test_comparison_is_against_the_last_kept_frame_not_the_last_seen() -> None:
    frames = NearDuplicateFilter(0.999)
    assert frames.admit(render(LETTER))
    # Typing one letter at a time: each frame is nearly the one before, but the drift from
    # the last kept frame adds up until a frame is kept.
    typed = [frames.admit(render(LETTER + [word])) for word in ("L", "Le", "Let")]
    assert typed == [False, False, True]


def test_the_threshold_is_configurable_and_checked() -> None:
    strict = NearDuplicateFilter(0.9999)
    assert strict.admit(render(LETTER))
    assert strict.admit(render(LETTER, cursor=True))  # a cursor counts at 99.99%
    everything_similar = NearDuplicateFilter(0.0)
    assert everything_similar.admit(render(LETTER))
    assert not everything_similar.admit(render(PARAGRAPH))
    with pytest.raises(InvalidInputError):
        NearDuplicateFilter(1.5)


def test_thumbnails_are_small_grayscale_and_frames_of_another_shape_never_match() -> None:
    thumb = thumbnail(render(LETTER, (1920, 1080)))
    assert thumb.shape == (90, 160)
    portrait = render(LETTER, (1080, 1920))
    assert similarity(thumb, thumbnail(portrait)) == 0.0
    frames = NearDuplicateFilter()
    assert frames.admit(render(LETTER, (1920, 1080)))
    assert frames.admit(portrait)  # the monitor was turned
