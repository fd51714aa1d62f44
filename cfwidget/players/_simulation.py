"""Simulate many rounds with bots and get one row per round as a pandas DataFrame.

The same ``seed`` gives the identical frame whatever the executor and however
many workers: every round's deal and every random bot are seeded from
``(seed, round number)`` alone, and rows are put back in round order.

>>> import cfwidget as cf
>>> frame = cf.simulate(cf.Rules(hand_size=7), players=3, bots="random", rounds=20, seed=1)
>>> len(frame), list(frame.columns[:4])
(20, ['round', 'start', 'score_0', 'score_1'])

On one machine a ``concurrent.futures.ProcessPoolExecutor(max_workers=2)`` uses both
cores; on a Dask cluster pass the client itself, ``executor=client`` (a
``dask.distributed.Client``; ``pip install "cfwidget[scale]"``). Dask is optional: this
module never imports it, and recognises a client only once the caller has imported it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .._shared import check_whole, shown
from ..core import Round, Rules, check_rules, check_seed
from ._bots import Bot, RandomBot, check_bot, find_bot, make_bot
from ._errors import BotError, ExecutorError, SimulationError

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client

__all__ = ["ROUND_COLUMNS", "check_executor", "run_chunks", "simulate"]

#: Columns every simulation frame has (besides ``score_0`` ... one per seat).
ROUND_COLUMNS = [
    "opening_draws",
    "went_out",
    "blocked",
    "ended",
    "moves",
    "turns",
    "draws",
    "passes",
    "chicken_feet",
    "tiles_played",
    "yard_left",
]

BotSpec = str | Bot
MAX_ROUNDS = 10_000_000


@dataclass(frozen=True)
class _ByName:
    """A bot given by its name, with the factory that makes it.

    Workers get the factory itself (pickled by reference), so a bot that a layer above
    registered (the coach) needs no registry in the worker process.
    """

    name: str
    factory: Callable[[int | None], Bot]


def _round_seed(seed: int, index: int, what: str) -> str:
    # String seeds hash with SHA-512 in random.Random: stable across runs and machines.
    return f"cfwidget:{seed}:{index}:{what}"


def _bots_for_round(specs: Sequence[BotSpec | _ByName], seed: int, index: int) -> list[Bot]:
    import random

    bots: list[Bot] = []
    for seat, spec in enumerate(specs):
        bot_seed = random.Random(_round_seed(seed, index, f"bot{seat}")).randrange(2**63)
        if isinstance(spec, _ByName):
            bots.append(spec.factory(bot_seed))
        elif isinstance(spec, str):
            bots.append(make_bot(spec, bot_seed))
        elif isinstance(spec, RandomBot):
            bots.append(RandomBot(bot_seed))  # re-seeded per round, so chunking cannot matter
        else:
            bots.append(spec)
    return bots


def play_one(
    rules: Rules, players: int, specs: Sequence[BotSpec | _ByName], seed: int, index: int
) -> dict[str, Any]:
    """Play round ``index`` of a simulation and describe it as one row."""
    import random

    deal_seed = random.Random(_round_seed(seed, index, "deal")).randrange(2**63)
    rnd = Round.deal(rules, players, seed=deal_seed)
    bots = _bots_for_round(specs, seed, index)
    while not rnd.is_over:
        rnd.play(bots[rnd.turn](rnd.observation(rnd.turn)))
    row: dict[str, Any] = {"round": index, "start": str(rnd.start)}
    for seat, score in enumerate(rnd.scores()):
        row[f"score_{seat}"] = score
    kinds = [m.kind for m in rnd.moves]
    row.update(
        opening_draws=len(rnd.opening_draws),
        went_out=rnd.went_out if rnd.went_out is not None else -1,
        blocked=rnd.blocked,
        ended=rnd.end_reason,
        moves=len(kinds),
        turns=kinds.count("play") + kinds.count("pass"),
        draws=kinds.count("draw"),
        passes=kinds.count("pass"),
        chicken_feet=sum(1 for p in rnd.table[1:] if p.tile.is_double),
        tiles_played=len(rnd.table) - 1,
        yard_left=rnd.yard_count,
    )
    return row


def _chunk(
    rules_data: dict[str, Any],
    players: int,
    specs: Sequence[BotSpec | _ByName],
    seed: int,
    start: int,
    stop: int,
) -> list[dict[str, Any]]:
    rules = Rules.from_dict(rules_data)
    return [play_one(rules, players, specs, seed, i) for i in range(start, stop)]


class _Progress:
    """A bar in a notebook, a line of text in a terminal, nothing for short runs."""

    def __init__(self, total: int, show: bool) -> None:
        self.total = total
        self.done = 0
        self.bar: Any = None
        self.started = time.perf_counter()
        self.show = show
        if not show:
            return
        if _in_notebook():
            import ipywidgets as widgets
            from IPython.display import display

            self.bar = widgets.IntProgress(
                value=0, min=0, max=total, description="Simulating", bar_style="info"
            )
            display(self.bar)  # type: ignore[no-untyped-call]

    def update(self, n: int) -> None:
        self.done += n
        if not self.show:
            return
        if self.bar is not None:
            self.bar.value = self.done
            if self.done >= self.total:
                self.bar.bar_style = "success"
                self.bar.description = "Done"
        else:
            rate = self.done / max(time.perf_counter() - self.started, 1e-9)
            end = "\n" if self.done >= self.total else "\r"
            print(
                f"simulated {self.done:,}/{self.total:,} rounds ({rate:,.0f}/s)",
                end=end,
                file=sys.stderr,
                flush=True,
            )


_Rows = list[dict[str, Any]]
#: A chunk of work: ``chunk(*job, start, stop)`` gives the rows of rounds (or deals)
#: ``start`` to ``stop - 1``; it must be picklable to run on a process pool or on Dask.
_Chunk = Callable[..., _Rows]
#: Called with each chunk's rows and its size as the chunk finishes.
_Finished = Callable[[_Rows, int], None]


def _dask_client(executor: object) -> Client | None:
    """``executor`` if it is a Dask client, else None.

    Dask is never imported here: a client can only exist once its caller imported
    ``distributed``, so a client is recognised without Dask being installed.
    """
    distributed = sys.modules.get("distributed")
    client_class = getattr(distributed, "Client", None)
    if isinstance(client_class, type) and isinstance(executor, client_class):
        return cast("Client", executor)
    return None


def check_executor(executor: object) -> Client | None:
    """``executor`` if it is a Dask client still open, ``None`` if it is a concurrent.futures
    executor (something with ``submit()``) or ``None``; else an ``ExecutorError``."""
    client = _dask_client(executor)
    if client is None and executor is not None and not callable(getattr(executor, "submit", None)):
        raise ExecutorError(
            "executor must be a concurrent.futures executor with submit(), such as "
            "ProcessPoolExecutor(), or a Dask client (dask.distributed.Client); "
            f"got {shown(executor)}"
        )
    if client is not None and client.status in ("closing", "closed"):
        raise ExecutorError(
            "this Dask client is closed; connect a new one, for example Client(LocalCluster()) "
            'or Client("tcp://scheduler:8786")'
        )
    return client


def run_chunks(
    chunk: _Chunk,
    job: tuple[Any, ...],
    bounds: list[tuple[int, int]],
    executor: object,
    finished: _Finished,
) -> None:
    """``chunk(*job, start, stop)`` for each ``(start, stop)`` of ``bounds``: one after
    another here, or shared out by ``executor`` (checked by :func:`check_executor`);
    ``finished`` takes each chunk's rows as they come in, in no fixed order."""
    client = check_executor(executor)
    if client is not None:
        _run_on_dask(client, chunk, job, bounds, finished)
    elif executor is not None:
        _run_on_executor(cast(Executor, executor), chunk, job, bounds, finished)
    else:
        for start, stop in bounds:
            finished(chunk(*job, start, stop), stop - start)


def _run_on_dask(
    client: Client,
    chunk: _Chunk,
    job: tuple[Any, ...],
    bounds: list[tuple[int, int]],
    finished: _Finished,
) -> None:
    """Submit one Dask task per chunk and hand on the rows as the tasks finish."""
    import uuid

    from distributed import as_completed  # a client exists, so Dask is installed

    run = uuid.uuid4().hex  # task keys unique to this call ("cfwidget-simulate" on the dashboard)
    sizes: dict[str, int] = {}
    futures = []
    try:
        for start, stop in bounds:
            key = f"cfwidget-simulate-{run}-{start}"
            futures.append(client.submit(chunk, *job, start, stop, key=key))
            sizes[key] = stop - start
        for future in as_completed(futures):
            finished(future.result(), sizes[future.key])
    except BaseException:
        client.cancel(futures)  # nothing left running on the cluster for a failed call
        raise


def _run_on_executor(
    executor: Executor,
    chunk: _Chunk,
    job: tuple[Any, ...],
    bounds: list[tuple[int, int]],
    finished: _Finished,
) -> None:
    """Submit one call per chunk to a concurrent.futures executor; rows as calls finish."""
    from concurrent.futures import Future, as_completed

    futures: dict[Future[_Rows], int] = {}
    try:
        for start, stop in bounds:
            try:
                future: object = executor.submit(chunk, *job, start, stop)
            except RuntimeError as err:  # a pool that was shut down
                raise ExecutorError(
                    f"the executor takes no more work ({err}); start a new one, "
                    "for example ProcessPoolExecutor(max_workers=2)"
                ) from err
            if not isinstance(future, Future):
                cancel = getattr(future, "cancel", None)
                if callable(cancel):
                    cancel()
                raise ExecutorError(
                    f"executor.submit() returned {shown(future)}, not a concurrent.futures "
                    "Future; pass a ProcessPoolExecutor, a Dask client or client.get_executor()"
                )
            futures[future] = stop - start
        for done in as_completed(futures):
            finished(done.result(), futures[done])
    except BaseException:
        for pending in futures:
            pending.cancel()
        raise


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = shell.get_ipython()
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


def simulate(
    rules: Rules,
    players: int,
    bots: BotSpec | Sequence[BotSpec],
    rounds: int,
    seed: int,
    executor: Executor | Client | None = None,
    *,
    chunk_size: int | None = None,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Play ``rounds`` rounds and return one row per round.

    ``bots`` is a bot name (``"random"``, ``"greedy"``, ``"tips"``, ``"coach"``: the
    names in :data:`~cfwidget.players.BOTS`) for every seat, or one name or bot per
    seat. Random bots are re-seeded for each round from ``seed``, so the frame depends
    on ``seed`` alone. The rounds are played in chunks (``chunk_size`` rounds each), one
    after another, or shared out by ``executor``: any
    :class:`concurrent.futures.Executor` (a process pool) or a Dask client
    (``dask.distributed.Client``, on a local or a remote cluster; its ``get_executor()``
    works too). Whatever runs it, the frame is the one a single process gives for the
    same seed, row for row. With an executor, bots given as objects must be picklable,
    and on a Dask cluster every worker needs cfwidget installed. ``progress`` shows a
    bar (notebook) or a line (terminal) that moves as chunks finish; by default only for
    runs of 2,000 rounds or more.

    Columns: ``round``, ``start`` (the double), ``score_0`` ... (each seat's
    points), ``opening_draws`` (tiles drawn before the double turned up),
    ``went_out`` (seat, or -1 when nobody went out), ``blocked`` (the yard was empty and
    nobody could play), ``ended`` (why the round ended: ``"went-out"``, ``"blocked"``, or
    ``"all-passed"`` with ``round_end="all-passed"``), ``moves``, ``turns``,
    ``draws``, ``passes``, ``chicken_feet``, ``tiles_played`` and ``yard_left``.

    >>> import cfwidget as cf
    >>> rules = cf.Rules(hand_size=7)
    >>> frame = cf.simulate(rules, 3, "greedy", rounds=100, seed=5)
    >>> frame.shape, frame["round"].is_monotonic_increasing
    ((100, 16), True)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     shared = cf.simulate(rules, 3, "greedy", 100, 5, executor=pool, chunk_size=30)
    >>> shared.equals(frame)
    True

    On a Dask cluster: ``cf.simulate(rules, 3, "greedy", 1_000_000, 5, executor=client)``
    with ``client = dask.distributed.Client(...)``.
    """
    import pandas as pd

    check_rules(rules)
    rules.hand_size_for(players)  # checks the player count against the rules
    if isinstance(bots, str) or callable(bots):
        specs: list[BotSpec] = [bots] * players
    elif isinstance(bots, Sequence):
        specs = list(bots)
    else:
        raise BotError(f"bots is a bot, a bot's name or a list of one per seat; got {shown(bots)}")
    if len(specs) != players:
        raise BotError(f"give one bot for every seat ({players}), got {len(specs)}")
    for seat, spec in enumerate(specs):
        if isinstance(spec, str):
            make_bot(spec, 1)  # a BotError names the bots there are, or shows a bot's shape
        elif not callable(spec):
            raise BotError(f"a bot is a name or a callable observation -> move, got {spec!r}")
        else:
            check_bot(spec, f"the bot of seat {seat}")
    check_whole(rounds, "rounds", SimulationError, low=1, high=MAX_ROUNDS)
    if chunk_size is not None and (chunk_size.__class__ is not int or chunk_size < 1):
        raise SimulationError(f"chunk_size must be a whole number, 1 or more, got {chunk_size!r}")
    check_executor(executor)  # refused before any work starts
    if seed is None:  # no fresh shuffle here: the frame is a function of the seed
        raise SimulationError("simulate needs a seed (a whole number), so that it can be repeated")
    seed = check_seed(seed)  # the check of Round.deal and Game (a DealError)
    # Names travel with their factories, so worker processes need no registry of names.
    named = [_ByName(spec, find_bot(spec)) if isinstance(spec, str) else spec for spec in specs]
    size = chunk_size or max(50, min(2000, rounds // 40 or 1))
    bounds = [(start, min(start + size, rounds)) for start in range(0, rounds, size)]
    bar = _Progress(rounds, rounds >= 2000 if progress is None else progress)
    rows: _Rows = []

    def finished(part: _Rows, size: int) -> None:
        rows.extend(part)
        bar.update(size)

    run_chunks(_chunk, (rules.to_dict(), players, named, seed), bounds, executor, finished)
    rows.sort(key=lambda r: r["round"])
    frame: pd.DataFrame = pd.DataFrame(rows)
    return frame
