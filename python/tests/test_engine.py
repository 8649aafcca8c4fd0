"""The engines from Python: every registered game, through the generic API."""

import copy
import random

import pytest

import tessera

GAMES = tessera.games()


def test_the_registry_is_listed():
    assert set(GAMES) >= {"triominos", "q", "akropolis"}
    for name in GAMES:
        info = tessera.info(name)
        assert info["name"] == name
        assert info["bots"], name


def random_game(name, seed, seats=2):
    g = tessera.Game(name, seats=seats, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        moves = g.legal_moves()
        assert moves, "a seat to move always has a legal move"
        g.play(rng.choice(moves))
        n += 1
        assert n < 100_000
    return g


@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_ends_with_an_outcome_and_its_record_loads(name):
    g = random_game(name, seed=11)
    out = g.outcome()
    assert out["scores"] == g.scores()
    assert out["winners"] and all(0 <= w < g.seats for w in out["winners"])
    g.check()
    record = g.record()
    assert record["game"] == name and record["seed"] == 11
    assert len(record["moves"]) == g.moves_played
    back = tessera.load(record)
    assert back.public_view() == g.public_view()
    assert back.scores() == g.scores()
    steps = tessera.replay(record)["steps"]
    assert len(steps) == len(record["moves"]) + 1
    assert steps[-1]["scores"] == g.scores()


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_moves_give_the_same_game(name):
    a = random_game(name, seed=5)
    b = random_game(name, seed=5)
    assert a.record() == b.record()
    c = random_game(name, seed=6)
    assert c.record() != a.record()


@pytest.mark.parametrize("name", GAMES)
def test_play_by_index_equals_play_by_move(name):
    a = tessera.Game(name, seats=2, seed=3)
    b = tessera.Game(name, seats=2, seed=3)
    rng = random.Random(3)
    for _ in range(10):
        if a.is_over:
            break
        moves = a.legal_moves()
        i = rng.randrange(len(moves))
        assert b.play_index(i) == moves[i]
        a.play(moves[i])
        assert a.public_view() == b.public_view()


@pytest.mark.parametrize("name", GAMES)
def test_errors_carry_the_engines_reason_and_change_nothing(name):
    g = tessera.Game(name, seats=2, seed=1)
    before = g.public_view()
    with pytest.raises(tessera.IllegalMove) as e:
        g.play({"nonsense": 1})
    assert "not a move" in str(e.value)
    with pytest.raises(tessera.IllegalMove):
        g.play_index(10**9)
    with pytest.raises(tessera.SettingsError):
        g.view(17)
    with pytest.raises(TypeError):
        g.play(object())
    assert g.public_view() == before and g.moves_played == 0
    with pytest.raises(tessera.SettingsError):
        tessera.Game(name, seats=99)
    with pytest.raises(tessera.BotError):
        tessera.Bot(name, "no-such-bot")
    assert issubclass(tessera.IllegalMove, tessera.TesseraError)


def test_unknown_games_and_bad_records_are_refused():
    with pytest.raises(tessera.UnknownGame) as e:
        tessera.Game("chess")
    assert "triominos" in str(e.value)
    with pytest.raises(tessera.RecordError):
        tessera.load({"game": "q", "moves": 3})
    g = random_game("q", seed=2)
    r = g.record()
    r["moves"][0], r["moves"][1] = r["moves"][1], r["moves"][0]
    with pytest.raises(tessera.RecordError):
        tessera.load(r)


def test_an_illegal_move_names_why():
    g = tessera.Game("triominos", seats=2, seed=1)
    legal = g.legal_moves()
    placed = [m for m in legal if isinstance(m, dict)]
    assert placed
    bad = copy.deepcopy(placed[0])
    bad["place"]["x"] += 40
    with pytest.raises(tessera.IllegalMove) as e:
        g.play(bad)
    assert str(e.value)


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_is_independent(name):
    g = tessera.Game(name, seats=2, seed=4)
    c = g.clone()
    d = copy.deepcopy(g)
    c.play(c.legal_moves()[0])
    assert g.moves_played == 0 and d.moves_played == 0
    assert c.moves_played == 1


@pytest.mark.parametrize("name", GAMES)
def test_rules_options_are_checked(name):
    rules = tessera.rules(name, 2)
    g = tessera.Game(name, seats=2, seed=0)
    assert g.rules == rules
    with pytest.raises(tessera.SettingsError):
        tessera.Game(name, seats=2, no_such_option=3)


@pytest.mark.parametrize("name", GAMES)
def test_bots_play_from_python(name):
    specs = [tessera.info(name)["bots"][0]["name"], "random"]
    g = tessera.play_bots(name, specs, seed=9)
    assert g.is_over
    assert g.record()["players"] == specs
    again = tessera.play_bots(name, specs, seed=9)
    assert again.record() == g.record()


def test_a_bot_refuses_another_games_state():
    bot = tessera.Bot("q", "random", seed=1)
    with pytest.raises(tessera.SettingsError):
        bot.choose(tessera.Game("akropolis", seats=2))
