// Sounds: a short knock when a move is made, a rising two-note chime when it becomes your
// turn, three beeps when your clock falls under 10 s. The tones are made with WebAudio (no
// sound files). Never before the person has interacted with the page (the browsers' autoplay rules): until a click or a key, a sound
// asked for is skipped. On by default; the header's switch turns them off, remembered in
// localStorage (`tessera.sound`). Every sound asked for is kept in `window.__tesseraSounds`
// (the last 50: {kind, played, why}) for the tests.
import { t as say } from './i18n.js';
import { h } from './board.js';

const KEY = 'tessera.sound';
/** Whether sounds are on (the default) or the switch turned them off. */
export const soundOn = () => { try { return localStorage.getItem(KEY) !== 'off'; } catch { return true; } };

const asked = [];
window.__tesseraSounds = asked;
let ctx = null;
/** Whether the person has clicked, tapped or typed in the page (a real event, not a script's). */
let touched = false;

/** The audio context, made once the person has interacted with the page; else null. */
function audio() {
  if (ctx) return ctx;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC || !touched) return null;
  ctx = new AC();
  return ctx;
}
// the first click or key makes (or wakes) the context inside the gesture, as browsers want
for (const ev of ['pointerdown', 'keydown']) {
  window.addEventListener(ev, (e) => {
    if (!e.isTrusted) return;
    touched = true;
    if (soundOn()) audio()?.resume?.();
  }, { capture: true, passive: true });
}

/** A tone of `freq` Hz from `at` (seconds, context time) for `len` s, quickly rising, fading out. */
function tone(ac, freq, at, len, type, peak) {
  const osc = ac.createOscillator(), gain = ac.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + len);
  osc.connect(gain).connect(ac.destination);
  osc.start(at);
  osc.stop(at + len + 0.02);
}
const SOUNDS = {
  move: (ac, t) => tone(ac, 440, t, 0.09, 'triangle', 0.25),
  turn: (ac, t) => { tone(ac, 660, t, 0.16, 'sine', 0.2); tone(ac, 990, t + 0.14, 0.26, 'sine', 0.2); },
  // a clock under 10 s: three short high beeps
  low: (ac, t) => { for (const k of [0, 0.18, 0.36]) tone(ac, 1320, t + k, 0.08, 'square', 0.12); },
};

/** Plays `kind` ('move', 'turn' or 'low') when sounds are on and the person has interacted. */
export function playSound(kind) {
  const entry = { kind, played: false, why: '' };
  asked.push(entry);
  if (asked.length > 50) asked.shift();
  const ac = soundOn() ? audio() : null;
  if (!soundOn()) entry.why = 'off';
  else if (!ac) entry.why = 'no interaction yet';
  else {
    if (ac.state === 'suspended') ac.resume();
    SOUNDS[kind](ac, ac.currentTime + 0.01);
    entry.played = true;
  }
  return entry;
}

/**
 * The sound of a new state of a game (`prev` the one before, null at first): none at first
 * or when nothing was played; the chime when it has just become the viewer's turn; else the
 * knock of a move (anybody's, a spectator's too).
 */
export function soundOfState(prev, m) {
  if (!prev || prev.version === m.version) return null;
  const turn = (s) => s.seat !== null && s.seat !== undefined && s.to_move === s.seat && !s.over;
  return playSound(turn(m) && !turn(prev) ? 'turn' : 'move');
}

/** The header's switch: pressed while sounds are on; remembered. */
export function soundSwitch() {
  const button = h('button', { id: 'sound-switch', class: 'link', type: 'button' }, '♪ ' + say('sound'));
  const show = () => {
    const on = soundOn();
    button.setAttribute('aria-pressed', String(on));
    button.title = say(on ? 'sound-on' : 'sound-off');
  };
  button.addEventListener('click', () => {
    try { localStorage.setItem(KEY, soundOn() ? 'off' : 'on'); } catch { /* this page only */ }
    show();
    if (soundOn()) playSound('move'); // what it sounds like
  });
  show();
  return button;
}
