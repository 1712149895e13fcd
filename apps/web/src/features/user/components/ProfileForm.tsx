import toast from 'react-hot-toast';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
import { FormField } from '../../../components/FormField';
import { useAuth } from '../../../lib/auth';
import { useFields, useSubmit } from '../../../lib/use-form';
import { profileErrorMessage, profileWrites } from '../api/profile-api';

export function ProfileForm() {
  const [auth, setAuth] = useAuth();
  const user = auth.user;
  const { values, bind, set } = useFields({
    name: user?.name ?? '',
    password: '',
    currentPassword: '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
  });
  const { currentPassword, ...fields } = values;
  // Only a new password needs the current one (the server refuses it without).
  const changingPassword = values.password !== '';

  const send = useSubmit(profileWrites.update(), {
    onSuccess: ({ updatedUser, token }) => {
      setAuth({ ...auth, user: updatedUser, token: token ?? auth.token });
      set({ password: '', currentPassword: '' });
      toast.success('Profile Updated Successfully');
    },
    onFailure: profileErrorMessage,
  });
  const changes = {
    ...fields,
    email: user?.email ?? '',
    ...(changingPassword ? { currentPassword } : {}),
  };

  return (
    <FormCard title="USER PROFILE" button={['UPDATE', 'Updating...']} form={send.form(changes)}>
      <AccountField field="name" {...bind('name')} />
      <AccountField field="email" value={user?.email ?? ''} disabled readOnly />
      <AccountField field="password" autoComplete="new-password" {...bind('password')} />
      {changingPassword && (
        <FormField
          label="Current password"
          type="password"
          placeholder="Enter Your Current Password"
          autoComplete="current-password"
          required
          {...bind('currentPassword')}
        />
      )}
      <AccountField field="phone" {...bind('phone')} />
      <AccountField field="address" {...bind('address')} />
    </FormCard>
  );
}
