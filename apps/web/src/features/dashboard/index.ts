export { dashboardQuery } from './api/dashboard';
