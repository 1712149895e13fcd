/** Accounts' public module: what other features may use of them. */

export { accountLetters } from './letters.js';
export {
  allowSignIn,
  requireAdmin,
  requireSignIn,
  requireSignInOrGuestEmail,
  requireTwoFactorWhereRequired,
} from './middleware.js';
export { confirmAccountEmail, type TakenOver } from './registration.js';
export {
  findUserContacts,
  findUserIdsMatching,
  findUserNames,
  isEmailConfirmed,
} from './repository.js';
export { findUser, saveDeliveryAddress } from './use-cases.js';
