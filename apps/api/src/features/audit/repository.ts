import { type ListQuery, pageOffset } from '@shop/contracts';
import type { AuditEntry, AuditFilter } from '@shop/contracts/audit';
import { type AuditDoc, AuditModel } from './model.js';

/**
 * The audit log as stored: appended to, read by filters, and nothing else. No function here
 * updates or deletes an entry, and none may be added: the log answers "who changed this".
 */

export type NewAuditEntry = Omit<AuditEntry, '_id' | 'at'> & { at: Date };

export async function appendAuditEntry({ before, after, ...entry }: NewAuditEntry) {
  await AuditModel.create({
    ...entry,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
  });
}

const parsed = (json: string | null) => (json === null ? null : JSON.parse(json));

const toEntry = (doc: AuditDoc): AuditEntry => ({
  _id: String(doc._id),
  at: doc.at.toISOString(),
  actor: doc.actor
    ? {
        _id: doc.actor._id,
        name: doc.actor.name ?? '',
        staffRole: (doc.actor.staffRole ?? null) as NonNullable<AuditEntry['actor']>['staffRole'],
      }
    : null,
  ip: doc.ip,
  action: doc.action,
  target: {
    type: doc.target.type as AuditEntry['target']['type'],
    _id: doc.target._id ?? null,
    label: doc.target.label ?? '',
  },
  before: parsed(doc.before),
  after: parsed(doc.after),
  ...(doc.reason === undefined || doc.reason === null ? {} : { reason: doc.reason }),
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** A bare day: `from` at its start, `to` at its end (UTC). */
const isDay = (text: string) => text.length === 10;

function selectionOf({ actor, type, target, from, to }: AuditFilter) {
  const at = {
    ...(from ? { $gte: new Date(from) } : {}),
    ...(to ? { $lt: new Date(Date.parse(to) + (isDay(to) ? DAY_MS : 1)) } : {}),
  };
  return {
    ...(actor ? { 'actor._id': actor } : {}),
    ...(type ? { 'target.type': type } : {}),
    ...(target ? { 'target._id': target } : {}),
    ...(from || to ? { at } : {}),
  };
}

const NEWEST_FIRST = { at: -1, _id: -1 } as const;

/** One page of the entries the filter selects, newest first, and how many it selects. */
export async function findAuditEntries(filter: AuditFilter, query: ListQuery) {
  const selection = selectionOf(filter);
  const [docs, total] = await Promise.all([
    AuditModel.find(selection)
      .sort(NEWEST_FIRST)
      .skip(pageOffset(query))
      .limit(query.perPage)
      .lean<AuditDoc[]>(),
    AuditModel.countDocuments(selection),
  ]);
  return { entries: docs.map(toEntry), total };
}

/** Every entry the filter selects, newest first, one at a time (the CSV export). */
export async function* streamAuditEntries(filter: AuditFilter): AsyncGenerator<AuditEntry> {
  for await (const doc of AuditModel.find(selectionOf(filter))
    .sort(NEWEST_FIRST)
    .lean<AuditDoc>()
    .cursor()) {
    yield toEntry(doc as AuditDoc);
  }
}
