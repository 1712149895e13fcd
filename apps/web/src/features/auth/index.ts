export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
export { StaffInviteForm } from './components/StaffInviteForm';
export { TakeOverForm } from './components/TakeOverForm';
