export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
export { TakeOverForm } from './components/TakeOverForm';
