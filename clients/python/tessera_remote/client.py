"""The connection to a Tessera host: sign-up, calls and replies, coming back with the resume
token after a dropped connection (docs/protocol.md, sections 1.1 to 1.6)."""
import json
import random
import socket
import time
from dataclasses import dataclass, field
from typing import Any, List, Optional

from .games import game_of_view, move_of, to_wire, view_of


class TesseraError(Exception):
    """The host refused the bot ({"error": ...}), ejected it ({"ejected": ...}), or could
    not be reached or reached again."""

    def __init__(self, why: str, message: Any = None):
        super().__init__(why)
        self.message = message


class Refused(TesseraError):
    """The host answered {"error": REASON} (a refused sign-up or resume token)."""


class Ejected(TesseraError):
    """The host ejected the bot ({"ejected": REASON}): the house plays its seat on."""


@dataclass
class Legal:
    """The legal moves of a take-turn (the sign-up asked for them with "moves": true):
    `moves` in wire form, ready to send back, and `gains[i]`, what `moves[i]` scores at once.
    `complete` is False for Q's bounded form (docs/protocol.md 1.3)."""

    count: int
    complete: bool
    moves: List[Any]
    gains: List[int]
    game: Optional[str] = None

    @staticmethod
    def of(raw: Any, game: Optional[str]) -> "Legal":
        moves = list(raw.get("moves") or [])
        gains = list(raw.get("gains") or [0] * len(moves))
        return Legal(raw.get("count", len(moves)), bool(raw.get("complete")), moves, gains, game)

    def typed(self) -> List[Any]:
        """The moves as typed moves (games.QPlacement lists, TriominosPlacement, strings)."""
        return [move_of(self.game, m) for m in self.moves]

    def best(self) -> Any:
        """The move that scores most at once (ties at random): the greedy choice."""
        top = max(self.gains)
        return random.choice([m for m, g in zip(self.moves, self.gains) if g == top])


class Bot:
    """Subclass this and write `move`. The other methods are optional."""

    #: the session playing this bot (set by `run`): `session.cut()` drops the connection
    session: "Optional[Session]" = None

    def move(self, view: Any, legal: Legal) -> Any:
        """The move to play: a typed move or a wire form (any of `legal.moves`)."""
        raise NotImplementedError("write Bot.move(self, view, legal)")

    def setup(self, view: Any, tiles: List[Any]) -> None:
        """A game starts: the seat's view and its own tiles."""

    def new_tiles(self, tiles: List[Any]) -> None:
        """The tiles the last move handed the seat."""

    def end(self, won: bool) -> None:
        """The game is over."""


@dataclass
class Outcome:
    """One game's end, as the bot heard it."""

    won: bool
    game: Optional[str]
    moves: int
    resumes: int
    #: the name the seat played as (setup's third argument; an account's for a token)
    name: Optional[str] = None


@dataclass
class Session:
    """One bot's connection(s) to a host; `run` makes and drives it."""

    host: str
    port: int
    hello: dict
    grace: float = 60.0
    timeout: Optional[float] = None
    token: Optional[str] = None
    resumes: int = 0
    sock: Optional[socket.socket] = field(default=None, repr=False)
    _buf: bytes = field(default=b"", repr=False)

    def connect(self, hello: dict) -> None:
        self.close()
        self.sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self._buf = b""
        self.send(hello)

    def close(self) -> None:
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None

    def cut(self) -> None:
        """Drop the connection now, as a network failure would (the client comes back with
        its resume token at its next read). For tests and drills."""
        if self.sock is not None:
            try:
                self.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def send(self, value: Any) -> None:
        try:
            self.sock.sendall((json.dumps(value) + "\n").encode())
        except (OSError, AttributeError):
            pass  # the host went away: the next read says so

    def read(self) -> Any:
        """The next message, or None when the connection ended."""
        while b"\n" not in self._buf:
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                raise TesseraError(f"the host said nothing for {self.timeout} s") from None
            except OSError:
                chunk = b""
            if not chunk:
                rest, self._buf = self._buf.strip(), b""
                return json.loads(rest) if rest else None
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return json.loads(line) if line.strip() else self.read()

    def come_back(self, back_by: float) -> None:
        """Connect again with the resume token until the host takes it (or `back_by`)."""
        while time.time() < back_by:
            time.sleep(0.5)
            try:
                self.connect({"resume": self.token, "moves": True})
                self.resumes += 1
                return
            except OSError:
                pass
        raise TesseraError(f"the host did not take the bot back within {self.grace:g} s")

    def play(self, bot: Bot, games: int = 1) -> List[Outcome]:
        """Play until `games` games have ended (game after game needs "again": true)."""
        bot.session = self
        self.connect(self.hello)
        outcomes: List[Outcome] = []
        back_by, game, moves, resumes_before = None, None, 0, 0
        seat_name: Optional[str] = None
        while True:
            msg = self.read()
            drop = msg is None or (isinstance(msg, dict) and "error" in msg and back_by is not None)
            if self.token and drop and (back_by is None or time.time() < back_by):
                # the connection dropped, or a host that is stopping refused us: come back
                # with the resume token within the grace period (docs/protocol.md 1.5)
                back_by = back_by or time.time() + self.grace
                self.come_back(back_by)
                continue
            if msg is None:
                self.close()
                raise TesseraError("the host closed the connection" + ("" if self.token else " before the game started"))
            if isinstance(msg, dict):
                self.close()
                if "ejected" in msg:
                    raise Ejected("the host says: " + json.dumps(msg), msg)
                raise Refused("the host says: " + json.dumps(msg), msg)
            method, params, back_by = msg[0], msg[1], None
            reply: Any = "void"
            if method == "setup":
                if len(params) > 2 and isinstance(params[2], dict):
                    self.token = params[2].get("resume", self.token)
                    seat_name = params[2].get("name", seat_name)
                game = game_of_view(params[0])
                bot.setup(view_of(params[0]), params[1])
            elif method == "take-turn":
                game = game or game_of_view(params[0])
                legal = Legal.of(params[1] if len(params) > 1 else {}, game)
                reply = to_wire(bot.move(view_of(params[0]), legal))
                moves += 1
            elif method == "new-tiles":
                bot.new_tiles(params[0])
            self.send(reply)
            if method == "win":
                won = bool(params[0])
                bot.end(won)
                outcomes.append(
                    Outcome(won, game, moves, self.resumes - resumes_before, seat_name)
                )
                self.token, game, moves, resumes_before = None, None, 0, self.resumes
                if len(outcomes) >= games:
                    self.close()
                    return outcomes


def run(
    bot: Bot,
    game: str = "q",
    host: str = "127.0.0.1",
    port: int = 45678,
    name: str = "bot",
    token: Optional[str] = None,
    rated: bool = False,
    players: Optional[int] = None,
    table: Optional[int] = None,
    games: int = 1,
    grace: float = 60.0,
    timeout: Optional[float] = None,
    challenge: Optional[str] = None,
    options: Optional[dict] = None,
    accept: Optional[int] = None,
) -> List[Outcome]:
    """Sign `bot` up and play: under `name`, or a bot account's API `token` (`rated` for the
    arena); at the next table of `game`, or the open seat of `table`. `games` > 1 with a
    rated token keeps the connection for game after game ("again"). With a token,
    `challenge` names an account or house level to challenge to `game` (`rated`, rule
    `options`), the connection waiting for the answer, and `accept` takes the seat of the
    challenge of that id (see `challenges`; docs/protocol.md 1.7). `grace`: how long to
    try coming back after a dropped connection; `timeout`: the longest silence of the host
    (seconds; None waits as long as it takes). Returns each game's Outcome; raises Refused
    (a declined challenge too), Ejected or TesseraError."""
    hello: dict = {"moves": True}
    if (challenge is not None or accept is not None) and not token:
        raise ValueError("a challenge is a bot account's: give its token")
    if accept is not None:
        hello.update(token=token, accept=accept)
        return Session(host, port, hello, grace=grace, timeout=timeout).play(bot, 1)
    if challenge is not None:
        hello.update(token=token, challenge=challenge, game=game, rated=rated)
        if options:
            hello["options"] = options
        return Session(host, port, hello, grace=grace, timeout=timeout).play(bot, 1)
    if token:
        hello.update(token=token, rated=rated)
        if rated and games > 1:
            hello["again"] = True
    else:
        hello["name"] = name
    if table is not None:
        hello["table"] = table
    else:
        hello["game"] = game
    if token and players is not None:
        hello["players"] = players
    session = Session(host, port, hello, grace=grace, timeout=timeout)
    return session.play(bot, games)


def challenges(token: str, host: str = "127.0.0.1", http_port: int = 8080) -> dict:
    """The challenges of the bot account of `token`: {"incoming": [...], "outgoing": [...]},
    each {"id", "from": {"name", "kind"}, "to", "game", "options", "rated", "state", ...}
    (GET /api/challenges, docs/arena.md "Challenges")."""
    return _http(token, host, http_port, "GET", "/api/challenges")


def decline(token: str, challenge: int, reason: str = "", host: str = "127.0.0.1", http_port: int = 8080) -> dict:
    """Declines the challenge of id `challenge` sent to the bot account of `token`."""
    return _http(token, host, http_port, "POST", f"/api/challenges/{int(challenge)}/decline", {"reason": reason})


def _http(token: str, host: str, http_port: int, method: str, path: str, body: Optional[dict] = None) -> dict:
    import json as _json
    import urllib.error
    import urllib.request

    data = None if body is None else _json.dumps(body).encode()
    req = urllib.request.Request(f"http://{host}:{http_port}{path}", data=data, method=method)
    req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as answer:
            return _json.loads(answer.read())
    except urllib.error.HTTPError as e:
        try:
            why = _json.loads(e.read()).get("error", str(e))
        except ValueError:
            why = str(e)
        raise Refused(why) from None
