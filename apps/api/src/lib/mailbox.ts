/**
 * The mailbox an e-mail address reaches, as one key for every spelling of it: what counts a
 * person (per-customer limits, first orders) and what caps the letters one person receives. An
 * address is still stored and written to as given; only counting uses the mailbox.
 *
 * Case is ignored, and so is a `+tag` (every large provider delivers `x+tag@` to `x@`); dots
 * in the local part only where the provider ignores them (Gmail: `p.x@gmail.com` is
 * `px@gmail.com`; elsewhere a dot may name another mailbox). `googlemail.com` is Gmail.
 */

/** Providers whose mailboxes ignore dots in the local part, by domain, and their one name. */
const DOTLESS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at);
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  const dotless = DOTLESS[domain];
  if (dotless) return `${local.replaceAll('.', '')}@${dotless}`;
  return `${local}@${domain}`;
}
