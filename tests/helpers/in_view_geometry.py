"""Geometry for :mod:`tests.helpers.table_in_view`: tiles overlapping, tiles moved, boxes inside.

A tile is ``{"tile": "9-5", "m": [a, b, c, d, e, f], "face": [x, y, w, h]}``: its rectangle in
its own SVG units and the matrix that takes them into the board's SVG units; boxes are
``[left, top, right, bottom]`` in CSS pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = ["MOVED_UNITS", "OVERLAP_UNITS", "SLACK_PX", "inside", "moved", "overlapping"]

SLACK_PX = 1.0  # a box may poke this far out of another and still count as inside
OVERLAP_UNITS = 1.0  # SVG units two tiles may share (rounding of their transforms)
MOVED_UNITS = 0.5  # SVG units a tile may shift between actions (rounding)


def _corners(m: Sequence[float], face: Sequence[float]) -> list[tuple[float, float]]:
    a, b, c, d, e, f = m
    x, y, w, h = face
    out = []
    for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h)):
        out.append((a * px + c * py + e, b * px + d * py + f))
    return out


def _depth(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> float:
    """How deep two convex polygons overlap along their least axis (<= 0: apart or touching)."""
    best = math.inf
    for poly in (p, q):
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y0 - y1, x1 - x0
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm, ny / norm
            a = [nx * x + ny * y for x, y in p]
            b = [nx * x + ny * y for x, y in q]
            best = min(best, min(max(a), max(b)) - max(min(a), min(b)))
    return best


def overlapping(tiles: Sequence[dict[str, Any]], slack: float = OVERLAP_UNITS) -> int:
    """Pairs of tiles whose rotated rectangles overlap by more than ``slack`` SVG units.

    Each tile is ``{"m": [a, b, c, d, e, f], "face": [x, y, w, h]}``: its rectangle in its own
    units and the matrix into the board's SVG units.

    >>> upright = {"m": [1, 0, 0, 1, 0, 0], "face": [-100, -50, 200, 100]}
    >>> beside = {"m": [1, 0, 0, 1, 200, 0], "face": [-100, -50, 200, 100]}
    >>> across = {"m": [0, 1, -1, 0, 90, 0], "face": [-100, -50, 200, 100]}
    >>> overlapping([upright, beside]), overlapping([upright, across])
    (0, 1)
    """
    polys = [_corners(t["m"], t["face"]) for t in tiles]
    boxes = [
        (min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p), max(y for _, y in p))
        for p in polys
    ]
    count = 0
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            a, b = boxes[i], boxes[j]
            if a[0] >= b[2] or b[0] >= a[2] or a[1] >= b[3] or b[1] >= a[3]:
                continue
            if _depth(polys[i], polys[j]) > slack:
                count += 1
    return count


def moved(tiles: Sequence[dict[str, Any]], seen: dict[str, list[float]]) -> int:
    """Tiles whose matrix changed since ``seen`` (which is then brought up to date)."""
    count = 0
    for t in tiles:
        before = seen.get(t["tile"])
        if before is not None:
            shift = max(abs(x - y) for x, y in zip(before[4:], t["m"][4:], strict=True))
            turn = max(abs(x - y) for x, y in zip(before[:4], t["m"][:4], strict=True))
            count += shift > MOVED_UNITS or turn > 1e-3
        seen[t["tile"]] = list(t["m"])
    return count


def inside(inner: Sequence[float], outer: Sequence[float], slack: float = SLACK_PX) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )
