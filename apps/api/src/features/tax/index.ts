/** Taxes' public module: what the checkout, the products, the start-up and the seed may use. */
export { NO_TAXES, type TaxSettings, taxRateFor } from './settings.js';
export { requireTaxClass, saveTaxSettingsIfNone, taxSettings } from './use-cases.js';
