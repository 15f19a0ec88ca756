"""Showdown, ties, moving Tacocat, tiles and winning."""

import pytest
from rules_helpers import apply_all, deal_order, game_after, play_scripted_round, winning_deal

from tacocat.rules import (
    FIRST,
    SECOND,
    Attack,
    DuelCard,
    IllegalAction,
    Phase,
    Replace,
    Respond,
    Ruleset,
    new_game,
)
from tacocat.rules import events as ev

TIE_DEAL = deal_order((3, 5, 7, 9, 10, 11, 12), (3, 6, 8, 9, 10, 11, 12))


def play_to_tied_showdown(state):
    """From a centre deal of TIE_DEAL: tied duels, one trick, then both hold a 3."""
    return apply_all(
        state,
        Replace(FIRST, ()),
        Replace(SECOND, ()),
        DuelCard(FIRST, 12),
        DuelCard(SECOND, 12),
        DuelCard(FIRST, 11),
        DuelCard(SECOND, 11),
        DuelCard(FIRST, 10),
        DuelCard(SECOND, 10),
        DuelCard(FIRST, 9),
        DuelCard(SECOND, 9),
        DuelCard(FIRST, 7),
        DuelCard(SECOND, 6),
        Attack(FIRST, (5,)),
        Respond(SECOND, 8),
    )


def test_showdown_lower_card_wins_the_round():
    state, _ = new_game(0, recorded_deals=(winning_deal(SECOND, 7),))
    state = play_scripted_round(state, SECOND)
    history = []
    replay, _ = new_game(0, recorded_deals=state.deals)
    for action in state.actions:
        replay, new = replay.apply(action)
        history.extend(new)
    showdown = next(e for e in history if isinstance(e, ev.ShowdownRevealed))
    assert showdown.cards[SECOND] < showdown.cards[FIRST]
    assert ev.RoundWon(SECOND) in history and state.wins == (0, 1)


def test_tied_showdown_replays_the_round_from_the_same_space():
    state, _ = new_game(0, recorded_deals=(TIE_DEAL,))
    state, events = play_to_tied_showdown(state)
    assert ev.ShowdownRevealed((3, 3)) in events
    assert ev.RoundTied(3) in events
    assert not any(isinstance(e, (ev.TokenMoved, ev.TilePlaced)) for e in events)
    assert state.token == 3 and state.covered == frozenset() and state.wins == (0, 0)
    assert state.tied_rounds == 1 and state.round_number == 2
    assert state.deal_index == 2  # the whole deck was shuffled and dealt again
    assert state.hand_size == 7 and state.phase is Phase.REPLACE


def test_ruling_tie_goes_to_arrow_on_a_one_arrow_space():
    variant = Ruleset(tie_goes_to_arrow=True)
    # After the first player wins a round the arrow points at the second player.
    deal = deal_order((3, 5, 7, 10, 11, 12), (3, 6, 8, 10, 11, 12), ruleset=variant)
    state = game_after([FIRST], next_deal=deal, ruleset=variant)
    state, events = apply_all(
        state,
        Replace(SECOND, ()),
        DuelCard(FIRST, 12),
        DuelCard(SECOND, 12),
        DuelCard(FIRST, 11),
        DuelCard(SECOND, 11),
        DuelCard(FIRST, 10),
        DuelCard(SECOND, 10),
        DuelCard(FIRST, 7),
        DuelCard(SECOND, 6),
        Attack(FIRST, (5,)),
        Respond(SECOND, 8),
    )
    assert ev.ShowdownRevealed((3, 3)) in events
    assert ev.RoundWon(SECOND, by_tie_rule=True) in events
    assert state.wins == (1, 1)


def test_ruling_tie_goes_to_arrow_still_replays_on_the_two_arrow_centre():
    variant = Ruleset(tie_goes_to_arrow=True)
    state, _ = new_game(0, variant, recorded_deals=(TIE_DEAL,))
    state, events = play_to_tied_showdown(state)
    assert ev.RoundTied(3) in events and state.wins == (0, 0)


def test_winner_moves_tacocat_toward_their_goal_and_a_tile_covers_the_space_left():
    state = game_after([FIRST])
    assert state.token == 2 and state.covered == {3}
    state = game_after([SECOND])
    assert state.token == 4 and state.covered == {3}
    assert state.round_log[0] == ev.RoundStarted(2, 4, 6, 1, frozenset({FIRST}))


def test_token_skips_covered_spaces():
    state = game_after([FIRST, SECOND])
    assert state.token == 4  # from 2, hopping over the covered centre
    state = game_after([FIRST, SECOND, SECOND, FIRST])
    assert state.token == 1 and state.covered == {2, 3, 4, 5}


def test_token_moved_event_lists_the_skipped_spaces():
    state = game_after([FIRST, SECOND])
    history = []
    replay, _ = new_game(0, recorded_deals=state.deals)
    for action in state.actions:
        replay, new = replay.apply(action)
        history.extend(new)
    moves = [e for e in history if isinstance(e, ev.TokenMoved)]
    assert moves == [ev.TokenMoved(FIRST, 3, 2, ()), ev.TokenMoved(SECOND, 2, 4, (3,))]
    tiles = [e for e in history if isinstance(e, ev.TilePlaced)]
    assert tiles == [ev.TilePlaced(3, 6), ev.TilePlaced(2, 5)]


def test_entering_the_goal_wins_the_game():
    state = game_after([FIRST, FIRST, FIRST])
    assert state.token == 0
    state, _ = new_game(0, recorded_deals=state.deals + (winning_deal(FIRST, 4),))
    for _ in range(4):
        state = play_scripted_round(state, FIRST)
    assert state.is_over and state.winner == FIRST
    assert state.token == -1 and state.covered == {0, 1, 2, 3}
    assert state.to_act == () and state.legal_actions(FIRST) == []
    with pytest.raises(IllegalAction, match=r"^game_over$"):
        state.apply(Replace(FIRST, ()))


def test_the_game_is_won_by_the_first_to_win_four_rounds():
    winners = [FIRST, SECOND, SECOND, FIRST, SECOND, FIRST, SECOND]
    state = game_after(winners[:-1])
    assert not state.is_over and state.wins == (3, 3)
    state, _ = new_game(0, recorded_deals=state.deals + (winning_deal(SECOND, state.hand_size),))
    for winner in winners:
        state = play_scripted_round(state, winner)
    assert state.is_over and state.winner == SECOND and state.wins == (3, 4)
    assert state.covered == frozenset(range(7))  # 7 decided rounds use all 7 tiles


# --- the showdown as a pure function (round_end.showdown -> RoundEnd) ---------------------


def _kinds(end):
    return [type(e).__name__ for e in end.events]


def test_showdown_is_a_pure_result_the_state_applies():
    from tacocat.rules.round_end import RoundEnd, showdown

    hands, covered = ((3,), (5,)), frozenset({2})
    end = showdown(hands, 3, covered, Ruleset())
    assert isinstance(end, RoundEnd)
    # Seat 0 moves toward its goal (down), over the covered space 2, and tiles space 3.
    assert (end.winner, end.token, end.covered, end.game_won) == (0, 1, frozenset({2, 3}), False)
    assert _kinds(end) == ["ShowdownRevealed", "RoundWon", "TokenMoved", "TilePlaced"]
    assert end.events[2] == ev.TokenMoved(0, 3, 1, (2,))
    assert (hands, covered) == (((3,), (5,)), frozenset({2}))  # nothing it was given changed


def test_showdown_ties_replay_or_go_to_the_arrow_and_the_goal_wins_the_game():
    from tacocat.rules.round_end import showdown

    tie = showdown(((6,), (6,)), 3, frozenset(), Ruleset(tie_goes_to_arrow=True))
    assert (tie.winner, tie.token, _kinds(tie)) == (None, 3, ["ShowdownRevealed", "RoundTied"])
    # Space 5 (index 5 of 7) carries one arrow, at the first player (farther from its goal).
    to_arrow = showdown(((6,), (6,)), 5, frozenset(), Ruleset(tie_goes_to_arrow=True))
    assert to_arrow.winner == 0 and to_arrow.events[1] == ev.RoundWon(0, True)
    assert showdown(((6,), (6,)), 5, frozenset(), Ruleset()).winner is None
    home = showdown(((9,), (2,)), 6, frozenset(), Ruleset())
    assert (home.winner, home.token, home.game_won) == (1, 7, True)
    assert _kinds(home)[-1] == "GameWon"


def test_the_round_end_module_does_not_know_the_state():
    import ast
    from pathlib import Path

    import tacocat.rules.round_end as module

    tree = ast.parse(Path(module.__file__).read_text("utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "tacocat.rules.state" not in imported
    assert "GameState" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
