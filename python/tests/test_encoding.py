"""The fixed-size encodings from Python: each action index is one move in every position
(decoded here from the formulas of docs/python.md, independently of the Rust side), masks
are the legal moves, observations depend on the view only, batches."""

import random

import numpy as np
import pytest

import tessera

GAMES = tessera.games()
ORIENTATIONS = ["ABC", "ACB", "CAB", "CBA", "BCA", "BAC"]
COLORS = ["red", "orange", "yellow", "green", "blue", "purple"]
SHAPES = ["star", "8star", "square", "circle", "clover", "diamond"]


def triominos_tiles():
    """The 84 tiles in action order: the 56 without a 6, then those with one."""
    low = [(a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6)]
    six = [(a, b, c) for a in range(7) for b in range(a, 7) for c in range(b, 7) if c == 6]
    return low + six


TILES = triominos_tiles()


def expected_triominos(g, a):
    """The move of action `a` by the documented formula."""
    if a == 84 * 3 * 1024:
        return "draw"
    if a == 84 * 3 * 1024 + 1:
        return "pass"
    tk, cell = divmod(a, 1024)
    t, k = divmod(tk, 3)
    y, x = cell // 32 - 16, cell % 32 - 16
    facing = (x + y) % 2
    return {"place": {"tile": "-".join(map(str, TILES[t])), "x": x, "y": y,
                      "orientation": ORIENTATIONS[facing + 2 * k]}}


def expected_akropolis(g, a):
    sr, cell = divmod(a, 1024)
    s, r = divmod(sr, 6)
    y, x = cell // 32 - 16, cell % 32 - 16
    tile = g.public_view()["site"][s]["tile"]
    ns = "N" if y > 0 else "S"
    ew = "W" if x < 0 else "E"
    return f"{tile:02d}{ns}{abs(y):02d}{ew}{abs(x):02d}R{r}"


def q_placement(a):
    k, cell = divmod(a, 1024)
    return {"1tile": {"color": COLORS[k // 6], "shape": SHAPES[k % 6]},
            "coordinate": {"row": cell // 32 - 16, "column": cell % 32 - 16}}


def check_position(name, g, rng):
    """The mask is the legal moves' actions; every marked action plays what the formula
    says; some unmarked ones are refused."""
    enc = tessera.encoding(name)
    mask = g.action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (enc["actions"],)
    marked = np.flatnonzero(mask)
    assert np.array_equal(marked, g.legal_actions())
    moves = g.legal_moves()
    firsts = {g.actions_of(m)[0] for m in moves}
    if name == "q":
        assert firsts <= set(marked.tolist())
        # every single placement, pass and exchange are one first action each
        assert len(marked) == sum(1 for m in moves if not isinstance(m, list) or len(m) == 1)
    else:
        assert sorted(firsts) == marked.tolist() and len(firsts) == len(moves)
    for a in rng.sample(marked.tolist(), min(len(marked), 6)):
        c = g.clone()
        done = c.play_action(a)
        last = c.record()["moves"][-1] if done else None
        if name == "triominos":
            assert last == expected_triominos(g, a), (a, g.action_text(a))
        elif name == "akropolis":
            assert last == expected_akropolis(g, a)
        elif a < 36 * 1024:
            assert not done and c.in_move
            assert c.play_action(36 * 1024)
            assert c.record()["moves"][-1] == [q_placement(a)]
        else:
            assert last == ("pass" if a == 36 * 1024 + 1 else "replace")
    for a in rng.sample(range(enc["actions"]), 20):
        if not mask[a]:
            c = g.clone()
            with pytest.raises(tessera.IllegalMove):
                c.play_action(a)
            assert c.public_view() == g.public_view() and not c.in_move
    return len(moves)


@pytest.mark.parametrize("name", GAMES)
def test_actions_mean_one_move_everywhere_and_masks_are_the_legal_moves(name):
    enc = tessera.encoding(name)
    assert enc["size"] == sum(int(np.prod(shape)) for _, shape in enc["segments"])
    positions = 0
    for seed in range(8):
        g = tessera.Game(name, seats=2 + seed % 3, seed=seed, **({"copies": 3} if name == "q" else {}))
        rng = random.Random(seed)
        while not g.is_over and positions < 150 * (seed + 1):
            check_position(name, g, rng)
            obs = g.observation()
            assert obs.dtype == np.float32 and obs.shape == (enc["size"],)
            assert np.isfinite(obs).all()
            mv = rng.choice(g.legal_moves())
            c = g.clone()
            path = c.actions_of(mv)
            assert [c.play_action(a) for a in path] == [False] * (len(path) - 1) + [True]
            assert c.record()["moves"][-1] == mv
            g.play(mv)
            assert c.public_view() == g.public_view()
            positions += 1
    assert positions > 200
    with pytest.raises(tessera.IllegalMove):
        tessera.Game(name, seats=2).play_action(enc["actions"])
    with pytest.raises(tessera.IllegalMove):
        tessera.Game(name, seats=2).play_action(-1)


def test_a_q_turn_of_several_tiles_is_several_actions():
    g = tessera.Game("q", seats=2, seed=3, copies=3)
    rng = random.Random(1)
    while True:
        multi = [m for m in g.legal_moves() if isinstance(m, list) and len(m) > 1]
        if multi:
            break
        g.play(rng.choice(g.legal_moves()))
    mv = multi[0]
    path = g.actions_of(mv)
    assert len(path) == len(mv) + 1 and path[-1] == 36 * 1024
    seat, hand = g.to_move, len(g.hand(g.to_move))
    for i, a in enumerate(path[:-1]):
        assert g.action_mask()[a]
        assert not g.play_action(a) and g.in_move and g.to_move == seat
        held = g.observation()[12 * 1024: 12 * 1024 + 36].sum()
        assert held == hand - (i + 1), "the turn's tiles leave the hand"
        with pytest.raises(tessera.IllegalMove):
            g.play("pass")
    mask = g.action_mask()
    assert mask[36 * 1024] and not mask[36 * 1024 + 1], "end, no pass once tiles are down"
    assert g.play_action(path[-1]) and not g.in_move
    assert g.record()["moves"][-1] == mv


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_depends_on_the_view_only(name):
    g = tessera.Game(name, seats=2, seed=8)
    rng = random.Random(8)
    for _ in range(6):
        g.play_index(rng.randrange(g.legal_count()))
    for seat in range(g.seats):
        obs = g.observation(seat)
        for k in range(4):
            assert np.array_equal(g.determinize(seat, seed=k).observation(seat), obs)
    assert not np.array_equal(g.observation(0), g.observation(1))


# 8 games are stepped in this thread, 300 on all cores (tessera's PARALLEL_FROM is 256)
@pytest.mark.parametrize("n,rounds", [(8, 30), (300, 4)])
@pytest.mark.parametrize("name", GAMES)
def test_a_batch_steps_many_games(name, n, rounds):
    b = tessera.Batch(name, n, seats=2, seed=3)
    assert len(b) == n
    single = [tessera.Game(name, seats=2, seed=3 + i) for i in range(n)]
    rng = np.random.default_rng(0)
    for _ in range(rounds):
        masks = b.masks()
        obs = b.observations()
        assert masks.shape == (n, b.actions) and obs.shape[0] == n
        actions, offsets = b.legal_actions()
        for i, g in enumerate(single):
            if g is None:  # ended, and started again in the batch
                continue
            assert np.array_equal(masks[i], g.action_mask())
            assert np.array_equal(obs[i], g.observation())
            assert np.array_equal(actions[offsets[i]:offsets[i + 1]], g.legal_actions())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        ended = b.step(actions)
        for i, g in enumerate(single):
            if g is None:
                continue
            g.play_action(int(actions[i]))
            assert ended[i] == g.is_over
            if g.is_over:
                single[i] = None
        if all(g is None for g in single):
            break
    with pytest.raises(tessera.IllegalMove):
        b.step(np.full(n, b.actions, dtype=np.int64))
    assert b.step_random(20, seed=1) > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_action_moves_no_game_of_the_batch(name):
    b = tessera.Batch(name, 6, seats=2, seed=11)
    actions, offsets = b.legal_actions()
    first = actions[offsets[:-1]]
    masks = b.masks()
    bad = first.copy()
    bad[4] = int(np.flatnonzero(~masks[4])[0])  # an action game 4 does not allow
    before = b.observations()
    with pytest.raises(tessera.IllegalMove, match="game 4"):
        b.step(bad)
    assert np.array_equal(b.observations(), before)
    assert np.array_equal(b.masks(), masks)
    b.step(first)
    assert not np.array_equal(b.masks(), masks)


@pytest.mark.parametrize("name", GAMES)
def test_random_steps_of_a_batch_are_seeded(name):
    # 5 games x 200 steps run on all cores (at least PARALLEL_FROM game-steps)
    runs = []
    for _ in range(2):
        b = tessera.Batch(name, 5, seats=2, seed=2)
        played = b.step_random(200, seed=9)
        runs.append((played, b.observations(), b.scores()))
    assert runs[0][0] == runs[1][0] > 0
    assert np.array_equal(runs[0][1], runs[1][1])
    assert np.array_equal(runs[0][2], runs[1][2])
    # a game's random steps are its own: game 0 of a batch of one plays as game 0 of five
    one = tessera.Batch(name, 1, seats=2, seed=2)
    first = tessera.Batch(name, 5, seats=2, seed=2)
    one.step_random(3, seed=9)
    first.step_random(3, seed=9)
    assert np.array_equal(one.observations()[0], first.observations()[0])
