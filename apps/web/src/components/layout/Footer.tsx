import { Link } from 'react-router-dom';
import './Footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <p>All Rights Reserved &copy; Shop Team</p>
      <nav aria-label="Footer">
        <Link to="/about">About</Link>
        <span aria-hidden="true"> | </span>
        <Link to="/contact">Contact</Link>
        <span aria-hidden="true"> | </span>
        <Link to="/policy">Privacy Policy</Link>
      </nav>
    </footer>
  );
}
