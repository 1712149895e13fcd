import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_META, useDocumentMeta } from './use-document-meta';

/** What the API writes into index.html for the page it answers (features/storefront). */
function addServerPageTags() {
  document.head.insertAdjacentHTML(
    'beforeend',
    '<link rel="canonical" href="https://shop.example/about" data-page-head>' +
      '<meta property="og:title" content="About us" data-page-head>' +
      '<script type="application/ld+json" data-page-head>{}</script>',
  );
}

const serverPageTags = () => document.head.querySelectorAll('[data-page-head]');

describe('useDocumentMeta', () => {
  afterEach(() => {
    for (const tag of serverPageTags()) tag.remove();
    window.history.replaceState(null, '', '/');
  });

  it('when the shopper is on the page the server answered, then its canonical URL, previews and structured data stay', () => {
    addServerPageTags();
    renderHook(() => useDocumentMeta({ ...DEFAULT_META, title: 'About us - Ecommerce App' }));
    expect(document.title).toBe('About us - Ecommerce App');
    expect(serverPageTags()).toHaveLength(3);
  });

  it('when the shopper has moved on to another page, then the tags that described the first one go', () => {
    addServerPageTags();
    window.history.pushState(null, '', '/policy');
    renderHook(() => useDocumentMeta({ ...DEFAULT_META, title: 'Privacy Policy' }));
    expect(document.title).toBe('Privacy Policy');
    expect(serverPageTags()).toHaveLength(0);
  });
});
