"""Tessera's games as OpenSpiel Python games (``pyspiel``), one per registered game.

>>> import pyspiel, tessera.openspiel
>>> game = pyspiel.load_game("python_tessera_q", {"players": 2, "seed": 7})

Importing this module registers ``python_tessera_{game}`` for every game of the registry.
Parameters: ``players`` and ``seed``. A game instance deals from its seed: the tiles'
order is fixed by it, so OpenSpiel sees no chance nodes (``DETERMINISTIC`` chance mode,
the randomness being part of the game's parameters); what a seat cannot see stays
hidden (``IMPERFECT_INFORMATION``). Actions are the fixed encoding's
(``tessera.encoding``): action ``i`` is the ``i``-th legal move. Returns at the end: +1 to
each winner, -1 to the others (0 to all when every seat wins). Observations: the seat's
view as a string (its JSON) and as the tensor of ``tessera.encoding``.
"""

import json

import numpy as np
import pyspiel

import tessera

MAX_GAME_LENGTH = 10_000


def _game_type(name):
    info = tessera.info(name)
    lo, hi = info["seats"]
    return pyspiel.GameType(
        short_name=f"python_tessera_{name}",
        long_name=f"Python Tessera {info['title']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={"players": lo, "seed": 0},
    )


class _Observer:
    """A seat's view: its JSON as the string, the encoding's tensor."""

    def __init__(self, name, params):
        self.tensor = np.zeros(tessera.encoding(name)["size"], np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.tessera.observation(player)

    def string_from(self, state, player):
        return json.dumps(state.tessera.view(player), sort_keys=True)


def _make(name):
    game_type = _game_type(name)
    actions = tessera.encoding(name)["actions"]

    class State(pyspiel.State):
        def __init__(self, game, g):
            super().__init__(game)
            self.tessera = g

        def current_player(self):
            s = self.tessera.to_move
            return pyspiel.PlayerId.TERMINAL if s is None else s

        def _legal_actions(self, player):
            if self.tessera.to_move != player:
                return []
            return list(range(min(self.tessera.legal_count(), actions)))

        def _apply_action(self, action):
            self.tessera.play_action(action)

        def _moves(self):
            key = self.tessera.moves_played
            if getattr(self, "_cache", (None,))[0] != key:
                self._cache = (key, self.tessera.legal_moves())
            return self._cache[1]

        def _action_to_string(self, player, action):
            moves = self._moves()
            if player == self.tessera.to_move and action < len(moves):
                return json.dumps(moves[action])
            return f"action {action}"

        def is_terminal(self):
            return self.tessera.is_over

        def returns(self):
            n = self.tessera.seats
            if not self.tessera.is_over:
                return [0.0] * n
            winners = self.tessera.outcome()["winners"]
            if len(winners) == n:
                return [0.0] * n
            return [1.0 if s in winners else -1.0 for s in range(n)]

        def __str__(self):
            return json.dumps(self.tessera.public_view(), sort_keys=True)

        def __deepcopy__(self, memo):
            return State(self.get_game(), self.tessera.clone())

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            players = int(params.get("players", game_type.min_num_players))
            self.seed = int(params.get("seed", 0))
            self.players = players
            info = pyspiel.GameInfo(
                num_distinct_actions=actions,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            return State(self, tessera.Game(name, seats=self.players, seed=self.seed))

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(name, params)

    Game.__name__ = State.__name__ = f"Tessera{name.title()}"
    return game_type, Game


GAMES = {}
for _name in tessera.games():
    _type, _cls = _make(_name)
    pyspiel.register_game(_type, _cls)
    GAMES[_name] = _cls
