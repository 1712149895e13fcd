import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../test/api-server';
import { makeCategory, makeProduct, replies } from '../../../test/fixtures';
import {
  api,
  expectLoadFailureShown,
  expectNoProblemsShown,
  expectProblemsShown,
  findToast,
  PRODUCTS_PAGE,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { CreateProductPanel } from './CreateProductPanel';

setupAdminTests();

const CREATE = '/api/v1/product/create-product';
const home = makeCategory('Home');
const garden = makeCategory('Garden');
const photo = new File([new Uint8Array([137, 80, 78, 71])], 'lamp.png', { type: 'image/png' });

async function openForm() {
  api.on('GET', '/api/v1/category/get-category', replies.categories([home, garden]));
  renderScreen(<CreateProductPanel />, '/dashboard/admin/create-product');
  await screen.findByLabelText('Category');
  return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Category'), 'Garden');
  await user.upload(screen.getByLabelText('Upload Photo'), photo);
  await user.type(screen.getByLabelText('Name'), 'Watering Can');
  await user.type(screen.getByLabelText('Description'), 'Holds five litres');
  await user.type(screen.getByLabelText('Price'), '12.5');
  await user.type(screen.getByLabelText('Quantity'), '7');
  await user.selectOptions(screen.getByLabelText('Shipping'), 'Yes');
}

describe('Create Product', () => {
  it('when the form opens, then every field is labelled, numbers are numeric and the photo input takes images only', async () => {
    await openForm();

    expect(screen.getByRole('heading', { name: 'Create Product' })).toBeVisible();
    const categories = screen.getByLabelText('Category');
    expect([...(categories as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Select a category',
      'Home',
      'Garden',
    ]);
    expect(screen.getByLabelText('Upload Photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Price')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('type', 'number');
    const shipping = screen.getByLabelText('Shipping') as HTMLSelectElement;
    expect([...shipping.options].map((o) => [o.text, o.value])).toEqual([
      ['Select Shipping', ''],
      ['Yes', '1'],
      ['No', '0'],
    ]);
    expect(screen.getByRole('button', { name: 'CREATE PRODUCT' })).toBeEnabled();
  });

  it('when the shop named a tax class of its own, then the form offers it beside the built-in ones, standard first and chosen', async () => {
    api.on(
      'GET',
      '/api/v1/tax',
      replies.taxSettings([{ country: 'FR', class: 'books', rate: 0.055 }]),
    );
    await openForm();

    const classes = screen.getByLabelText('Tax class') as HTMLSelectElement;
    await waitFor(() =>
      expect([...classes.options].map((o) => o.value)).toEqual([
        'standard',
        'reduced',
        'zero',
        'books',
      ]),
    );
    expect(classes).toHaveValue('standard');
    expect(screen.getByLabelText('Weight (grams)')).toHaveValue(0);
  });

  it('when a photo is chosen, then the upload label shows its name and a preview of it appears', async () => {
    const user = await openForm();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Upload Photo'), photo);

    expect(screen.getByLabelText('lamp.png')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('img', { name: 'Preview of the chosen file' })).toHaveAttribute(
      'src',
      'blob:preview-lamp.png',
    );
  });

  it('when the form is sent, then a multipart POST carries every field, shipping and the photo, and success goes to the products list', async () => {
    const user = await openForm();
    const reply = deferred();
    api.on('POST', CREATE, reply.reply);

    await fillIn(user);
    await user.clear(screen.getByLabelText('Weight (grams)'));
    await user.type(screen.getByLabelText('Weight (grams)'), '850');
    await user.selectOptions(screen.getByLabelText('Tax class'), 'reduced');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(screen.getByRole('button', { name: 'CREATE PRODUCT' })).toBeDisabled();
    const [request] = api.requestsTo('POST', CREATE);
    // The multipart body as the server reads it (jsdom's XMLHttpRequest names each file 'blob').
    const form = request?.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'photo'))).toEqual({
      category: garden._id,
      name: 'Watering Can',
      description: 'Holds five litres',
      price: '12.5',
      quantity: '7',
      shipping: '1',
      weight: '850',
      taxClass: 'reduced',
    });
    expect(form.get('photo')).toMatchObject({ type: photo.type, size: photo.size });

    reply.release({
      status: 201,
      body: { success: true, message: 'created', product: makeProduct('Watering Can') },
    });
    expect(await findToast('Product Created Successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: PRODUCTS_PAGE })).toBeVisible();
  });

  it('when three fields are wrong, then each says so beside it, a focused summary at the top links to each, and nothing is sent', async () => {
    const user = await openForm();
    api.on('POST', CREATE, replies.refused(500, 'not expected'));

    await user.selectOptions(screen.getByLabelText('Category'), 'Garden');
    await user.type(screen.getByLabelText('Description'), 'Holds five litres');
    await user.type(screen.getByLabelText('Price'), '-3');
    await user.type(screen.getByLabelText('Quantity'), '7');
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    await expectProblemsShown([
      { label: 'Upload Photo', message: 'Photo is required' },
      { label: 'Name', message: 'Name is required' },
      { label: 'Price', message: 'Price must not be negative' },
    ]);
    expect(api.requestsTo('POST', CREATE)).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Price must not be negative' }));
    expect(screen.getByLabelText('Price')).toHaveFocus();
  });

  it('when the fields are put right, then the problems go and the product is sent', async () => {
    const user = await openForm();
    api.on('POST', CREATE, {
      status: 201,
      body: { success: true, message: 'created', product: makeProduct('Watering Can') },
    });
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));
    await screen.findByRole('region', { name: /problems/ });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(await findToast('Product Created Successfully')).toBeInTheDocument();
    expect(api.requestsTo('POST', CREATE)).toHaveLength(1);
  });

  it('when the server lists problems, then its message is toasted and each problem shows beside its field and in the summary', async () => {
    const user = await openForm();
    api.on(
      'POST',
      CREATE,
      replies.invalid([
        { field: 'category', message: 'Category does not exist' },
        { field: 'taxClass', message: 'Tax class books is not one of the shop’s' },
      ]),
    );

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(await findToast('Category does not exist')).toBeInTheDocument();
    await expectProblemsShown([
      { label: 'Category', message: 'Category does not exist' },
      { label: 'Tax class', message: 'Tax class books is not one of the shop’s' },
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('Watering Can');
    expect(screen.getByRole('button', { name: 'CREATE PRODUCT' })).toBeEnabled();
  });

  it('when the server refuses without a message, then the failed-to-create text is toasted', async () => {
    const user = await openForm();
    api.on('POST', CREATE, { status: 409 });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(await findToast('Failed to create product')).toBeInTheDocument();
    expectNoProblemsShown();
  });

  it('when creating fails on the network, then the thrown-error text is toasted', async () => {
    const user = await openForm();
    api.on('POST', CREATE, 'network-error');

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(await findToast('Something went wrong while creating the product')).toBeInTheDocument();
  });

  it('when the categories cannot be fetched, then the category text is toasted and shown in place', async () => {
    api.on('GET', '/api/v1/category/get-category', 'network-error');
    renderScreen(<CreateProductPanel />, '/dashboard/admin/create-product');

    await expectLoadFailureShown('Something went wrong while fetching categories');
  });
});
