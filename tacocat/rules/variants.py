"""The optional rule variants a player may switch on, as the New game screen lists them.

Each variant is a boolean field of :class:`~tacocat.rules.ruleset.Ruleset` declared
with :func:`~tacocat.rules.ruleset.variant` (the one description of a game's rules;
a save stores it once, in the game record). :data:`VARIANTS` is read from those
fields, so to add a variant: declare its field in ``Ruleset``, make the engine
honour it, and give it the translation keys of :class:`Variant` (``label_key``,
``hint_key`` and ``history_key``) in every language. Serialisation, the New game
screen, the History and the tests (round trip, solver against engine, the keys)
pick it up; nothing else needs to change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from tacocat.rules.ruleset import Ruleset, variant_names


@dataclass(frozen=True, slots=True)
class Variant:
    """One optional rule: ``name`` is the ``Ruleset`` field that switches it on."""

    name: str

    @property
    def label_key(self) -> str:
        """The translation key of its check box's label."""
        return f"tacocat.variants.{self.name}.label"

    @property
    def hint_key(self) -> str:
        """The translation key of the line that explains it."""
        return f"tacocat.variants.{self.name}.hint"

    @property
    def history_key(self) -> str:
        """The translation key of its short name in the History's Rules column."""
        return f"tacocat.history.variant.{self.name}"


#: Every variant, in the order the New game screen lists them (the fields' order).
VARIANTS: tuple[Variant, ...] = tuple(Variant(name) for name in variant_names(Ruleset))
_NAMES = frozenset(variant.name for variant in VARIANTS)


def ruleset_with(names: Iterable[str], base: Ruleset | None = None) -> Ruleset:
    """``base`` (default: the standard rules) with exactly the variants ``names`` on.

    :raises ValueError: a name is not in :data:`VARIANTS`.
    """
    chosen = frozenset(names)
    unknown = chosen - _NAMES
    if unknown:
        raise ValueError(f"unknown variants {sorted(unknown)}")
    changes: dict[str, bool] = {name: name in chosen for name in _NAMES}
    return dataclasses.replace(base if base is not None else Ruleset(), **changes)  # type: ignore[arg-type]


def variants_on(ruleset: Ruleset) -> tuple[str, ...]:
    """The names of the variants ``ruleset`` has switched on, in table order."""
    return tuple(v.name for v in VARIANTS if getattr(ruleset, v.name))
