/** Back-in-stock e-mails' public module: what the app and the server use of them. */
export { backInStockLanding, backInStockLetters } from './letters.js';
export { backInStockRoutes } from './routes.js';
export { notifyRestockedRegularly } from './use-cases.js';
