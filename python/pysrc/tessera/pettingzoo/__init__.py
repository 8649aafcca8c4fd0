"""PettingZoo AEC environments, one per game of Tessera's registry.

>>> from tessera.pettingzoo import akropolis_v0
>>> env = akropolis_v0.env(seats=2)

A module ``{game}_v0`` for every registered game (``tessera.games()``), made from the
registry when this package is imported: ``env(seats=N, render_mode=None|"ansi"|"human",
max_cycles=None, **rule_options)``, and ``raw_env`` without PettingZoo's wrappers.
``parallel_env`` is the parallel form (a step: one action of the agent to move).
``tessera.pettingzoo.env(game)`` and ``parallel_env(game)`` make them for any registered
game.
"""

import sys as _sys
import types as _types

import tessera as _tessera

from ._env import MaskedDiscrete, TesseraEnv, make


def env(game, **kwargs):
    """The wrapped AEC environment of any registered game."""
    return make(game)[0](**kwargs)


def parallel_env(game, **kwargs):
    """The parallel environment of any registered game."""
    return make(game)[2](**kwargs)


__all__ = ["MaskedDiscrete", "TesseraEnv", "env", "make", "parallel_env"]


def _register(game):
    name = f"{game}_v0"
    mod = _types.ModuleType(f"{__name__}.{name}", f"PettingZoo AEC environment of {game}.")
    mod.env, mod.raw_env, mod.parallel_env = make(game)
    mod.__all__ = ["env", "raw_env", "parallel_env"]
    _sys.modules[mod.__name__] = mod
    globals()[name] = mod
    __all__.append(name)


for _game in _tessera.games():
    _register(_game)
del _game, _register, _sys, _types, _tessera
