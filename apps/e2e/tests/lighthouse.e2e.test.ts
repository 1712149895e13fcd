import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/browser';

/**
 * The pages gated, the cart among them (empty, and with two lines stored): its checkout part is a
 * chunk asked for after hydrating, so it hydrates with no more script than home. Its phone score
 * swings with the machine's load more than home's (2026-11-29, five runs a page at load 16–23:
 * empty 78–100 and two lines 73–97, judged 96 and 93, where home scored 96–100), but on a machine
 * as quiet as CI's it holds the budget as the others do (2026-11-29, load 2: empty 99, 99, 99 and
 * two lines 100, 100, 99 on a phone, 100 on a desktop; docs/development.md "Lighthouse").
 */
const GATED_PAGES = 'home,category,product,search,search-facets,cart,cart-2-lines';

/**
 * Fourteen pages and presets, three runs each (the second-best judged: the median, as Lighthouse CI
 * does), two more where it is under budget (six when a run shared the machine with other work,
 * each after up to 30 s waiting for a quieter moment), of 10–20 s each on a 2-core machine, a few
 * run again when Lighthouse fails.
 */
const AUDIT_TIMEOUT_MS = 1_800_000;

describe('Lighthouse on the storefront (issue 17)', () => {
  it(
    'when home, a category, a product, a search, a search with facets applied and the cart (empty and with two lines) are audited (mobile and desktop), then performance is at least 95 on a phone and 100 on a desktop (with two cores or more to run on, as Lighthouse needs), accessibility, best practices and SEO 100 and CLS at most 0.02',
    async () => {
      const script = join(import.meta.dirname, '..', 'scripts', 'lighthouse.mjs');
      const child = spawn(
        process.execPath,
        [script, baseUrl(), '--check', '--runs', '3', '--pages', GATED_PAGES],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      // The figures go to the log of every run.
      console.log(output);
      expect(code, output).toBe(0);
      // The judged score, then every run's: three, or up to five when the judged was short, nine
      // when a run shared the machine with other work (marked *, see scripts/lighthouse.mjs).
      expect(output).toMatch(
        /\| home \| mobile \| \d+ \(\d+\*?(, \d+\*?){2,8}\) \| 100 \| 100 \| 100 \|/,
      );
      // With one core to run on (`taskset -c 0`) performance is shown, not judged: Lighthouse
      // needs two (scripts/lighthouse.mjs, PERFORMANCE_JUDGED). Said either way.
      const notJudged = 'performance is shown, not judged';
      if (availableParallelism() >= 2) expect(output).not.toContain(notJudged);
      else expect(output).toContain(notJudged);
    },
    AUDIT_TIMEOUT_MS,
  );
});
