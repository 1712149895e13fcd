/** Products' public module: what other features may use of them (besides `model.ts`). */
export { giveBackStock, takeStock } from './stock.js';
