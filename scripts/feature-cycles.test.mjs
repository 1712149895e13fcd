// The feature-cycle check (./feature-cycles.mjs) run on small shops written for each test: it
// fails naming the circle where features import each other, and passes where they do not.
// Run by `pnpm lint` before the check itself: node --test scripts/feature-cycles.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'feature-cycles.mjs');
const shops = [];
after(() => {
  for (const shop of shops) rmSync(shop, { recursive: true, force: true });
});

/** A shop of these files (path under apps/api/src/features → source); the check's answer on it. */
function checkShopOf(files) {
  const shop = mkdtempSync(join(tmpdir(), 'feature-cycles-'));
  shops.push(shop);
  for (const [path, source] of Object.entries(files)) {
    const file = join(shop, 'apps/api/src/features', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  const run = spawnSync(process.execPath, [script, 'apps'], { cwd: shop, encoding: 'utf8' });
  return { status: run.status, said: `${run.stdout}${run.stderr}` };
}

describe('the feature-cycle check', () => {
  test('when two features import each other, one of them only a type, then it fails naming the circle and each import', () => {
    const { status, said } = checkShopOf({
      'orders/changes.ts':
        "import type { Letter } from '../mail/index.js';\nexport const write = (letter: Letter) => letter;\n",
      'mail/index.ts':
        "export interface Letter { to: string }\nexport { send } from './sender.js';\n",
      'mail/sender.ts':
        "import { write } from '../orders/changes.js';\nexport const send = write;\n",
    });

    assert.equal(status, 1);
    assert.match(said, /features import each other in a circle/);
    assert.match(said, /api\/mail → api\/orders → api\/mail/);
    assert.match(
      said,
      /apps\/api\/src\/features\/mail\/sender\.ts → apps\/api\/src\/features\/orders\/changes\.ts\n/,
    );
    assert.match(
      said,
      /apps\/api\/src\/features\/orders\/changes\.ts → apps\/api\/src\/features\/mail\/index\.ts \(type-only\)/,
    );
  });

  test('when the circle goes through three features, then it names all three in order', () => {
    const { status, said } = checkShopOf({
      'catalogue/store.ts':
        "import { list } from '../products/repository.js';\nexport const all = list;\n",
      'products/repository.ts':
        "import { one } from '../categories/index.js';\nexport const list = one;\n",
      'categories/index.ts':
        "import { all } from '../catalogue/store.js';\nexport const one = () => all;\n",
    });

    assert.equal(status, 1);
    assert.match(said, /api\/catalogue → api\/products → api\/categories → api\/catalogue/);
  });

  test('when features import each other one way only, or back only from a test, then it passes', () => {
    const { status, said } = checkShopOf({
      'orders/changes.ts':
        "import { send } from '../mail/index.js';\nexport const placed = send;\n",
      'mail/index.ts': 'export const send = () => true;\n',
      'mail/index.test.ts':
        "import { placed } from '../orders/changes.js';\nexport const t = placed;\n",
    });

    assert.equal(status, 0, said);
    assert.match(said, /no feature imports another in a circle/);
  });
});
