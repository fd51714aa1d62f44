"""Tournament: the search bot against the coach, a duplicate match with every seating.

Run ``nice -n 10 python -m tools.search_tournament`` (``--contender BOT`` (``search``, or
``deep-search``), ``--players N`` (4), ``--deals N``, ``--strength K`` (worlds per choice,
or the most worlds per choice for ``deep-search``, or quick/normal/deep), ``--rules NAME``,
``--opponent BOT``, ``--workers W``, ``--seed S``, ``--out DIR``). It prints numbers; it
asserts nothing. Besides the figures it prints the seed and the contender's time per move:
the average over all its moves (a single legal move is played at once and counts too), the
slowest game's average, and the processor time per move (the same on a busy machine).

The full runs issue 31 asks for (2,000 duplicate deals each, some hours apiece on two
shared cores) are listed with their exact commands in ``tools/measurements.py``
(``TO_RUN``; ``python -m tools.measurements`` prints them).

With ``--out DIR`` it writes ``DIR/results.json`` (the settings, the time, the summary and
every row) after every few deals, so a run cut short still leaves what it finished; with
``--resume`` too, a run with the same settings keeps those finished deals and plays only
the others (the deals are fixed by the seed, so the rows are those of one whole run; the
time is the two runs' together). The
rules are a preset name or ``default`` (``cf.Rules()``, double-nine).

With ``--write-docs`` it records its figures in ``docs/measurements.md`` (one section per
number of players and opponent, replaced by the next run), where the recorded runs are.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd

from cfwidget.analysis import DOUBT
from cfwidget.analysis._deep_search import SURE
from cfwidget.core import Rules
from cfwidget.players import ROTATION_COLUMNS, TIMED_COLUMNS, rotation_match, rotation_summary

from . import measurements


def _report(
    settings: dict[str, Any], rows: pd.DataFrame, took: float, done: bool
) -> dict[str, Any]:
    """The settings, the time and the numbers, as JSON-ready data."""
    complete = rows.groupby("deal")["chair"].count() == settings["players"]
    rows = rows[rows["deal"].isin(complete[complete].index)].sort_values(["deal", "chair"])
    summary = rotation_summary(rows) if len(rows) else None
    return {
        "settings": settings,
        "finished": done,
        "seconds": round(took, 1),
        "deals_done": int(rows["deal"].nunique()) if len(rows) else 0,
        "summary": None if summary is None else json.loads(summary.to_json(orient="index")),
        "seconds_per_move": _per_move(rows) if len(rows) else None,
        "columns": ROTATION_COLUMNS + TIMED_COLUMNS,
        "rows": rows[ROTATION_COLUMNS + TIMED_COLUMNS].to_numpy().tolist(),
    }


def _resumed(path: Path, settings: dict[str, Any]) -> tuple[list[pd.DataFrame], float]:
    """The finished deals' rows of a saved run with the same settings, and its seconds."""
    if not path.exists():
        return [], 0.0
    saved = json.loads(path.read_text())
    differ = [
        key
        for key, value in settings.items()
        if key != "workers" and saved["settings"].get(key) != value
    ]
    if differ:
        raise SystemExit(f"{path} was run with other settings ({', '.join(differ)}): not resumed")
    if saved["columns"] != ROTATION_COLUMNS + TIMED_COLUMNS:
        raise SystemExit(f"{path} has other columns than this version writes: not resumed")
    rows = pd.DataFrame(saved["rows"], columns=saved["columns"])
    rows = rows.astype({"deal": int, "chair": int})
    if rows.empty:
        return [], 0.0
    print(f"resuming: {rows['deal'].nunique()} deals kept from {path}", flush=True)
    return [rows], float(saved["seconds"])


def _per_move(rows: pd.DataFrame) -> dict[str, float]:
    """The contender's seconds per move: over all its moves, and the slowest game's average."""
    games = rows[rows["moves"] > 0]
    return {
        "mean": float(games["seconds"].sum() / games["moves"].sum()),
        "cpu_mean": float(games["cpu_seconds"].sum() / games["moves"].sum()),
        "slowest_game": float((games["seconds"] / games["moves"]).max()),
        "moves": int(games["moves"].sum()),
    }


def _summary_lines(summary: pd.DataFrame, opponent: str, contender: str = "search") -> list[str]:
    """The figures in sentences: the paired difference, the win shares, the points."""
    every = summary.loc["all"]
    return [
        f"paired difference ({contender} minus {opponent}, same chair, same deal): "
        f"{every['difference']:+.3f} points a game, 95% interval "
        f"[{every['low']:+.3f}, {every['high']:+.3f}] (normal, over deals)",
        f"win shares: {contender} {every['win_share']:.3f}, {opponent} in the same chairs "
        f"{every['baseline_win_share']:.3f} (difference {every['win_difference']:+.3f}, "
        f"[{every['win_low']:+.3f}, {every['win_high']:+.3f}])",
        f"average points a game: {contender} {every['points']:.2f}, {opponent} in the same chairs "
        f"{every['baseline_points']:.2f}; the {opponent} bots at the {contender} bot's table "
        f"{every['others_points']:.2f}",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--contender", default="search", choices=("search", "deep-search"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--strength", default="quick")
    parser.add_argument("--rules", default="default")
    parser.add_argument("--opponent", default="coach")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=5, help="deals per task")
    parser.add_argument("--out", type=Path, default=None, help="folder for results.json")
    parser.add_argument(
        "--resume", action="store_true", help="keep the finished deals of --out's results.json"
    )
    measurements.add_option(parser)
    args = parser.parse_args(argv)
    strength: int | str = int(args.strength) if args.strength.isdigit() else args.strength
    rules = Rules() if args.rules == "default" else Rules.preset(args.rules)
    contender = args.contender  # by name: made afresh for every game, seeded from deal and chair
    settings = {
        "contender": contender,
        "strength": strength,
        "policy": "coach (the kernel's coach-like playouts)",
        "doubt": DOUBT if contender == "search" else None,
        "sure": SURE if contender == "deep-search" else None,
        "opponent": args.opponent,
        "rules": args.rules,
        "players": args.players,
        "deals": args.deals,
        "seed": args.seed,
        "workers": args.workers,
        "interval": "normal, mean +- 1.96 standard errors over deals (chairs averaged first)",
    }
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    parts: list[pd.DataFrame] = []
    earlier = 0.0  # the seconds of the run resumed
    if args.resume:
        if args.out is None:
            parser.error("--resume needs --out, the folder of the run to resume")
        parts, earlier = _resumed(args.out / "results.json", settings)
    start = time.perf_counter() - earlier
    last_save = [start]

    def save(done: bool) -> None:
        if args.out is None or not parts:
            return
        report = _report(settings, pd.concat(parts), time.perf_counter() - start, done)
        path = args.out / "results.json"
        path.with_suffix(".tmp").write_text(json.dumps(report, indent=1))
        path.with_suffix(".tmp").replace(path)

    def progress(part: pd.DataFrame) -> None:
        parts.append(part)
        deals = sum(p["deal"].nunique() for p in parts)
        now = time.perf_counter()
        if now - last_save[0] > 60:
            last_save[0] = now
            rate = deals / (now - start)
            left = (args.deals - deals) / rate if rate else float("nan")
            print(
                f"{deals}/{args.deals} deals, {now - start:.0f} s, ~{left:.0f} s left", flush=True
            )
            save(False)

    match: dict[str, Any] = {
        "strength": strength,
        "chunk_size": args.chunk,
        "progress": progress,
        "timed": True,
    }
    common = (contender, args.opponent, rules, args.players, args.deals, args.seed)
    match["skip"] = set(parts[0]["deal"]) if parts else set()
    if args.workers > 1:
        with ProcessPoolExecutor(min(args.workers, os.cpu_count() or 1)) as pool:
            rotation_match(*common, pool, **match)
    else:
        rotation_match(*common, **match)
    results = pd.concat(parts).sort_values(["deal", "chair"]).reset_index(drop=True)
    took = time.perf_counter() - start
    save(True)
    how = f"doubt {DOUBT:g}" if contender == "search" else f"sure {SURE:g}"
    timing = _per_move(results)
    said = (
        f"{contender} (strength {strength}, coach-like playouts, {how}) against "
        f"{args.opponent}, "
        f"rules {args.rules}, {args.players} players, {args.deals} deals x {args.players} "
        f"seatings (+ 1 all-{args.opponent} baseline a deal), seed {args.seed}: {took:.0f} s"
    )
    summary = rotation_summary(results)
    lines = _summary_lines(summary, args.opponent, contender)
    lines.append(
        f"time per move ({contender}): {timing['mean']:.3f} s on average over its "
        f"{timing['moves']:,} moves (the slowest game: {timing['slowest_game']:.3f} s a move); "
        f"processor time {timing['cpu_mean']:.3f} s a move (what the clock adds is others' work)"
    )
    print(said)
    print(summary.round(3).T.to_string())
    print("\n".join(lines))
    if args.write_docs is not None:
        command = "python -m tools.search_tournament " + " ".join(
            f"--{name} {value}"
            for name, value in (
                ("contender", contender),
                ("players", args.players),
                ("deals", args.deals),
                ("strength", strength),
                ("rules", args.rules),
                ("opponent", args.opponent),
                ("seed", args.seed),
            )
        )
        key = "search_tournament" if contender == "search" else "deep_search_tournament"
        measurements.record(
            f"{key} {args.opponent} {args.players}",
            f"The {contender} bot against the {args.opponent} bot, {args.players} players",
            command,
            [f"{said}.", "", *(f"- {line}" for line in lines)],
            page=args.write_docs,
        )


if __name__ == "__main__":
    main()
