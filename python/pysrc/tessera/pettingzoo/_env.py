"""A PettingZoo AEC environment over any Tessera game (see ``tessera.pettingzoo``)."""

import json

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import tessera
from tessera._tessera import marked as _marked


class MaskedDiscrete(spaces.Discrete):
    """``gymnasium.spaces.Discrete`` whose ``sample(mask)`` draws the same action as
    Discrete's for the same generator and mask, in a fraction of the time.

    Discrete's masked sample makes six passes over the mask and allocates four arrays of
    its size; over Triominos' 258,050 actions that was about 200 µs, most of a random
    agent's step. This one checks the type, shape and dtype as Discrete does, then lists
    the marked actions and checks that every entry is 0 or 1 in one pass in Rust
    (``tessera._tessera.marked``); a mask it cannot read (an entry not 0 or 1, a strided
    array) goes to Discrete's own ``sample``, and its error.
    """

    def sample(self, mask=None, probability=None):
        if mask is None or probability is not None:
            return super().sample(mask=mask, probability=probability)
        assert isinstance(mask, np.ndarray), (
            f"The expected type of the sample mask is np.ndarray, actual type: {type(mask)}"
        )
        assert mask.dtype == np.int8, (
            f"The expected dtype of the sample mask is np.int8, actual dtype: {mask.dtype}"
        )
        assert mask.shape == (self.n,), (
            f"The expected shape of the sample mask is {(int(self.n),)}, "
            f"actual shape: {mask.shape}"
        )
        legal = _marked(mask)
        if legal is None:
            return super().sample(mask=mask)
        if len(legal) == 0:
            return self.start
        return self.start + self.dtype.type(self.np_random.choice(legal))


class TesseraEnv(AECEnv):
    """One game of Tessera as an AEC environment.

    Agents ``player_0`` .. ``player_{n-1}`` (the seats). The observation of an agent is a
    dict: ``"observation"``, the float32 tensor of its seat's view
    (``tessera.encoding(game)`` documents the layout), and ``"action_mask"``, int8 over
    the fixed action space (all zero for an agent not to move). Each action is the same
    move in every position (docs/python.md); a Q turn that puts tiles down is one action
    per tile then "end the turn", the same agent acting until it ends. Rewards: at the end
    +1 to each winner and -1 to the others (0 to all when every seat wins); none before.
    ``max_cycles`` truncates a game after that many actions. The action spaces are
    ``MaskedDiscrete``: gymnasium's ``Discrete`` with a faster masked ``sample``. ``reset(seed=s)`` deals the
    game of seed ``s``. Rule options (keywords) are laid over the options people play with
    (``tessera.people_options``: Q deals 3 copies of each tile unless ``copies=30``).
    """

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, game, seats=None, render_mode=None, max_cycles=None, **options):
        super().__init__()
        self.game_name = game
        self.seats_n = seats or tessera.info(game)["seats"][0]
        self.options = {**tessera.people_options(game), **options}
        self.max_cycles = max_cycles
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
        self.action_spaces = {a: MaskedDiscrete(self.n_actions) for a in self.possible_agents}
        self._game = None
        self._np_random = None

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
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self._game = tessera.Game(
            self.game_name, seats=self.seats_n, seed=game_seed, **self.options
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
        self._game.play_action(int(action))
        self._moves += 1
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        if self._game.is_over:
            winners = self._game.outcome()["winners"]
            everyone = len(winners) == len(self.agents)
            for a in self.agents:
                self.rewards[a] = 0 if everyone else (1 if self._seat(a) in winners else -1)
                self.terminations[a] = True
            self.agent_selection = self.agents[(self._seat(agent) + 1) % len(self.agents)]
        else:
            if self.max_cycles is not None and self._moves >= self.max_cycles:
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
    """``(env, raw_env)`` constructors for one game."""

    def raw_env(**kwargs):
        return TesseraEnv(game, **kwargs)

    def env(**kwargs):
        e = raw_env(**kwargs)
        e = wrappers.AssertOutOfBoundsWrapper(e)
        e = wrappers.OrderEnforcingWrapper(e)
        return e

    return env, raw_env
