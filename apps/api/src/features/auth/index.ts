/** Accounts' public module: what other features may use of them. */
export {
  allowSignIn,
  requireAdmin,
  requireSignIn,
  requireSignInOrGuestEmail,
} from './middleware.js';
export { findUserContacts, findUserIdsMatching, findUserNames } from './repository.js';
export { findUser, saveDeliveryAddress } from './use-cases.js';
