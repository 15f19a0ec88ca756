"""The view model: everything the table draws, as far as the animation has got.

:class:`TableView` holds card sprites in hands, on the table and on the piles,
Tacocat's position, the tiles that have landed, the score, the log, banners and
confetti, plus this frame's :class:`~tacocat.ui.table.turn.Turn`. The animator
updates it one event at a time, as that event's animation starts, so the screen
is never ahead of the animation even though the game state may be. The painter
draws from it and from nothing else. :mod:`tacocat.ui.table.resume` lays out a
saved game in progress on it at once; :mod:`tacocat.ui.table.resting` says where
each card lies at rest, for both.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tacocat.rules.ruleset import Board
from tacocat.ui.results.score import ScoreBook, round_label
from tacocat.ui.results.summaries import RoundSummary
from tacocat.ui.table.confetti import Particle
from tacocat.ui.table.turn import Turn
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.cards import CardSprite
from tacocat.ui.widgets.tones import BannerTone, PromptTone

#: Entries the round log keeps.
LOG_LINES = 7
#: What the table's keyboard focus can rest on.
Focusable = CardSprite | Button


class Banner:
    """A short label over the play area ("Ana wins the trick")."""

    __slots__ = ("text", "alpha", "y", "tone")

    def __init__(self, text: str, tone: BannerTone = "info") -> None:
        self.text = text
        self.alpha = 0.0
        self.y = 0.0
        self.tone = tone


class FallingTile:
    """The tile dropping onto the space Tacocat left."""

    __slots__ = ("space", "offset", "alpha")

    def __init__(self, space: int, offset: float, alpha: float) -> None:
        self.space = space
        self.offset = offset
        self.alpha = alpha


class Track:
    """Tacocat on the board and the tiles laid, as far as the animation has got."""

    __slots__ = (
        "position",
        "resting_on",
        "hop_height",
        "heading_left",
        "hop_over",
        "covered",
        "tiles_left",
        "falling_tile",
    )

    def __init__(self, board: Board) -> None:
        #: Where Tacocat is drawn: a space's index, between two while it slides.
        self.position = float(board.start)
        #: The space it rests on, None while it moves (the board's static layer marks it).
        self.resting_on: int | None = board.start
        #: How high it is in a hop over a tile, in pixels.
        self.hop_height = 0.0
        #: It is sliding towards lower spaces (it faces the way it goes).
        self.heading_left = False
        #: The covered spaces it hops over on this slide (none under reduced motion).
        self.hop_over: tuple[int, ...] = ()
        self.covered: frozenset[int] = frozenset()
        self.tiles_left = board.size
        self.falling_tile: FallingTile | None = None

    def rest_at(self, space: int) -> None:
        """Tacocat stands still on ``space``."""
        self.position = float(space)
        self.resting_on = space
        self.hop_height = 0.0
        self.hop_over = ()


@dataclass(frozen=True, slots=True)
class Frame:
    """What the scene decides each frame, before the painter draws it."""

    #: The decision being made now, and by whom.
    turn: Turn = field(default_factory=Turn)
    #: The line under the table, ``(text, tone)``.
    prompt: tuple[str, PromptTone] = ("", "info")
    #: The card or button the keyboard focus is on, or None.
    focus: Focusable | None = None
    #: A tooltip to show, ``(text, pointer)``, or None.
    tooltip: tuple[str, tuple[int, int]] | None = None


class TableView:
    """Everything the table draws, as far as the animation has got."""

    def __init__(
        self,
        board: Board,
        names: Sequence[str],
        bottom_seat: int,
        face_up_seats: Iterable[int],
        deck_size: int,
    ) -> None:
        self.board = board
        self.names = tuple(names)
        self.bottom_seat = bottom_seat
        self.face_up_seats: frozenset[int] = frozenset(face_up_seats)
        self.deck_size = deck_size
        self.hands: list[list[CardSprite]] = [[], []]
        self.duel: list[CardSprite | None] = [None, None]
        self.showdown: list[CardSprite | None] = [None, None]
        self.attack: list[CardSprite] = []
        self.responses: list[CardSprite] = []
        self.discard_sprites: list[CardSprite] = []
        self.discard_values: list[int] = []
        self.returning: list[CardSprite] = []  # cards gathered back into the deck
        self.draw_count = deck_size
        #: Tacocat and the tiles on the board.
        self.track = Track(board)
        #: Decided rounds, replays of a tie, and each showdown (the score lives there).
        self.book = ScoreBook()
        #: The round on the table's label, set as each round is dealt ("Round 5 · replay 1").
        self.round_caption = ""
        self.round_number = 0
        self.hand_size = 0
        self.attacker: int | None = None
        self.committed = [False, False]
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.banners: list[Banner] = []
        self.particles: list[Particle] = []
        self.game_winner: int | None = None
        #: What the round-result screen shows about the last finished round (None: none yet).
        self.last_round: RoundSummary | None = None
        self.flying = 0  # z counter for cards in the air
        #: This frame's decision, prompt, focus and tooltip (the scene's, before it draws).
        self.frame = Frame()

    @property
    def wins(self) -> list[int]:
        """Rounds won by each seat, as far as the animation has got."""
        return self.book.wins

    def round_summary(self) -> RoundSummary:
        """The last finished round so far; a bare one (the round being played, the wins)
        when no showdown has been shown yet (a game continued at its round's end)."""
        if self.last_round is not None:
            return self.last_round
        return RoundSummary(round=self.book.number, wins=tuple(self.wins))

    def round_title(self) -> str:
        """ "Round 5 · replay 1": the decided round being played and its replays."""
        return round_label(self.book.number, self.book.replay)

    # --- seats & sides ------------------------------------------------------------------

    def side(self, seat: int) -> str:
        return "bottom" if seat == self.bottom_seat else "top"

    def shows_face(self, sprite: CardSprite) -> bool:
        """Whether ``sprite``'s face may be drawn now: the single secrecy rule.

        A card in a hand shows its face only to a seat whose hand is face up on
        this screen; a card on the table shows it once it has been turned.
        """
        if not sprite.face_up or sprite.value is None:
            return False
        if sprite.zone == "hand":
            return sprite.owner in self.face_up_seats
        return True

    def set_viewer(self, seats: Iterable[int], bottom_seat: int | None = None) -> None:
        """Change whose hand is face up (hot-seat hand-over) and who sits at the bottom."""
        self.face_up_seats = frozenset(seats)
        if bottom_seat is not None:
            self.bottom_seat = bottom_seat
        for hand in self.hands:
            for sprite in hand:
                if sprite.owner not in self.face_up_seats:
                    sprite.selected = False

    # --- a new round ----------------------------------------------------------------------

    def start_round(self, number: int, hand_size: int) -> None:
        """Round ``number`` is dealt ``hand_size`` cards a hand: its label, no attacker, no
        secret choice made, an empty log (the score book has already counted it)."""
        self.round_number = number
        self.round_caption = self.round_title()
        self.hand_size = hand_size
        self.attacker = None
        self.committed = [False, False]
        self.log.clear()

    def clear_cards(self) -> list[CardSprite]:
        """Take every card off the table and the piles; returns them, in drawing order."""
        cards = self.all_sprites()
        self.hands = [[], []]
        self.duel = [None, None]
        self.showdown = [None, None]
        self.attack, self.responses = [], []
        self.discard_sprites, self.discard_values = [], []
        return cards

    # --- sprite lists -------------------------------------------------------------------

    def all_sprites(self) -> list[CardSprite]:
        """Every sprite, in drawing order (cards in the air last)."""
        cards: list[CardSprite] = []
        cards.extend(self.returning)
        cards.extend(self.discard_sprites)
        for seat in (0, 1):
            if self.duel[seat] is not None:
                cards.append(self.duel[seat])  # type: ignore[arg-type]
            if self.showdown[seat] is not None:
                cards.append(self.showdown[seat])  # type: ignore[arg-type]
        bottom_side_attack = self.attacker is not None and self.side(self.attacker) == "bottom"
        if bottom_side_attack:
            cards.extend(self.responses)
            cards.extend(self.attack)
        else:
            cards.extend(self.attack)
            cards.extend(self.responses)
        top = 1 - self.bottom_seat
        cards.extend(self.hands[top])
        cards.extend(self.hands[self.bottom_seat])
        flying = sorted((s for s in cards if s.z > 0), key=lambda s: s.z)
        return [s for s in cards if s.z <= 0] + flying

    def public_values(self) -> list[int]:
        """Every card of this round both players have seen face up, once each: the
        discard pile and the revealed cards still in play (duel, attack, answers) -
        what the "Cards seen" tracker counts, as the engine's ``discards`` do."""
        values = list(self.discard_values)
        revealed = [d for seat, d in enumerate(self.duel) if not self.committed[seat]]
        for sprite in (*revealed, *self.attack, *self.responses):
            if sprite is not None and sprite.value is not None:
                values.append(sprite.value)
        return values

    def add_log(self, line: str | None) -> None:
        if line:
            self.log.append(line)
