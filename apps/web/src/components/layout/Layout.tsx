import type { ReactNode } from 'react';
import { DEFAULT_META, useDocumentMeta } from '../../lib/use-document-meta';
import { Footer } from './Footer';
import { Header } from './Header';
import './Layout.css';

/** Every page: header, its content in main, footer; sets the page's title and meta tags. */
export function Layout(props: {
  title?: string;
  description?: string;
  keywords?: string;
  author?: string;
  children: ReactNode;
}) {
  useDocumentMeta({
    title: props.title ?? DEFAULT_META.title,
    description: props.description ?? DEFAULT_META.description,
    keywords: props.keywords ?? DEFAULT_META.keywords,
    author: props.author ?? DEFAULT_META.author,
  });
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main">
        {props.children}
      </main>
      <Footer />
    </>
  );
}
