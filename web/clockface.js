// The clock faces of a table with a clock of the game (a total for each person plus an
// increment after each of their moves, `game_clock` in the state message): each person's
// time left as m:ss, the one of the person to move ticking down here between messages,
// red under 10 s, with three beeps once when the viewer's own time falls under 10 s.
// Bots and programs have no face: the clock binds people (they have their own limits).
import { h } from './board.js';
import { playSound } from './sound.js';

const LOW_MS = 10_000;

/** `ms` as m:ss (h:mm:ss from an hour), never below 0:00. */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** The faces: `el` to place, `update(m)` with each state message, `tick()` between them. */
export function clockFaces() {
  const el = h('div', { id: 'clocks', class: 'clocks', hidden: true, role: 'timer', 'aria-live': 'off' });
  let m = null, got = 0, warned = false;
  const left = (seat) => {
    const base = m.game_clock.left_ms[seat] ?? 0;
    if (seat !== m.to_move || m.over || m.status !== 'running') return base;
    return base - (m.turn_ms ?? 0) - (Date.now() - got);
  };
  const tick = () => {
    if (!m?.game_clock) { el.hidden = true; return; }
    el.hidden = false;
    const faces = [];
    m.players.forEach((p, seat) => {
      if (p.kind !== 'person') return;
      const ms = left(seat);
      const running = seat === m.to_move && !m.over && m.status === 'running';
      const low = ms < LOW_MS;
      faces.push(h('span', { class: `clock-face${running ? ' running' : ''}${low ? ' low' : ''}${seat === m.seat ? ' mine' : ''}`, 'data-seat': String(seat) },
        h('span', { class: 'who' }, p.name), ' ', h('span', { class: 'time' }, clockText(ms))));
      if (seat === m.seat && running) {
        if (low && !warned) { warned = true; playSound('low'); }
        if (!low) warned = false;
      }
    });
    el.replaceChildren(...faces);
  };
  const update = (msg) => { m = msg; got = Date.now(); tick(); };
  return { el, update, tick };
}
