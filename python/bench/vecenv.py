"""Steps a second of ``tessera.VecEnv`` by batch size: observations and masks written in
place, bot opponents moving in Rust, a uniformly random learner (its choice made in numpy
from the legal actions, as a policy would sample).

    python python/bench/vecenv.py --seconds 2 --games akropolis,q --sizes 16,64,256,1024

A step is one action of the learner in every game of the batch (the opponents' moves in
between are inside it). Per-step cost: microseconds a game-step (1e6 / steps a second).
"""

import argparse
import json
import time

import numpy as np

import tessera


def measure(game, n, seconds, opponent, observation, seed=0):
    v = tessera.VecEnv(game, n, opponents=[opponent], seed=seed, observation=observation)
    rng = np.random.default_rng(seed)
    steps, t0 = 0, time.perf_counter()
    while True:
        actions, offsets = v.legal_actions()
        counts = np.diff(offsets)
        pick = offsets[:-1] + (rng.random(n) * counts).astype(np.int64)
        v.step(actions[pick])
        steps += n
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--games", default="akropolis,q,triominos")
    p.add_argument("--sizes", default="1,16,64,256,1024")
    p.add_argument("--opponent", default="random")
    p.add_argument("--observation", default="flat")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    rows = []
    for game in a.games.split(","):
        for n in map(int, a.sizes.split(",")):
            rate = measure(game, n, a.seconds, a.opponent, a.observation)
            rows.append({"game": game, "batch": n, "steps_per_s": rate, "us_per_step": 1e6 / rate})
            if not a.json:
                print(f"{game:10s} {n:5d} {rate:12,.0f} steps/s {1e6 / rate:8.2f} µs a game-step", flush=True)
    if a.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
