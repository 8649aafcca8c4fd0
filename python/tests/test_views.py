"""A view never holds what its seat cannot see; determinizations keep what it sees."""

import random

import pytest

import tessera

GAMES = tessera.games()


def played(name, seed, moves):
    g = tessera.Game(name, seats=3 if name != "q" else 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("moves", [0, 5, 20])
def test_a_view_is_the_same_whatever_the_seat_cannot_see(name, moves):
    # Determinizations redeal everything `seat` cannot see (the others' hands, the pile):
    # a view holding any of it would differ between them.
    g = played(name, seed=moves + 1, moves=moves)
    for seat in range(g.seats):
        view = g.view(seat)
        hidden_changed = False
        for k in range(8):
            d = g.determinize(seat, seed=k)
            assert d.view(seat) == view, (name, seat)
            assert d.hand(seat) == g.hand(seat)
            assert d.public_view() == g.public_view()
            others = [s for s in range(g.seats) if s != seat]
            if any(d.hand(s) != g.hand(s) for s in others):
                hidden_changed = True
        has_hidden = any(g.hand(s) for s in range(g.seats) if s != seat)
        if has_hidden:
            assert hidden_changed, "the determinizations must change what is hidden"


@pytest.mark.parametrize("name", GAMES)
def test_a_determinization_of_a_views_value_keeps_the_view(name):
    g = played(name, seed=3, moves=6)
    seat = g.to_move
    view = g.view(seat)
    d = tessera.determinize(name, view, seed=1)
    assert d.view(d.to_move) == view
    assert d.legal_moves() == g.legal_moves()
    with pytest.raises(tessera.RecordError):
        d.record()


@pytest.mark.parametrize("name", GAMES)
def test_the_public_view_holds_no_hand(name):
    g = played(name, seed=2, moves=4)
    public = repr(g.public_view())
    d = [g.determinize(s, seed=9) for s in range(g.seats)]
    for x in d:
        assert repr(x.public_view()) == public
