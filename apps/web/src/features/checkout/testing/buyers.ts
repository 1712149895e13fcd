import { makeUser } from '../../../test/fixtures';

/** The delivery address the checkout tests' buyers saved on their profile. */
export const DELIVERY_ADDRESS = {
  name: 'Demo User',
  street: '42 Demo Lane',
  city: 'Springfield',
  postalCode: '49007',
  country: 'US',
  phone: '555-0123',
};

/** A buyer whose profile holds a delivery address: the card form shows at once. */
export const buyerWithAddress = () => makeUser({ deliveryAddress: DELIVERY_ADDRESS });
