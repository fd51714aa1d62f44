"""Rule-option mixes drawn from the options' own declarations (``cfwidget.core.OPTIONS``).

The differential, property and invariant tests take their option values from here, so an
option added to ``_options.py`` is mixed into all of them without editing a test: a choice
option contributes each of its values, a whole-number option numbers across its range (and
``None`` where it allows it), the hand size its tables and fixed sizes. ``prefer`` narrows an
option for speed (small sets play short rounds); it never leaves an option out. A check of a
kind this module does not know fails loudly instead of being skipped.

>>> import random
>>> rules = random_rules(random.Random(1))
>>> sorted(rules.to_dict()) == sorted(OPTIONS)
True
>>> sorted(choice_values(OPTIONS["round_end"]))
['all-passed', 'blocked']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import strategies as st

import cfwidget as cf
from cfwidget.core import HAND_TABLES, OPTIONS, Option, set_size

__all__ = [
    "OPTIONS",
    "choice_values",
    "every_value",
    "option_strategy",
    "random_options",
    "random_rules",
    "rules_strategy",
]

Prefer = Mapping[str, Callable[[random.Random], Any]]


def _declared(option: Option) -> tuple[str, Any]:
    """What the option's check declares: ``("choice", values)``, ``("whole", (low, high,
    none allowed))`` or ``("hand size", None)``; a check of another kind fails loudly."""
    check = option.check
    values = getattr(check, "values", None)
    if values is not None:
        return "choice", tuple(values)
    if hasattr(check, "low") and hasattr(check, "high"):
        return "whole", (check.low, check.high, getattr(check, "none", None) is not None)
    if "table name" in option.allowed:
        return "hand size", None
    raise AssertionError(
        f"option {option.name!r} has a check these tests cannot draw values from "
        f"({type(check).__name__}: {option.allowed}); teach tests/core/option_mixes.py it"
    )


def choice_values(option: Option) -> tuple[Any, ...] | None:
    """The values of a choice option (``None`` for a numeric or hand-size option)."""
    kind, spec = _declared(option)
    return spec if kind == "choice" else None


def random_value(option: Option, rng: random.Random, max_pip: int = 9) -> Any:
    """One value ``option`` allows, from its declaration."""
    kind, spec = _declared(option)
    if kind == "choice":
        return rng.choice(spec)
    if kind == "whole":
        low, high, none = spec
        if none and rng.random() < 0.3:
            return None
        # The ends now and then, otherwise anywhere (small numbers more often).
        roll = rng.random()
        if roll < 0.15:
            return low
        if roll < 0.3:
            return high
        return rng.randint(low, min(high, low + rng.choice([3, 10, 100, high - low])))
    if rng.random() < 0.15:
        return rng.choice(sorted(HAND_TABLES))
    half = set_size(max_pip) // 2  # the most a fixed hand size may be
    return rng.randint(2, min(12, half) if rng.random() < 0.8 else half)


def every_value(option: Option, max_pip: int = 9) -> list[Any]:
    """A few values of ``option`` that together reach every kind it allows."""
    kind, spec = _declared(option)
    if kind == "choice":
        return list(spec)
    if kind == "whole":
        low, high, none = spec
        return sorted({low, (low + high) // 2, high}) + ([None] if none else [])
    return [*sorted(HAND_TABLES), 2, set_size(max_pip) // 4]


def random_options(rng: random.Random, prefer: Prefer | None = None) -> dict[str, Any]:
    """A value for every declared option: ``prefer[name](rng)`` where given, else any."""
    prefer = prefer or {}
    options: dict[str, Any] = {}
    for name, option in OPTIONS.items():  # in field order: max_pip comes before hand_size
        if name in prefer:
            options[name] = prefer[name](rng)
        else:
            options[name] = random_value(option, rng, options.get("max_pip", 9))
    return options


def random_rules(
    rng: random.Random,
    prefer: Prefer | None = None,
    accept: Callable[[cf.Rules], bool] = lambda rules: True,
) -> cf.Rules:
    """Random options that ``cf.Rules`` takes together and ``accept`` keeps."""
    for _ in range(10_000):
        try:
            rules = cf.Rules(**random_options(rng, prefer))
        except cf.RulesError:
            continue  # values that do not go together (six spokes on a double-5 set, say)
        if accept(rules):
            return rules
    raise AssertionError("no mix of options was accepted in 10,000 tries")


def option_strategy(option: Option, narrow: Mapping[str, Any] | None = None) -> Any:
    """A hypothesis strategy for one option's values (``narrow[name]`` replaces it)."""
    if narrow and option.name in narrow:
        return narrow[option.name]
    kind, spec = _declared(option)
    if kind == "choice":
        return st.sampled_from(spec)
    if kind == "whole":
        low, high, none = spec
        return st.none() | st.integers(low, high) if none else st.integers(low, high)
    return st.sampled_from(sorted(HAND_TABLES)) | st.integers(2, 6)


def _rules_or_none(options: dict[str, Any]) -> cf.Rules | None:
    try:
        return cf.Rules(**options)
    except cf.RulesError:
        return None


def rules_strategy(narrow: Mapping[str, Any] | None = None) -> Any:
    """Hypothesis strategy of ``cf.Rules`` over every declared option (mixes it refuses
    are filtered out)."""
    fields = {name: option_strategy(option, narrow) for name, option in OPTIONS.items()}
    return st.fixed_dictionaries(fields).map(_rules_or_none).filter(lambda r: r is not None)
