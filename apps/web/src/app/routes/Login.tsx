import { Layout } from '../../components/layout/Layout';
import { LoginForm } from '../../features/auth';

export default function Login() {
  return (
    <Layout title="Login - Ecommerce app" description="Sign in to your account">
      <div className="form-page">
        <LoginForm />
      </div>
    </Layout>
  );
}
