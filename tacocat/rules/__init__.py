"""The rules of Tacocat Spelled Backwards, as a pure library.

Standard library only - no pygame - and deterministic under a seed. The API is
small, in the spirit of python-chess and OpenSpiel's Python games::

    from tacocat.rules import new_game, FIRST

    state, events = new_game(seed=7)
    while not state.is_over:
        seat = state.to_act[0]
        action = state.legal_actions(seat)[0]
        state, events = state.apply(action)
    print(state.winner)

* :func:`new_game` deals the first round; :class:`GameState` is immutable and
  :meth:`GameState.apply` returns the next state and its events;
* :attr:`GameState.to_act` names who owes an action (both seats during a
  secret choice), :meth:`GameState.legal_actions` what they may do;
* :meth:`GameState.observation` is what one seat knows - the only thing an
  AI may look at;
* :class:`GameRecord` saves and replays a game as JSON.
"""

from tacocat.rules.actions import Action, Attack, DuelCard, Replace, Respond, classify_attack
from tacocat.rules.errors import IllegalAction, InvalidRuleset, RecordError, RulesError
from tacocat.rules.events import Event, visible_to
from tacocat.rules.moves import attack_options, remove_cards, replacement_options, response_options
from tacocat.rules.observation import Observation
from tacocat.rules.record import GameRecord
from tacocat.rules.ruleset import (
    DEFAULT_BOARD,
    DEFAULT_DECK,
    DEFAULT_RULESET,
    FIRST,
    SEATS,
    SECOND,
    Board,
    Ruleset,
    Seat,
    Space,
    catch_up_board,
    other,
)
from tacocat.rules.rulings import RULINGS, Ruling
from tacocat.rules.shuffle import stacked_order
from tacocat.rules.state import GameState, Phase, new_game, rounds_to_win

__all__ = [
    "Action",
    "Attack",
    "DuelCard",
    "Replace",
    "Respond",
    "classify_attack",
    "IllegalAction",
    "InvalidRuleset",
    "RecordError",
    "RulesError",
    "Event",
    "visible_to",
    "attack_options",
    "remove_cards",
    "replacement_options",
    "response_options",
    "Observation",
    "GameRecord",
    "RULINGS",
    "Ruling",
    "DEFAULT_BOARD",
    "DEFAULT_DECK",
    "DEFAULT_RULESET",
    "FIRST",
    "SECOND",
    "SEATS",
    "Board",
    "Ruleset",
    "Seat",
    "Space",
    "catch_up_board",
    "other",
    "GameState",
    "Phase",
    "new_game",
    "rounds_to_win",
    "stacked_order",
]
