import { NavLink } from 'react-router-dom';

export const ADMIN_PATHS = {
  home: '/dashboard/admin',
  createCategory: '/dashboard/admin/create-category',
  createProduct: '/dashboard/admin/create-product',
  products: '/dashboard/admin/products',
  orders: '/dashboard/admin/orders',
  returns: '/dashboard/admin/returns',
  users: '/dashboard/admin/users',
  shipping: '/dashboard/admin/shipping',
  taxes: '/dashboard/admin/taxes',
  store: '/dashboard/admin/store',
  discounts: '/dashboard/admin/discounts',
  reviews: '/dashboard/admin/reviews',
  product: (slug: string) => `/dashboard/admin/product/${encodeURIComponent(slug)}`,
} as const;

const LINKS = [
  { to: ADMIN_PATHS.createCategory, label: 'Create Category' },
  { to: ADMIN_PATHS.createProduct, label: 'Create Product' },
  { to: ADMIN_PATHS.products, label: 'Products' },
  { to: ADMIN_PATHS.orders, label: 'Orders' },
  { to: ADMIN_PATHS.returns, label: 'Returns' },
  { to: ADMIN_PATHS.users, label: 'Users' },
  { to: ADMIN_PATHS.shipping, label: 'Shipping' },
  { to: ADMIN_PATHS.taxes, label: 'Taxes' },
  { to: ADMIN_PATHS.store, label: 'Store' },
  { to: ADMIN_PATHS.discounts, label: 'Discounts' },
  { to: ADMIN_PATHS.reviews, label: 'Reviews' },
] as const;

/** The side menu of every admin screen. */
export function AdminMenu() {
  return (
    <nav className="side-menu" aria-label="Admin Panel">
      <h2>Admin Panel</h2>
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
