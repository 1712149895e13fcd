import { documentTitle } from '@shop/contracts/storefront';
import type { ReactNode } from 'react';
import { useStoreName } from '../../lib/store-settings';
import { DEFAULT_META, useDocumentMeta } from '../../lib/use-document-meta';
import { Footer } from './Footer';
import { Header } from './Header';
import './Layout.css';

/**
 * Every page: header, its content in main, footer; sets the page's title (`title`, then the
 * store's name) and meta tags.
 */
export function Layout(props: {
  title?: string;
  description?: string;
  keywords?: string;
  author?: string;
  children: ReactNode;
}) {
  useDocumentMeta({
    title: documentTitle(props.title, useStoreName()),
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
