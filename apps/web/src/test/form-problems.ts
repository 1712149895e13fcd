import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** A control a problem is about, found by its label (within `in`), and the problem's words. */
export interface ShownProblem {
  label: string | RegExp;
  message: string;
  in?: HTMLElement;
}

/**
 * A form's problems as a person meets them (useProblems): the summary at the top has the focus,
 * counts them and links to each control in turn; each control is invalid and described by its
 * problem, shown beside it.
 */
export async function expectProblemsShown(problems: readonly ShownProblem[]) {
  const count =
    problems.length === 1 ? 'There is a problem' : `There are ${problems.length} problems`;
  const summary = await screen.findByRole('region', { name: count });
  await waitFor(() => expect(summary).toHaveFocus());
  const links = within(summary).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(problems.map((p) => p.message));
  problems.forEach(({ label, message, in: scope }, index) => {
    const control = (scope ? within(scope) : screen).getByLabelText(label);
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(links[index]).toHaveAttribute('href', `#${control.id}`);
  });
}

/** No problem shown: no summary, no control marked invalid. */
export function expectNoProblemsShown() {
  expect(screen.queryByRole('region', { name: /^There (is a problem|are \d+ problems)$/ })).toBe(
    null,
  );
  expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
}
