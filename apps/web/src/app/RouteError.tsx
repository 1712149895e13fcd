import { Layout } from '../components/layout/Layout';
import { ErrorContent } from './RootError';

/** Each route's error boundary: the screen fails alone, inside the usual header and footer. */
export default function RouteError() {
  return (
    <Layout title="Something went wrong">
      <ErrorContent />
    </Layout>
  );
}
