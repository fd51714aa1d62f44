"""The front end against the Python: the intents its views may send, and its pip tables.

The front end (js/) describes every intent it sends in JSDoc in js/intents.js (checked by
TypeScript's checker in ``make test``); here those descriptions are held to the widgets' intent
tables, kind by kind and field by field, and the pips Node draws to
``cfwidget.table.pip_positions``. The Node unit tests of the front end's pure helpers are in
tests/js (``node --test tests/js/``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from cfwidget.table import pip_positions
from cfwidget.therapy.widget import GuidedSession
from cfwidget.widget._widget import DISPLAYS
from tests.widget.test_widget import jsdoc_typedefs

ROOT = Path(__file__).resolve().parents[2]
TILES_JS = ROOT / "js" / "tiles.js"
# The fields whose type does not depend on the intent's kind, as js/intents.js writes them.
FIELD_TYPES = {
    "version": "number",
    "seat": "number|null",  # null: the table's view (seat="table")
    "move": "string",
    "auto": "boolean",
    "width": "number",
    "height": "number",
    "tile": "string",
    "onto": "string",
}
# What each intent's `value` is: the display's name, or Large tiles on or off.
VALUE_TYPES = {"display": "Display", "large": "boolean"}
# Fields the view may leave out: the bots' timer marks its `next`, and a try at a tile that
# fits nowhere names no place.
OPTIONAL = {("next", "auto"), ("try", "onto")}


def intent_typedef(kind: str) -> str:
    """The name of an intent's typedef in js/intents.js: ``new_game`` is ``NewGameIntent``."""
    return "".join(part.title() for part in kind.split("_")) + "Intent"


def node() -> str:
    """Node's path; the front end's tests need Node 20 or later (see the README)."""
    found = shutil.which("node")
    if found is None:
        pytest.fail("Node.js is not installed: the front end's tests need Node 20 or later")
    return found


def test_every_intent_a_widget_handles_has_its_typedef_field_by_field() -> None:
    js = jsdoc_typedefs("intents.js")
    table = GuidedSession.intents  # the game widget's intents and guided play's
    assert len(table) == 13
    for kind, handler in table.items():
        want = []
        for field in sorted(handler.fields):
            typ = (
                json.dumps(kind)
                if field == "kind"
                else VALUE_TYPES[kind]
                if field == "value"
                else FIELD_TYPES[field]
            )
            want.append((f"[{field}]" if (kind, field) in OPTIONAL else field, typ))
        got = js.get(intent_typedef(kind))
        assert isinstance(got, list), kind
        assert sorted(got, key=lambda p: p[0].strip("[]")) == want, kind
    union = js["Intent"]
    assert isinstance(union, str)
    assert sorted(union.split("|")) == sorted(intent_typedef(k) for k in table)
    assert js["Display"] == "|".join(json.dumps(d) for d in DISPLAYS)
    helpers = {"Display", "Intent", "StampedIntent", "IntentFields"}
    assert set(js) == {intent_typedef(k) for k in table} | helpers


def test_pip_tables_match_pythons_for_every_number_up_to_21() -> None:
    script = (
        f"import {{ pipPositions }} from {json.dumps(TILES_JS.as_uri())};"
        "console.log(JSON.stringify([...Array(22).keys()].map((n) => pipPositions(n))));"
    )
    out = subprocess.run(
        [node(), "--input-type=module", "-e", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    tables = json.loads(out.stdout)
    assert len(tables) == 22
    for n, js in enumerate(tables):
        py = pip_positions(n)
        assert len(js) == len(py) == n
        for (jx, jy), (px, py_) in zip(js, py, strict=True):
            assert jx == pytest.approx(px, abs=1e-12) and jy == pytest.approx(py_, abs=1e-12), n
