import { useState } from 'react';
import { AccountField } from '../../../components/AccountField';
import { FormCard } from '../../../components/FormCard';
import { errorMessage } from '../../../lib/api-client';
import { useFields, useSubmit } from '../../../lib/use-form';
import { orderWrites } from '../api/orders-api';

/**
 * "Find my order": the links of an e-mail's orders are sent to it. The answer is the same
 * whether or not it has any, so it is shown as the server gives it.
 */
export function FindOrderForm() {
  const { values, bind } = useFields({ email: '' });
  const [answer, setAnswer] = useState<string | null>(null);
  const send = useSubmit(orderWrites.findMyOrders(), {
    onSuccess: setAnswer,
    onFailure: (err) => errorMessage(err, 'something went wrong'),
  });
  return (
    <FormCard
      title="Find my order"
      button={['Send me the links', 'Sending...']}
      form={send.form(values.email)}
    >
      <p>Give the e-mail you ordered with: we send it a link to each of its orders.</p>
      <AccountField field="email" required {...bind('email')} />
      {answer && <p role="status">{answer}</p>}
    </FormCard>
  );
}
