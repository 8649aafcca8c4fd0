// A game's deal, committed and revealed (the server's crates/games/src/deal.rs): the play
// page shows the commitment from the start, the replay page checks it once the seed and
// the salt are revealed, with the browser's own SHA-256 (crypto.subtle).
import { h, put } from './board.js';
import { t } from './i18n.js';

/** The text whose SHA-256 is the commitment: `tessera-deal-v1:{seed}:{salt}`. */
export const committedText = (seed, salt) => `tessera-deal-v1:${seed}:${salt}`;

/**
 * The commitment to `seed` (its decimal digits, a string) with `salt` (hex): the SHA-256
 * of committedText in lowercase hex, or null where the browser offers no SHA-256 (it
 * does only in a secure context: https:// or localhost).
 */
export async function commitmentOf(seed, salt) {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = new TextEncoder().encode(committedText(seed, salt));
  const hash = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether `deal` ({commitment, seed, salt}: seed and salt once revealed) holds: a line for
 * people, `deal-verified`, `deal-mismatch` or `deal-cannot-check`, with its class.
 */
export async function checkDeal(deal) {
  const found = await commitmentOf(String(deal.seed), deal.salt);
  if (found === null) return { ok: null, text: t('deal-cannot-check') };
  if (found === deal.commitment) return { ok: true, text: t('deal-verified') };
  return { ok: false, text: t('deal-mismatch', { found, commitment: deal.commitment }) };
}

/** The line that tells the result of checkDeal, filled in when it is known. */
export function dealCheckLine(deal) {
  const line = h('p', { id: 'deal-check', class: 'hint', 'aria-live': 'polite', text: t('deal-checking') });
  checkDeal(deal).then((r) => {
    line.textContent = r.text;
    line.classList.toggle('deal-ok', r.ok === true);
    line.classList.toggle('deal-warning', r.ok === false);
  });
  return line;
}

/**
 * The deal as the play or replay page shows it, discreetly: a <details> with the
 * commitment and what it is; once the game is over the seed and the salt, checked here.
 * `deal`: the state message's `deal` ({commitment, chosen, seed?, salt?}) or null (a game
 * from before commitments). Returns {el, update(deal)}.
 */
export function dealBox() {
  const body = h('div');
  const el = h('details', { class: 'deal', id: 'deal' }, h('summary', {}, t('deal')), body);
  let shown = null;
  const update = (deal) => {
    const key = JSON.stringify(deal ?? null);
    if (key === shown) return;
    shown = key;
    if (!deal) { put(body, h('p', { class: 'hint', text: t('deal-none') })); return; }
    const revealed = deal.seed !== undefined && deal.seed !== null && deal.salt;
    put(body,
      deal.chosen ? h('p', { id: 'deal-practice', text: t('deal-practice') }) : null,
      h('p', { class: 'hint', text: t('deal-about') }),
      h('p', {}, h('code', { id: 'deal-commitment', class: 'deal-hash', text: t('deal-commitment', { commitment: deal.commitment }) })),
      revealed ? h('p', {}, h('code', { class: 'deal-hash', text: t('deal-revealed', { seed: String(deal.seed), salt: deal.salt }) })) : null,
      revealed ? dealCheckLine(deal) : null);
  };
  return { el, update };
}
