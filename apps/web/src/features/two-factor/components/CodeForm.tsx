import { type FormEvent, useState } from 'react';
import { FormField } from '../../../components/FormField';

/**
 * One code and its button: an app's 6 digits (`numeric`: the phone's number pad), or, where a
 * recovery code may stand for it, any text. Autofill offers the code an SMS or app brings.
 */
export function CodeForm({
  label,
  button,
  busy,
  numeric,
  onSubmit,
}: {
  label: string;
  button: string;
  busy: boolean;
  numeric: boolean;
  onSubmit: (otp: string) => void;
}) {
  const [otp, setOtp] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(otp);
  };
  return (
    <form onSubmit={submit}>
      <FormField
        label={label}
        autoComplete="one-time-code"
        {...(numeric ? { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } : {})}
        required
        value={otp}
        onChange={(e) => setOtp(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {button}
      </button>
    </form>
  );
}
