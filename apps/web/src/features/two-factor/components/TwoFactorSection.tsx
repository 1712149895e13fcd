import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-form';
import { twoFactorQuery, twoFactorWrites } from '../api/two-factor-api';
import { CodeForm } from './CodeForm';
import { TwoFactorSetup } from './TwoFactorSetup';
import './two-factor.css';

export const SECTION_TEXTS = {
  title: 'Two-factor sign-in',
  off: 'Signing in asks only for the password. With two-factor sign-in, it also asks a code from an app on your phone, so a stolen password is not enough.',
  loadFailed: 'Something went wrong while reading two-factor sign-in',
  offCode: 'Code from the app or a recovery code',
  turnOff: 'Turn off two-factor sign-in',
} as const;

/** The account's two-factor sign-in: whether it is on, setting it up, turning it off. */
export function TwoFactorSection() {
  const [{ token }] = useAuth();
  const status = useQuery(twoFactorQuery(token));
  return (
    <section className="two-factor card-panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{SECTION_TEXTS.title}</h2>
      {status.isPending && <Spinner label="Loading..." />}
      {status.isError && <p role="alert">{SECTION_TEXTS.loadFailed}</p>}
      {status.data?.enabled && <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} />}
      {status.data && !status.data.enabled && (
        <>
          <p>{SECTION_TEXTS.off}</p>
          <TwoFactorSetup />
        </>
      )}
    </section>
  );
}

function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useSubmit(twoFactorWrites.disable(), {
    onSuccess: (message) => toast.success(message),
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });
  return (
    <>
      <p>
        On: signing in asks a code from your authenticator app. Recovery codes left:{' '}
        {recoveryCodesLeft}.
      </p>
      <CodeForm
        label={SECTION_TEXTS.offCode}
        button={SECTION_TEXTS.turnOff}
        busy={disable.busy}
        numeric={false}
        onSubmit={(otp) => void disable.run(otp)}
      />
    </>
  );
}
