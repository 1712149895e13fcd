/**
 * Rates as the admin types them, in percent ('19', '5.5'), and as the API takes them, decimals
 * (0.19, 0.055): the decimal point moves two places in the text, so 7.07 % is 0.0707 exactly,
 * not the binary neighbour a division by 100 can give.
 */
export const percentOf = (rate: number): string => String(Number(`${rate}e2`));

/** The decimal of a percentage; text that is no number goes as it is, for the server to refuse. */
export function rateOf(percent: string): number | string {
  const text = percent.trim();
  return /^\d+(\.\d+)?$/.test(text) ? Number(`${text}e-2`) : text;
}
