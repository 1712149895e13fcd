import { formPage } from '../../components/layout/FormPage';
import { LoginForm } from '../../features/auth';

export default formPage(LoginForm, 'Login', 'Sign in to your account');
