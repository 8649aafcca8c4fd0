// #/join/ID/CODE: a live table's seat for whoever has its link (docs/web.md, "Invite by
// link"). The page says who invites to what (the game, its rule options, its clock, the
// players) and takes the seat with one tap, as a guest under a name (remembered) or as
// the signed-in account; or declines (the table closes). A link taken, declined or
// expired says so.
import { h, put } from './board.js';
import { api, json, registry, loadMe } from './api.js';
import { saveTokens, rememberedNames, rememberNames } from './saved.js';
import { main } from './page.js';
import { t, andList } from './i18n.js';
import { rulesOf } from './inbox.js';

export async function joinPage(id, code) {
  document.title = t('title-page', { page: t('join-take') });
  const here = location.hash;
  const path = `/api/games/${encodeURIComponent(id)}/join`;
  put(main, h('p', { text: t('loading') }));
  let inv, reg, me;
  try {
    [inv, reg, me] = await Promise.all([api(`${path}?code=${encodeURIComponent(code ?? '')}`), registry().catch(() => null), loadMe().catch(() => null)]);
  } catch (e) {
    if (location.hash !== here) return;
    put(main, h('p', { class: 'error', role: 'alert', id: 'join-gone' }, t('join-gone')));
    return;
  }
  if (location.hash !== here) return;
  const err = h('p', { class: 'error', role: 'alert', id: 'join-error' });
  const rules = rulesOf({ game: inv.game, options: inv.rules }, reg);
  const clock = inv.time_control ? t('time-control', { tc: inv.time_control }) : inv.clock_s ? t('per-move', { clock: `${inv.clock_s} s` }) : null;
  const seats = inv.seats.map((s, i) => (i === inv.seat ? t('seat-invited') : s.name || t('seat-program'))).join(', ');
  const name = h('input', { id: 'join-name', maxlength: 40, autocomplete: 'nickname', value: me?.name ?? rememberedNames()?.[0] ?? '', disabled: me ? '' : null });
  const take = h('button', { type: 'button', class: 'primary', id: 'join-take' }, t('join-take'));
  const decline = h('button', { type: 'button', id: 'join-decline' }, t('join-decline'));
  take.addEventListener('click', async () => {
    err.textContent = '';
    take.disabled = true;
    try {
      const r = await api(path, json('POST', { code, name: name.value.trim() || null }));
      if (!me) rememberNames([name.value.trim() || null]);
      saveTokens(r.id, [[r.seat, r.token]]);
      location.hash = `#/game/${r.id}`;
    } catch (e) { err.textContent = t('join-failed', { why: e.message }); take.disabled = false; }
  });
  decline.addEventListener('click', async () => {
    err.textContent = '';
    try {
      await api(`${path}/decline`, json('POST', { code }));
      put(main, h('p', { id: 'join-declined' }, t('join-declined-done')));
    } catch (e) { err.textContent = e.message; }
  });
  put(main,
    h('h2', { id: 'join-by' }, inv.by ? t('join-title', { by: inv.by, game: inv.title }) : t('join-title-nobody', { game: inv.title })),
    h('p', { class: 'hint' }, [t('join-details', { seats }), clock, rules.length ? t('invitation-rules', { rules: andList(rules) }) : null].filter(Boolean).join(' · ')),
    h('p', {}, h('label', {}, t('join-your-name') + ' ', name)),
    h('p', {}, take, ' ', decline),
    err);
}
