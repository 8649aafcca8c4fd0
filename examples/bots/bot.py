#!/usr/bin/env python3
"""A starter bot for Tessera (docs/bots.md): plays any game over TCP, on the client library
clients/python (tessera_remote, standard library only; taken from this checkout, so nothing
needs installing). Every take-turn brings its legal moves and what each scores at once;
`move` chooses one. The library comes back with the resume token when the connection drops."""
import argparse, os, random, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "clients", "python"))
from tessera_remote import Bot, TesseraError, run  # noqa: E402


class RandomBot(Bot):
    def move(self, view, legal):
        return random.choice(legal.moves)


class GreedyBot(Bot):
    def move(self, view, legal):
        """The move that scores most at once (ties at random); `gains` comes with the moves."""
        best = max(legal.gains)
        return random.choice([m for m, g in zip(legal.moves, legal.gains) if g == best])


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=45678)
    p.add_argument("--game", default="q", help="q, triominos or akropolis")
    p.add_argument("--table", type=int, help="the open seat of this table (the browser shows it)")
    p.add_argument("--name", default="starter")
    p.add_argument("--pick", choices=["random", "greedy"], default="random")
    p.add_argument("--token", help="a bot account's API token (docs/protocol.md 1.6)")
    p.add_argument("--rated", action="store_true", help="with --token: a rated game of the arena")
    args = p.parse_args()
    bot = GreedyBot() if args.pick == "greedy" else RandomBot()
    try:
        for outcome in run(bot, game=args.game, host=args.host, port=args.port, name=args.name,
                           token=args.token, rated=args.rated, table=args.table):
            # the name the seat played as: a rated run's is the account's
            print(outcome.name or args.name, "won" if outcome.won else "lost")
    except (TesseraError, OSError, ValueError) as e:
        sys.exit(f"error: {e}")
