import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money inside the API is integers of minor units; major units (the `price` of the contract's
 * shapes, 19.99) are only converted, by @shop/contracts/money, never computed with. This scan
 * finds the ways float arithmetic on money has crept in before: a major-unit price in a sum or
 * a product, a conversion by hand (× 100, ÷ 100), and money written with toFixed (which assumes
 * two decimals, wrong for yen).
 */
const RULES: { rule: string; pattern: RegExp }[] = [
  {
    rule: 'arithmetic on a major-unit price (convert with toMinorUnits first)',
    pattern: /\bprice\b\s*[-+*/%]=?\s|[-+*/%]=?\s*[\w.?]*\bprice\b(?!\s*[,:)])/,
  },
  {
    rule: 'minor units by hand (use toMinorUnits / toMajorUnits)',
    pattern: /[*/]\s*100\b(?!_)|\b100\s*\*/,
  },
  {
    rule: 'money written with toFixed (use decimalText or formatMoney)',
    pattern: /\b(price|amount|revenue|total|subtotal)\w*\)?\.toFixed\(/i,
  },
];

const here = dirname(fileURLToPath(import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') yield* sourceFiles(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      yield path;
    }
  }
}

/** `file:line: rule` for each line of code (not comment) that breaks a rule. */
function findings(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const code = line.trim();
    if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return [];
    return RULES.filter(({ pattern }) => pattern.test(code)).map(
      ({ rule }) => `${file}:${i + 1}: ${rule}: ${code}`,
    );
  });
}

describe('money arithmetic in the API source', () => {
  it('when the scan reads code that computes with major units, then it finds each case', () => {
    const bad = [
      'const total = line.price * line.quantity;',
      'sum += item.price;',
      'const cents = Math.round(amount * 100);',
      'return toMajor(minor) / 100;',
      'row.push(order.amount.toFixed(2));',
    ];
    for (const line of bad) expect(findings('sample.ts', line), line).toHaveLength(1);
    const good = [
      'product.revenue += sign * toMinorUnits(line.price, currency) * line.quantity;',
      'const amount = amountOf(lines, currency);',
      '{ price: toMajorUnits(p.price, currency), quantity }',
      'export const MONEY_BATCH = 100;',
      '* price and stock are then theirs',
    ];
    for (const line of good) expect(findings('sample.ts', line), line).toEqual([]);
  });

  it('when the API source is scanned, then no line computes with money in major units', () => {
    const found = [...sourceFiles(here)].flatMap((path) =>
      findings(relative(here, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
