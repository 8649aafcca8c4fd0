"""Tessera's vector environment beside pgx (JAX) on the CPU, in one run: steps a second
by batch size, each with observations and legal-action masks, a uniformly random action
drawn from the mask; Tessera's with bot opponents moving in Rust too.

    pip install pgx jax            # beside the tessera wheel
    python python/bench/beside_pgx.py --seconds 3 --sizes 16,64,256,1024

pgx: ``jax.jit(jax.vmap(...))`` of ``pgx.experimental.auto_reset(env.step, env.init)``, the
action drawn with ``jax.random.categorical`` over the mask inside the same jitted step,
``block_until_ready`` each step (its observations are computed in its step). Tessera:
``tessera.VecEnv`` (compact observations and masks written in place; the learner's random
action drawn in numpy from the legal actions; the opponents' moves inside the step).
"""

import argparse
import time

import numpy as np


def pgx_rate(name, n, seconds):
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make(name)
    init = jax.jit(jax.vmap(env.init))
    step = auto_reset(env.step, env.init)

    @jax.jit
    def one(state, key):
        k1, k2 = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k1, logits, axis=-1)
        keys = jax.random.split(k2, n)
        state = jax.vmap(step)(state, action, keys)
        return state, state.observation.sum()

    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, n))
    state, x = one(state, key)  # compile
    x.block_until_ready()
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        key, sub = jax.random.split(key)
        state, x = one(state, sub)
        x.block_until_ready()
        steps += n
    return steps / (time.perf_counter() - t0)


def tessera_rate(game, n, seconds, opponent, observation="compact"):
    import tessera

    v = tessera.VecEnv(game, n, opponents=[opponent], seed=0, observation=observation)
    rng = np.random.default_rng(0)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        actions, offsets = v.legal_actions()
        pick = offsets[:-1] + (rng.random(n) * np.diff(offsets)).astype(np.int64)
        v.step(actions[pick])
        _ = v.obs, v.mask
        steps += n
    return steps / (time.perf_counter() - t0)


def batch_rate(game, n, seconds):
    """``tessera.Batch``, the old way: new observation and mask arrays every step, no bots."""
    import tessera

    b = tessera.Batch(game, n, seed=0)
    rng = np.random.default_rng(0)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _ = b.observations(), b.masks()
        actions, offsets = b.legal_actions()
        pick = offsets[:-1] + (rng.random(n) * np.diff(offsets)).astype(np.int64)
        b.step(actions[pick])
        steps += n
    return steps / (time.perf_counter() - t0)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--sizes", default="16,64,256,1024")
    p.add_argument("--pgx", default="connect_four,backgammon")
    p.add_argument("--games", default="akropolis,q,triominos")
    p.add_argument("--opponent", default="greedy")
    a = p.parse_args()
    sizes = [int(x) for x in a.sizes.split(",")]
    print(f"{'what':34s} " + " ".join(f"{n:>12d}" for n in sizes) + "   (steps a second by batch size)")
    for name in filter(None, a.pgx.split(",")):
        rates = [pgx_rate(name, n, a.seconds) for n in sizes]
        print(f"{'pgx ' + name:34s} " + " ".join(f"{r:12,.0f}" for r in rates), flush=True)
    for game in filter(None, a.games.split(",")):
        for opp in (a.opponent, "random"):
            rates = [tessera_rate(game, n, a.seconds, opp) for n in sizes]
            print(f"{'tessera ' + game + ' vs ' + opp:34s} " + " ".join(f"{r:12,.0f}" for r in rates),
                  flush=True)
        rates = [tessera_rate(game, n, a.seconds, "random", "flat") for n in sizes]
        print(f"{'tessera ' + game + ' vs random, flat':34s} " + " ".join(f"{r:12,.0f}" for r in rates),
              flush=True)
        rates = [batch_rate(game, n, a.seconds) for n in sizes]
        print(f"{'tessera.Batch ' + game + ' (flat, new arrays)':34s} "
              + " ".join(f"{r:12,.0f}" for r in rates), flush=True)


if __name__ == "__main__":
    main()
