import { errorResponseSchema, orderResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';
import { catchMailOfFile, waitForEmptyMailOutbox } from '../../test/mail-sender.js';
import { mailsTo } from '../../test/mail-server.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { findStoredOrder } from './repository/reads.js';

const caught = catchMailOfFile();

const UPS_NUMBER = '1Z 999 AA1 0123456784';
const UPS_LINK = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';

/** A paid order of the buyer, straight in the database, `Processing`; its id and number. */
async function processingOrderOf(buyer: string) {
  const orderId = await makeOrder({
    buyer,
    products: [await makeOrderedProduct()],
    status: 'Processing',
  });
  const stored = await findStoredOrder(orderId);
  if (!stored) throw new Error('the order was not written');
  return { orderId, number: stored.number };
}

describe('PUT /api/v1/auth/order-status/{orderId} with a shipment', () => {
  test('when an admin sets Shipped with UPS and a number, then the answer, the buyer’s order and its timeline carry them with the tracking link', async ({
    api,
    admin,
    user,
  }) => {
    const { orderId, number } = await processingOrderOf(user.id);

    const res = await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped', carrier: ' UPS ', trackingNumber: UPS_NUMBER });

    expect(res.status).toBe(200);
    const tracking = { carrier: 'UPS', trackingNumber: UPS_NUMBER, trackingUrl: UPS_LINK };
    expect(orderResponseSchema.parse(res.body).order).toMatchObject({
      status: 'Shipped',
      ...tracking,
    });
    const read = await api
      .get(`/api/v1/auth/orders/${number}`)
      .set('Authorization', user.token)
      .expect(200);
    const { order } = orderResponseSchema.parse(read.body);
    expect(order).toMatchObject(tracking);
    expect(order.timeline?.at(-1)).toMatchObject({
      event: 'status',
      status: 'Shipped',
      carrier: 'UPS',
      trackingNumber: UPS_NUMBER,
    });
  });

  test('when the carrier is one we do not know, then the number is carried without a link', async ({
    api,
    admin,
    user,
  }) => {
    const { orderId } = await processingOrderOf(user.id);

    const res = await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped', carrier: 'Bike Couriers Ltd', trackingNumber: 'BC-42' })
      .expect(200);

    const { order } = orderResponseSchema.parse(res.body);
    expect(order).toMatchObject({ carrier: 'Bike Couriers Ltd', trackingNumber: 'BC-42' });
    expect(order.trackingUrl).toBeUndefined();
  });

  test('when Shipped is set without a carrier or number (empty fields), then the order carries none', async ({
    api,
    admin,
    user,
  }) => {
    const { orderId } = await processingOrderOf(user.id);

    const res = await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped', carrier: '' })
      .expect(200);

    const { order } = orderResponseSchema.parse(res.body);
    expect(order.status).toBe('Shipped');
    expect(order).not.toHaveProperty('carrier');
    expect(order).not.toHaveProperty('trackingNumber');
    expect(order.timeline?.at(-1)).not.toHaveProperty('carrier');
  });

  test.for([
    ['a carrier of 41 characters', { carrier: 'C'.repeat(41), trackingNumber: 'AB1' }, /Carrier/],
    ['an empty tracking number', { carrier: 'UPS', trackingNumber: '  ' }, /Tracking number/],
    ['a tracking number of 61 characters', { trackingNumber: '9'.repeat(61) }, /Tracking number/],
    ['a tracking number with a slash', { trackingNumber: '1Z/../x' }, /Tracking number/],
    ['a tracking number with markup', { trackingNumber: '<b>1Z</b>' }, /Tracking number/],
    ['an operator object as the number', { trackingNumber: { $gt: '' } }, /trackingNumber/],
    ['a number as the carrier', { carrier: 42 }, /carrier/],
    [
      'a tracking number with another status',
      { status: 'deliverd', trackingNumber: 'AB1' },
      /Shipped/,
    ],
  ] as const)(
    'when the body has %s, then 400 and nothing changes',
    async ([, shipment, message], { api, admin, user }) => {
      const { orderId } = await processingOrderOf(user.id);
      const before = await findStoredOrder(orderId);

      const res = await api
        .put(`/api/v1/auth/order-status/${orderId}`)
        .set('Authorization', admin.token)
        .send({ status: 'Shipped', ...shipment });

      expect(res.status).toBe(400);
      expect(errorResponseSchema.parse(res.body).message).toMatch(message);
      const after = await findStoredOrder(orderId);
      expect(after?.status).toBe('Processing');
      expect(after?.timeline).toEqual(before?.timeline);
      expect(after?.events).toEqual(before?.events);
    },
  );

  test('when a buyer who is no admin sends a shipment, then 403 and nothing changes', async ({
    api,
    user,
  }) => {
    const { orderId } = await processingOrderOf(user.id);

    const res = await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', user.token)
      .send({ status: 'Shipped', carrier: 'UPS', trackingNumber: UPS_NUMBER });

    expect(res.status).toBe(403);
    const after = await findStoredOrder(orderId);
    expect(after?.status).toBe('Processing');
    expect(after?.timeline.some((entry) => entry.trackingNumber)).toBe(false);
  });
});

describe('the Shipped e-mail', () => {
  test('when an admin ships with Royal Mail and a number, then the buyer is e-mailed once, the number and its link in the text and the HTML', async ({
    api,
    admin,
    user,
  }) => {
    const { orderId, number } = await processingOrderOf(user.id);
    const ship = () =>
      api
        .put(`/api/v1/auth/order-status/${orderId}`)
        .set('Authorization', admin.token)
        .send({ status: 'Shipped', carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' })
        .expect(200);

    await ship();
    await ship();
    await waitForEmptyMailOutbox();

    const link = 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB';
    const shipped = mailsTo(caught.mails(), user.email).filter(
      (mail) => mail.subject === `Order #${number}: Shipped`,
    );
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.text).toContain(
      ['Carrier: Royal Mail', 'Tracking number: AB123456789GB', `Track your parcel: ${link}`].join(
        '\n',
      ),
    );
    expect(shipped[0]?.html).toContain(`<a href="${link}">${link}</a>`);
  });

  test('when another status is set, then its e-mail tells of no shipment', async ({
    api,
    admin,
    user,
  }) => {
    const { orderId, number } = await processingOrderOf(user.id);

    await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'deliverd' })
      .expect(200);
    await waitForEmptyMailOutbox();

    const [delivered] = mailsTo(caught.mails(), user.email).filter(
      (mail) => mail.subject === `Order #${number}: deliverd`,
    );
    expect(delivered?.text).not.toContain('Tracking number');
  });
});
