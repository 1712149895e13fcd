export { fetchMyOrders } from './api/orders-api';
export { OrderTable } from './components/OrderTable';
