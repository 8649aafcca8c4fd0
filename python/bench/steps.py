"""Random-play steps per second: Tessera through the Python API (one game at a time,
and batched), OpenSpiel's C++ games through pyspiel, a PettingZoo classic environment.

    python python/bench/steps.py [--seconds S] [--only tessera|others] [--games q,...]

Prints only what it measures (games not installed are reported as missing). A step is
one decision chosen uniformly at random among the legal ones: a move for the rows that
say "move" (``play_index``), an action of the fixed space otherwise (a Q turn that puts
tiles down is one action per tile, then its end); games restart when they end. pyspiel's
chance outcomes (backgammon's dice, hearts' deal) are played but not counted: a step is a
player's decision in every row. Rows run in this one thread unless they say otherwise:
``Batch.step_random`` works on rayon's threads (all cores, or ``RAYON_NUM_THREADS``), so it
has a row on one thread beside it (a fresh process with ``RAYON_NUM_THREADS=1``).
Tessera's environments deal the rules people play (``tessera.people_options``: Q with 3
copies of each tile). The "move + observation" row uses only calls that every version of
the package has, so that two builds can be compared with it.
"""

import argparse
import itertools
import os
import random
import subprocess
import sys
import time

import numpy as np

import tessera


def timed(fn, seconds):
    """Runs fn() repeatedly for about `seconds`; returns steps per second."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += fn()
    return steps / (time.perf_counter() - start)


def options(name):
    """The options people play with (``tessera.people_options``, written out here so that
    an older build of the package, without it, runs the same games)."""
    return {o["key"]: o["default"] for o in tessera.info(name)["options"]
            if o["default"] is not None}


def new_games(name):
    """A function that makes the next game (seeds 0, 1, ...), the options looked up once,
    as pyspiel loads its game once."""
    opts = options(name)
    seeds = itertools.count()
    return lambda: tessera.Game(name, seats=2, seed=next(seeds), **opts)


def tessera_games(name, seconds, step):
    """Whole games, one after another, `step(game, rng)` a decision; steps per second."""
    rng, new = random.Random(0), new_games(name)

    def run():
        g, n = new(), 0
        while not g.is_over:
            step(g, rng)
            n += 1
        return n

    return timed(run, seconds)


def random_actions(name, seconds):
    """Whole games by random actions, the loop written as ``pyspiel_game``'s (no Python
    function called a step beside the game's own methods), so the two compare step for
    step."""
    rng, new = random.Random(0), new_games(name)

    def run():
        g, n = new(), 0
        while not g.is_over:
            g.play_action(rng.choice(g.legal_actions()))
            n += 1
        return n

    return timed(run, seconds)


def move_step(with_obs):
    """A random legal move (``play_index``), optionally the observation first."""
    def step(g, rng):
        if with_obs:
            g.observation()
        g.play_index(rng.randrange(g.legal_count()))
    return step


def action_step():
    """A random action of the fixed space after the observation and mask."""
    def step(g, rng):
        g.observation()
        g.action_mask()
        g.play_action(rng.choice(g.legal_actions()))
    return step


def tessera_batch(name, seconds, n=64, masks=True):
    """Observations of every game, masks (or the legal actions' lists), a random action each."""
    b = tessera.Batch(name, n, seats=2, seed=0, **options(name))
    rng = np.random.default_rng(0)

    def run():
        b.observations()
        if masks:
            b.masks()
        actions, offsets = b.legal_actions()
        counts = np.diff(offsets)
        pick = offsets[:-1] + (rng.random(n) * counts).astype(np.int64)
        b.step(actions[pick])
        return n

    return timed(run, seconds)


def tessera_engine(name, seconds, n=64):
    b = tessera.Batch(name, n, seats=2, seed=0, **options(name))
    return timed(lambda: b.step_random(10, seed=1), seconds)


def engine_threads():
    """The threads ``step_random`` runs on: rayon's pool is ``RAYON_NUM_THREADS`` or one a
    core."""
    return int(os.environ.get("RAYON_NUM_THREADS") or 0) or os.cpu_count() or 1


def tessera_engine_one_thread(name, seconds):
    """``tessera_engine`` in a fresh process whose rayon pool has one thread (the pool is
    sized once per process)."""
    code = (f"import sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r}); "
            f"import steps; print(steps.tessera_engine({name!r}, {seconds!r}))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                         env=dict(os.environ, RAYON_NUM_THREADS="1"))
    return float(out.stdout.strip().splitlines()[-1])


def pyspiel_game(name, seconds):
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def run():
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                # chance plays, but is no decision: not a step
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


def tessera_rows(name, s):
    yield (f"tessera {name}: one game, random move (play_index)",
           tessera_games(name, s, move_step(False)))
    yield (f"tessera {name}: one game, random move + observation",
           tessera_games(name, s, move_step(True)))
    if not hasattr(tessera.Game, "legal_actions"):
        return
    yield f"tessera {name}: one game, random action", random_actions(name, s)
    yield (f"tessera {name}: one game, random action + observation + mask",
           tessera_games(name, s, action_step()))
    yield (f"tessera {name}: Batch of 64 (observations + masks + step)",
           tessera_batch(name, s))
    yield (f"tessera {name}: Batch of 64 (observations + legal actions + step)",
           tessera_batch(name, s, masks=False))
    yield (f"tessera {name}: Batch.step_random (no Python per step), {engine_threads()} threads",
           tessera_engine(name, s))
    yield (f"tessera {name}: Batch.step_random (no Python per step), 1 thread",
           tessera_engine_one_thread(name, s))
    from tessera.pettingzoo import make
    yield (f"tessera {name}: PettingZoo AEC env (random agent)",
           pettingzoo_env(lambda: make(name)[0](seats=2), s))


def other_rows(s):
    for g in ("backgammon", "hearts", "tic_tac_toe", "connect_four"):
        try:
            yield f"pyspiel {g} (C++ game, Python loop, decisions only)", pyspiel_game(g, s)
        except ImportError:
            yield f"pyspiel {g}", None
    try:
        from pettingzoo.classic import connect_four_v3

        yield ("PettingZoo classic connect_four_v3 (random agent)",
               pettingzoo_env(connect_four_v3.env, s))
    except ImportError as e:
        yield f"PettingZoo classic connect_four_v3 ({e})", None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--only", choices=["tessera", "others"])
    p.add_argument("--games", help="comma-separated games (default: all)")
    args = p.parse_args()
    names = args.games.split(",") if args.games else tessera.games()
    rows = []
    if args.only != "others":
        rows += [tessera_rows(name, args.seconds) for name in names]
    if args.only != "tessera":
        rows.append(other_rows(args.seconds))
    for group in rows:
        for label, v in group:
            print(f"{label:<72} "
                  + (f"{v:>12,.0f} steps/s" if v is not None else "   not installed"),
                  flush=True)


if __name__ == "__main__":
    main()
