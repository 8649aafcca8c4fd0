"""Tessera's games as OpenSpiel Python games: OpenSpiel's own random simulation test, the
strings and resampling its information-set algorithms need, and its algorithms playing."""

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import tessera  # noqa: E402
import tessera.openspiel  # noqa: E402,F401

GAMES = tessera.games()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_random_sim_test(name, players):
    game = pyspiel.load_game(f"python_tessera_{name}", {"players": players, "seed": 5})
    assert game.num_players() == players
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_a_seed_fixes_every_deal_of_a_game_object(name):
    params = {"players": 2, "seed": 9}
    one, two = (pyspiel.load_game(f"python_tessera_{name}", params) for _ in range(2))
    firsts = [one.new_initial_state(), two.new_initial_state()]
    assert str(firsts[0]) == str(firsts[1])
    assert firsts[0].observation_tensor(0) == firsts[1].observation_tensor(0)
    assert len(firsts[0].observation_tensor(0)) == tessera.encoding(name)["size"]
    assert firsts[0].observation_string(0) != firsts[0].observation_string(1)
    # the next deal is another game
    assert one.new_initial_state().observation_tensor(0) != firsts[0].observation_tensor(0)


@pytest.mark.parametrize("name", GAMES)
def test_strings_and_resampling_keep_what_a_seat_knows(name):
    game = pyspiel.load_game(f"python_tessera_{name}", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    info = state.information_state_string(player)
    assert info != state.information_state_string(1 - player)
    assert len(info) > len(game.new_initial_state().information_state_string(player))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(6):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == info
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.legal_actions() == state.legal_actions()
        others.add(sample.observation_string(1 - player))
    if name != "akropolis":  # whose only hidden thing is the stacks' order
        assert len(others) > 1, "the other seat's tiles are sampled"
    for a in state.legal_actions()[:3]:
        assert state.action_to_string(player, a) == state.tessera.action_text(a)


def test_resampling_keeps_the_legal_actions_of_an_information_state_across_rounds():
    # a new Triominos round deals every tray: a seat's information state must say so
    game = pyspiel.load_game("python_tessera_triominos", {"players": 2, "seed": 4})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen = {}
    rounds = set()
    n = 0
    while not state.is_terminal() and n < 600:
        rounds.add(state.tessera.public_view()["round"])
        for s in range(2):
            # every seat's information state ends with the hand it holds now
            hand = json.dumps(state.tessera.hand(s), sort_keys=True)
            assert state.information_state_string(s).endswith(hand)
        if n % 5 == 0:
            player = state.current_player()
            for _ in range(2):
                sample = state.resample_from_infostate(player, sampler)
                key = sample.information_state_string(player)
                assert key == state.information_state_string(player)
                legal = tuple(sample.legal_actions())
                assert seen.setdefault(key, legal) == legal
                other = 1 - player
                if sample.current_player() == player:
                    # after a move of the sample, the other seat's state is its own key
                    s2 = sample.clone()
                    s2.apply_action(legal[0])
                    if s2.current_player() == other:
                        k2 = s2.information_state_string(other)
                        l2 = tuple(s2.legal_actions())
                        assert seen.setdefault(k2, l2) == l2
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    assert len(rounds) > 1, "the game went past a round"


def test_openspiel_information_set_mcts_plays_a_whole_game():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_tessera_akropolis", {"players": 2, "seed": 1})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_mcts_plays_q_turns_of_several_actions():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_tessera_q", {"players": 2, "seed": 1})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 1.4, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal() and n < 30:
        action = bot.step(state) if state.current_player() == 0 else rng.choice(
            state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        n += 1
    assert n == 30 or state.is_terminal()
