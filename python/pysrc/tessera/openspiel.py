"""Tessera's games as OpenSpiel Python games (``pyspiel``), one per registered game.

>>> import pyspiel, tessera.openspiel
>>> game = pyspiel.load_game("python_tessera_q", {"players": 2, "seed": 7})

Importing this module registers ``python_tessera_{game}`` for every game of the registry.
Parameters: ``players``, ``seed`` and the game's rule options, by default those people
play with (``tessera.people_options``: Q's ``copies`` is 3 as in the boxed game; 30 is
the Racket course's long game).

**Chance is sampled** (``SAMPLED_STOCHASTIC``): the deal and every draw happen inside the
engine, from a seed; OpenSpiel sees no chance nodes. The ``n``-th state a game object
makes deals with ``derive_seed(seed, n)``, so a game object and its parameters fix every
game it makes. What a seat cannot see stays hidden (``IMPERFECT_INFORMATION``):
``resample_from_infostate`` draws a state consistent with what a seat knows (the engine's
determinization: the hidden tiles shuffled), which OpenSpiel's information-set MCTS uses.

**Serialisation** (``pyspiel.serialize_game_and_state``, ``random_sim_test(...,
serialize=True)``) needs ``chance="seeded"``: OpenSpiel serialises a sampled-chance game
with its random generator's state, which a Python game cannot give. With ``"seeded"``
every state the game object makes is dealt from ``seed`` itself, so a state is the
game's parameters and its actions, and the game type says ``DETERMINISTIC`` (the deal is
a parameter; the tiles a seat cannot see stay hidden from it all the same).

**Actions** are the fixed encoding's (``tessera.encoding``): each index is one move in
every position, and ``action_to_string`` says which. A Q turn that puts tiles down is one
action per tile then "end the turn", by the same player. Returns at the end: +1 to each
winner, -1 to the others (0 to all when every seat wins).

**Strings**: the observation string is the seat's view (JSON; mid-turn, with the turn's
actions so far); the information-state string adds what the seat remembers: every action
taken so far (all are public; the tiles drawn are not) and the seat's own hand after each
move that changed it.
Tensors: the observation of ``tessera.encoding`` (no information-state tensor).
"""

import json

import numpy as np
import pyspiel

import tessera

MAX_GAME_LENGTH = 100_000


def _game_type(name, chance="sampled"):
    info = tessera.info(name)
    lo, hi = info["seats"]
    # an option whose text is a number (Triominos' tiles "56") is an int parameter:
    # OpenSpiel reads "tiles=56" back as one when it loads a serialised game
    options = {k: int(v) if isinstance(v, str) and v.isdigit() else v
               for k, v in tessera.people_options(name).items()}
    params = {"players": lo, "seed": 0, "chance": "sampled", **options}
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=f"python_tessera_{name}",
        long_name=f"Python Tessera {info['title']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.DETERMINISTIC if chance == "seeded" else mode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


class _Observer:
    """A seat's view: its JSON as the string, the encoding's tensor."""

    def __init__(self, name, iig_obs_type):
        self.tensor = np.zeros(tessera.encoding(name)["size"], np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)

    def set_from(self, state, player):
        self.tensor[:] = state.tessera.observation(player)

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def _make(name):
    game_type = _game_type(name)
    actions = tessera.encoding(name)["actions"]

    class State(pyspiel.State):
        def __init__(self, game, g, history=None, hands=None, turn=None):
            super().__init__(game)
            self.tessera = g
            # the actions of the move under way (a Q turn's tiles)
            self._turn = turn if turn is not None else []
            # every action taken, and each seat's hand after each move that changed it
            self._history = history if history is not None else []
            self._hands = hands if hands is not None else [
                [json.dumps(g.hand(s), sort_keys=True)] for s in range(g.seats)]

        def current_player(self):
            s = self.tessera.to_move
            return pyspiel.PlayerId.TERMINAL if s is None else s

        def _legal_actions(self, player):
            if self.tessera.to_move != player:
                return []
            return self.tessera.legal_actions().tolist()

        def _apply_action(self, action):
            seat = self.tessera.to_move
            self.tessera.play_action(action)
            self._history.append(action)
            if self.tessera.in_move:
                self._turn.append(action)
                return
            self._turn = []
            # a move may deal to others too (a new Triominos round deals every tray)
            for s, seen in enumerate(self._hands):
                hand = json.dumps(self.tessera.hand(s), sort_keys=True)
                if s == seat or hand != seen[-1]:
                    seen.append(hand)

        def _action_to_string(self, player, action):
            return self.tessera.action_text(action)

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

        def observation_string(self, player=None):
            player = self.current_player() if player is None else player
            view = json.dumps(self.tessera.view(player), sort_keys=True)
            if self._turn and player == self.tessera.to_move:
                return f"{view} turn so far {self._turn}"
            return view

        def information_state_string(self, player=None):
            player = self.current_player() if player is None else player
            return f"{player}|{','.join(map(str, self._history))}|{'|'.join(self._hands[player])}"

        def resample_from_infostate(self, player_id, probability_sampler=None):
            """A state drawn among those `player_id` cannot tell from this one (the
            engine's determinization), with the same information state for that seat."""
            seed = int(np.random.randint(0, 2**62)) if probability_sampler is None else int(
                probability_sampler() * 2**62)
            g = self.tessera.determinize(player_id, seed=seed)
            # the others' past hands are unknown to the seat: only their sampled hands
            hands = [h[:] if s == player_id else [json.dumps(g.hand(s), sort_keys=True)]
                     for s, h in enumerate(self._hands)]
            return State(self.get_game(), g, self._history[:], hands, self._turn[:])

        def __str__(self):
            return json.dumps(self.tessera.public_view(), sort_keys=True)

        def __deepcopy__(self, memo):
            return State(self.get_game(), self.tessera.clone(), self._history[:],
                         [h[:] for h in self._hands], self._turn[:])

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            players = int(params.get("players", game_type.min_num_players))
            self.seed = int(params.get("seed", 0))
            self.chance = str(params.get("chance", "sampled"))
            if self.chance not in ("sampled", "seeded"):
                raise ValueError(f'chance={self.chance!r}: chance is "sampled" or "seeded"')
            self.players = players
            people = tessera.people_options(name)
            self.options = {k: str(params[k]) if isinstance(v, str) else params[k]
                            for k, v in people.items() if k in params}
            self.dealt = 0
            info = pyspiel.GameInfo(
                num_distinct_actions=actions,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=MAX_GAME_LENGTH,
            )
            kind = game_type if self.chance == "sampled" else _game_type(name, "seeded")
            super().__init__(kind, info, params)

        def new_initial_state(self):
            if self.chance == "seeded":
                g = tessera.Game(name, seats=self.players, seed=self.seed, **self.options)
                return State(self, g)
            seed = tessera.derive_seed(self.seed, self.dealt)
            self.dealt += 1
            g = tessera.Game(name, seats=self.players, seed=seed, **self.options)
            return State(self, g)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(name, iig_obs_type)

    Game.__name__ = State.__name__ = f"Tessera{name.title()}"
    return game_type, Game


GAMES = {}
for _name in tessera.games():
    _type, _cls = _make(_name)
    pyspiel.register_game(_type, _cls)
    GAMES[_name] = _cls
