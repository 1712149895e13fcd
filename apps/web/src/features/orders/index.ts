export { fetchMyOrders, fetchOrderByLink, fetchOrderByNumber } from './api/orders-api';
export { FindOrderForm } from './components/FindOrderForm';
export { OrderDetails } from './components/OrderDetails';
export { OrderReturns } from './components/OrderReturns';
export { OrderTable } from './components/OrderTable';
export { VerifyEmailPanel } from './components/VerifyEmailPanel';
