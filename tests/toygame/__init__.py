"""Toy Legion: a tiny game that exists only for the conformance suite.

It stretches the seam the way The Romans and Age of Rome will: dice whose
outcome every seat sees, hidden cards in hands, eras instead of rounds, a
score history, an automated opponent that is not a seat and can win (The
Raiders; a solo game is played against them), options of every kind and
one to three players. It is registered only while a test asks for it
(``engine.games.extra``), so no screen, snapshot or other test sees it.

Like the real games it is written on ``engine.flow.FlowGame`` (one phase
of play, then the end). It has no terminal table: the generic fallback
table shows it.
"""

from engine.games import GameEntry

ENTRY = GameEntry(
    id="toy",
    title="Toy Legion",
    engine="tests.toygame.game:Toy",
    knowledge="tests.toygame.knowledge:KNOWLEDGE",
    rulebook="tests.toygame:rules.txt",
    invariants="tests.toygame.invariants:check_all",
)
