#!/usr/bin/env node
// tessera-remote: a random or greedy bot from the command line. Usage: tessera-remote
// [--game q] [--pick greedy|random] [--table ID] [--name NAME] [--port 45678] [--host H]
// [--token T --rated [--games N]] [--token T --challenge NAME | --accept ID]
import { Bot, run } from "./index.js";

const args = { host: "127.0.0.1", port: "45678", game: "q", name: "bot", pick: "greedy" };
for (let i = 2; i < process.argv.length; i += 1) {
  const key = process.argv[i].replace(/^--/, "");
  args[key] = key === "rated" ? true : process.argv[++i];
}
class Picker extends Bot {
  move(view, legal) {
    return args.pick === "random" ? legal.moves[Math.floor(Math.random() * legal.moves.length)] : legal.best();
  }
}
try {
  const outcomes = await run(new Picker(), { ...args, games: Number(args.games || 1) });
  for (const o of outcomes) console.log(`${args.name} ${o.won ? "won" : "lost"}`);
} catch (e) {
  console.error(`error: ${e.message}`);
  process.exit(1);
}
