/** What the product page's reviews say. */
export const REVIEW_TEXTS = {
  heading: 'Reviews',
  none: 'No reviews yet',
  write: 'Write a review',
  submit: 'Submit Review',
  save: 'Save Review',
  added: 'Thank you for your review',
  updated: 'Review updated',
  deleted: 'Review deleted',
  failed: 'Something went wrong',
  yours: 'Your review',
  edit: 'Edit',
  remove: 'Delete',
  onlyBuyers: 'Only shoppers who bought this product can review it.',
  signIn: 'Sign in to review a product you bought.',
} as const;
