import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const REPO_ROOT = resolve(here, '../../..');
export const API_SERVER = join(REPO_ROOT, 'apps/api/dist/server.js');
export const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'apps/e2e/screenshots');
