"""A loss, a defeat and a tie look and sound like what they are (issue 23, item 6)."""

from __future__ import annotations

import pytest
from table_helpers import step

from tacocat.rules import events as ev
from tacocat.rules import new_game
from tacocat.seating import GameKind, Seating
from tacocat.ui.results.summaries import GameSummary, RoundSummary
from tacocat.ui.scenes.game_over import GameOverScene
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.table.animator import Animator
from tacocat.ui.table.panels import banner_colours
from tacocat.ui.table.view import TableView
from tacocat.ui.widgets.style import palette


def _animator(visible: frozenset[int]):
    state, _ = new_game(1)
    view = TableView(state.ruleset.board, ("Ana", "Computer"), 0, visible, 38)
    sounds: list[str] = []
    animator = Animator(
        view,
        speed=lambda: 1.0,
        sound=sounds.append,
        narrate=lambda event: None,
        reduced_motion=lambda: False,
        visible_seats=visible,
    )
    return view, animator, sounds


def _play(animator, *events):
    animator.feed(events)
    for _ in range(5):
        animator.update(1 / 60)


@pytest.mark.parametrize(
    ("winner", "text", "tone", "sound"),
    [
        (0, "You win the round!", "good", "round"),
        (1, "Computer wins the round", "bad", "lose"),  # no "!", not green
    ],
)
def test_a_round_against_the_computer_feels_like_its_result(winner, text, tone, sound):
    view, animator, sounds = _animator(frozenset({0}))
    _play(animator, ev.RoundWon(winner))
    (banner,) = view.banners
    assert (banner.text, banner.tone, sounds[-1]) == (text, tone, sound)


def test_a_defeat_has_no_confetti_and_no_fanfare():
    view, animator, sounds = _animator(frozenset({0}))
    _play(animator, ev.GameWon(1))
    assert view.particles == [] and "win" not in sounds and sounds[-1] == "lose"
    assert view.banners[-1].tone == "bad"
    view, animator, sounds = _animator(frozenset({0}))
    _play(animator, ev.GameWon(0))
    assert view.particles and sounds[-1] == "win" and view.banners[-1].tone == "good"


def test_a_lost_game_is_said_plainly_and_a_won_one_cheered():
    """The sombre banner of a lost game drops the "!", as a lost round's does."""
    view, animator, sounds = _animator(frozenset({0}))
    _play(animator, ev.GameWon(1))
    assert view.banners[-1].text == "Computer brings Tacocat home"
    view, animator, sounds = _animator(frozenset({0}))
    _play(animator, ev.GameWon(0))
    assert view.banners[-1].text == "Ana brings Tacocat home!"


def test_hot_seat_wins_show_in_the_winners_colour():
    view, animator, sounds = _animator(frozenset({0, 1}))
    _play(animator, ev.RoundWon(1))
    assert view.banners[-1].tone == "seat1"
    assert banner_colours("seat1")[0] == palette().seat(
        1, dark=True
    )  # dark: white text keeps 4.5:1
    assert banner_colours("bad")[0] != palette().avocado
    view, animator, sounds = _animator(frozenset({0, 1}))
    _play(animator, ev.GameWon(1))
    assert view.banners[-1].tone == "seat1"
    assert view.particles  # everyone at a shared screen may cheer the winner


def test_a_tie_sounds_even_and_its_result_says_deal_again(start_table):
    view, animator, sounds = _animator(frozenset({0}))
    _play(animator, ev.RoundTied(3))
    assert sounds[-1] == "tie"
    app, table = start_table("vs_ai", seed=8)
    result = RoundResultScene(
        app, table, RoundSummary(round=2, showdown=(6, 6), winner=None, tie=True, wins=(1, 0))
    )
    app.scenes.push(result)
    step(app, 3)
    assert result.next_button.label == "Deal the round again"
    assert result._title()[0] == "A tie!"
    texts = _texts_drawn(app, result)
    assert "equal: nobody wins" in texts and "lower wins" not in texts


def test_the_round_result_and_game_over_say_you_lost(start_table):
    app, table = start_table("vs_ai", seed=8)
    lost = RoundResultScene(
        app, table, RoundSummary(round=1, showdown=(9, 3), winner=1, wins=(0, 1))
    )
    assert lost._title() == ("Round lost: Computer wins it", palette().ink_soft)
    assert lost.next_button.label == "Next round"
    won = RoundResultScene(
        app, table, RoundSummary(round=1, showdown=(3, 9), winner=0, wins=(1, 0))
    )
    assert won._title()[0] == "You win the round!"
    info = GameSummary(
        winner=1,
        wins=(1, 4),
        names=table.view.names,
        rounds=5,
        tied=0,
        seating=Seating.of(GameKind.VS_AI, 0),
        recap=(),
    )
    over = GameOverScene(app, table, info)
    app.scenes.push(over)
    step(app, 3)
    assert "You lost: Computer wins" in _texts_drawn(app, over)


def _texts_drawn(app, scene) -> list[str]:
    """Every text the scene draws in one frame (through the overlay's text helpers)."""
    import tacocat.ui.scenes.round_result as rr
    from tacocat.ui.scenes import overlay

    seen: list[str] = []
    originals = (overlay.DrawnOverlay.heading, overlay.DrawnOverlay.line, rr.draw_lines)

    def heading(self, surface, text, *a, **k):
        seen.append(text)
        return originals[0](self, surface, text, *a, **k)

    def line(self, surface, text, *a, **k):
        seen.append(text)
        return originals[1](self, surface, text, *a, **k)

    def lines(surface, cache, text, *a, **k):
        seen.append(text)
        return originals[2](surface, cache, text, *a, **k)

    overlay.DrawnOverlay.heading, overlay.DrawnOverlay.line, rr.draw_lines = heading, line, lines
    try:
        scene.draw(app.screen)
    finally:
        overlay.DrawnOverlay.heading, overlay.DrawnOverlay.line, rr.draw_lines = originals
    return seen
