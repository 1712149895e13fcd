// Adds up the JSON reports the vitest runs leave in <workspace>/test-results/ and
// prints one closing line: "tests: N passed, N failed". A suite that should have left a
// report and did not (it crashed, or never ran) counts as one failure, so the line never
// looks better than the run was. Each failed test is named with the first line of its
// error, so the tail of a CI log says what to look at.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** The report each test script writes (see the workspaces' vitest configs). */
const REPORT_OF_SCRIPT = { test: 'vitest.json', 'test:e2e': 'e2e.json', 'test:fuzz': 'fuzz.json' };

const reports = [];
const missing = [];
for (const group of ['apps', 'packages', 'tools']) {
  for (const name of readdirSync(join(root, group))) {
    const workspace = join(root, group, name);
    let scripts = {};
    try {
      scripts = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8')).scripts ?? {};
    } catch {
      continue;
    }
    for (const [script, report] of Object.entries(REPORT_OF_SCRIPT)) {
      if (!scripts[script]) continue;
      const file = join(workspace, 'test-results', report);
      try {
        if (statSync(file).isFile()) reports.push(file);
      } catch {
        missing.push(`${group}/${name} ${script}`);
      }
    }
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of reports) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A file that cannot even load (failed, with no test in it) counts as one failure.
  // numFailedTestSuites is no measure of that: vitest counts every describe block in it.
  const unloadable = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
  failed += (report.numFailedTests ?? 0) + unloadable;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(
    `  ${file.slice(root.length)}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
  for (const suite of report.testResults ?? []) {
    const where = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    const tests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of tests)
      failures.push(`${where} > ${test.fullName}\n      ${firstLine(test.failureMessages)}`);
    if (suite.status === 'failed' && tests.length === 0)
      failures.push(`${where}\n      ${firstLine([suite.message])}`);
  }
}
if (failures.length > 0) {
  console.log('failed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
for (const suite of missing) console.log(`  ${suite}: no report (the suite crashed or never ran)`);
failed += missing.length;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

/** The first non-empty line of a test's failure messages, cut to a readable length. */
function firstLine(messages) {
  const line =
    (messages ?? [])
      .join('\n')
      .split('\n')
      .find((text) => text.trim() !== '') ?? '(no message)';
  return line.trim().slice(0, 300);
}

process.exit(failed > 0 ? 1 : 0);
