import type { Migration } from './migration.js';
import { sealTwoFactorSecrets } from './users-as-stored.js';

/**
 * Earlier versions kept the accounts' TOTP secrets as they are: each one (turned on or pending)
 * is sealed with the shop's key, as this version keeps and reads them.
 */
export const migration: Migration = {
  id: '021-two-factor-secrets-sealed',
  name: 'two-factor secrets sealed',
  async up({ log }) {
    const sealed = await sealTwoFactorSecrets();
    if (sealed > 0) log.info(`${sealed} two-factor secrets sealed`);
  },
};
