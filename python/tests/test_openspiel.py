"""Tessera's games as OpenSpiel Python games: OpenSpiel's own random simulation test, and
an OpenSpiel algorithm playing them."""

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
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_deals_the_same_game(name):
    game = pyspiel.load_game(f"python_tessera_{name}", {"players": 2, "seed": 9})
    a, b = game.new_initial_state(), game.new_initial_state()
    assert str(a) == str(b)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert len(a.observation_tensor(0)) == tessera.encoding(name)["size"]
    assert a.observation_string(0) != a.observation_string(1)


def test_an_openspiel_algorithm_plays_a_game():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_tessera_triominos", {"players": 2, "seed": 1})
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
    assert n > 0
