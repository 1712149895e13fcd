import type { Product, ProductPhotoMeta } from '@shop/contracts';
import { useSubmit } from '../../../../lib/use-form';
import { ProductPhoto } from '../../../products';
import { refusalOf } from '../../shared/outcome';
import { variantWrites } from './api';
import type { VariantRow } from './grid';
import { VARIANTS_TEXTS } from './texts';

interface VariantPhotoCellProps {
  productId: string;
  row: VariantRow;
  label: string;
  onPhoto: (variantId: string, photo: ProductPhotoMeta | null) => void;
}

const photoOf = (product: Product, variantId: string) =>
  product.variants.find((v) => v._id === variantId)?.photo ?? null;

/**
 * A saved variant's own photo: uploaded or removed at once, by the variant's id. A new variant
 * has no id until the grid is saved; a product without options shows its own photo.
 */
export function VariantPhotoCell({ productId, row, label, onPhoto }: VariantPhotoCellProps) {
  const variantId = row._id;
  const send = useSubmit(variantWrites.photo(productId), {
    onSuccess: ({ product }, { variantId: id }) => onPhoto(id, photoOf(product, id)),
    onFailure: (err) => refusalOf(err) || VARIANTS_TEXTS.photoFailed,
  });

  if (Object.keys(row.values).length === 0) {
    return <span className="variant-hint">{VARIANTS_TEXTS.productPhoto}</span>;
  }
  if (!variantId) return <span className="variant-hint">{VARIANTS_TEXTS.newVariantPhoto}</span>;
  return (
    <div className="variant-photo">
      {row.photo && (
        <ProductPhoto
          productId={variantId}
          name={`Photo of ${label}`}
          photo={row.photo}
          size="thumb"
          className="variant-photo-thumb"
        />
      )}
      <label className="btn btn-outline variant-photo-upload">
        {row.photo ? 'Change' : 'Upload'}
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label={`Photo of ${label}`}
          disabled={send.busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send.run({ variantId, file });
          }}
        />
      </label>
      {row.photo && (
        <button
          type="button"
          className="btn btn-outline"
          aria-label={`Remove photo of ${label}`}
          disabled={send.busy}
          onClick={() => void send.run({ variantId, file: null })}
        >
          Remove
        </button>
      )}
    </div>
  );
}
