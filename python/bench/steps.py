"""Random-play steps per second: Tessera through the Python API (one game at a time,
and batched), OpenSpiel's C++ games through pyspiel, a PettingZoo classic environment.

    python python/bench/steps.py [--seconds S]

Prints only what it measures (games not installed are reported as missing). A step is
one move chosen uniformly at random among the legal ones; games restart when they end.
"""

import argparse
import random
import time

import numpy as np

import tessera


def timed(fn, seconds):
    """Runs fn(budget) repeatedly for about `seconds`; returns steps per second."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += fn()
    return steps / (time.perf_counter() - start)


def tessera_single(name, seconds, with_obs=False):
    rng = random.Random(0)
    seed = [0]

    def run():
        g = tessera.Game(name, seats=2, seed=seed[0])
        seed[0] += 1
        n = 0
        while not g.is_over:
            if with_obs:
                g.observation()
                g.action_mask()
            g.play_index(rng.randrange(g.legal_count()))
            n += 1
        return n

    return timed(run, seconds)


def tessera_batch(name, seconds, n=64):
    b = tessera.Batch(name, n, seats=2, seed=0)
    rng = np.random.default_rng(0)

    def run():
        masks = b.masks()
        b.observations()
        counts = masks.sum(axis=1)
        actions = (rng.random(n) * counts).astype(np.int64)
        b.step(actions)
        return n

    return timed(run, seconds)


def tessera_engine(name, seconds, n=64):
    b = tessera.Batch(name, n, seats=2, seed=0)
    return timed(lambda: b.step_random(10, seed=1), seconds)


def pyspiel_game(name, seconds):
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def run():
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            n += 1
        return n

    return timed(run, seconds)


def pettingzoo_env(make, seconds):
    env = make()
    seed = [0]

    def run():
        env.reset(seed=seed[0])
        seed[0] += 1
        n = 0
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(obs["action_mask"]))
            n += 1
        return n

    return timed(run, seconds)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=3.0)
    args = p.parse_args()
    s = args.seconds
    rows = []
    for name in tessera.games():
        rows.append((f"tessera {name}: Python API, one game (play_index)", tessera_single(name, s)))
        rows.append((f"tessera {name}: Python API, one game + observation + mask",
                     tessera_single(name, s, with_obs=True)))
        rows.append((f"tessera {name}: Batch of 64 (masks + observations + step)",
                     tessera_batch(name, s)))
        rows.append((f"tessera {name}: Batch.step_random (engine only)", tessera_engine(name, s)))
        from tessera.pettingzoo import make
        rows.append((f"tessera {name}: PettingZoo AEC env (random agent)",
                     pettingzoo_env(lambda: make(name)[0](seats=2), s)))
    for g in ("backgammon", "hearts", "tic_tac_toe", "connect_four"):
        try:
            rows.append((f"pyspiel {g} (C++ game, Python loop)", pyspiel_game(g, s)))
        except ImportError:
            rows.append((f"pyspiel {g}", None))
    try:
        from pettingzoo.classic import connect_four_v3

        rows.append(("PettingZoo classic connect_four_v3 (random agent)",
                     pettingzoo_env(connect_four_v3.env, s)))
    except ImportError as e:
        rows.append((f"PettingZoo classic connect_four_v3 ({e})", None))
    for label, v in rows:
        print(f"{label:<68} " + (f"{v:>12,.0f} steps/s" if v is not None else "   not installed"))


if __name__ == "__main__":
    main()
