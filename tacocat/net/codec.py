"""Observations and events as JSON-ready values, and back (docs/protocol.md).

The server sends a seat its :class:`~tacocat.rules.Observation` and the events
:func:`~tacocat.rules.visible_to` keeps for it; this module is the one place that turns
them into plain values (dicts, lists, numbers, strings) and back. What a seat may know is
decided by the rules module alone: this encoding adds nothing and leaves nothing out, and
a decoded value equals the object it came from, field for field.

Rules of the encoding: a dataclass becomes an object with its fields by name (an event adds
``"event"``: its class name); a tuple becomes a list, a frozenset a sorted list, the phase
its string, the ruleset ``Ruleset.to_dict()``. Decoding reverses it: every list becomes a
tuple except the fields named in :data:`SET_FIELDS`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tacocat.rules import events as ev
from tacocat.rules.errors import InvalidRuleset
from tacocat.rules.observation import Observation
from tacocat.rules.phase import Phase
from tacocat.rules.ruleset import Ruleset

#: Every event class by name: the concrete dataclasses of tacocat.rules.events.
EVENT_TYPES: dict[str, type[ev.Event]] = {
    cls.__name__: cls
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Event) and dataclasses.is_dataclass(cls)
}
#: Fields that hold a frozenset (encoded as a sorted list).
SET_FIELDS = frozenset({"arrows", "covered"})
_OBSERVATION_FIELDS = tuple(field.name for field in dataclasses.fields(Observation))


class DecodeError(ValueError):
    """A value that is not the encoding of an observation or an event."""


def plain(value: Any) -> Any:
    """A field's value as JSON-ready data (tuples and sets as lists, enums as strings)."""
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def encode_event(event: ev.Event) -> dict[str, Any]:
    data: dict[str, Any] = {"event": type(event).__name__}
    for field in dataclasses.fields(event):  # type: ignore[arg-type]
        data[field.name] = plain(getattr(event, field.name))
    return data


def encode_observation(observation: Observation) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name in _OBSERVATION_FIELDS:
        value = getattr(observation, name)
        if name == "ruleset":
            data[name] = value.to_dict()
        elif name == "history":
            data[name] = [encode_event(event) for event in value]
        else:
            data[name] = plain(value)
    return data


def _tuples(value: Any) -> Any:
    """Lists back into (nested) tuples."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def _field_value(name: str, value: Any) -> Any:
    if name in SET_FIELDS:
        if not isinstance(value, list):
            raise DecodeError(f"{name} must be a list")
        return frozenset(value)
    return _tuples(value)


def decode_event(data: Any) -> ev.Event:
    if not isinstance(data, Mapping) or not isinstance(data.get("event"), str):
        raise DecodeError(f"not an event: {data!r:.80}")
    cls = EVENT_TYPES.get(data["event"])
    if cls is None:
        raise DecodeError(f"unknown event {data['event']!r}")
    names = {field.name for field in dataclasses.fields(cls)}  # type: ignore[arg-type]
    if set(data) - {"event"} != names:
        raise DecodeError(f"{data['event']} needs the fields {sorted(names)}")
    return cls(**{name: _field_value(name, data[name]) for name in names})


def decode_observation(data: Any) -> Observation:
    if not isinstance(data, Mapping) or set(data) != set(_OBSERVATION_FIELDS):
        raise DecodeError("an observation needs exactly the Observation's fields")
    values: dict[str, Any] = {}
    for name in _OBSERVATION_FIELDS:
        value = data[name]
        if name == "ruleset":
            try:
                values[name] = Ruleset.from_dict(value)
            except InvalidRuleset as error:
                raise DecodeError(f"ruleset: {error}") from None
        elif name == "phase":
            try:
                values[name] = Phase(value)
            except ValueError:
                raise DecodeError(f"unknown phase {value!r}") from None
        elif name == "history":
            if not isinstance(value, list):
                raise DecodeError("history must be a list")
            values[name] = tuple(decode_event(item) for item in value)
        else:
            values[name] = _field_value(name, value)
    return Observation(**values)
