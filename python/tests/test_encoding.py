"""The fixed-size encodings from Python: masks, observations, actions, batches."""

import random

import numpy as np
import pytest

import tessera

GAMES = tessera.games()


@pytest.mark.parametrize("name", GAMES)
def test_masks_equal_the_legal_moves_on_random_positions(name):
    enc = tessera.encoding(name)
    assert enc["size"] == sum(int(np.prod(shape)) for _, shape in enc["segments"])
    positions = 0
    for seed in range(12):
        g = tessera.Game(name, seats=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            moves = g.legal_moves()
            mask = g.action_mask()
            assert mask.dtype == np.bool_ and mask.shape == (enc["actions"],)
            assert mask.sum() == len(moves) == g.legal_count()
            assert mask[: len(moves)].all()
            obs = g.observation()
            assert obs.dtype == np.float32 and obs.shape == (enc["size"],)
            assert np.isfinite(obs).all()
            a = rng.randrange(len(moves))
            c = g.clone()
            assert c.play_action(a) == moves[a]
            g.play(moves[a])
            assert c.public_view() == g.public_view()
            positions += 1
    assert positions > 200
    with pytest.raises(tessera.IllegalMove):
        tessera.Game(name, seats=2).play_action(enc["actions"])


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


@pytest.mark.parametrize("name", GAMES)
def test_a_batch_steps_many_games(name):
    b = tessera.Batch(name, 8, seats=2, seed=3)
    assert len(b) == 8
    single = [tessera.Game(name, seats=2, seed=3 + i) for i in range(8)]
    rng = np.random.default_rng(0)
    for _ in range(30):
        masks = b.masks()
        obs = b.observations()
        assert masks.shape == (8, b.actions) and obs.shape[0] == 8
        for i, g in enumerate(single):
            assert np.array_equal(masks[i], g.action_mask())
            assert np.array_equal(obs[i], g.observation())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        ended = b.step(actions)
        for i, g in enumerate(single):
            g.play_action(int(actions[i]))
            assert ended[i] == g.is_over
            if g.is_over:
                single[i] = None
        if any(g is None for g in single):
            break
    with pytest.raises(tessera.IllegalMove):
        b.step(np.full(8, b.actions, dtype=np.int64))
    assert b.step_random(20, seed=1) > 0
