"""Exceptions raised by the rules engine."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error the rules engine raises on purpose."""


class IllegalAction(RulesError):
    """An action that the rules do not allow in this state.

    The message says why in plain words (for example "a sequence needs three or
    more consecutive values"). The state the action was applied to is unchanged:
    states are immutable.
    """


class InvalidRuleset(RulesError):
    """A ruleset whose deck or board cannot make a playable game."""


class RecordError(RulesError):
    """A game record that is malformed or does not replay to a legal game."""
