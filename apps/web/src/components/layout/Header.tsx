import { isAdmin } from '@shop/contracts/values';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { SIGNED_OUT, useAuth } from '../../lib/auth';
import { cartUnits, useCart } from '../../lib/cart';
import { useStoreName } from '../../lib/store-settings';
import { CartIcon } from '../CartIcon';
import { Dropdown } from '../Dropdown';
import { ToggleButton } from '../ToggleButton';
import { useHeaderParts } from './header-parts';
import './Header.css';

/** Spec §9: the badge shows at most 99, then '99+'. */
const BADGE_OVERFLOW = 99;
const badgeText = (count: number) =>
  count > BADGE_OVERFLOW ? `${BADGE_OVERFLOW}+` : String(count);

function AccountLinks() {
  const [auth, setAuth] = useAuth();
  const navigate = useNavigate();
  if (!auth.user) {
    return (
      <>
        <li>
          <NavLink className="nav-link" to="/register">
            Register
          </NavLink>
        </li>
        <li>
          <NavLink className="nav-link" to="/login">
            Login
          </NavLink>
        </li>
      </>
    );
  }
  const logout = () => {
    setAuth(SIGNED_OUT);
    toast.success('Logout Successfully');
    navigate('/login');
  };
  return (
    <li>
      <Dropdown label={auth.user.name}>
        <li>
          <Link
            className="dropdown-item"
            to={isAdmin(auth.user) ? '/dashboard/admin' : '/dashboard/user'}
          >
            Dashboard
          </Link>
        </li>
        <li>
          <button type="button" className="dropdown-item" onClick={logout}>
            Logout
          </button>
        </li>
      </Dropdown>
    </li>
  );
}

/**
 * The cart beside the menu's toggle on a phone, where the menu folds away: its icon and the
 * badge (the menu's own Cart link shows on wider screens).
 */
function PhoneCartLink({ units }: { units: number }) {
  return (
    <NavLink
      className="nav-link phone-cart-link"
      to="/cart"
      aria-label={`Cart, ${badgeText(units)} ${units === 1 ? 'item' : 'items'}`}
    >
      <CartIcon />
      <span className="badge">{badgeText(units)}</span>
    </NavLink>
  );
}

export function Header() {
  const [cart] = useCart();
  const units = cartUnits(cart);
  const [menuOpen, setMenuOpen] = useState(false);
  const { search, categoryMenu } = useHeaderParts();
  const storeName = useStoreName();
  return (
    <header className="site-header">
      <nav className="navbar" aria-label="Main">
        <Link to="/" className="brand">
          <CartIcon />
          <span className="brand-name">{storeName}</span>
        </Link>
        <PhoneCartLink units={units} />
        <ToggleButton
          open={menuOpen}
          controls="main-menu"
          className="nav-toggle"
          onToggle={setMenuOpen}
        >
          Menu
        </ToggleButton>
        <div id="main-menu" className={menuOpen ? 'nav-menu open' : 'nav-menu'}>
          {search}
          <ul className="nav-links">
            <li>
              <NavLink className="nav-link" to="/" end>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink className="nav-link" to="/categories">
                All Categories
              </NavLink>
            </li>
            <li>{categoryMenu}</li>
            <AccountLinks />
            <li className="menu-cart">
              <NavLink className="nav-link cart-link" to="/cart">
                Cart <span className="badge">{badgeText(units)}</span>
              </NavLink>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
