"""The variants table: the one list of optional rules, each a Ruleset field."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tacocat.rules import GameRecord, InvalidRuleset, Ruleset, catch_up_board, new_game
from tacocat.rules.variants import VARIANTS, ruleset_with, variants_on

ROOT = Path(__file__).resolve().parents[2]


def test_every_variant_is_a_boolean_ruleset_field_off_by_default():
    fields = {f.name for f in dataclasses.fields(Ruleset)}
    for variant in VARIANTS:
        assert variant.name in fields
        assert getattr(Ruleset(), variant.name) is False


def test_ruleset_with_switches_on_exactly_the_named_variants():
    assert ruleset_with([]) == Ruleset()
    assert ruleset_with(["tie_goes_to_arrow"]) == Ruleset(tie_goes_to_arrow=True)
    assert variants_on(ruleset_with(["tie_goes_to_arrow"])) == ("tie_goes_to_arrow",)
    assert variants_on(Ruleset()) == ()
    base = Ruleset(tie_goes_to_arrow=True)
    assert ruleset_with([], base) == Ruleset()


def test_an_unknown_variant_is_refused():
    with pytest.raises(ValueError, match="unknown variants"):
        ruleset_with(["three_goals"])


def test_every_variant_has_its_label_hint_and_history_name_in_english():
    """Without one the screen would show the raw key (the other languages are checked
    against English by the translation tests)."""
    tree = json.loads((ROOT / "assets/translations/tacocat.en.json").read_text("utf-8"))["en"]
    for variant in VARIANTS:
        for key in (variant.label_key, variant.hint_key, variant.history_key):
            node = tree
            for part in key.split(".")[1:]:
                node = node[part]
            assert isinstance(node, str) and node, key


# --- serialisation: every variant, from the table, with nothing named by hand ----------


def _variant_choices() -> list[tuple[str, ...]]:
    """No variant, each variant alone, and all of them."""
    names = tuple(v.name for v in VARIANTS)
    return list(dict.fromkeys([(), *((name,) for name in names), names]))


@pytest.mark.parametrize("names", _variant_choices(), ids=lambda n: "+".join(n) or "standard")
def test_every_variant_round_trips_through_the_dict_and_a_record(names):
    ruleset = ruleset_with(names, Ruleset(board=catch_up_board((3, 5, 3)), name="small"))
    assert Ruleset.from_dict(ruleset.to_dict()) == ruleset
    assert Ruleset.from_dict(json.loads(json.dumps(ruleset.to_dict()))) == ruleset
    record = GameRecord.from_state(new_game(4, ruleset)[0])
    assert variants_on(GameRecord.from_json(record.to_json()).ruleset) == names


def test_the_dict_names_exactly_the_tables_variants():
    keys = set(Ruleset().to_dict()) - {"name", "deck", "board"}
    assert keys == {v.name for v in VARIANTS}


@dataclasses.dataclass(frozen=True, slots=True)
class _WithANewVariant(Ruleset):
    """A ruleset as it would be with one more variant declared (no other change)."""

    three_goals: bool = dataclasses.field(default=False, metadata={"variant": True})


def test_a_newly_declared_variant_is_serialised_without_touching_to_dict():
    """The contract that keeps a saved game's variants: declaring the field is enough."""
    ruleset = _WithANewVariant(tie_goes_to_arrow=True, three_goals=True)
    data = ruleset.to_dict()
    assert data["three_goals"] is True
    assert _WithANewVariant.from_dict(data) == ruleset
    assert _WithANewVariant.from_dict({**data, "three_goals": False}) == _WithANewVariant(
        tie_goes_to_arrow=True
    )


def test_a_record_older_than_a_variant_reads_it_as_off_and_a_bad_switch_is_refused():
    data = Ruleset(tie_goes_to_arrow=True).to_dict()
    for variant in VARIANTS:
        older = {k: v for k, v in data.items() if k != variant.name}
        assert getattr(Ruleset.from_dict(older), variant.name) is False
        with pytest.raises(InvalidRuleset, match=variant.name):
            Ruleset.from_dict({**data, variant.name: 1})
