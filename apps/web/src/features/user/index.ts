export { ProfileForm } from './components/ProfileForm';
export { SignOutEverywhere } from './components/SignOutEverywhere';
export { UserMenu } from './components/UserMenu';
