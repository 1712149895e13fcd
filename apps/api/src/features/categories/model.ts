import mongoose, { type InferSchemaType } from 'mongoose';

const categorySchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, lowercase: true },
  },
  { timestamps: true },
);
categorySchema.index({ slug: 1 }, { unique: true });
categorySchema.index({ name: 1 });

export type CategoryDoc = InferSchemaType<typeof categorySchema> & { _id: mongoose.Types.ObjectId };
export const CategoryModel = mongoose.model('categories', categorySchema);

export const toCategory = (c: Pick<CategoryDoc, '_id' | 'name' | 'slug'>) => ({
  _id: String(c._id),
  name: c.name,
  slug: c.slug,
});
