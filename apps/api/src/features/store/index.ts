/** The store settings' public module: what other features may use of them. */
export {
  staffTwoFactorRequired,
  storeCurrency,
  storeName,
  storeSettings,
  useFirstCurrency,
} from './use-cases.js';
