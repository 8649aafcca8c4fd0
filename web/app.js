// Tessera web UI: the router. Each address (#/..., the hash) is one page of its own module:
//
//   #/                 lobby.js        the games playing now and the finished ones
//   #/new[/GAME]       newgame.js      the New game form
//   #/game/ID          play.js         a game played (#/watch/ID: watched)
//   #/replay/ID        replay.js       a replay, with its analysis (analysis.js)
//   #/login, register  login.js        accounts (the header's links too)
//   #/arena            arena.js        rated play
//   #/leaderboard/G    leaderboard.js  the leaderboards
//   #/account/NAME     account.js      an account's ratings, games and tokens
//   #/turns            inbox.js        the turn-based games waiting for you (and the
//                                      tab's count, its icon's badge, notifications)
//   #/invite/ID/CODE   inbox.js        an invitation opened by its link
//   #/join/ID/CODE     join.js         a live table's seat opened by its link
//
// installable.js: the service worker (sw.js), the offline line, notifications through it.
//
// Beneath them: api.js (every request, the session, the registry and the statuses),
// saved.js (this browser's tokens and names), page.js (<main>, what a page stops when it
// is left), table.js / ending.js / help.js (a game's page, its end, its rules help),
// looks.js (a game's look: ./GAME.js, else generic.js), board.js (DOM and SVG helpers);
// theme.js, sound.js, motion.js (dark mode, sounds, move animation: the header's switches),
// i18n.js (the words of the reader's language: every string shown comes from it).
// Imports go one way, down this list; nothing here knows a game.
import { loadWords, t, lang, LANGS, setLang } from './i18n.js';
import { loadMe } from './api.js';
import { leave } from './page.js';
import { drawNav, loginPage, registerPage } from './login.js';
import { lobby } from './lobby.js';
import { newGame } from './newgame.js';
import { gamePage } from './play.js';
import { replay } from './replay.js';
import { arenaPage } from './arena.js';
import { leaderboardPage } from './leaderboard.js';
import { accountPage } from './account.js';
import { themeSwitch } from './theme.js';
import { soundSwitch } from './sound.js';
import { startInbox, turnsPage, invitePage } from './inbox.js';
import { startInstallable } from './installable.js';
import { joinPage } from './join.js';

function route() {
  leave();
  // a page starts at its top (the form's Start, at its bottom, must not leave the game page scrolled)
  window.scrollTo(0, 0);
  const [path, query] = location.hash.replace(/^#\/?/, '').split('?');
  const [page, id, rest] = path.split('/');
  const q = new URLSearchParams(query ?? '');
  if (page === 'new') newGame(id);
  else if (page === 'game' && id) gamePage(id, false);
  else if (page === 'watch' && id) gamePage(id, true);
  else if (page === 'replay' && id) replay(id, q);
  else if (page === 'login') loginPage(q);
  else if (page === 'register') registerPage(q);
  else if (page === 'arena') arenaPage();
  else if (page === 'leaderboard' || page === 'leaderboards') leaderboardPage(id ? decodeURIComponent(id) : '', q);
  else if (page === 'account' && id) accountPage(decodeURIComponent(id));
  else if (page === 'turns') turnsPage();
  else if (page === 'invite' && id) invitePage(id, rest);
  else if (page === 'join' && id) joinPage(id, rest);
  else lobby();
  for (const a of document.querySelectorAll('header nav a')) {
    const here = a.getAttribute('href') === '#/' + page || (page === 'leaderboard' && a.id === 'nav-leaderboards');
    if (here) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
}

/** The header in the page's language: its links (`data-words`) and the language switch. */
function drawHeader() {
  for (const el of document.querySelectorAll('[data-words]')) el.textContent = t(el.dataset.words);
  document.getElementById('main-nav')?.setAttribute('aria-label', t('nav-main'));
  document.getElementById('account-nav')?.setAttribute('aria-label', t('nav-account'));
  document.getElementById('prefs')?.setAttribute('aria-label', t('nav-prefs'));
  const pick = document.createElement('select');
  pick.id = 'lang';
  pick.setAttribute('aria-label', t('lang-label'));
  for (const code of LANGS) pick.append(new Option(t(`lang-${code}`), code, code === lang, code === lang));
  pick.addEventListener('change', () => setLang(pick.value));
  (document.getElementById('prefs') ?? document.querySelector('header'))?.append(pick);
}

// ------------------------------------------------------------------ start
// (the words first: every page is drawn in them)
await loadWords();
document.getElementById('prefs')?.append(themeSwitch(), soundSwitch());
drawHeader();
// the service worker (the app installed, opened offline) and the offline line
startInstallable();
// a game's page fills the window below the header, however many lines it takes
// (style.css reads --header-h)
const header = document.querySelector('header');
const headerHeight = () => document.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`);
if (header) { headerHeight(); if (window.ResizeObserver) new ResizeObserver(headerHeight).observe(header); }
loadMe().then(() => { drawNav(); startInbox(); });
window.addEventListener('hashchange', route);
if (document.readyState === 'loading') window.addEventListener('DOMContentLoaded', route);
else route();
