// Words about a game for people: how to play it (the registry's rules help, a picture
// drawn by the game's look, its bots, the variants chosen) and how a program joins a table.
import { h } from './board.js';
import { gameOf } from './api.js';
import { renderer } from './looks.js';
import { starterBotHelp } from './bot-command.js';
import { t, words } from './i18n.js';

// ------------------------------------------------------------------ bots
/** Whether the engines behind the house levels are shown (the New game form's switch). */
export const advancedBots = () => localStorage.getItem('tessera.bots.advanced') === 'on';
/** Shows the engines (or not), remembered. */
export const rememberAdvanced = (on) => localStorage.setItem('tessera.bots.advanced', on ? 'on' : 'off');

/** The house level a bot is (its index in the game's levels), else -1. */
export const levelOf = (info, b) => (info?.levels || []).findIndex((l) => l.spec === b.name);

/** A level's rank among the levels: `weakest`, `strongest` or `other`. */
const rankOf = (k, n) => (k === 0 ? 'weakest' : k === n - 1 ? 'strongest' : 'other');

/**
 * How strong a bot is, in the same words everywhere (the seat menu, beside a seat, How to
 * play): a house level by its number and fixed rating ("Level 3 · 1504", "Level 7 · 2084,
 * the strongest"), an engine a level plays as that level ("as Level 2 · 1410"), any other
 * engine by the registry's word, never "the strongest": only a level is that.
 */
export function strengthWords(info, b) {
  const levels = info?.levels || [];
  const k = levelOf(info, b);
  if (k >= 0) return t('level-rating', { n: k + 1, rating: String(Math.round(levels[k].rating)), rank: rankOf(k, levels.length) });
  const j = levels.findIndex((l) => l.plays === b.name);
  if (j >= 0) return t('as-level-rating', { n: j + 1, rating: String(Math.round(levels[j].rating)) });
  return b.strength ? t(`strength-${b.strength}`) : '';
}

/**
 * What a bot is, for people: its registry `about`, but a house level in words ("level 3 of
 * 7, rated 1504"), its engine (`ismcts:iters=100`) named only with the engines shown.
 */
export function aboutBot(info, b, engines = advancedBots()) {
  const levels = info?.levels || [];
  const k = levelOf(info, b);
  if (k < 0) return words(b.about);
  return t('level-about', {
    n: k + 1, of: levels.length, rank: rankOf(k, levels.length),
    plays: engines ? String(levels[k].plays) : 'none', rating: String(Math.round(levels[k].rating)),
  });
}

// ------------------------------------------------------------------ rules help
/** The chosen value of a rule option, in words. */
export function optionWords(o, v) {
  const k = o.kind;
  if (k.type === 'choice') {
    const label = k.values.find(([x]) => JSON.stringify(x) === JSON.stringify(v))?.[1];
    return label ? words(label) : String(v);
  }
  if (k.type === 'letters') {
    const on = k.letters.filter(([c]) => String(v ?? '').includes(c.toUpperCase())).map(([, what]) => words(what));
    return on.length ? on.join(', ') : t('none');
  }
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * How to play a game (a picture drawn by the game's look, the registry's rules help, its
 * bots with their strength) and, given a game's rules, the variants chosen. A <details>
 * that opens on a click.
 */
export function rulesHelp(info, rules) {
  if (!info) return h('span');
  const paras = (info.rules_help?.length ? info.rules_help : [info.about]).map(words);
  const bots = info.bots.filter((b) => b.name !== info.solo?.bot);
  const chosen = rules ? info.options.filter((o) => rules[o.key] !== undefined && rules[o.key] !== null)
    .map((o) => h('li', {}, h('strong', {}, t('label-colon', { label: words(o.label) })), ' ', optionWords(o, rules[o.key]), h('span', { class: 'hint' }, ' — ' + words(o.help)))) : [];
  // a picture drawn by the game's own look (its `rulesPicture()`, when it has one)
  const picture = h('figure', { class: 'rules-picture', id: 'rules-picture', hidden: true });
  renderer(info.name).then((m) => {
    if (typeof m.rulesPicture !== 'function') return;
    const { picture: svg, caption } = m.rulesPicture();
    picture.append(svg, h('figcaption', {}, caption));
    picture.hidden = false;
  }).catch((e) => console.info(`no picture for ${info.name}: ${e.message}`));
  return h('details', { class: 'rules-help', id: 'rules-help' },
    h('summary', {}, t('how-to-play', { game: info.title })),
    picture,
    paras.map((p) => h('p', {}, p)),
    h('h4', { text: t('out-of-time-title') }),
    h('p', { id: 'rules-time' }, t('out-of-time-help', { rule: info.out_of_time ? words(info.out_of_time) : t('out-of-time-first-move') })),
    chosen.length ? [h('h4', { text: t('this-game') }), h('ul', { id: 'rules-chosen' }, chosen)] : null,
    bots.length ? botsHelp(info, bots) : null,
    h('h4', { text: t('prefs-title') }),
    h('p', { id: 'prefs-help' }, t('prefs-help')));
}

/** The rules help's bots: the house levels, the engines behind them folded away (all the
 * bots where a game has no levels). */
function botsHelp(info, bots) {
  const levels = bots.filter((b) => levelOf(info, b) >= 0);
  const engines = bots.filter((b) => levelOf(info, b) < 0);
  const item = (b) => h('li', {},
    h('strong', {}, levelOf(info, b) >= 0 ? t('level-n', { n: levelOf(info, b) + 1 }) : b.name),
    levelOf(info, b) < 0 && strengthWords(info, b) ? [' ', h('span', { class: 'strength' }, strengthWords(info, b))] : null,
    ' — ', aboutBot(info, b, false));
  if (!levels.length) return [h('h4', { text: t('the-bots') }), h('ul', { class: 'bots' }, engines.map(item))];
  return [h('h4', { text: t('the-levels') }), h('ul', { class: 'bots levels' }, levels.map(item)),
    engines.length ? h('details', { class: 'engines' }, h('summary', {}, t('the-engines')),
      h('p', { class: 'hint' }, t('the-engines-about')),
      h('ul', { class: 'bots' }, engines.map(item)),
      h('p', { class: 'hint' }, levels.map((b) => t('level-plays', { n: levelOf(info, b) + 1, plays: String(info.levels[levelOf(info, b)].plays) })).join(' · '))) : null];
}

// ------------------------------------------------------------------ how a program joins
// GET /api/registry tells the host's TCP port (`tcp_port`), for `tessera client --port`.
export function joinHelp(reg, id, game, open) {
  const info = gameOf(reg, game);
  const bot = info?.bots.find((b) => b.name !== info.solo?.bot)?.name ?? 'random';
  let cmd = `tessera client --table ${id} --players ${Array(Math.max(open, 1)).fill(bot).join(',')}`;
  if (!['localhost', '127.0.0.1', '[::1]', '::1', ''].includes(location.hostname)) cmd += ` --host ${location.hostname}`;
  if (reg?.tcp_port) cmd += ` --port ${reg.tcp_port}`;
  return h('div', { class: 'join', 'data-table': id },
    h('p', {}, t('join-open', { open }) + ' ',
      h('code', { class: 'signup' }, JSON.stringify({ name: 'NAME', table: Number(id) })),
      ' ' + t('join-or-run')),
    // each word unbroken (`--port` holds a hyphen, where lines would break): a narrow screen
    // wraps the command between its words only
    h('pre', {}, h('code', { class: 'command' }, cmd.split(' ').flatMap((w, i) => [i ? ' ' : null, h('span', { class: 'word' }, w)]))),
    reg?.tcp_port ? null : h('p', { class: 'hint' }, t('join-port')),
    starterBotHelp(h, { table: id, port: reg?.tcp_port, host: location.hostname, words: t('starter-bots') }));
}
