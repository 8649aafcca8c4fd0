// The installable app (docs/web.md, "Installable"): the page links a web app manifest
// (valid JSON, with icons the server answers), the service worker registers at the
// site's root and controls the page, and the lobby opened again offline comes from the
// worker's copy and says that it is offline. Run by scripts/e2e (TESSERA_URL, ARTIFACTS,
// CHROMIUM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the manifest is linked and valid, its icons are there', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/`);
  const href = await page.getAttribute('link[rel="manifest"]', 'href');
  assert.ok(href, 'a <link rel="manifest">');
  const r = await fetch(new URL(href, BASE));
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /^application\/manifest\+json/);
  const m = JSON.parse(await r.text());
  assert.equal(m.name, 'Tessera');
  assert.equal(m.display, 'standalone');
  assert.equal(new URL(m.start_url, BASE).pathname, '/');
  assert.ok(Array.isArray(m.icons) && m.icons.length, 'icons');
  // what a phone needs to install it: a 192 and a 512 pixel icon, and a maskable one
  for (const size of ['192x192', '512x512']) assert.ok(m.icons.some((i) => i.sizes === size && i.type === 'image/png'), size);
  assert.ok(m.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon');
  for (const icon of m.icons) {
    const ir = await fetch(new URL(icon.src, BASE));
    assert.equal(ir.status, 200, icon.src);
    assert.equal(ir.headers.get('content-type'), icon.type, icon.src);
    const bytes = Buffer.from(await ir.arrayBuffer());
    if (icon.type === 'image/png') {
      // a PNG of the size the manifest says
      assert.equal(bytes.subarray(1, 4).toString(), 'PNG', icon.src);
      assert.equal(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.sizes, icon.src);
    }
  }
  await page.context().close();
});

test('the service worker controls the page, and the lobby opens offline and says so', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = viewport.width < 500;
    const page = await newPage(browser, { viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    const context = page.context();
    await page.goto(`${BASE}/#/`);
    await page.waitForSelector('#new-game');
    // registered at the root (its scope the whole site), active, controlling this page
    const reg = await page.evaluate(async () => {
      const r = await Promise.race([navigator.serviceWorker.ready, new Promise((ok) => setTimeout(ok, 15000, null))]);
      return { scope: r?.scope, script: r?.active?.scriptURL };
    });
    assert.equal(reg.scope, `${BASE}/`);
    assert.equal(reg.script, `${BASE}/sw.js`);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15000 });
    // the app's files are kept: the page, its modules and its words
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const c = await caches.open(names.find((n) => n.startsWith('tessera-')));
      return Promise.all(['/', '/static/app.js', '/static/lobby.js', '/static/i18n/en.ftl', '/static/style.css'].map(async (p) => !!(await c.match(p))));
    });
    assert.deepEqual(kept, [true, true, true, true, true]);
    assert.equal(await page.isHidden('#offline'), true, 'online: no offline line');

    // the connection goes: the line appears at once, and the lobby opened again (from the
    // worker's copy) says it is offline instead of showing empty lists
    await context.setOffline(true);
    await page.waitForSelector('#offline', { state: 'visible' });
    await page.reload();
    await page.waitForSelector('#offline', { state: 'visible' });
    assert.match(await page.textContent('#offline'), /Offline: no connection to the server/);
    await page.waitForFunction(() => document.querySelector('#error')?.textContent === 'The games cannot be read while offline.', null, { timeout: 15000 });
    assert.equal(await page.isVisible('#running'), false, 'no empty list of games');
    assert.equal(await page.isVisible('#new-game'), true, 'the lobby is drawn');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(scroll <= 0, `no sideways scroll (${scroll} px)`);
    await shot(page, `installable-offline-${viewport.width}`);

    // online again: the line goes, the games are read again
    await context.setOffline(false);
    await page.waitForSelector('#offline', { state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('#error')?.textContent === '', null, { timeout: 15000 });
    assert.deepEqual(page.errors_, []);
    await context.close();
  }
});
