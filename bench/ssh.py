"""SSH hosting under load: many players connect to one ``tabula serve`` at once.

Starts ``python -m tui serve`` on a free loopback port (fresh data dir, a
key per player), at the server's default limits, then opens ``--sessions``
connections *at the same time*, each as a real player would: with their own
key, from their own address (127.0.1.N; Linux routes all of 127.0.0.0/8 to
the loopback). Each client waits for the first frame (the title screen's
text on its screen), then presses keys and waits for the game to react.
While every session is open, the memory of each session's processes is
measured. Prints the medians; ``--json`` prints
{"sessions": 20, "first_frame_ms": …, "rss_mb_per_session": …, "failures": 0, …}
plus the slowest first frame, the key response, the CPU each game used to
get there, how many games were forked from the zygote (the rest started as
fresh processes), the zygote's and the server's own memory and CPU, and the
machine's load before and after the run (on a shared machine, first frames
are mostly waiting for a core).

Memory: ``rss_mb_per_session`` counts every page a game maps, including
the imported code it shares (copy-on-write) with the zygote and the other
games; ``pss_mb_per_session`` divides shared pages among their sharers, so
it is what each extra player really costs.

    nice .venv/bin/python bench/ssh.py [--sessions 20] [--ramp SECONDS] [--cold] [--json]
    nice .venv/bin/python bench/ssh.py --hostile [--sessions 10] [--json]
    nice .venv/bin/python bench/ssh.py --churn [--seconds 45] [--json]

``--hostile`` runs the players twice, each from its own loopback address
(127.0.1.N): once on a quiet server, then while one address (127.0.0.66)
holds 200 silent sockets, opening a new one whenever one is closed, and a
logged-in player at another (127.0.0.77) floods its channel with ``env``
requests and resizes, reconnecting whenever it is thrown out. It prints
both medians, their ratio, failures and how much the server's memory grew
under the attack.

``--churn`` is the attack of many addresses that each stay under their own
limits: 250 addresses (127.0.0.2-251) each open one silent socket every
3 s, for ``--seconds``. From its fifth second, 30 real logins come, one
every 0.5 s: 20 from addresses of their own (127.0.1.N) and 10 from the
churners' own /24 (127.0.0.252-254). It prints how many of the 30 logged
in, how long they took, what became of the silent sockets, and how many
lines the server logged meanwhile.

"first frame" is the time from starting the connection (TCP, key exchange,
auth, PTY, the game forked from the zygote, or a fresh Python importing
Textual without one, starting the app) to the title text being on the
client's screen: what a player waits for.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncssh  # noqa: E402

from tui.ssh.probe import GameClient  # noqa: E402

TITLE = ("New game", "Continue")  # the title screen's menu
KEYS = ["\x1b[B"]  # down: the menu highlight moves


def make_keys(tmp: Path, count: int) -> list[asyncssh.SSHKey]:
    """A key for each of ``count`` people, all in ``tmp/authorized_keys``."""
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]
    (tmp / "authorized_keys").write_bytes(b"".join(k.export_public_key() for k in keys))
    return keys


def player_address(n: int) -> str:
    """Player ``n``'s own loopback address: 127.0.1.1, 127.0.1.2, … (250 per /24)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


async def start_server(tmp: Path, sessions: int, cold: bool
                       ) -> tuple[subprocess.Popen[bytes], int, list[str]]:
    """A real ``tabula serve`` in its own process, at its default limits
    (``--max-sessions`` is raised only for more than its 32 games); returns
    it, its port and its log lines as they come.

    Unless ``cold``, returns once its game zygote has imported the game (a
    server is up well before its players), else as soon as it listens.
    """
    more = ["--max-sessions", str(sessions)] if sessions > 32 else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-dir", str(tmp / "data"),
         "--authorized-keys", str(tmp / "authorized_keys"), *more],
        stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent)
    assert proc.stderr is not None
    loop = asyncio.get_running_loop()
    port = None
    log: list[str] = []
    while True:
        line = (await loop.run_in_executor(None, proc.stderr.readline)).decode()
        if not line:
            raise RuntimeError("the server exited before it was ready")
        log.append(line)
        found = re.search(r"port (\d+)", line)
        if found:
            port = int(found.group(1))
        if port is not None and (cold or "zygote ready" in line):
            # keep reading its log so it never blocks on a full pipe
            loop.run_in_executor(None, read_lines, proc.stderr, log)
            return proc, port, log


def read_lines(stream: Any, into: list[str]) -> None:
    """Append each line of ``stream`` to ``into`` until it ends (in a thread)."""
    for line in stream:
        into.append(line.decode(errors="replace"))


class Roll:
    """Counts players who are up (or failed); ``everyone`` is set when all are."""

    def __init__(self, total: int) -> None:
        self.total, self.count = total, 0
        self.everyone = asyncio.Event()
        self.measured = asyncio.Event()

    def arrive(self) -> None:
        self.count += 1
        if self.count >= self.total:
            self.everyone.set()


async def one_player(port: int, key: asyncssh.SSHKey, n: int, roll: Roll,
                     timeout: float, delay: float) -> dict[str, float]:
    """Connect with one's own key from one's own address (``player_address``),
    wait for the title, press keys, stay until everyone is measured."""
    await asyncio.sleep(delay)  # arrival time (0 = everyone at once)
    start = time.perf_counter()
    client: GameClient | None = None
    try:
        client = await GameClient.connect(port, username=f"player{n}", client_keys=[key],
                                          size=(100, 32), local_addr=(player_address(n), 0))
        await client.read_until(*TITLE, timeout=timeout)
        first = time.perf_counter() - start
        seen = len(client.raw)
        for k in KEYS:
            client.send(k)
        t0 = time.perf_counter()
        await answered(client, seen, timeout)
        react = time.perf_counter() - t0
        roll.arrive()
        await roll.measured.wait()
        return {"first_frame_s": first, "key_s": react}
    except BaseException:
        roll.arrive()
        raise
    finally:
        if client is not None:
            client.close()


async def answered(client: GameClient, seen: int, timeout: float) -> None:
    """Read until the app draws anything new after the keys (it redraws only on change)."""
    deadline = time.perf_counter() + timeout
    while len(client.raw) == seen:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError("the game did not react to keys")
        data = await asyncio.wait_for(client.process.stdout.read(65536), left)
        if not data:
            raise EOFError("session ended")
        client.raw += data
        client.screen.feed(data)


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    return _kb(f"/proc/{pid}/status", "VmRSS") / 1024


def pss_mb(pid: int) -> float:
    """Proportional set size: shared pages divided among the processes sharing them."""
    return _kb(f"/proc/{pid}/smaps_rollup", "Pss") / 1024


def _kb(path: str, field: str) -> int:
    try:
        text = Path(path).read_text()
    except OSError:
        return 0
    found = re.search(rf"^{field}:\s+(\d+) kB", text, re.MULTILINE)
    return int(found.group(1)) if found else 0


def parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return 0


def zygote_of(server: int) -> int | None:
    """The server's game zygote (its child running tui.ssh.zygote), if it has one.

    Its games are forks of it, with the same command line, one level below.
    """
    for pid in descendants(server):
        try:
            if parent(pid) == server and b"tui.ssh.zygote" in Path(
                    f"/proc/{pid}/cmdline").read_bytes():
                return pid
        except OSError:
            continue
    return None


async def bench(sessions: int, timeout: float, ramp: float, cold: bool) -> dict[str, object]:
    load_before = os.getloadavg()[0]  # other work on the machine, for the record
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        keys = make_keys(tmp, sessions)
        server, port, _log = await start_server(tmp, sessions, cold)
        try:
            client_cpu0 = time.process_time()
            roll = Roll(sessions)
            tasks = [asyncio.create_task(
                         one_player(port, keys[n], n, roll, timeout, ramp * n / sessions))
                     for n in range(sessions)]
            await roll.everyone.wait()  # every player has reacted to keys (or failed)
            zygote = zygote_of(server.pid)
            games = [p for p in descendants(server.pid) if p != zygote]
            forked = sum(1 for p in games if zygote is not None and parent(p) == zygote)
            rss_games = sum(rss_mb(p) for p in games)
            pss_games = sum(pss_mb(p) for p in games)
            cpu_games = sum(cpu_seconds(p) for p in games)
            zygote_rss = rss_mb(zygote) if zygote else 0.0
            zygote_cpu = cpu_seconds(zygote) if zygote else 0.0
            server_rss = rss_mb(server.pid)
            server_cpu = cpu_seconds(server.pid)
            client_cpu = time.process_time() - client_cpu0
            roll.measured.set()
            results = await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            server.terminate()
            server.wait(30)
    ok = [r for r in results if isinstance(r, dict)]
    errors = [f"{type(r).__name__}: {str(r)[:200]}" for r in results if not isinstance(r, dict)]
    firsts = sorted(float(r["first_frame_s"]) * 1000 for r in ok)
    keys = sorted(float(r["key_s"]) * 1000 for r in ok)
    return {
        "sessions": sessions,
        "ramp_s": ramp,
        "cold": cold,
        "first_frame_ms": round(statistics.median(firsts)) if firsts else None,
        "first_frame_ms_max": round(firsts[-1]) if firsts else None,
        "key_response_ms": round(statistics.median(keys)) if keys else None,
        "rss_mb_per_session": round(rss_games / max(len(ok), 1), 1),
        "pss_mb_per_session": round(pss_games / max(len(ok), 1), 1),
        "cpu_s_per_session": round(cpu_games / max(len(ok), 1), 2),
        "forked": forked,  # games forked from the zygote; the others started afresh
        "zygote_rss_mb": round(zygote_rss, 1),
        "zygote_cpu_s": round(zygote_cpu, 2),  # its imports, once for every game
        "server_rss_mb": round(server_rss, 1),
        "server_cpu_s": round(server_cpu, 2),  # includes its own start-up
        "clients_cpu_s": round(client_cpu, 2),  # this script's 20 players, same machine
        "failures": len(errors),
        "errors": errors[:3],
        "cpus": os.cpu_count(),
        "load_before": round(load_before, 2),
        "load_after": round(os.getloadavg()[0], 2),  # 1-minute average, this run included
    }


# -- --hostile --------------------------------------------------------------------

SILENT_ADDRESS, FLOOD_ADDRESS = "127.0.0.66", "127.0.0.77"


async def hold_silent_sockets(port: int, count: int, stop: asyncio.Event,
                              tally: dict[str, int]) -> None:
    """Keep ``count`` silent sockets open from one address, replacing each that closes."""
    async def one() -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(SILENT_ADDRESS, 0))
            except OSError:
                tally["connect_errors"] += 1
                await asyncio.sleep(0.05)
                continue
            tally["opened"] += 1
            closed = asyncio.ensure_future(reader.read())  # EOF when the server drops it
            await asyncio.wait({closed, asyncio.ensure_future(stop.wait())},
                               return_when=asyncio.FIRST_COMPLETED)
            closed.cancel()
            writer.close()
    await asyncio.gather(*(one() for _ in range(count)))


async def flood_requests(port: int, key: asyncssh.SSHKey, stop: asyncio.Event,
                         tally: dict[str, int]) -> None:
    """A logged-in player who floods ``env`` requests of 30 KB and resizes, again and again."""
    from asyncssh.packet import String, UInt32

    value = String(b"v" * 30_000)
    while not stop.is_set():
        try:
            async with asyncssh.connect(
                    "127.0.0.1", port, username="flooder", client_keys=[key], known_hosts=None,
                    agent_path=None, local_addr=(FLOOD_ADDRESS, 0)) as conn:
                tally["flood_logins"] += 1
                process = await conn.create_process(term_type="xterm", term_size=(80, 24))
                chan = process.channel
                i = 0
                while not stop.is_set() and not conn.is_closed():
                    i += 1
                    chan._send_request(b"env", String(f"LC_{i}".encode()), value)
                    chan._send_request(b"window-change", UInt32(80 + i % 100), UInt32(24),
                                       UInt32(0), UInt32(0))
                    tally["requests"] += 2
                    if i % 50 == 0:
                        await asyncio.sleep(0)  # let the transport write
        except (OSError, asyncssh.Error):
            tally["flood_refused"] += 1
            await asyncio.sleep(0.2)


async def players(port: int, keys: list[asyncssh.SSHKey], sessions: int,
                  timeout: float) -> list[dict[str, float] | BaseException]:
    """``sessions`` players from their own addresses; each reaches the title and reacts."""
    roll = Roll(sessions)
    tasks = [asyncio.create_task(one_player(port, keys[n], n, roll, timeout, 0.0))
             for n in range(sessions)]
    await roll.everyone.wait()
    roll.measured.set()
    return await asyncio.gather(*tasks, return_exceptions=True)


def first_frames(results: list) -> tuple[list[float], list[str]]:
    ok = sorted(float(r["first_frame_s"]) * 1000 for r in results if isinstance(r, dict))
    errors = [f"{type(r).__name__}: {str(r)[:200]}" for r in results if not isinstance(r, dict)]
    return ok, errors


async def attack(port: int, key_file: Path) -> dict[str, int]:
    """Both attackers until SIGTERM; returns what they did (``--attack`` runs this)."""
    import logging
    import signal

    logging.getLogger("asyncio").setLevel(logging.CRITICAL)  # writes after a drop
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    key = asyncssh.read_private_key(key_file)
    tally = dict.fromkeys(("opened", "connect_errors", "flood_logins", "requests",
                           "flood_refused"), 0)
    await asyncio.gather(hold_silent_sockets(port, 200, stop, tally),
                         flood_requests(port, key, stop, tally))
    return tally


async def hostile(sessions: int, timeout: float) -> dict[str, object]:
    """The same players on a quiet server and under attack, on the server's defaults.

    The attackers run in a process of their own, as they would on other
    machines (but on the same two cores), so they do not slow the players'
    clients down by sharing their event loop.
    """
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        *keys, flooder = make_keys(tmp, sessions + 1)
        (tmp / "flooder_key").write_bytes(flooder.export_private_key())
        server, port, _log = await start_server(tmp, sessions, cold=False)
        attacker = None
        try:
            quiet, quiet_errors = first_frames(await players(port, keys, sessions, timeout))
            rss_before = rss_mb(server.pid)
            attacker = await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--attack", str(port), str(tmp / "flooder_key"),
                stdout=asyncio.subprocess.PIPE)
            await asyncio.sleep(3.0)  # the attack is in full swing before anyone arrives
            cpu0 = cpu_seconds(server.pid)
            loud, loud_errors = first_frames(await players(port, keys, sessions, timeout))
            server_cpu = cpu_seconds(server.pid) - cpu0
            rss_after = rss_mb(server.pid)
            attacker.terminate()
            out, _ = await attacker.communicate()
            tally = json.loads(out)
        finally:
            if attacker is not None and attacker.returncode is None:
                attacker.kill()
            server.terminate()
            server.wait(30)
    quiet_ms = statistics.median(quiet) if quiet else None
    loud_ms = statistics.median(loud) if loud else None
    return {
        "sessions": sessions,
        "quiet_first_frame_ms": round(quiet_ms) if quiet_ms else None,
        "hostile_first_frame_ms": round(loud_ms) if loud_ms else None,
        "hostile_first_frame_ms_max": round(loud[-1]) if loud else None,
        "ratio": round(loud_ms / quiet_ms, 2) if quiet_ms and loud_ms else None,
        "failures": len(quiet_errors) + len(loud_errors),
        "errors": (quiet_errors + loud_errors)[:3],
        "server_rss_growth_mb": round(rss_after - rss_before, 1),
        "server_rss_mb": round(rss_after, 1),
        "server_cpu_s_while_players_arrived": round(server_cpu, 2),
        "silent_sockets_opened": tally["opened"],
        "flood_logins": tally["flood_logins"],
        "flood_requests_sent": tally["requests"],
        "cpus": os.cpu_count(),
        "load_after": round(os.getloadavg()[0], 2),
    }


# -- --churn ----------------------------------------------------------------------

CHURNERS = [f"127.0.0.{n}" for n in range(2, 252)]  # 250 addresses, all of one /24
CHURN_EVERY = 3.0  # seconds between two silent sockets of one address: 20 a minute
LOGINS = 30
LOGIN_EVERY = 0.5  # seconds between two real logins
# 20 from addresses (and a /24) of their own, 10 from the churners' own /24
LOGIN_SOURCES = [f"127.0.1.{n}" for n in range(1, 21)] + \
                [f"127.0.0.{252 + n % 3}" for n in range(10)]


async def churn_attack(port: int) -> dict[str, int]:
    """Every churner opens one silent socket every CHURN_EVERY s, each held
    until the server closes it, until SIGTERM (``--churn-attack`` runs this)."""
    import contextlib
    import logging
    import signal

    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    tally = dict.fromkeys(("opened", "refused", "closed_by_server", "connect_errors"), 0)
    holding: set[asyncio.Task[None]] = set()

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Say nothing; read what the server sends until it closes."""
        said = b""
        try:
            while chunk := await reader.read(4096):
                said += chunk[:64]
        except OSError:
            pass
        tally["refused" if said.startswith(b"Tabula:") else "closed_by_server"] += 1
        writer.close()

    async def one(address: str, phase: float) -> None:
        await asyncio.sleep(phase)
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address, 0))
                tally["opened"] += 1
                task = asyncio.ensure_future(hold(reader, writer))
                holding.add(task)
                task.add_done_callback(holding.discard)
            except OSError:
                tally["connect_errors"] += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), CHURN_EVERY)

    await asyncio.gather(*(one(a, i * CHURN_EVERY / len(CHURNERS))
                           for i, a in enumerate(CHURNERS)))
    tally["still_open"] = len(holding)
    for task in list(holding):
        task.cancel()
    return tally


async def real_login(port: int, key: asyncssh.SSHKey, n: int, timeout: float) -> float:
    """Player ``n`` logs in from LOGIN_SOURCES[n] at their time; seconds it took."""
    await asyncio.sleep(n * LOGIN_EVERY)
    start = time.perf_counter()
    async with asyncssh.connect("127.0.0.1", port, username=f"player{n}", client_keys=[key],
                                known_hosts=None, agent_path=None, connect_timeout=timeout,
                                local_addr=(LOGIN_SOURCES[n], 0)):
        return time.perf_counter() - start


async def churn(seconds: float, timeout: float) -> dict[str, object]:
    """Real logins while 250 addresses churn silent sockets, on the server's defaults."""
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        keys = make_keys(tmp, LOGINS)
        server, port, log = await start_server(tmp, LOGINS, cold=False)
        attacker = None
        try:
            before = len(log)
            attacker = await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--churn-attack", str(port),
                stdout=asyncio.subprocess.PIPE)
            started = time.perf_counter()
            await asyncio.sleep(5.0)  # the pre-auth table is full before anyone comes
            results = await asyncio.gather(
                *(real_login(port, keys[n], n, timeout) for n in range(LOGINS)),
                return_exceptions=True)
            await asyncio.sleep(max(0.0, seconds - (time.perf_counter() - started)))
            churned = time.perf_counter() - started
            lines = log[before:]
            attacker.terminate()
            out, _ = await attacker.communicate()
            tally = json.loads(out)
        finally:
            if attacker is not None and attacker.returncode is None:
                attacker.kill()
            server.terminate()
            server.wait(30)
    ok = [n for n, r in enumerate(results) if isinstance(r, float)]
    times = sorted(float(results[n]) * 1000 for n in ok)
    errors = [f"{LOGIN_SOURCES[n]}: {type(r).__name__}: {str(r)[:120]}"
              for n, r in enumerate(results) if not isinstance(r, float)]
    per_address: dict[str, int] = {}
    for line in lines:
        found = re.search(r"from (127\.0\.0\.\d+)\b", line)
        if found and found.group(1) in CHURNERS:
            per_address[found.group(1)] = per_address.get(found.group(1), 0) + 1
    return {
        "churners": len(CHURNERS),
        "churn_s": round(churned, 1),
        "logins": LOGINS,
        "logged_in": len(ok),
        "logged_in_own_network": sum(1 for n in ok if LOGIN_SOURCES[n].startswith("127.0.1.")),
        "logged_in_churners_network": sum(1 for n in ok
                                          if LOGIN_SOURCES[n].startswith("127.0.0.")),
        "login_ms": round(statistics.median(times)) if times else None,
        "login_ms_max": round(times[-1]) if times else None,
        "failures": len(errors),
        "errors": errors[:3],
        "silent_sockets_opened": tally["opened"],
        "silent_refused": tally["refused"],
        "silent_closed_by_server": tally["closed_by_server"],
        "server_log_lines": len(lines),
        "server_log_lines_max_per_churner": max(per_address.values(), default=0),
        "cpus": os.cpu_count(),
        "load_after": round(os.getloadavg()[0], 2),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=0, help="players (default: 20; 10 with "
                    "--hostile)")
    ap.add_argument("--timeout", type=float, default=120.0, help="per player, seconds")
    ap.add_argument("--ramp", type=float, default=0.0, metavar="SECONDS",
                    help="spread the arrivals over this long (default 0: all at once)")
    ap.add_argument("--cold", action="store_true",
                    help="connect as soon as the server listens, while its zygote is "
                         "still importing the game (default: once it is ready)")
    ap.add_argument("--hostile", action="store_true",
                    help="players from their own addresses, on a quiet server and while "
                         "two others attack it (default sessions: 10)")
    ap.add_argument("--churn", action="store_true",
                    help="30 real logins while 250 addresses each open a silent socket "
                         "every 3 s")
    ap.add_argument("--seconds", type=float, default=45.0,
                    help="how long --churn runs (default: 45)")
    ap.add_argument("--attack", nargs=2, metavar=("PORT", "KEY"), help=argparse.SUPPRESS)
    ap.add_argument("--churn-attack", type=int, metavar="PORT", help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.attack:  # the attackers' own process, for --hostile
        print(json.dumps(asyncio.run(attack(int(args.attack[0]), Path(args.attack[1])))))
        return 0
    if args.churn_attack:  # the churners' own process, for --churn
        print(json.dumps(asyncio.run(churn_attack(args.churn_attack))))
        return 0
    if args.churn:
        result = asyncio.run(churn(args.seconds, args.timeout))
    elif args.hostile:
        result = asyncio.run(hostile(args.sessions or 10, args.timeout))
    else:
        result = asyncio.run(bench(args.sessions or 20, args.timeout, args.ramp, args.cold))
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>20}: {v}")
    return 0 if result["failures"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
