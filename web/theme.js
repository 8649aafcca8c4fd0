// Light or dark: the system's choice (prefers-color-scheme) unless the header's switch chose
// the other one, which is remembered (localStorage `tessera.theme`; choosing the system's
// own again forgets it, so the page follows the system from then on). <html data-theme>
// holds the theme shown: index.html sets it before the first paint, this module keeps it;
// theme.css has the colours of both.
import { t as say } from './i18n.js';
import { h } from './board.js';

const KEY = 'tessera.theme';
const system = matchMedia('(prefers-color-scheme: dark)');
const systemTheme = () => (system.matches ? 'dark' : 'light');
const chosen = () => { try { return localStorage.getItem(KEY); } catch { return null; } };

/** The theme shown now: 'light' or 'dark'. */
export const theme = () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

/** The header's switch: pressed in dark mode; a click shows the other theme and remembers it. */
export function themeSwitch() {
  const button = h('button', { id: 'theme-switch', class: 'link', type: 'button' }, '☾ ' + say('theme-dark'));
  const show = (t) => {
    document.documentElement.dataset.theme = t;
    button.setAttribute('aria-pressed', String(t === 'dark'));
    button.title = say(t === 'dark' ? 'theme-on' : 'theme-off');
  };
  button.addEventListener('click', () => {
    const next = theme() === 'dark' ? 'light' : 'dark';
    try {
      if (next === systemTheme()) localStorage.removeItem(KEY); else localStorage.setItem(KEY, next);
    } catch { /* not remembered: this page only */ }
    show(next);
  });
  // the system changes (night falls): followed unless the switch chose
  system.addEventListener('change', () => { if (!chosen()) show(systemTheme()); });
  show(chosen() === 'dark' || chosen() === 'light' ? chosen() : systemTheme());
  return button;
}
