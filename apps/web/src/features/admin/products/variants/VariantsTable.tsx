import type { ProductPhotoMeta } from '@shop/contracts';
import type { InputHTMLAttributes } from 'react';
import { type Column, DataTable } from '../../../../components/DataTable';
import { type OptionDraft, rowLabel, type VariantRow } from './grid';
import { VariantPhotoCell } from './VariantPhotoCell';

interface VariantsTableProps {
  productId: string;
  options: OptionDraft[];
  rows: VariantRow[];
  onEdit: (index: number, patch: Partial<VariantRow>) => void;
  onPhoto: (variantId: string, photo: ProductPhotoMeta | null) => void;
}

/** The typed fields of a row: its column's heading, the row's field, the input's kind. */
const TYPED_FIELDS: {
  header: string;
  field: 'sku' | 'price' | 'quantity';
  input: InputHTMLAttributes<HTMLInputElement>;
}[] = [
  { header: 'SKU', field: 'sku', input: {} },
  {
    header: 'Price',
    field: 'price',
    input: { type: 'number', inputMode: 'decimal', step: 'any', min: 0 },
  },
  { header: 'Stock', field: 'quantity', input: { type: 'number', inputMode: 'numeric', min: 0 } },
];

/**
 * The grid: one row per combination, kept or not, with its SKU, price, stock and photo. Each
 * control is labelled by its row (`Stock of S / Black`); on a phone each row is a card.
 */
export function VariantsTable({ productId, options, rows, onEdit, onPhoto }: VariantsTableProps) {
  const labelOf = (row: VariantRow) => rowLabel(options, row);
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
          <input
            className="form-control"
            {...input}
            aria-label={`${header} of ${labelOf(row)}`}
            value={row[field]}
            disabled={!row.keep}
            onChange={(event) => onEdit(index, { [field]: event.target.value })}
          />
        ),
      }),
    ),
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
