import { isCountryCode } from '@shop/contracts/country';
import { taxClassesOf, taxClassSchema } from '@shop/contracts/tax';
import type { Problem } from '../../../lib/form-problems';

/**
 * The Taxes screen's checks, in its own words and in percent, as the admin types rates: every
 * row's country, class and rate, each rate's pair of country and class once, and the class of
 * shipping one the rates name. The API checks the same in decimals (`taxSettingsRequestSchema`).
 */

/** A rate as the screen holds it: its text as typed. */
export interface TypedRate {
  country: string;
  taxClass: string;
  percent: string;
}

export const MAX_PERCENT = 100;

/** The control of a request's field (`rates.2.rate` is typed in percent, in `rates.2.percent`). */
export const rateFieldOf = (field: string) => field.replace(/\.rate$/, '.percent');

function percentProblem(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return 'the rate is required';
  if (text.startsWith('-')) return 'the rate must not be negative';
  if (!/^\d+(\.\d+)?$/.test(text)) return 'the rate must be a number of percent, such as 19 or 5.5';
  if (Number(text) > MAX_PERCENT) return `the rate must be at most ${MAX_PERCENT} %`;
  if ((text.split('.')[1] ?? '').length > 2) return 'the rate has at most 2 decimals';
  return null;
}

function rowProblems({ country, taxClass, percent }: TypedRate, index: number): Problem[] {
  const at = (field: string, words: string) => ({
    field: `rates.${index}.${field}`,
    message: `Rate ${index + 1}: ${words}`,
  });
  const code = country.trim().toUpperCase();
  const problems: Problem[] = [];
  if (code === '') problems.push(at('country', 'the country is required'));
  else if (!isCountryCode(code)) {
    problems.push(at('country', 'the country must be a two-letter code such as DE'));
  }
  if (taxClass.trim() === '') problems.push(at('class', 'the class is required'));
  else if (!taxClassSchema.safeParse(taxClass).success) {
    problems.push(at('class', 'the class must be 1 to 30 lower-case letters, digits or hyphens'));
  }
  const rate = percentProblem(percent);
  if (rate) problems.push(at('percent', rate));
  return problems;
}

/** Everything wrong with the rates and the class of shipping, row by row. */
export function taxProblems(rates: readonly TypedRate[], shippingClass: string): Problem[] {
  const problems = rates.flatMap(rowProblems);
  const seen = new Set<string>();
  rates.forEach(({ country, taxClass }, index) => {
    const pair = `${country.trim().toUpperCase()} ${taxClass.trim().toLowerCase()}`;
    if (seen.has(pair)) {
      problems.push({
        field: `rates.${index}.class`,
        message: `Rate ${index + 1}: ${pair.replace(' ', ' already has a rate of class ')}`,
      });
    }
    seen.add(pair);
  });
  const named = taxClassesOf(rates.map((rate) => ({ class: rate.taxClass.trim().toLowerCase() })));
  if (!named.includes(shippingClass)) {
    problems.push({
      field: 'shippingClass',
      message: `Shipping is taxed as ${shippingClass}, which no rate names: give it a rate first`,
    });
  }
  return problems;
}
