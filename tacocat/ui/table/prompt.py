"""The line under the table: what the player may do now, or why not (no pygame).

:func:`prompt_line` turns a :class:`~tacocat.ui.table.turn.Turn` (plus a message
or a hint the controls hold) into ``(text, tone)``; tones are ``"error"``,
``"hint"``, ``"do"`` and ``"info"``. :func:`sentence` and :func:`hint_line` word the
engine's refusals and the hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tacocat.rules import Action, Attack, DuelCard, Phase, Replace, Respond
from tacocat.ui.table.turn import Turn
from tacocat.ui.text.card_words import card_list, cards_text
from tacocat.ui.text.i18n import percents, tr
from tacocat.ui.text.reason_words import hint_with_reason, short_odds
from tacocat.ui.widgets.tones import PromptTone

if TYPE_CHECKING:
    from tacocat.ai.hints import Hint
    from tacocat.ai.reasons import Reason


def prompt_line(
    turn: Turn, message: tuple[str, PromptTone] | None = None, hint: str | None = None
) -> tuple[str, PromptTone]:
    """The prompt: a message first, then a hint, then what the acting seat may do."""
    if message is not None and message[0]:
        return message
    if hint:
        return hint, "hint"
    if turn.seat is not None:
        text = _what_to_do(turn)
        if text is not None:
            return text, "do"
    if turn.busy or turn.over:
        return "", "info"
    if turn.thinking is not None:
        return tr("tacocat.table.prompt.thinking", name=turn.thinking), "info"
    return "", "info"


def _what_to_do(turn: Turn) -> str | None:
    phase = turn.phase
    if phase is Phase.REPLACE:
        if turn.replace_secret:
            return tr("tacocat.table.prompt.replace_secret")
        if turn.replace_limit is None:
            return tr("tacocat.table.prompt.replace_any")
        return tr("tacocat.table.prompt.replace_up_to", count=turn.replace_limit)
    if phase is Phase.DUEL:
        return tr("tacocat.table.prompt.duel")
    if phase is Phase.ATTACK:
        return tr("tacocat.table.prompt.attack")
    if phase is Phase.DEFEND and turn.target is not None and turn.lowest is not None:
        if turn.lowest >= turn.target:
            text = tr("tacocat.table.prompt.defend_only", card=turn.target)
        else:
            text = tr("tacocat.table.prompt.defend", card=turn.target, lowest=turn.lowest)
        if turn.attack_size > 1:
            text += " " + tr(
                "tacocat.table.prompt.jumbo_left", count=turn.attack_size - turn.answered
            )
        return text
    return None


def sentence(text: str) -> str:
    """The engine's lower-case reason as a sentence for the player."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def hint_line(action: Action, reason: str, reasons: Sequence[Reason] = ()) -> str:
    """A hint for the prompt: the suggested move, why (``reasons``, the analysis'), then
    its odds (``reason``). Cards to replace are a set ("5, 5 and 7"), not a run."""
    if isinstance(action, Replace):
        what = (
            tr("tacocat.table.hint.replace", cards=card_list(action.cards))
            if action.cards
            else tr("tacocat.table.hint.keep")
        )
    elif isinstance(action, Attack):
        what = tr("tacocat.table.hint.attack", cards=cards_text(action.cards))
    elif isinstance(action, DuelCard):
        what = tr("tacocat.table.hint.duel", card=action.card)
    elif isinstance(action, Respond):
        what = tr("tacocat.table.hint.respond", card=action.card)
    else:
        what = str(action)
    return hint_with_reason(what, reason, reasons)


def hint_words(hint: Hint) -> str:
    """The hint button's answer for the prompt: the move, the reason the analysis found
    and the odds - in short after a reason (the prompt holds three lines), else in full."""
    if hint.reasons and hint.alternative is not None and "alt_pct" in hint.reason_params:
        odds = short_odds(
            int(hint.reason_params["pct"]), hint.alternative, int(hint.reason_params["alt_pct"])
        )
    else:
        odds = tr(hint.reason_key, **percents(hint.reason_params))
    return hint_line(hint.action, odds, hint.reasons)
