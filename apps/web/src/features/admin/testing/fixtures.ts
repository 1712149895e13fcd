import type { Category, Order, Product, User } from '@shop/contracts';

let counter = 0;
/** A fresh 24-hex-digit id, as MongoDB would give. */
export const anId = () => (++counter).toString(16).padStart(24, '0');

export const aCategory = (name: string, overrides: Partial<Category> = {}): Category => ({
  _id: anId(),
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  ...overrides,
});

export const aProduct = (overrides: Partial<Product> = {}): Product => ({
  _id: anId(),
  name: 'Desk Lamp',
  slug: 'desk-lamp',
  description: 'A lamp for the desk',
  price: 25,
  quantity: 4,
  shipping: 1,
  category: aCategory('Home'),
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

export const aUser = (overrides: Partial<User> = {}): User => ({
  _id: anId(),
  name: 'Demo User',
  email: 'user@shop.test',
  phone: '555-0123',
  address: '42 Demo Lane',
  role: 0,
  ...overrides,
});

export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: anId(),
  products: [],
  payment: { id: 'pi_1', success: true, status: 'succeeded', amount: 2500, currency: 'usd' },
  buyer: { _id: anId(), name: 'Demo User' },
  address: '42 Demo Lane',
  status: 'Not Process',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});
