import mongoose from 'mongoose';

/**
 * What `work` answers, and the methods Mongoose sent to `collection` while it ran, in order
 * (`find`, `findOne`, `updateOne`, `bulkWrite`…): for the tests that count a path's commands.
 */
export async function commandsTo<T>(
  collection: string,
  work: () => Promise<T>,
): Promise<{ answer: T; sent: string[] }> {
  const sent: string[] = [];
  mongoose.set('debug', (to: string, method: string) => {
    if (to === collection) sent.push(method);
  });
  try {
    return { answer: await work(), sent };
  } finally {
    mongoose.set('debug', false);
  }
}
