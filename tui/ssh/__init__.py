"""``tabula serve``: Tabula hosted over SSH.

One asyncssh server; each connection gets its own PTY and its own child
process running the TUI, so one crashing or busy game never touches another.

- ``server``   the command (``main(args)``), the listener and shutdown
- ``config``   options checked once at start; data dir and host key
- ``auth``     who may connect: authorized keys or guests; refusals of
               forwarding, passwords and the like
- ``identity`` a player's save folder (per key) or a guest's temporary one
- ``session``  one game session: PTY request, limits, the log line
- ``child``    the child process on its PTY: spawn, resize, hang up, reap
- ``pump``     bytes between the PTY and the SSH channel, never blocking
- ``limits``   session slots and the per-address connection rate
- ``log``      the one line per session
- ``probe``    a small client that reads the screen (bench and tests)
"""
