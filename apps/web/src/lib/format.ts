/**
 * A formatter made on first use: each costs milliseconds to build, and the first screen
 * needs only the rupees one.
 */
export const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

const rupees = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }));
const dollars = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** Product cards show prices with the rupee sign (spec §1). */
export const formatRupees = (price: number) => rupees().format(price);

/** The cart total is shown in US dollars (spec §1, kept as is). */
export const formatDollars = (amount: number) => dollars().format(amount);

/** The first `length` characters followed by '...', as the description previews of spec §9. */
export const preview = (text: string, length: number) => `${text.substring(0, length)}...`;
