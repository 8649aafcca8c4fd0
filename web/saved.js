// What this browser keeps between visits (localStorage): its seats' tokens by game and
// the names typed for people's seats.

// ------------------------------------------------------------------ tokens
/** A person's seats at game `id`: [[seat, token], ...] (several in one browser: hotseat). */
export function tokensOf(id) {
  try { return JSON.parse(localStorage.getItem('tessera.tokens.' + id) || '[]'); } catch { return []; }
}
/** Keeps the seats' tokens of game `id` (nothing when there are none). */
export function saveTokens(id, tokens) { if (tokens.length) localStorage.setItem('tessera.tokens.' + id, JSON.stringify(tokens)); }

// ------------------------------------------------------------------ names
/** The names typed for people's seats, by seat (localStorage tessera.names). */
export function rememberedNames() {
  try { const v = JSON.parse(localStorage.getItem('tessera.names') || '[]'); return Array.isArray(v) ? v : []; } catch { return []; }
}
/** Remembers the names typed (null: a seat that is not a person's, left as it was). */
export function rememberNames(bySeat) {
  const names = rememberedNames();
  bySeat.forEach((n, i) => { if (n) names[i] = n; });
  localStorage.setItem('tessera.names', JSON.stringify(names));
}
