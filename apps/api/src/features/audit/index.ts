/** The audit log's public module: its recorder (which app.ts gives the routes) and sign-ins. */

export { recordAudit } from './record.js';
export { auditRoutes } from './routes.js';
export { recordSignIn, type SignInAttempt } from './sign-ins.js';
