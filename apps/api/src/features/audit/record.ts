import { isAdmin, type User } from '@shop/contracts';
import type { AuditEntry } from '@shop/contracts/audit';
import type { Request, RequestHandler } from 'express';
import type { AuditTrail } from '../../lib/route.js';
import { changedFields } from './changes.js';
import { appendAuditEntry } from './repository.js';

/** Who did it, as the entry keeps it. */
export const actorOf = ({ _id, name, staffRole }: User): NonNullable<AuditEntry['actor']> => ({
  _id,
  name,
  staffRole: staffRole ?? null,
});

/** The reason a write was given (refunds and price changes require one). */
const reasonOf = (req: Request) => {
  const reason: unknown = req.body?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? { reason: reason.trim() } : {};
};

/**
 * Records a staff account's write in the audit log: reads its target before the handler runs,
 * and, when the handler answers with success, reads it again and appends what changed before the
 * answer goes out (so whoever reads the log next finds it). A route that is not only for staff
 * (turning two-factor sign-in on) is recorded for staff accounts alone.
 */
export const recordAudit =
  (trail: AuditTrail): RequestHandler =>
  async (req, res, next) => {
    const { user } = req;
    if (!user || !isAdmin(user)) return next();
    const targetId = trail.target(req);
    const was = targetId ? await trail.load(targetId) : null;
    const answer = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 300) return answer(body);
      const id = trail.target(req, body) ?? targetId;
      appendChange(id, was)
        .catch((error: unknown) => req.log.error({ err: error }, `audit: ${trail.action} not kept`))
        .finally(() => answer(body));
      return res;
    };
    const appendChange = async (
      id: string | undefined,
      was: Awaited<ReturnType<typeof trail.load>>,
    ) => {
      const is = id ? await trail.load(id) : null;
      const named = is ?? was;
      await appendAuditEntry({
        at: new Date(),
        actor: actorOf(user),
        ip: req.ip ?? '',
        action: trail.action,
        target: { type: trail.type, _id: id ?? null, label: named ? trail.label(named) : '' },
        ...changedFields(was, is),
        ...reasonOf(req),
      });
    };
    next();
  };
