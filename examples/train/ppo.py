"""A small masked PPO that learns to play a Tessera game on a laptop's CPU.

    python examples/train/ppo.py --game akropolis --minutes 15 --out akropolis-ppo.safetensors

The policy scores each legal action by the summary of the position it leads to
(``tessera.VecEnv.afterstates``: scores, per-seat figures, what is left; the same values
the Rust bot ``ppo:model=FILE`` computes), a softmax over the legal actions: a masked
policy with one logit per legal action, whatever the size of the action space. The value
head reads the summary of the position itself. Games are played in Rust, many at a time
(``tessera.VecEnv``), against the opponents given, the learner's seat drawn per game;
rewards: the win (+1 / -1) and the score margin / ``--scale`` as it changes.

At the end the policy network is written as safetensors (``l0.weight``, ``l0.bias``, ...:
the layout of Tessera's value networks), which ``tessera tournament --players
ppo:model=FILE,...`` and the site's bots load, and it is evaluated against ``random`` and
``level:2`` (``--eval`` games each, with ``tessera.tournament``: the Rust bot playing).
The learning curve (the win rate of the training games against each opponent) is written
as JSON and, with matplotlib, as a plot.
"""

import argparse
import json
import os
import time

import numpy as np
import torch
from torch import nn

import tessera


def mlp(inputs, width, layers):
    mods, n = [], inputs
    for _ in range(layers):
        mods += [nn.Linear(n, width), nn.ReLU()]
        n = width
    mods.append(nn.Linear(n, 1))
    return nn.Sequential(*mods)


class Policy(nn.Module):
    def __init__(self, summary, width=64, layers=2):
        super().__init__()
        self.score = mlp(summary, width, layers)  # one logit per candidate afterstate
        self.value = mlp(summary, width, layers)

    def logits(self, feats):
        return self.score(feats).squeeze(-1)


def segment_logsumexp(logits, seg, n):
    top = torch.full((n,), -1e30).scatter_reduce(0, seg, logits, "amax")
    s = torch.zeros(n).index_add(0, seg, torch.exp(logits - top[seg]))
    return torch.log(s) + top


def export(policy, path):
    """The scoring network as safetensors in the layout of Tessera's value networks."""
    from safetensors.torch import save_file

    linear = [m for m in policy.score if isinstance(m, nn.Linear)]
    tensors = {}
    for k, l in enumerate(linear):
        tensors[f"l{k}.weight"] = l.weight.detach().contiguous().float()
        tensors[f"l{k}.bias"] = l.bias.detach().contiguous().float()
    save_file(tensors, path)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="akropolis")
    p.add_argument("--minutes", type=float, default=15.0, help="wall time of training")
    p.add_argument("--updates", type=int, default=None,
                   help="stop after this many updates instead (a run that does not hang on the clock)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--envs", type=int, default=64)
    p.add_argument("--steps", type=int, default=16, help="steps a rollout, per game")
    p.add_argument("--opponents", default="random,level:2,level:2,level:2")
    p.add_argument("--scale", type=float, default=20.0, help="points of margin a unit of reward")
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--teacher", default=None,
                   help="a bot spec whose moves the policy imitates first (e.g. level:3)")
    p.add_argument("--imitate", type=float, default=0.0,
                   help="minutes of imitation of --teacher before PPO (within --minutes)")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--width", type=int, default=64)
    p.add_argument("--eval", type=int, default=400, help="evaluation games against each of random and level:2")
    p.add_argument("--out", default=None, help="the exported policy (safetensors)")
    p.add_argument("--curve", default=None, help="the learning curve (JSON; .svg/.png beside it with matplotlib)")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    args = p.parse_args(argv)

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    opponents = args.opponents.split(",")
    env = tessera.VecEnv(args.game, args.envs, opponents=opponents, seed=args.seed * 1_000_000,
                         reward="both", scale=args.scale, observation="compact")
    S, n = env.summary, len(env)
    policy = Policy(S, args.width)
    opt = torch.optim.Adam(policy.parameters(), lr=args.lr)
    gamma, lam, clip = 1.0, 0.95, 0.2

    start = time.time()
    curve, results = [], []
    steps = 0
    # which opponent each game faces (drawn in Rust: known from its final scores' seat order is
    # not enough, so the curve reports wins against the mix)
    if args.teacher and args.imitate > 0:
        imitate(env, policy, opt, args, rng, start)
    updates = 0
    while (time.time() - start < args.minutes * 60) if args.updates is None else updates < args.updates:
        updates += 1
        F, OFF, CH, LP, V, R, D, O = [], [], [], [], [], [], [], []
        for _ in range(args.steps):
            feats, offsets = env.afterstates()
            actions, _ = env.legal_actions()
            O.append(env.obs[:, :S].copy())
            obs = torch.from_numpy(O[-1])
            ft = torch.from_numpy(feats)
            counts = np.diff(offsets)
            seg = torch.from_numpy(np.repeat(np.arange(n), counts))
            with torch.no_grad():
                lg = policy.logits(ft)
                lse = segment_logsumexp(lg, seg, n)
                prob = torch.exp(lg - lse[seg]).numpy()
                value = policy.value(obs).squeeze(-1).numpy()
            # one draw per game from its candidates
            u = rng.random(n)
            cum = np.cumsum(prob)
            base = np.concatenate([[0.0], cum[offsets[1:-1] - 1]])
            pick = np.searchsorted(cum, base + u * (cum[offsets[1:] - 1] - base))
            pick = np.minimum(np.maximum(pick, offsets[:-1]), offsets[1:] - 1)
            logp = np.log(prob[pick] + 1e-12)
            seats = env.learner_seats
            r, term, trunc, scores, winners, _ = env.step(actions[pick])
            for i in np.flatnonzero(term | trunc):
                w = np.flatnonzero(winners[i])
                results.append(1.0 if seats[i] in w and len(w) < env.seats else (0.5 if len(w) == env.seats else 0.0))
            F.append(feats); OFF.append(offsets); CH.append(pick); LP.append(logp)
            V.append(value); R.append(r); D.append(term | trunc)
            steps += n
        with torch.no_grad():
            last = policy.value(torch.from_numpy(env.obs[:, :S].copy())).squeeze(-1).numpy()
        T = len(R)
        adv = np.zeros((T, n), np.float32)
        gae = np.zeros(n, np.float32)
        for t in reversed(range(T)):
            nv = last if t == T - 1 else V[t + 1]
            nonterm = 1.0 - D[t].astype(np.float32)
            delta = R[t] + gamma * nv * nonterm - V[t]
            gae = delta + gamma * lam * nonterm * gae
            adv[t] = gae
        ret = adv + np.array(V)
        # the rollout as one batch of decisions, candidates flat
        feats = torch.from_numpy(np.concatenate(F))
        counts = np.concatenate([np.diff(o) for o in OFF])
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        chosen_local = np.concatenate([c - o[:-1] for c, o in zip(CH, OFF)])
        chosen = torch.from_numpy(starts + chosen_local)
        m = len(counts)
        seg = torch.from_numpy(np.repeat(np.arange(m), counts))
        old_lp = torch.from_numpy(np.concatenate(LP).astype(np.float32))
        A = torch.from_numpy(adv.reshape(-1))
        A = (A - A.mean()) / (A.std() + 1e-8)
        Ret = torch.from_numpy(ret.reshape(-1).astype(np.float32))
        for _ in range(args.epochs):
            lg = policy.logits(feats)
            lse = segment_logsumexp(lg, seg, m)
            lp = lg[chosen] - lse
            ratio = torch.exp(lp - old_lp)
            pl = -torch.min(ratio * A, torch.clamp(ratio, 1 - clip, 1 + clip) * A).mean()
            pr = torch.exp(lg - lse[seg])
            ent = -(torch.zeros(m).index_add(0, seg, pr * (lg - lse[seg]))).mean()
            loss = pl - 0.01 * ent
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
        # the value head on the positions of the rollout (each position's own summary)
        obs_t = torch.from_numpy(np.concatenate(O))
        for _ in range(args.epochs):
            vl = ((policy.value(obs_t).squeeze(-1) - Ret) ** 2).mean()
            opt.zero_grad()
            vl.backward()
            opt.step()
        if len(results) >= 200:
            curve.append({"seconds": round(time.time() - start, 1), "steps": steps,
                          "win_rate": float(np.mean(results))})
            print(f"{curve[-1]['seconds']:7.1f}s {steps:9d} steps  win rate {curve[-1]['win_rate']:.3f}"
                  f"  loss {loss.item():.3f}", flush=True)
            results = []
    out = args.out or f"{args.game}-ppo.safetensors"
    export(policy, out)
    print(f"exported {out}")
    report = {"game": args.game, "minutes": args.minutes, "seed": args.seed, "steps": steps,
              "curve": curve, "load": os.getloadavg()}
    if args.eval:
        for opp in ("random", "level:2"):
            t = tessera.tournament(args.game, [f"ppo:model={out}", opp], games=args.eval,
                                   seed=args.seed, threads=1)
            rate = win_rate(t, f"ppo:model={out}")
            report[f"vs {opp}"] = rate
            print(f"against {opp}: {rate['wins']} wins of {rate['games']} "
                  f"(a shared win counts half): {rate['win_rate']:.1%} "
                  f"[{rate['ci95'][0]:.1%}, {rate['ci95'][1]:.1%}]", flush=True)
    if args.curve:
        with open(args.curve, "w") as f:
            json.dump(report, f, indent=1)
        plot(report, os.path.splitext(args.curve)[0] + ".svg")
    return report


def imitate(env, policy, opt, args, rng, start):
    """Cross-entropy on the teacher's actions, in games the teacher's own choices play on."""
    n, S = len(env), env.summary
    seed, rounds = 0, 0
    while time.time() - start < args.imitate * 60:
        F, OFF, TG = [], [], []
        for _ in range(args.steps):
            feats, offsets = env.afterstates()
            actions, _ = env.legal_actions()
            target = env.teacher(args.teacher, seed=seed)
            seed += 1
            local = np.zeros(n, np.int64)
            play = actions[offsets[:-1] + (rng.random(n) * np.diff(offsets)).astype(np.int64)]
            for i in range(n):
                legal = actions[offsets[i]:offsets[i + 1]]
                k = np.searchsorted(legal, target[i]) if target[i] >= 0 else -1
                if k >= 0 and k < len(legal) and legal[k] == target[i]:
                    local[i] = k
                    play[i] = target[i]
                else:
                    local[i] = -1
            F.append(feats); OFF.append(offsets); TG.append(local)
            env.step(play)
        feats = torch.from_numpy(np.concatenate(F))
        counts = np.concatenate([np.diff(o) for o in OFF])
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        local = np.concatenate(TG)
        keep = local >= 0
        m = len(counts)
        seg = torch.from_numpy(np.repeat(np.arange(m), counts))
        idx = torch.from_numpy((starts + np.maximum(local, 0))[keep])
        keep_t = torch.from_numpy(keep)
        for _ in range(args.epochs):
            lg = policy.logits(feats)
            lse = segment_logsumexp(lg, seg, m)
            loss = -(lg[idx] - lse[keep_t]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        rounds += 1
        if rounds % 10 == 0:
            print(f"{time.time() - start:7.1f}s imitation of {args.teacher}: loss {loss.item():.3f}", flush=True)


def win_rate(stats, name):
    for s in stats["strategies"]:
        if s["name"] == name:
            return s
    raise KeyError(name)


def plot(report, path):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    xs = [c["seconds"] / 60 for c in report["curve"]]
    ys = [c["win_rate"] for c in report["curve"]]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(xs, ys)
    ax.set_xlabel("minutes of training")
    ax.set_ylabel("win rate of the training games")
    ax.set_ylim(0, 1)
    ax.set_title(f"{report['game']}: masked PPO against the mix of opponents")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    main()
