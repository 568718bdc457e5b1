"""The attacks on a public web table, rerun: `python benchmarks/web_attacks.py`.

Starts `regola serve` with its default limits on a fresh database and measures what a
hostile or careless client does to everyone else (issue 22's "Why" 1-3):

1. **A slow request**: one client fetches `GET /api/rules` in a loop while another plays
   ping-pong over a game's WebSocket: the ping's round trip (p50, p99, max), against the
   same pings with nobody fetching.
2. **A client that never reads**: it sends pings with an 8 KB `ref` and reads nothing: the
   server's memory (RSS) before and after, and whether the server dropped it.
3. **1,000 games from one address**: how many were made and refused, and the server's
   memory before and after.

Needs the web extra. `--json FILE` keeps the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import free_port  # noqa: E402

GAME = {"game": "doge", "seats": ["person", "random", "random"]}
QUIET = {"game": "doge", "seats": ["person", "person", "person"]}
"""The game whose pings are timed: nobody moves in it, so any delay is another's doing."""


WARM_UP = 5
"""Pings not counted: the first ones wait for the game's first view to be drawn."""


def rss_mb(pid: int) -> float:
    """The process's resident memory in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def post(base: str, path: str, body: dict) -> int:
    """POST JSON; the status."""
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def made(base: str, body: dict = GAME) -> str:
    """A new game's id."""
    request = urllib.request.Request(base + "/api/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)["id"]


async def pings(port: int, game: str, seconds: float) -> list[float]:
    """Round trips (ms) of pings sent every 20 ms for `seconds` on a game's socket."""
    times = []
    async with connect(f"ws://127.0.0.1:{port}/ws/games/{game}") as socket:
        await socket.send(json.dumps({"type": "hello"}))
        end = time.perf_counter() + seconds
        ref = 0
        while time.perf_counter() < end:
            ref += 1
            start = time.perf_counter()
            await socket.send(json.dumps({"type": "ping", "ref": ref}))
            while True:
                message = json.loads(await socket.recv())
                if message.get("type") == "pong" and message.get("ref") == ref:
                    break
            times.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0.05)
    return times[WARM_UP:]


def figures(times: list[float]) -> dict:
    """p50, p99 and max of round trips (ms)."""
    ordered = sorted(times)
    return {"n": len(times), "p50": statistics.median(ordered),
            "p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
            "max": ordered[-1]}


def slow_request(base: str, port: int, seconds: float) -> dict:
    """Ping round trips alone, then while another client loops on GET /api/rules."""
    game = made(base, QUIET)
    quiet = asyncio.run(pings(port, game, seconds))
    stop = threading.Event()
    fetched = [0]

    def fetch() -> None:
        while not stop.is_set():
            with urllib.request.urlopen(base + "/api/rules", timeout=60) as answer:
                answer.read()
            fetched[0] += 1
    worker = threading.Thread(target=fetch)
    worker.start()
    try:
        busy = asyncio.run(pings(port, game, seconds))
    finally:
        stop.set()
        worker.join()
    return {"alone": figures(quiet), "while_rules_fetched": figures(busy),
            "rules_fetched": fetched[0]}


def _frame(text: str) -> bytes:
    """A masked WebSocket text frame (a client's)."""
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    if len(data) < 126:
        head += bytes([0x80 | len(data)])
    elif len(data) < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", len(data))
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", len(data))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def never_reads(port: int, game: str, seconds: float) -> bool:
    """A client that sends pings with an 8 KB ref and never reads a byte (a raw socket
    with a small receive buffer); whether the server closed the connection."""
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    client.sendall((f"GET /ws/games/{game} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                    f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                   .encode())
    client.recv(1024)                                 # the 101 answer, then nothing more
    client.sendall(_frame(json.dumps({"type": "hello"})))
    ping = _frame(json.dumps({"type": "ping", "ref": "x" * 8000}))
    client.settimeout(1.0)
    end = time.perf_counter() + seconds
    closed = False
    try:
        while time.perf_counter() < end:
            client.sendall(ping)
    except OSError:                                   # the server closed it
        closed = True
    client.close()
    return closed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="regola-attacks-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    code = "from regola.cli.app import main; main()"
    server = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port),
                               "--db", str(folder / "games.sqlite3")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api/games", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        for lang in ("en", "es", "nl"):          # the server has made its listings
            urllib.request.urlopen(f"{base}/api/rules?lang={lang}", timeout=120).read()
        out: dict = {"slow_request": slow_request(base, port, args.seconds)}
        before = rss_mb(server.pid)
        dropped = never_reads(port, made(base), args.seconds)
        out["never_reads"] = {"rss_before_mb": before, "rss_after_mb": rss_mb(server.pid),
                              "dropped": dropped}
        before = rss_mb(server.pid)
        statuses = [post(base, "/api/games", GAME) for _ in range(args.games)]
        out["many_games"] = {"asked": args.games, "made": statuses.count(201),
                             "refused": statuses.count(429), "rss_before_mb": before,
                             "rss_after_mb": rss_mb(server.pid)}
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
