/** Placeholder: the checkout helper replaces this with the card form. */
export function CheckoutPanel() {
  return null;
}
