"""Limits that keep one host's machine usable by everyone it serves.

``ConnectionGate`` decides, the moment a TCP connection is accepted and
before any SSH work (no version string, no key exchange), whether it may
proceed. It counts connections that have not logged in yet separately from
logged-in ones, per address and in total, so one address holding hundreds
of silent sockets can neither lock other people out nor cost the server
more than an accept and a close each. ``SessionSlots`` caps running games;
``TokenBucket`` bounds how fast one channel may send requests.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass


class SessionSlots:
    """A count of running games, capped at ``limit`` (one child process each)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def acquire(self) -> bool:
        """Take a slot; False when the table is full."""
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def release(self) -> None:
        self.used = max(0, self.used - 1)


def address_key(address: str) -> str:
    """What limits count by: the IPv4 address, or the IPv6 /64 network.

    One IPv6 client usually holds a whole /64, so counting single IPv6
    addresses would let it open as many connections as it likes.
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Tally:
    """Counts per key; a key whose count falls to zero is forgotten, so the
    table stays as small as what is open now."""

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}

    def __getitem__(self, key: str) -> int:
        return self._counts.get(key, 0)

    def add(self, key: str) -> None:
        self._counts[key] = self._counts.get(key, 0) + 1

    def drop(self, key: str) -> None:
        left = self._counts.get(key, 1) - 1
        if left > 0:
            self._counts[key] = left
        else:
            self._counts.pop(key, None)


class RateLimiter:
    """At most ``per_minute`` new connections from one address in any 60 s."""

    WINDOW = 60.0

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._seen: dict[str, deque[float]] = {}
        self._swept = self._clock()

    def allow(self, address: str) -> bool:
        """Record a connection attempt from ``address``; False if over the limit.

        Refused attempts are not recorded, so a flood does not keep an
        address locked out for longer than the flood lasts.
        """
        now = self._clock()
        if now - self._swept > self.WINDOW:  # a full sweep at most once a minute
            self._forget_before(now - self.WINDOW)
            self._swept = now
        times = self._seen.setdefault(address, deque())
        while times and times[0] <= now - self.WINDOW:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True

    def _forget_before(self, cutoff: float) -> None:
        """Drop old attempts so the table stays as small as the last minute's traffic."""
        for address in list(self._seen):
            times = self._seen[address]
            while times and times[0] <= cutoff:
                times.popleft()
            if not times:
                del self._seen[address]


@dataclass(frozen=True)
class GateLimits:
    """The numbers the gate enforces (see ``ServeConfig`` for their defaults)."""

    per_minute: int = 20  # new connections per address per minute
    per_address: int = 8  # connections open at once per address, logged in or not
    preauth_total: int = 64  # connections not logged in yet, from everyone
    evict_after: float = 1.0  # a pre-auth connection this old may make room for a new one


class ConnectionGate:
    """Admission of new connections, and the counts that decide it.

    Each admitted connection holds a ticket (any hashable object) from
    ``admit`` until ``release``; ``logged_in`` moves it from the pre-auth
    count to the logged-in count. When the pre-auth table is full, the
    oldest pre-auth connection is pushed out (``evict`` is called with it)
    to make room, provided it has had ``evict_after`` seconds to log in: a
    real login takes a fraction of a second, so a flood of silent sockets
    from many addresses ages out while real people get through.
    """

    def __init__(self, limits: GateLimits, evict: Callable[[object], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.rate = RateLimiter(limits.per_minute, clock)
        self._evict = evict
        self._clock = clock
        self._preauth: OrderedDict[object, tuple[str, float]] = OrderedDict()  # oldest first
        self._logged_in: dict[object, str] = {}
        self._open_by_address = Tally()

    @property
    def preauth(self) -> int:
        return len(self._preauth)

    @property
    def logged_in(self) -> int:
        return len(self._logged_in)

    def open_from(self, address: str) -> int:
        return self._open_by_address[address_key(address)]

    def admit(self, ticket: object, address: str) -> str | None:
        """Take ``ticket`` in (None), or say why the connection is refused."""
        key = address_key(address)
        if self._open_by_address[key] >= self.limits.per_address:
            return (f"{self.limits.per_address} connections from your address are open "
                    "already; close one and try again")
        if not self.rate.allow(key):
            return (f"more than {self.limits.per_minute} new connections from your address "
                    "in a minute; try again later")
        if len(self._preauth) >= self.limits.preauth_total and not self._make_room():
            return "the server is busy; try again later"
        self._preauth[ticket] = (key, self._clock())
        self._open_by_address.add(key)
        return None

    def logged_in_now(self, ticket: object) -> None:
        """The connection authenticated: it no longer counts as pre-auth."""
        entry = self._preauth.pop(ticket, None)
        if entry is not None:
            self._logged_in[ticket] = entry[0]

    def release(self, ticket: object) -> None:
        """The connection closed (a ticket never admitted is ignored)."""
        entry = self._preauth.pop(ticket, None)
        key = entry[0] if entry is not None else self._logged_in.pop(ticket, None)
        if key is not None:
            self._open_by_address.drop(key)

    def _make_room(self) -> bool:
        """Push out the oldest pre-auth connection if it has had its chance."""
        ticket, (_key, since) = next(iter(self._preauth.items()))
        if self._clock() - since < self.limits.evict_after:
            return False
        self.release(ticket)
        self._evict(ticket)
        return True


class TokenBucket:
    """``burst`` units at once, refilled at ``per_second``; ``take`` says if enough are left."""

    def __init__(self, burst: float, per_second: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self._clock = clock
        self._tokens = burst
        self._when = clock()

    def take(self, amount: float = 1) -> bool:
        """Spend ``amount`` units if there are that many; else spend nothing."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._when) * self.per_second)
        self._when = now
        if self._tokens < amount:
            return False
        self._tokens -= amount
        return True
