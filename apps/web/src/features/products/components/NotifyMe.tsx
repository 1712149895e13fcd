import type { NotifyMeRequest } from '@shop/contracts/back-in-stock';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-form';

export const NOTIFY_ME_FAILED = 'Something went wrong, please try again';

/**
 * "Notify me" on a sold-out variant: an e-mail address, and one e-mail to it once the variant
 * is back in stock. Once noted, the form gives way to the shop's confirmation.
 */
export function NotifyMe({ productId, variantId }: { productId: string; variantId: string }) {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [noted, setNoted] = useState<{ variantId: string; message: string }>();
  // Changes nothing the web reads. Its call is loaded when asked: its answer's schema brings
  // zod, which the product page leaves out.
  const send = useSubmit(
    {
      mutationFn: async (request: NotifyMeRequest) =>
        (await import('../api/notify-me')).askNotifyMe(productId, request),
    },
    {
      onSuccess: ({ message }, request) => {
        setNoted({ variantId: request.variant, message });
        toast.success(message);
      },
      onFailure: (err) => errorMessage(err, NOTIFY_ME_FAILED),
    },
  );
  if (noted?.variantId === variantId) return <p className="notify-me-noted">{noted.message}</p>;
  return (
    <form className="notify-me" onSubmit={send.form({ email, variant: variantId }).onSubmit}>
      <label htmlFor={emailId}>Email</label>
      <input
        id={emailId}
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className="btn btn-secondary" disabled={send.busy}>
        Notify me
      </button>
    </form>
  );
}
