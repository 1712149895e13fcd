import {
  listQuerySchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
} from '@shop/contracts';
import { type ErrorRequestHandler, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError, toAppError } from '../../lib/errors.js';
import { currentUser } from '../../lib/http.js';
import { perUserRateLimit } from '../../lib/rate-limits.js';
import { requireAdmin, requireSignIn } from './middleware.js';
import { listUsers, login, registerUser, updateProfile } from './use-cases.js';

export interface AuthRoutesOptions {
  jwtSecret: string;
  /** Login and register attempts allowed per client address in 15 minutes. */
  authRateLimit: number;
  /** Profile updates allowed per user in 15 minutes. */
  profileRateLimit: number;
}

/** The profile screen reads a refusal's reason from `error` as well as `message`. */
const reasonAlsoInErrorField: ErrorRequestHandler = (err, _req, _res, next) => {
  const appError = toAppError(err);
  next(
    appError.status >= 500
      ? err
      : new AppError(appError.status, appError.message, { error: appError.message }),
  );
};

export function authRoutes({ jwtSecret, authRateLimit, profileRateLimit }: AuthRoutesOptions) {
  const router = Router();
  const signedIn = requireSignIn(jwtSecret);
  const limiter = rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: authRateLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: {
      success: false,
      message: 'Too many attempts, please try again in 15 minutes',
    },
  });

  router.post('/register', limiter, async (req, res) => {
    const user = await registerUser(registerRequestSchema.parse(req.body));
    res.status(201).json({ success: true, message: 'User Register Successfully', user });
  });

  router.post('/login', limiter, async (req, res) => {
    const session = await login(loginRequestSchema.parse(req.body), jwtSecret);
    res.json({ success: true, message: 'login successfully', ...session });
  });

  router.get('/user-auth', signedIn, (_req, res) => {
    res.json({ ok: true });
  });

  router.get('/admin-auth', signedIn, requireAdmin, (_req, res) => {
    res.json({ ok: true });
  });

  router.put('/profile', signedIn, perUserRateLimit(profileRateLimit), async (req, res) => {
    const changes = profileUpdateRequestSchema.parse(req.body);
    const updated = await updateProfile(currentUser(req)._id, changes, jwtSecret);
    res.json({ success: true, message: 'Profile Updated Successfully', ...updated });
  });
  router.use('/profile', reasonAlsoInErrorField);

  router.get('/all-users', signedIn, requireAdmin, async (req, res) => {
    res.json({ success: true, ...(await listUsers(listQuerySchema().parse(req.query))) });
  });

  return { router, signedIn };
}
