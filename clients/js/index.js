// tessera-remote: play Tessera (Q, Triominos, Akropolis) over TCP, Node 18+, no dependencies.
//
//   import { Bot, run } from "tessera-remote";
//   class Greedy extends Bot { move(view, legal) { return legal.best(); } }
//   await run(new Greedy(), { game: "q", name: "mybot", port: 45678 });
//
// Every take-turn brings the legal moves and what each scores (`legal`) and a typed view
// (games.js; `view.raw` is the JSON). The client comes back with the resume token when the
// connection drops (docs/protocol.md 1.5).
import net from "node:net";
import { gameOfView, moveOf, toWire, viewOf } from "./games.js";

export * from "./games.js";

/** The host refused ({"error"}), ejected ({"ejected"}) the bot, or could not be reached
 * (again). `kind` is "refused", "ejected" or "connection"; `said` the host's JSON. */
export class TesseraError extends Error {
  constructor(why, kind = "connection", message = null) {
    super(why);
    this.kind = kind;
    this.said = message;
  }
}

/** The legal moves of a take-turn: `moves` (wire forms, ready to send back), `gains[i]`
 * (what `moves[i]` scores at once), `count`, `complete` (false for Q's bounded form). */
export class Legal {
  constructor(raw, game) {
    this.moves = (raw && raw.moves) || [];
    this.gains = (raw && raw.gains) || this.moves.map(() => 0);
    this.count = raw && raw.count !== undefined ? raw.count : this.moves.length;
    this.complete = !!(raw && raw.complete);
    this.game = game;
  }
  /** The moves as typed moves (QPlacement arrays, TriominosPlacement, strings). */
  typed() {
    return this.moves.map((m) => moveOf(this.game, m));
  }
  /** The move that scores most at once (ties at random). */
  best() {
    const top = Math.max(...this.gains);
    const ties = this.moves.filter((m, i) => this.gains[i] === top);
    return ties[Math.floor(Math.random() * ties.length)];
  }
}

/** Extend this and write `move(view, legal)`; `setup`, `newTiles` and `end` are optional.
 * `this.session` is the session playing it (`session.cut()` drops the connection). */
export class Bot {
  move(_view, _legal) {
    throw new Error("write move(view, legal)");
  }
  setup(_view, _tiles) {}
  newTiles(_tiles) {}
  end(_won) {}
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One bot's connection(s) to a host; `run` makes and drives it. */
export class Session {
  constructor({ host = "127.0.0.1", port = 45678, hello, grace = 60, timeout = null }) {
    Object.assign(this, { host, port: Number(port), hello, grace, timeout });
    this.token = null;
    this.resumes = 0;
    this.sock = null;
  }

  // connects and sends `hello`; resolves once connected, rejects on failure
  connect(hello) {
    this.close();
    return new Promise((resolve, reject) => {
      const sock = net.connect(this.port, this.host);
      this.sock = sock;
      this.lines = [];
      this.waiter = null;
      this.ended = false;
      let buffer = "";
      const wake = () => {
        if (this.waiter) {
          const w = this.waiter;
          this.waiter = null;
          w();
        }
      };
      sock.setEncoding("utf8");
      sock.once("connect", () => {
        sock.write(JSON.stringify(hello) + "\n");
        resolve();
      });
      sock.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (line.trim() && sock === this.sock) this.lines.push(line);
        }
        wake();
      });
      sock.on("error", (e) => reject(e)); // once connected: "close" follows, and read says so
      sock.on("close", () => {
        if (buffer.trim() && sock === this.sock) this.lines.push(buffer);
        buffer = "";
        if (sock === this.sock) this.ended = true;
        wake();
        reject(new Error("closed before connecting"));
      });
    });
  }

  close() {
    if (this.sock) {
      this.sock.destroy();
      this.sock = null;
    }
  }

  /** Drop the connection now, as a network failure would (the client comes back with its
   * resume token at its next read). For tests and drills. */
  cut() {
    if (this.sock) this.sock.destroy();
  }

  send(value) {
    if (this.sock && !this.sock.destroyed) this.sock.write(JSON.stringify(value) + "\n");
  }

  // the next message, or null when the connection ended
  async read() {
    const until = this.timeout ? Date.now() + this.timeout * 1000 : Infinity;
    while (!this.lines.length && !this.ended) {
      const left = until - Date.now();
      if (left <= 0) throw new TesseraError(`the host said nothing for ${this.timeout} s`);
      await new Promise((resolve) => {
        this.waiter = resolve;
        if (left !== Infinity) setTimeout(resolve, left).unref();
      });
    }
    return this.lines.length ? JSON.parse(this.lines.shift()) : null;
  }

  async comeBack(backBy) {
    while (Date.now() < backBy) {
      await sleep(500);
      try {
        await this.connect({ resume: this.token, moves: true });
        this.resumes += 1;
        return;
      } catch {
        // not there yet: try again
      }
    }
    throw new TesseraError(`the host did not take the bot back within ${this.grace} s`);
  }

  /** Plays until `games` games have ended; resolves to their outcomes
   * [{won, game, moves, resumes, name}] (`name`: the name the seat played as). */
  async play(bot, games = 1) {
    bot.session = this;
    await this.connect(this.hello).catch((e) => {
      throw new TesseraError(`cannot connect to ${this.host}:${this.port}: ${e.message}`);
    });
    const outcomes = [];
    let backBy = null, game = null, moves = 0, resumesBefore = 0, seatName = null;
    for (;;) {
      const msg = await this.read();
      const drop = msg === null || (!Array.isArray(msg) && msg.error !== undefined && backBy !== null);
      if (this.token && drop && (backBy === null || Date.now() < backBy)) {
        // the connection dropped, or a host that is stopping refused us: come back with
        // the resume token within the grace period (docs/protocol.md 1.5)
        backBy = backBy || Date.now() + this.grace * 1000;
        await this.comeBack(backBy);
        continue;
      }
      if (msg === null) {
        this.close();
        throw new TesseraError(`the host closed the connection${this.token ? "" : " before the game started"}`);
      }
      if (!Array.isArray(msg)) {
        this.close();
        const kind = msg.ejected !== undefined ? "ejected" : "refused";
        throw new TesseraError(`the host says: ${JSON.stringify(msg)}`, kind, msg);
      }
      const [method, params] = msg;
      backBy = null;
      let reply = "void";
      if (method === "setup") {
        if (params[2] && params[2].resume) this.token = params[2].resume;
        // the name the seat plays as (an account's, for a token)
        if (params[2] && params[2].name) seatName = params[2].name;
        game = gameOfView(params[0]);
        await bot.setup(viewOf(params[0]), params[1]);
      } else if (method === "take-turn") {
        game = game || gameOfView(params[0]);
        reply = toWire(await bot.move(viewOf(params[0]), new Legal(params[1], game)));
        moves += 1;
      } else if (method === "new-tiles") {
        await bot.newTiles(params[0]);
      }
      this.send(reply);
      if (method === "win") {
        const won = !!params[0];
        await bot.end(won);
        outcomes.push({ won, game, moves, resumes: this.resumes - resumesBefore, name: seatName });
        this.token = null;
        game = null;
        moves = 0;
        resumesBefore = this.resumes;
        if (outcomes.length >= games) {
          this.sock.end();
          this.sock = null;
          return outcomes;
        }
      }
    }
  }
}

/** Signs `bot` up and plays. options: host, port, game ("q"), table (an open seat), name
 * ("bot"), token (a bot account's API token), rated, players, games (1; more with a rated
 * token: game after game on one connection), challenge (with a token: the account or house
 * level to challenge to `game`, with rule `options`; the connection waits for the answer),
 * accept (with a token: the id of a challenge to accept, see `challenges`), grace (60 s: how long to try coming back),
 * timeout (the longest silence of the host in seconds; none by default). Resolves to each
 * game's outcome {won, game, moves, resumes}; rejects with a TesseraError. */
export async function run(bot, options = {}) {
  const { game = "q", name = "bot", token, rated = false, players, table, games = 1, challenge, accept } = options;
  const hello = { moves: true };
  if ((challenge !== undefined || accept !== undefined) && !token) {
    throw new TesseraError("a challenge is a bot account's: give its token", "refused");
  }
  // a challenge made (its connection waits for the answer) or accepted (docs/protocol.md 1.7)
  if (accept !== undefined) {
    return new Session({ ...options, hello: { ...hello, token, accept: Number(accept) } }).play(bot, 1);
  }
  if (challenge !== undefined) {
    Object.assign(hello, { token, challenge, game, rated: !!rated });
    if (options.options) hello.options = options.options;
    return new Session({ ...options, hello }).play(bot, 1);
  }
  if (token) {
    Object.assign(hello, { token, rated: !!rated });
    if (rated && games > 1) hello.again = true;
    if (players !== undefined) hello.players = players;
  } else hello.name = name;
  if (table !== undefined && table !== null) hello.table = Number(table);
  else hello.game = game;
  return new Session({ ...options, hello }).play(bot, games);
}

/** The challenges of the bot account of `token`: {incoming, outgoing}, each {id, from: {name,
 * kind}, to, game, options, rated, state, ...} (GET /api/challenges, docs/arena.md). */
export async function challenges(token, { host = "127.0.0.1", httpPort = 8080 } = {}) {
  return httpJson(token, host, httpPort, "GET", "/api/challenges");
}

/** Declines the challenge of id `id` sent to the bot account of `token`. */
export async function decline(token, id, reason = "", { host = "127.0.0.1", httpPort = 8080 } = {}) {
  return httpJson(token, host, httpPort, "POST", `/api/challenges/${Number(id)}/decline`, { reason });
}

async function httpJson(token, host, port, method, path, body) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(`http://${host}:${port}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await r.json().catch(() => ({}));
  if (!r.ok) throw new TesseraError(json.error || `${method} ${path}: ${r.status}`, "refused");
  return json;
}
