import { formPage } from '../../components/layout/FormPage';
import { FindOrderForm } from '../../features/orders';

export default formPage(FindOrderForm, 'Find my order', 'Get the links of your orders by e-mail');
