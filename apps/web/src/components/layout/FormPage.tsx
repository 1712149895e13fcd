import type { ComponentType } from 'react';
import { Layout } from './Layout';

/** A page that is one centred form (login, register), with its document title and description. */
export const formPage = (Form: ComponentType, title: string, description: string) =>
  function FormPage() {
    return (
      <Layout title={title} description={description}>
        <div className="form-page">
          <Form />
        </div>
      </Layout>
    );
  };
