export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
