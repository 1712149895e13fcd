import { migration as photosToOwnCollection } from './001-photos-to-own-collection.js';
import { migration as photosWithoutMetadata } from './002-photos-without-metadata.js';
import { migration as productsOneVariant } from './003-products-one-variant.js';
import { migration as productPricesInMinorUnits } from './004-product-prices-in-minor-units.js';
import { migration as productWeightAndTaxClass } from './005-product-weight-and-tax-class.js';
import { migration as orderPricesInMinorUnits } from './006-order-prices-in-minor-units.js';
import { migration as orderNumbers } from './007-order-numbers.js';
import { migration as ordersComplete } from './008-orders-complete.js';
import { migration as marksDropped } from './009-marks-dropped.js';
import { migration as salesFigures } from './010-sales-figures.js';
import { migration as earlierHoldsReleased } from './011-earlier-holds-released.js';
import { migration as mailOutboxToOutbox } from './012-mail-outbox-to-outbox.js';
import { migration as orderEventsInMinorUnits } from './013-order-events-in-minor-units.js';
import { migration as notifyMePerMailbox } from './014-notify-me-per-mailbox.js';
import { migration as customersByMailbox } from './015-customers-by-mailbox.js';
import { migration as guestOrdersClaimedByMailbox } from './016-guest-orders-claimed-by-mailbox.js';
import { migration as orderKeysHashed } from './017-order-keys-hashed.js';
import { migration as taxRatesAtMost100Percent } from './018-tax-rates-at-most-100-percent.js';
import { migration as pendingRefundsListed } from './019-pending-refunds-listed.js';
import { migration as administratorsOwners } from './020-administrators-owners.js';
import { migration as twoFactorSecretsSealed } from './021-two-factor-secrets-sealed.js';
import { migration as ordersPaymentId } from './022-orders-payment-id.js';
import { migration as ordersListingRefundsMarked } from './023-orders-listing-refunds-marked.js';
import type { Migration, MigrationLog } from './migration.js';
import { runMigrations } from './run.js';

/** Every migration, in the order they run: by their number (a test checks it against the files). */
export const MIGRATIONS: readonly Migration[] = [
  photosToOwnCollection,
  photosWithoutMetadata,
  productsOneVariant,
  productPricesInMinorUnits,
  productWeightAndTaxClass,
  orderPricesInMinorUnits,
  orderNumbers,
  ordersComplete,
  marksDropped,
  salesFigures,
  earlierHoldsReleased,
  mailOutboxToOutbox,
  orderEventsInMinorUnits,
  notifyMePerMailbox,
  customersByMailbox,
  guestOrdersClaimedByMailbox,
  orderKeysHashed,
  taxRatesAtMost100Percent,
  pendingRefundsListed,
  administratorsOwners,
  twoFactorSecretsSealed,
  ordersPaymentId,
  ordersListingRefundsMarked,
];

/**
 * Brings the database to the shape this version reads and writes: runs the migrations it has not
 * recorded (see runMigrations). Called before anything else writes to the database: the start,
 * `pnpm seed`, and the tests' and benchmarks' new databases.
 */
export const migrateDatabase = (log: MigrationLog) => runMigrations(MIGRATIONS, log);

export type { Migration, MigrationLog } from './migration.js';
export { MigrationFailed } from './run.js';
