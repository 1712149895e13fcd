import type { Collection, mongo } from 'mongoose';

/**
 * A model's collection as the driver sees it, typed by the documents as stored: for the reads
 * and writes on the path of every order, which pass ids and values in their stored types and so
 * need none of Mongoose's casting. Mongoose types `Model.collection` as its own wrapper, without
 * the documents' shape; this says once what each of those modules would otherwise cast.
 */
export const storedCollection = <Doc extends mongo.Document>(model: {
  collection: Collection;
}): mongo.Collection<Doc> => model.collection as unknown as mongo.Collection<Doc>;
