import type { StaffRole } from '@shop/contracts';
import { NavLink } from 'react-router-dom';
import { roleMayOpen, useStaffRole } from './staff-role';

export const ADMIN_PATHS = {
  home: '/dashboard/admin',
  createCategory: '/dashboard/admin/create-category',
  createProduct: '/dashboard/admin/create-product',
  products: '/dashboard/admin/products',
  catalogueImport: '/dashboard/admin/import',
  orders: '/dashboard/admin/orders',
  returns: '/dashboard/admin/returns',
  users: '/dashboard/admin/users',
  shipping: '/dashboard/admin/shipping',
  taxes: '/dashboard/admin/taxes',
  store: '/dashboard/admin/store',
  discounts: '/dashboard/admin/discounts',
  reviews: '/dashboard/admin/reviews',
  staff: '/dashboard/admin/staff',
  product: (slug: string) => `/dashboard/admin/product/${encodeURIComponent(slug)}`,
} as const;

const CATALOGUE: StaffRole[] = ['catalogue'];
const ORDERS: StaffRole[] = ['fulfilment', 'support'];
const OWNER: StaffRole[] = [];

/**
 * Each admin screen, who besides an owner may open it (the roles its calls are for, see
 * docs/features/staff-roles.md) and what a role that may not is told; `menu: false` for a
 * screen reached from another (a product's editor, an order's page).
 */
export const ADMIN_SCREENS = [
  {
    to: ADMIN_PATHS.createCategory,
    label: 'Create Category',
    roles: CATALOGUE,
    does: 'manage categories',
  },
  {
    to: ADMIN_PATHS.createProduct,
    label: 'Create Product',
    roles: CATALOGUE,
    does: 'manage products',
  },
  { to: ADMIN_PATHS.products, label: 'Products', roles: CATALOGUE, does: 'manage products' },
  {
    to: ADMIN_PATHS.catalogueImport,
    label: 'Import',
    roles: CATALOGUE,
    does: 'import the catalogue',
  },
  {
    to: '/dashboard/admin/product',
    label: 'Update Product',
    roles: CATALOGUE,
    does: 'manage products',
    menu: false,
  },
  { to: ADMIN_PATHS.orders, label: 'Orders', roles: ORDERS, does: 'read the orders' },
  { to: ADMIN_PATHS.returns, label: 'Returns', roles: ORDERS, does: 'handle returns' },
  { to: ADMIN_PATHS.users, label: 'Users', roles: ['support'], does: 'read the customers' },
  { to: ADMIN_PATHS.shipping, label: 'Shipping', roles: OWNER, does: 'manage shipping' },
  { to: ADMIN_PATHS.taxes, label: 'Taxes', roles: OWNER, does: 'manage taxes' },
  { to: ADMIN_PATHS.store, label: 'Store', roles: OWNER, does: 'change the store settings' },
  { to: ADMIN_PATHS.discounts, label: 'Discounts', roles: OWNER, does: 'manage discounts' },
  { to: ADMIN_PATHS.reviews, label: 'Reviews', roles: CATALOGUE, does: 'read the reviews' },
  { to: ADMIN_PATHS.staff, label: 'Staff', roles: OWNER, does: 'manage the staff' },
] as const satisfies readonly {
  to: string;
  label: string;
  roles: readonly StaffRole[];
  does: string;
  menu?: false;
}[];

export type AdminScreen = (typeof ADMIN_SCREENS)[number];

/** The screen a path of the dashboard opens (its own or one below it); none for its home. */
export const screenOf = (pathname: string): AdminScreen | undefined =>
  ADMIN_SCREENS.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));

/** The side menu of every admin screen: only the screens the account's role may open. */
export function AdminMenu() {
  const staffRole = useStaffRole();
  return (
    <nav className="side-menu" aria-label="Admin Panel">
      <h2>Admin Panel</h2>
      {ADMIN_SCREENS.filter(
        (screen) => !('menu' in screen) && roleMayOpen(staffRole, screen.roles),
      ).map((screen) => (
        <NavLink key={screen.to} to={screen.to}>
          {screen.label}
        </NavLink>
      ))}
    </nav>
  );
}
