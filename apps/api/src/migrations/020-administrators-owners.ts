import type { Migration } from './migration.js';
import { makeAdministratorsOwners } from './users-as-stored.js';

/**
 * Before staff roles every administrator could do everything: each one keeps that as an owner,
 * and may then give the others narrower roles.
 */
export const migration: Migration = {
  id: '020-administrators-owners',
  name: 'every administrator becomes an owner',
  async up({ log }) {
    const owners = await makeAdministratorsOwners();
    if (owners > 0) log.info(`${owners} administrators made owners`);
  },
};
