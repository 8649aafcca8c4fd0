"""`tessera-remote` / `python -m tessera_remote`: a random or greedy bot from the command line."""
import argparse
import sys

from . import GreedyBot, RandomBot, TesseraError, run


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="tessera-remote", description="Play a Tessera host over TCP with a random or greedy bot.")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=45678)
    p.add_argument("--game", default="q", help="q, triominos or akropolis")
    p.add_argument("--table", type=int, help="the open seat of this table")
    p.add_argument("--name", default="bot")
    p.add_argument("--pick", choices=["random", "greedy"], default="greedy")
    p.add_argument("--token", help="a bot account's API token (docs/protocol.md 1.6)")
    p.add_argument("--rated", action="store_true", help="with --token: a rated game of the arena")
    p.add_argument("--games", type=int, default=1, help="with --token --rated: games on one connection")
    p.add_argument("--challenge", help="with --token: challenge this account or house level (docs/protocol.md 1.7)")
    p.add_argument("--accept", type=int, help="with --token: accept the challenge of this id")
    args = p.parse_args(argv)
    bot = GreedyBot() if args.pick == "greedy" else RandomBot()
    try:
        for outcome in run(bot, game=args.game, host=args.host, port=args.port, name=args.name,
                           token=args.token, rated=args.rated, table=args.table, games=args.games,
                           challenge=args.challenge, accept=args.accept):
            print(args.name, "won" if outcome.won else "lost")
    except (TesseraError, OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
