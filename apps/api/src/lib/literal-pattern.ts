/** `text` matched literally (not as a pattern) by a regular expression: a search box's words. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
