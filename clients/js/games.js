// Typed views and moves of each game (docs/protocol.md 1.3, "VIEW, TILES and MOVE").
// Every view keeps the host's JSON as `raw`; `toWire` turns a typed move back into the wire
// form. A bot may answer with a typed move or with a wire form (any of `legal.moves`).

/** Which game a view is of, from its shape: "q", "triominos", "akropolis" or null. */
export function gameOfView(raw) {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    if ("map" in raw && "players" in raw) return "q";
    if ("board" in raw && "tray" in raw) return "triominos";
    if ("state" in raw && "unused" in raw) return "akropolis";
  }
  return null;
}

/** A Q tile {color, shape}. */
export class QTile {
  constructor(color, shape) {
    this.color = color;
    this.shape = shape;
  }
  wire() {
    return { color: this.color, shape: this.shape };
  }
}

/** One tile of a Q line: `tile` at (`row`, `column`). A Q move is "pass", "replace" or an
 * array of placements. */
export class QPlacement {
  constructor(row, column, tile) {
    this.row = row;
    this.column = column;
    this.tile = tile;
  }
  wire() {
    return { coordinate: { row: this.row, column: this.column }, "1tile": this.tile.wire() };
  }
}

/** A Triominos placement: `tile` ("a-b-c"), `orientation` (ABC, ACB, ...), `x`, `y`. A
 * Triominos move is "draw", "pass" or a placement. */
export class TriominosPlacement {
  constructor(tile, orientation, x, y) {
    Object.assign(this, { tile, orientation, x, y });
  }
  wire() {
    const { tile, orientation, x, y } = this;
    return { place: { tile, orientation, x, y } };
  }
}

/** The typed view of a host's view: {game: "q", map: Map("row,column" -> QTile), name,
 * score, hand, others, pile, ruleSet, raw}, {game: "triominos", seat, rules, round, board,
 * tray, traySizes, pile, scores, toMove, draws, raw}, {game: "akropolis", seat, rules,
 * state, unused, raw}; the JSON itself for a shape not known here. */
export function viewOf(raw) {
  const game = gameOfView(raw);
  if (game === "q") {
    const map = new Map();
    for (const [row, ...cells] of raw.map) for (const [column, t] of cells) map.set(`${row},${column}`, new QTile(t.color, t.shape));
    const [me, ...others] = raw.players;
    return {
      game, map, name: me.name, score: me.score, hand: me["tile*"].map((t) => new QTile(t.color, t.shape)),
      others, pile: raw["tile*"], ruleSet: raw["rule-set"] || "course", raw,
    };
  }
  if (game === "triominos") {
    return {
      game, seat: raw.seat, rules: raw.rules, round: raw.round, board: raw.board, tray: raw.tray,
      traySizes: raw.tray_sizes, pile: raw.pile, scores: raw.scores, toMove: raw.to_move, draws: raw.draws, raw,
    };
  }
  if (game === "akropolis") return { game, seat: raw.seat, rules: raw.rules, state: raw.state, unused: raw.unused, raw };
  return raw;
}

/** The typed form of a wire move of `game` (strings stay strings). */
export function moveOf(game, wire) {
  if (game === "q" && Array.isArray(wire)) {
    return wire.map((p) => new QPlacement(p.coordinate.row, p.coordinate.column, new QTile(p["1tile"].color, p["1tile"].shape)));
  }
  if (game === "triominos" && wire && typeof wire === "object" && wire.place) {
    const p = wire.place;
    return new TriominosPlacement(p.tile, p.orientation, p.x, p.y);
  }
  return wire;
}

/** The wire form of a move: a typed move's `wire()`, an array of Q placements, or a wire form. */
export function toWire(move) {
  if (move && typeof move.wire === "function") return move.wire();
  if (Array.isArray(move)) return move.map(toWire);
  return move;
}
