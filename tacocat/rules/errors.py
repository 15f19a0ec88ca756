"""Exceptions raised by the rules engine."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error the rules engine raises on purpose."""


#: Every reason code :class:`IllegalAction` may carry (the UI has words for each).
REASONS = frozenset(
    {
        "not_an_action",
        "no_such_seat",
        "game_over",
        "wrong_phase",
        "already_chosen",
        "not_your_turn",
        "replace_unsorted",
        "not_held",
        "replace_too_many",
        "attack_unsorted",
        "attack_empty",
        "attack_pair_mismatch",
        "attack_mixed",
        "attack_not_sequence",
        "attack_whole_hand",
        "respond_too_low",
    }
)


class IllegalAction(RulesError):
    """An action that the rules do not allow in this state.

    The engine speaks no human language: it says *why* with a reason code
    (:attr:`reason`, e.g. ``"attack_not_sequence"``) and the facts involved
    (:attr:`params`, e.g. ``{"seat": 0, "cards": (4, 6, 7)}``); the user
    interface turns the pair into words in the player's language. ``str()``
    of the error is the code and its facts, for logs and tests. The state the
    action was applied to is unchanged: states are immutable.

    Reason codes and their parameters:

    ``not_an_action`` (``kind``), ``no_such_seat`` (``seat``), ``game_over``,
    ``wrong_phase`` (``phase``, ``attempted``: Phase values), ``already_chosen``
    (``seat``), ``not_your_turn`` (``seat``, ``phase``), ``replace_unsorted``,
    ``not_held`` (``seat``, ``cards``), ``replace_too_many`` (``seat``,
    ``limit``), ``attack_unsorted``, ``attack_empty``, ``attack_pair_mismatch``,
    ``attack_mixed``, ``attack_not_sequence``, ``attack_whole_hand``,
    ``respond_too_low`` (``card``, ``target``, ``lowest``).
    """

    def __init__(self, reason: str, **params: object) -> None:
        assert reason in REASONS, reason
        self.reason = reason
        self.params: dict[str, object] = params
        facts = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{reason} ({facts})" if facts else reason)


class InvalidRuleset(RulesError):
    """A ruleset whose deck or board cannot make a playable game."""


class RecordError(RulesError):
    """A game record that is malformed or does not replay to a legal game."""
