"""Typed views and moves of each game (docs/protocol.md 1.3, "VIEW, TILES and MOVE").

Every view keeps the host's JSON as `raw`; every move turns back into the wire form with
`to_wire`. A bot may answer with a typed move or with the wire form itself (a move of
`legal.moves` is already one)."""
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

Json = Any


@dataclass(frozen=True)
class QTile:
    """A Q tile: `color` (red, orange, yellow, green, blue, purple) and `shape`
    (star, 8star, square, circle, clover, diamond)."""

    color: str
    shape: str

    @staticmethod
    def of(raw: Json) -> "QTile":
        return QTile(raw["color"], raw["shape"])

    def wire(self) -> Dict[str, str]:
        return {"color": self.color, "shape": self.shape}


@dataclass(frozen=True)
class QPlacement:
    """One tile of a Q line: put `tile` at (`row`, `column`)."""

    row: int
    column: int
    tile: QTile

    def wire(self) -> Dict[str, Json]:
        return {"coordinate": {"row": self.row, "column": self.column}, "1tile": self.tile.wire()}


# A Q move: "pass", "replace", or the tiles of one line.
QMove = Union[str, List[QPlacement]]


@dataclass
class QView:
    """A seat's view of Q (the course's JPub): the map, the seat's own score and hand, the
    others' scores in turn order, the pile's size, and the rule set ("course" or "boxed")."""

    map: Dict[Tuple[int, int], QTile]
    name: str
    score: int
    hand: List[QTile]
    others: List[int]
    pile: int
    rule_set: str
    raw: Json = field(repr=False)

    @staticmethod
    def of(raw: Json) -> "QView":
        board = {}
        for row in raw["map"]:
            for column, tile in row[1:]:
                board[(row[0], column)] = QTile.of(tile)
        me, others = raw["players"][0], raw["players"][1:]
        return QView(
            map=board,
            name=me["name"],
            score=me["score"],
            hand=[QTile.of(t) for t in me["tile*"]],
            others=list(others),
            pile=raw["tile*"],
            rule_set=raw.get("rule-set", "course"),
            raw=raw,
        )


@dataclass(frozen=True)
class TriominosPlacement:
    """Put `tile` ("a-b-c") with `orientation` (ABC, ACB, BAC, ...) at (`x`, `y`)."""

    tile: str
    orientation: str
    x: int
    y: int

    def wire(self) -> Dict[str, Json]:
        return {"place": {"tile": self.tile, "orientation": self.orientation, "x": self.x, "y": self.y}}


# A Triominos move: "draw", "pass", or a placement.
TriominosMove = Union[str, TriominosPlacement]


@dataclass
class TriominosView:
    """A seat's view of Triominos: its own tray, counts of what it cannot see, the board
    (placements with their `corners`), the scores and whose turn it is."""

    seat: int
    rules: Dict[str, Json]
    round: int
    board: List[Dict[str, Json]]
    tray: List[str]
    tray_sizes: List[int]
    pile: int
    scores: List[int]
    to_move: int
    draws: int
    raw: Json = field(repr=False)

    @staticmethod
    def of(raw: Json) -> "TriominosView":
        return TriominosView(
            seat=raw["seat"],
            rules=raw["rules"],
            round=raw["round"],
            board=raw["board"],
            tray=raw["tray"],
            tray_sizes=raw["tray_sizes"],
            pile=raw["pile"],
            scores=raw["scores"],
            to_move=raw["to_move"],
            draws=raw["draws"],
            raw=raw,
        )


@dataclass
class AkropolisView:
    """A seat's view of Akropolis: the state string (docs/akropolis.md), the tiles not yet
    used (a sorted set), the seat and the rules. A move is a string such as "18S00E02R0"."""

    seat: int
    rules: Dict[str, Json]
    state: str
    unused: List[str]
    raw: Json = field(repr=False)

    @staticmethod
    def of(raw: Json) -> "AkropolisView":
        return AkropolisView(raw["seat"], raw["rules"], raw["state"], raw["unused"], raw)


View = Union[QView, TriominosView, AkropolisView]


def game_of_view(raw: Json) -> Optional[str]:
    """Which game a view is of, from its shape: "q", "triominos", "akropolis" or None."""
    if isinstance(raw, dict):
        if "map" in raw and "players" in raw:
            return "q"
        if "board" in raw and "tray" in raw:
            return "triominos"
        if "state" in raw and "unused" in raw:
            return "akropolis"
    return None


def view_of(raw: Json) -> Union[View, Json]:
    """The typed view of a host's view, or the JSON itself for a shape not known here."""
    kind = game_of_view(raw)
    try:
        if kind == "q":
            return QView.of(raw)
        if kind == "triominos":
            return TriominosView.of(raw)
        if kind == "akropolis":
            return AkropolisView.of(raw)
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return raw


def move_of(game: Optional[str], wire: Json) -> Json:
    """The typed form of a wire move of `game` (strings stay strings)."""
    if game == "q" and isinstance(wire, list):
        return [QPlacement(p["coordinate"]["row"], p["coordinate"]["column"], QTile.of(p["1tile"])) for p in wire]
    if game == "triominos" and isinstance(wire, dict) and "place" in wire:
        p = wire["place"]
        return TriominosPlacement(p["tile"], p["orientation"], p["x"], p["y"])
    return wire


def to_wire(move: Json) -> Json:
    """The wire form of a move: a typed move's `wire()`, a list of Q placements, or a wire
    form as it is."""
    if hasattr(move, "wire"):
        return move.wire()
    if isinstance(move, (list, tuple)):
        return [to_wire(m) for m in move]
    return move
