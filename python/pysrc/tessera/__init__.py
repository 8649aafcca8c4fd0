"""Tessera's engines (Triominos, Q, Akropolis), bots and tournaments from Python.

>>> import tessera
>>> g = tessera.Game("akropolis", seats=2, seed=7)
>>> g.play(g.legal_moves()[0])
>>> g.to_move
1

Every game comes from Tessera's registry (``tessera.games()``); moves, views and records
are Python values (the games' JSON forms); errors are ``tessera.TesseraError`` subclasses
carrying the engine's reason.
"""

from ._tessera import (  # noqa: F401
    Batch,
    Bot,
    BotError,
    Game,
    IllegalMove,
    RecordError,
    SettingsError,
    TesseraError,
    UnknownGame,
    VecEnv,
    derive_seed,
    determinize,
    encoding,
    games,
    info,
    load,
    replay,
    rules,
    tournament,
)

__all__ = [
    "Batch",
    "Bot",
    "BotError",
    "Game",
    "IllegalMove",
    "RecordError",
    "SettingsError",
    "TesseraError",
    "UnknownGame",
    "VecEnv",
    "derive_seed",
    "determinize",
    "encoding",
    "games",
    "info",
    "load",
    "people_options",
    "play_bots",
    "replay",
    "rules",
    "tournament",
]


def play_bots(game, players, seed=0, rules=None, max_moves=100_000, **options):
    """Plays one game of bots to its end as ``tessera play GAME --players ... --seed SEED``
    does (the bot of seat ``i`` seeded with ``derive_seed(seed, 1 + i)``, the players'
    specs as names) and returns the finished ``Game``."""
    g = Game(game, seats=len(players), seed=seed, rules=rules, players=list(players), **options)
    bots = [Bot(game, spec, seed=derive_seed(seed, 1 + i)) for i, spec in enumerate(players)]
    n = 0
    while not g.is_over and n < max_moves:
        bots[g.to_move].play(g)
        n += 1
    return g


def people_options(game):
    """The rule options people play with (each option's default, as the browser deals:
    Q with 3 copies of each tile, not the course's 30), which the PettingZoo and OpenSpiel
    environments start from; ``Game`` starts from the engine's standard rules instead."""
    return {o["key"]: o["default"] for o in info(game)["options"] if o["default"] is not None}
