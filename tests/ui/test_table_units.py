"""Table polish without a window: seat names, the score book, round labels, the play mat's
caption, the log's contrast, lifts under reduced motion, tooltip placement (issue 14, 11-17)."""

from __future__ import annotations

import pytest

from tacocat.rules import Phase, new_game
from tacocat.rules import events as ev
from tacocat.ui.results.score import RoundRecord, ScoreBook, book_from_state, round_label
from tacocat.ui.table import lifts
from tacocat.ui.table.panels import LOG_FILL_ALPHA, log_colour
from tacocat.ui.table.scoreboard import centre_caption
from tacocat.ui.table.tooltips import place, tip_at
from tacocat.ui.table.turn import Turn
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.names import default_name, default_names, seat_name, stored_names
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.style import contrast_ratio, mix, palette


def test_default_names_are_the_two_houses_and_have_no_digits():
    sun, moon = default_names()
    assert (sun, moon) == (tr("tacocat.names.sun"), tr("tacocat.names.moon"))
    assert sun != moon
    assert not any(ch.isdigit() for ch in sun + moon)


def test_old_default_names_become_the_seats_house_names():
    assert stored_names(("Player 1", "Player 2")) == default_names()
    assert stored_names(("", "  ")) == default_names()
    assert stored_names(("Ana", "Player 2")) == ("Ana", default_name(1))
    # A default name follows the seat: the human playing the second seat is the Moon.
    assert seat_name(default_name(0), 1) == default_name(1)
    assert seat_name(" Ana ", 1) == "Ana"


def test_score_book_counts_decided_rounds_and_replays():
    book = ScoreBook()
    assert (book.number, book.replay) == (1, 0)
    book.feed(ev.ShowdownRevealed((3, 9)))
    book.feed(ev.RoundWon(0, False))
    book.feed(ev.ShowdownRevealed((5, 5)))
    book.feed(ev.RoundTied(3))
    book.feed(ev.ShowdownRevealed((4, 4)))
    book.feed(ev.RoundTied(3))
    assert (book.number, book.replay, book.wins) == (2, 2, [1, 0])
    book.feed(ev.ShowdownRevealed((8, 2)))
    book.feed(ev.RoundWon(1, False))
    assert (book.number, book.replay, book.wins) == (3, 0, [1, 1])
    assert book.records == [
        RoundRecord(1, 0, (3, 9), 0),
        RoundRecord(2, 0, (5, 5), None),
        RoundRecord(2, 1, (4, 4), None),
        RoundRecord(2, 2, (8, 2), 1),
    ]


def test_round_label_names_the_replay_only_when_there_is_one():
    assert round_label(5, 0) == tr("tacocat.table.round_n", n=5)
    label = round_label(5, 2)
    assert "5" in label and "2" in label and label != round_label(5, 0)


def _play_to_the_end(seed: int):
    state, events = new_game(seed)
    book = ScoreBook()
    for event in events:
        book.feed(event)
    snapshots = []
    while not state.is_over:
        seat = state.to_act[0]
        state, events = state.apply(state.legal_actions(seat)[0])
        for event in events:
            book.feed(event)
        snapshots.append((state, book.number, book.replay, list(book.wins), len(book.records)))
    return snapshots


@pytest.mark.parametrize("seed", [3, 11])
def test_a_resumed_game_rebuilds_the_same_score_book(seed):
    snapshots = _play_to_the_end(seed)
    for state, number, replay, wins, records in snapshots[:: max(1, len(snapshots) // 6)]:
        rebuilt = book_from_state(state)
        assert (rebuilt.number, rebuilt.replay, rebuilt.wins, len(rebuilt.records)) == (
            number,
            replay,
            wins,
            records,
        )
        assert rebuilt.wins == list(state.wins)


def test_centre_caption_says_what_is_decided_and_counts_the_piles():
    names = ("Sun", "Moon")
    caption = centre_caption(Turn(phase=Phase.ATTACK, mover=1), names, 17, 6)
    assert "Moon" in caption and "17" in caption and "6" in caption
    replace = centre_caption(Turn(phase=Phase.REPLACE), names, 20, 0)
    assert replace.startswith(tr("tacocat.table.centre.replace"))
    assert centre_caption(Turn(phase=Phase.REPLACE, mover=0), names, 20, 0).startswith(
        tr("tacocat.table.centre.replace_by", name="Sun")
    )
    assert centre_caption(Turn(phase=Phase.DEFEND), names, 3, 4) == tr(
        "tacocat.table.centre.piles", draw=3, discards=4
    )


def test_every_log_line_reads_at_4_5_to_1_against_its_panel():
    p = palette()
    # The panel: table_deep at LOG_FILL_ALPHA over the table (the lightest the background gets).
    panel = mix(p.table, p.table_deep, LOG_FILL_ALPHA / 255)
    for count in range(1, 8):
        for index in range(count):
            ratio = contrast_ratio(log_colour(index, count), panel)
            assert ratio >= 4.5, (index, count, ratio)
    # Older lines stay softer than the newest one (the log still reads as a history).
    assert log_colour(0, 5) != log_colour(4, 5)


class _Sprite:
    def __init__(self, owner: int) -> None:
        self.owner, self.lift, self.selected, self.committed = owner, 0.0, False, False


class _View:
    def __init__(self) -> None:
        self.hands = [[_Sprite(0), _Sprite(0)], [_Sprite(1)]]
        self.face_up_seats = frozenset({0})


def test_hover_lift_glides_but_snaps_under_reduced_motion():
    view = _View()
    hovered = view.hands[0][1]
    moving = lifts.update(view, 0, (hovered,), 1 / 60, snap=False)
    assert moving and 0 < hovered.lift < lifts.HOVER_LIFT  # a glide, frame by frame
    view = _View()
    hovered = view.hands[0][1]
    moving = lifts.update(view, 0, (hovered,), 1 / 60, snap=True)
    assert not moving and hovered.lift == lifts.HOVER_LIFT  # no animation at all
    assert view.hands[0][0].lift == 0.0 and view.hands[1][0].lift == 0.0


def test_only_the_viewers_cards_rise():
    view = _View()
    other = view.hands[1][0]
    other.selected = True
    lifts.update(view, 0, (other,), 1 / 60, snap=True)
    assert other.lift == 0.0


def test_tooltip_lookup_and_placement_stay_inside_the_window():
    import pygame

    spots = [(pygame.Rect(10, 10, 20, 20), "first"), (pygame.Rect(0, 0, 100, 100), "second")]
    assert tip_at(spots, (15, 15)) == "first"
    assert tip_at(spots, (50, 50)) == "second"
    assert tip_at(spots, (500, 500)) is None
    for pointer in ((5, 5), (L.WIDTH - 3, L.HEIGHT - 3), (L.WIDTH // 2, 10)):
        rect = place((320, 90), pointer)
        assert pygame.Rect(0, 0, L.WIDTH, L.HEIGHT).contains(rect)
        assert not rect.collidepoint(pointer)
