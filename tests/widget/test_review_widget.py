"""The review widget's Python side: the view at each move, its intents, its information boundary.

A short reviewed game (double-six, two players: one whole round and the start of the next)
is scrubbed move by move; intents are fed the way ipywidgets delivers a browser's message.
"""

from __future__ import annotations

import dataclasses
import random
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cfwidget as cf
from cfwidget import Move, Round
from cfwidget.analysis import MARK_COLOURS, Review, review
from cfwidget.analysis._verdicts import verdict_range
from cfwidget.players import RandomBot, make_bot, play_round
from cfwidget.widget import ReviewWidget, WidgetError
from cfwidget.widget._review_graph import graph_html, graph_words

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from seat_worlds import Deal, world  # the re-dealer of tests/core

RULES = cf.Rules(max_pip=6, hand_size=7)


def played_game() -> cf.Game:
    """Ann and Bob play random moves: round 1 to its end, then 6 moves of round 2."""
    game = cf.Game(["Ann", "Bob"], RULES, seed=5)
    bot = RandomBot(seed=3)
    while not game.round.is_over:
        game.play(bot(game.round.observation(game.round.turn)))
    game.next_round()
    for _ in range(6):
        game.play(bot(game.round.observation(game.round.turn)))
    return game


@pytest.fixture(scope="module")
def rev() -> Review:
    return review(played_game(), worlds=24, seed=1)


def send(w: ReviewWidget, content: object) -> None:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def plays_before(rev: Review, round_no: int, move_no: int) -> int:
    moves = rev.played[round_no - 1][: move_no - 1]
    return sum(Move.parse(m).is_play for m in moves)


def step_of(w: ReviewWidget, n: int) -> tuple[int, int]:
    panel = w.goto(n).view["review"]
    start = sum(len(p) for p in w.review.played[: panel["round_no"] - 1])
    return panel["round_no"], n - start


def step_seats(rev: Review) -> list[int]:
    return [s for seats in rev.movers for s in seats]


def rows_with(rev: Review, verdicts: tuple[str, ...]) -> list[int]:
    return [i for i, v in enumerate(rev.moves["verdict"]) if v in verdicts]


def move_number(rev: Review, row: int) -> int:
    r, k = int(rev.moves["round"].iloc[row]), int(rev.moves["move_number"].iloc[row])
    return sum(len(p) for p in rev.played[: r - 1]) + k


# -- the review keeps what the widget needs -----------------------------------------------------


def test_the_review_rebuilds_every_position_and_keeps_every_table(rev: Review) -> None:
    game = played_game()
    assert len(rev.starts) == 2 and [len(p) for p in rev.played] == [
        len(r.moves) for r in game.rounds
    ]
    for r, rnd in enumerate(game.rounds, start=1):
        end = rev.round_at(r, len(rev.played[r - 1]) + 1)
        assert [str(m) for m in end.moves] == [str(m) for m in rnd.moves]
        assert list(rev.movers[r - 1]) == [s for s, _ in rnd.history]
    assert len(rev.tables) == len(rev.moves)
    for i, verdict in enumerate(rev.moves["verdict"]):
        table = rev.candidates(i)
        if verdict == "forced":
            assert table.empty
            continue
        assert str(table.index[0]) == rev.moves["best"].iloc[i]
        assert rev.moves["played"].iloc[i] in table.index
    before = rev.round_at(1, 3)
    before.play(before.legal_moves()[0])  # a copy: the review is unchanged
    assert len(rev.round_at(1, 3).moves) == 2
    assert rev == review(played_game(), worlds=24, seed=1)
    with pytest.raises(cf.ReviewError, match="from 1 to 2"):
        rev.round_at(3, 1)
    with pytest.raises(cf.ReviewError, match="move_no is a move from 1 to"):
        rev.round_at(1, 0)
    with pytest.raises(cf.ReviewError, match="row is a row of the moves table"):
        rev.candidates(len(rev.moves))


# -- the view at several moves ------------------------------------------------------------------


def test_the_table_holds_the_tiles_played_before_each_move(rev: Review) -> None:
    w = ReviewWidget(rev)
    assert w.total == sum(len(p) for p in rev.played)
    for n in (1, 2, 9, w.total // 2, w.total - 3, w.total):
        r, k = step_of(w, n)
        assert len(w.view["table"]) == 1 + plays_before(rev, r, k)
        assert w.view["review"]["move"] == n and w.move == n
        # Two rounds: the game's count and the round's, as the review's tables number moves.
        assert w.view["review"]["words"].startswith(
            f"Move {n} of {w.total} (round {r}, move {k}): "
        )
    # the second round starts again from its centre double
    first_of_two = len(rev.played[0]) + 1
    w.goto(first_of_two)
    assert w.view["review"]["round_no"] == 2 and len(w.view["table"]) == 1
    # A move of the review's tables (round 2, move 3) is found by its round.
    assert w.goto(3, round_no=2).move == first_of_two + 2
    assert w.goto(np.int64(3), round_no=np.int64(1)).move == 3
    with pytest.raises(WidgetError, match=r"^round_no is a round from 1 to 2 in this game, got 3$"):
        w.goto(1, round_no=3)
    with pytest.raises(
        WidgetError, match=f"^move is a move number from 1 to {len(rev.played[1])} in round 2"
    ):
        w.goto(99, round_no=2)
    for bad in (True, 2.0):
        with pytest.raises(WidgetError, match=r"^move is a move number from 1 to"):
            w.goto(bad, round_no=1)  # type: ignore[arg-type]
    assert w.move == 3  # nothing changed


def test_a_rated_move_rings_the_played_and_the_best_move_and_shows_bars(rev: Review) -> None:
    slips = rows_with(rev, ("inaccuracy", "mistake", "blunder"))
    assert slips, "the random game has no mistake to look at"
    row = slips[0]
    w = ReviewWidget(rev, move=move_number(rev, row))
    panel = w.view["review"]
    played, best = str(rev.moves["played"].iloc[row]), str(rev.moves["best"].iloc[row])
    name = str(rev.moves["name"].iloc[row])
    verdict = str(rev.moves["verdict"].iloc[row])
    assert panel["shown"] == verdict and w.row == row
    loss = float(rev.moves["loss"].iloc[row])
    assert (
        f"{name} " in panel["words"] and f"{loss:.1f} points worse than the best" in panel["words"]
    )
    assert verdict in panel["words"]
    rings = {r["kind"]: r for r in panel["rings"]}
    if Move.parse(played).onto is not None:
        assert rings["played"]["onto"] == str(Move.parse(played).onto)
        assert rings["played"]["label"] == "played"
    if Move.parse(best).onto is not None:
        assert rings["best"]["onto"] == str(Move.parse(best).onto)
        assert rings["best"]["label"] == "best"
    tile = Move.parse(played).tile
    assert panel["played_tile"] == (None if tile is None else str(tile))
    if tile is not None:
        assert str(tile) in [h["tile"] for h in w.view["hand"]]  # before the move: in hand
    bars = panel["bars"]
    table = rev.candidates(row)
    assert [b["move"] for b in bars] == [str(m) for m in table.index]
    points = [b["points"] for b in bars]
    assert points == sorted(points)
    assert [b["move"] for b in bars if b["played"]] == [played]
    assert [b["move"] for b in bars if b["best"]] == [best]
    assert "lower is better" in panel["bars_note"]
    assert panel["odds"].startswith(name)


def test_an_unclear_move_says_between_which_verdicts_and_is_no_mistake(rev: Review) -> None:
    unclear = rows_with(rev, ("unclear",))
    assert unclear, "the random game has no unclear move to look at"
    for row in unclear:
        line = rev.moves.iloc[row]
        mild, harsh = verdict_range(float(line["loss"]), float(line["std_error"]))
        assert mild != harsh
        w = ReviewWidget(rev, move=move_number(rev, row))
        panel = w.view["review"]
        assert panel["shown"] == "unclear" and panel["short"].endswith(": unclear")
        words = panel["words"]
        article = {"good": "good", "inaccuracy": "an inaccuracy", "mistake": "a mistake"}
        assert f"unclear, between {article[mild]} and " in words
        assert f"about {float(line['loss']):.1f} points worse than the best" in words
        assert "not counted as a mistake" in words
        assert move_number(rev, row) not in panel["mistakes"]  # Next mistake skips it
        assert row not in list(rev.mistakes().index)


def test_the_graph_marks_flagged_and_unclear_moves_of_the_seats_it_shows(rev: Review) -> None:
    """Each verdict marked has its legend word; "unclear" is marked apart from the flags;
    with the hands closed a chosen seat's graph marks only that seat's moves."""
    marked = {"inaccuracy", "mistake", "blunder", "unclear"}
    want = {
        move_number(rev, i): (int(rev.moves["seat"].iloc[i]), str(v))
        for i, v in enumerate(rev.moves["verdict"])
        if v in marked
    }
    assert any(v == "unclear" for _, v in want.values())
    graph = ReviewWidget(rev).view["review"]["graph"]
    assert {m["move"]: m["verdict"] for m in graph["marks"]} == {m: v for m, (_, v) in want.items()}
    legend = {k["verdict"]: k["words"] for k in graph["legend"]}
    assert set(legend) == {v for _, v in want.values()}
    assert legend["unclear"] == "unclear (between two verdicts)"
    for seat in (0, 1):
        graph = ReviewWidget(rev, seat=seat).view["review"]["graph"]
        assert {m["move"] for m in graph["marks"]} == {m for m, (s, _) in want.items() if s == seat}
    css = (Path(cf.__file__).parent / "widget" / "static" / "widget.css").read_text()
    colours = {
        verdict: re.search(rf"\.cfw \.is-{verdict}[^{{]*\{{\s*stroke: (#[0-9a-f]{{6}})", css)
        for verdict in ("inaccuracy", "blunder", "unclear")
    }
    assert all(colours.values()), colours
    found = {v: m.group(1) for v, m in colours.items() if m}
    assert len(set(found.values())) == 3  # unclear has a colour of its own
    assert _contrast(found["unclear"], "#ffffff") >= 4.5


def test_the_picture_and_the_saved_graph_mark_the_same_moves_in_the_same_colours(
    rev: Review,
) -> None:
    """Review.picture() says the marks in the very sentence the widget's saved graph says
    (following the mover, every seat's moves are marked), and draws them in the colours the
    saved graph and widget.css use."""
    graph = ReviewWidget(rev).view["review"]["graph"]
    said = graph_words(graph)
    marked = said[said.index(" Marked: ") + 1 :]
    assert marked.count("move ") == len(graph["marks"]) >= 2
    assert rev.picture().alt.endswith(" " + marked)
    saved = graph_html(graph)
    css = (Path(cf.__file__).parent / "widget" / "static" / "widget.css").read_text()
    for verdict, colour in MARK_COLOURS.items():
        assert re.search(rf"\.is-{verdict}\b[^{{]*\{{\s*stroke: {colour};", css), verdict
    for verdict in {m["verdict"] for m in graph["marks"]}:
        assert f'stroke="{MARK_COLOURS[verdict]}"' in saved


def _contrast(a: str, b: str) -> float:
    def lum(colour: str) -> float:
        c = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    dark, light = sorted((lum(a), lum(b)))
    return (light + 0.05) / (dark + 0.05)


def test_the_best_move_gets_one_ring_labelled_played_and_best(rev: Review) -> None:
    rows = [
        i
        for i in rows_with(rev, ("best",))
        if Move.parse(str(rev.moves["played"].iloc[i])).is_play
        and rev.moves["played"].iloc[i] == rev.moves["best"].iloc[i]
    ]
    w = ReviewWidget(rev, move=move_number(rev, rows[0]))
    panel = w.view["review"]
    assert [r["label"] for r in panel["rings"]] == ["played and best"]
    assert ": the best move, about " in panel["words"]


def test_a_forced_move_says_so_and_has_no_bars(rev: Review) -> None:
    row = rows_with(rev, ("forced",))[0]
    w = ReviewWidget(rev, move=move_number(rev, row))
    panel = w.view["review"]
    assert panel["shown"] == "forced" and panel["bars"] == []
    assert "forced, the only move" in panel["words"]


def test_another_seats_move_is_not_rated_from_this_seat_unless_the_hands_are_open(
    rev: Review,
) -> None:
    row = next(i for i in rows_with(rev, ("mistake", "blunder", "inaccuracy", "good")))
    mover = int(rev.moves["seat"].iloc[row])
    other = 1 - mover
    w = ReviewWidget(rev, seat=other, move=move_number(rev, row))
    panel = w.view["review"]
    assert panel["shown"] == "hidden" and panel["bars"] == [] and panel["played_tile"] is None
    assert [r["kind"] for r in panel["rings"]] in ([], ["played"])
    assert "Open the hands" in panel["words"] and panel["hands"] == []
    assert w.view["seat"] == other
    seat_moves = {m for m, s in enumerate(step_seats(rev), start=1) if s == other}
    assert set(panel["mistakes"]) <= seat_moves  # another seat's slips are not pointed at
    w.hands_open = True
    panel = w.view["review"]
    assert panel["shown"] == str(rev.moves["verdict"].iloc[row]) and panel["bars"]
    hand = w.round.hand(mover)
    assert panel["hands"] == [
        {"seat": mover, "name": rev.names[mover], "tiles": [str(t) for t in sorted(hand)[::-1]]}
    ]


def test_a_seat_that_was_not_reviewed_is_said_so() -> None:
    rev = review(played_game(), seats=[0], worlds=8)
    w = ReviewWidget(rev, move=1)
    steps = [w.goto(n).view["review"] for n in range(1, 12)]
    bob = [p for p in steps if p["mover"] == 1]
    assert bob and all(p["shown"] == "unrated" and "not reviewed" in p["words"] for p in bob)


# -- intents ------------------------------------------------------------------------------------


def test_goto_step_and_the_next_mistake(rev: Review) -> None:
    w = ReviewWidget(rev)
    send(w, {"kind": "goto", "move": 7})
    assert w.move == 7 and w.message == ""
    send(w, {"kind": "step", "version": w.version, "seat": w.view["seat"], "to": "next"})
    assert w.move == 8
    send(w, {"kind": "step", "version": w.version, "seat": w.view["seat"], "to": "last"})
    assert w.move == w.total
    send(w, {"kind": "step", "version": w.version, "seat": w.view["seat"], "to": "next"})
    assert w.move == w.total and w.message == "This is the last move."
    send(w, {"kind": "step", "version": w.version, "seat": w.view["seat"], "to": "first"})
    assert w.move == 1
    mistakes = [move_number(rev, i) for i in rows_with(rev, ("inaccuracy", "mistake", "blunder"))]
    assert w.view["review"]["mistakes"] == mistakes
    assert w.next_mistake().move == mistakes[0]
    send(w, {"kind": "step", "version": w.version, "seat": w.view["seat"], "to": "next_mistake"})
    assert w.move == (mistakes[1] if len(mistakes) > 1 else mistakes[0])
    assert w.previous_mistake().move == mistakes[0] or len(mistakes) == 1


def test_a_step_clicked_while_the_board_settles_still_counts(rev: Review) -> None:
    # The browser tells the board's shape once it is drawn; the table is laid again, but a
    # click on Next made on the first drawing is about the same move and must not be lost.
    w = ReviewWidget(rev, move=1)
    stamp = w.version
    first = [t["tile"] for t in w.view["table"]]
    send(w, {"kind": "board", "width": 300, "height": 900})
    assert w.version == stamp and [t["tile"] for t in w.view["table"]] == first
    send(w, {"kind": "step", "version": stamp, "seat": w.view["seat"], "to": "next"})
    assert w.move == 2 and w.message == ""
    assert w.version != stamp


def test_a_stale_or_wrong_request_changes_nothing_and_says_why(rev: Review) -> None:
    w = ReviewWidget(rev, move=5)
    old = w.version
    w.goto(6)
    view = w.view
    send(w, {"kind": "step", "version": old, "seat": 0, "to": "next"})
    assert w.move == 6 and w.view is view
    assert w.message == (
        "That click was for an earlier move, so it was ignored; "
        f"the board shows move 6 of {w.total}."
    )
    send(w, {"kind": "goto", "move": 0})
    assert w.move == 6 and w.message == f"There is no move 0: moves go from 1 to {w.total}."
    send(w, {"kind": "goto", "move": 3, "extra": 1})
    assert w.move == 6 and "fields the widget does not know" in w.message
    send(w, {"kind": "play", "move": "6-6@6-6"})
    assert w.move == 6 and w.message == "The widget received a request it does not know."
    send(w, {"kind": "seat", "value": 9})
    assert w.seat is None and w.message == "Seats go from 0 to 1."
    send(w, {"kind": "seat", "value": 1})
    assert w.seat == 1 and w.view["seat"] == 1 and w.message == ""
    send(w, {"kind": "hands_open", "value": True})
    assert w.hands_open and w.view["review"]["hands_open"]
    w.set_state({"view": {}})  # the browser may not write the view
    assert w.view["review"]["move"] == 6


def test_bad_arguments_say_what_is_allowed(rev: Review) -> None:
    with pytest.raises(WidgetError, match="review must be a Review"):
        ReviewWidget(played_game())  # type: ignore[arg-type]
    total = sum(len(p) for p in rev.played)
    with pytest.raises(WidgetError, match=f"move is a move number from 1 to {total}"):
        ReviewWidget(rev, move=total + 1)
    with pytest.raises(WidgetError, match="seat is a seat number from 0 to 1"):
        ReviewWidget(rev, seat=2)
    with pytest.raises(WidgetError, match="hands_open must be True or False"):
        ReviewWidget(rev, hands_open="yes")  # type: ignore[arg-type]
    assert ReviewWidget(rev, display="color").display == "colour"  # as GameWidget takes it
    shown = ReviewWidget(rev, display="numerals")
    with pytest.raises(
        WidgetError, match=r"^display must be one of pips, numerals, colour; got 'big'$"
    ):
        shown.display = "big"  # set from Python: the same words, nothing changed
    assert shown.display == "numerals"
    with pytest.raises(
        TypeError,
        match=r"^ReviewWidget got unknown argument 'hand_open' \(did "
        r"you mean 'hands_open'\?\); it takes review, seat, hands_open, move,",
    ):
        ReviewWidget(rev, hand_open=True)  # type: ignore[call-arg]
    w = ReviewWidget(rev)
    with pytest.raises(WidgetError, match="from 1 to"):
        w.goto(-1)
    with pytest.raises(WidgetError, match="step goes to one of first, back"):
        w.step("sideways")
    assert w.move == 1
    empty = review(cf.Round.deal(RULES, players=2, seed=1), worlds=4)
    with pytest.raises(WidgetError, match="no moves to show"):
        ReviewWidget(empty)


# -- the information boundary -------------------------------------------------------------------


def _fresh(rnd: Round) -> Round:
    record = rnd.to_dict()
    return Round.from_dict({**record, "moves": []})


def _shown(w: ReviewWidget) -> dict[str, Any]:
    view = dict(w.view)
    view.pop("version")
    return view


def test_what_a_seat_sees_does_not_change_when_what_it_cannot_see_is_dealt_again() -> None:
    rng = random.Random(2)
    game = cf.Game(["Ann", "Bob", "Cy"], RULES, seed=8)
    bot = RandomBot(seed=1)
    while not game.round.is_over:
        game.play(bot(game.round.observation(game.round.turn)))
    rev = review(game, worlds=6, seed=3)
    total = len(rev.played[0])
    compared = moved = 0
    for n in range(1, total + 1):
        for seat in range(3):
            rnd = rev.round_at(1, n)
            other = world(rnd, Deal.of(rnd), seat, rng, tries=4)
            if other is None:
                continue
            again = dataclasses.replace(rev, starts=(_fresh(other),))
            here = ReviewWidget(rev, seat=seat, move=n)
            there = ReviewWidget(again, seat=seat, move=n)
            compared += 1
            moved += any(
                a != b
                for s, (a, b) in enumerate(zip(rnd.hands, other.hands, strict=True))
                if s != seat
            )
            assert _shown(here) == _shown(there), (n, seat)
    print(f"review widget boundary: {compared} views re-dealt, {moved} with other hands moved")
    assert compared >= 40 and moved >= 20


def test_open_hands_show_what_was_dealt_again() -> None:
    game = cf.Game(["Ann", "Bob"], RULES, seed=4)
    bot = RandomBot(seed=2)
    for _ in range(6):
        game.play(bot(game.round.observation(game.round.turn)))
    rev = review(game, worlds=4)
    rnd = rev.round_at(1, 6)
    other = world(rnd, Deal.of(rnd), 0, random.Random(5), tries=6)
    assert other is not None and other.hand(1) != rnd.hand(1)
    again = dataclasses.replace(rev, starts=(_fresh(other),))
    here = ReviewWidget(rev, seat=0, move=6, hands_open=True)
    there = ReviewWidget(again, seat=0, move=6, hands_open=True)
    assert here.view["review"]["hands"] != there.view["review"]["hands"]


# -- saved notebooks ----------------------------------------------------------------------------


def test_a_saved_notebook_keeps_the_table_the_verdict_and_the_candidates(rev: Review) -> None:
    slips = rows_with(rev, ("inaccuracy", "mistake", "blunder"))
    apart = [  # a slip whose move played and best move go on different tiles: two rings
        i
        for i in slips
        if Move.parse(rev.moves["played"].iloc[i]).onto
        != Move.parse(rev.moves["best"].iloc[i]).onto
    ]
    w = ReviewWidget(rev, move=move_number(rev, apart[0]))
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data, meta = bundle
    assert data["image/png"] and "<svg" in data["image/svg+xml"]
    words = w.view["review"]["words"]
    assert words in data["text/plain"] and repr(w) in data["text/plain"]
    assert "lower is better" in data["text/plain"]
    assert "<img" in data["text/html"] and "<table>" in data["text/html"]
    assert meta["image/png"]["alt"]
    assert "Yellow ring: the move played" in w.to_svg() and "blue ring: the best move" in w.to_svg()
    assert repr(w).startswith(f"<ReviewWidget move {w.move} of {w.total}, seen from the seat")


# -- the front end's mirror ---------------------------------------------------------------------


def test_every_review_intent_has_its_typedef_in_the_front_end() -> None:
    """The intents only a review sends are typed in js/review-view.js; the rest
    (display, large, board) are the GameWidget's, typed with its intents."""
    from cfwidget.widget import INTENTS
    from tests.widget.test_front_end import intent_typedef
    from tests.widget.test_widget import jsdoc_typedefs

    js = jsdoc_typedefs("review-view.js")
    own = {k: h for k, h in ReviewWidget.intents.items() if k not in INTENTS}
    assert sorted(own) == ["goto", "hands_open", "seat", "step"]
    for kind, handler in own.items():
        got = js.get(intent_typedef(kind))
        assert isinstance(got, list), kind
        assert sorted(p for p, _ in got) == sorted(handler.fields), kind
    assert js["ReviewIntent"] == "|".join(
        intent_typedef(k) for k in ("goto", "step", "seat", "hands_open")
    )
    panel = js["ReviewPanel"]
    assert isinstance(panel, list)
    from cfwidget.widget._review_view import ReviewPanel

    assert [p for p, _ in panel] == list(ReviewPanel.__annotations__)
    for kind in set(ReviewWidget.intents) - set(own):
        assert ReviewWidget.intents[kind].fields == INTENTS[kind], kind


def test_the_saved_caption_says_when_played_and_best_go_on_the_same_tile(rev: Review) -> None:
    moves = rev.moves
    same, apart = [], []
    for row in rows_with(rev, ("good", "inaccuracy", "mistake", "blunder")):
        played, best = (
            cf.Move.parse(moves["played"].iloc[row]),
            cf.Move.parse(moves["best"].iloc[row]),
        )
        (same if played.onto == best.onto else apart).append(row)
    for row in same[:1]:
        caption = ReviewWidget(rev, move=move_number(rev, row)).to_svg()
        assert "the move played and the best move (both on" in caption
        assert "blue ring" not in caption  # the yellow ring covers the blue one
    for row in apart[:1]:
        caption = ReviewWidget(rev, move=move_number(rev, row)).to_svg()
        assert (
            "Yellow ring: the move played (on" in caption and "blue ring: the best move" in caption
        )
    assert same and apart  # both cases occur in this game


def test_the_bars_name_the_verdicts_best_and_say_when_the_verdict_was_rated_again(
    rev: Review,
) -> None:
    """A flag is checked on fresh worlds, so the verdict's best and loss can differ from the
    first rating's bars: the bar marked best is the verdict's, and the note says why the
    figures differ (a teacher saw two moves each called best)."""
    again = 0
    for row in rows_with(rev, ("best", "good", "inaccuracy", "mistake", "blunder", "unclear")):
        panel = ReviewWidget(rev, move=move_number(rev, row)).view["review"]
        best = str(rev.moves["best"].iloc[row])
        assert [b["move"] for b in panel["bars"] if b["best"]] == [best]
        first = int(rev.candidates(row).attrs["worlds"])
        rated = int(rev.moves["worlds_rated"].iloc[row])
        if rated > first:
            again += 1
            assert "First ratings" in panel["bars_note"]
            assert panel["bars_note"] == "First ratings (lower is better); verdict rated again."
        else:
            assert "First ratings" not in panel["bars_note"]
    assert again, "no move of the game was rated again"


def test_the_verdicts_best_is_marked_and_shown_when_the_first_rating_put_another_first() -> None:
    """Four random players of double-nine, rated with 4 worlds: at the fifth move the fresh
    worlds' best is not the first rating's top bar. The bar marked best is the verdict's,
    and it is among the few bars shown before "Show all"."""
    rnd = cf.Round.deal(cf.Rules(max_pip=9, hand_size=7), 4, seed=6)
    play_round(rnd, [make_bot("random", 6 + i) for i in range(4)])
    rev = review(rnd, worlds=4, seed=6)
    row = 4
    best = str(rev.moves["best"].iloc[row])
    assert str(rev.candidates(row).index[0]) != best  # the case the test is about
    panel = ReviewWidget(rev, move=int(rev.moves["move_number"].iloc[row]), hands_open=True)
    bars = panel.view["review"]["bars"]
    assert [b["move"] for b in bars if b["best"]] == [best]
    assert [b["move"] for b in bars if b["best"] and b["few"]] == [best]
    assert (
        panel.view["review"]["bars_note"] == "First ratings (lower is better); verdict rated again."
    )
