import { Layout } from '../../components/layout/Layout';
import './Contact.css';

export default function Contact() {
  return (
    <Layout title="Contact us" description="How to reach our support team">
      <div className="page split">
        <img src="/images/contact.svg" alt="An envelope" width={480} height={360} loading="lazy" />
        <div>
          <h1 className="page-title contact-title">CONTACT US</h1>
          <p>
            Any query or information about a product? Feel free to call anytime, we are available
            24x7.
          </p>
          <ul className="contact-list">
            <li>
              E-mail: <a href="mailto:help@ecommerceapp.com">help@ecommerceapp.com</a>
            </li>
            <li>
              Phone: <a href="tel:012-3456789">012-3456789</a>
            </li>
            <li>
              Toll free: <a href="tel:1800-0000-0000">1800-0000-0000</a>
            </li>
          </ul>
        </div>
      </div>
    </Layout>
  );
}
