// The installable app: the service worker (sw.js: the app's files kept for offline use,
// notifications shown through it), a line that says when this device is offline, and
// `notify`, a notification through the worker where there is one (a background tab, a
// phone), else the page's own.
import { h } from './board.js';
import { t } from './i18n.js';

let worker = null;

/** Registers the service worker and draws the offline line (before `main`). */
export function startInstallable() {
  const line = h('p', { id: 'offline', class: 'offline', role: 'status', hidden: true }, t('offline-banner'));
  document.querySelector('main')?.before(line);
  const draw = () => {
    line.hidden = navigator.onLine !== false;
    document.documentElement.classList.toggle('is-offline', !line.hidden);
  };
  window.addEventListener('online', draw);
  window.addEventListener('offline', draw);
  draw();
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  worker = navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null);
  // a click on a notification: the game opens in this tab
  navigator.serviceWorker.addEventListener('message', (e) => {
    const open = e.data?.open;
    if (typeof open !== 'string') return;
    const url = new URL(open, location.href);
    if (url.origin === location.origin) location.hash = url.hash || '#/';
  });
}

/** Whether this device is offline now. */
export const offline = () => navigator.onLine === false;

/**
 * Shows a notification (`title`, `{body, tag}`) that opens `hash` (`#/game/ID`) when
 * clicked: through the service worker where it is active, else as the page's own.
 */
export async function notify(title, opts, hash) {
  const reg = worker ? await worker : null;
  if (reg?.active && reg.showNotification) {
    try { await reg.showNotification(title, { ...opts, icon: '/static/icon-192.png', data: { url: '/' + hash } }); return; } catch { /* the page's own */ }
  }
  try {
    const n = new Notification(title, opts);
    n.onclick = () => { window.focus(); location.hash = hash; n.close(); };
  } catch { /* none in this browser */ }
}
