#!/usr/bin/env node
// A starter bot for Tessera (docs/bots.md): plays any game over TCP, on the client library
// clients/js (tessera-remote, no packages; taken from this checkout, so nothing needs
// installing). Every take-turn brings its legal moves and what each scores at once; `move`
// chooses one. The library comes back with the resume token when the connection drops.
// Usage: node bot.js --game q [--pick greedy] [--table ID] [--name NAME] [--port 45678]
// [--host H] [--token T --rated]
"use strict";
const path = require("path");
const { pathToFileURL } = require("url");

const args = { host: "127.0.0.1", port: "45678", game: "q", name: "starter", pick: "random" };
for (let i = 2; i < process.argv.length; i += 1) {
  const key = process.argv[i].replace(/^--/, "");
  args[key] = key === "rated" ? true : process.argv[++i];
}
const any = (list) => list[Math.floor(Math.random() * list.length)];
const pickers = {
  random: (legal) => any(legal.moves),
  // the move that scores most at once (ties at random); `gains` comes with the moves
  greedy: (legal) => {
    const best = Math.max(...legal.gains);
    return any(legal.moves.filter((m, i) => legal.gains[i] === best));
  },
};
const pick = pickers[args.pick];
if (!pick) fail(`--pick is random or greedy, not ${args.pick}`);

function fail(why) {
  console.error(`error: ${why}`);
  process.exit(1);
}

const library = pathToFileURL(path.join(__dirname, "..", "..", "clients", "js", "index.js"));
import(library.href).then(async ({ Bot, run }) => {
  class Starter extends Bot {
    move(view, legal) {
      return pick(legal);
    }
  }
  try {
    const outcomes = await run(new Starter(), { ...args, rated: !!args.rated, games: 1 });
    // the name the seat played as: a rated run's is the account's
    for (const o of outcomes) console.log(`${o.name || args.name} ${o.won ? "won" : "lost"}`);
  } catch (e) {
    fail(e.message);
  }
});
