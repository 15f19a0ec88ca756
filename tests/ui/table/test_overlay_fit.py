"""Drawn overlays keep their text clear of their buttons, in every language, at both text sizes.

A 9-round game (two ties) fills two rows of chips; Lao's taller lines at 100 % and every
language at 150 % pushed the second row under the buttons (review lo 7, lv)."""

from __future__ import annotations

import pytest

from tacocat.languages import LANGUAGES
from tacocat.seating import GameKind, Seating
from tacocat.ui.results.score import RoundRecord
from tacocat.ui.results.summaries import GameSummary
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.text import i18n, text_scale


def _records(rounds: int, ties: int) -> tuple[RoundRecord, ...]:
    """``rounds`` showdowns, the first ``ties`` of them tied (each replayed once)."""
    out, number = [], 1
    for i in range(rounds):
        tie = i < 2 * ties and i % 2 == 0
        out.append(
            RoundRecord(
                number,
                1 if i < 2 * ties and i % 2 else 0,
                (5, 5) if tie else (5, 6 + i % 3),
                None if tie else i % 2,
            )
        )
        number += 0 if tie else 1
    return tuple(out)


@pytest.mark.parametrize("text_size", [100, 150], ids=lambda s: f"text_{s}")
@pytest.mark.parametrize("code", LANGUAGES, ids=lambda c: f"lang_{c}")
@pytest.mark.parametrize("rounds", [9, 14])
def test_the_recap_clears_the_buttons(start_table, code, text_size, rounds):
    app, table = start_table("vs_ai", seed=8, argv=("--lang", code))
    try:
        text_scale.set_percent(text_size)
        info = GameSummary(
            winner=0,
            wins=(4, 3),
            names=table.view.names,
            rounds=rounds,
            tied=rounds - 7,
            seating=Seating.of(GameKind.VS_AI, 0),
            recap=_records(rounds, rounds - 7),
        )
        over = GameOverScene(app, table, info)
        over.draw(app.screen)
        tops = [b.rect.top for b in over.buttons if b is not over.replay_button]
        assert over.recap_bottom <= min(tops) - 4
        assert all(app.screen.get_rect().contains(b.rect) for b in over.buttons)
        assert over.panel_rect.bottom <= app.screen.get_height()
    finally:
        text_scale.set_percent(100)
        i18n.set_language("en")


@pytest.mark.parametrize("text_size", [100, 150], ids=lambda s: f"text_{s}")
@pytest.mark.parametrize("code", LANGUAGES, ids=lambda c: f"lang_{c}")
def test_the_discards_legend_clears_close(start_table, code, text_size):
    """Filipino's two-line legend at 100 % and English's at 150 % ran under Close (D)."""
    app, table = start_table("vs_ai", seed=8, argv=("--lang", code))
    try:
        text_scale.set_percent(text_size)
        table.open_discards()
        viewer = app.scenes.top
        assert viewer.name == "discard_viewer"
        viewer.draw(app.screen)
        assert viewer.notes_bottom <= viewer.close_button.rect.top - 4
        assert viewer.panel_rect.bottom <= app.screen.get_height()
        assert all(
            viewer.panel_rect.contains(card.pos[0], card.pos[1], 1, 1) for card in viewer.cards
        )
    finally:
        text_scale.set_percent(100)
        i18n.set_language("en")
