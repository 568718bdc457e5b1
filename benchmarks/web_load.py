"""A bounded load test of the web table on 127.0.0.1: `python benchmarks/web_load.py`.

Starts `regola serve` (bots move without pause) on a fresh database, makes --games games
(the four built-in games in turn, two person seats each and bots in the others) and opens
one WebSocket client per person seat (so 2 x --games clients; every other one a phone,
which shows the narrow board, the others desktops), each playing its seat at random, for
at most --seconds or --actions actions per client. Two modes set the figures of issue 22:
`--mode acting` (100 games, 200 clients acting as soon as they are asked) and `--mode
people` (500 games, 1,000 clients that think like people: an exponential pause of mean
--think seconds, 5 by default, before each action, and join over --arrive seconds, 20 by
default). Then it checks that no client got
an error and that no action was lost: every action a client was told was taken is in the
database at its place, and every game's stored count is what the server reports. It prints
actions per second (all actions: the clients' and the bots') and the clients' latency (send
-> the server's answer) p50/p95/p99/max. --json FILE keeps the figures; --server-root DIR
runs the server from another worktree (the "before" of a change); --servers N starts N
server processes, each with its own database, and shares the games out among them by id
(as a router in front of them would); --profile FILE runs the (first) server under
cProfile. Needs the web extra (`pip install '.[web]'`).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

PEOPLE_AND_BOTS = {"doge": ["person", "person", "random", "random"],
                   "rialto": ["person", "person", "random"],
                   "warsaw": ["person", "person", "random"],
                   "copycat": ["person", "person", "random"]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def by_window(clients: list, started: float, width: float) -> list[float]:
    """The latency p99 (ms) of the acknowledgements that came in each `width` seconds of
    the run, in order: where in the run the slow answers are (the first seconds hold every
    client's first view)."""
    windows: dict[int, list[float]] = {}
    for client in clients:
        for at, latency in zip(client.answered_at, client.latencies):
            windows.setdefault(int((at - started) // width), []).append(latency)
    return [round(1000 * percentile(windows[k], 0.99), 1) for k in sorted(windows)]


MODES = {"acting": {"games": 100, "think": 0.0, "seconds": 60, "actions": 100, "arrive": 0.0},
         "people": {"games": 500, "think": 5.0, "seconds": 90, "actions": 1000,
                    "arrive": 20.0}}
"""The two loads of issue 22: 200 clients acting at once; 1,000 clients at people's pace."""


PROFILED = ("import cProfile, sys\nfrom regola.cli.app import main\nout = sys.argv.pop()\n"
            "profile = cProfile.Profile()\nprofile.enable()\ntry:\n    main()\n"
            "finally:\n    profile.disable()\n    profile.dump_stats(out)\n")
"""The server under cProfile (its event loop's thread); the statistics go to the file
given last on its command line."""


def start_server(db: Path, port: int, root: Path | None = None,
                 profile: Path | None = None) -> subprocess.Popen:
    code = PROFILED if profile else "from regola.cli.app import main; main()"
    # the import hook loads the worktree that holds the working directory
    process = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port),
                                "--db", str(db), "--bot-delay", "0",
                                # one address plays every game, as fast as it is answered
                                "--games-per-address", "100000", "--max-games", "100000",
                                "--messages-per-second", "100000",
                                *([str(profile.resolve())] if profile else [])],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               cwd=root)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("regola serve did not start")


def http(base: str, path: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method="POST" if data else "GET",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


class Client:
    """One person seat over one WebSocket, acting at random whenever asked (after an
    exponential pause of mean `think` seconds, a person's pace, if it is not 0)."""

    def __init__(self, url: str, token: str, seed: int, max_actions: int, think: float = 0,
                 narrow: bool = False):
        self.url, self.token, self.max_actions, self.think = url, token, max_actions, think
        self.arrive_after = 0.0                 # seconds after the start it connects
        self.narrow = narrow            # a phone: it shows the narrow board, as a page says
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.answered_at: list[float] = []      # when each acknowledgement came
        self.acks: list[dict] = []
        self.errors: list[dict] = []

    async def play(self, deadline: float) -> None:
        await asyncio.sleep(self.arrive_after)
        # no keep-alive pings of its own: a browser sends none
        async with connect(self.url, max_size=2 ** 24, open_timeout=60,
                           ping_interval=None, ping_timeout=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token,
                                      "narrow": self.narrow}))
            answered: set[tuple] = set()
            sent_at: dict[int, float] = {}
            while time.monotonic() < deadline and len(self.acks) < self.max_actions:
                try:
                    raw = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                except TimeoutError:
                    return
                message = json.loads(raw)
                if message["type"] == "ack":
                    self.latencies.append(time.monotonic() - sent_at.pop(message["ref"]))
                    self.answered_at.append(time.monotonic())
                    self.acks.append(message)
                elif message["type"] == "error":
                    self.errors.append(message)
                    sent_at.pop(message.get("ref"), None)
                elif message["type"] == "state":
                    prompt = message["prompt"]
                    if message["over"]:
                        return
                    if prompt and (prompt["ask"], prompt["step"]) not in answered:
                        answered.add((prompt["ask"], prompt["step"]))
                        if self.think:
                            await asyncio.sleep(self.rng.expovariate(1 / self.think))
                        action = self.rng.choice(prompt["actions"])
                        ref = len(answered)
                        sent_at[ref] = time.monotonic()
                        await ws.send(json.dumps({"type": "act", "ref": ref, "action": {
                            k: action[k] for k in ("id", "ask", "step")}}))


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


async def run_clients(clients: list[Client], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    # the clients' own collector pauses (up to 0.3 s with 1,000 clients) would be counted
    # as the server's latency: collect the young objects only, rarely
    gc.freeze()
    threshold = gc.get_threshold()
    gc.set_threshold(20_000, threshold[1], 1_000_000)
    try:
        await asyncio.gather(*(c.play(deadline) for c in clients))
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def count_actions(dbs: list[Path]) -> int:
    """The actions stored in all the servers' databases."""
    total = 0
    for db in dbs:
        with sqlite3.connect(db) as con:
            total += con.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    return total


def lost_actions(db: Path, base: str, games: list[dict],
                 acked: list[tuple[str, int, list[dict]]]) -> list[tuple]:
    """The actions of one server that a client was told were taken but that are not in its
    database at their place, and its games whose stored count is beyond what it reports."""
    lost: list[tuple] = []
    with sqlite3.connect(db) as con:
        for game, seat, acks in acked:
            for ack in acks:
                row = con.execute("SELECT seat, action FROM actions WHERE game = ? AND "
                                  "n = ?", (game, ack["version"] - 1)).fetchone()
                if row is None or row[0] != seat or json.loads(row[1])["id"] != ack["action"]:
                    lost.append((game, ack))
        for game in games:
            stored = con.execute("SELECT COUNT(*) FROM actions WHERE game = ?",
                                 (game["id"],)).fetchone()[0]
            reported = http(base, f"/api/games/{game['id']}")["version"]
            if reported < stored:
                lost.append((game["id"], {"stored": stored, "reported": reported}))
    return lost


def load_test(games: int, seconds: float, max_actions: int, think: float = 0,
              seed: int = 1, root: Path | None = None, profile: Path | None = None,
              servers: int = 1, arrive: float = 0.0) -> dict:
    """Run the load test (the server from worktree `root`, else this one; `servers`
    processes, each with its own database, game i on server i mod `servers`, as a router
    by game id would send it); the figures and the checks as a dict."""
    folder = Path(tempfile.mkdtemp(prefix="regola-load-"))
    dbs = [folder / f"games-{n}.sqlite3" for n in range(servers)]
    ports = [free_port() for _ in range(servers)]
    processes = []
    try:
        for n in range(servers):
            processes.append(start_server(dbs[n], ports[n], root,
                                          profile if n == 0 else None))
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        made: list[list[dict]] = [[] for _ in range(servers)]
        names = list(PEOPLE_AND_BOTS)
        for i in range(games):
            rules = names[i % len(names)]
            made[i % servers].append(http(bases[i % servers], "/api/games", {
                "game": rules, "seats": PEOPLE_AND_BOTS[rules]}))
        at_start = count_actions(dbs)
        clients, owners = [], []
        for n in range(servers):
            for game in made[n]:
                for seat in game["seats"]:
                    if seat["token"]:
                        url = f"ws://127.0.0.1:{ports[n]}/ws/games/{game['id']}"
                        clients.append(Client(url, seat["token"], seed + len(clients),
                                              max_actions, think,
                                              narrow=len(clients) % 2 == 1))
                        owners.append((n, game["id"], seat["seat"]))
        for i, client in enumerate(clients):          # joining evenly over `arrive` s
            client.arrive_after = arrive * i / len(clients)
        started = time.monotonic()
        before = count_actions(dbs)
        asyncio.run(run_clients(clients, seconds))
        elapsed = time.monotonic() - started
        after = count_actions(dbs)
        lost = []
        for n in range(servers):
            acked = [(game, seat, client.acks) for client, (shard, game, seat)
                     in zip(clients, owners) if shard == n]
            lost += lost_actions(dbs[n], bases[n], made[n], acked)
        latencies = [x for c in clients for x in c.latencies]
        errors = [e for c in clients for e in c.errors]
        figures = {
            "games": games, "clients": len(clients), "servers": servers,
            "seconds": round(elapsed, 2), "think": think, "arrive": arrive,
            "actions": after - before, "bot_actions_before_clients": before - at_start,
            "client_actions": len(latencies),
            "actions_per_second": round((after - before) / elapsed, 1),
            "client_actions_per_second": round(len(latencies) / elapsed, 1),
            "latency_ms": {"p50": round(1000 * statistics.median(latencies), 1)
                           if latencies else 0.0,
                           "p95": round(1000 * percentile(latencies, 0.95), 1),
                           "p99": round(1000 * percentile(latencies, 0.99), 1),
                           "max": round(1000 * max(latencies, default=0.0), 1)},
            "errors": len(errors), "error_examples": errors[:3], "lost_actions": len(lost),
            "p99_ms_by_10_seconds": by_window(clients, started, 10.0),
        }
        return figures
    finally:
        for process in processes:
            process.send_signal(signal.SIGINT)
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=sorted(MODES), default="acting",
                        help="acting: 100 games, 200 clients acting at once (default); "
                             "people: 500 games, 1,000 clients at a person's pace")
    parser.add_argument("--games", type=int, help="concurrent games (default: the mode's)")
    parser.add_argument("--seconds", type=float, help="at most this long (default: the "
                                                      "mode's, 60 or 90)")
    parser.add_argument("--actions", type=int,
                        help="at most this many actions per client (default: the mode's)")
    parser.add_argument("--think", type=float,
                        help="mean seconds a client waits before each action (default: "
                             "the mode's, 0 for acting: at once, the server saturated)")
    parser.add_argument("--arrive", type=float,
                        help="the clients join evenly over this many seconds (default: the "
                             "mode's, 0 for acting, 20 for people: people do not all open "
                             "the table in the same second, and the server pings each "
                             "connection every 20 s, so a burst of joins would also make "
                             "a burst of pings every 20 s)")
    parser.add_argument("--server-root", type=Path,
                        help="run the server from this worktree (e.g. main's, for 'before')")
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes, each with its own database; the games are "
                             "shared out by id among them (default 1)")
    parser.add_argument("--profile", type=Path,
                        help="run the server under cProfile; its statistics to this file")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    mode = MODES[args.mode]
    figures = load_test(args.games or mode["games"], args.seconds or mode["seconds"],
                        args.actions or mode["actions"],
                        mode["think"] if args.think is None else args.think,
                        root=args.server_root, profile=args.profile,
                        servers=args.servers,
                        arrive=mode["arrive"] if args.arrive is None else args.arrive)
    figures["mode"] = args.mode
    print(f"{figures['games']} games on {figures['servers']} server(s), "
          f"{figures['clients']} WebSocket clients (think "
          f"{figures['think']} s, joining over {figures['arrive']} s), "
          f"{figures['seconds']} s: {figures['actions']} actions "
          f"({figures['actions_per_second']}/s; clients {figures['client_actions']}, "
          f"{figures['client_actions_per_second']}/s); client latency p50 "
          f"{figures['latency_ms']['p50']} ms, p95 {figures['latency_ms']['p95']} ms, p99 "
          f"{figures['latency_ms']['p99']} ms, max "
          f"{figures['latency_ms']['max']} ms; errors {figures['errors']}, lost actions "
          f"{figures['lost_actions']}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    if figures["errors"] or figures["lost_actions"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
