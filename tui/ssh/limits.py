"""Limits that keep one host's machine usable by everyone it serves.

``ConnectionGate`` decides, the moment a TCP connection is accepted and
before any SSH work (no version string, no key exchange), whether it may
proceed. It counts connections that have not logged in yet separately from
logged-in ones, per address and in total, so one address holding hundreds
of silent sockets can neither lock other people out nor cost the server
more than an accept and a close each; and when the pre-auth table is full,
room is made by fair shares across networks, so many addresses that each
stay under their own limits cannot lock real logins out either.
``SessionSlots`` caps running games, in all and per player;
``TokenBucket`` bounds how fast one channel may send requests.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass

FULL = "full"  # SessionSlots.acquire: every game slot of the server is taken
OWN_LIMIT = "own limit"  # SessionSlots.acquire: this player runs as many games as one may


class SessionSlots:
    """Running games (one child process each): at most ``limit`` in all, and
    at most ``per_owner`` for one owner (a key, or a guest's address), so one
    person holding many connections cannot take every slot from the others."""

    def __init__(self, limit: int, per_owner: int | None = None) -> None:
        self.limit = limit
        self.per_owner = limit if per_owner is None else per_owner
        self.used = 0
        self._held = Tally()

    def held_by(self, owner: str) -> int:
        return self._held[owner]

    def acquire(self, owner: str) -> str | None:
        """Take a slot for ``owner``: None, or why not (``OWN_LIMIT`` or ``FULL``).

        The owner's own limit is said first: it is the one they can do
        something about.
        """
        if self._held[owner] >= self.per_owner:
            return OWN_LIMIT
        if self.used >= self.limit:
            return FULL
        self.used += 1
        self._held.add(owner)
        return None

    def release(self, owner: str) -> None:
        if self._held[owner] > 0:
            self._held.drop(owner)
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


def network_key(address: str) -> str:
    """The network an address is in, for fair shares: IPv4 /24, IPv6 /48.

    Whoever holds many addresses usually holds them in one such network, so
    sharing out by network first makes them one party, not hundreds.
    """
    key = address_key(address)
    try:
        net = ipaddress.ip_network(key, strict=False)
    except ValueError:
        return key
    return str(net.supernet(new_prefix=24 if net.version == 4 else 48))


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


@dataclass
class Waiting:
    """A connection that has not logged in yet, as the gate sees it."""

    address: str  # address_key
    network: str  # network_key
    authenticating: bool = False  # it finished key exchange: a real SSH client at work


class ConnectionGate:
    """Admission of new connections, and the counts that decide it.

    Each admitted connection holds a ticket (any hashable object) from
    ``admit`` until ``release``; ``authenticating`` marks it as a real SSH
    client (key exchange done); ``logged_in_now`` moves it from the
    pre-auth count to the logged-in count. When the pre-auth table is full,
    a newcomer is let in by pushing one pre-auth connection out (``evict``
    is called with it), chosen by fair shares (see ``victim``).
    """

    def __init__(self, limits: GateLimits, evict: Callable[[object], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.rate = RateLimiter(limits.per_minute, clock)
        self._evict = evict
        self._preauth: dict[object, Waiting] = {}  # oldest first
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
        newcomer = Waiting(key, network_key(address))
        if len(self._preauth) >= self.limits.preauth_total:
            victim = self.victim(newcomer)
            if victim is None:
                return "the server is busy; try again later"
            self.release(victim)
            self._evict(victim)
        self._preauth[ticket] = newcomer
        self._open_by_address.add(key)
        return None

    def authenticating(self, ticket: object) -> None:
        """The client finished key exchange and asked to log in: it goes after silent ones."""
        waiting = self._preauth.get(ticket)
        if waiting is not None:
            waiting.authenticating = True

    def logged_in_now(self, ticket: object) -> None:
        """The connection authenticated: it no longer counts as pre-auth."""
        waiting = self._preauth.pop(ticket, None)
        if waiting is not None:
            self._logged_in[ticket] = waiting.address

    def release(self, ticket: object) -> None:
        """The connection closed (a ticket never admitted is ignored)."""
        waiting = self._preauth.pop(ticket, None)
        key = waiting.address if waiting is not None else self._logged_in.pop(ticket, None)
        if key is not None:
            self._open_by_address.drop(key)

    def victim(self, newcomer: Waiting) -> object | None:
        """Which pre-auth connection makes room for ``newcomer``, by fair shares.

        1. The network holding the most pre-auth connections gives one up:
           the newcomer's own when it is among the biggest, else the one
           holding the oldest connection. So a network can only take room
           from a network holding more than it does: however many addresses
           it has, it can bring others down to its own count, never below.
        2. In that network, a silent connection goes before one that is
           authenticating (a real login is past its key exchange).
        3. Among those, the address holding the most gives one up (again the
           newcomer's own first, then the one holding the oldest), its
           oldest connection: the one that has had the longest to log in.
        """
        waiting = list(self._preauth.items())  # oldest first
        network = biggest([w.network for _, w in waiting], newcomer.network)
        waiting = [(t, w) for t, w in waiting if w.network == network]
        waiting = [(t, w) for t, w in waiting if not w.authenticating] or waiting
        address = biggest([w.address for _, w in waiting], newcomer.address)
        return next((t for t, w in waiting if w.address == address), None)


def biggest(keys: list[str], own: str) -> str | None:
    """The key listed most often: ``own`` if it is one of those, else the
    one listed first (``keys`` are oldest first). None for no keys."""
    counts = Counter(keys)
    if not counts:
        return None
    most = max(counts.values())
    if counts[own] == most:
        return own
    return next(k for k in keys if counts[k] == most)


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
