"""``tabula serve``: Tabula hosted over SSH.

One asyncssh server; each connection gets its own PTY and its own game
process running the TUI, so one crashing or busy game never touches another.
Shared tables live in the server's hall (``hall.hall.Hall``, one per
server); each game reaches it over a socket pair made for it alone (fd 3).
Games are forked from a zygote that imported the game once, so a player's
first frame does not wait for Python to import Textual again.

- ``server``   the command (``main(args)``), the listener and shutdown
- ``config``   options checked once at start; data dir and host key
- ``auth``     one connection: who may connect (keys or guests); refusals
               of forwarding, passwords and the like
- ``keys``     the authorized-keys file, re-read at every login
- ``roles``    what the server, a connection and a session need of each
               other (Protocols), so their imports point one way
- ``identity`` a player's save folder (per key) or a guest's temporary one
- ``session``  one game session: PTY request (shell, or ``lobby``), limits,
               its hall channel, the log line
- ``environment`` a game's environment (and the zygote's, the shared part)
- ``launcher`` starts each game: from the zygote, or as a fresh process
- ``zygote``   the zygote process: imports once, forks a game per request
- ``forked``   a forked game becomes ``python -m tui`` on its PTY
- ``child``    a game on its PTY: resize, hang up, reap
- ``pump``     bytes between the PTY and the SSH channel, never blocking
- ``limits``   admission of new connections (per address, pre-auth apart
               from logged in, fair shares by network when full), game
               slots (in all and per player), token buckets
- ``tarpit``   refused connections held open a few seconds, bounded
- ``channel``  the session channel with its requests bounded (env, rates)
- ``log``      the one line per session; floods summed up per address
- ``probe``    a small client that reads the screen (bench and tests)
"""
