/**
 * What other features use of products (the search box, the cart, orders, the admin). The app's
 * routes import the product screens themselves (components/), which this module leaves out so
 * that a feature importing a price does not load the listings with it.
 */
export { productQueries } from './api/queries';
export { Price, pricesDiffer } from './components/Price';
export { ProductPhoto } from './components/ProductPhoto';
export { formatOptions, photoOf } from './variants';
