// A game's look: ./GAME.js when the server has it (loaded with import() the first time a
// page shows that game), else the generic look (./generic.js: the views as JSON, the legal
// moves as buttons).
import * as generic from './generic.js';

export { generic };

const renderers = new Map();
/**
 * The module that draws `game`: ./GAME.js if the server has it and it exports `render`,
 * else the generic one. Never fails.
 */
export function renderer(game) {
  if (!renderers.has(game)) {
    const load = /^[a-z][a-z0-9_-]*$/.test(game) ? import(`./${game}.js`) : Promise.reject(new Error('bad name'));
    renderers.set(game, load
      .then((m) => (typeof m.render === 'function' ? m : generic))
      .catch((e) => { console.info(`no renderer for ${game} (${e.message}): the generic view`); return generic; }));
  }
  return renderers.get(game);
}
