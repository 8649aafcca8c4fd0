#!/usr/bin/env python3
"""Draws the win rate of a tournament's first pair, with its 95% interval, for several
`tessera tournament --json` outputs, as an SVG (no plotting library: the standard library).

    scripts/plot-winrate.py --title T --xlabel X [--bar 0.6] [--out F.svg] LABEL=FILE.json ...

Each point is one JSON file: the first pair's `win_rate` and `ci95`, labelled LABEL on the
x axis (in the order given), with the number of games beside it. Prints the points it drew.
"""

import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("points", nargs="+", help="LABEL=FILE.json")
    ap.add_argument("--title", required=True)
    ap.add_argument("--xlabel", required=True)
    ap.add_argument("--bar", type=float, help="a dashed line at this win rate")
    ap.add_argument("--out", help="the SVG file (default: standard output)")
    args = ap.parse_args()

    points = []
    for p in args.points:
        label, sep, path = p.partition("=")
        if not sep:
            sys.exit(f"{p}: give LABEL=FILE.json")
        with open(path) as f:
            pair = json.load(f)["pairs"][0]
        points.append((label, pair["win_rate"], pair["ci95"], pair["games"]))

    w, h, left, right, top, bottom = 480, 300, 60, 460, 40, 240
    lo = min(0.4, min(c[0] for _, _, c, _ in points) - 0.02)
    hi = max(0.7, max(c[1] for _, _, c, _ in points) + 0.02)

    def y(v):
        return bottom - (v - lo) / (hi - lo) * (bottom - top)

    def x(i):
        return left + (i + 0.5) * (right - left) / len(points)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{w / 2}" y="18" text-anchor="middle">{args.title}</text>',
    ]
    tick = int(lo * 10 + 0.999) / 10
    while tick <= hi:
        out.append(f'<line x1="{left}" x2="{right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:.0%}</text>')
        tick = round(tick + 0.1, 2)
    if args.bar is not None:
        out.append(f'<line x1="{left}" x2="{right}" y1="{y(args.bar):.1f}" y2="{y(args.bar):.1f}" '
                   'stroke="#c33" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{right - 2}" y="{y(args.bar) - 4:.1f}" text-anchor="end" '
                   f'fill="#c33">the bar: {args.bar:.0%}</text>')
    for i, (label, rate, (a, b), games) in enumerate(points):
        cx = x(i)
        for y1, y2, x1, x2 in [(y(a), y(b), cx, cx), (y(a), y(a), cx - 6, cx + 6), (y(b), y(b), cx - 6, cx + 6)]:
            out.append(f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{y1:.1f}" y2="{y2:.1f}" '
                       'stroke="#236" stroke-width="2"/>')
        out.append(f'<circle cx="{cx:.1f}" cy="{y(rate):.1f}" r="5" fill="#236"/>')
        out.append(f'<text x="{cx + 10:.1f}" y="{y(rate) + 4:.1f}">{rate:.1%}</text>')
        out.append(f'<text x="{cx:.1f}" y="{bottom + 28}" text-anchor="middle">{label}</text>')
        out.append(f'<text x="{cx:.1f}" y="{bottom + 42}" text-anchor="middle" fill="#666">{games} games</text>')
        print(f"{label}: {rate:.1%} [{a:.1%}, {b:.1%}], {games} games", file=sys.stderr)
    out.append(f'<text x="{w / 2}" y="{h - 6}" text-anchor="middle">{args.xlabel}</text>')
    out.append("</svg>")
    svg = "\n".join(out) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(svg)
    else:
        sys.stdout.write(svg)


if __name__ == "__main__":
    main()
