import type { ProductPhotoMeta } from '@shop/contracts';
import type { InputHTMLAttributes } from 'react';
import { type Column, DataTable } from '../../../../components/DataTable';
import { FieldError } from '../../../../components/FormProblems';
import type { Problems } from '../../../../lib/form-problems';
import {
  isProductItself,
  type OptionDraft,
  type ProductDefaults,
  rowLabel,
  type VariantRow,
} from './grid';
import { VARIANTS_TEXTS } from './texts';
import { VariantPhotoCell } from './VariantPhotoCell';

interface VariantsTableProps {
  productId: string;
  /** What a variant without its own weight or class has. */
  product: ProductDefaults;
  taxClasses: readonly string[];
  options: OptionDraft[];
  rows: VariantRow[];
  /** Each cell's problem, shown in it (`rows.<index>.<field>`). */
  problems: Problems;
  onEdit: (index: number, patch: Partial<VariantRow>) => void;
  onPhoto: (variantId: string, photo: ProductPhotoMeta | null) => void;
}

/** The typed fields of a row: its column's heading, the row's field, the input's kind. */
const TYPED_FIELDS: {
  header: string;
  field: 'sku' | 'price' | 'quantity' | 'weight';
  input: InputHTMLAttributes<HTMLInputElement>;
}[] = [
  { header: 'SKU', field: 'sku', input: {} },
  {
    header: 'Price',
    field: 'price',
    input: { type: 'number', inputMode: 'decimal', step: 'any', min: 0 },
  },
  { header: 'Stock', field: 'quantity', input: { type: 'number', inputMode: 'numeric', min: 0 } },
  { header: 'Weight', field: 'weight', input: { type: 'number', inputMode: 'numeric', min: 0 } },
];

/**
 * The grid: one row per combination, kept or not, with its SKU, price, stock, weight, tax class
 * and photo. Each control is labelled by its row (`Stock of S / Black`); on a phone each row is
 * a card. A blank weight or class is the product's, shown greyed in the field; the product's
 * own row (no options) takes them from the product form.
 */
export function VariantsTable(props: VariantsTableProps) {
  const { productId, product, taxClasses, options, rows, problems, onEdit, onPhoto } = props;
  const labelOf = (row: VariantRow) => rowLabel(options, row);
  const editable = (row: VariantRow, field: string) =>
    field !== 'weight' && field !== 'taxClass' ? row.keep : row.keep && !isProductItself(row);
  const checkbox = (name: string, flag: 'selected' | 'keep'): Column<VariantRow> => ({
    header: name,
    headerHidden: flag === 'selected',
    className: flag === 'selected' ? 'variant-select' : undefined,
    cell: (row, index) => (
      <input
        type="checkbox"
        aria-label={`${name} ${labelOf(row)}`}
        checked={row[flag]}
        onChange={(event) => onEdit(index, { [flag]: event.target.checked })}
      />
    ),
  });
  const columns: Column<VariantRow>[] = [
    checkbox('Select', 'selected'),
    { header: 'Variant', rowHeader: true, className: 'variant-name', cell: labelOf },
    checkbox('Keep', 'keep'),
    ...TYPED_FIELDS.map(
      ({ header, field, input }): Column<VariantRow> => ({
        header,
        cell: (row, index) => (
          <>
            <input
              {...problems.control(`rows.${index}.${field}`)}
              className="form-control"
              {...input}
              aria-label={`${header} of ${labelOf(row)}`}
              value={row[field]}
              {...(field === 'weight'
                ? { placeholder: VARIANTS_TEXTS.productsOwn(`${product.weight} g`) }
                : {})}
              disabled={!editable(row, field)}
              onChange={(event) => onEdit(index, { [field]: event.target.value })}
            />
            <FieldError problems={problems} field={`rows.${index}.${field}`} />
          </>
        ),
      }),
    ),
    {
      header: 'Tax class',
      cell: (row, index) => (
        <>
          <select
            {...problems.control(`rows.${index}.taxClass`)}
            className="form-control"
            aria-label={`Tax class of ${labelOf(row)}`}
            value={row.taxClass}
            disabled={!editable(row, 'taxClass')}
            onChange={(event) => onEdit(index, { taxClass: event.target.value })}
          >
            <option value="">{VARIANTS_TEXTS.productsOwn(product.taxClass)}</option>
            {taxClasses.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <FieldError problems={problems} field={`rows.${index}.taxClass`} />
        </>
      ),
    },
    {
      header: 'Photo',
      cell: (row) => (
        <VariantPhotoCell productId={productId} row={row} label={labelOf(row)} onPhoto={onPhoto} />
      ),
    },
  ];
  return (
    <DataTable
      className="variants-table"
      columns={columns}
      rows={rows}
      rowKey={(row) => JSON.stringify(row.values)}
      rowClassName={(row) => (row.keep ? undefined : 'variant-dropped')}
    />
  );
}
