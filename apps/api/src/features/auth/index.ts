/** Accounts' public module: what other features may use of them. */

export { accountLetters } from './letters.js';
export {
  allowSignIn,
  requireSignIn,
  requireSignInOrGuestEmail,
  requireStaff,
  requireTwoFactorWhereRequired,
  roleCannot,
} from './middleware.js';
export { confirmAccountEmail, type TakenOver } from './registration.js';
export {
  findUserContacts,
  findUserIdsMatching,
  findUserNames,
  isEmailConfirmed,
} from './repository.js';
export { useSecretsKey } from './sealed-secrets.js';
export { findUser, saveDeliveryAddress } from './use-cases.js';
