// The command that seats a starter bot (examples/bots/, docs/bots.md) at a table's open
// seat: shown in the lobby beside each table that waits for programs over TCP.
//
// starterBotCommand({ table, port, host, lang }) is pure (tested with node by
// crates/cli/tests/starter_bots.rs, which runs the command it returns); starterBotHelp
// draws it with the page's `h`.

const LOCAL = ['localhost', '127.0.0.1', '[::1]', '::1', ''];

/** The shell command, run from the repository's root, that seats a starter bot at `table`. */
export function starterBotCommand({ table, port, host, lang = 'python' }) {
  const words = lang === 'node'
    ? ['node', 'examples/bots/bot.js']
    : ['python3', 'examples/bots/bot.py'];
  words.push('--table', String(Number(table)), '--pick', 'greedy');
  if (host && !LOCAL.includes(host)) words.push('--host', host);
  if (port) words.push('--port', String(Number(port)));
  return words.join(' ');
}

/** A paragraph with both starter bots' commands for `table` (`h` builds the elements;
 * `opts.words`: the line before them, in the page's language). */
export function starterBotHelp(h, opts) {
  return h('div', { class: 'starter-bots', 'data-table': opts.table },
    h('p', {}, opts.words),
    ...['python', 'node'].map((lang) =>
      h('pre', {}, h('code', { class: 'starter-bot' }, starterBotCommand({ ...opts, lang })))));
}
