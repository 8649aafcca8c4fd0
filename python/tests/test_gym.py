"""Issue 45: the Gymnasium environments, the vector environment stepping many games in
Rust, and the small things (seeds, illegal actions, parallel_env, clean names)."""

import pickle

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import tessera  # noqa: E402
import tessera.gym as tgym  # noqa: E402
import tessera.pettingzoo as tpz  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

GAMES = tessera.games()


def people(game, seed, seats=2):
    return tessera.Game(game, seats=seats, seed=seed, **tessera.people_options(game))


# ---- the small things -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_env_seeds_are_engine_seeds(name):
    env = getattr(tpz, f"{name}_v0").env()
    env.reset(seed=1234)
    g = env.unwrapped.game
    assert env.unwrapped.game_seed == 1234
    assert g.record()["seed"] == 1234
    assert g.public_view() == people(name, 1234).public_view()
    env.reset()  # the next seed
    assert env.unwrapped.game.record()["seed"] == 1235
    # the Gymnasium environment too, whoever moves first
    genv = tgym.TesseraGymEnv(name, opponents="greedy")
    _, info = genv.reset(seed=99)
    assert info["game_seed"] == 99 and genv.game.record()["seed"] == 99
    _, info = genv.reset()
    assert info["game_seed"] == 100


def test_an_illegal_action_ends_the_episode_with_a_penalty():
    env = tpz.akropolis_v0.env(illegal="penalty", penalty=-3)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -3
    assert all(r == 0 for a, r in env.rewards.items() if a != agent)
    assert env.infos[agent]["illegal"] is True
    # the default raises and changes nothing
    env = tpz.akropolis_v0.env()
    env.reset(seed=2)
    before = env.unwrapped.game.public_view()
    with pytest.raises(tessera.IllegalMove):
        env.step(bad)
    assert env.unwrapped.game.public_view() == before
    with pytest.raises(tessera.SettingsError):
        tpz.akropolis_v0.env(illegal="ignore")
    # Gymnasium: the episode ends, with the penalty
    genv = tgym.TesseraGymEnv("akropolis", penalty=-2)
    obs, _ = genv.reset(seed=3)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, trunc, info = genv.step(bad)
    assert (reward, term, trunc, info["illegal"]) == (-2.0, True, False, True)


def test_pyspiel_serialises_a_seeded_game():
    pyspiel = pytest.importorskip("pyspiel")
    import tessera.openspiel  # noqa: F401

    for name in GAMES:
        game = pyspiel.load_game(f"python_tessera_{name}", {"players": 2, "seed": 7, "chance": "seeded"})
        assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
        state = game.new_initial_state()
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])
        text = pyspiel.serialize_game_and_state(game, state)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert str(back) == str(state) and back.legal_actions() == state.legal_actions()
    # sampled chance stays the default
    game = pyspiel.load_game("python_tessera_q", {"players": 2})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC


def test_a_game_pickles_with_its_move_under_way():
    g = tessera.Game("q", seed=3, copies=3)
    g.play_action(int(g.legal_actions()[0]))
    assert g.in_move
    h = pickle.loads(pickle.dumps(g))
    assert h.in_move and np.array_equal(h.observation(), g.observation())
    assert np.array_equal(h.legal_actions(), g.legal_actions())
    with pytest.raises(tessera.TesseraError):
        pickle.dumps(g.determinize(0, seed=1))


def test_pettingzoo_has_clean_public_names():
    public = {n for n in dir(tpz) if not n.startswith("_")}
    assert public == set(tpz.__all__), public ^ set(tpz.__all__)
    for loose in ("sys", "types", "tessera"):
        assert loose not in public
    mod = tpz.akropolis_v0
    assert {n for n in dir(mod) if not n.startswith("_")} == {"env", "raw_env", "parallel_env"}


@pytest.mark.parametrize("name", GAMES)
def test_parallel_env(name):
    from pettingzoo.test import parallel_api_test

    par = getattr(tpz, f"{name}_v0").parallel_env()
    parallel_api_test(par, num_cycles=50)
    assert tpz.parallel_env(name).possible_agents == par.possible_agents


def test_max_cycles_test():
    from pettingzoo.test import max_cycles_test

    # every Akropolis move is one action; Q and Triominos turns may be several actions of
    # one agent, which the test counts as cycles (docs/python.md)
    max_cycles_test(tpz.akropolis_v0)


def test_an_unmasked_sample_is_a_legal_action():
    env = tpz.q_v0.env()
    env.reset(seed=5)
    for agent in env.agent_iter(max_iter=200):
        _, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.action_space(agent).sample())


@pytest.mark.parametrize("name", GAMES)
def test_check_env(name):
    check_env(gymnasium.make(tgym.env_id(name), opponents="level:2").unwrapped, skip_render_check=True)
    check_env(tgym.TesseraGymEnv(name, observation="compact", action="factored"), skip_render_check=True)


# ---- the Gymnasium environment ------------------------------------------------------------


def play_out(env, seed, pick=lambda mask: int(np.flatnonzero(mask)[0])):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        obs, r, term, trunc, info = env.step(pick(obs["action_mask"]))
        total += r
        steps += 1
        if term or trunc:
            return total, info, steps


def test_the_learner_plays_against_bots_moved_in_rust():
    env = tgym.TesseraGymEnv("akropolis", opponents=["greedy"], seat=1)
    obs, info = env.reset(seed=11)
    assert info["seat"] == 1
    g = env.game
    # the bot at seat 0 moved first, as `greedy` with tessera play's seed for it
    ref = people("akropolis", 11)
    tessera.Bot("akropolis", "greedy", seed=tessera.derive_seed(11, 1)).play(ref)
    assert g.public_view() == ref.public_view() and g.to_move == 1
    assert np.array_equal(obs["observation"], ref.observation(1))


def test_rewards_win_margin_both():
    for seed in (1, 2, 3):
        results = {}
        for reward in ("win", "margin", "both"):
            env = tgym.TesseraGymEnv("akropolis", opponents="greedy", seat=0, reward=reward, scale=10)
            results[reward] = play_out(env, seed)
        total, info, _ = results["win"]
        scores, winners = info["scores"], info["winners"]
        expect = 0 if len(winners) == 2 else (1 if 0 in winners else -1)
        assert total == expect
        margin = (scores[0] - scores[1]) / 10
        assert results["margin"][0] == pytest.approx(margin, abs=1e-4)
        assert results["both"][0] == pytest.approx(margin + expect, abs=1e-4)


def test_the_seat_is_drawn_per_episode_or_fixed():
    env = tgym.TesseraGymEnv("q", opponents="greedy")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(20)}
    assert seats == {0, 1}
    env = tgym.TesseraGymEnv("q", opponents="greedy", seat=1)
    assert {env.reset(seed=s)[1]["seat"] for s in range(10)} == {1}


def test_opponents_are_drawn_per_episode():
    # random loses to greedy far more often than greedy loses to itself
    env = tgym.TesseraGymEnv("akropolis", opponents=["random", "level:2"], seat=0)
    wins = []
    for s in range(30):
        _, info, _ = play_out(env, s)
        wins.append(0 in info["winners"])
    assert 0 < sum(wins) < 30


# ---- the vector environment -----------------------------------------------------------------


def test_the_vector_env_writes_in_place_and_keeps_the_final_results():
    v = tessera.VecEnv("akropolis", 8, opponents=["greedy"], seed=40, reward="win")
    obs, mask = v.obs, v.mask
    assert list(v.game_seeds) == list(range(40, 48))
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        actions, offsets = v.legal_actions()
        pick = offsets[:-1] + (rng.random(len(v)) * np.diff(offsets)).astype(np.int64)
        before = [v.game(i).record()["seed"] for i in range(len(v))]
        seats = v.learner_seats.copy()  # game i's learner (the next game's may differ)
        r, term, trunc, scores, winners, illegal = v.step(actions[pick])
        assert v.obs is not None and np.shares_memory(v.obs, obs) and np.shares_memory(v.mask, mask)
        for i in np.flatnonzero(term):
            ended += 1
            # the finished game's own result, though game i is already the next one
            w = list(np.flatnonzero(winners[i]))
            seat = seats[i]
            assert r[i] == (1 if seat in w and len(w) < 2 else (0 if len(w) == 2 else -1))
            assert scores[i].any()
            assert v.game(i).record()["seed"] != before[i]
        assert not illegal.any() and not trunc.any()
        # every game's observation and mask are its learner's, as the game gives them
        for i in range(len(v)):
            g = v.game(i)
            assert np.array_equal(obs[i], g.observation(int(v.learner_seats[i])))
            assert np.array_equal(mask[i], g.action_mask())
    assert ended >= 8
    assert max(v.game_seeds) >= 48  # the next seeds


def test_the_vector_env_raises_or_penalises_illegal_actions():
    v = tessera.VecEnv("q", 4, seed=1)
    with pytest.raises(tessera.IllegalMove):
        v.step(np.full(4, 36_866 + 5, dtype=np.int64))
    v = tessera.VecEnv("q", 4, seed=1, illegal="penalty", penalty=-5)
    r, term, *_ , illegal = v.step(np.full(4, -1, dtype=np.int64))
    assert (r == -5).all() and term.all() and illegal.all()


def test_truncation_after_max_steps():
    v = tessera.VecEnv("akropolis", 2, seed=1, max_steps=3)
    for k in range(3):
        a, o = v.legal_actions()
        _, term, trunc, *_ = v.step(a[o[:-1]])
    assert trunc.all() and not term.any()


def test_compact_observations_and_factored_actions():
    for name in GAMES:
        v = tessera.VecEnv(name, 4, seed=3, observation="compact", action="factored")
        heads = v.heads
        assert v.mask.shape == (4, sum(heads))
        assert v.obs.shape[1] < tessera.encoding(name)["size"]
        rng = np.random.default_rng(1)
        for _ in range(30):
            actions, offsets = v.legal_actions()
            rows = []
            for i in range(4):
                legal = actions[offsets[i]:offsets[i + 1]]
                # sampling head by head with the conditional masks gives a legal action
                prefix = []
                for k in range(len(heads)):
                    m = v.head_mask(i, prefix)
                    prefix.append(int(rng.choice(np.flatnonzero(m))))
                space = tessera.spaces.Factored(heads, v.factors, v.actions)
                flat = [space.digits(a).tolist() for a in legal]
                assert prefix in flat
                # each head's marginal mask marks exactly the values of some legal action
                at = 0
                for k, h in enumerate(heads):
                    marked = set(np.flatnonzero(v.mask[i, at:at + h]))
                    assert marked == {d[k] for d in flat}
                    at += h
                rows.append(prefix)
            v.step(np.array(rows, dtype=np.int64))


def test_afterstates_summarise_each_legal_action():
    v = tessera.VecEnv("akropolis", 3, seed=5, observation="compact", opponents=["greedy"])
    feats, offsets = v.afterstates()
    actions, offsets2 = v.legal_actions()
    assert np.array_equal(offsets, offsets2) and feats.shape == (len(actions), v.summary)
    for i in range(3):
        g = v.game(i)
        seat = int(v.learner_seats[i])
        for k in (0, offsets[i + 1] - offsets[i] - 1):
            h = g.clone()
            h.play_action(int(actions[offsets[i] + k]))
            # the summary is the compact observation's head of the position after it
            assert np.allclose(feats[offsets[i] + k], h.compact_observation(seat)[: v.summary])


def test_per_step_cost_falls_with_batch_size():
    """Not a timing assertion: the calls a step makes do not grow with the batch (the
    arrays are the same objects), which is what lets the cost per game-step fall."""
    small, big = (tessera.VecEnv("q", n, seed=0) for n in (4, 64))
    for v in (small, big):
        a, o = v.legal_actions()
        v.step(a[o[:-1]])
        assert v.obs.flags.c_contiguous and v.mask.flags.c_contiguous
