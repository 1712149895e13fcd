import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The development mail catcher: MailDev (an SMTP server keeping every e-mail, and a web page
 * showing them), started by the API when no SMTP_URL is given in development, on loopback,
 * keeping its mail under `DATA_DIR/mail`. A catcher already listening on the port (started by
 * another API process, or left by one that was killed) is used as it is.
 */
export interface MailCatcher {
  smtpUrl: string;
  webUrl: string;
  stop: () => void;
}

const READY_TIMEOUT_MS = 15_000;

const accepts = (port: number) =>
  new Promise<boolean>((answer) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });

/** MailDev's command, or null when it is not installed (it is a development dependency). */
function maildevBin(): string | null {
  try {
    // require.resolve rather than import.meta.resolve: the e2e suite runs this module in
    // vitest, whose module runner has no import.meta.resolve.
    const manifest = createRequire(import.meta.url).resolve('maildev/package.json');
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { maildev: string } };
    return join(dirname(manifest), bin.maildev);
  } catch {
    return null;
  }
}

export async function startMailCatcher(opts: {
  dataDir: string;
  smtpPort: number;
  webPort: number;
}): Promise<MailCatcher | null> {
  const smtpUrl = `smtp://127.0.0.1:${opts.smtpPort}`;
  const webUrl = `http://127.0.0.1:${opts.webPort}`;
  if (await accepts(opts.smtpPort)) return { smtpUrl, webUrl, stop: () => {} };
  const bin = maildevBin();
  if (!bin) return null;
  const mailDir = join(opts.dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      bin,
      '--smtp',
      String(opts.smtpPort),
      '--ip',
      '127.0.0.1',
      '--web',
      String(opts.webPort),
      '--web-ip',
      '127.0.0.1',
      '--mail-directory',
      mailDir,
      '--silent',
    ],
    { stdio: 'ignore' },
  );
  const giveUpAt = Date.now() + READY_TIMEOUT_MS;
  while (!(await accepts(opts.smtpPort))) {
    if (child.exitCode !== null || Date.now() > giveUpAt) {
      child.kill();
      throw new Error(`The mail catcher (MailDev) did not start on port ${opts.smtpPort}`);
    }
    await sleep(100);
  }
  return { smtpUrl, webUrl, stop: () => child.kill() };
}
