export { CartItemList } from './components/CartItemList';
export { CartSummary, cartTotal } from './components/CartSummary';
