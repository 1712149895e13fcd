import { formPage } from '../../components/layout/FormPage';
import { RegisterForm } from '../../features/auth';

export default formPage(RegisterForm, 'Register', 'Create your account');
