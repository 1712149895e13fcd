/** The outbox: domain events recorded with their changes and delivered to each subscriber. */

export { type Claim, type DeliveringOptions, type Outcome, startDelivering } from './deliver.js';
export {
  backlogOf,
  type CarriedDelivery,
  type ClaimedDelivery,
  carryOverDeliveries,
  claimDue,
  claimLandedDue,
  completeDeliveries,
  type Delivery,
  discardDeliveries,
  firstWaitingOf,
  listDeliveries,
  type PublishedEvent,
  postponeDelivery,
  releaseClaim,
} from './deliveries.js';
export { LANDING_GRACE_MS, landedOfSources, settleLanding } from './landing.js';
export { marksUnderWay, type NewEvent, publish, publishWith } from './publish.js';
export {
  type LandingCheck,
  type LandingVerdict,
  type OutboxWiring,
  wireOutbox,
} from './subscriptions.js';
export { startWorker, type Worker } from './worker.js';
