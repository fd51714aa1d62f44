"""Load on a real room server: many rooms of several devices playing at once; latency, memory.

Run ``python -m tools.room_load`` (``--rooms 200 --clients 4 --bots 1 --duration 30``;
``--quick`` is 2 rooms for 5 seconds). It prints numbers and asserts nothing.

It starts ``cfwidget serve`` as a subprocess on a free port, with its own store file in a
temporary folder, and makes the rooms in that store (each room: ``--clients`` person seats,
``--bots`` bot seats at ``--pace`` seconds a move). The devices are websocket clients (the
``websockets`` package) in this one asyncio process; each joins by its seat's link and then
behaves as the room's page does (the protocol of docs/room.md): on its turn, after a think
time drawn from 0.5 to 1.5 times ``--think`` seconds, it plays its first playable tile
(else draws, else passes); when a bot is to move, every page of the room asks for the bot's
move after the view's timer, as the page's timer does (the first one moves the bot, the
others are ignored by the server, as in a browser); the room's first seat presses "Next
round" after a round and "New game" after a game.

What it measures: the **intent-to-view latency**, per device, of every intent a person sends
(play, draw, pass, next round, new game): the time from sending it to receiving the new view
it made, on the device that sent it (client and server share this machine; the time includes
the client's own handling). Also the number of rooms and connections, messages a second
(received by the devices and sent by them), the server's memory (``VmRSS`` of
``/proc/<pid>/status``) with no room in memory, after every device joined and after the
play, and per room; and every error or refusal seen (refused messages, game refusals in the
``message`` trait, closed connections, timeouts); the CPU time the server and the devices'
process used while playing, and the machine's load average (other work on the same cores
slows everything). After the server is stopped it counts the events kept in the store.
``--sync full`` starts the server with ``--sync full`` (every move waits for the disk).
``--profile FILE`` runs the server under cProfile and writes its profile there (the load is
then heavier than without). ``--write-docs`` records the figures in docs/measurements.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cfwidget.room._rooms import create_room
from cfwidget.room._settings import room_settings
from cfwidget.room._store import RoomStore
from cfwidget.room._tokens import seat_token

from . import measurements

__all__ = ["Load", "main", "rss_kib"]

REPO = Path(__file__).resolve().parents[1]
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
JOIN_AT_ONCE = 8  # devices connecting at the same time while the rooms fill up
PERSON_INTENTS = ("play", "draw", "pass", "next", "new_game")


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process in KiB, from ``/proc/<pid>/status``."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0])
    return found["VmRSS"], found["VmHWM"]


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far, from ``/proc/<pid>/stat``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Load:
    """What the devices saw, gathered over the run."""

    latencies: list[float] = field(default_factory=list)  # seconds, person intents
    by_kind: Counter[str] = field(default_factory=Counter)
    received: int = 0
    sent: int = 0
    received_bytes: int = 0
    problems: Counter[str] = field(default_factory=Counter)
    joined: int = 0
    join_times: list[float] = field(default_factory=list)


class Device:
    """One seat's page: joins by its link, then plays its seat as the page would."""

    def __init__(
        self, url: str, token: str, seat: int, first: bool, load: Load, rng: random.Random
    ) -> None:
        self.url, self.token, self.seat, self.first = url, token, seat, first
        self.load, self.rng = load, rng
        self.view: dict[str, Any] = {}
        self.pending: tuple[int, float, str] | None = None  # (version, sent at, kind)
        self.action: asyncio.Task[None] | None = None
        self.think = 1.0

    async def join(self, ws: Any) -> None:
        start = time.perf_counter()
        await ws.send(json.dumps({"type": "join", "token": self.token}))
        welcome = json.loads(await asyncio.wait_for(ws.recv(), 120))
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"join answered {welcome.get('type')}: {welcome.get('text')}")
        self.load.join_times.append(time.perf_counter() - start)
        self.load.joined += 1
        self.view = welcome["traits"]["view"]

    async def play(self, ws: Any, until: float) -> None:
        self._plan(ws)
        loop = asyncio.get_running_loop()
        while True:
            left = until - loop.time()
            if left <= 0:
                break
            try:
                raw = await asyncio.wait_for(ws.recv(), left)
            except asyncio.TimeoutError:
                break
            self.load.received += 1
            self.load.received_bytes += len(raw)
            self._heard(ws, json.loads(raw))
        if self.action is not None:
            self.action.cancel()

    def _heard(self, ws: Any, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind in ("refused", "closed"):
            self.load.problems[f"{kind}: {message.get('text')}"] += 1
            return
        traits = message.get("traits", {})
        if traits.get("message"):
            self.load.problems[f"game said: {traits['message']}"] += 1
        view = traits.get("view")
        if view is None or view["version"] <= self.view["version"]:
            return
        self.view = view
        if self.pending is not None and view["version"] > self.pending[0]:
            self.load.latencies.append(time.perf_counter() - self.pending[1])
            self.load.by_kind[self.pending[2]] += 1
            self.pending = None
        self._plan(ws)

    def _plan(self, ws: Any) -> None:
        """Do what the page (or its person) does next on this view, after a while."""
        if self.action is not None:
            self.action.cancel()
            self.action = None
        view, waiting = self.view, self.view["waiting"]
        content: dict[str, Any] = {"version": view["version"], "seat": self.seat}
        think = self.think * self.rng.uniform(0.5, 1.5)
        if waiting == "you":
            targets = [t["move"] for tile in view["hand"] for t in tile["targets"]]
            if targets:
                content.update(kind="play", move=targets[0])
            else:
                content["kind"] = "draw" if view["can_draw"] else "pass"
        elif waiting == "bot" and view["auto_ms"]:
            content.update(kind="next", auto=True)
            think = max(200, view["auto_ms"]) / 1000
        elif waiting == "round-over" and self.first:
            content["kind"] = "next"
        elif waiting == "game-over" and self.first and view["can_new_game"]:
            content["kind"] = "new_game"
        else:
            return
        self.action = asyncio.ensure_future(self._send_later(ws, content, think))

    async def _send_later(self, ws: Any, content: dict[str, Any], after: float) -> None:
        await asyncio.sleep(after)
        if content["version"] != self.view["version"]:
            return
        if not content.get("auto"):
            self.pending = (content["version"], time.perf_counter(), content["kind"])
        self.load.sent += 1
        await ws.send(json.dumps({"type": "intent", "content": content}))


async def _device(
    device: Device, gate: asyncio.Semaphore, all_joined: asyncio.Event, until: list[float]
) -> None:
    from websockets.asyncio.client import connect

    load = device.load
    try:
        async with gate:
            ws = await connect(device.url, open_timeout=120, ping_interval=None, max_size=None)
            await device.join(ws)
        try:
            await all_joined.wait()
            await device.play(ws, until[0])
        finally:
            await ws.close()
    except Exception as exc:  # every failure is counted and printed, none stops the run
        load.problems[f"device failed: {type(exc).__name__}: {exc}"] += 1


class Server:
    """``cfwidget serve`` on a free port with its own store, its output in a file."""

    def __init__(self, folder: Path, profile: Path | None, sync: str = "normal") -> None:
        self.store, self.log, self.port = folder / "rooms.db", folder / "server.log", _free_port()
        command = [sys.executable]
        if profile is not None:
            command += ["-m", "cProfile", "-o", str(profile)]
        command += ["-m", "cfwidget.room", "serve", "--store", str(self.store)]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--sync", sync]
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=REPO)
        for _ in range(1200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health") as answer:
                    if json.loads(answer.read()) == {"ok": True}:
                        return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(self.log.read_text()) from None
                time.sleep(0.05)
        raise RuntimeError("the room server did not answer")

    def stop(self) -> None:
        """Stop it as Ctrl+C does (so a profile is written)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the load once; the figures, as a dict (see :func:`report`)."""
    with tempfile.TemporaryDirectory(prefix="cfwidget-load-") as folder:
        server = Server(Path(folder), args.profile, args.sync)
        try:
            figures = _run_against(server, args)
        finally:
            server.stop()
        store = RoomStore(server.store)
        kinds = Counter(e.kind for info in store.rooms() for e in store.events(info.id))
        store.close_file()
        figures["stored"] = dict(kinds)
        return figures


def _run_against(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    pid = server.process.pid
    rss_empty = rss_kib(pid)[0]
    names = NAMES[: args.clients] + [f"bot:{args.bot}"] * args.bots
    store = RoomStore(server.store)  # the rooms are made after the server started: it
    hosts = []  # opens each one when its first device joins, as for `cfwidget room new`
    for i in range(args.rooms):
        settings = room_settings(names, seed=args.seed + i, pace=args.pace)
        hosts.append(create_room(store, f"Load {i + 1}", settings)[1])
    store.close_file()

    load = Load()
    url = f"ws://127.0.0.1:{server.port}/ws"
    rng = random.Random(args.seed)
    devices = []
    for host in hosts:
        for seat in range(args.clients):
            device = Device(url, seat_token(host, seat), seat, seat == 0, load, rng)
            device.think = args.think
            devices.append(device)

    async def everything() -> tuple[float, float, int]:
        gate = asyncio.Semaphore(JOIN_AT_ONCE)
        all_joined = asyncio.Event()
        until = [0.0]
        start = time.perf_counter()
        tasks = [asyncio.ensure_future(_device(d, gate, all_joined, until)) for d in devices]
        while load.joined + sum(load.problems.values()) < len(devices):
            await asyncio.sleep(0.05)
        joined_after = time.perf_counter() - start
        rss_joined = rss_kib(pid)[0]
        until[0] = asyncio.get_running_loop().time() + args.duration
        load.received = load.sent = load.received_bytes = 0
        all_joined.set()
        played = time.perf_counter()
        cpu[:] = [cpu_seconds(pid), time.process_time()]
        await asyncio.gather(*tasks)
        cpu[:] = [cpu_seconds(pid) - cpu[0], time.process_time() - cpu[1]]
        return joined_after, time.perf_counter() - played, rss_joined

    load_before = os.getloadavg()[0]
    cpu: list[float] = []
    joined_after, played_for, rss_joined = asyncio.run(everything())
    rss_after, rss_peak = rss_kib(pid)
    return {
        "rooms": args.rooms,
        "connections": len(devices),
        "joined": load.joined,
        "seats": len(names),
        "join_seconds": joined_after,
        "join_p95": _percentile(load.join_times, 0.95) if load.join_times else 0.0,
        "played_seconds": played_for,
        "latencies": load.latencies,
        "by_kind": dict(load.by_kind),
        "received": load.received,
        "sent": load.sent,
        "received_bytes": load.received_bytes,
        "problems": dict(load.problems),
        "rss_empty": rss_empty,
        "rss_joined": rss_joined,
        "rss_after": rss_after,
        "rss_peak": rss_peak,
        "machine_load": (load_before, os.getloadavg()[0]),
        "cpu": (cpu[0] / played_for, cpu[1] / played_for),
    }


def report(figures: dict[str, Any], args: argparse.Namespace) -> list[str]:
    """The lines printed (and recorded with ``--write-docs``)."""
    rooms, lat = figures["rooms"], [x * 1000 for x in figures["latencies"]]
    seconds = max(figures["played_seconds"], 1e-9)
    changes = sum(n for kind, n in figures["stored"].items() if kind != "closed")
    cost = ""
    if changes:  # every stored change was made while playing
        each = figures["cpu"][0] * seconds / changes
        cost = f"; {each * 1000:.1f} ms of server CPU a stored move "
        cost += f"(one core: {1 / each:,.0f} moves a second)"
    lines = [
        f"rooms: {rooms}; connections: {figures['connections']} "
        f"({figures['joined']} joined; {args.clients} person seats connected and "
        f"{args.bots} {args.bot} bot(s) a room, pace {args.pace}, think {args.think} s; "
        f"store sync {args.sync})",
        f"joining: every device joined in {figures['join_seconds']:.1f} s "
        f"({JOIN_AT_ONCE} at a time; join p95 {figures['join_p95'] * 1000:.0f} ms)",
        f"played: {figures['played_seconds']:.1f} s; person intents answered: {len(lat)} "
        f"({', '.join(f'{k} {n}' for k, n in sorted(figures['by_kind'].items()))})",
    ]
    if lat:
        lines.append(
            "intent-to-view latency (ms): "
            f"p50 {statistics.median(lat):.1f}, p95 {_percentile(lat, 0.95):.1f}, "
            f"p99 {_percentile(lat, 0.99):.1f}, max {max(lat):.1f}"
        )
    else:
        lines.append("intent-to-view latency: no intent was answered")
    lines += [
        f"messages a second: {figures['received'] / seconds:,.0f} received by the devices "
        f"({figures['received_bytes'] / seconds / 1024:,.0f} KiB/s), "
        f"{figures['sent'] / seconds:,.0f} sent by them",
        f"server memory (VmRSS): {figures['rss_empty'] / 1024:.1f} MiB with no room open, "
        f"{figures['rss_joined'] / 1024:.1f} MiB with every device joined, "
        f"{figures['rss_after'] / 1024:.1f} MiB after the play (peak "
        f"{figures['rss_peak'] / 1024:.1f} MiB): "
        f"{(figures['rss_after'] - figures['rss_empty']) / rooms:,.0f} KiB a room",
        "CPU while playing: the server {:.0%} of a core, the devices' process {:.0%}".format(
            *figures["cpu"]
        )
        + cost,
        "machine: load average {:.1f} when the devices joined, {:.1f} at the end "
        "(other work on the same cores slows the server)".format(*figures["machine_load"]),
        "events stored: "
        + (", ".join(f"{k} {n}" for k, n in sorted(figures["stored"].items())) or "none"),
    ]
    problems = figures["problems"]
    if problems:
        lines.append(f"errors and refusals: {sum(problems.values())}")
        lines += [f"  {n} x {what}" for what, n in sorted(problems.items(), key=lambda p: -p[1])]
    else:
        lines.append("errors and refusals: none")
    return lines


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the load and print its figures; they are returned too."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200, help="rooms playing at once")
    parser.add_argument("--clients", type=int, default=4, help="devices (person seats) a room")
    parser.add_argument("--bots", type=int, default=1, help="bot seats a room")
    parser.add_argument("--bot", default="greedy", help="the bots' kind (a name of cf.BOTS)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play")
    parser.add_argument("--think", type=float, default=2.0, help="a person's mean think time")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a bot waits to move")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--quick", action="store_true", help="2 rooms for 5 seconds")
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the server")
    parser.add_argument(
        "--sync", choices=["normal", "full"], default="normal", help="the store's commits"
    )
    measurements.add_option(parser)
    args = parser.parse_args(argv)
    if args.quick:
        args.rooms, args.duration, args.think, args.pace = 2, 5.0, 0.3, 0.2
    if not 2 <= args.clients + args.bots <= 8 or args.clients < 1 or args.rooms < 1:
        parser.error("a room has 2 to 8 seats, one person at least; and one room at least")
    print(
        f"Room server load on {os.cpu_count()} cores: {args.rooms} rooms x {args.clients} "
        f"devices for {args.duration:g} s against cfwidget serve",
        flush=True,
    )
    figures = run(args)
    lines = report(figures, args)
    print("\n".join(lines))
    if args.profile is not None:
        print(f"server profile: {args.profile} (python -m pstats {args.profile})")
    if args.write_docs is not None and not args.quick:
        measurements.record(
            "room_load",
            "Rooms at once on one room server (issue 33)",
            "python -m tools.room_load "
            + " ".join(
                f"--{k} {getattr(args, k)}"
                for k in ("rooms", "clients", "bots", "duration", "think", "pace", "sync")
            ),
            [f"- {line}" for line in lines],
            page=args.write_docs,
        )
    return figures


if __name__ == "__main__":
    main()
