"""Gymnasium environments: one learning seat against Tessera's bots, per game.

>>> import gymnasium as gym, tessera.gym
>>> env = gym.make("tessera/Akropolis-v0", opponents=["level:2"], reward="both")
>>> obs, info = env.reset(seed=7)           # the game of engine seed 7

Importing this module registers ``tessera/{Game}-v0`` for every game of the registry
(``tessera/Akropolis-v0``, ``tessera/Q-v0``, ``tessera/Triominos-v0``), with
``gymnasium.make_vec`` making a ``TesseraVecEnv`` (many games stepped in Rust). Both take
the settings of ``tessera.VecEnv`` (docs/python.md, "Gymnasium"): ``opponents`` (bot specs,
one drawn per opponent seat per episode), ``seats``, ``seat`` (None: drawn per episode),
``reward`` ("win", "margin", "both"), ``scale``, ``observation`` ("flat", "compact"),
``action`` ("flat", "factored"), ``illegal`` ("penalty", the default here: an illegal
action ends the episode with reward ``penalty``, -1, as Gymnasium's tools expect of any
action of the space; or "raise"), ``penalty``,
``max_steps``, and rule options as keywords, laid over those people play with
(``tessera.people_options``).
"""

import json

import gymnasium
import numpy as np
from gymnasium import spaces

import tessera
from tessera.spaces import Factored, MaskedDiscrete

__all__ = ["TesseraGymEnv", "TesseraVecEnv", "env_id"]


def env_id(game):
    """The Gymnasium id of a game's environment (``tessera/Akropolis-v0``)."""
    return f"tessera/{game.capitalize()}-v0"


def _vec(game, n, options, **kwargs):
    kwargs.setdefault("illegal", "penalty")
    opponents = kwargs.pop("opponents", None)
    if isinstance(opponents, str):
        opponents = [opponents]
    options = {**tessera.people_options(game), **options}
    return tessera.VecEnv(game, n, opponents=opponents, **kwargs, **options)


def _spaces(v, action):
    obs = spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, shape=(v.obs.shape[1],), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(v.mask.shape[1],), dtype=np.int8),
        }
    )
    if action == "factored":
        act = Factored(v.heads, v.factors, v.actions)
    else:
        act = MaskedDiscrete(v.actions)
    return obs, act


class TesseraGymEnv(gymnasium.Env):
    """One game of Tessera, one learning seat, the other seats played by bots in Rust.

    Observations: a dict of ``"observation"`` (float32, the flat or compact encoding of the
    learner's view) and ``"action_mask"`` (int8: the flat action's legal actions, or each
    head's values that some legal action has, for ``action="factored"``). Actions: an index
    of the flat space, or one value per head (``Factored``); ``sample()`` of the action
    space draws a legal action. ``reset(seed=s)`` deals the game of engine seed ``s``
    (``tessera.Game(game, seed=s)``); a reset without one the next seed. ``info``: the
    learner's ``seat`` and the ``game_seed``; at the end ``scores``, ``winners`` (seats)
    and ``illegal``. ``action_masks()`` gives the mask (sb3-contrib's convention).
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game, render_mode=None, **kwargs):
        settings = {k: kwargs.pop(k) for k in list(kwargs) if k in _SETTINGS}
        self.game_name = game
        self.render_mode = render_mode
        self._v = _vec(game, 1, kwargs, autoreset=False, **settings)
        self._action = settings.get("action", "flat")
        self.observation_space, self.action_space = _spaces(self._v, self._action)
        if self._action == "factored":
            self.action_space.bind(lambda: self._v.legal_actions()[0])
        else:
            self.action_space.bind(self.action_masks)
        self._started = False

    @property
    def game(self):
        """A copy of the game being played (``tessera.Game``)."""
        return self._v.game(0)

    def action_masks(self):
        """The learner's mask (int8)."""
        return self._v.mask[0].view(np.int8)

    def _obs(self):
        return {
            "observation": self._v.obs[0].copy(),
            "action_mask": self._v.mask[0].view(np.int8).copy(),
        }

    def _info(self):
        return {"seat": int(self._v.learner_seats[0]), "game_seed": int(self._v.game_seeds[0])}

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self._v.reset(seed)
        self._started = True
        return self._obs(), self._info()

    def step(self, action):
        if self._action == "factored":
            actions = np.asarray(action, dtype=np.int64).reshape(1, -1)
        else:
            actions = np.array([int(action)], dtype=np.int64)
        reward, term, trunc, scores, winners, illegal = self._v.step(actions)
        info = self._info()
        if term[0] or trunc[0]:
            info.update(
                scores=scores[0].tolist(),
                winners=[int(s) for s in np.flatnonzero(winners[0])],
                illegal=bool(illegal[0]),
            )
        if self.render_mode == "human":
            print(self.render_text())
        return self._obs(), float(reward[0]), bool(term[0]), bool(trunc[0]), info

    def render_text(self):
        """The game's public view, with its move and scores, as text."""
        g = self._v.game(0)
        head = f"{self.game_name}: move {g.moves_played}, scores {g.scores()}, " + (
            "over" if g.is_over else f"seat {g.to_move} to move"
        )
        return head + "\n" + json.dumps(g.public_view(), sort_keys=True)

    def render(self):
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None


_SETTINGS = (
    "opponents", "seats", "seat", "reward", "scale", "observation", "action", "illegal",
    "penalty", "max_steps",
)


class TesseraVecEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games stepped together in Rust (``tessera.VecEnv``), one learning seat
    in each against bots that move inside Rust.

    Autoreset in the same step (``autoreset_mode`` SAME_STEP): a game that ends gives its
    final reward with ``terminated`` (or ``truncated``), and the observation returned for
    it is the next game's first (engine seeds go on from ``seed + num_envs``). ``infos``
    then holds, for the games that ended (``infos["_final_scores"]`` marks them),
    ``final_reward``, ``final_scores`` and ``final_winners`` (games × seats), the
    ``final_seat`` of its learner, and ``illegal``. The observations and masks returned are the arrays Rust writes into at
    every step (no copy): copy them to keep them.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, game, num_envs=16, render_mode=None, **kwargs):
        settings = {k: kwargs.pop(k) for k in list(kwargs) if k in _SETTINGS}
        self.game_name = game
        self.num_envs = num_envs
        self.render_mode = render_mode
        self.v = _vec(game, num_envs, kwargs, **settings)
        self._action = settings.get("action", "flat")
        self.single_observation_space, self.single_action_space = _spaces(self.v, self._action)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)

    def _obs(self):
        return {"observation": self.v.obs, "action_mask": self.v.mask.view(np.int8)}

    def _infos(self):
        return {"seat": self.v.learner_seats, "game_seed": self.v.game_seeds}

    def reset(self, seed=None, options=None):
        if isinstance(seed, (list, tuple)):
            seed = seed[0]
        self.v.reset(seed)
        return self._obs(), self._infos()

    def step(self, actions):
        actions = np.asarray(actions, dtype=np.int64)
        seats = self.v.learner_seats
        reward, term, trunc, scores, winners, illegal = self.v.step(actions)
        infos = self._infos()
        ended = term | trunc
        if ended.any():
            infos.update(
                final_reward=np.where(ended, reward, 0.0).astype(np.float32),
                final_scores=scores,
                final_winners=winners,
                final_seat=seats,
                illegal=illegal,
                _final_reward=ended,
                _final_scores=ended,
                _final_winners=ended,
                _final_seat=ended,
                _illegal=ended,
            )
        return self._obs(), reward, term, trunc, infos


for _game in tessera.games():
    if env_id(_game) not in gymnasium.registry:
        gymnasium.register(
            id=env_id(_game),
            entry_point="tessera.gym:TesseraGymEnv",
            vector_entry_point="tessera.gym:TesseraVecEnv",
            kwargs={"game": _game},
        )
del _game
