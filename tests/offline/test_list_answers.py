"""Offline answers to questions that ask for a list ("What shelters ...?")."""

from __future__ import annotations

from mirix_like.offline.answer import answer


def test_a_list_answer_whose_sentence_another_memory_says_more_fully() -> None:
    # The core block's fact and the event it came from share one sentence; the event says
    # it at more length. This raised KeyError before (LOCOMO conv-30, answer mode).
    memories = [
        "<human> 1: Maria has been volunteering at a homeless shelter and it's really "
        "rewarding. 2: Maria is passionate about charity work. </human>",
        "[2023-02-25] As for Maria, Maria has been volunteering at a homeless shelter and "
        "it's really rewarding. — Maria: As for me, I've been volunteering at a homeless "
        "shelter and it's really rewarding.",
        "[2023-06-03] Maria just started volunteering at a local dog shelter once a month. — "
        "Maria: I just started volunteering at a local dog shelter once a month.",
    ]
    reply = answer("What shelters does Maria volunteer at?", memories)
    assert "homeless shelter" in reply
    assert "<human>" not in reply and "1:" not in reply
