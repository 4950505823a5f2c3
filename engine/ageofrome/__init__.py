"""Age of Rome: 2-4 players (or the Emperor Solo) build in the province that
faces them on a rotating board, scheme against the rivals across it, and
race for Glory over nine rounds (rulebook: shared/rules/age-of-rome.txt).

So far only the data: ``engine.ageofrome.data`` (cards, characters, tiles,
tables, variants, the Emperor Solo) and ``engine.ageofrome.board`` (the
provinces, the seats around the table, the battle regions, the Senate's
Column, the population discs). The game is not registered yet.
"""
