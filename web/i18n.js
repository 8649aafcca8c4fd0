// Words in the reader's language. Every string a page shows comes from the catalogue of
// that language (/static/i18n/LANG.ftl, Fluent, rendered by the vendored @fluent/bundle):
// `t(id, args)` for the page's own words, `words(msg)` for the server's, which come as
// messages (`{"id", "args"}`: a move in the log, why a game ended, a refusal) so that one
// game's log reads in each watcher's language. The language: the one chosen with the
// header's switch (remembered), else the browser's first that Tessera speaks, else English.
// Plural forms come from the format (Intl.PluralRules), numbers from Intl.NumberFormat.
import { FluentBundle, FluentResource } from './fluent/index.js';

/** The languages, each by its own name (the catalogues' `lang-CODE`). */
export const LANGS = ['en', 'de'];
const KEY = 'tessera.lang';

function pick() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages?.length ? navigator.languages : [navigator.language]) {
    const code = String(l || '').slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return 'en';
}

/** The language the pages speak now. */
export const lang = pick();
let bundle = null;

// A test may ask (window.__tesseraWords, a Set, before the page loads) for every string
// the catalogue gave, to tell the page's text made of the catalogue from text that is not.
const shown = (s) => { globalThis.__tesseraWords?.add(s); return s; };

/** Reads the catalogue of the page's language; the pages wait for it. */
export async function loadWords() {
  const r = await fetch(`/static/i18n/${lang}.ftl`);
  bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(await r.text()));
  for (const e of errors) console.error(`catalogue ${lang}: ${e.message}`);
  document.documentElement.lang = lang;
}

/** The words of the message `id` with `args` (the id itself, and an error in the console, if
 * the catalogue lacks it: the tests fail on that). */
export function t(id, args) {
  const m = bundle?.getMessage(id);
  if (!m?.value) {
    console.error(`no words for ${id}`);
    return id;
  }
  const errors = [];
  const out = bundle.formatPattern(m.value, args, errors);
  for (const e of errors) console.error(`words ${id}: ${e.message}`);
  return shown(out);
}

/** A decimal the server sent as text ("0.4", a search's setting) as the page's language
 * writes it ("0,4" in German). */
const DECIMAL = /^-?\d+\.\d+$/;
const decimal = (text) => new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(Number(text));

/** An argument of a server's message as Fluent takes it: numbers stay numbers (plurals;
 * Fluent writes them as the language does), decimals as text written so too. */
function argValue(v) {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return DECIMAL.test(v) ? decimal(v) : v;
  if (Array.isArray(v)) return v.map(argText).join(', ');
  if (v && Array.isArray(v.and)) return andList(v.and.map(argText));
  if (v && typeof v.id === 'string') return words(v);
  return v == null ? '' : String(v);
}
const argText = (v) => String(argValue(v));

/** Items read with "and": `A, B and C`. */
export function andList(items) {
  if (items.length < 2) return items.join('');
  return t('list-and', { a: items.slice(0, -1).join(', '), b: items[items.length - 1] });
}

/**
 * A server's message (`{id, args}`) in the page's language. Text stored before the
 * catalogues (a plain string) is shown as it is.
 */
export function words(msg) {
  if (msg == null) return '';
  if (typeof msg === 'string') return shown(msg);
  const args = {};
  for (const [k, v] of Object.entries(msg.args || {})) args[k] = argValue(v);
  return t(msg.id, args);
}

/** Chooses the pages' language (remembered) and draws the page again in it. */
export function setLang(code) {
  if (!LANGS.includes(code)) return;
  localStorage.setItem(KEY, code);
  location.reload();
}

/** A date and time in the page's language. */
export const dateTime = (d) => shown(new Date(d).toLocaleString(lang));
