"""The training recipe of examples/train/ (issue 45): a short, seeded run learns, and the
Rust bot `ppo:model=FILE` plays the network it exports."""

import importlib.util

import pytest

from conftest import ROOT

pytest.importorskip("torch")
pytest.importorskip("safetensors")

import tessera  # noqa: E402


def recipe():
    spec = importlib.util.spec_from_file_location("ppo", ROOT / "examples" / "train" / "ppo.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rate(model, games=60):
    t = tessera.tournament("q", [f"ppo:model={model}", "random"], games=games, seed=9, threads=1)
    return next(s for s in t["strategies"] if s["name"].startswith("ppo"))["win_rate"]


def test_a_short_seeded_run_beats_random_more_often_than_the_untrained_policy(tmp_path):
    ppo = recipe()
    common = ["--game", "q", "--envs", "16", "--seed", "3", "--eval", "0"]
    untrained, trained = tmp_path / "untrained.safetensors", tmp_path / "trained.safetensors"
    ppo.main(common + ["--updates", "0", "--out", str(untrained)])
    report = ppo.main(common + ["--updates", "8", "--out", str(trained), "--curve", str(tmp_path / "c.json")])
    assert report["steps"] == 8 * 16 * 16
    before, after = rate(untrained), rate(trained)
    assert after > before, (before, after)
    assert (tmp_path / "c.json").exists()


def test_the_ppo_spec_needs_a_model_of_the_right_shape(tmp_path):
    with pytest.raises(tessera.BotError, match="model=FILE"):
        tessera.Bot("q", "ppo")
    with pytest.raises(tessera.BotError, match="model="):
        tessera.Bot("q", f"ppo:model={tmp_path / 'missing.safetensors'}")
    ppo = recipe()
    path = tmp_path / "a.safetensors"
    ppo.main(["--game", "akropolis", "--envs", "2", "--updates", "0", "--eval", "0", "--out", str(path)])
    with pytest.raises(tessera.BotError, match="inputs"):
        tessera.Bot("q", f"ppo:model={path}")  # an Akropolis network reads 82 values, Q's 14
    g = tessera.Game("akropolis", seed=1)
    tessera.Bot("akropolis", f"ppo:model={path}", seed=1).play(g)
    assert g.moves_played == 1
