"""PettingZoo AEC environments, one per game of Tessera's registry.

>>> from tessera.pettingzoo import akropolis_v0
>>> env = akropolis_v0.env(seats=2)

A module ``{game}_v0`` for every registered game (``tessera.games()``), made from the
registry when this package is imported: ``env(seats=N, render_mode=None|"ansi"|"human",
max_cycles=None, **rule_options)``, and ``raw_env`` without PettingZoo's wrappers.
``tessera.pettingzoo.env(game)`` makes one for any registered game.
"""

import sys
import types

import tessera

from ._env import MaskedDiscrete, TesseraEnv, make


def env(game, **kwargs):
    """The wrapped AEC environment of any registered game."""
    return make(game)[0](**kwargs)


__all__ = ["MaskedDiscrete", "TesseraEnv", "env", "make"]

for _game in tessera.games():
    _name = f"{_game}_v0"
    _mod = types.ModuleType(f"{__name__}.{_name}", f"PettingZoo AEC environment of {_game}.")
    _mod.env, _mod.raw_env = make(_game)
    sys.modules[_mod.__name__] = _mod
    globals()[_name] = _mod
    __all__.append(_name)
