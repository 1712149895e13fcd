/**
 * The only script a page the server rendered names in its HTML (the API puts it in place of the
 * entry: apps/api/src/features/storefront/head-html.ts). The page is whole without scripts, so
 * they wait until it has painted: on a slow phone's connection the page's text and first photo
 * (preloaded ahead of everything) then come first, instead of sharing it with about 150 kB of
 * scripts that change nothing the shopper sees. After the first frame, this asks for the entry
 * (`data-entry`) and the page's own chunks (`data-modules`), which then hydrate the page.
 *
 * What the shopper does before then is not lost: a button pressed (ADD TO CART) is held and
 * pressed again once the page has hydrated, with the links followed after it, in order (a link
 * pressed before any button works as a link); a size chosen or words typed stay, and React hears
 * of them once it runs.
 *
 * It imports nothing, so it is a file of its own, fetched with the page.
 */
/** Sent once React has hydrated the page's screen (src/lib/server-rendered.ts). */
const HYDRATED_EVENT = 'shop:hydrated';

const starter = document.querySelector<HTMLScriptElement>('script[data-entry]');
const root = document.getElementById('root');

let started = false;
function startScripts() {
  const entry = starter?.dataset.entry;
  if (started || !entry) return;
  started = true;
  for (const href of (starter.dataset.modules ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  // Without the scripts, presses go back to what the page does without them.
  script.addEventListener('error', stopHolding);
  document.head.append(script);
}

/**
 * What the shopper did before the page hydrated, in order, to be done again once React handles
 * it: a press (a button, or a link followed after one), or a choice or text typed in a field,
 * which React's hydration sets back to what it rendered.
 */
type EarlyAction =
  | { press: HTMLElement }
  | { choice: HTMLInputElement; checked: boolean }
  | { field: HTMLInputElement | HTMLTextAreaElement; value: string };
const early: EarlyAction[] = [];
/** True while an early action is done again: its own events go straight to React. */
let replaying = false;

function holdEarlyPress(event: MouseEvent) {
  if (replaying) return;
  const target = event.target instanceof Element ? event.target : null;
  if (!target || !root?.contains(target)) return;
  const choice = target.closest('input[type="radio"], input[type="checkbox"]');
  if (choice instanceof HTMLInputElement) {
    // The browser has ticked it already: it stays ticked, and React hears of it once it runs.
    early.push({ choice, checked: choice.checked });
    startScripts();
    return;
  }
  const held = early.some((action) => 'press' in action);
  const pressed = target.closest('button') ?? (held ? target.closest('a[href]') : null);
  if (!(pressed instanceof HTMLElement)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  early.push({ press: pressed });
  root.setAttribute('aria-busy', 'true');
  startScripts();
}

function keepEarlyText(event: Event) {
  if (replaying) return;
  const field = event.target;
  const text = field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement;
  if (!text || !root?.contains(field) || field.type === 'radio' || field.type === 'checkbox') {
    return;
  }
  // Only the last text of each field counts.
  const before = early.findIndex((action) => 'field' in action && action.field === field);
  if (before !== -1) early.splice(before, 1);
  early.push({ field, value: field.value });
  startScripts();
}

/**
 * Types `value` into a field as a shopper would, so that React's onChange hears it: React tracks
 * what it last saw of the field (through the field's own setter) and hears only a change from
 * that, so it is first told of another text, then the field gets `value` behind its back.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  field.value = value === '' ? ' ' : '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function stopHolding() {
  document.removeEventListener('click', holdEarlyPress, true);
  document.removeEventListener('input', keepEarlyText, true);
  root?.removeAttribute('aria-busy');
  early.length = 0;
}

/**
 * Does the early actions again, each in a task of its own, and only then stops holding: React
 * announces the hydration from an effect, and a press made while it is still committing reaches
 * no handler; React commits what an action changes (the text typed into the search box) after
 * the action's event, so what comes after it must come later, or its handler reads the text as
 * it was (an empty search). A press the shopper makes meanwhile waits its turn behind them.
 */
function replayEarlyActions() {
  const action = early.shift();
  if (!action) {
    stopHolding();
    return;
  }
  replaying = true;
  try {
    replayAction(action);
  } finally {
    replaying = false;
  }
  setTimeout(replayEarlyActions, 0);
}

function replayAction(action: EarlyAction) {
  if ('press' in action) {
    if (action.press.isConnected) action.press.click();
  } else if ('choice' in action) {
    // React tracks what it last saw of a field and hears only a change from that: the choice is
    // undone where it looks, then made again with a click.
    const { choice, checked } = action;
    if (!choice.isConnected) return;
    choice.checked = !checked;
    choice.click();
  } else {
    const { field, value } = action;
    if (field.isConnected) typeInto(field, value);
  }
}

document.addEventListener('click', holdEarlyPress, true);
document.addEventListener('input', keepEarlyText, true);
document.addEventListener(HYDRATED_EVENT, () => setTimeout(replayEarlyActions, 0), {
  once: true,
});

// A module script runs once the page is parsed; the scripts are asked for after the next frame,
// which paints it (or at once, by a press).
requestAnimationFrame(() => setTimeout(startScripts, 0));
