"""Strict reading of JSON records: every problem is named with where it is.

Records are plain JSON, never pickle or eval. Readers here reject truncated
text, unknown fields and wrong types with a :class:`RecordError` that says
what was wrong and where.

>>> read_record('{"format": "cfwidget.round", "version": 1}', "cfwidget.round",
...     {"format", "version"})
{'format': 'cfwidget.round', 'version': 1}
>>> read_record('{"format": "cfwidget.round", "vers', "cfwidget.round", set())
Traceback (most recent call last):
...
cfwidget.RecordError: the record is not complete JSON (line 1, column 30): ...
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from ._errors import RecordError

__all__ = ["FORMAT_VERSION", "MAX_RECORD_BYTES", "check_record", "expect", "read_record"]

#: The largest record text accepted (a 190-tile game of 19 rounds is far smaller).
MAX_RECORD_BYTES = 5_000_000
FORMAT_VERSION = 1


def read_record(text: str | bytes, fmt: str, fields: Collection[str]) -> dict[str, Any]:
    """Parse ``text`` as one JSON object of format ``fmt`` with only ``fields``."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the record is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, got {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            f"the record is {len(text):,} characters long; at most {MAX_RECORD_BYTES:,} are read"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"the record is not complete JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"
        ) from None
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None
    except ValueError:  # a number too long to read (Python reads at most 4,300 digits)
        raise RecordError(
            "the record holds a number with thousands of digits; no game record needs one"
        ) from None
    return check_record(data, fmt, fields)


def check_record(data: object, fmt: str, fields: Collection[str]) -> dict[str, Any]:
    """``data`` if it is a record of format ``fmt`` (version, known fields), else a RecordError.

    >>> check_record({"format": "cfwidget.game", "version": 1}, "cfwidget.round", ())
    Traceback (most recent call last):
    ...
    cfwidget.RecordError: this is not a cfwidget.round record (format is 'cfwidget.game')
    """
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, got {type(data).__name__}")
    if data.get("format") != fmt:
        raise RecordError(f"this is not a {fmt} record (format is {data.get('format')!r})")
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:  # true is not 1 here
        raise RecordError(
            f"record version {version!r} is not supported; this cfwidget reads version "
            f"{FORMAT_VERSION}"
        )
    unknown = sorted(map(repr, set(data) - set(fields)))
    if unknown:
        raise RecordError(
            f"unknown field {', '.join(unknown)}; a {fmt} record has: {', '.join(sorted(fields))}"
        )
    return data


def expect(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    """``value`` if it has JSON type ``kind``, else a :class:`RecordError` naming ``where``.

    >>> expect([1], list, "moves")
    [1]
    """
    if isinstance(value, bool) and kind is int:
        raise RecordError(f"{where} must be a whole number, got {value!r}")
    if not isinstance(value, kind):
        names = {list: "a list", dict: "an object", str: "text", int: "a whole number"}
        wanted = (
            " or ".join(names.get(k, k.__name__) for k in kind)
            if isinstance(kind, tuple)
            else names.get(kind, kind.__name__)
        )
        raise RecordError(f"{where} must be {wanted}, got {type(value).__name__}")
    return value
