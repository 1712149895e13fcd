import mongoose from 'mongoose';
import { afterEach, vi } from 'vitest';
import { commandsTo } from '../../test/commands.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { KEPT_MS, readStore } from './repository.js';

const first = {
  name: 'First Shop',
  currency: 'eur',
  pricesIncludeTax: true,
  country: 'DE',
  returnWindowDays: 30,
  staffTwoFactorRequired: false,
};

const storedSettings = () =>
  mongoose.connection.collection<{ _id: string }>('store').findOne({ _id: 'store' });

afterEach(() => {
  vi.useRealTimers();
});

describe('the store settings as each process keeps them', () => {
  test('when 20 callers ask at once for settings kept longer than their time, then one read answers them all, and nothing is written', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const before = await storedSettings();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + KEPT_MS + 1);

    const { answer: answers, sent } = await commandsTo('store', () =>
      Promise.all(Array.from({ length: 20 }, () => readStore(first))),
    );

    expect(sent).toEqual(['findOne']);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.name).toBe('Ecommerce App');
    expect(await storedSettings()).toEqual(before);
  });
});
