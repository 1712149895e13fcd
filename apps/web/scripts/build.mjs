/**
 * `pnpm build` of the web: the browser's build (dist/) and the server render's (dist-ssr/,
 * `vite build --ssr`). Neither reads what the other writes, so they run at once, one process
 * each (a Vite build is mostly one thread of JavaScript): the build takes about the longer of
 * the two instead of their sum. Fails when either fails.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const web = join(import.meta.dirname, '..');
const vite = join(web, 'node_modules', '.bin', 'vite');

const build = (...args) =>
  new Promise((resolve) => {
    const child = spawn(vite, ['build', ...args], { cwd: web, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : code));
  });

const codes = await Promise.all([build(), build('--ssr', 'src/entry-server.tsx')]);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
