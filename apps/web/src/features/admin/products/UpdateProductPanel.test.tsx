import { photoRenditionUrl } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, replies } from '../../../test/fixtures';
import {
  api,
  expectProblemsShown,
  findToast,
  PRODUCTS_PAGE,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { UpdateProductPanel } from './UpdateProductPanel';

setupAdminTests();
// The update screen lists the product's reviews below its form.
beforeEach(() => api.on('GET', '/api/v1/product/:productId/reviews/all', replies.reviews()));

const home = makeCategory('Home');
const garden = makeCategory('Garden');
const lamp = makeProduct('Desk Lamp', {
  description: 'A lamp for the desk',
  category: home,
  shipping: 0,
  price: 25,
  quantity: 4,
});
const UPDATE = `/api/v1/product/update-product/${lamp._id}`;
const DELETE = `/api/v1/product/product/${lamp._id}`;
const QUESTION = 'Are You Sure want to delete this product ? ';

async function openProduct() {
  api.on('GET', '/api/v1/category/get-category', replies.categories([home, garden]));
  api.on('GET', `/api/v1/product/get-product/${lamp.slug}`, {
    status: 200,
    body: { success: true, message: 'Single Product Fetched', product: lamp },
  });
  renderScreen(<UpdateProductPanel slug={lamp.slug} />, `/dashboard/admin/product/${lamp.slug}`);
  await screen.findByRole('button', { name: 'UPDATE PRODUCT' });
  return userEvent.setup();
}

const sentFields = (form: FormData) => Object.fromEntries(form.entries());

describe('Update Product', () => {
  it('when the product loads, then the form holds its saved fields and its photo', async () => {
    await openProduct();

    expect(screen.getByLabelText('Category')).toHaveValue(home._id);
    expect(screen.getByLabelText('Name')).toHaveValue(lamp.name);
    expect(screen.getByLabelText('Description')).toHaveValue(lamp.description);
    expect(screen.getByLabelText('Price')).toHaveValue(25);
    expect(screen.getByLabelText('Quantity')).toHaveValue(4);
    expect(screen.getByLabelText('Shipping')).toHaveValue('0');
    expect(screen.getByRole('img', { name: lamp.name })).toHaveAttribute(
      'src',
      photoRenditionUrl(lamp._id, lamp.photo ?? expect.fail('no photo'), 320),
    );
  });

  it('when a new image is chosen, then its preview replaces the saved photo; a file that is not an image is ignored', async () => {
    const user = await openProduct();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const image = new File([new Uint8Array([1])], 'new.png', { type: 'image/png' });

    await user.upload(screen.getByLabelText('Upload Photo'), text);
    expect(screen.getByRole('img', { name: lamp.name })).toBeVisible();

    await user.upload(screen.getByLabelText('Upload Photo'), image);
    expect(screen.queryByRole('img', { name: lamp.name })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the chosen file' })).toHaveAttribute(
      'src',
      'blob:preview-new.png',
    );
  });

  it('when UPDATE PRODUCT is pressed, then the fields and shipping are put as multipart without a photo, and success goes to the products list', async () => {
    const user = await openProduct();
    api.on('PUT', UPDATE, {
      status: 200,
      body: { success: true, message: 'ok', product: lamp },
    });

    await user.selectOptions(screen.getByLabelText('Category'), 'Garden');
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '30');
    await user.selectOptions(screen.getByLabelText('Shipping'), 'Yes');
    await user.type(screen.getByLabelText('Reason'), 'Supplier raised prices');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await findToast('Product Updated Successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: PRODUCTS_PAGE })).toBeVisible();
    const [request] = api.requestsTo('PUT', UPDATE);
    expect(sentFields(request?.body as FormData)).toEqual({
      category: garden._id,
      name: lamp.name,
      description: lamp.description,
      price: '30',
      quantity: '4',
      previousQuantity: '4',
      shipping: '1',
      weight: '0',
      taxClass: 'standard',
      reason: 'Supplier raised prices',
    });
  });

  it('when the price changes without a reason, then the Reason field says it is required and nothing is sent', async () => {
    const user = await openProduct();
    expect(screen.queryByLabelText('Reason')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '30');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    await expectProblemsShown([
      { label: 'Reason', message: 'reason is required when a price changes' },
    ]);
    expect(api.requestsTo('PUT', UPDATE)).toEqual([]);
  });

  it('when the name and price are emptied, then both problems show beside them and in a focused summary, and nothing is sent', async () => {
    const user = await openProduct();

    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Price'));
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    await expectProblemsShown([
      { label: 'Name', message: 'Name is required' },
      { label: 'Price', message: 'Price is required' },
    ]);
    expect(api.requestsTo('PUT', UPDATE)).toEqual([]);
  });

  it('when the update is refused, then the server message is toasted; on a network failure the update text', async () => {
    const user = await openProduct();
    api.on('PUT', UPDATE, replies.refused(409, 'Product Already Exists'));

    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await findToast('Product Already Exists')).toBeInTheDocument();

    api.on('PUT', UPDATE, 'network-error');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await findToast('something went wrong')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: PRODUCTS_PAGE })).not.toBeInTheDocument();
  });

  it('when DELETE PRODUCT is pressed, then a 416px dialog asks the question; Cancel closes it and deletes nothing', async () => {
    const user = await openProduct();

    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));

    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName(QUESTION.trim());
    expect(within(dialog).getByRole('heading').textContent).toBe(QUESTION);
    expect(dialog).toHaveStyle({ width: '416px' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'DELETE PRODUCT' })).toHaveFocus();
    expect(api.requestsTo('DELETE', DELETE)).toEqual([]);
  });

  it('when the deletion is confirmed with OK, then the product is deleted, toasted and the products list shows', async () => {
    const user = await openProduct();
    api.on('DELETE', DELETE, { status: 200, body: { success: true, message: 'deleted' } });

    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await findToast('Product DEleted Succfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: PRODUCTS_PAGE })).toBeVisible();
    expect(api.requestsTo('DELETE', DELETE)).toHaveLength(1);
  });

  it('when the deletion fails, then the delete failure text is toasted and the product stays', async () => {
    const user = await openProduct();
    api.on('DELETE', DELETE, 'network-error');

    await user.click(screen.getByRole('button', { name: 'DELETE PRODUCT' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await findToast('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(lamp.name);
  });

  it('when the product does not exist, then the server message is shown in place', async () => {
    api.on('GET', '/api/v1/category/get-category', replies.categories([]));
    api.on('GET', '/api/v1/product/get-product/gone', replies.refused(404, 'Product not found'));
    renderScreen(<UpdateProductPanel slug="gone" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.queryByRole('button', { name: 'UPDATE PRODUCT' })).not.toBeInTheDocument();
  });
});
