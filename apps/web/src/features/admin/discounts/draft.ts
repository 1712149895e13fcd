import {
  type Discount,
  type DiscountInput,
  type DiscountKind,
  discountInputSchema,
} from '@shop/contracts/discount';
import type { Problem } from '../../../lib/form-problems';

/**
 * A discount as the admin's form holds it: what the inputs show (text for numbers and dates,
 * '' for none), turned into the API's input (`discountInputSchema`) when it is saved.
 */
export interface DiscountDraft {
  title: string;
  code: string;
  automatic: boolean;
  kind: DiscountKind;
  value: string;
  buy: string;
  get: string;
  products: string[];
  categories: string[];
  minSubtotal: string;
  /** `datetime-local` values: the admin's own clock. */
  startsAt: string;
  endsAt: string;
  firstOrderOnly: boolean;
  usageLimit: string;
  perCustomerLimit: string;
  combinable: boolean;
  active: boolean;
}

export const EMPTY_DRAFT: DiscountDraft = {
  title: '',
  code: '',
  automatic: false,
  kind: 'percentage',
  value: '',
  buy: '',
  get: '',
  products: [],
  categories: [],
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  firstOrderOnly: false,
  usageLimit: '',
  perCustomerLimit: '',
  combinable: false,
  active: true,
};

const text = (value: number | null) => (value === null ? '' : String(value));
const pad = (part: number) => String(part).padStart(2, '0');

/** An instant as a `datetime-local` input shows it, in the browser's time zone. */
function localInputOf(instant: string | null): string {
  if (!instant) return '';
  const at = new Date(instant);
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${day}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export const draftOf = (discount: Discount): DiscountDraft => ({
  title: discount.title,
  code: discount.code ?? '',
  automatic: discount.automatic,
  kind: discount.kind,
  value: text(discount.value),
  buy: text(discount.buy),
  get: text(discount.get),
  products: discount.products,
  categories: discount.categories,
  minSubtotal: text(discount.minSubtotal),
  startsAt: localInputOf(discount.startsAt),
  endsAt: localInputOf(discount.endsAt),
  firstOrderOnly: discount.firstOrderOnly,
  usageLimit: text(discount.usageLimit),
  perCustomerLimit: text(discount.perCustomerLimit),
  combinable: discount.combinable,
  active: discount.active,
});

/** A number typed, as the API takes it: none when blank; text that is no number stays text. */
const numberOf = (typed: string): number | string | null => {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
};

/** A `datetime-local` value as an instant with its offset; text that is no date stays text. */
const instantOf = (typed: string): string | null => {
  if (typed === '') return null;
  const at = new Date(typed);
  return Number.isNaN(at.getTime()) ? typed : at.toISOString();
};

/** What the form sends: each field only where its kind has it (the API refuses the others). */
export function inputOf(draft: DiscountDraft): Record<keyof DiscountInput, unknown> {
  const valued = draft.kind === 'percentage' || draft.kind === 'fixed';
  const buyGet = draft.kind === 'buy-x-get-y';
  return {
    title: draft.title,
    code: draft.automatic || draft.code.trim() === '' ? null : draft.code,
    automatic: draft.automatic,
    kind: draft.kind,
    value: valued ? numberOf(draft.value) : null,
    buy: buyGet ? numberOf(draft.buy) : null,
    get: buyGet ? numberOf(draft.get) : null,
    products: draft.products,
    categories: draft.categories,
    minSubtotal: numberOf(draft.minSubtotal),
    startsAt: instantOf(draft.startsAt),
    endsAt: instantOf(draft.endsAt),
    firstOrderOnly: draft.firstOrderOnly,
    usageLimit: numberOf(draft.usageLimit),
    perCustomerLimit: numberOf(draft.perCustomerLimit),
    combinable: draft.combinable,
    active: draft.active,
  };
}

/** A discount's input as the API's schema reads it (the code in capitals, defaults filled). */
export type CheckedDiscount = ReturnType<typeof discountInputSchema.parse>;

/** The labels of the form's fields, which its problems say instead of the API's field names. */
const LABELS: Partial<Record<keyof DiscountDraft, string>> = {
  title: 'Title',
  code: 'Code',
  buy: 'Buy',
  get: 'Get free',
  minSubtotal: 'Minimum subtotal',
  startsAt: 'Starts',
  endsAt: 'Ends',
  usageLimit: 'Usage limit',
  perCustomerLimit: 'Limit per customer',
  products: 'Products',
  categories: 'Categories',
};

/** The control of a request's field: the draft's field of that name, '' where there is none. */
const controlOf = (field: string): string => (field in EMPTY_DRAFT ? field : '');

/**
 * A problem of the API's (`field`, its sentence naming API fields: `usageLimit must be at least
 * 1`) in the form's words (`Usage limit must be at least 1`); `kind`, when known, names the
 * value's field as the form labels it.
 */
export function discountProblem(field: string, message: string, kind?: DiscountKind): Problem {
  const control = controlOf(field);
  if (field === 'value') {
    if (kind === 'percentage') {
      return { field, message: 'Percentage must be a whole number from 1 to 100' };
    }
    if (kind === 'fixed') return { field, message: 'Amount must be above 0 and at most 1,000,000' };
    return { field, message: `The value${message.replace(/^value/, '')}` };
  }
  if (field === 'code' && message.startsWith('code is required')) {
    return { field, message: 'Code is required, unless the discount is automatic' };
  }
  if (field === 'buy' && message.startsWith('buy and get are required')) {
    return { field, message: 'Buy and Get free are both required' };
  }
  if (field === 'endsAt' && message === 'endsAt must be after startsAt') {
    return { field, message: 'Ends must be after Starts' };
  }
  const label = LABELS[control as keyof DiscountDraft];
  const named = label && message.startsWith(`${field} `);
  return { field: control, message: named ? `${label}${message.slice(field.length)}` : message };
}

/**
 * The draft checked by the API's own schema before it is sent: the input, or every problem
 * found, in the form's words, each on its field.
 */
export function checkDraft(
  draft: DiscountDraft,
): { input: CheckedDiscount; problems?: never } | { problems: Problem[] } {
  const checked = discountInputSchema.safeParse(inputOf(draft));
  if (checked.success) return { input: checked.data };
  return {
    problems: checked.error.issues.map((issue) =>
      discountProblem(String(issue.path[0] ?? ''), issue.message, draft.kind),
    ),
  };
}

/** A saved discount's own input, to send it back whole with one field changed (pausing). */
export const inputOfSaved = (discount: Discount): CheckedDiscount => ({
  title: discount.title,
  code: discount.code,
  automatic: discount.automatic,
  kind: discount.kind,
  value: discount.value,
  buy: discount.buy,
  get: discount.get,
  products: discount.products,
  categories: discount.categories,
  minSubtotal: discount.minSubtotal,
  startsAt: discount.startsAt,
  endsAt: discount.endsAt,
  firstOrderOnly: discount.firstOrderOnly,
  usageLimit: discount.usageLimit,
  perCustomerLimit: discount.perCustomerLimit,
  combinable: discount.combinable,
  active: discount.active,
});
