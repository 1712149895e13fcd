// Adds up the JSON reports the vitest runs leave in <workspace>/test-results/ and
// prints one closing line: "tests: N passed, N failed".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = [];
for (const group of ['apps', 'packages']) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name, 'test-results');
    try {
      if (!statSync(dir).isDirectory()) continue;
    } catch {
      continue;
    }
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      reports.push(join(dir, file));
    }
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A file that cannot even load counts as one failure.
  failed += Math.max(report.numFailedTests ?? 0, report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(
    `  ${file.slice(root.length)}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
}
if (reports.length === 0) {
  console.log('tests: 0 passed, 1 failed (no test report found)');
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
