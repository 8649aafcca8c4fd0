#!/usr/bin/env python3
"""A starter bot for Tessera (docs/bots.md): plays any game over TCP, standard library only.
It signs up with "moves": true, so every take-turn brings its legal moves (and what each
scores at once); `pick` chooses one."""
import argparse, json, random, socket, sys, time

pick_random = lambda legal: random.choice(legal["moves"])

def pick_greedy(legal):
    """The move that scores most at once (ties at random); `gains` comes with the moves."""
    gains = legal.get("gains") or [0] * legal["count"]
    best = max(gains)
    return random.choice([m for m, g in zip(legal["moves"], gains) if g == best])

def send(sock, value):
    try:
        sock.sendall((json.dumps(value) + "\n").encode())
    except OSError:
        pass  # the host went away: the next read says so

def connect(args, hello):
    sock = socket.create_connection((args.host, args.port))
    sock.sendall((json.dumps(hello) + "\n").encode())
    return sock, sock.makefile("r", encoding="utf-8")

def play(args):
    hello = {"name": args.name, "moves": True}
    if args.token:
        hello = {"token": args.token, "moves": True, "rated": args.rated}
    hello.update({"table": args.table} if args.table else {"game": args.game})
    sock, lines = connect(args, hello)
    pick, token, back_by = pick_greedy if args.pick == "greedy" else pick_random, None, None
    while True:
        try:
            line = lines.readline()
        except OSError:  # reset by a host that died
            line = ""
        msg = json.loads(line) if line else None
        if token and (not line or ("error" in msg and back_by and time.time() < back_by)):
            # the host went away, or one that is stopping refused us: come back with the
            # resume token within a minute (docs/protocol.md 1.5)
            back_by = back_by or time.time() + 60
            sock, lines = resume(args, token, back_by)
            continue
        if not line:
            sys.exit("error: the host closed the connection before the game started")
        if isinstance(msg, dict):  # {"error": REASON} or {"ejected": REASON}
            sys.exit("error: the host says: " + json.dumps(msg))
        method, params, back_by = msg[0], msg[1], None
        if method == "setup" and len(params) > 2:
            # the resume token, and the name the seat plays as (a rated run's is the account's)
            token = params[2]["resume"]
            args.name = params[2].get("name", args.name)
        elif method == "win":
            print(args.name, "won" if params[0] else "lost")
            return send(sock, "void")
        send(sock, pick(params[1]) if method == "take-turn" else "void")

def resume(args, token, back_by):
    while time.time() < back_by:
        time.sleep(0.5)
        try:
            return connect(args, {"resume": token, "moves": True})
        except OSError:
            pass
    sys.exit("error: the host did not take the bot back within a minute")

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
    try:
        play(p.parse_args())
    except (OSError, ValueError) as e:
        sys.exit(f"error: {e}")
