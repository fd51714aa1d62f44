"""Hosting from a real Jupyter kernel: the server is a task on the kernel's loop, serves
devices between cells, and a device's move changes the notebook's widget on the kernel's
own thread."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.manager import start_new_kernel
from websockets.sync.client import connect

from tests.room.devices import intent_for

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def kernel() -> Iterator[Any]:
    km, kc = start_new_kernel(kernel_name="python3", cwd=str(REPO))
    yield kc
    kc.stop_channels()
    km.shutdown_kernel(now=True)


def _run(kc: Any, code: str) -> str:
    msg_id = kc.execute(code)
    out = []
    while True:
        message = kc.get_iopub_msg(timeout=120)
        if message["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = message["msg_type"], message["content"]
        if kind == "stream":
            out.append(content["text"])
        elif kind == "error":
            raise AssertionError(f"{content['ename']}: {content['evalue']}")
        elif kind == "status" and content["execution_state"] == "idle":
            return "".join(out).strip()


def test_a_device_plays_the_notebooks_seat_between_cells(kernel: Any) -> None:
    where = _run(kernel, "import sys, cfwidget; print(cfwidget.__file__)")
    assert where.startswith(str(REPO))
    link = _run(
        kernel,
        "import threading, cfwidget as cf\n"
        "from cfwidget.room import host\n"
        "game = cf.Game(['Ann', 'Bob'], seed=2)\n"
        "w = cf.GameWidget(game, humans=[0, 1], seat=0, pace='click')\n"
        "room = host(w, port=0, local_only=True, show=False)\n"
        "threads = []\n"
        "w.observe(lambda _: threads.append(threading.get_ident()), names=['view'])\n"
        "print(room.links[0][1])",
    )
    base, token = link.split("/join#")
    with connect(base.replace("http://", "ws://") + "/ws") as ws:  # no cell is running now
        ws.send(json.dumps({"type": "join", "token": token}))
        view = json.loads(ws.recv())["traits"]["view"]
        assert view["status"] == "Your turn, Ann."
        ws.send(json.dumps({"type": "intent", "content": intent_for(view, 0)}))
        assert "view" in json.loads(ws.recv())["traits"]
    said = _run(
        kernel,
        "print(len(game.round.moves), set(threads) == {threading.main_thread().ident}, "
        "w.view['status'])",
    )
    assert said == "1 True Waiting for Bob to move."
    assert _run(kernel, "room.stop(); print(room, w.comm is not None)").endswith("stopped> True")
