// A turn-based game in the browser, across a restart of its server: an account made in the
// page sets its email address, turns notifications on (a click; playwright grants the
// permission the browser would ask for), makes a game of 1 day per move against a bot from
// the New game form; the tab's title and icon count the game waiting; the server stops
// (SIGTERM) and starts again on the same store; the inbox still lists the game with the
// same deadline, the email of the turn that waited reaches this test's own SMTP server, a
// new turn after a move is notified, and the game, never aborted as idle (the server ends
// a live person's game after 2 s here), goes on. Screenshots of the inbox at 1280x800 and
// 390x844. Run by scripts/e2e (TESSERA_BIN: this test starts servers of its own).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, shot, watchNotifications } from './lib.mjs';

const BIN = process.env.TESSERA_BIN || 'tessera';
const PASSWORD = 'correct horse battery';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A mail server of the test's own (SMTP, no TLS): every email it takes, `{to, data}`. */
async function smtpSink() {
  const mails = [];
  const server = createServer((s) => {
    let buf = '', to = [], inData = false, data = '';
    s.write('220 sink ESMTP\r\n');
    s.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') { inData = false; mails.push({ to, data }); to = []; data = ''; s.write('250 taken\r\n'); } else data += line + '\n';
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
        if (verb === 'DATA') { inData = true; s.write('354 go on\r\n'); } else if (verb === 'QUIT') s.end('221 bye\r\n');
        else s.write(verb === 'EHLO' || verb === 'HELO' ? '250 sink\r\n' : '250 OK\r\n');
      }
    });
    s.on('error', () => {});
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { port: server.address().port, mails, close: () => server.close() };
}

/** `tessera serve` on the store `db` (HTTP port `http`, 0: any); resolves once it serves. */
async function serve(db, http, smtpPort) {
  const child = spawn(BIN, ['serve', '--tcp-port', '0', '--http-port', String(http), '--db', db,
    '--bot-delay', '0', '--person-idle', '2', '--turn-mail-after', '3',
    '--smtp-server', '127.0.0.1', '--smtp-port', String(smtpPort), '--smtp-tls', 'none',
    '--smtp-from', 'Tessera <tessera@example.org>'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stderr.on('data', (d) => { err += d; });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no http=PORT line: ${out} ${err}`)), 30000);
    child.stdout.on('data', (d) => { out += d; const m = out.match(/http=(\d+)/); if (m) { clearTimeout(timer); resolve(Number(m[1])); } });
    child.on('exit', (c) => { clearTimeout(timer); reject(new Error(`the server exited (${c}): ${out} ${err}`)); });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    log: () => err,
    stop: async () => { if (child.exitCode === null) { child.kill('SIGTERM'); await new Promise((r) => child.on('exit', r)); } },
  };
}

const until = async (what, f, ms = 30000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

test('a turn-based game across a restart: the inbox, the tab\'s count, a notification and the email', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-turns-'));
  const db = join(dir, 'tessera.db');
  const smtp = await smtpSink();
  let server = await serve(db, 0, smtp.port);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    page.errors_ = [];
    page.on('pageerror', (e) => page.errors_.push(String(e)));
    const notes = await watchNotifications(page);
    const name = `ann${Date.now().toString(36)}`.slice(0, 20);

    // an account, its email address, notifications asked for by a click
    await page.goto(`${server.url}/#/register`);
    await page.fill('#account-name', name);
    await page.fill('#account-password', PASSWORD);
    await page.click('#register-submit');
    await page.waitForSelector('#nav-turns');
    await page.goto(`${server.url}/#/account/${name}`);
    await page.waitForSelector('#email-form');
    await page.fill('#email', `${name}@example.org`);
    await page.click('#email-save');
    await page.waitForFunction(() => /an email tells you/.test(document.querySelector('#email-note')?.textContent || ''));
    await shot(page, 'turns-account-email');
    await page.goto(`${server.url}/#/turns`);
    // nothing asked yet: the page offers the question, and asks only on the click (the
    // person's answer, yes, is playwright's grant)
    await page.waitForSelector('#notify');
    assert.equal(await page.evaluate(() => Notification.permission), 'default');
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.click('#notify');
    await page.waitForSelector('#notify-on');

    // a game of 1 day per move against a bot, from the New game form
    await page.goto(`${server.url}/#/new`);
    await page.waitForSelector('#game option', { state: 'attached' });
    await page.selectOption('#game', 'triominos');
    await page.fill('#players', '2');
    await page.dispatchEvent('#players', 'change');
    await page.selectOption('#clock', 'd1');
    assert.equal(await page.isHidden('#turn-note'), false);
    assert.equal(await page.locator('.seat-row .kind option[value="program"]').count(), 0, 'no seat for programs');
    await page.check('#advanced-bots');
    await page.locator('.seat-row .kind').nth(1).selectOption('bot:greedy');
    await shot(page, 'turns-new-game');
    await page.click('#start');
    await page.waitForURL(/#\/game\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 30000 });
    await page.waitForFunction(() => /left \(1 day per move; out of time, the house passes for them if they may/.test(document.querySelector('#clock')?.textContent || ''));
    // the tab counts the game waiting, its icon too
    await page.waitForFunction(() => document.title.startsWith('(1) ') && document.querySelector('link[rel="icon"]')?.dataset.count === '1', null, { timeout: 30000 });
    await shot(page, 'turns-game');
    const before = await (await context.request.get(`${server.url}/api/turns`)).json();
    assert.equal(before.waiting, 1);
    const deadline = before.games[0].deadline;
    assert.ok(deadline - before.now > 23 * 3600 * 1000, 'a day ahead');

    // the server stops and starts again on the same store and port: the game goes on
    await server.stop();
    server = await serve(db, server.port, smtp.port);
    const after = await until('the inbox after the restart', async () => {
      const r = await context.request.get(`${server.url}/api/turns`);
      const b = r.ok() ? await r.json() : null;
      return b?.games?.[0]?.deadline ? b : null;
    });
    assert.equal(after.games[0].deadline, deadline, 'the same deadline after the restart');
    assert.equal(after.games[0].id, id);
    // the turn waited 3 s (--turn-mail-after): the restarted server sends its email
    const mail = await until('the email', () => smtp.mails[0], 30000);
    assert.deepEqual(mail.to, [`${name}@example.org`]);
    assert.match(mail.data, new RegExp(`Subject: Your turn: Triominos #${id}`));
    assert.match(mail.data, new RegExp(`/#/game/${id}`));

    // a move (through the page's own session), the bot answers: a new turn is notified
    await page.goto(`${server.url}/#/turns`);
    await page.waitForSelector(`#turns-mine li[data-game="${id}"]`);
    await page.evaluate(async ([gid, token]) => {
      const s = await (await fetch(`/api/games/${gid}?token=${token}`)).json();
      const ws = new WebSocket(`ws://${location.host}/api/games/${gid}/ws?token=${token}`);
      await new Promise((r) => { ws.onopen = r; });
      ws.send(JSON.stringify({ move: s.legal[0] }));
      await new Promise((r) => setTimeout(r, 500));
      ws.close();
    }, [id, after.games[0].token]);
    const note = await until('a notification of the new turn', () => notes.find(([t]) => t === `Your turn: Triominos #${id}`), 45000);
    assert.match(note[1], /greedy — .* left \(1 day per move\)/);
    // shown through the service worker (installable.js): it comes on a phone and while
    // the tab is in the background too
    assert.equal(note[2], 'worker', 'a notification through the service worker');
    await page.waitForSelector(`#turns-mine li[data-game="${id}"] .left`);
    await shot(page, 'turns-inbox');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'turns-inbox-phone');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(scroll <= 0, `no sideways scroll on a phone (${scroll} px)`);

    // never aborted as idle: far past --person-idle, the game is running
    const state = await (await context.request.get(`${server.url}/api/games/${id}?token=${after.games[0].token}`)).json();
    assert.equal(state.status, 'running');
    assert.equal(state.days, 1);
    assert.deepEqual(page.errors_, []);
  } finally {
    await context.close();
    await server.stop();
    smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
