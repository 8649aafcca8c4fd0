"""PettingZoo random agent, steps a second: the environment with another build's
``MaskedDiscrete.sample`` against this one's, alternating in one process (the rest of the
step is this build's, so the two differ only in the sample).

    git show a4a0ff5:python/pysrc/tessera/pettingzoo/_env.py > old_env.py
    OPENBLAS_NUM_THREADS=1 python python/bench/sample_ab.py old_env.py --rounds 3
"""

import argparse
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import steps  # noqa: E402
from tessera.pettingzoo import MaskedDiscrete, make  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("old", help="another build's tessera/pettingzoo/_env.py")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=2.0)
    a = p.parse_args()
    spec = importlib.util.spec_from_file_location("old_env", a.old)
    old = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(old)
    samples = (("old", old.MaskedDiscrete.sample), ("new", MaskedDiscrete.sample))
    for r in range(1, a.rounds + 1):
        for name in ("triominos", "q", "akropolis"):
            for label, sample in samples:
                MaskedDiscrete.sample = sample
                rate = steps.pettingzoo_env(lambda: make(name)[0](seats=2), a.seconds)
                print(f"round {r} {name} {label}: {rate:,.0f} steps/s", flush=True)


if __name__ == "__main__":
    main()
