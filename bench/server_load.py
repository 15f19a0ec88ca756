"""Load bench for the game server: N concurrent games on loopback, like the boardgame.io yardstick.

    python -m bench.server_load --n 1000 --mode paced          # one case
    python -m bench.server_load --sweep                         # 10..1000 paced, 10 sat

The server runs as its own process pinned to CPU 0 (``python -m tacocat.server``, its
games in a fresh SQLite file, or ``--db postgresql://…`` with ``--processes 2``); this
process, the load, is pinned to CPU 1. Each game is two WebSocket clients (host and
friend, each its own connection) playing random legal moves; a move's round trip is timed
from sending ``act`` to the mover's ``update`` coming back (committed and sent). A game that
ends is replaced by a new one (create and join). ``paced``: one move per game per second,
games spread over the second; ``sat``: each game moves again as soon as its update is back.
Reported, as ``../shared/anchors/boardgameio`` reports them: games held, moves/s in the
measured window, p50/p90/p99/max round trip, the server's RSS (empty, connected, end) and
CPU share of its core, and memory per game. Bounded: a hard limit of ``--hard-limit`` s,
and every server is stopped. The last line is one JSON object. bench/server_processes.py
starts the servers (and the PostgreSQL cluster) and reads their CPU and memory.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from bench.server_processes import (
    proc_cpu_s,
    proc_rss_mb,
    start_servers,
    stop_servers,
    throwaway_postgres,
)
from tacocat.net import messages as m
from tacocat.online.client import Connection
from tacocat.rules.actions import action_to_dict
from tacocat.rules.moves import legal_actions
from tacocat.rules.phase import Phase
from tacocat.server.app import tune_gc


@dataclass
class Load:
    mode: str
    window: tuple[float, float] = (float("inf"), float("inf"))
    rtts: list[float] = field(default_factory=list)
    moves: int = 0
    games_started: int = 0
    errors: dict[str, int] = field(default_factory=dict)

    def note(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


@dataclass(frozen=True)
class Seen:
    """The few fields of an observation a random mover needs (decoding the whole of it,
    history and all, would make this load generator, not the server, the bottleneck)."""

    seat: int
    to_act: tuple[int, ...]
    own_commit: object
    phase: Phase
    hand: tuple[int, ...]
    replace_limit: int | None
    pending_target: int | None

    @classmethod
    def of(cls, data: dict) -> Seen:
        return cls(
            data["seat"],
            tuple(data["to_act"]),
            data["own_commit"],
            Phase(data["phase"]),
            tuple(data["hand"]),
            data["replace_limit"],
            data["pending_target"],
        )

    def legal_actions(self):  # type: ignore[no-untyped-def]
        return legal_actions(
            self.seat, self.to_act, self.phase, self.hand, self.replace_limit, self.pending_target
        )


class BenchGame:
    """One game's two connections, its latest observations and its move in flight."""

    def __init__(self, load: Load, urls: tuple[str, str], rng: random.Random) -> None:
        self.load, self.urls, self.rng = load, urls, rng
        self.connections: list[Connection] = []
        self.game = ""
        self.observations: list = [None, None]
        self.seqs = [0, 0]
        self.pending: tuple[int, int, float] | None = None  # seat, seq sent, time
        self.moved = asyncio.Event()
        self.over = asyncio.Event()

    async def start(self) -> None:
        host = self.connections[0] if self.connections else await Connection.open(self.urls[0])
        friend = self.connections[1] if self.connections else await Connection.open(self.urls[1])
        if not self.connections:
            self.connections = [host, friend]
            for seat, connection in enumerate(self.connections):
                asyncio.create_task(self._read(seat, connection))
        self.observations, self.pending = [None, None], None
        self.over.clear()
        created = await host.request(m.Create(name="Host"))
        assert isinstance(created, m.Created), created  # the bench's server sets no limits
        self.game = created.game
        await friend.request(m.Join(invite=created.invite, name="Friend"))
        self.load.games_started += 1

    async def _read(self, seat: int, connection: Connection) -> None:
        while True:
            message = await connection.pushes.get()
            if isinstance(message, m.State | m.Update) and message.game == self.game:
                if message.observation is not None:
                    self.observations[seat] = Seen.of(message.observation)
                    self.seqs[seat] = message.seq
                self._arrived(seat, message.seq)
            elif isinstance(message, m.Ended) and message.game == self.game:
                self.over.set()
                self._arrived(seat, message.seq)
            elif isinstance(message, m.Refused) and message.game == self.game:
                self.load.note(f"refused:{message.code}")
                if self.pending and self.pending[0] == seat:
                    self.pending = None
                    self.moved.set()
            elif isinstance(message, m.Error):
                if message.code == "closed":
                    return
                self.load.note(f"error:{message.code}")

    def _arrived(self, seat: int, seq: int) -> None:
        pending = self.pending
        if pending is not None and pending[0] == seat and seq > pending[1]:
            now = time.monotonic()
            if self.load.window[0] <= pending[2] < self.load.window[1]:
                self.load.rtts.append((now - pending[2]) * 1000)
                self.load.moves += 1
            self.pending = None
            self.moved.set()

    async def move(self) -> bool:
        """Send one random legal move for a seat that owes one; False if none could go."""
        if self.pending is not None:
            return False
        if self.over.is_set():
            await self.start()
            return False
        for seat in self.rng.sample((0, 1), 2):
            observation = self.observations[seat]
            if (
                observation is None
                or observation.own_commit is not None
                or seat not in observation.to_act
            ):
                continue
            if self.seqs[seat] != max(self.seqs):
                continue
            legal = observation.legal_actions()
            action = legal[self.rng.randrange(len(legal))]
            self.moved.clear()
            self.pending = (seat, self.seqs[seat], time.monotonic())
            wire = msgspec.convert(action_to_dict(action), m.WireAction)
            await self.connections[seat].send(
                m.Act(game=self.game, seq=self.seqs[seat], action=wire)
            )
            return True
        return False


async def drive(game: BenchGame, load: Load, until: float, period: float) -> None:
    next_tick = time.monotonic() + game.rng.random() * period
    while time.monotonic() < until:
        if load.mode == "paced":
            await asyncio.sleep(max(0.0, next_tick - time.monotonic()))
            next_tick += period
            await game.move()
        else:
            if not await game.move():
                await asyncio.sleep(0.001)
                continue
            try:
                await asyncio.wait_for(game.moved.wait(), 10)
            except TimeoutError:
                load.note("move_timeout")
                game.pending = None


_GC_START = [0.0]
GC_PAUSES: list[float] = []


def _gc_watch(phase: str, info: dict) -> None:
    if phase == "start":
        _GC_START[0] = time.perf_counter()
    else:
        GC_PAUSES.append((time.perf_counter() - _GC_START[0]) * 1000)


# --- one case --------------------------------------------------------------------------------
async def connect_all(games: list[BenchGame], concurrency: int, load: Load) -> None:
    gate = asyncio.Semaphore(concurrency)

    async def one(game: BenchGame) -> None:
        async with gate:
            try:
                await game.start()
            except Exception as error:  # noqa: BLE001 - counted, the case goes on
                load.note(f"setup:{type(error).__name__}")

    await asyncio.gather(*(one(game) for game in games))


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.999999) - 1))], 2)


async def run_case(
    n: int, mode: str, urls: list[str], pids: list[int], duration: float, warmup: float, seed: int
) -> dict:
    load = Load(mode)
    rng = random.Random(seed)
    empty = sum(proc_rss_mb(pid) for pid in pids)
    games = [BenchGame(load, (urls[0], urls[-1]), random.Random(rng.random())) for _ in range(n)]
    started = time.monotonic()
    await connect_all(games, 50, load)
    setup = time.monotonic() - started
    live = [game for game in games if game.connections]
    connected = sum(proc_rss_mb(pid) for pid in pids)
    cpu, load_cpu = await measure(live, load, pids, duration, warmup)
    end = sum(proc_rss_mb(pid) for pid in pids)
    for game in live:
        for connection in game.connections:
            await connection.close()
    return {
        "n": n,
        "mode": mode,
        "processes": len(pids),
        "connected_games": len(live),
        "server_cpus": sorted({os.sched_getaffinity(pid).pop() for pid in pids}),
        "setup_s": round(setup, 1),
        "moves_in_window": load.moves,
        "moves_per_s": round(load.moves / duration, 1),
        "rtt_ms": {
            q: percentile(load.rtts, v)
            for q, v in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))
        },
        "server_cpu_pct_of_one_core": round(100 * cpu / duration, 1),
        "load_cpu_pct_of_one_core": round(100 * load_cpu / duration, 1),
        "server_rss_mb": {
            "empty": round(empty, 1),
            "connected": round(connected, 1),
            "end": round(end, 1),
        },
        "kb_per_game": round((connected - empty) * 1024 / max(1, len(live)), 1),
        "games_started": load.games_started,
        "errors": load.errors,
        "load_gc_pause_max_ms": round(max(GC_PAUSES, default=0.0), 1),
    }


async def measure(
    live: list[BenchGame], load: Load, pids: list[int], duration: float, warmup: float
) -> tuple[float, float]:
    """The games driven through ``warmup`` and then ``duration`` seconds, the moves sent in
    the latter timed: the CPU seconds the servers and this process used in it."""
    begin = time.monotonic()
    load.window = (begin + warmup, begin + warmup + duration)
    drivers = [asyncio.create_task(drive(game, load, load.window[1], 1.0)) for game in live]
    await asyncio.sleep(warmup)
    cpu_start = [proc_cpu_s(pid) for pid in pids]
    load_start = time.process_time()
    GC_PAUSES.clear()
    await asyncio.sleep(duration)
    cpu = sum(proc_cpu_s(pid) - before for pid, before in zip(pids, cpu_start, strict=True))
    load_cpu = time.process_time() - load_start
    await asyncio.gather(*drivers)
    return cpu, load_cpu


def case(n: int, mode: str, args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory(prefix="tacocat-load-") as tmp:
        work = Path(tmp)
        cluster = throwaway_postgres() if args.postgres else None
        db = cluster.database() if cluster else args.db or str(work / "games.sqlite3")
        try:
            return _case(n, mode, args, work, db)
        finally:
            if cluster is not None:
                cluster.stop()


def _case(n: int, mode: str, args: argparse.Namespace, work: Path, db: str) -> dict:
    postgres = db.startswith("postgresql://")
    extra = [] if postgres else ["--sqlite-sync", args.sqlite_sync]
    servers = start_servers(db, args.processes, work, extra, args.server_cpus)
    try:
        time.sleep(0.5)
        result = asyncio.run(
            asyncio.wait_for(
                run_case(
                    n,
                    mode,
                    [url for _, url in servers],
                    [p.pid for p, _ in servers],
                    args.duration,
                    args.warmup,
                    args.seed,
                ),
                args.hard_limit,
            )
        )
    finally:
        stop_servers(servers)
    result["db"] = "postgresql" if postgres else f"sqlite-{args.sqlite_sync}"
    return result


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100, help="concurrent games (1..5000)")
    parser.add_argument("--mode", choices=("paced", "sat"), default="paced")
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="100, 500, 750, 1000 paced and 10 sat (the yardstick's rows)",
    )
    _server_options(parser)
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard-limit", type=float, default=110.0, help="seconds a case may take")
    return parser


def _server_options(parser: argparse.ArgumentParser) -> None:
    """Where the games are kept, and the server processes."""
    parser.add_argument(
        "--db", default=None, help="postgresql://... (default: a fresh SQLite file)"
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="a throw-away PostgreSQL cluster (the tests' fixture) for each case",
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes (PostgreSQL)")
    parser.add_argument(
        "--server-cpus",
        type=lambda text: tuple(int(c) for c in text.split(",")),
        default=(0,),
        help="CPUs the server processes are pinned to in turn "
        "(default 0; '0,1' puts a second process on the load's CPU)",
    )
    parser.add_argument(
        "--sqlite-sync",
        choices=("full", "normal"),
        default="full",
        help="the server's SQLite durability (default full, its default)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not 1 <= args.n <= 5000 or (args.processes > 1 and not (args.db or args.postgres)):
        parser.error("--n is 1..5000; several --processes need --db postgresql://...")
    os.sched_setaffinity(0, {1})  # the load on CPU 1, the server on CPU 0
    # The load generator's own collector pauses would count as the server's latency: tune
    # it as the server tunes its own (tacocat/server/app.py), and report the longest pause.
    tune_gc()
    gc.callbacks.append(_gc_watch)
    cases = (
        [(100, "paced"), (500, "paced"), (750, "paced"), (1000, "paced"), (10, "sat")]
        if args.sweep
        else [(args.n, args.mode)]
    )
    results = []
    for n, mode in cases:
        result = case(n, mode, args)
        results.append(result)
        _print_case(result, n, mode)
    print(json.dumps(results if args.sweep else results[0]))
    return 0


def _print_case(result: dict, n: int, mode: str) -> None:
    """One case's line: its throughput, round trips, the servers' memory and CPU, errors."""
    rtt = result["rtt_ms"]
    print(
        f"{result['db']} x{result['processes']} N={n:5} {mode:5}  {result['moves_per_s']:8.1f} moves/s  "
        f"p50 {rtt['p50']} p99 {rtt['p99']} max {rtt['max']} ms  RSS {result['server_rss_mb']['end']} MB  "
        f"CPU {result['server_cpu_pct_of_one_core']} % (load {result['load_cpu_pct_of_one_core']} %)  "
        f"errors {result['errors']}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
