import { NavLink } from 'react-router-dom';

/** The side menu of the user area. */
export function UserMenu() {
  return (
    <nav className="side-menu" aria-label="Dashboard">
      <h2>Dashboard</h2>
      <NavLink to="/dashboard/user/profile">Profile</NavLink>
      <NavLink to="/dashboard/user/orders">Orders</NavLink>
    </nav>
  );
}
