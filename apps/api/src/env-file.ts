import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Imported first by the entry points (server, seed): loads the repository's `.env` when there is
 * one, and says nothing when there is none (`node --env-file-if-exists` printed a line about it
 * on every start). A variable already set in the environment wins over the file.
 */
const envFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
