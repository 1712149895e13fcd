import toast from 'react-hot-toast';
import { AccountField } from '../../../components/AccountField';
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
      <AccountField field="name" {...bind('name')} />
      <AccountField field="email" value={user?.email ?? ''} disabled readOnly />
      <AccountField field="password" autoComplete="new-password" {...bind('password')} />
      <AccountField field="phone" {...bind('phone')} />
      <AccountField field="address" {...bind('address')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Updating...' : 'UPDATE'}
      </button>
    </form>
  );
}
