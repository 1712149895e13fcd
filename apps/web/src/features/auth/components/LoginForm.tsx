import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { login } from '../api/auth-api';

/** The path a guard (or the cart) sent the shopper from; only paths inside this app count. */
function returnPath(state: unknown): string {
  return typeof state === 'string' && state.startsWith('/') && !state.startsWith('//')
    ? state
    : '/';
}

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [, setAuth] = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const outcome = await login({ email, password });
      if (!outcome.ok) {
        toast.error(outcome.message);
        return;
      }
      toast.success(outcome.message);
      setAuth(outcome.value);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, 'something went wrong'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="form-card" onSubmit={onSubmit}>
      <h1 className="form-title">LOGIN FORM</h1>
      <FormField
        label="Email"
        type="email"
        placeholder="Enter Your Email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FormField
        label="Password"
        type="password"
        placeholder="Enter Your Password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {submitting ? 'Signing in...' : 'LOGIN'}
      </button>
    </form>
  );
}
