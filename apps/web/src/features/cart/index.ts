export { CartItemList } from './components/CartItemList';
export { CartSummary } from './components/CartSummary';
