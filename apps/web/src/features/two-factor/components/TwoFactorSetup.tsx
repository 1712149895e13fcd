import type { TwoFactorSetupResponse } from '@shop/contracts/two-factor';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-form';
import { twoFactorWrites } from '../api/two-factor-api';
import { CodeForm } from './CodeForm';
import './two-factor.css';

export const SETUP_TEXTS = {
  start: 'Set up two-factor sign-in',
  qr: 'QR code to scan with an authenticator app',
  key: 'Setup key',
  codes: 'Recovery codes',
  copy: 'Copy codes',
  copied: 'Recovery codes copied',
  download: 'Download codes',
  code: 'Code from the app',
  enable: 'Turn on',
} as const;

/** The secret of the URI, in groups of four as apps ask it typed. */
const keyOf = (otpauthUri: string) =>
  (new URL(otpauthUri).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting two-factor sign-in up: a new secret (its QR code and the key to type), the recovery
 * codes, shown this once with a copy and a download, and the first code that turns it on.
 */
export function TwoFactorSetup({ onEnabled }: { onEnabled?: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const start = useSubmit(twoFactorWrites.setUp(), {
    onSuccess: setSetup,
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });

  if (!setup) {
    return (
      <button
        type="button"
        className="btn btn-primary"
        disabled={start.busy}
        onClick={() => void start.run()}
      >
        {SETUP_TEXTS.start}
      </button>
    );
  }
  return <PendingSetup setup={setup} onEnabled={onEnabled} />;
}

function PendingSetup({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onEnabled: (() => void) | undefined;
}) {
  const enable = useSubmit(twoFactorWrites.enable(), {
    onSuccess: (message) => {
      toast.success(message);
      onEnabled?.();
    },
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });
  const codesText = `${setup.recoveryCodes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(codesText);
    toast.success(SETUP_TEXTS.copied);
  };

  return (
    <div className="two-factor-setup">
      <ol className="two-factor-steps">
        <li>
          <p>Scan this code with an authenticator app, or type the key into it.</p>
          <img
            className="two-factor-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={SETUP_TEXTS.qr}
            width={200}
            height={200}
          />
          <p>
            {SETUP_TEXTS.key}: <code className="two-factor-key">{keyOf(setup.otpauthUri)}</code>
          </p>
        </li>
        <li>
          <h3 id="recovery-codes-title">{SETUP_TEXTS.codes}</h3>
          <p>
            Keep these somewhere safe: each signs in once without the app. They are shown only now.
          </p>
          <ul className="two-factor-codes" aria-labelledby="recovery-codes-title">
            {setup.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <div className="two-factor-actions">
            <button type="button" className="btn btn-outline" onClick={() => void copy()}>
              {SETUP_TEXTS.copy}
            </button>
            <a
              className="btn btn-outline"
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(codesText)}`}
              download="recovery-codes.txt"
            >
              {SETUP_TEXTS.download}
            </a>
          </div>
        </li>
        <li>
          <CodeForm
            label={SETUP_TEXTS.code}
            button={SETUP_TEXTS.enable}
            busy={enable.busy}
            numeric
            onSubmit={(otp) => void enable.run(otp)}
          />
        </li>
      </ol>
    </div>
  );
}
