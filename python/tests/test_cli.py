"""The engines agree with the `tessera` command."""

import json
import subprocess

import pytest

import tessera

CASES = [
    ("triominos", ["greedy", "random"], 4),
    ("q", ["ldasg", "random", "greedy"], 7),
    ("akropolis", ["greedy", "random"], 2),
]


@pytest.mark.parametrize("name,players,seed", CASES)
def test_a_seeded_game_equals_tessera_play(cli, tmp_path, name, players, seed):
    out = tmp_path / "record.json"
    subprocess.run(
        [cli, "play", name, "--players", ",".join(players), "--seed", str(seed),
         "--quiet", "--record", str(out)],
        check=True, capture_output=True, timeout=300,
    )
    theirs = json.loads(out.read_text())
    ours = tessera.play_bots(name, players, seed=seed).record()
    assert ours == theirs


@pytest.mark.parametrize("name", tessera.games())
def test_records_made_in_python_replay_with_tessera_replay(cli, tmp_path, name):
    g = tessera.Game(name, seats=2, seed=21, players=["alice", "bob"])
    import random
    rng = random.Random(1)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    f = tmp_path / "r.json"
    f.write_text(json.dumps(g.record()))
    r = subprocess.run([cli, "replay", str(f)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Replay matches the record" in r.stdout
    # a broken record is refused by the command too
    bad = g.record()
    bad["moves"] = bad["moves"][1:]
    f.write_text(json.dumps(bad))
    r = subprocess.run([cli, "replay", str(f)], capture_output=True, text=True, timeout=300)
    assert r.returncode != 0


def test_a_tournament_gives_the_statistics_of_tessera_tournament(cli, tmp_path):
    args = ["--game", "q", "--players", "greedy,random", "--games", "12", "--seed", "3"]
    r = subprocess.run([cli, "tournament", *args, "--json", "--no-db"],
                       capture_output=True, text=True, timeout=300, check=True)
    theirs = json.loads(r.stdout.strip().splitlines()[-1])
    ours = tessera.tournament("q", ["greedy", "random"], games=12, seed=3, threads=2)
    for s in (theirs, ours):
        s.pop("games_per_s")
        # the CPU time a move is a timing too, measured anew by each run
        for st in s["strategies"]:
            assert st.pop("cpu_ms_per_move") >= 0
    assert ours == theirs
