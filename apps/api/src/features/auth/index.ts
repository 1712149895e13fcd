/** Accounts' public module: what other features may use of them (besides `model.ts`). */
export { requireAdmin, requireSignIn } from './middleware.js';
export { findUser } from './use-cases.js';
