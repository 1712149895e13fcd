/** Orders' public module: what other features may use of them (besides `model.ts`). */
export { findOrder } from './use-cases.js';
