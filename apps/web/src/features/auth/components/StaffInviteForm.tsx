import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
import { errorMessage } from '../../../lib/api-client';
import { useFields, useSubmit } from '../../../lib/use-form';
import { authWrites } from '../api/auth-api';

/**
 * The page of an owner's invitation to the staff: the invited person chooses a password, and
 * the account of the invited e-mail (made when there is none) joins the staff. Used on a
 * press, not on opening, and once.
 */
export function StaffInviteForm({ token }: { token: string }) {
  const { values, bind } = useFields({ password: '' });
  const [done, setDone] = useState<string | null>(null);
  const send = useSubmit(authWrites.acceptStaffInvite(), {
    onSuccess: (answer) => setDone(answer.message),
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });

  if (done !== null) {
    return (
      <section className="form-card" aria-label="Joined the staff">
        <h1 className="form-title">You joined the staff</h1>
        <p role="status">{done}</p>
        <Link to="/login">Sign in now</Link>
      </section>
    );
  }
  return (
    <FormCard
      title="JOIN THE STAFF"
      button={['SET MY PASSWORD', 'Saving...']}
      form={send.form({ token, password: values.password })}
    >
      <p>Choose the password you will sign in with, with the e-mail address you were invited at.</p>
      <AccountField field="password" autoComplete="new-password" required {...bind('password')} />
    </FormCard>
  );
}
