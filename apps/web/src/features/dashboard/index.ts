export { SalesDashboard } from './components/SalesDashboard';
