"""Plain sentences for the table's log, the prompt and the round result (all through ``tr``).

Only public events become log lines: a private event (your own dealt cards, a
secret choice) would be readable by whoever looks at the screen, which in a
hot-seat game may be the other player.
"""

from __future__ import annotations

from collections.abc import Sequence

from tacocat.rules import events as ev
from tacocat.ui.text.card_words import card_list, cards_text
from tacocat.ui.text.i18n import tr


def describe(event: ev.Event, names: Sequence[str], round_title: str | None = None) -> str | None:
    """One log line for a public event, or None when it is not worth a line.

    ``round_title`` names a new round as the player counts it ("Round 5 · replay 1").
    """
    if event.audience is not None:
        return None
    if isinstance(event, ev.RoundStarted) and round_title:
        return tr("tacocat.table.log.round_started_label", round=round_title, cards=event.hand_size)
    if isinstance(event, _SET_UP):
        return _set_up_line(event, names)
    return _play_line(event, names)


#: The events of a round's set-up: the deal, the replacement and the duel.
_SET_UP = (
    ev.RoundStarted,
    ev.ReplaceTurn,
    ev.ReplacementCommitted,
    ev.Replaced,
    ev.ReplacementSkipped,
    ev.DuelCommitted,
    ev.DuelRevealed,
)


def _set_up_line(event: ev.Event, names: Sequence[str]) -> str | None:
    if isinstance(event, ev.RoundStarted):
        return tr("tacocat.table.log.round_started", n=event.round_number, cards=event.hand_size)
    if isinstance(event, ev.ReplaceTurn):
        if event.secret:
            return tr("tacocat.table.log.replace_secret") if event.seat == 0 else None
        if event.limit is None:
            return tr("tacocat.table.log.replace_first", name=names[event.seat])
        return tr("tacocat.table.log.replace_second", name=names[event.seat], count=event.limit)
    if isinstance(event, ev.ReplacementCommitted):
        return tr("tacocat.table.log.replace_committed", name=names[event.seat])
    if isinstance(event, ev.Replaced):
        if not event.discarded:
            return tr("tacocat.table.log.kept", name=names[event.seat])
        return tr(
            "tacocat.table.log.replaced",
            name=names[event.seat],
            count=len(event.discarded),
            cards=card_list(event.discarded),
        )  # a set of cards: "5, 5 and 7"
    if isinstance(event, ev.ReplacementSkipped):
        return tr("tacocat.table.log.replace_skipped", name=names[event.seat])
    if isinstance(event, ev.DuelCommitted):
        return tr("tacocat.table.log.duel_committed", name=names[event.seat])
    if isinstance(event, ev.DuelRevealed):
        a, b = event.cards
        if event.attacker is None:
            return tr("tacocat.table.log.duel_tie", a=a, b=b)
        return tr(
            "tacocat.table.log.duel",
            name0=names[0],
            a=a,
            name1=names[1],
            b=b,
            winner=names[event.attacker],
        )
    return None


def _play_line(event: ev.Event, names: Sequence[str]) -> str | None:
    if isinstance(event, ev.Attacked):
        shape = tr(f"tacocat.table.shape.{event.shape}")
        return tr(
            "tacocat.table.log.attack",
            name=names[event.seat],
            cards=cards_text(event.cards),
            shape=shape,
        )
    if isinstance(event, ev.Defended):
        return tr(
            "tacocat.table.log.defended",
            name=names[event.seat],
            card=event.card,
            against=event.against,
        )
    if isinstance(event, ev.Sacrificed):
        return tr(
            "tacocat.table.log.sacrificed",
            name=names[event.seat],
            card=event.card,
            against=event.against,
        )
    if isinstance(event, ev.TrickWon):
        key = "trick_defence" if event.by_defence else "trick_attack"
        return tr(f"tacocat.table.log.{key}", name=names[event.seat])
    if isinstance(event, ev.ShowdownRevealed):
        a, b = event.cards
        return tr("tacocat.table.log.showdown", name0=names[0], a=a, name1=names[1], b=b)
    if isinstance(event, ev.RoundWon):
        key = "round_won_tie_rule" if event.by_tie_rule else "round_won"
        return tr(f"tacocat.table.log.{key}", name=names[event.seat])
    if isinstance(event, ev.RoundTied):
        return tr("tacocat.table.log.round_tied")
    if isinstance(event, ev.TokenMoved):
        if event.skipped:
            return tr("tacocat.table.log.token_hops", count=len(event.skipped))
        return None
    if isinstance(event, ev.GameWon):
        return tr("tacocat.table.log.game_won", name=names[event.seat])
    return None
