// tessera-remote against a real host (scripts/clients-test starts it and names its ports in
// TESSERA_TCP_PORT and TESSERA_HTTP_PORT): whole games of each game, a connection cut
// mid-game and resumed, a rated game with an API token, refusals. One file: its tests run
// one after the other, so no two share the host's lobby or arena.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Bot, QPlacement, TriominosPlacement, TesseraError, challenges, decline, run, toWire } from "../index.js";

const tcp = Number(process.env.TESSERA_TCP_PORT);
const httpPort = Number(process.env.TESSERA_HTTP_PORT);
assert.ok(tcp && httpPort, "run these tests with scripts/clients-test (it starts the host)");

async function request(method, path, body, headers = {}) {
  const answer = await fetch(`http://127.0.0.1:${httpPort}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10000),
  });
  return { json: await answer.json(), headers: answer.headers };
}

async function table(game, house = "level:1") {
  const seats = [{ kind: "bot", spec: house }, { kind: "program" }];
  return (await request("POST", "/api/games", { game, seats, delay_ms: 0 })).json.id;
}

async function finished(id, within = 20000) {
  const until = Date.now() + within;
  for (;;) {
    const g = (await request("GET", "/api/games?limit=100")).json.games.find((g) => g.id === id);
    if (g && g.status === "finished") return g;
    assert.ok(Date.now() < until, `game ${id} is not finished after ${within} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

class TypedGreedy extends Bot {
  constructor(game) {
    super();
    Object.assign(this, { game, turns: 0, rawViews: [], setups: 0, ends: [] });
  }
  setup(view) {
    assert.equal(view.game, this.game);
    this.setups += 1;
  }
  move(view, legal) {
    assert.equal(view.game, this.game);
    assert.ok(legal.count === legal.moves.length && legal.gains.length === legal.count && legal.count > 0);
    assert.equal(legal.complete, this.game !== "q");
    const typed = legal.typed();
    assert.deepEqual(typed.map(toWire), legal.moves, "typed moves read back as themselves");
    if (this.game === "q") {
      assert.ok(legal.moves.includes("pass") && view.hand.length > 0);
      assert.ok(typed.filter(Array.isArray).every((line) => line.every((p) => p instanceof QPlacement)));
    }
    if (this.game === "triominos") {
      assert.ok(view.tray.length > 0 && view.toMove === view.seat);
      assert.ok(typed.some((m) => m instanceof TriominosPlacement) || legal.moves.every((m) => m === "draw" || m === "pass"));
    }
    if (this.game === "akropolis") assert.equal(typeof view.state, "string");
    this.turns += 1;
    this.rawViews.push(view.raw);
    const top = Math.max(...legal.gains);
    return typed.find((m, i) => legal.gains[i] === top);
  }
  end(won) {
    this.ends.push(won);
  }
}

for (const game of ["q", "triominos", "akropolis"]) {
  test(`a whole game of ${game} against a house level`, async () => {
    const id = await table(game);
    const bot = new TypedGreedy(game);
    const [outcome] = await run(bot, { table: id, name: "jstyped", port: tcp, timeout: 30 });
    assert.equal(outcome.game, game);
    assert.ok(outcome.moves === bot.turns && bot.turns > 0 && outcome.resumes === 0);
    assert.deepEqual([bot.setups, bot.ends], [1, [outcome.won]]);
    const g = await finished(id);
    assert.deepEqual(g.ejections, []);
    assert.ok(g.seats.some((s) => s.name === "jstyped"));
    assert.equal(g.winners.includes("jstyped"), outcome.won);
  });
}

test("a connection cut mid-game comes back with the resume token", async () => {
  const id = await table("triominos");
  class Cutter extends TypedGreedy {
    move(view, legal) {
      const answer = super.move(view, legal);
      if (this.turns === 3) this.session.cut(); // before it answers
      return answer;
    }
  }
  const bot = new Cutter("triominos");
  const [outcome] = await run(bot, { table: id, name: "jscut", port: tcp, timeout: 30 });
  assert.equal(outcome.resumes, 1);
  // the call it had not answered was sent again on the new connection
  assert.ok(bot.turns >= 4);
  assert.deepEqual(bot.rawViews[3], bot.rawViews[2]);
  assert.deepEqual((await finished(id)).ejections, []);
});

test("a rated game with a bot account's API token", async () => {
  const name = `jsrated${Math.floor(Math.random() * 1e6)}`;
  const made = await request("POST", "/api/account/register", { name, password: "a long password", kind: "bot" });
  const cookie = made.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { token } = (await request("POST", "/api/tokens", { label: "tests" }, { Cookie: cookie, "X-Tessera-CSRF": made.json.csrf })).json;
  assert.match(token, /^tsr_/);
  const [outcome] = await run(new TypedGreedy("triominos"), { game: "triominos", token, rated: true, players: 2, port: tcp, timeout: 60 });
  assert.ok(outcome.moves > 0);
  // the rating is stored a moment after the game ends
  let account;
  for (const until = Date.now() + 10000; ; await new Promise((r) => setTimeout(r, 200))) {
    account = (await request("GET", `/api/accounts/${name}`)).json;
    if ((account.history.length && account.ratings.length) || Date.now() > until) break;
  }
  const ratings = account.ratings.filter((r) => r.game === "triominos");
  assert.equal(ratings.length, 1);
  assert.equal(ratings[0].games, 1);
  assert.equal(account.history.length, 1);
  const g = await finished(account.history[0].game_id);
  assert.ok(g.seats.some((s) => s.name === name));
  assert.deepEqual(g.ejections, []);
});

test("a refused sign-up and an ejection are errors", async () => {
  await assert.rejects(run(new TypedGreedy("q"), { game: "chess", name: "jsrefused", port: tcp, timeout: 10 }), (e) => e instanceof TesseraError && e.kind === "refused");
  class Wrong extends Bot {
    move() {
      return "castle";
    }
  }
  const id = await table("akropolis");
  await assert.rejects(run(new Wrong(), { table: id, name: "jswrong", port: tcp, timeout: 30 }), (e) => e instanceof TesseraError && e.kind === "ejected" && "ejected" in e.said);
  const g = await finished(id);
  assert.deepEqual(g.ejections.map((e) => e.name), ["jswrong"]);
});

test("challenges: a house level accepts, a bot accepts with its connection or declines", async () => {
  const token = async (name) => {
    const made = await request("POST", "/api/account/register", { name, password: "a long password", kind: "bot" });
    const cookie = made.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    return (await request("POST", "/api/tokens", { label: "tests" }, { Cookie: cookie, "X-Tessera-CSRF": made.json.csrf })).json.token;
  };
  const a = `jsch${Math.floor(Math.random() * 1e6)}`;
  const b = `jsacc${Math.floor(Math.random() * 1e6)}`;
  const [ta, tb] = [await token(a), await token(b)];
  const [house] = await run(new TypedGreedy("triominos"), { game: "triominos", token: ta, challenge: "level:1", port: tcp, timeout: 60 });
  assert.ok(house.moves > 0);
  const waiting = async () => {
    for (const until = Date.now() + 10000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      const c = (await challenges(tb, { httpPort })).incoming.find((x) => x.state === "waiting");
      if (c) return c;
    }
    throw new Error("no challenge came");
  };
  const challenger = run(new TypedGreedy("triominos"), { game: "triominos", token: ta, challenge: b, options: { end: "round" }, port: tcp, timeout: 60 });
  const c = await waiting();
  assert.equal(c.from.name, a);
  assert.deepEqual(c.options, { end: "round" });
  const [mine] = await run(new TypedGreedy("triominos"), { game: "triominos", token: tb, accept: c.id, port: tcp, timeout: 60 });
  const [theirs] = await challenger;
  assert.ok(mine.moves > 0 && theirs.moves > 0);
  // (the rejection is taken at once: it comes before the assertion looks)
  const declined = run(new TypedGreedy("triominos"), { game: "triominos", token: ta, challenge: b, port: tcp, timeout: 60 }).then(() => null, (e) => e);
  await decline(tb, (await waiting()).id, "not now", { httpPort });
  const e = await declined;
  assert.ok(e instanceof TesseraError && /not now/.test(e.message), String(e));
});
