/**
 * Oversell check: 20 buyers pay at once for one variant with 5 units (its sibling variants in
 * stock too), over two API processes sharing one database; prints orders placed / stock left /
 * duplicates, the buyers refused before paying (sold out, or held in others' checkouts: no
 * PaymentIntent is made for them), how many cards were authorized for an order then refused
 * (none: the units are held when paying starts), how many payments were captured / charged
 * without an order, whether the siblings kept their stock, and the variant's stock once an
 * admin cancelled one order.
 *
 *   cd apps/api && npx tsx scripts/oversell-check.ts [buyers] [stock]
 *
 * Runs on a throwaway database (see src/test/throwaway-database.ts): on MONGO_URL when set,
 * else on the embedded database the API would start; dropped after. Exits 1 when anything was
 * oversold or doubled, or a shopper was charged without an order.
 */
import { printOversellFigures, runOversellCheck } from '../src/test/oversell.js';

const buyers = Number(process.argv[2] ?? 20);
const stock = Number(process.argv[3] ?? 5);

const figures = await runOversellCheck({ buyers, stock });
printOversellFigures(figures);
const expected = Math.min(buyers, stock);
const sound =
  figures.ordersPlaced === expected &&
  figures.stockLeft === stock - expected &&
  figures.siblingsUnchanged &&
  figures.stockAfterCancel === (expected > 0 ? stock - expected + 1 : null) &&
  figures.duplicates === 0 &&
  figures.captured === expected &&
  // The units are held when paying starts: whoever cannot have them is told before paying.
  figures.refusedBeforePaying === buyers - expected &&
  figures.paymentsCreated === expected &&
  figures.canceled === 0 &&
  (figures.answers[409] ?? 0) === 0 &&
  figures.chargedWithoutOrder === 0 &&
  figures.replay.orders === 1 &&
  figures.replay.unitsTaken === 1 &&
  figures.replay.captures === 1;
console.log(
  sound
    ? 'OK: nothing oversold, nothing doubled, no card authorized for an order then refused, nobody charged without an order'
    : 'FAILED',
);
process.exitCode = sound ? 0 : 1;
