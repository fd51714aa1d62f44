"""cf.simulate on a Dask cluster: a client is an executor, and the frame is one process's."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import cfwidget as cf
from cfwidget.players import RandomBot, greedy

distributed = pytest.importorskip("distributed")

RULES = cf.Rules.preset("double-six")
BOTS: list[Any] = ["random", "tips", RandomBot(5), greedy]
ROUNDS = 300
CHUNK = 37  # 9 chunks: 8 of 37 rounds and one of 4


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """Two worker processes of one thread each: the frames cross a real process boundary."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        yield dask_client


@pytest.fixture(scope="module")
def alone() -> pd.DataFrame:
    return cf.simulate(RULES, 4, BOTS, ROUNDS, seed=9)


def test_a_client_gives_the_frame_of_one_process(client: Any, alone: pd.DataFrame) -> None:
    on_dask = cf.simulate(RULES, 4, BOTS, ROUNDS, seed=9, executor=client, chunk_size=CHUNK)
    pd.testing.assert_frame_equal(alone, on_dask)
    default_chunks = cf.simulate(RULES, 4, BOTS, ROUNDS, seed=9, executor=client)
    pd.testing.assert_frame_equal(alone, default_chunks)
    other_seed = cf.simulate(RULES, 4, BOTS, ROUNDS, seed=10, executor=client)
    assert not alone.equals(other_seed)


def test_the_clients_executor_gives_the_same_frame(client: Any, alone: pd.DataFrame) -> None:
    pool = client.get_executor()
    shared = cf.simulate(RULES, 4, BOTS, ROUNDS, seed=9, executor=pool, chunk_size=CHUNK)
    pd.testing.assert_frame_equal(alone, shared)


def test_progress_line_moves_with_every_finished_chunk(
    client: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    cf.simulate(RULES, 4, "greedy", ROUNDS, 3, executor=client, chunk_size=CHUNK, progress=True)
    done = [int(n) for n in re.findall(r"simulated (\d+)/300 rounds", capsys.readouterr().err)]
    assert len(done) == 9  # one step per chunk, in the order the chunks finished
    assert done == sorted(set(done)) and done[-1] == ROUNDS


def test_progress_bar_in_a_notebook_moves_with_the_chunks(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import IPython.display

    from cfwidget.players import _simulation

    values: list[int] = []
    bars: list[Any] = []

    def show(bar: Any) -> None:
        bars.append(bar)
        bar.observe(lambda change: values.append(change["new"]), "value")

    monkeypatch.setattr(_simulation, "_in_notebook", lambda: True)
    monkeypatch.setattr(IPython.display, "display", show)
    cf.simulate(RULES, 4, "greedy", ROUNDS, 3, executor=client, chunk_size=CHUNK, progress=True)
    assert len(bars) == 1 and bars[0].max == ROUNDS
    assert len(values) == 9 and values == sorted(values) and values[-1] == ROUNDS
    assert (bars[0].description, bars[0].bar_style) == ("Done", "success")


def test_a_bots_mistake_on_a_worker_reaches_the_caller_as_itself(client: Any) -> None:
    with pytest.raises(cf.IllegalMove, match="passing is not allowed"):
        cf.simulate(RULES, 2, lambda obs: "pass", 200, 1, executor=client, chunk_size=20)
    # The cluster is still usable: the failed call left nothing behind that gets in the way.
    again = cf.simulate(RULES, 2, "greedy", 40, 1, executor=client, chunk_size=10)
    pd.testing.assert_frame_equal(again, cf.simulate(RULES, 2, "greedy", 40, 1))


class _NotAFutureExecutor:
    """submit() hands back something that is not a concurrent.futures Future."""

    def __init__(self) -> None:
        self.cancelled = 0

    def submit(self, fn: Any, *args: Any) -> Any:
        owner = self

        class Handle:
            def cancel(self) -> None:
                owner.cancelled += 1

        return Handle()


def test_something_that_is_not_an_executor_gets_the_executor_error() -> None:
    with pytest.raises(cf.ExecutorError, match=r"or a Dask client .*got 'four workers'"):
        cf.simulate(RULES, 2, "greedy", 20, 1, executor="four workers")  # type: ignore[arg-type]
    assert issubclass(cf.ExecutorError, cf.SimulationError)
    assert issubclass(cf.ExecutorError, ValueError)
    odd = _NotAFutureExecutor()
    with pytest.raises(cf.ExecutorError, match=r"returned .*not a concurrent\.futures Future"):
        cf.simulate(RULES, 2, "greedy", 20, 1, executor=odd)  # type: ignore[arg-type]
    assert odd.cancelled == 1  # the one piece of work it took is called off
    with ThreadPoolExecutor(1) as pool:
        pass
    with pytest.raises(cf.ExecutorError, match="the executor takes no more work"):
        cf.simulate(RULES, 2, "greedy", 20, 1, executor=pool)


def test_a_closed_client_gets_the_executor_error(client: Any) -> None:
    with distributed.Client(client.cluster) as closing:
        pass
    with pytest.raises(cf.ExecutorError, match="this Dask client is closed"):
        cf.simulate(RULES, 2, "greedy", 20, 1, executor=closing)


def test_simulating_without_a_client_never_imports_dask() -> None:
    code = (
        "import sys, cfwidget as cf; cf.simulate(cf.Rules(), 2, 'greedy', 5, 1); "
        "print(sorted(m for m in ('dask', 'distributed') if m in sys.modules))"
    )
    repo = Path(cf.__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=repo
    )
    assert out.stdout.strip() == "[]"
