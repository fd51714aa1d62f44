"""The score sheet and its tie-breaks (001)."""

from __future__ import annotations

import pytest

import cfwidget as cf


def sheet(*rounds: list[int]) -> cf.ScoreSheet:
    s = cf.ScoreSheet(["Ann", "Bob", "Cy"])
    for r in rounds:
        s.record(r)
    return s


def test_lowest_total_wins() -> None:
    assert sheet([10, 5, 7], [3, 4, 9]).standings() == ["Bob", "Ann", "Cy"]


def test_tie_broken_by_more_zero_rounds() -> None:
    s = sheet([0, 6, 20], [12, 6, 0])
    assert s.totals == [12, 12, 20]
    assert s.standings() == ["Ann", "Bob", "Cy"]
    s2 = sheet([6, 0, 20], [6, 12, 0])
    assert s2.standings() == ["Bob", "Ann", "Cy"]


def test_then_by_lowest_non_zero_round() -> None:
    s = sheet([0, 0, 1], [10, 3, 1], [5, 12, 30])
    assert s.totals == [15, 15, 32]
    assert s.standings() == ["Bob", "Ann", "Cy"]


def test_full_ties_share_a_place() -> None:
    s = sheet([5, 5, 0])
    assert s.places() == [(1, "Cy", 0), (2, "Ann", 5), (2, "Bob", 5)]


def test_edit_recomputes_everything() -> None:
    s = sheet([5, 3, 0])
    s.edit(0, [0, 3, 5])
    assert s.totals == [0, 3, 5]
    assert s.standings()[0] == "Ann"


def test_frame_has_rounds_and_total() -> None:
    s = cf.ScoreSheet(["Ann", "Bob"])
    s.record([3, 0], label="9-9")
    s.record([50, 4], label="8-8")
    frame = s.to_frame()
    assert list(frame.columns) == ["Ann", "Bob"]
    assert list(frame.index) == ["9-9", "8-8", "Total"]
    assert frame.loc["Total"].tolist() == [53, 4]


@pytest.mark.parametrize(
    ("scores", "words"),
    [
        ([1, 2], "one score for each of the 3 players"),
        ([1, -2, 3], "from 0 to"),
        ([1, 2.5, 3], "whole number"),
        ([1, True, 3], "whole number"),
        ("123", "list"),
    ],
)
def test_bad_scores_change_nothing(scores: object, words: str) -> None:
    s = sheet([1, 2, 3])
    with pytest.raises(cf.ScoreError, match=words):
        s.record(scores)  # type: ignore[arg-type]
    assert s.rounds == ((1, 2, 3),)


def test_bad_edits() -> None:
    s = sheet()
    with pytest.raises(cf.ScoreError, match="no rounds to edit"):
        s.edit(0, [1, 2, 3])
    s.record([1, 2, 3])
    with pytest.raises(cf.ScoreError, match="no round 4"):
        s.edit(4, [1, 2, 3])


@pytest.mark.parametrize("names", [["Ann"], ["Ann", ""], ["Ann", 3], "Ann", ["A"] * 9])
def test_bad_names(names: object) -> None:
    with pytest.raises(cf.ScoreError):
        cf.ScoreSheet(names)  # type: ignore[arg-type]
