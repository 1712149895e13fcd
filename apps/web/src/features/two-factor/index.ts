export { TwoFactorSection } from './components/TwoFactorSection';
export { TwoFactorSetup } from './components/TwoFactorSetup';
