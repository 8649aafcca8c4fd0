#!/usr/bin/env node
// A starter bot for Tessera (docs/bots.md): plays any game over TCP, Node without packages.
// It signs up with "moves": true, so every take-turn brings its legal moves (and what each
// scores at once); `pick` chooses one. Usage: node bot.js --game q [--pick greedy]
// [--table ID] [--name NAME] [--port 45678] [--host H] [--token T --rated]
"use strict";
const net = require("net");

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
    const gains = legal.gains || legal.moves.map(() => 0);
    const best = Math.max(...gains);
    return any(legal.moves.filter((m, i) => gains[i] === best));
  },
};
const pick = pickers[args.pick];
if (!pick) fail(`--pick is random or greedy, not ${args.pick}`);
let token = null, backBy = null; // the resume token (from setup); while coming back: until when

function fail(why) {
  console.error(`error: ${why}`);
  process.exit(1);
}

function connect(hello) {
  const sock = net.connect(Number(args.port), args.host, () => sock.write(JSON.stringify(hello) + "\n"));
  let buffer = "";
  let done = false;
  sock.setEncoding("utf8");
  sock.on("data", (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf("\n")) >= 0 && !done) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.trim()) done = handle(sock, JSON.parse(line));
    }
  });
  sock.on("error", () => {}); // a refused or reset connection ends in "close"
  sock.on("close", () => done || comeBack("the host closed the connection"));
}

function comeBack(why) {
  // the host went away, or one that is stopping refused us: come back with the resume
  // token within a minute (docs/protocol.md 1.5)
  if (!token) fail(`${why} before the game started`);
  backBy = backBy || Date.now() + 60000;
  if (Date.now() > backBy) fail("the host did not take the bot back within a minute");
  setTimeout(() => connect({ resume: token, moves: true }), 500);
}

// one message of the host; returns true when the connection is done with
function handle(sock, msg) {
  if (!Array.isArray(msg)) {
    if (msg.error && backBy) return comeBack(msg.error), true;
    fail(`the host says: ${JSON.stringify(msg)}`);
  }
  const [method, params] = msg;
  backBy = null;
  let reply = "void";
  // setup's third argument: the resume token, and the name the seat plays as (a rated
  // run's is the account's)
  if (method === "setup" && params[2]) {
    token = params[2].resume;
    args.name = params[2].name || args.name;
  }
  if (method === "take-turn") reply = pick(params[1]);
  sock.write(JSON.stringify(reply) + "\n");
  if (method === "win") console.log(`${args.name} ${params[0] ? "won" : "lost"}`);
  return method === "win";
}

const hello = args.token ? { token: args.token, rated: !!args.rated } : { name: args.name };
hello.moves = true;
if (args.table) hello.table = Number(args.table);
else hello.game = args.game;
connect(hello);
