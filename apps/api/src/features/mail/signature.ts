import escapeHtml from 'escape-html';
import type { Letter } from './letter.js';

/**
 * The letter signed with the store's name, whichever feature wrote it: its text ends with a
 * signature (after the usual `-- ` line), its HTML with the name in a paragraph of its own.
 */
export function signed(letter: Letter, storeName: string): Letter {
  const signature = `<p>${escapeHtml(storeName)}</p>`;
  const body = letter.html.lastIndexOf('</body>');
  return {
    ...letter,
    text: `${letter.text}\n\n-- \n${storeName}`,
    html:
      body === -1
        ? letter.html + signature
        : letter.html.slice(0, body) + signature + letter.html.slice(body),
  };
}
