import { Layout } from '../../components/layout/Layout';

export default function About() {
  return (
    <Layout title="About us" description="Who we are and what we sell">
      <div className="page split">
        <img
          src="/images/about.svg"
          alt="A shopping cart"
          width={480}
          height={360}
          loading="lazy"
        />
        <div>
          <h1 className="page-title">About us</h1>
          <p>
            We are a small team that loves good products at fair prices. Our shop brings together
            electronics, books, clothing, home goods and more, each picked for everyday use.
          </p>
          <p>
            Browse by category, filter by price, and check out in a few steps. Questions? Our
            support team is available around the clock.
          </p>
        </div>
      </div>
    </Layout>
  );
}
