import { useLayoutEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  author: string;
}

/** What a page says of itself unless it says otherwise (its title: components/layout/Layout). */
export const DEFAULT_META: Omit<PageMeta, 'title'> = {
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

/** The page the server wrote the head for (its canonical URL, link previews, structured data). */
const firstPage = typeof location === 'undefined' ? '' : location.pathname + location.search;

/** Tags the server marks as describing only the page it answered (the API's storefront head). */
const removeServerPageTags = () => {
  for (const tag of document.head.querySelectorAll('[data-page-head]')) tag.remove();
};

/**
 * Sets the document title and the description, keywords and author meta tags of a page.
 * A layout effect runs in the same commit that puts the page on screen, so nobody (a person,
 * a screen reader, a test) ever sees the page's heading under the previous page's title.
 * Once the shopper has moved on from the page the server answered, the tags that described only
 * that page go.
 */
export function useDocumentMeta({ title, description, keywords, author }: PageMeta) {
  useLayoutEffect(() => {
    if (location.pathname + location.search !== firstPage) removeServerPageTags();
    document.title = title;
    setMeta('description', description);
    setMeta('keywords', keywords);
    setMeta('author', author);
  }, [title, description, keywords, author]);
}
