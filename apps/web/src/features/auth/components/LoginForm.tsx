import { useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router-dom';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useFields, useSubmit } from '../../../lib/use-form';
import { authWrites } from '../api/auth-api';
import './LoginForm.css';

/** The path a guard (or the cart) sent the shopper from; only paths inside this app count. */
function returnPath(state: unknown): string {
  return typeof state === 'string' && state.startsWith('/') && !state.startsWith('//')
    ? state
    : '/';
}

export const LOGIN_TEXTS = {
  appCode: 'Authentication code',
  recoveryCode: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use a code from your app',
} as const;

/**
 * E-mail and password; for an account with two-factor sign-in on, the API asks a code as well,
 * and the form shows its field (the password kept), or one for a recovery code instead.
 */
export function LoginForm() {
  const { values, bind, set } = useFields({ email: '', password: '', otp: '' });
  const [codeAsked, setCodeAsked] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [, setAuth] = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const send = useSubmit(authWrites.login(), {
    onSuccess: (outcome) => {
      if (outcome.ok) {
        toast.success(outcome.message);
        setAuth(outcome.value);
        navigate(returnPath(location.state), { replace: true });
      } else if ('twoFactorRequired' in outcome) {
        // The first ask is the field appearing with its reason; a wrong code is an error.
        if (codeAsked !== null) toast.error(outcome.message);
        setCodeAsked(outcome.message);
        set({ otp: '' });
      } else {
        toast.error(outcome.message);
      }
    },
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });
  const { otp, ...credentials } = values;
  const toggleRecovery = () => {
    setRecovery((was) => !was);
    set({ otp: '' });
  };

  return (
    <FormCard
      title="LOGIN FORM"
      button={['LOGIN', 'Signing in...']}
      form={send.form(codeAsked === null ? credentials : values)}
    >
      <AccountField field="email" required {...bind('email')} />
      <AccountField
        field="password"
        autoComplete="current-password"
        required
        {...bind('password')}
      />
      {codeAsked !== null && (
        <div className="login-code">
          <p id="login-code-why">{codeAsked}</p>
          {recovery ? (
            <FormField
              key="recovery"
              label={LOGIN_TEXTS.recoveryCode}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="xxxxx-xxxxx"
              required
              autoFocus
              {...bind('otp')}
            />
          ) : (
            <FormField
              key="app"
              label={LOGIN_TEXTS.appCode}
              aria-describedby="login-code-why"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              autoFocus
              {...bind('otp')}
            />
          )}
          <button type="button" className="login-code-switch" onClick={toggleRecovery}>
            {recovery ? LOGIN_TEXTS.useApp : LOGIN_TEXTS.useRecovery}
          </button>
        </div>
      )}
    </FormCard>
  );
}
