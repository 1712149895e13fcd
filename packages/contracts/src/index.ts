export * from './category.js';
export * from './common.js';
export * from './order.js';
export * from './paging.js';
export * from './payment.js';
export * from './price-bands.js';
export * from './product.js';
export * from './user.js';
