// Akropolis: the district table (a row per district, a column per city, each cell its
// points and why) and the legend of the colours.
import { h } from './board.js';
import { DISTRICT, NAMES, STARS } from './akropolis-hex.js';

/** How each district scores (the base rules; the variants double some). */
const HOW = {
  houses: 'only your largest group of adjacent houses counts, each house its height',
  markets: 'a market counts its height when no other market touches it',
  barracks: 'a barracks counts its height when it is on the edge of the city (an empty space beside it)',
  temples: 'a temple counts its height when all six sides are built',
  gardens: 'every garden counts its height',
};
const VARIANT = {
  houses: 'variant: a group worth 10 or more counts double',
  markets: 'variant: a market beside a market plaza counts double',
  barracks: 'variant: a barracks with 3 or 4 empty sides counts double',
  temples: 'variant: a temple at height 2 or more counts double',
  gardens: 'variant: a garden beside an enclosed empty space (a lake) counts double',
};
/** The district table: a row per district, a column per city; each cell its points and why. */
export function districtTable(pub, nameOf, seat) {
  const variants = String(pub.rules?.variants ?? '');
  const on = (d) => variants.includes(d[0].toUpperCase());
  const head = h('tr', {}, h('th', { scope: 'col', text: 'District' }), pub.players.map((_, i) => h('th', {
    scope: 'col', class: 'who', title: nameOf(i), text: nameOf(i) + (i === seat ? ' (you)' : ''),
  })));
  const rows = NAMES.map((d, k) => {
    const key = d[0];
    const why = `${d[0].toUpperCase() + d.slice(1)}: ${HOW[d]}${on(d) ? ` (${VARIANT[d]})` : ''}; the sum is multiplied by the stars of your ${d} plazas (${STARS[key]} per plaza). No plaza, no points.`;
    return h('tr', {},
      h('th', { scope: 'row', title: why },
        h('span', { class: 'swatch', style: `background:${DISTRICT[key][1]}`, 'aria-hidden': 'true' }), ` ${d}`, on(d) ? h('sup', { title: VARIANT[d] }, ' v') : null),
      pub.players.map((p, i) => {
        const explain = `${nameOf(i)}, ${d}: ${p.values[k]} (heights that count) × ${p.stars[k]} star${p.stars[k] === 1 ? '' : 's'} = ${p.districts[k]} points`;
        return h('td', { title: explain, 'aria-label': explain },
          h('strong', { text: p.districts[k] }), h('span', { class: 'why', text: ` ${p.values[k]}×${p.stars[k]}★` }));
      }));
  });
  return h('table', { class: 'scores districts', id: 'districts' },
    h('caption', { class: 'hint' }, 'Points = the heights of the districts that count × the stars of the plazas of their colour (hover a row or a cell for its rule).'),
    h('thead', {}, head),
    h('tbody', {}, rows,
      h('tr', {}, h('th', { scope: 'row', title: 'One point per stone held at the end' }, 'stones'), pub.players.map((p, i) => h('td', { title: `${nameOf(i)}: ${p.stones} stone${p.stones === 1 ? '' : 's'}, 1 point each`, text: p.stones }))),
      h('tr', { class: 'total' }, h('th', { scope: 'row', title: 'The five districts plus the stones' }, 'total'), pub.players.map((p) => h('td', {}, h('strong', { text: p.total }))))));
}

export function legend() {
  return h('ul', { class: 'legend', 'aria-label': 'Legend' },
    Object.entries(DISTRICT).map(([, [name, col]]) => h('li', {}, h('span', { class: 'swatch', style: `background:${col}`, 'aria-hidden': 'true' }), ` ${name}`)),
    h('li', {}, '★ plaza (stars: houses 1, markets, barracks, temples 2, gardens 3)'),
    h('li', {}, 'the number on a hex is its height; the higher, the darker'));
}
