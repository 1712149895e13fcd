import { Layout } from '../../components/layout/Layout';
import { RegisterForm } from '../../features/auth';

export default function Register() {
  return (
    <Layout title="Register - Ecommerce app" description="Create your account">
      <div className="form-page">
        <RegisterForm />
      </div>
    </Layout>
  );
}
