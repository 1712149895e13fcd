import toast from 'react-hot-toast';
import { FormField } from '../../../components/FormField';
import { useAuth } from '../../../lib/auth';
import { useFields, useSubmit } from '../../../lib/use-form';
import { profileErrorMessage, updateProfile } from '../api/profile-api';

export function ProfileForm() {
  const [auth, setAuth] = useAuth();
  const user = auth.user;
  const { values, bind, set } = useFields({
    name: user?.name ?? '',
    password: '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
  });

  const { busy, onSubmit } = useSubmit(async () => {
    const { updatedUser, token } = await updateProfile({ ...values, email: user?.email ?? '' });
    setAuth({ ...auth, user: updatedUser, token: token ?? auth.token });
    set({ password: '' });
    toast.success('Profile Updated Successfully');
  }, profileErrorMessage);

  return (
    <form className="form-card" onSubmit={onSubmit}>
      <h1 className="form-title">USER PROFILE</h1>
      <FormField label="Name" placeholder="Enter Your Name" autoComplete="name" {...bind('name')} />
      <FormField
        label="Email"
        type="email"
        placeholder="Enter Your Email"
        value={user?.email ?? ''}
        disabled
        readOnly
      />
      <FormField
        label="Password"
        type="password"
        placeholder="Enter Your Password"
        autoComplete="new-password"
        {...bind('password')}
      />
      <FormField
        label="Phone"
        type="tel"
        placeholder="Enter Your Phone"
        autoComplete="tel"
        {...bind('phone')}
      />
      <FormField
        label="Address"
        placeholder="Enter Your Address"
        autoComplete="street-address"
        {...bind('address')}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Updating...' : 'UPDATE'}
      </button>
    </form>
  );
}
