import slugify from 'slugify';
import { badRequest } from './errors.js';

/** The URL form of a name: lower case, ASCII letters, digits and dashes ('Desk Lamp!' → 'desk-lamp'). */
export const toSlug = (name: string) => slugify(name, { lower: true, strict: true });

/** The slug of a name that must have one: a name of symbols alone cannot be addressed by URL. */
export function requireSlug(name: string): string {
  const slug = toSlug(name);
  if (!slug) throw badRequest('Name must contain at least one letter or digit');
  return slug;
}
