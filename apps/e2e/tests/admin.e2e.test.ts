import { crc32, deflateSync } from 'node:zlib';
import { pixelDifference } from '@shop/api/testing';
import {
  categoryListResponseSchema,
  ORDER_STATUSES,
  productListResponseSchema,
  productResponseSchema,
} from '@shop/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN, SEED_USER } from '../support/accounts';
import { baseUrl, checkScreen, errorsOf, login, openPage, PHONE } from '../support/browser';

/** A tiny but real PNG (solid colour), built here so the test needs no fixture file. */
function tinyPng(size = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x3c)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits for a toast reading exactly `text` (react-hot-toast marks each as a live region). */
async function expectToast(page: Page, text: string) {
  const pattern = new RegExp(`^${escapeRegExp(text)}$`);
  await page.locator('[role="status"]').filter({ hasText: pattern }).first().waitFor();
}

async function adminPage(viewport?: { width: number; height: number }) {
  const page = await openPage(viewport);
  await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
  return page;
}

/** The screen is checked by axe and photographed once its main heading is there. */
/** An admin screen, once its title is in. */
async function checkAdminScreen(page: Page, name: string, options?: { phone: boolean }) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await checkScreen(page, name, options);
}

/** Sends the product form; the admin sees the toast and is back on the product list. */
async function saveProductForm(page: Page, button: string, toast: string) {
  await page.getByRole('button', { name: button }).click();
  await expectToast(page, toast);
  await page.waitForURL('**/dashboard/admin/products');
}

/** The product as the API now serves it to shoppers. */
const savedProduct = async (slug: string) =>
  productResponseSchema.parse((await getJson(`/api/v1/product/get-product/${slug}`)).body).product;

const getJson = async (path: string) => {
  const response = await fetch(`${baseUrl()}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('admin screens in the browser', () => {
  it('when the seed admin opens the dashboard, then the Admin Panel menu and their name, email and phone show', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/admin');

    await page.getByRole('heading', { name: `Admin Name : ${SEED_ADMIN.name}` }).waitFor();
    await page.getByText(`Admin Email : ${SEED_ADMIN.email}`).waitFor();
    await page.getByText('Admin Contact : 555-0100').waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin Panel' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Create Category',
      'Create Product',
      'Products',
      'Import',
      'Orders',
      'Returns',
      'Users',
      'Shipping',
      'Taxes',
      'Store',
      'Discounts',
      'Reviews',
      'Staff',
    ]);
    await checkAdminScreen(page, 'admin-dashboard');

    await menu.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/dashboard/admin/users');
    expect(errorsOf(page)).toEqual([]);
  });

  it('when a category is created, renamed in the modal and deleted, then each step is toasted and the list follows', async () => {
    const page = await adminPage();
    const name = `E2E Garden ${unique()}`;
    const renamed = `${name} Renamed`;
    await page.goto('/dashboard/admin/create-category');
    await expect.poll(() => page.title()).toBe('Dashboard - Create Category - Ecommerce App');

    await page.getByPlaceholder('Enter new category').fill(name);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, `${name} is created`);
    await page.getByRole('cell', { name, exact: true }).waitFor();
    await checkAdminScreen(page, 'admin-create-category');

    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Category' });
    expect(await dialog.getByLabel('Category name').inputValue()).toBe(name);
    await checkAdminScreen(page, 'admin-category-edit-modal');
    await dialog.getByLabel('Category name').fill(renamed);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, `${renamed} is updated`);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: renamed, exact: true }).waitFor();

    await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
    await expectToast(page, 'category is deleted');
    await page.getByRole('cell', { name: renamed, exact: true }).waitFor({ state: 'detached' });
    const { body } = await getJson('/api/v1/category/get-category');
    const names = categoryListResponseSchema.parse(body).category.map((c) => c.name);
    expect(names).not.toContain(name);
    expect(names).not.toContain(renamed);
    expect(errorsOf(page)).toEqual([]);
  });

  it('when a product is created with a photo, edited and deleted, then the list, the photo and the API follow each step', async () => {
    const page = await adminPage();
    const name = `E2E Lamp ${unique()}`;
    const photo = tinyPng();
    await page.goto('/dashboard/admin/create-product');

    const category = page.getByLabel('Category');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });
    await page.getByLabel('Upload Photo').setInputFiles({
      name: 'e2e-lamp.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await page.getByRole('img', { name: 'Preview of the chosen file' }).waitFor();
    await page.getByText('e2e-lamp.png').waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('A lamp made by the admin end-to-end test.');
    await page.getByLabel('Price').fill('12.5');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Shipping').selectOption('Yes');
    await checkAdminScreen(page, 'admin-create-product');
    await saveProductForm(page, 'CREATE PRODUCT', 'Product Created Successfully');

    const card = page.getByRole('link', { name: new RegExp(escapeRegExp(name)) });
    await card.waitFor();
    await checkAdminScreen(page, 'admin-products');
    const slug = ((await card.getAttribute('href')) ?? '').split('/').pop() ?? '';
    const created = await savedProduct(slug);
    expect({
      price: created.price,
      quantity: created.quantity,
      shipping: created.shipping,
    }).toEqual({
      price: 12.5,
      quantity: 3,
      shipping: 1,
    });
    const served = await fetch(`${baseUrl()}/api/v1/product/product-photo/${created._id}`);
    expect(await pixelDifference(Buffer.from(await served.arrayBuffer()), photo)).toBe(0);

    await card.click();
    await page.waitForURL(`**/dashboard/admin/product/${slug}`);
    const nameField = page.getByLabel('Name', { exact: true });
    await expect.poll(() => nameField.inputValue()).toBe(name);
    expect(await page.getByLabel('Shipping').inputValue()).toBe('1');
    await page.getByRole('img', { name }).waitFor();
    await page.getByLabel('Price').fill('19.99');
    await page.getByLabel('Shipping').selectOption('No');
    await checkAdminScreen(page, 'admin-update-product');
    await saveProductForm(page, 'UPDATE PRODUCT', 'Product Updated Successfully');
    const updated = await savedProduct(slug);
    expect({ price: updated.price, shipping: updated.shipping }).toEqual({
      price: 19.99,
      shipping: 0,
    });

    await page.getByRole('link', { name: new RegExp(escapeRegExp(name)) }).click();
    await page.getByRole('button', { name: 'DELETE PRODUCT' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.getByRole('heading').textContent()).toBe(
      'Are You Sure want to delete this product ? ',
    );
    await checkAdminScreen(page, 'admin-delete-product-confirm');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Product DEleted Succfully');
    await page.waitForURL('**/dashboard/admin/products');
    await page.getByRole('heading', { name: 'All Products List' }).waitFor();
    expect((await getJson(`/api/v1/product/get-product/${slug}`)).status).toBe(404);
    expect(errorsOf(page)).toEqual([]);
  });

  it('when an admin gives a new product sizes and colours, then six variants are saved, a stock edit follows, and shoppers are served them', async () => {
    const page = await adminPage();
    const name = `E2E Tee ${unique()}`;
    await page.goto('/dashboard/admin/create-product');
    const category = page.getByLabel('Category');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });
    await page.getByLabel('Upload Photo').setInputFiles({
      name: 'e2e-tee.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page
      .getByLabel('Description')
      .fill('A T-shirt the admin end-to-end test sells in variants.');
    await page.getByLabel('Price').fill('20');
    await page.getByLabel('Quantity').fill('1');
    await saveProductForm(page, 'CREATE PRODUCT', 'Product Created Successfully');
    const card = page.getByRole('link', { name: new RegExp(escapeRegExp(name)) });
    const slug = ((await card.getAttribute('href')) ?? '').split('/').pop() ?? '';
    await card.click();

    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 1 name').fill('Size');
    await page.getByLabel('Option 1 values').fill('S, M, L');
    await page.getByLabel('Option 1 values').press('Enter');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 2 name').fill('Colour');
    await page.getByLabel('Option 2 values').fill('Black, White');
    await page.getByLabel('Option 2 values').press('Enter');
    expect(await page.getByRole('rowheader').allTextContents()).toEqual([
      'S / Black',
      'S / White',
      'M / Black',
      'M / White',
      'L / Black',
      'L / White',
    ]);
    await page.getByLabel('Select every variant').check();
    await page.getByLabel('Stock for selected').fill('4');
    await page.getByRole('button', { name: 'Set for selected' }).click();
    await checkAdminScreen(page, 'admin-variants');
    await page.getByRole('button', { name: 'SAVE VARIANTS' }).click();
    await expectToast(page, 'Variants Updated Successfully');
    const variantPhoto = tinyPng(12);
    await page.getByLabel('Photo of M / Black', { exact: true }).setInputFiles({
      name: 'm-black.png',
      mimeType: 'image/png',
      buffer: variantPhoto,
    });
    await page.getByRole('img', { name: 'Photo of M / Black' }).waitFor();

    await page.getByLabel('Stock of M / Black', { exact: true }).fill('9');
    // The first save's toast may still show: wait for this save's own answer.
    const saving = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && /product-variants/.test(response.url()),
    );
    await page.getByRole('button', { name: 'SAVE VARIANTS' }).click();
    expect((await saving).status()).toBe(200);

    const served = await savedProduct(slug);
    const stockOf = Object.fromEntries(
      served.variants.map((v) => [`${v.options.Size} / ${v.options.Colour}`, v.quantity]),
    );
    expect(stockOf).toEqual({
      'S / Black': 4,
      'S / White': 4,
      'M / Black': 9,
      'M / White': 4,
      'L / Black': 4,
      'L / White': 4,
    });
    expect(served.variants.map((v) => v.sku)).toContain(`${slug.toUpperCase()}-M-BLACK`);
    expect({ price: served.price, quantity: served.quantity }).toEqual({ price: 20, quantity: 29 });
    const mBlack = served.variants.find((v) => v.sku.endsWith('-M-BLACK'));
    const photo = await fetch(`${baseUrl()}/api/v1/product/product-photo/${mBlack?._id}`);
    expect(await pixelDifference(Buffer.from(await photo.arrayBuffer()), variantPhoto)).toBe(0);

    // The newest product heads the products table, which the seed's 42 make the default view.
    await page.goto('/dashboard/admin/products');
    await page
      .getByRole('row', { name: new RegExp(escapeRegExp(name)) })
      .getByRole('cell', { name: '6 variants' })
      .waitFor();

    const phone = await adminPage(PHONE);
    await phone.goto(`/dashboard/admin/product/${slug}`);
    await phone.getByLabel('Stock of M / Black', { exact: true }).waitFor();
    expect(await phone.getByLabel('Stock of M / Black', { exact: true }).inputValue()).toBe('9');
    await checkAdminScreen(phone, 'admin-variants-phone', { phone: true });

    // The shopper and checkout files count and buy the seeded catalogue: leave it as it was.
    await page.goto(`/dashboard/admin/product/${slug}`);
    await page.getByRole('button', { name: 'DELETE PRODUCT' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Product DEleted Succfully');
    expect((await getJson(`/api/v1/product/get-product/${slug}`)).status).toBe(404);
    expect([...errorsOf(page), ...errorsOf(phone)]).toEqual([]);
  });

  it("when an admin changes an order's status, then it is toasted and still chosen after a reload", async () => {
    const page = await adminPage();
    await page.goto('/dashboard/admin/orders');
    const select = () => page.getByRole('combobox', { name: 'Status of order 1' });
    await select().waitFor();
    const before = await select().inputValue();
    const next = ORDER_STATUSES.find((status) => status !== before) ?? 'Shipped';

    await checkAdminScreen(page, 'admin-orders');
    await select().selectOption(next);
    await page.getByRole('dialog').getByRole('button', { name: 'Change status' }).click();
    await expectToast(page, 'Order status updated');

    await page.reload();
    await select().waitFor();
    expect(await select().inputValue()).toBe(next);
    expect(errorsOf(page)).toEqual([]);
  });

  it('when an admin opens All Users, then the seed accounts are listed with their roles', async () => {
    const page = await adminPage();
    await page.goto('/dashboard/admin/users');

    const adminRow = page.getByRole('row').filter({ hasText: SEED_ADMIN.email });
    const userRow = page.getByRole('row').filter({ hasText: SEED_USER.email });
    await adminRow.waitFor();
    expect(await adminRow.getByRole('cell').last().textContent()).toBe('Admin');
    expect(await userRow.getByRole('cell').last().textContent()).toBe('User');
    expect(await page.content()).not.toMatch(/\$2[aby]\$/);
    await checkAdminScreen(page, 'admin-users');
  });

  it('when each admin screen is opened on a 375px phone, then nothing overflows sideways and axe finds nothing serious', async () => {
    const page = await adminPage(PHONE);
    const { products } = productListResponseSchema.parse(
      (await getJson('/api/v1/product/get-product')).body,
    );
    const screens = {
      dashboard: '/dashboard/admin',
      'create-category': '/dashboard/admin/create-category',
      'create-product': '/dashboard/admin/create-product',
      products: '/dashboard/admin/products',
      'update-product': `/dashboard/admin/product/${products[0]?.slug}`,
      users: '/dashboard/admin/users',
      orders: '/dashboard/admin/orders',
      shipping: '/dashboard/admin/shipping',
      taxes: '/dashboard/admin/taxes',
      store: '/dashboard/admin/store',
      discounts: '/dashboard/admin/discounts',
      reviews: '/dashboard/admin/reviews',
    };
    for (const [name, path] of Object.entries(screens)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await checkAdminScreen(page, `admin-${name}-phone`, { phone: true });
    }
    expect(errorsOf(page)).toEqual([]);
  });
});
