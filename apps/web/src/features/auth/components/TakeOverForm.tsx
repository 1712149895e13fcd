import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
import { errorMessage } from '../../../lib/api-client';
import { useFields, useSubmit } from '../../../lib/use-form';
import { authWrites } from '../api/auth-api';

/**
 * The page of the link e-mailed to an address an account holds without having confirmed it:
 * the mailbox's owner sets the account's password, and so owns it (whoever registered it is
 * signed out). Set on a press, not on opening.
 */
export function TakeOverForm({ token }: { token: string }) {
  const { values, bind } = useFields({ password: '' });
  const [done, setDone] = useState<string | null>(null);
  const send = useSubmit(authWrites.takeOver(), {
    onSuccess: (answer) => setDone(answer.message),
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });

  if (done !== null) {
    return (
      <section className="form-card" aria-label="Account taken over">
        <h1 className="form-title">The account is yours</h1>
        <p role="status">{done}</p>
        <Link to="/login">Sign in now</Link>
      </section>
    );
  }
  return (
    <FormCard
      title="TAKE OVER THE ACCOUNT"
      button={['SET MY PASSWORD', 'Saving...']}
      form={send.form({ token, password: values.password })}
    >
      <p>
        This e-mail address is yours: set a password for the account registered with it, and it is
        yours, with the orders you placed as a guest. Whoever registered it is signed out.
      </p>
      <AccountField field="password" autoComplete="new-password" required {...bind('password')} />
    </FormCard>
  );
}
