"""Shared tables: one asyncio service (the hall) holding tables that several
players join from their own game processes, each seeing only its own view.

Modules:

- ``wire``: framing (4-byte length + one msgpack map) with strict limits.
- ``messages``: the vocabulary; ``check`` validates what a client sends.
- ``client``: ``HallClient`` (asyncio) and ``Link`` (how a game process reaches the hall).
- ``table``: ``Table``, one Match with seats, chat and undo requests (pure logic).
- ``bots``: ``BotPool``, bots thinking in worker processes so the hall never blocks.
- ``store``: tables persisted to a data folder, restored on start.
- ``hall``: ``Hall``, the service: clients, codes, limits, timers, bot turns.
- ``local``: the hall of ``tabula host`` / ``tabula join``: a process of its own on a Unix socket.

Layering: ``tui -> hall -> ai/saves -> engine``; the hall never imports ``tui``.
The hall never sends a full state: a seat gets its own view, a spectator the
view of ``engine.core.SPECTATOR``.
"""
