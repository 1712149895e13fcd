import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
import { errorMessage } from '../../../lib/api-client';
import { useFields, useSubmit } from '../../../lib/use-form';
import { authWrites } from '../api/auth-api';

const EMPTY = { name: '', email: '', password: '', phone: '', address: '' };
const FIELDS = ['name', 'email', 'password', 'phone', 'address'] as const;

export function RegisterForm() {
  const { values, bind } = useFields(EMPTY);
  const navigate = useNavigate();
  const field = (key: keyof typeof EMPTY) => ({
    ...bind(key),
    required: true,
    ...(key === 'password' ? { autoComplete: 'new-password' } : {}),
  });

  const send = useSubmit(authWrites.register(), {
    onSuccess: (outcome) => {
      if (outcome.ok) {
        toast.success(outcome.message);
        navigate('/login');
      } else {
        toast.error(outcome.message);
      }
    },
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });

  return (
    <FormCard title="REGISTER FORM" button={['REGISTER', 'Submitting...']} form={send.form(values)}>
      {FIELDS.map((key) => (
        <AccountField key={key} field={key} {...field(key)} />
      ))}
    </FormCard>
  );
}
