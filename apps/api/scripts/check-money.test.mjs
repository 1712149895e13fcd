// The money check (./check-money.mjs) run on small source trees written for each test: it fails
// naming each line that handles money outside its edges, and passes where none does.
// Run by the API's `pnpm lint` before the check itself: node --test scripts/check-money.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-money.mjs');
const trees = [];
after(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** A source tree of these files (path under src → source); the check's answer on it. */
function checkTreeOf(files) {
  const tree = mkdtempSync(join(tmpdir(), 'check-money-'));
  trees.push(tree);
  for (const [path, source] of Object.entries(files)) {
    const file = join(tree, 'src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  const run = spawnSync(process.execPath, [script, 'src'], { cwd: tree, encoding: 'utf8' });
  return { status: run.status, said: `${run.stdout}${run.stderr}` };
}

/** The `file:line` of each finding the check printed. */
const placesIn = (said) => [...said.matchAll(/^(\S+:\d+): /gm)].map(([, place]) => place);

const AT_THE_EDGES = {
  'features/products/presenter.ts':
    "import { toMajorUnits } from '@shop/contracts';\nexport const answer = (p: { price: number }) => ({ price: toMajorUnits(p.price, 'usd') });\n",
  'features/products/input.ts':
    "import { fromMajor } from '../../lib/money.js';\nexport const input = (price: number) => fromMajor(price, 'usd');\n",
  'features/shipping/input.ts':
    "import { exactlyFromMajor } from '../../lib/money.js';\nexport const rate = (price: number) => exactlyFromMajor(price, 'eur');\n",
  'seed/seed.ts': "export const demo = (dollars: number) => fromMajor(dollars, 'usd');\n",
  'migrations/004-prices.ts': 'export const converted = toMinorUnits(19.99, currency);\n',
  'lib/money.ts':
    'export const exactly = (major: number) => toMajorUnits(fromMajor(major, c), c) === major;\n',
  'features/orders/use-cases.ts':
    '// toMajorUnits belongs in the presenter.\nexport const lines = (order) => order.lines.length;\n',
  'features/orders/use-cases.test.ts': "expect(toMajorUnits(1999, 'usd')).toBe(19.99);\n",
  'test/orders.ts': "export const price = toMinorUnits(19.99, 'usd');\n",
};

describe('the money check', () => {
  test('when major units are made in a use case, then it fails naming the line', () => {
    const { status, said } = checkTreeOf({
      ...AT_THE_EDGES,
      'features/orders/breakdown.ts':
        "import { type Order, toMajorUnits } from '@shop/contracts';\nconst major = (minor: number) => toMajorUnits(minor, currency);\n",
    });

    assert.equal(status, 1);
    assert.match(said, /major units made outside a presenter/);
    assert.deepEqual(placesIn(said), [
      'features/orders/breakdown.ts:1',
      'features/orders/breakdown.ts:2',
    ]);
  });

  test('when a repository or a use case makes minor units from major ones, then it fails naming each line', () => {
    const { status, said } = checkTreeOf({
      ...AT_THE_EDGES,
      'features/products/repository/writes.ts':
        'export const stored = (price: number) => ({ price: toMinorUnits(price, currency) });\n',
      'features/discounts/use-cases.ts': 'const amount = fromMajor(input.value, currency);\n',
    });

    assert.equal(status, 1);
    assert.match(said, /minor units made from major ones outside the input boundary/);
    assert.deepEqual(placesIn(said).sort(), [
      'features/discounts/use-cases.ts:1',
      'features/products/repository/writes.ts:1',
    ]);
  });

  test('when code computes with major units, then it finds each case; money that is not, it leaves', () => {
    const bad = [
      'const total = line.price * line.quantity;',
      'sum += item.price;',
      'const cents = Math.round(amount * 100);',
      'return toMajor(minor) / 100;',
      'row.push(order.amount.toFixed(2));',
    ];
    const good = [
      'product.revenue = add(product.revenue, times(line.unitPrice, sign * line.quantity));',
      'const amount = sum(lines.map((line) => times(line.unitPrice, line.quantity)));',
      '{ price: minor(v.price), quantity }',
      'export const MONEY_BATCH = 100;',
      '* price and stock are then theirs',
    ];
    const { status, said } = checkTreeOf({
      ...AT_THE_EDGES,
      'features/sales/figures.ts': `${[...bad, ...good].join('\n')}\n`,
    });

    assert.equal(status, 1);
    assert.deepEqual(
      placesIn(said),
      bad.map((_, i) => `features/sales/figures.ts:${i + 1}`),
    );
  });

  test('when money is converted only at its edges, then it passes', () => {
    const { status, said } = checkTreeOf(AT_THE_EDGES);

    assert.equal(status, 0, said);
  });
});
