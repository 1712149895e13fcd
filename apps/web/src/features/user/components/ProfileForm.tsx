import toast from 'react-hot-toast';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
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

  const send = useSubmit(async () => {
    const { updatedUser, token } = await updateProfile({ ...values, email: user?.email ?? '' });
    setAuth({ ...auth, user: updatedUser, token: token ?? auth.token });
    set({ password: '' });
    toast.success('Profile Updated Successfully');
  }, profileErrorMessage);

  return (
    <FormCard title="USER PROFILE" button={['UPDATE', 'Updating...']} form={send}>
      <AccountField field="name" {...bind('name')} />
      <AccountField field="email" value={user?.email ?? ''} disabled readOnly />
      <AccountField field="password" autoComplete="new-password" {...bind('password')} />
      <AccountField field="phone" {...bind('phone')} />
      <AccountField field="address" {...bind('address')} />
    </FormCard>
  );
}
