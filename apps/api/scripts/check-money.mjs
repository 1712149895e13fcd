#!/usr/bin/env node
// Money inside the API is `Minor`, integers of minor units (src/lib/money.ts). This check reads
// the API's source (tests and src/test/ aside) and fails on money handled anywhere but at its
// edges:
// - major units made (toMajorUnits, totalMajorUnits) outside a feature's presenter.ts, where a
//   route's answer is made;
// - minor units made from major ones (toMinorUnits, totalMinorUnits, fromMajor,
//   exactlyFromMajor) outside the input boundary: a feature's input.ts, where a request's amounts
//   arrive, the seed (its demo prices are written in dollars) and the migrations (earlier
//   versions stored major units);
// - float arithmetic that has crept in before: a major-unit price in a sum or a product, minor
//   units by hand (× 100, ÷ 100), money written with toFixed (it assumes two decimals, wrong
//   for yen).
// src/lib/money.ts, which makes those conversions for the rest, is the one exception.
// Prints file:line: rule: code for each and exits 1. Usage: node scripts/check-money.mjs [srcDir]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const src = resolve(process.argv[2] ?? 'src');

const isPresenter = (path) => path.endsWith(`${sep}presenter.ts`);
const isInputBoundary = (path) =>
  path.endsWith(`${sep}input.ts`) ||
  path.startsWith(`seed${sep}`) ||
  path.startsWith(`migrations${sep}`);
const THE_MONEY_MODULE = join('lib', 'money.ts');

const RULES = [
  {
    rule: 'major units made outside a presenter (answer in the feature’s presenter.ts)',
    pattern: /\b(toMajorUnits|totalMajorUnits)\b/,
    allowedIn: isPresenter,
  },
  {
    rule: 'minor units made from major ones outside the input boundary (a feature’s input.ts)',
    pattern: /\b(toMinorUnits|totalMinorUnits|fromMajor|exactlyFromMajor)\b/,
    allowedIn: isInputBoundary,
  },
  {
    rule: 'arithmetic on a major-unit price (amounts are Minor: lib/money.ts)',
    pattern: /\bprice\b\s*[-+*/%]=?\s|[-+*/%]=?\s*[\w.?]*\bprice\b(?!\s*[,:)])/,
    allowedIn: () => false,
  },
  {
    rule: 'minor units by hand (use fromMajor in input.ts, toMajorUnits in presenter.ts)',
    pattern: /[*/]\s*100\b(?!_)|\b100\s*\*/,
    allowedIn: () => false,
  },
  {
    rule: 'money written with toFixed (use decimalText or formatMoney)',
    pattern: /\b(price|amount|revenue|total|subtotal)\w*\)?\.toFixed\(/i,
    allowedIn: () => false,
  },
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') yield* sourceFiles(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      yield path;
    }
  }
}

/** `file:line: rule: code` for each line of code (not comment) that breaks a rule. */
function findings(file, text) {
  if (file === THE_MONEY_MODULE) return [];
  return text.split('\n').flatMap((line, i) => {
    const code = line.trim();
    if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return [];
    return RULES.filter(({ pattern, allowedIn }) => pattern.test(code) && !allowedIn(file)).map(
      ({ rule }) => `${file}:${i + 1}: ${rule}: ${code}`,
    );
  });
}

const found = [...sourceFiles(src)].flatMap((path) =>
  findings(relative(src, path), readFileSync(path, 'utf8')),
);
if (found.length > 0) {
  console.error(`Money handled outside its edges (${found.length}):\n${found.join('\n')}`);
  process.exit(1);
}
