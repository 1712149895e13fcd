import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-client';
import { SIGNED_OUT, useAuth } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-form';
import { profileWrites } from '../api/profile-api';
import './SignOutEverywhere.css';

export const SIGN_OUT_EVERYWHERE_QUESTION = 'Sign out on every device, this one included?';

/**
 * Revokes every session of the account after a yes: a lost phone or a stolen token is out, and
 * so is this device, which signs in again with the password.
 */
export function SignOutEverywhere() {
  const [, setAuth] = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSubmit(profileWrites.signOutEverywhere(), {
    onSuccess: (message) => {
      setConfirming(false);
      setAuth(SIGNED_OUT);
      toast.success(message);
      navigate('/login');
    },
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });

  return (
    <section className="sign-out-everywhere" aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title">Sessions</h2>
      <p>Signed in on a device you no longer have? Sign out on all of them.</p>
      <button
        type="button"
        className="btn btn-outline"
        disabled={signOut.busy}
        onClick={() => setConfirming(true)}
      >
        Sign out everywhere
      </button>
      <ConfirmDialog
        open={confirming}
        question={SIGN_OUT_EVERYWHERE_QUESTION}
        busy={signOut.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void signOut.run()}
      />
    </section>
  );
}
