// Akropolis: the district table (a row per district, a column per city, each cell its
// points and why) and the legend of the colours.
import { h } from './board.js';
import { DISTRICT, NAMES, STARS } from './akropolis-hex.js';
import { t as say } from './i18n.js';

/** A district's name (`houses`), or the quarry's, in the page's language. */
const dname = (d) => say(`akropolis-${d}`);
/** How each district scores (the base rules; the variants double some). */
const HOW = (d) => say(`akro-how-${d}`);
const VARIANT = (d) => say(`akro-variant-${d}`);
/** The district table: a row per district, a column per city; each cell its points and why. */
export function districtTable(pub, nameOf, seat) {
  const variants = String(pub.rules?.variants ?? '');
  const on = (d) => variants.includes(d[0].toUpperCase());
  const head = h('tr', {}, h('th', { scope: 'col', text: say('akro-district-col') }), pub.players.map((_, i) => h('th', {
    scope: 'col', class: 'who', title: nameOf(i), text: say('name-you', { name: nameOf(i), you: i === seat ? 'yes' : 'no' }),
  })));
  const rows = NAMES.map((d, k) => {
    const key = d[0];
    const why = say('akro-row-why', { district: say(`akropolis-column-${d}`), how: HOW(d), variant: on(d) ? VARIANT(d) : 'none', d: key, stars: STARS[key] });
    return h('tr', {},
      h('th', { scope: 'row', title: why },
        h('span', { class: 'swatch', style: `background:${DISTRICT[key][1]}`, 'aria-hidden': 'true' }), ' ' + dname(d), on(d) ? h('sup', { title: VARIANT(d) }, ' v') : null),
      pub.players.map((p, i) => {
        const explain = say('akro-cell-why', { who: nameOf(i), district: dname(d), values: p.values[k], stars: p.stars[k], points: p.districts[k] });
        return h('td', { title: explain, 'aria-label': explain },
          h('strong', { text: p.districts[k] }), h('span', { class: 'why', text: ` ${p.values[k]}×${p.stars[k]}★` }));
      }));
  });
  return h('table', { class: 'scores districts', id: 'districts' },
    h('caption', { class: 'hint' }, say('akro-table-caption')),
    h('thead', {}, head),
    h('tbody', {}, rows,
      h('tr', {}, h('th', { scope: 'row', title: say('akro-stones-about') }, say('akro-stones')), pub.players.map((p, i) => h('td', { title: say('akro-stones-cell', { who: nameOf(i), n: p.stones }), text: p.stones }))),
      h('tr', { class: 'total' }, h('th', { scope: 'row', title: say('akro-total-about') }, say('akro-total')), pub.players.map((p) => h('td', {}, h('strong', { text: p.total }))))));
}

export function legend() {
  return h('ul', { class: 'legend', 'aria-label': say('akro-legend') },
    Object.entries(DISTRICT).map(([, [name, col]]) => h('li', {}, h('span', { class: 'swatch', style: `background:${col}`, 'aria-hidden': 'true' }), ' ' + dname(name))),
    h('li', {}, '★ ' + say('akro-legend-plaza')),
    h('li', {}, say('akro-legend-height')));
}

