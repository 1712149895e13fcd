export { ProfileForm } from './components/ProfileForm';
export { UserMenu } from './components/UserMenu';
