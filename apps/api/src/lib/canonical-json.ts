const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * JSON with every object's keys in one order, so that two values equal in content give the
 * same text whatever order their keys were written in (a cache key, for instance).
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(byKey))
      : field,
  );
