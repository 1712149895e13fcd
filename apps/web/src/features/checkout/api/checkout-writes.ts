import { mutationOptions } from '@tanstack/react-query';
import { ACCOUNT_READS, invalidate } from '../../../lib/query';
import { productQueries } from '../../products';

/**
 * Placing the order once the card is confirmed (`pay`): the units sold leave every product
 * read's stock, and the order joins the buyer's own reads.
 */
export const placeOrderWrite = <Placed>(pay: () => Promise<Placed>) =>
  mutationOptions({
    mutationFn: pay,
    onSuccess: (_placed, _variables, _result, { client }) =>
      invalidate(client, [productQueries.all, ACCOUNT_READS]),
  });
