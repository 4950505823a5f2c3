"""Evaluations learned from self-play, for every game.

A game supplies only its features (``Features``: numbers describing one
seat's position in a full state, and the game's stage); everything else is
written once here: the model (``model``: per stage, a weight per feature,
the seats' win chances a softmax of their weighted sums), self-play that
records positions (``selfplay``), the fit (``fit``, numpy, training only),
the local or Ray pool that plays the games (``pool``) and the command that
ties them together (``python -m ai.train GAME``).

The runtime reads a small JSON file shipped in the game's ``ai/<game>/``
package and needs nothing beyond the standard library.
"""
