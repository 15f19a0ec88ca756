"""The data a game is played with: seats, the deck, the board and the variants.

Everything the rulebook leaves open and that we decided (a *ruling*) and every
optional *variant* lives here as data, so that it can be changed in one place:

* :data:`DEFAULT_DECK` - **[ruling]** three cards of each value 1-12 plus two more 7s.
* :data:`DEFAULT_BOARD` - **[ruling]** hand sizes ``4 5 6 7 6 5 4``; the centre
  space carries both arrows, every other space one arrow pointing at the
  trailing player (the one whose goal is farther away).
* :attr:`Ruleset.tie_goes_to_arrow` - variant, off by default: a tied showdown
  on a one-arrow space is won by the player the arrow points at.

The variants are the fields declared with :func:`variant`: that declaration is
the one table of optional rules. Serialisation (:meth:`Ruleset.to_dict`), the
New game screen (:mod:`tacocat.rules.variants`) and the tests loop over it.

The behavioural rulings (secret centre replacement, draw order, duels that
leave a single card go to the showdown, a response at least as high as the
attack card always defends, jumbo attacks answered in ascending order) are
listed with their wording in :mod:`tacocat.rules.rulings`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from tacocat.rules.errors import InvalidRuleset

#: A seat is an int: 0 for the first player, 1 for the second player.
Seat = int
#: A seat's hidden choice while a secret choice is open: its duel card, or the cards it
#: replaces (revealed together once both seats have chosen).
Commit = int | tuple[int, ...]
FIRST: Seat = 0
SECOND: Seat = 1
SEATS: tuple[Seat, Seat] = (FIRST, SECOND)

#: Largest hand a board may deal: two hands of 9 plus full replacement of both
#: (4 x 9 = 36) is all that a 38-card deck allows.
MAX_HAND_SIZE = 9
#: Smallest hand a board may deal: the duel needs one card and the showdown another.
MIN_HAND_SIZE = 2


_T = TypeVar("_T")


def other(seat: Seat) -> Seat:
    """The opponent of ``seat``."""
    return 1 - seat


def with_seat(pair: tuple[_T, _T], seat: Seat, value: _T) -> tuple[_T, _T]:
    """``pair`` (indexed by seat) with ``seat``'s entry replaced by ``value``."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


@dataclass(frozen=True, slots=True)
class Space:
    """One numbered space of the board.

    ``hand_size`` is the number of cards dealt to each player while Tacocat
    stands here; ``arrows`` holds the seats an arrow on this space points at
    (one seat, or both on the centre).
    """

    hand_size: int
    arrows: frozenset[Seat]

    @property
    def is_two_arrow(self) -> bool:
        """True when both players replace here, in secret."""
        return len(self.arrows) == 2

    @property
    def arrow_seat(self) -> Seat | None:
        """The seat this space's one arrow points at (it replaces first); None on a two-arrow space."""
        if self.is_two_arrow:
            return None
        (seat,) = self.arrows
        return seat


@dataclass(frozen=True, slots=True)
class Board:
    """The row of numbered spaces between the two goals.

    Spaces are indexed from the first player's side: index 0 is next to the
    first player's goal, index ``len(spaces) - 1`` next to the second player's.
    The first player's goal is at position ``-1`` and the second player's at
    ``len(spaces)``; see :meth:`goal_of`.
    """

    spaces: tuple[Space, ...]
    start: int

    @property
    def size(self) -> int:
        return len(self.spaces)

    def goal_of(self, seat: Seat) -> int:
        """The board position of ``seat``'s goal (just past the last space)."""
        return -1 if seat == FIRST else len(self.spaces)

    def step_of(self, seat: Seat) -> int:
        """The direction (``-1`` or ``+1``) in which ``seat`` moves Tacocat."""
        return -1 if seat == FIRST else 1


def rounds_to_win(board_size: int) -> int:
    """Rounds a seat must win to bring Tacocat home on a board of ``board_size`` spaces.

    Tiles always cover one stretch around the centre, so every decided round
    pushes Tacocat one space past it: the game lasts until one seat has won
    half the board plus one.
    """
    return board_size // 2 + 1


def trailing_seat(space_index: int, size: int) -> Seat | None:
    """The seat whose goal is farther from a space, or None when equally far."""
    to_first_goal = space_index + 1
    to_second_goal = size - space_index
    if to_first_goal == to_second_goal:
        return None
    return FIRST if to_first_goal > to_second_goal else SECOND


def catch_up_board(hand_sizes: tuple[int, ...]) -> Board:
    """A board whose arrows follow our catch-up ruling.

    The centre space (odd number of spaces) carries both arrows; every other
    space carries one arrow pointing at the trailing player.
    """
    size = len(hand_sizes)
    spaces = []
    for index, hand_size in enumerate(hand_sizes):
        trailing = trailing_seat(index, size)
        arrows = frozenset(SEATS) if trailing is None else frozenset({trailing})
        spaces.append(Space(hand_size, arrows))
    return Board(tuple(spaces), start=size // 2)


def variant() -> Any:
    """Declare a :class:`Ruleset` field as an optional rule (a variant), off by default.

    The field's metadata marks it; :func:`variant_names` finds every field so marked.
    """
    return field(default=False, metadata={"variant": True})


def variant_names(ruleset_type: type | None = None) -> tuple[str, ...]:
    """The variant fields of ``ruleset_type`` (default :class:`Ruleset`), in declaration order."""
    return tuple(f.name for f in fields(ruleset_type or Ruleset) if f.metadata.get("variant"))


#: [ruling] The deck: three cards of each value 1-12, plus two more 7s.
DEFAULT_DECK: tuple[int, ...] = tuple(sorted([v for v in range(1, 13) for _ in range(3)] + [7, 7]))
#: [ruling] The default board preset.
DEFAULT_HAND_SIZES: tuple[int, ...] = (4, 5, 6, 7, 6, 5, 4)
DEFAULT_BOARD: Board = catch_up_board(DEFAULT_HAND_SIZES)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything that defines which game is played.

    Build one with the defaults (``Ruleset()``), or vary a variant (a field
    declared with :func:`variant`) or the board. :meth:`validate` is called on
    construction, so an instance always describes a playable game.
    """

    deck: tuple[int, ...] = DEFAULT_DECK
    board: Board = DEFAULT_BOARD
    name: str = field(default="standard")
    # --- the variants: each a boolean switched on by the player (see variant()) ---
    #: A tied showdown on a one-arrow space goes to the player the arrow points at.
    tie_goes_to_arrow: bool = variant()

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise :class:`InvalidRuleset` if this ruleset cannot be played."""
        if list(self.deck) != sorted(self.deck):
            raise InvalidRuleset("the deck must be listed in ascending order")
        if not self.deck or any(not isinstance(v, int) or v < 1 for v in self.deck):
            raise InvalidRuleset("card values must be whole numbers of 1 or more")
        board = self.board
        if board.size < 1 or board.size % 2 == 0:
            raise InvalidRuleset("the board needs an odd number of spaces (one centre)")
        if board.start != board.size // 2:
            raise InvalidRuleset("Tacocat starts on the centre space")
        for index, space in enumerate(board.spaces):
            if not MIN_HAND_SIZE <= space.hand_size <= MAX_HAND_SIZE:
                raise InvalidRuleset(
                    f"space {index + 1} deals {space.hand_size} cards; "
                    f"hand sizes must be {MIN_HAND_SIZE} to {MAX_HAND_SIZE}"
                )
            if not space.arrows or not space.arrows <= set(SEATS):
                raise InvalidRuleset(f"space {index + 1} needs one or two arrows")
            if 4 * space.hand_size > len(self.deck):
                raise InvalidRuleset(
                    f"space {index + 1} deals {space.hand_size} cards: the deck of "
                    f"{len(self.deck)} cannot cover two hands plus full replacement"
                )
        if not board.spaces[board.start].is_two_arrow:
            raise InvalidRuleset("the centre space must carry both arrows")

    @property
    def deck_counts(self) -> Counter[int]:
        """How many cards of each value the deck holds."""
        return Counter(self.deck)

    def tied_showdown_winner(self, token: int) -> Seat | None:
        """Who wins a tied showdown with Tacocat on space ``token``: None replays the round.

        The one statement of what a tie means (the engine's showdown and the
        AI's valuation of a tie both ask here).
        """
        return self.arrow_seat(token) if self.tie_goes_to_arrow else None

    def arrow_seat(self, token: int) -> Seat | None:
        """The seat the arrow on space ``token`` points at; None on a two-arrow space or a goal."""
        return self.board.spaces[token].arrow_seat if 0 <= token < self.board.size else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (see docs/game-record.md); every variant by its field name."""
        data: dict[str, Any] = {
            "name": self.name,
            "deck": list(self.deck),
            "board": [
                {"hand_size": s.hand_size, "arrows": sorted(s.arrows)} for s in self.board.spaces
            ],
        }
        for name in variant_names(type(self)):
            data[name] = getattr(self, name)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Ruleset:
        """Inverse of :meth:`to_dict`; raises :class:`InvalidRuleset` on bad data."""
        if not isinstance(data, dict):
            raise InvalidRuleset("the ruleset must be a JSON object")
        try:
            deck = data["deck"]
            board_data = data["board"]
            name = data.get("name", "custom")
        except KeyError as missing:
            raise InvalidRuleset(f"the ruleset lacks {missing}") from None
        if not isinstance(deck, list) or not all(type(v) is int for v in deck):
            raise InvalidRuleset("the deck must be a list of whole numbers")
        if not isinstance(board_data, list) or not board_data:
            raise InvalidRuleset("the board must be a non-empty list of spaces")
        if not isinstance(name, str):
            raise InvalidRuleset("the ruleset's name must be a string")
        # A variant missing from the data is off: records older than the variant lack it.
        switches = {v: data.get(v, False) for v in variant_names(cls)}
        for variant_name, on in switches.items():
            if type(on) is not bool:
                raise InvalidRuleset(f"{variant_name} must be true or false")
        spaces = []
        for entry in board_data:
            if not isinstance(entry, dict):
                raise InvalidRuleset("each board space must be an object")
            hand_size, arrows = entry.get("hand_size"), entry.get("arrows")
            if type(hand_size) is not int or not isinstance(arrows, list):
                raise InvalidRuleset("a space needs an integer hand_size and a list of arrows")
            if not all(a in SEATS and type(a) is int for a in arrows):
                raise InvalidRuleset("arrows must name seats 0 or 1")
            spaces.append(Space(hand_size, frozenset(arrows)))
        board = Board(tuple(spaces), start=len(spaces) // 2)
        return cls(deck=tuple(deck), board=board, name=name, **switches)


DEFAULT_RULESET = Ruleset()
