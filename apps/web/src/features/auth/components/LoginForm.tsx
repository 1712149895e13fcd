import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router-dom';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useFields, useSubmit } from '../../../lib/use-form';
import { authWrites } from '../api/auth-api';

/** The path a guard (or the cart) sent the shopper from; only paths inside this app count. */
function returnPath(state: unknown): string {
  return typeof state === 'string' && state.startsWith('/') && !state.startsWith('//')
    ? state
    : '/';
}

export function LoginForm() {
  const { values, bind } = useFields({ email: '', password: '' });
  const [, setAuth] = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const send = useSubmit(authWrites.login(), {
    onSuccess: (outcome) => {
      if (!outcome.ok) {
        toast.error(outcome.message);
        return;
      }
      toast.success(outcome.message);
      setAuth(outcome.value);
      navigate(returnPath(location.state), { replace: true });
    },
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });

  return (
    <FormCard title="LOGIN FORM" button={['LOGIN', 'Signing in...']} form={send.form(values)}>
      <AccountField field="email" required {...bind('email')} />
      <AccountField
        field="password"
        autoComplete="current-password"
        required
        {...bind('password')}
      />
    </FormCard>
  );
}
