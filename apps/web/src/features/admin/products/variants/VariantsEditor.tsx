import { PRICE_REASON_REQUIRED, type Product } from '@shop/contracts';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FormField } from '../../../../components/FormField';
import { ProblemSummary } from '../../../../components/FormProblems';
import { refusedProblems, useProblems } from '../../../../lib/form-problems';
import { useSubmit } from '../../../../lib/use-form';
import { refusalOf } from '../../shared/outcome';
import { useTaxClasses } from '../../taxes/api';
import { variantWrites } from './api';
import { BulkEdit } from './BulkEdit';
import { pricedPerVariant } from './grid';
import { OptionsFields } from './OptionsFields';
import { changesPrices, gridProblemOf, gridProblems, variantsRequest } from './request';
import { VARIANTS_TEXTS } from './texts';
import { useVariantGrid } from './use-variant-grid';
import { VariantsTable } from './VariantsTable';
import './variants.css';

interface VariantsEditorProps {
  product: Product;
  /** The product as saved, whose price and stock are now its variants'. */
  onSaved: (product: Product) => void;
}

/**
 * Options and variants: the admin lists options and values, gets every combination, keeps or
 * drops each, sets SKU, price, stock, weight, tax class and photo per variant (a blank weight or
 * class follows the product's) or price and stock for many at once, and saves the whole grid
 * with one call. The shared schema checks it first, and every problem shows in its cell (or
 * option) and in the summary at the top; the server's refusals (a SKU in use, a stock a checkout
 * changed, a variant a checkout holds) are toasted as it words them, and shown so too.
 */
export function VariantsEditor({ product, onSaved }: VariantsEditorProps) {
  const headingId = useId();
  const editor = useVariantGrid(product);
  const { grid } = editor;
  const taxClasses = useTaxClasses(...grid.rows.flatMap((row) => row.taxClass || []));
  const problems = useProblems();
  const [reason, setReason] = useState('');
  const repriced = changesPrices(grid, product);
  const save = useSubmit(variantWrites.save(product._id), {
    onSuccess: (saved) => {
      problems.show([]);
      setReason('');
      editor.reset(saved.product);
      onSaved(saved.product);
      toast.success(saved.message);
    },
    onFailure: (err) => {
      const problemOf = gridProblemOf(grid);
      problems.show(refusedProblems(err).map(({ field, message }) => problemOf(field, message)));
      return refusalOf(err) || VARIANTS_TEXTS.saveFailed;
    },
  });
  const send = () => {
    const found = gridProblems(grid);
    if (repriced && reason.trim() === '') {
      found.push({ field: 'reason', message: PRICE_REASON_REQUIRED });
    }
    if (!problems.show(found)) void save.run(variantsRequest(grid, repriced ? reason : ''));
  };

  const hasCombinations = grid.options.some((option) => option.values.length > 0);
  const kept = grid.rows.filter((row) => row.keep).length;
  return (
    <section className="variants-editor" aria-labelledby={headingId}>
      <h2 id={headingId} className="variants-title">
        {VARIANTS_TEXTS.heading}
      </h2>
      <ProblemSummary problems={problems} />
      <OptionsFields options={grid.options} onChange={editor.changeOptions} problems={problems} />
      {(hasCombinations || pricedPerVariant(product)) && (
        <>
          <BulkEdit
            selected={grid.rows.filter((row) => row.selected).length}
            total={grid.rows.length}
            onSelectAll={editor.selectAll}
            onSet={editor.setForSelected}
          />
          <p className="variant-hint" aria-live="polite">
            {kept} of {grid.rows.length} combinations kept
          </p>
          <div className="variants-table-wrap">
            <VariantsTable
              productId={product._id}
              product={product}
              taxClasses={taxClasses}
              options={grid.options}
              rows={grid.rows}
              problems={problems}
              onEdit={editor.editRow}
              onPhoto={editor.setPhoto}
            />
          </div>
          {/* A price changed is told why: the audit log keeps it. */}
          {repriced && (
            <FormField
              label="Reason for the price change"
              type="text"
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...problems.field('reason')}
            />
          )}
          <button type="button" className="btn btn-primary" disabled={save.busy} onClick={send}>
            {VARIANTS_TEXTS.save}
          </button>
        </>
      )}
    </section>
  );
}
