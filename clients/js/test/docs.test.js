// The whole Node bot of docs/bots.md, section 7, as written there, plays a game: in a
// folder of its own where the package is installed (node_modules/tessera-remote, a link
// to clients/js, as `npm install ./clients/js` makes it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const tcp = Number(process.env.TESSERA_TCP_PORT);
const httpPort = Number(process.env.TESSERA_HTTP_PORT);

async function request(method, url, body) {
  const answer = await fetch(`http://127.0.0.1:${httpPort}${url}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10000),
  });
  return answer.json();
}

test("the Node bot of the docs plays a game", async () => {
  const text = fs.readFileSync(path.join(here, "..", "..", "..", "docs", "bots.md"), "utf8");
  const section = text.split("## 7. Writing a bot with the client library")[1];
  const code = section.split("```js\n")[1].split("```")[0];
  assert.ok(code.includes('from "tessera-remote"') && code.includes("45678"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-docs-bot-"));
  try {
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.symlinkSync(path.join(here, ".."), path.join(dir, "node_modules", "tessera-remote"));
    fs.writeFileSync(path.join(dir, "greedy.mjs"), code.replace("45678", String(tcp)));
    // an open table of Triominos: the bot's sign-up for the game takes its seat
    const seats = [{ kind: "bot", spec: "level:1" }, { kind: "program" }];
    const { id } = await request("POST", "/api/games", { game: "triominos", seats, delay_ms: 0 });
    const said = execFileSync("node", ["greedy.mjs"], { cwd: dir, timeout: 60000, encoding: "utf8" });
    assert.match(said, /^jsbot (won|lost)\n$/);
    let g;
    for (const until = Date.now() + 20000; ; await new Promise((r) => setTimeout(r, 200))) {
      g = (await request("GET", "/api/games?limit=100")).games.find((x) => x.id === id);
      if (g.status === "finished" || Date.now() > until) break;
    }
    assert.equal(g.status, "finished");
    assert.ok(g.seats.some((s) => s.name === "jsbot"));
    assert.deepEqual(g.ejections, []);
    assert.equal(g.winners.includes("jsbot"), said.startsWith("jsbot won"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
