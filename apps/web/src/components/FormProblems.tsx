import { type MouseEvent, useId } from 'react';
import type { Problems } from '../lib/form-problems';
import './FormProblems.css';

/** Moves the focus to the control a summary's link names (the browser then shows it). */
function focusControl(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const control = document.getElementById(id);
  if (!control) return;
  event.preventDefault();
  control.focus();
}

/**
 * The top of a form with problems: how many, then each, linking to its control. It takes the
 * focus each time problems are shown (`useProblems`), so a person is told at once, wherever the
 * page was scrolled to.
 */
export function ProblemSummary({ problems }: { problems: Problems }) {
  const headingId = useId();
  const count = problems.problems.length;
  if (count === 0) return null;
  return (
    <section
      ref={problems.summary}
      className="problem-summary"
      tabIndex={-1}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{count === 1 ? 'There is a problem' : `There are ${count} problems`}</h2>
      <ul>
        {problems.problems.map(({ field, message }, index) => {
          const id = problems.idOf(field);
          return (
            // One field may have several problems, and two fields the same words.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never edited.
            <li key={index}>
              {field ? (
                <a href={`#${id}`} onClick={(event) => focusControl(event, id)}>
                  {message}
                </a>
              ) : (
                message
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The message beside a control that is no FormField (a select, a table's cell), while it has one. */
export function FieldError({ problems, field }: { problems: Problems; field: string }) {
  const message = problems.messageOf(field);
  if (message === undefined) return null;
  return (
    <p id={problems.messageIdOf(field)} className="form-field-error">
      {message}
    </p>
  );
}
