import type { ProductPhotoMeta } from '@shop/contracts';
import { type OptionDraft, rowLabel, type VariantRow } from './grid';
import { VariantPhotoCell } from './VariantPhotoCell';

interface VariantsTableProps {
  productId: string;
  options: OptionDraft[];
  rows: VariantRow[];
  onEdit: (index: number, patch: Partial<VariantRow>) => void;
  onPhoto: (variantId: string, photo: ProductPhotoMeta | null) => void;
}

/**
 * The grid: one row per combination, kept or not, with its SKU, price, stock and photo. Each
 * control is labelled by its row (`Stock of S / Black`); on a phone each row is a card.
 */
export function VariantsTable(props: VariantsTableProps) {
  const { productId, options, rows, onEdit, onPhoto } = props;
  return (
    <table className="table variants-table">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Select</span>
          </th>
          <th scope="col">Variant</th>
          <th scope="col">Keep</th>
          <th scope="col">SKU</th>
          <th scope="col">Price</th>
          <th scope="col">Stock</th>
          <th scope="col">Photo</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const label = rowLabel(options, row);
          const edit = (patch: Partial<VariantRow>) => onEdit(index, patch);
          return (
            <tr
              key={JSON.stringify(row.values)}
              className={row.keep ? undefined : 'variant-dropped'}
            >
              <td className="variant-select">
                <input
                  type="checkbox"
                  aria-label={`Select ${label}`}
                  checked={row.selected}
                  onChange={(event) => edit({ selected: event.target.checked })}
                />
              </td>
              <th scope="row" className="variant-name">
                {label}
              </th>
              <td data-label="Keep">
                <input
                  type="checkbox"
                  aria-label={`Keep ${label}`}
                  checked={row.keep}
                  onChange={(event) => edit({ keep: event.target.checked })}
                />
              </td>
              <td data-label="SKU">
                <input
                  className="form-control"
                  aria-label={`SKU of ${label}`}
                  value={row.sku}
                  disabled={!row.keep}
                  onChange={(event) => edit({ sku: event.target.value })}
                />
              </td>
              <td data-label="Price">
                <input
                  className="form-control"
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={0}
                  aria-label={`Price of ${label}`}
                  value={row.price}
                  disabled={!row.keep}
                  onChange={(event) => edit({ price: event.target.value })}
                />
              </td>
              <td data-label="Stock">
                <input
                  className="form-control"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  aria-label={`Stock of ${label}`}
                  value={row.quantity}
                  disabled={!row.keep}
                  onChange={(event) => edit({ quantity: event.target.value })}
                />
              </td>
              <td data-label="Photo">
                <VariantPhotoCell productId={productId} row={row} label={label} onPhoto={onPhoto} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
