"""tessera_remote: play Tessera (Q, Triominos, Akropolis) over TCP, standard library only.

    from tessera_remote import Bot, run

    class Greedy(Bot):
        def move(self, view, legal):
            return legal.best()

    run(Greedy(), game="q", name="mybot", port=45678)

The host sends every take-turn with the legal moves and what each scores (`legal`), and a
typed view (`games.QView`, `TriominosView`, `AkropolisView`; `view.raw` is the JSON). The
client comes back with the resume token when the connection drops (docs/protocol.md 1.5)."""
from .client import Bot, Ejected, Legal, Outcome, Refused, Session, TesseraError, challenges, decline, run
from .games import (
    AkropolisView,
    QPlacement,
    QTile,
    QView,
    TriominosPlacement,
    TriominosView,
    move_of,
    to_wire,
    view_of,
)


class RandomBot(Bot):
    """Any legal move, at random."""

    def move(self, view, legal):
        import random

        return random.choice(legal.moves)


class GreedyBot(Bot):
    """The move that scores most at once (ties at random)."""

    def move(self, view, legal):
        return legal.best()


__all__ = [
    "AkropolisView", "Bot", "Ejected", "GreedyBot", "Legal", "Outcome", "QPlacement", "QTile",
    "QView", "RandomBot", "Refused", "Session", "TesseraError", "TriominosPlacement",
    "TriominosView", "challenges", "decline", "move_of", "run", "to_wire", "view_of",
]
