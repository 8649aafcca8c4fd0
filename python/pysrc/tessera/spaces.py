"""Gymnasium spaces of the environments: ``MaskedDiscrete`` (a faster masked sample, and a
default mask of the legal actions) and ``Factored`` (one value per head of the factored
action)."""

import numpy as np
from gymnasium import spaces

from tessera._tessera import marked as _marked

__all__ = ["Factored", "MaskedDiscrete"]


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

    def __init__(self, n, seed=None, start=0, legal=None):
        super().__init__(n, seed=seed, start=start)
        self._legal = legal

    def bind(self, legal):
        """Makes ``sample()`` without a mask draw among the actions ``legal()`` marks (an
        int8 mask, or None for no mask): what the environments do with their agents'
        spaces, so that an unmasked sampler (PettingZoo's ``max_cycles_test``,
        Gymnasium's ``check_env``) takes legal actions."""
        self._legal = legal
        return self

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self._legal is not None:
            mask = self._legal()
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


class Factored(spaces.MultiDiscrete):
    """The factored action space (``tessera.encoding``'s heads: Akropolis' tile, turn and
    cell): gymnasium's ``MultiDiscrete`` of the heads' sizes. ``sample()`` without a mask
    draws a legal action's values when the space is bound to an environment (``bind``):
    one of the legal actions, uniformly, as its head values."""

    def __init__(self, heads, factors, actions, seed=None, legal=None):
        super().__init__(np.asarray(heads, dtype=np.int64), seed=seed)
        self.factors = list(factors)
        self.flat = int(actions)
        self._legal = legal

    def bind(self, legal):
        """``legal()`` gives the legal flat actions (int64) that ``sample()`` draws from."""
        self._legal = legal
        return self

    def digits(self, action):
        """The heads' values of flat action ``action``."""
        action = int(action)
        product = int(np.prod(self.factors)) if self.factors else self.flat
        if not self.factors:
            return np.array([action], dtype=np.int64)
        if action >= product:
            out = np.zeros(len(self.factors), dtype=np.int64)
            out[0] = self.factors[0] + action - product
            return out
        out = []
        for f in reversed(self.factors):
            out.append(action % f)
            action //= f
        return np.array(out[::-1], dtype=np.int64)

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self._legal is not None:
            legal = self._legal()
            if len(legal):
                return self.digits(legal[self.np_random.integers(len(legal))])
        return super().sample(mask=mask, probability=probability)
