import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-form';
import { orderWrites } from '../api/orders-api';

/**
 * The page of the link that confirms an account's e-mail: confirmed by a press, not on
 * opening (mail scanners open links), after which the e-mail's guest orders are the account's.
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const [claimed, setClaimed] = useState<number | null>(null);
  const confirm = useSubmit(orderWrites.verifyEmail(), {
    onSuccess: (answer) => setClaimed(answer.claimed),
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });
  if (claimed !== null) {
    return (
      <section className="form-card" aria-label="E-mail confirmed">
        <h1 className="form-title">Your e-mail is confirmed</h1>
        <p role="status">
          {claimed === 1
            ? '1 order is now in your account.'
            : `${claimed} orders are now in your account.`}
        </p>
        <Link to="/dashboard/user/orders">Your orders</Link>
      </section>
    );
  }
  return (
    <form className="form-card" onSubmit={confirm.form(token).onSubmit}>
      <h1 className="form-title">Confirm your e-mail</h1>
      <p>Once it is confirmed, the orders you placed as a guest with it appear in your account.</p>
      <button type="submit" className="btn btn-primary" disabled={confirm.busy || !token}>
        {confirm.busy ? 'Confirming...' : 'Confirm my e-mail'}
      </button>
    </form>
  );
}
