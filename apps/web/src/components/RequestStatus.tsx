import { errorMessage } from '../lib/api-client';
import { ErrorNotice, OFFLINE_MESSAGE } from './ErrorNotice';
import { Spinner } from './Spinner';

/** A screen's load as a person sees it: the spinner while it runs, why it failed, Try again. */
export function RequestStatus({
  request,
}: {
  request: { loading: boolean; error: unknown; retry: () => void };
}) {
  if (request.loading) return <Spinner />;
  if (request.error === undefined) return null;
  return (
    <ErrorNotice message={errorMessage(request.error, OFFLINE_MESSAGE)} onRetry={request.retry} />
  );
}
