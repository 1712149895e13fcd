export { fetchMyOrders, fetchOrderByNumber } from './api/orders-api';
export { OrderDetails } from './components/OrderDetails';
export { OrderTable } from './components/OrderTable';
