import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { AccountField } from '../../../components/AccountField';
import { errorMessage } from '../../../lib/api-client';
import { useFields, useSubmit } from '../../../lib/use-form';
import { register } from '../api/auth-api';

const EMPTY = { name: '', email: '', password: '', phone: '', address: '' };

export function RegisterForm() {
  const { values, bind } = useFields(EMPTY);
  const navigate = useNavigate();
  const field = (key: keyof typeof EMPTY) => ({ ...bind(key), required: true });

  const { busy, onSubmit } = useSubmit(
    async () => {
      const outcome = await register(values);
      if (outcome.ok) {
        toast.success(outcome.message);
        navigate('/login');
      } else {
        toast.error(outcome.message);
      }
    },
    (err) => errorMessage(err, 'something went wrong'),
  );

  return (
    <form className="form-card" onSubmit={onSubmit}>
      <h1 className="form-title">REGISTER FORM</h1>
      <AccountField field="name" {...field('name')} />
      <AccountField field="email" {...field('email')} />
      <AccountField field="password" autoComplete="new-password" {...field('password')} />
      <AccountField field="phone" {...field('phone')} />
      <AccountField field="address" {...field('address')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Submitting...' : 'REGISTER'}
      </button>
    </form>
  );
}
