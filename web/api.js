// The server, as the pages see it: every request (`api`, with the session's CSRF header on
// a logged-in page's POST and DELETE), the session, the registry of games and the list of
// game statuses the server sends.
//
// The session is an HttpOnly cookie the page cannot read; what the page knows of it comes
// from POST /api/account/register|login and GET /api/me: the name, the kind and the CSRF
// token every POST/DELETE of a logged-in page sends (X-Tessera-CSRF, added by `withCsrf`).
// Guests play unrated: a guest who never logged in is not asked GET /api/me.
import { words, t } from './i18n.js';

// ------------------------------------------------------------------ session
/** The logged-in account ({name, kind, csrf, marked}) or null for a guest. */
export const session = { me: null };
// A hint that this browser has logged in (localStorage): a guest who never did is not asked
// GET /api/me (its 401 would be noise in the console of every page).
const HINT = 'tessera.account';
let meP = null;

/** Keeps the account logged in (or none: null). The header is drawn by nav.js. */
export function setMe(me) {
  session.me = me ? { name: me.name, kind: me.kind, csrf: me.csrf, marked: !!me.marked } : null;
  if (me) localStorage.setItem(HINT, me.name); else localStorage.removeItem(HINT);
  meP = Promise.resolve(session.me);
}

/** The session, read once per page load (GET /api/me): the account or null. Never fails. */
export function loadMe() {
  meP ??= (localStorage.getItem(HINT) ? fetch('/api/me', { credentials: 'same-origin' })
    .then(async (r) => (r.ok ? r.json() : null))
    .catch(() => null) : Promise.resolve(null))
    .then((me) => { setMe(me); return session.me; });
  return meP;
}

/** Request options with the CSRF header of a logged-in page on a POST or a DELETE. */
export function withCsrf(opts = {}) {
  const method = String(opts.method || 'GET').toUpperCase();
  if (!session.me?.csrf || method === 'GET' || method === 'HEAD') return opts;
  return { ...opts, headers: { ...(opts.headers || {}), 'X-Tessera-CSRF': session.me.csrf } };
}

// ------------------------------------------------------------------ requests
/**
 * A request to the server's JSON API: the answer's JSON, or an Error with the server's
 * refusal as its message, in the page's language (its `{"message": ...}`; and `status`,
 * `body`).
 */
export async function api(path, opts) {
  if (opts?.method && opts.method !== 'GET') await loadMe();
  const r = await fetch(path, withCsrf(opts));
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw Object.assign(new Error(refusal(body, r.status)), { status: r.status, body });
  return body;
}

/** A refusal's words in the page's language (`{"message"}`), else its status. */
export function refusal(body, status) {
  return body?.message ? words(body.message) : t('refusal-status', { status: String(status) });
}

/**
 * A request whose status the caller reads (202 "still working", 503 "busy"): `{status,
 * body}`, never thrown for a status; the body `{}` when it is no JSON.
 */
export async function answer(path, opts) {
  const r = await fetch(path, withCsrf(opts));
  return { status: r.status, body: await r.json().catch(() => ({})), statusText: r.statusText };
}

/** Request options of a JSON body: `api(path, json('POST', {...}))`. */
export const json = (method, body) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// ------------------------------------------------------------------ registry
let registryP = null;
/** The games of the server and its statuses (GET /api/registry), read once per page load. */
export function registry() {
  registryP ??= api('/api/registry').catch((e) => { registryP = null; throw e; });
  return registryP;
}
/** A game of the registry by its name (undefined if none). */
export const gameOf = (reg, name) => reg?.games.find((g) => g.name === name);
/** A game's title for people (its name when the registry does not know it). */
export const titleOf = (reg, name) => gameOf(reg, name)?.title ?? name;

/**
 * Whether a game of this status may still go on (the server's `GameStatus::is_live`: the
 * registry's `statuses`, the one list of them; its list of games answers `status=live`).
 */
export const isLive = (reg, status) => !!reg?.statuses?.find((st) => st.name === status)?.live;
