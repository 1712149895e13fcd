import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { toAppError } from './errors.js';

const UNAVAILABLE = 'The shop is temporarily unavailable, please try again in a moment';

describe('errors of an unreachable database', () => {
  it.each([
    ['a lost connection', new mongoose.mongo.MongoNetworkError('connection 3 closed')],
    [
      'a server selection that gave up while connecting',
      new mongoose.Error.MongooseServerSelectionError('Server selection timed out after 1500 ms'),
    ],
    ['a client that is not connected', new mongoose.mongo.MongoNotConnectedError('not connected')],
    [
      "mongoose's buffer timing out",
      new mongoose.Error('Operation `users.findOne()` buffering timed out after 1500ms'),
    ],
    [
      'a socket error the driver lets through',
      Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }),
    ],
  ])('when the error is %s, then 503 with a message a person can act on', (_case, err) => {
    const appError = toAppError(err);
    expect(appError.status).toBe(503);
    expect(appError.message).toBe(UNAVAILABLE);
  });

  it('when the error is any other failure, then it stays a 500', () => {
    expect(toAppError(new Error('boom')).status).toBe(500);
    expect(toAppError(new mongoose.Error('something else')).status).toBe(500);
  });
});
