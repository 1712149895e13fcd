import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-form';
import { orderWrites } from '../api/orders-api';

/**
 * The page of the link that confirms an account's e-mail. Only the account it was sent for can
 * use it, signed in: signed out, the page asks to sign in (and comes back here); signed in, it
 * confirms on a press, not on opening (mail scanners open links), after which the mailbox's
 * guest orders placed before the link was sent are the account's.
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const [auth] = useAuth();
  const { pathname, search } = useLocation();
  const [claimed, setClaimed] = useState<number | null>(null);
  const confirm = useSubmit(orderWrites.verifyEmail(), {
    onSuccess: (answer) => setClaimed(answer.claimed),
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });
  // The sign-in page comes back here once signed in.
  const signIn = { to: '/login', state: pathname + search };

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
  if (!auth.token) {
    return (
      <section className="form-card" aria-label="Confirm your e-mail">
        <h1 className="form-title">Confirm your e-mail</h1>
        <p>Sign in to the account this link was sent for (the e-mail names it), then confirm.</p>
        <Link className="btn btn-primary" {...signIn}>
          Sign in to confirm
        </Link>
      </section>
    );
  }
  return (
    <form className="form-card" onSubmit={confirm.form(token).onSubmit}>
      <h1 className="form-title">Confirm your e-mail</h1>
      {auth.user && (
        <p>
          Signed in as {auth.user.name} ({auth.user.email}).
        </p>
      )}
      <p>
        Once it is confirmed, the orders placed as a guest with it before the link was sent appear
        in this account.
      </p>
      <button type="submit" className="btn btn-primary" disabled={confirm.busy || !token}>
        {confirm.busy ? 'Confirming...' : 'Confirm my e-mail'}
      </button>
      <p>
        Not the account the e-mail names? <Link {...signIn}>Sign in to that one</Link>
      </p>
    </form>
  );
}
