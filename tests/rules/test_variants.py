"""The variants table: the one list of optional rules, each a Ruleset field."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tacocat.rules import Ruleset
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


def test_every_variant_has_its_label_and_hint_in_english():
    tree = json.loads((ROOT / "assets/translations/tacocat.en.json").read_text("utf-8"))["en"]
    for variant in VARIANTS:
        for key in (variant.label_key, variant.hint_key):
            node = tree
            for part in key.split(".")[1:]:
                node = node[part]
            assert isinstance(node, str) and node, key
