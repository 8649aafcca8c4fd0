"""A PettingZoo AEC environment over any Tessera game (see ``tessera.pettingzoo``)."""

import json

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import tessera
from tessera.spaces import MaskedDiscrete


class TesseraEnv(AECEnv):
    """One game of Tessera as an AEC environment.

    Agents ``player_0`` .. ``player_{n-1}`` (the seats). The observation of an agent is a
    dict: ``"observation"``, the float32 tensor of its seat's view
    (``tessera.encoding(game)`` documents the layout), and ``"action_mask"``, int8 over
    the fixed action space (all zero for an agent not to move). Each action is the same
    move in every position (docs/python.md); a Q turn that puts tiles down is one action
    per tile then "end the turn", the same agent acting until it ends. Rewards: at the end
    +1 to each winner and -1 to the others (0 to all when every seat wins); none before.
    ``max_cycles`` truncates a game after that many cycles, a cycle being one action of
    each agent (``max_cycles`` × seats actions); ``max_actions`` after that many actions.
    ``illegal="penalty"``: an action the mask does not mark ends the episode (every agent
    terminated), its agent rewarded ``penalty`` (-1), the others 0, ``infos[agent]
    ["illegal"]`` True; ``illegal="raise"`` (the default) raises ``tessera.IllegalMove``
    and changes nothing. The action spaces are ``MaskedDiscrete``: gymnasium's
    ``Discrete`` with a faster masked ``sample``, and ``sample()`` without a mask draws
    among the agent's legal actions. ``reset(seed=s)`` deals the game of engine seed ``s``
    (``tessera.Game(game, seed=s)`` with the same options); a ``reset()`` without a seed
    deals the next seed (``s + 1``, then ``s + 2``, ...; a first reset without one draws
    it from the operating system). ``game`` is the ``tessera.Game`` being played. Rule
    options (keywords) are laid over the options people play with
    (``tessera.people_options``: Q deals 3 copies of each tile unless ``copies=30``).
    """

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": True}

    def __init__(self, game, seats=None, render_mode=None, max_cycles=None, max_actions=None,
                 illegal="raise", penalty=-1.0, **options):
        super().__init__()
        if illegal not in ("raise", "penalty"):
            raise tessera.SettingsError(f'illegal={illegal!r}: illegal is "raise" or "penalty"')
        self.illegal = illegal
        self.penalty = float(penalty)
        self.game_name = game
        self.seats_n = seats or tessera.info(game)["seats"][0]
        self.options = {**tessera.people_options(game), **options}
        self.max_cycles = max_cycles
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"{game}_v0")
        enc = tessera.encoding(game)
        self.n_actions = enc["actions"]
        self.obs_size = enc["size"]
        self.possible_agents = [f"player_{i}" for i in range(self.seats_n)]
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-np.inf, high=np.inf, shape=(self.obs_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self.n_actions,), dtype=np.int8
                    ),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: MaskedDiscrete(self.n_actions).bind(self._legal_of(a)) for a in self.possible_agents
        }
        self._game = None
        self._next_seed = None
        self._seed = None

    @property
    def game(self):
        """The ``tessera.Game`` being played (None before the first ``reset``)."""
        return self._game

    @property
    def game_seed(self):
        """The engine seed of the game being played."""
        return self._seed

    def _legal_of(self, agent):
        seat = self._seat(agent)

        def legal():
            g = self._game
            if g is None or g.to_move != seat:
                return np.zeros(self.n_actions, dtype=np.int8)
            return g.action_mask().view(np.int8)

        return legal

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent):
        return int(agent.rsplit("_", 1)[1])

    def observe(self, agent):
        seat = self._seat(agent)
        obs = self._game.observation(seat)
        if self._game.to_move == seat:
            mask = self._game.action_mask().view(np.int8)
        else:
            mask = np.zeros(self.n_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = self._next_seed
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self._seed = int(seed) % 2**64
        self._next_seed = (self._seed + 1) % 2**64
        self._game = tessera.Game(
            self.game_name, seats=self.seats_n, seed=self._seed, **self.options
        )
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._moves = 0
        self.agent_selection = self.possible_agents[self._game.to_move]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        try:
            self._game.play_action(int(action))
        except tessera.IllegalMove:
            if self.illegal == "raise":
                raise
            for a in self.agents:
                self.rewards[a] = self.penalty if a == agent else 0
                self.terminations[a] = True
            self.infos[agent] = {"illegal": True}
            self._accumulate_rewards()
            return
        self._moves += 1
        if self._game.is_over:
            winners = self._game.outcome()["winners"]
            everyone = len(winners) == len(self.agents)
            for a in self.agents:
                self.rewards[a] = 0 if everyone else (1 if self._seat(a) in winners else -1)
                self.terminations[a] = True
            self.agent_selection = self.agents[(self._seat(agent) + 1) % len(self.agents)]
        else:
            limit = [
                m for m in (self.max_actions,
                            None if self.max_cycles is None else self.max_cycles * self.seats_n)
                if m is not None
            ]
            if limit and self._moves >= min(limit):
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self.possible_agents[self._game.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self._text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _text(self):
        g = self._game
        head = f"{self.game_name}: move {g.moves_played}, scores {g.scores()}, " + (
            "over" if g.is_over else f"player_{g.to_move} to move"
        )
        return head + "\n" + json.dumps(g.public_view(), sort_keys=True)

    def close(self):
        pass


def make(game):
    """``(env, raw_env, parallel_env)`` constructors for one game."""

    def raw_env(**kwargs):
        return TesseraEnv(game, **kwargs)

    def env(**kwargs):
        e = raw_env(**kwargs)
        e = wrappers.AssertOutOfBoundsWrapper(e)
        e = wrappers.OrderEnforcingWrapper(e)
        return e

    def parallel_env(max_cycles=None, **kwargs):
        """The parallel environment (``turn_based_aec_to_parallel``): a step is one action
        of the agent to move, the others' actions ignored; ``max_cycles`` truncates after
        that many steps."""
        from pettingzoo.utils.conversions import turn_based_aec_to_parallel

        return turn_based_aec_to_parallel(env(max_actions=max_cycles, **kwargs))

    return env, raw_env, parallel_env
