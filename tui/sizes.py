"""The terminal sizes Tabula works with, shared by the app and the SSH server.

Below the minimum the app asks for a bigger window. Above the maximum (what
a person's terminal can be) the SSH server caps the size it gives a game,
since a game's memory and output grow with its screen (4096 x 4096 cost
about 1 GB); the game tells the player it is using only part of the window.
"""

MIN_WIDTH, MIN_HEIGHT = 80, 24
MAX_WIDTH, MAX_HEIGHT = 500, 200
