"""tessera_remote against a real host (scripts/clients-test starts it): whole games of each
game, a connection cut mid-game and resumed, a rated game with an API token, refusals."""
import random
import time

import pytest

from tessera_remote import (
    AkropolisView,
    Bot,
    Ejected,
    QPlacement,
    QView,
    Refused,
    TriominosPlacement,
    TriominosView,
    run,
    to_wire,
)

VIEWS = {"q": QView, "triominos": TriominosView, "akropolis": AkropolisView}


class TypedGreedy(Bot):
    """Checks every view and legal list it is handed, answers a typed move."""

    def __init__(self, game):
        self.game, self.turns, self.raw_views, self.setups, self.ends = game, 0, [], 0, []

    def setup(self, view, tiles):
        assert isinstance(view, VIEWS[self.game]), view
        self.setups += 1

    def move(self, view, legal):
        assert isinstance(view, VIEWS[self.game]), view
        assert legal.count == len(legal.moves) == len(legal.gains) > 0
        assert legal.complete == (self.game != "q")
        typed = legal.typed()
        assert [to_wire(m) for m in typed] == legal.moves, "typed moves read back as themselves"
        if self.game == "q":
            assert "pass" in legal.moves and view.hand, view
            assert all(isinstance(p, QPlacement) for m in typed if isinstance(m, list) for p in m)
        if self.game == "triominos":
            assert view.tray and view.to_move == view.seat
            assert any(isinstance(m, TriominosPlacement) for m in typed) or set(legal.moves) <= {"draw", "pass"}
        self.turns += 1
        self.raw_views.append(view.raw)
        top = max(legal.gains)
        return random.choice([m for m, g in zip(typed, legal.gains) if g == top])

    def end(self, won):
        self.ends.append(won)


@pytest.mark.parametrize("game", ["q", "triominos", "akropolis"])
def test_a_whole_game_of_each_game_against_a_house_level(host, game):
    table = host.table(game)
    bot = TypedGreedy(game)
    [outcome] = run(bot, table=table, name="pytyped", port=host.tcp, timeout=30)
    assert outcome.game == game and outcome.moves == bot.turns > 0 and outcome.resumes == 0
    assert bot.setups == 1 and bot.ends == [outcome.won]
    g = host.game(table)
    assert g["ejected"] == [] and g["ejections"] == [], g
    assert "pytyped" in [s["name"] for s in g["seats"]]
    assert ("pytyped" in g["winners"]) == outcome.won, g


class Cutter(TypedGreedy):
    """Drops its connection in the middle of its third turn, before it answers."""

    def move(self, view, legal):
        answer = super().move(view, legal)
        if self.turns == 3:
            self.session.cut()
        return answer


def test_a_connection_cut_mid_game_comes_back_with_the_resume_token(host):
    table = host.table("triominos")
    bot = Cutter("triominos")
    [outcome] = run(bot, table=table, name="pycut", port=host.tcp, timeout=30)
    assert outcome.resumes == 1
    # the call it had not answered was sent again on the new connection
    assert bot.turns >= 4 and bot.raw_views[2] == bot.raw_views[3]
    g = host.game(table)
    assert g["ejected"] == [] and g["ejections"] == [], g


def test_a_rated_game_with_a_bot_accounts_api_token(host):
    name = f"pyrated{random.randrange(10**6)}"
    token = host.bot_token(name)
    assert token.startswith("tsr_")
    bot = TypedGreedy("triominos")
    # two games on one connection ("again": true)
    outcomes = run(bot, game="triominos", token=token, rated=True, players=2, games=2, port=host.tcp, timeout=60)
    assert len(outcomes) == 2 and all(o.moves > 0 for o in outcomes) and bot.setups == 2
    # the rating is stored a moment after the game ends
    until = time.time() + 10
    while True:
        account = host.request("GET", f"/api/accounts/{name}")
        if (len(account["history"]) == 2 and account["ratings"]) or time.time() > until:
            break
        time.sleep(0.2)
    [rating] = [r for r in account["ratings"] if r["game"] == "triominos"]
    assert rating["games"] == 2, account
    for played in account["history"]:
        g = host.game(played["game_id"])
        assert name in [s["name"] for s in g["seats"]] and g["ejected"] == []


def test_a_refused_sign_up_and_an_ejection_are_errors(host):
    with pytest.raises(Refused, match="the host says"):
        run(TypedGreedy("q"), game="chess", name="pyrefused", port=host.tcp, timeout=10)

    class Wrong(Bot):
        def move(self, view, legal):
            return "castle"

    table = host.table("akropolis")
    with pytest.raises(Ejected) as ejected:
        run(Wrong(), table=table, name="pywrong", port=host.tcp, timeout=30)
    assert "ejected" in ejected.value.message
    g = host.game(table)
    assert [e["name"] for e in g["ejections"]] == ["pywrong"]


def test_challenges_a_house_level_accepts_and_a_bot_accepts_or_declines(host):
    import threading

    from tessera_remote import Refused, challenges, decline

    a, b = f"pych{random.randrange(10**6)}", f"pyacc{random.randrange(10**6)}"
    ta, tb = host.bot_token(a), host.bot_token(b)
    # a house level accepts at once
    [o] = run(TypedGreedy("triominos"), game="triominos", token=ta, challenge="level:1", port=host.tcp, timeout=60)
    assert o.moves > 0
    # b reads a's challenge over HTTP and accepts it with its own connection
    done = {}

    def challenger(key, **kw):
        try:
            done[key] = run(TypedGreedy("triominos"), game="triominos", token=ta, challenge=b, port=host.tcp, timeout=60, **kw)
        except Refused as e:
            done[key] = e

    def waiting():
        until = time.time() + 10
        while time.time() < until:
            mine = [c for c in challenges(tb, http_port=host.http)["incoming"] if c["state"] == "waiting"]
            if mine:
                return mine[0]
            time.sleep(0.1)
        raise AssertionError("no challenge came")

    t = threading.Thread(target=challenger, args=("accepted",), kwargs={"options": {"end": "round"}})
    t.start()
    c = waiting()
    assert c["from"]["name"] == a and c["options"] == {"end": "round"}
    [mine] = run(TypedGreedy("triominos"), game="triominos", token=tb, accept=c["id"], port=host.tcp, timeout=60)
    t.join(60)
    assert mine.moves > 0 and done["accepted"][0].moves > 0
    # declined: the challenger's run raises Refused with b's words
    t = threading.Thread(target=challenger, args=("declined",))
    t.start()
    decline(tb, waiting()["id"], "not now", http_port=host.http)
    t.join(20)
    assert isinstance(done["declined"], Refused) and "not now" in str(done["declined"]), done
