"""Devices of the room's tests: what a page would send to move a game on (read from its seat's
view only), and a real ``cfwidget serve`` in a subprocess that devices join by websocket."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect


def intent_for(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """On this seat's turn its first playable tile (else draw, else pass); else Next."""
    content: dict[str, Any] = {"kind": "next", "version": view["version"], "seat": seat}
    targets = [t["move"] for tile in view["hand"] for t in tile["targets"]]
    if view["waiting"] == "you":
        if targets:
            content.update(kind="play", move=targets[0])
        else:
            content["kind"] = "draw" if view["can_draw"] else "pass"
    return content


REPO = Path(__file__).resolve().parents[2]


def cli(*args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "cfwidget.room", *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    return out.stdout


class Server:
    """``cfwidget serve`` in a subprocess, its output in a file (``extra``: more options)."""

    def __init__(self, store: Path, port: int, log: Path, *extra: str) -> None:
        self.port, self.log = port, log
        self.devices = contextlib.ExitStack()
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "cfwidget.room",
                    "serve",
                    "--store",
                    str(store),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    *extra,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=REPO,
            )
        for _ in range(600):  # until it answers (or it has stopped)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health") as answer:
                    if json.loads(answer.read()) == {"ok": True}:
                        return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(log.read_text()) from None
                time.sleep(0.05)
        raise RuntimeError("the server did not answer")

    def device(self, token: str) -> tuple[ClientConnection, dict[str, Any]]:
        ws = self.devices.enter_context(connect(f"ws://127.0.0.1:{self.port}/ws"))
        ws.send(json.dumps({"type": "join", "token": token}))
        welcome: dict[str, Any] = json.loads(ws.recv(timeout=30))
        assert welcome["type"] == "welcome", welcome
        return ws, welcome["traits"]["view"]

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.devices.close()


def act(ws: ClientConnection, view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Make the game move on from this seat: play its first move, or press Next; the new view."""
    content = intent_for(view, seat)
    ws.send(json.dumps({"type": "intent", "content": content}))
    while True:
        message = json.loads(ws.recv(timeout=30))
        traits = message.get("traits", {})
        if "view" in traits and traits["view"]["version"] > view["version"]:
            return dict(traits["view"])
        if traits.get("message"):
            raise AssertionError(traits["message"])
