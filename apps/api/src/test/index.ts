/**
 * What the API's test code offers other workspaces' tests (`@shop/api/testing`): the end-to-end
 * suite runs the API's own Stripe double and mail catcher, picks its ports as the API does, and
 * compares a served photo with the one uploaded by its pixels (the shop stores it again,
 * without its metadata).
 */
export { freePort } from '../lib/free-port.js';
export { startMailCatcher } from '../lib/mail-catcher.js';
export {
  type Answer,
  type FakePaymentIntent,
  type FakeStripe,
  noSuchPaymentIntent,
  startFakeStripe,
} from './fake-stripe.js';
export { pixelDifference } from './photos.js';
