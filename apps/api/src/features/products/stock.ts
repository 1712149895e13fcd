import { nameWithOptions } from '@shop/contracts';
import { conflict } from '../../lib/errors.js';
import { type StockLine, takeStock as takeUnits } from './repository.js';

/** Units of one variant a checkout takes, named for the refusal's message. */
export interface NamedStockLine extends StockLine {
  name: string;
  variant: { options: Record<string, string> };
}

/**
 * Takes the units of every line out of stock, or none of them: a line that cannot be had is
 * refused with 409, and the lines taken before it are given back (see the repository's takeStock).
 */
export async function takeStock(lines: readonly NamedStockLine[]): Promise<void> {
  const refused = await takeUnits(lines);
  if (!refused) return;
  const name = nameWithOptions(refused.name, refused.variant.options);
  throw conflict(
    refused.quantity === 1
      ? `${name} is out of stock`
      : `Not enough ${name} left in stock for ${refused.quantity} units`,
  );
}
