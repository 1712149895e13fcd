import { type FormEvent, useState } from 'react';
import { forgetDiscountCode, storeDiscountCode, useDiscountCode } from '../../../lib/discount-code';
import './discounts.css';

/** What the last quote of this cart said of its code: why it is refused, or that it is judged later. */
interface CodeResult {
  refusal: string | null | undefined;
  notice: string | null | undefined;
}

/**
 * The cart's "Discount code" field: Apply keeps the code for the cart (the checkout's quote,
 * payment and order then carry it), Remove code forgets it. Under it, why the last quote of this cart
 * refused the code, in the server's one sentence, or that it applies at checkout if eligible (a
 * code limited per customer, judged when paying); an applied code (or an automatic promotion)
 * shows in the cart's totals.
 */
export function DiscountCodeField(result: CodeResult) {
  const code = useDiscountCode();
  // Another tab (or a link) may change the code: the field starts again from the stored one.
  return <CodeForm key={code ?? ''} code={code} {...result} />;
}

function CodeForm({ code, refusal, notice }: CodeResult & { code: string | null }) {
  const [typed, setTyped] = useState(code ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') forgetDiscountCode();
    else storeDiscountCode(typed);
  };
  const shownRefusal = code ? refusal : null;
  const shownNotice = code && !shownRefusal ? notice : null;
  const said = shownRefusal ? 'discount-code-refusal' : shownNotice ? 'discount-code-notice' : null;
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
          aria-describedby={said ?? undefined}
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
      {shownNotice && (
        <p id="discount-code-notice" className="discount-notice" role="status">
          {shownNotice}
        </p>
      )}
    </form>
  );
}
