"""Room options: a small typed dataclass per ruleset, persisted as ruleset id + option values.

Each option is a dataclass field whose metadata lists the allowed values, so that the lobby can
offer them and ``from_values`` can refuse anything else with a typed error (changing nothing).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Self

from qipai.mahjong.table.errors import BadOptions


def option(default: Any, choices: tuple | range, doc: str) -> Any:
    """A room option with its allowed values (a tuple, or a range of integers) and a one-line
    explanation for the lobby."""
    return dataclasses.field(default=default, metadata={"choices": choices, "doc": doc})


def _allowed(value: object, choices: tuple | range) -> bool:
    if isinstance(choices, range):
        return type(value) is int and value in choices
    return any(type(value) is type(c) and value == c for c in choices)


@dataclasses.dataclass(frozen=True)
class RulesetOptions:
    """Base class; rulesets subclass it with their own ``option(...)`` fields."""

    base: int = option(1, range(1, 1_000_001), "base unit b / A in points (the room stake)")

    def to_values(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_values(cls, values: object) -> Self:
        """Options from persisted or client values; missing ones take their defaults."""
        if not isinstance(values, dict):
            raise BadOptions("options must be a map of name to value")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(values) - set(fields), key=str)
        if unknown:
            raise BadOptions(f"unknown options: {', '.join(map(str, unknown))}")
        for name, value in values.items():
            if not _allowed(value, fields[name].metadata["choices"]):
                raise BadOptions(f"option {name}={value!r} is not one of the allowed values")
        return cls(**values)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every option for the lobby's room form, as wire data: name, default, allowed values
        (a list, or ``{"min", "max"}`` for an integer range) and the explanation."""
        described = []
        for f in dataclasses.fields(cls):
            choices = f.metadata["choices"]
            allowed = (
                {"min": choices.start, "max": choices.stop - 1}
                if isinstance(choices, range)
                else list(choices)
            )
            described.append(
                {"name": f.name, "default": f.default, "choices": allowed, "doc": f.metadata["doc"]}
            )
        return described
