"""Tile rectangles: the separating-axis overlap test, distances and the spatial grid."""

from __future__ import annotations

import math
import random

import pytest

from cfwidget.table import SpatialGrid, corners, distance, overlap_depth, overlaps, rect, touches
from cfwidget.table._geometry import unit

H = math.sqrt(0.5)


@pytest.mark.parametrize(
    ("b", "expected"),
    [
        (rect(0, 0, 0), True),  # the same place
        (rect(1.9, 0, 0), True),  # end to end, overlapping by 0.1
        (rect(2.0, 0, 0), False),  # end to end, touching
        (rect(0, 1.0, 0), False),  # side by side, touching
        (rect(0, 0.99, 0), True),
        (rect(1.5, 0, 90), False),  # a T: the stem's end against the bar's end
        (rect(1.4, 0, 90), True),
        (rect(0, 0, 90), True),  # a cross
        (rect(0, 1.5, 90), False),  # the stem's end against the bar's side
        (rect(2.5, 1.0, 90), False),  # corner to corner
        (rect(2.51, 0, 90), False),  # apart
        (rect(1 + H, 0.5 + H, 45), False),  # a 45-degree bend pivoting on the corner
        (rect(1 + H - 0.05, 0.5 + H, 45), True),
        (rect(1 + H + 0.05, 0.5 + H, 45), False),
        (rect(0, 0.5 + 1.5 * H, 45), False),  # a diagonal tile's corner on the long side
        (rect(0, 0.5 + 1.5 * H - 0.01, 45), True),
    ],
)
def test_overlap_cases(b: object, expected: bool) -> None:
    a = rect(0, 0, 0)
    assert overlaps(a, b) is expected  # type: ignore[arg-type]
    assert overlaps(b, a) is expected  # type: ignore[arg-type]


def test_touching_is_not_overlap_but_is_touching() -> None:
    a = rect(0, 0, 0)
    for b in (rect(2, 0, 0), rect(0, 1, 0), rect(1.5, 0, 90), rect(1 + H, 0.5 + H, 45)):
        assert not overlaps(a, b)
        assert touches(a, b)
        assert distance(a, b) == pytest.approx(0, abs=1e-9)
    assert not touches(a, rect(2.2, 0, 0))
    assert distance(a, rect(2.2, 0, 0)) == pytest.approx(0.2)
    assert not touches(a, rect(1.5, 0, 0))  # overlapping is not touching


def test_unit_vectors_are_exact_on_the_eight_directions() -> None:
    assert unit(90) == (0.0, 1.0)
    assert unit(270.0) == (0.0, -1.0)
    assert unit(-45) == (H, -H)
    x, y = unit(30)
    assert (x, y) == pytest.approx((math.sqrt(3) / 2, 0.5))


def test_corners_go_round_the_tile() -> None:
    pts = corners(rect(3, 4, 90))
    assert sorted(pts) == [(2.5, 3.0), (2.5, 5.0), (3.5, 3.0), (3.5, 5.0)]


def _segments_cross(
    p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]
) -> bool:
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    signs = [
        (poly[(i + 1) % 4][0] - poly[i][0]) * (pt[1] - poly[i][1])
        - (poly[(i + 1) % 4][1] - poly[i][1]) * (pt[0] - poly[i][0])
        for i in range(4)
    ]
    return all(v > 0 for v in signs) or all(v < 0 for v in signs)


def test_separating_axes_agree_with_edge_crossing_on_random_pairs() -> None:
    rng = random.Random(1)
    checked = 0
    for _ in range(3000):
        a = rect(0, 0, rng.choice(range(0, 360, 45)))
        b = rect(rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(0, 360))
        depth = overlap_depth(a, b)
        if abs(depth) < 1e-3:
            continue  # too close to touching for the brute-force test to be sure
        ca, cb = corners(a), corners(b)
        brute = (
            any(
                _segments_cross(ca[i], ca[(i + 1) % 4], cb[j], cb[(j + 1) % 4])
                for i in range(4)
                for j in range(4)
            )
            or any(_inside(p, cb) for p in ca)
            or any(_inside(p, ca) for p in cb)
        )
        assert (depth > 0) == brute, (a, b, depth)
        checked += 1
    assert checked > 2500


def test_grid_finds_what_brute_force_finds() -> None:
    rng = random.Random(2)
    grid = SpatialGrid()
    rects = []
    for i in range(300):
        r = rect(rng.uniform(-20, 20), rng.uniform(-20, 20), rng.choice(range(0, 360, 45)))
        grid.add(i, r)
        rects.append(r)
    for _ in range(500):
        q = rect(rng.uniform(-22, 22), rng.uniform(-22, 22), rng.choice(range(0, 360, 45)))
        brute = sorted(i for i, r in enumerate(rects) if overlaps(q, r))
        assert grid.overlapping(q) == brute
        assert grid.fits(q) == (not brute)
        assert grid.depth(q) == pytest.approx(sum(overlap_depth(q, rects[i]) for i in brute))
        x, y = q.x, q.y
        assert grid.count_within(x, y, 3.0) == sum(
            1 for r in rects if (r.x - x) ** 2 + (r.y - y) ** 2 <= 9.0
        )


def test_grid_remove() -> None:
    grid = SpatialGrid()
    grid.add(7, rect(0, 0, 0))
    assert len(grid) == 1 and list(grid) == [7]
    grid.remove(7)
    grid.remove(7)  # a second time is harmless
    assert len(grid) == 0
    assert grid.fits(rect(0, 0, 0))
