import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { FormField } from '../../../components/FormField';
import { useAuth } from '../../../lib/auth';
import { profileErrorMessage, updateProfile } from '../api/profile-api';

export function ProfileForm() {
  const [auth, setAuth] = useAuth();
  const user = auth.user;
  const [name, setName] = useState(user?.name ?? '');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [address, setAddress] = useState(user?.address ?? '');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const { updatedUser, token } = await updateProfile({
        name,
        email: user?.email ?? '',
        password,
        phone,
        address,
      });
      setAuth({ ...auth, user: updatedUser, token: token ?? auth.token });
      setPassword('');
      toast.success('Profile Updated Successfully');
    } catch (err) {
      toast.error(profileErrorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="form-card" onSubmit={onSubmit}>
      <h1 className="form-title">USER PROFILE</h1>
      <FormField
        label="Name"
        placeholder="Enter Your Name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
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
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormField
        label="Phone"
        type="tel"
        placeholder="Enter Your Phone"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <FormField
        label="Address"
        placeholder="Enter Your Address"
        autoComplete="street-address"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {submitting ? 'Updating...' : 'UPDATE'}
      </button>
    </form>
  );
}
