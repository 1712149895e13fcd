import { useLayoutEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  author: string;
}

export const DEFAULT_META: PageMeta = {
  title: 'E-commerce best app',
  description: 'An online shop: browse, search, filter and buy products',
  keywords: 'shop,ecommerce,online store,products,categories',
  author: 'Shop Team',
};

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Sets the document title and the description, keywords and author meta tags of a page.
 * A layout effect runs in the same commit that puts the page on screen, so nobody (a person,
 * a screen reader, a test) ever sees the page's heading under the previous page's title.
 */
export function useDocumentMeta({ title, description, keywords, author }: PageMeta) {
  useLayoutEffect(() => {
    document.title = title;
    setMeta('description', description);
    setMeta('keywords', keywords);
    setMeta('author', author);
  }, [title, description, keywords, author]);
}
