import { type FormEvent, useState } from 'react';
import { forgetDiscountCode, storeDiscountCode, useDiscountCode } from '../../../lib/discount-code';
import './discounts.css';

/**
 * The cart's "Discount code" field: Apply keeps the code for the cart (the checkout's quote,
 * payment and order then carry it), Remove code forgets it. Under it, why the last quote of this cart
 * refused the code, in the server's one sentence; an applied code (or an automatic promotion)
 * shows in the cart's totals instead.
 */
export function DiscountCodeField({ refusal }: { refusal: string | null | undefined }) {
  const code = useDiscountCode();
  // Another tab (or a link) may change the code: the field starts again from the stored one.
  return <CodeForm key={code ?? ''} code={code} refusal={refusal} />;
}

function CodeForm({ code, refusal }: { code: string | null; refusal: string | null | undefined }) {
  const [typed, setTyped] = useState(code ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') forgetDiscountCode();
    else storeDiscountCode(typed);
  };
  const shownRefusal = code ? refusal : null;
  return (
    <form className="discount-code" onSubmit={apply}>
      <label htmlFor="discount-code">Discount code</label>
      <div className="discount-code-row">
        <input
          id="discount-code"
          className="form-control"
          value={typed}
          maxLength={40}
          autoComplete="off"
          aria-describedby={shownRefusal ? 'discount-code-refusal' : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        {code && (
          <button type="button" className="btn btn-outline" onClick={forgetDiscountCode}>
            Remove code
          </button>
        )}
      </div>
      {shownRefusal && (
        <p id="discount-code-refusal" className="discount-refusal" role="alert">
          {shownRefusal}
        </p>
      )}
    </form>
  );
}
