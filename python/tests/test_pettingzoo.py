"""PettingZoo's own tests on every game's AEC environment."""

import importlib

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import tessera  # noqa: E402
import tessera.pettingzoo as tpz  # noqa: E402

GAMES = tessera.games()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_module(name):
    mod = importlib.import_module(f"tessera.pettingzoo.{name}_v0")
    assert mod.env().metadata["name"] == f"{name}_v0"


@pytest.mark.parametrize("name", GAMES)
def test_api_test(name):
    env = getattr(tpz, f"{name}_v0").env(seats=2)
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name):
    seed_test(getattr(tpz, f"{name}_v0").env, num_cycles=100)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_agent_plays_whole_games(name):
    env = getattr(tpz, f"{name}_v0").env(seats=3 if name != "q" else 2, render_mode="ansi")
    env.reset(seed=4)
    for i, a in enumerate(env.possible_agents):
        env.action_space(a).seed(i)  # the agent's draws too: the same game every run
    totals = {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
    assert sorted(totals.values())[-1] == 1
    assert "over" in env.render()


def test_max_cycles_truncates():
    # a cycle is one action of each agent; max_actions counts actions
    for kwargs, expect in (({"max_cycles": 5}, 10), ({"max_actions": 5}, 5)):
        env = tpz.akropolis_v0.env(**kwargs)
        env.reset(seed=1)
        steps = 0
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            steps += 1
        assert steps == expect


def test_environments_deal_people_rules_and_a_q_turn_is_several_steps():
    env = tpz.q_v0.env()
    env.reset(seed=2)
    assert env.unwrapped._game.rules["copies"] == 3
    assert tpz.q_v0.env(copies=30).unwrapped.options["copies"] == 30
    tile_steps = 0
    for agent in env.agent_iter(max_iter=300):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        tiles = legal[legal < 36 * 1024]
        env.step(int(tiles[0]) if len(tiles) else int(legal[0]))
        if len(tiles):
            # a tile put down: the same agent acts again, to end or go on
            assert env.agent_selection == agent
            tile_steps += 1
    assert tile_steps > 0


def test_the_marked_actions_are_numpys_nonzero_entries():
    from tessera._tessera import marked

    rng = np.random.default_rng(9)
    for n in (0, 1, 255, 256, 257, 1000, 258050):
        for p in (0.0, 0.0005, 0.3, 1.0):
            mask = (rng.random(n) < p).astype(np.int8)
            got = marked(mask)
            assert got.dtype == np.int64
            assert np.array_equal(got, np.flatnonzero(mask))
        if n:
            bad = np.zeros(n, dtype=np.int8)
            bad[n - 1] = -1
            assert marked(bad) is None
        if n > 1:  # (one entry of a strided array is contiguous)
            assert marked(np.zeros(2 * n, dtype=np.int8)[::2]) is None


def test_the_masked_sample_draws_as_gymnasium_does():
    from gymnasium import spaces

    rng = np.random.default_rng(5)
    for n in (1, 7, 1000, 258050):
        ours, theirs = tpz.MaskedDiscrete(n), spaces.Discrete(n)
        for k in range(20):
            mask = (rng.random(n) < rng.choice([0.0, 0.001, 0.5, 1.0])).astype(np.int8)
            ours.seed(k)
            theirs.seed(k)
            assert ours.sample(mask) == theirs.sample(mask)
            if mask.any():
                assert mask[ours.sample(mask)] == 1
            # a strided mask (not read in one pass) draws the same too
            strided = np.repeat(mask, 2)[::2]
            assert not strided.flags.c_contiguous or n == 1
            ours.seed(k)
            theirs.seed(k)
            assert ours.sample(strided) == theirs.sample(strided)
        for at, value in ((0, 2), (n - 1, -1), (n // 2, 5)):
            bad = np.zeros(n, dtype=np.int8)
            bad[at] = value
            with pytest.raises(AssertionError):
                ours.sample(bad)
        with pytest.raises(AssertionError):
            ours.sample(np.zeros(n, dtype=np.int64))
        with pytest.raises(AssertionError):
            ours.sample(np.zeros(n + 1, dtype=np.int8))
        ours.seed(3)
        theirs.seed(3)
        assert ours.sample() == theirs.sample()
