import { catalogueRevisionLag } from './features/catalogue/index.js';
import { mailBacklog } from './features/mail/index.js';
import { registerGaugeReadOnScrape } from './lib/metrics.js';

/**
 * The gauges read from the database when Prometheus scrapes, registered once per process
 * (the counters live beside the code that counts, in lib/metrics.ts).
 */
registerGaugeReadOnScrape(
  'shop_catalogue_revision_lag',
  'Catalogue changes announced that this process has not applied yet',
  catalogueRevisionLag,
);
registerGaugeReadOnScrape(
  'shop_outbox_backlog',
  'E-mails waiting in the outbox (all API processes)',
  async () => (await mailBacklog()).waiting,
);
registerGaugeReadOnScrape(
  'shop_outbox_failing',
  'E-mails in the outbox whose sending failed at least once (all API processes)',
  async () => (await mailBacklog()).failing,
);
