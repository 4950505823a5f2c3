"""Age of Rome: 2-4 players (or the Emperor Solo) build in the province that
faces them on a rotating board, scheme against the rivals across it, and
race for Glory over nine rounds (rulebook: shared/rules/age-of-rome.txt).

The registry names the game class in its module,
``engine.ageofrome.game:AgeOfRome``: ``game.py`` builds the flow from one
module per phase (``diplomacy``, ``scheme``, ``build``, ``action_phase``,
``income``, ``events_phase``) and the rules they share (``forces``,
``glory``, ``trade``, ``benefits``, ``effects``); the data is in ``data``
and ``board``.
"""
