"""OpenSpiel's information-set MCTS against Tessera's bots at the same time per move.

    nice -n 19 python python/bench/ismcts_study.py [--ms 100] [--games 20] [--minutes 40]
        [--only akropolis,q,triominos] [--opponents level:2,level:4,level:6]

OpenSpiel's Python ``ISMCTSBot`` (random rollouts, UCT constant 2, the most visited
action) plays Tessera's OpenSpiel games (``tessera.openspiel``: two seats, the rules people
play) against a Tessera bot spec, searching each decision for ``--ms`` of wall time. A Q
turn that puts tiles down is several decisions for it (one per tile, then the end), each
with the whole time; Tessera's bots choose a whole move in one call of their own budget
(``level:6`` is ``ismcts:ms=100`` in Akropolis and Triominos; Q's levels are not timed).
The seats alternate; each game is dealt from its own seed. Prints one Markdown row per
pairing: games, OpenSpiel's wins (a shared win counts half), its win rate with a 95%
Wilson interval, and its mean simulations per decision. Stops starting games after
``--minutes`` (the rows say how many games were played). Prints only what it measures.
"""

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tessera
import tessera.openspiel  # noqa: F401  (registers the games)


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot, searching for a wall-clock budget instead of a count."""

    def __init__(self, game, ms, rng):
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 10**9,
                         random_state=rng)
        self.ms = ms
        self.searches = 0
        self.simulations = 0

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.ms / 1000
        n = 0
        # two simulations at least: the first only expands the root
        while n < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            n += 1
        self.searches += 1
        self.simulations += n
        return self.get_final_policy(state, self._root_node)


def play(name, spec, ms, seed, ismcts_seat):
    """One game; returns OpenSpiel's bot's score (1 win, 0.5 shared, 0 loss) and the bot."""
    game = pyspiel.load_game(f"python_tessera_{name}", {"players": 2, "seed": seed})
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    bot = TimedISMCTS(game, ms, rng)
    theirs = tessera.Bot(name, spec, seed=seed)
    while not state.is_terminal():
        if state.current_player() == ismcts_seat:
            state.apply_action(bot.step(state))
        else:
            mv = theirs.choose(state.tessera)
            try:
                path = state.tessera.actions_of(mv)
            except tessera.IllegalMove:
                # a move beyond the action window: played as a move (not in the history)
                state.tessera.play(mv)
                continue
            for a in path:
                state.apply_action(a)
    winners = state.tessera.outcome()["winners"]
    if ismcts_seat not in winners:
        return 0.0, bot
    return (1.0 if len(winners) == 1 else 0.5), bot


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ms", type=int, default=100)
    p.add_argument("--games", type=int, default=20, help="games per pairing")
    p.add_argument("--minutes", type=float, default=40)
    p.add_argument("--only", default="akropolis,q,triominos")
    p.add_argument("--opponents", default="level:2,level:4,level:6")
    args = p.parse_args()
    stop = time.time() + args.minutes * 60
    print(f"OpenSpiel ISMCTSBot at {args.ms} ms a decision against Tessera's bots "
          f"(2 seats, alternating)\n")
    print("| game | Tessera's bot | games | OpenSpiel wins | OpenSpiel win rate [95%] "
          "| simulations a decision | seconds a game |")
    print("|---|---|---:|---:|---|---:|---:|")
    for name in args.only.split(","):
        for spec in args.opponents.split(","):
            score = sims = searches = 0
            played = 0
            start = time.time()
            for k in range(args.games):
                if time.time() > stop:
                    break
                s, bot = play(name, spec, args.ms, 1000 + k // 2, k % 2)
                score += s
                sims += bot.simulations
                searches += bot.searches
                played += 1
            lo, hi = wilson(score, played)
            rate = score / played if played else 0.0
            per_game = (time.time() - start) / played if played else 0.0
            print(f"| {name} | `{spec}` | {played} | {score:g} | {100 * rate:.0f}% "
                  f"[{100 * lo:.0f}%, {100 * hi:.0f}%] | {sims / max(searches, 1):.0f} "
                  f"| {per_game:.1f} |", flush=True)


if __name__ == "__main__":
    main()
