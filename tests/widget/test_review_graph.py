"""The review widget's evaluation graph and collapsed candidates, on the Python side.

The graph's lines are the review's outlook (each seat's own ratings); a chosen seat with the
hands closed sees its own line only; the widget keeps room for the game's largest hand; a
long list of candidates marks the best three and the move played.
"""

from __future__ import annotations

import math

import pytest

import cfwidget as cf
from cfwidget.analysis import Review, review
from cfwidget.players import RandomBot
from cfwidget.widget import ReviewWidget
from cfwidget.widget._review_graph import readout_words
from cfwidget.widget._review_view import FEW_BARS

RULES = cf.Rules(max_pip=6, hand_size=7)


@pytest.fixture(scope="module")
def rev() -> Review:
    game = cf.Game(["Ann", "Bob", "Cy"], RULES, seed=5)
    bot = RandomBot(seed=3)
    while not game.round.is_over:
        game.play(bot(game.round.observation(game.round.turn)))
    game.next_round()
    for _ in range(5):
        game.play(bot(game.round.observation(game.round.turn)))
    return review(game, worlds=12, seed=1)


def test_the_lines_are_the_outlook_move_by_move(rev: Review) -> None:
    w = ReviewWidget(rev)
    graph = w.view["review"]["graph"]
    frame = rev.outlook()
    assert graph["total"] == w.total and [line["name"] for line in graph["lines"]] == list(
        rev.names
    )
    for line in graph["lines"]:
        mine = frame[frame["seat"] == line["seat"]].sort_values("step")
        want = [None if math.isnan(x) else round(x, 2) for x in mine["expected_points"]]
        assert line["points"] == want
        assert line["fresh"] == mine["fresh"].tolist()
    assert graph["starts"] == [len(rev.played[0]) + 1]
    assert graph["top"] >= max(p for line in graph["lines"] for p in line["points"] if p)


def test_the_graph_follows_the_move_shown_and_says_its_figures(rev: Review) -> None:
    w = ReviewWidget(rev)
    for n in (1, 12, w.total):
        graph = w.goto(n).view["review"]["graph"]
        assert graph["move"] == n
        assert graph["readout"].startswith(f"After move {n}: ")
        for line in graph["lines"]:
            p = line["points"][n - 1]
            said = f"{line['name']} has no figure yet" if p is None else f"expects {p:.1f}"
            assert said in graph["readout"]


def test_a_chosen_seat_with_the_hands_closed_sees_its_own_line_only(rev: Review) -> None:
    w = ReviewWidget(rev, seat=1)
    lines = w.view["review"]["graph"]["lines"]
    assert [line["seat"] for line in lines] == [1]
    w.hands_open = True
    graph = w.view["review"]["graph"]
    assert [line["seat"] for line in graph["lines"]] == [0, 1, 2]
    assert graph["note"].startswith("Hands open")


def test_a_click_on_the_graph_is_a_goto(rev: Review) -> None:
    w = ReviewWidget(rev)
    w._handle_msg(
        {
            "content": {"data": {"method": "custom", "content": {"kind": "goto", "move": 9}}},
            "buffers": [],
        }
    )
    assert w.move == 9 and w.view["review"]["graph"]["move"] == 9


def test_room_for_the_largest_hand_of_the_game(rev: Review) -> None:
    most = 0
    for r, moves in enumerate(rev.played, start=1):
        for k in range(1, len(moves) + 2):
            most = max(most, *(len(h) for h in rev.round_at(r, k).hands))
    assert ReviewWidget(rev).view["review"]["most_tiles"] == most


def test_long_lists_mark_the_best_few_and_the_move_played(rev: Review) -> None:
    w = ReviewWidget(rev, hands_open=True)
    seen = 0
    for n in range(1, w.total + 1):
        bars = w.goto(n).view["review"]["bars"]
        few = [b["move"] for b in bars if b["few"]]
        want = [b["move"] for i, b in enumerate(bars) if i < FEW_BARS or b["played"]]
        assert few == want
        seen += len(bars) > FEW_BARS and not any(b["played"] for b in bars[:FEW_BARS])
    assert seen, "no move of this game has its played move below the best few"


def test_readout_words() -> None:
    assert (
        readout_words(2, [("Ann", 3.0, 1.0)])
        == "After move 2: Ann expects 3.0 points, 100% to go out."
    )
    assert readout_words(2, []) == ""


def test_a_saved_notebook_shows_the_graph_as_a_picture_with_words(rev: Review) -> None:
    w = ReviewWidget(rev, move=12)
    data, _ = w._repr_mimebundle_()
    graph = w.view["review"]["graph"]
    html = data["text/html"]
    assert html.count('role="img"') >= 1 and "<figcaption>" in html
    assert graph["readout"] in html and graph["readout"] in data["text/plain"]
    assert html.count('stroke-width="2"') == len(graph["lines"])
