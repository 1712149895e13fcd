import { Layout } from '../../components/layout/Layout';

export default function Policy() {
  return (
    <Layout title="Privacy Policy" description="Our privacy policy">
      <div className="page">
        <h1 className="page-title">Privacy Policy</h1>
        <p>privacy</p>
      </div>
    </Layout>
  );
}
