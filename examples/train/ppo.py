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

import tessera

# NumPy only: the network is two small MLPs whose gradients are written out below (a few
# lines each), so the recipe needs no deep-learning framework (PyTorch from PyPI brings
# gigabytes of CUDA libraries to a CPU-only laptop).


class MLP:
    """A ReLU perceptron with one output, in the layout of Tessera's value networks
    (``l{k}.weight`` of shape (out, in), ``l{k}.bias``), initialised as PyTorch's Linear."""

    def __init__(self, inputs, width, layers, rng):
        sizes = [inputs] + [width] * layers + [1]
        self.params = []
        for a, b in zip(sizes, sizes[1:]):
            bound = 1.0 / np.sqrt(a)
            self.params.append(rng.uniform(-bound, bound, (b, a)).astype(np.float32))
            self.params.append(rng.uniform(-bound, bound, b).astype(np.float32))
        self._acts = None

    def __call__(self, x):
        """The output for each row of ``x``; keeps what ``backward`` needs."""
        acts = [np.asarray(x, np.float32)]
        h = acts[0]
        layers = len(self.params) // 2
        for k in range(layers):
            h = h @ self.params[2 * k].T + self.params[2 * k + 1]
            if k < layers - 1:
                h = np.maximum(h, 0.0)
            acts.append(h)
        self._acts = acts
        return h[:, 0]

    def backward(self, grad):
        """The gradient of each parameter, given d loss / d output of the last call."""
        acts, layers = self._acts, len(self.params) // 2
        g = np.asarray(grad, np.float32)[:, None]
        grads = [None] * len(self.params)
        for k in reversed(range(layers)):
            if k < layers - 1:
                g = g * (acts[k + 1] > 0)
            grads[2 * k] = g.T @ acts[k]
            grads[2 * k + 1] = g.sum(axis=0)
            if k:
                g = g @ self.params[2 * k]
        return grads


class Adam:
    """Adam as PyTorch's default (betas 0.9, 0.999; eps 1e-8), with an optional clip of the
    gradients' global norm at a step."""

    def __init__(self, params, lr):
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads, clip=None):
        if clip is not None:
            norm = np.sqrt(sum(float((g.astype(np.float64) ** 2).sum()) for g in grads))
            if norm > clip:
                grads = [g * (clip / (norm + 1e-6)) for g in grads]
        self.t += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            mh = m / (1 - b1 ** self.t)
            vh = v / (1 - b2 ** self.t)
            p -= (self.lr * mh / (np.sqrt(vh) + 1e-8)).astype(p.dtype)


class Policy:
    def __init__(self, summary, rng, width=64, layers=2):
        self.score = MLP(summary, width, layers, rng)  # one logit per candidate afterstate
        self.value = MLP(summary, width, layers, rng)

    def logits(self, feats):
        return self.score(feats)


class Segments:
    """Contiguous groups of candidates, one group a decision (``counts`` each, all >= 1)."""

    def __init__(self, counts):
        counts = np.asarray(counts, np.int64)
        if len(counts) and counts.min() < 1:
            raise ValueError("a decision without candidates")
        self.starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        self.seg = np.repeat(np.arange(len(counts)), counts)
        self.n = len(counts)

    def sum(self, x):
        return np.add.reduceat(x, self.starts) if self.n else np.zeros(0, x.dtype)

    def log_softmax(self, logits):
        """Each candidate's log-probability within its decision, and each decision's
        log-sum-exp."""
        top = np.maximum.reduceat(logits, self.starts)
        lse = np.log(self.sum(np.exp(logits - top[self.seg]))) + top
        return logits - lse[self.seg], lse


def export(policy, path):
    """The scoring network as safetensors in the layout of Tessera's value networks."""
    from safetensors.numpy import save_file

    tensors = {}
    for k in range(len(policy.score.params) // 2):
        tensors[f"l{k}.weight"] = np.ascontiguousarray(policy.score.params[2 * k], np.float32)
        tensors[f"l{k}.bias"] = np.ascontiguousarray(policy.score.params[2 * k + 1], np.float32)
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
    args = p.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    opponents = args.opponents.split(",")
    env = tessera.VecEnv(args.game, args.envs, opponents=opponents, seed=args.seed * 1_000_000,
                         reward="both", scale=args.scale, observation="compact")
    S, n = env.summary, len(env)
    policy = Policy(S, rng, args.width)
    opt = Adam(policy.score.params, args.lr)
    opt_value = Adam(policy.value.params, args.lr)
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
            logp_all, _ = Segments(np.diff(offsets)).log_softmax(policy.logits(feats))
            prob = np.exp(logp_all)
            value = policy.value(O[-1])
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
        last = policy.value(env.obs[:, :S].copy())
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
        feats = np.concatenate(F)
        segs = Segments(np.concatenate([np.diff(o) for o in OFF]))
        chosen_local = np.concatenate([c - o[:-1] for c, o in zip(CH, OFF)])
        chosen = segs.starts + chosen_local
        m = segs.n
        old_lp = np.concatenate(LP).astype(np.float32)
        A = adv.reshape(-1)
        A = (A - A.mean()) / (A.std(ddof=1) + 1e-8)
        Ret = ret.reshape(-1).astype(np.float32)
        for _ in range(args.epochs):
            # the clipped surrogate and the entropy bonus, and their gradient by each logit
            logp = segs.log_softmax(policy.logits(feats))[0]
            pr = np.exp(logp)
            ratio = np.exp(logp[chosen] - old_lp)
            clipped = np.clip(ratio, 1 - clip, 1 + clip)
            pl = -np.minimum(ratio * A, clipped * A).mean()
            H = -segs.sum(pr * logp)
            loss = pl - 0.01 * H.mean()
            # d pl / d log p(chosen): the unclipped branch's where it is the smaller
            g_lp = -(A * ratio * (ratio * A <= clipped * A)) / m
            onehot = np.zeros_like(logp)
            onehot[chosen] = 1.0
            g = (onehot - pr) * g_lp[segs.seg] + 0.01 / m * pr * (logp + H[segs.seg])
            opt.step(policy.score.backward(g), clip=0.5)
        # the value head on the positions of the rollout (each position's own summary)
        obs_all = np.concatenate(O)
        for _ in range(args.epochs):
            v = policy.value(obs_all)
            opt_value.step(policy.value.backward(2.0 * (v - Ret) / len(Ret)))
        if len(results) >= 200:
            curve.append({"seconds": round(time.time() - start, 1), "steps": steps,
                          "win_rate": float(np.mean(results))})
            print(f"{curve[-1]['seconds']:7.1f}s {steps:9d} steps  win rate {curve[-1]['win_rate']:.3f}"
                  f"  loss {loss:.3f}", flush=True)
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
        feats = np.concatenate(F)
        segs = Segments(np.concatenate([np.diff(o) for o in OFF]))
        local = np.concatenate(TG)
        keep = local >= 0
        k = max(int(keep.sum()), 1)
        idx = (segs.starts + np.maximum(local, 0))[keep]
        for _ in range(args.epochs):
            # cross-entropy of the teacher's choice, and its gradient by each logit
            logp = segs.log_softmax(policy.logits(feats))[0]
            loss = -logp[idx].sum() / k
            target = np.zeros_like(logp)
            target[idx] = 1.0
            g = -(target - np.exp(logp) * keep[segs.seg]) / k
            opt.step(policy.score.backward(g))
        rounds += 1
        if rounds % 10 == 0:
            print(f"{time.time() - start:7.1f}s imitation of {args.teacher}: loss {loss:.3f}", flush=True)


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
