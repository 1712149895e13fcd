import { emailSchema, type User } from '@shop/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../components/FormField';

/** A guest as the checkout's forms read a buyer: only the e-mail is theirs. */
const guestBuyer = (email: string): User => ({
  _id: '',
  name: '',
  email,
  phone: '',
  address: '',
  role: 0,
  staffRole: null,
});

/**
 * Guest checkout (issue 29), offered beside the spec's "Please login to checkout", with or
 * without payment keys: the shopper gives an e-mail (where the order, its e-mails and its link
 * go), then the checkout goes on as for an account (`children`: the delivery address, the totals
 * and the card form). `before`: what shows below until then (the cart's estimate).
 */
export function GuestCheckout({
  before,
  children,
}: {
  before: ReactNode;
  children: (guest: User) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [email, setEmail] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailSchema.safeParse(typed);
    setProblem(checked.success ? undefined : checked.error.issues[0]?.message);
    setEmail(checked.success ? checked.data : null);
  };

  if (!open) {
    return (
      <>
        <section className="card-panel guest-checkout" aria-label="Guest checkout">
          <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
            Checkout as guest
          </button>
          <p className="muted">
            Ordered before? <Link to="/orders/find">Find my order</Link>
          </p>
        </section>
        {before}
      </>
    );
  }
  return (
    <>
      <form
        className="card-panel guest-checkout"
        aria-label="Guest checkout"
        onSubmit={submit}
        noValidate
      >
        <h3>Checkout as guest</h3>
        <FormField
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          error={problem}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setEmail(null);
          }}
        />
        {email ? (
          <p className="muted">Your order and its link will be sent to {email}.</p>
        ) : (
          <button type="submit" className="btn btn-primary">
            Continue as guest
          </button>
        )}
      </form>
      {email ? children(guestBuyer(email)) : before}
    </>
  );
}
