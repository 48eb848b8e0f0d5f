import { KENO_PRODUCTS, settleKenoTicket } from './common/src/index.ts';
const s = settleKenoTicket(KENO_PRODUCTS.TWB01, { multiplier: 1, plays: [{ type: 'pick', stars: 5, numbers: [1, 2, 3, 4, 5] }, { type: 'bigSmall', pick: 'big' }] as never }, { numbers: Array.from({ length: 20 }, (_, i) => i * 4 + 1) });
console.log(JSON.stringify({ prize: s.prize, lines: s.lines }), JSON.stringify({ prize: s.prize, lines: s.lines }).length);
