export { DiscountBanner, type DiscountLinkState } from './components/DiscountBanner';
export { DiscountCodeField } from './components/DiscountCodeField';
