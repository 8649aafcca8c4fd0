"""The training recipe of examples/train/ (issue 45): a short, seeded run learns, and the
Rust bot `ppo:model=FILE` plays the network it exports."""

import importlib.util

import numpy as np
import pytest

from conftest import ROOT

import tessera


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


def test_the_gradients_written_out_agree_with_finite_differences():
    ppo = recipe()
    rng = np.random.default_rng(5)
    net = ppo.MLP(6, 8, 2, rng)
    net.params = [p.astype(np.float64) for p in net.params]  # finite differences need doubles
    x = rng.normal(size=(7, 6))
    w = rng.normal(size=7)

    def loss():
        return float((net(x) * w).sum())

    loss()
    grads = net.backward(w)
    for p, g in zip(net.params, grads):
        for idx in [(0,) * p.ndim, tuple(s - 1 for s in p.shape)]:
            old = p[idx]
            p[idx] = old + 1e-6
            up = loss()
            p[idx] = old - 1e-6
            down = loss()
            p[idx] = old
            assert abs((up - down) / 2e-6 - g[idx]) < 1e-4, (idx, (up - down) / 2e-6, g[idx])


def test_a_decision_s_probabilities_sum_to_one_and_adam_descends():
    ppo = recipe()
    segs = ppo.Segments([1, 3, 2])
    logp, lse = segs.log_softmax(np.array([5.0, 0.0, 1.0, 2.0, -700.0, -701.0]))
    assert np.allclose(segs.sum(np.exp(logp)), 1.0)
    assert logp[0] == 0.0 and np.isfinite(lse).all()
    with pytest.raises(ValueError):
        ppo.Segments([2, 0])
    x = np.array([3.0, -2.0])
    opt = ppo.Adam([x], 0.1)
    for _ in range(200):
        opt.step([2 * x])  # the gradient of |x|^2
    assert np.abs(x).max() < 0.1
