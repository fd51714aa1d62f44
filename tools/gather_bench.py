"""Benchmark: a teacher's class table and class picture, for a class with one 50 MB file.

Run ``python -m tools.gather_bench`` (``--students N``, ``--big-mb M``, ``--repeat K``,
``--unlimited``). It writes a class of N students (each with a realistic progress file:
``--lessons`` lessons of ``--exercises`` exercises, a wrong try, a hint and a right try
each) into a temporary folder, times :func:`cfwidget.teach.gather`,
:func:`~cfwidget.teach.class_table` and :func:`~cfwidget.teach.class_picture` drawn to a PNG
(what a notebook shows), K times round, and reports the best. The yardstick is the same
class without the big file, timed in the same run; the big file is one more student's
progress file, grown past :data:`~cfwidget.teach._progress_file.MAX_BYTES` with real
progress lines (the worst case: every line would parse). ``--unlimited`` also times the
gathering with no size limit, to show what the limit saves. It prints numbers; it asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path

from cfwidget.teach import _progress_file, class_picture, class_table, damage_table, gather
from cfwidget.teach._progress_file import FORMAT, MAX_BYTES, SUFFIX

T0 = 1_717_000_000.0
GOAL = 2.0  # seconds: the bound for the class table and picture


def _lines(student: str, lessons: int, exercises: int) -> list[str]:
    """A student's progress file as lines: per exercise a wrong try, a hint, a right try."""
    t = T0
    start = {"event": "start", "format": FORMAT, "version": 1, "student": student, "t": t}
    out = [json.dumps(start)]
    for lesson in range(1, lessons + 1):
        for n in range(exercises):
            base = {"student": student, "lesson": f"{lesson:02d}", "key": f"exercise-{n}"}
            for event in (
                {"event": "check", **base, "answer": "7", "correct": False},
                {"event": "hint", **base, "number": 1},
                {"event": "check", **base, "answer": "9", "correct": True},
            ):
                t += 20
                out.append(json.dumps({**event, "t": t}))
    return out


def write_class(folder: Path, students: int, lessons: int, exercises: int) -> None:
    for i in range(1, students + 1):
        text = "\n".join(_lines(f"S{i:02d}", lessons, exercises)) + "\n"
        (folder / f"S{i:02d}{SUFFIX}").write_text(text, encoding="utf-8")


def write_big(path: Path, megabytes: float) -> int:
    """One student's file grown to ``megabytes`` with real progress lines; its size."""
    lines = _lines(path.name[: -len(SUFFIX)], 1, 1)
    block = ("\n".join(lines[1:]) + "\n").encode("utf-8")
    target = int(megabytes * 1_000_000)
    with open(path, "wb") as f:
        f.write((lines[0] + "\n").encode("utf-8"))
        f.write(block * (target // len(block) + 1))
    return path.stat().st_size


Run = tuple[float, float, int, int]


def teacher(folder: Path) -> Run:
    """Seconds (on the clock, and of this process's CPU time) for gather + class_table +
    class_picture drawn as a PNG; the class table's rows and the damage table's rows."""
    start, cpu = time.perf_counter(), time.process_time()
    frame = gather(folder, now=T0 + 86_400)
    table = class_table(frame)
    data, _ = class_picture(frame)._repr_mimebundle_()
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    if not data.get("image/png"):
        raise RuntimeError("the class picture drew no PNG")
    return wall, used, len(table), len(damage_table(frame))


def best(folders: list[Path], repeat: int) -> list[Run]:
    """The best of ``repeat`` runs of each folder, the folders taken in turn each time round
    (so that a busy moment of the computer falls on both, not on one)."""
    runs: list[list[Run]] = [[] for _ in folders]
    for _ in range(repeat):
        for folder, found in zip(folders, runs, strict=True):
            found.append(teacher(folder))
    return [min(found) for found in runs]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--lessons", type=int, default=10)
    parser.add_argument("--exercises", type=int, default=5)
    parser.add_argument("--big-mb", type=float, default=50.0, help="size of the one big file")
    parser.add_argument("--repeat", type=int, default=3, help="times round (best is reported)")
    parser.add_argument("--unlimited", action="store_true", help="also time with no size limit")
    args = parser.parse_args(argv)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; size limit {MAX_BYTES:,} bytes"
    )
    with tempfile.TemporaryDirectory() as where:
        yardstick, folder = Path(where) / "clean", Path(where) / "with-big-file"
        for place in (yardstick, folder):
            place.mkdir()
            write_class(place, args.students, args.lessons, args.exercises)
        each = (folder / f"S01{SUFFIX}").stat().st_size
        size = write_big(folder / f"S{args.students + 1:02d}{SUFFIX}", args.big_mb)
        teacher(yardstick)  # warm up: imports, fonts
        (clean, clean_cpu, rows, _), (big, big_cpu, rows_big, damage) = best(
            [yardstick, folder], args.repeat
        )
        print(
            f"class: {args.students} students, {each:,} bytes each "
            f"({args.lessons} lessons x {args.exercises} exercises); best of {args.repeat}"
        )
        print(
            f"  clean class (yardstick):  {clean:6.3f} s  (CPU {clean_cpu:.3f} s; {rows} rows "
            "in the class table)"
        )
        print(
            f"  + one {size / 1e6:.1f} MB file:     {big:6.3f} s  (CPU {big_cpu:.3f} s; "
            f"{rows_big} rows, {damage} damage row{'s' if damage != 1 else ''})  "
            f"ratio {big / clean:.2f}"
        )
        print(
            f"  goal <= {GOAL:.0f} s: {'met' if big <= GOAL else 'not met'} on the clock, "
            f"{'met' if big_cpu <= GOAL else 'not met'} in CPU time"
        )
        if args.unlimited:
            limit = _progress_file.MAX_BYTES
            _progress_file.MAX_BYTES = 10**12
            try:
                unlimited, unlimited_cpu, _, damage = teacher(folder)
            finally:
                _progress_file.MAX_BYTES = limit
            print(
                f"  same, with no size limit: {unlimited:6.3f} s  (CPU {unlimited_cpu:.3f} s; "
                f"{damage} damage rows)  ratio {unlimited / clean:.2f}"
            )


if __name__ == "__main__":
    main()
