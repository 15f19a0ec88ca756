"""The hint button names the reason the analysis found, with the odds after it (issue 23)."""

from __future__ import annotations

import pygame
from table_helpers import key, step, wait_for_turn

from tacocat.ai import hints
from tacocat.rules import Replace
from tacocat.ui.text.card_words import card_list
from tacocat.ui.text.reason_words import why
from tests.ai.helpers import small_hard


def test_the_hint_shows_its_reason_next_to_the_percentages(start_table, monkeypatch):
    given = []
    real = hints.suggest

    def spy(observation, legal, bot=None):  # the table's hint, with test-sized sampling
        hint = real(observation, legal, bot=small_hard(4))
        given.append(hint)
        return hint

    monkeypatch.setattr(hints, "suggest", spy)
    app, table = start_table("vs_ai", seed=8)
    for _ in range(12):  # decisions until one has a better move with a reason
        seat = wait_for_turn(app, table)
        key(app, pygame.K_h)
        for _ in range(50):
            if given and table.controls.hint_text and "…" not in table.controls.hint_text:
                break
            step(app)
        hint = given[-1]
        text = table.controls.hint_text
        if hint.reasons:
            break
        assert seat == 0
        table.session.submit(hint.action)  # play it and look at the next decision
        given.clear()
    assert hint.reasons, "no hint with a reason in a dozen decisions"
    assert text.startswith("Hint") and why(hint.reasons) in text
    assert f"{hint.reason_params['pct']}%" in text and f"{hint.reason_params['alt_pct']}%" in text
    # The reason comes before the numbers, and the prompt under the table shows it all.
    assert text.index(why(hint.reasons)) < text.index(f"{hint.reason_params['pct']}%")
    assert table.view.frame.prompt == (text, "hint")
    if isinstance(hint.action, Replace) and len(hint.action.cards) > 1:
        assert card_list(hint.action.cards) in text  # a set to replace, "5, 5 and 7"
