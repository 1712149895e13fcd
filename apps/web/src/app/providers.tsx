import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { HeaderPartsProvider } from '../components/layout/header-parts';
import { CategoryMenu } from '../features/categories';
import { SearchForm } from '../features/search';
import { AuthProvider, loadSessionReader } from '../lib/auth';
import { CartProvider, loadCartReader } from '../lib/cart';
import { browserQueryClient } from '../lib/query';
import { SearchProvider } from '../lib/search';
import { GivenQueryClient } from './query-client-choice';

/** Spec §9: at most 20 toasts are kept; the oldest visible ones beyond that are dismissed. */
export const TOAST_LIMIT = 20;

function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const extra of visible.slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return null;
}

/** Spec §9: top-center, 350px wide at most, above everything, with the durations per type. */
export function Toasts() {
  return (
    <>
      <Toaster
        position="top-center"
        containerStyle={{ zIndex: 9999 }}
        toastOptions={{
          style: { maxWidth: 350 },
          blank: { duration: 4000 },
          error: { duration: 4000 },
          success: { duration: 2000 },
          loading: { duration: Number.POSITIVE_INFINITY },
        }}
      />
      <ToastLimit />
    </>
  );
}

/**
 * Reads the stored session's and cart's schemas in: a screen the browser renders itself starts
 * from what is stored, so the entry waits for this before its first render.
 */
export const loadStoredState = () => Promise.all([loadSessionReader(), loadCartReader()]);

export function AppProviders({ children }: { children: ReactNode }) {
  const queryClient = useContext(GivenQueryClient) ?? browserQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CartProvider>
          <SearchProvider>
            <HeaderPartsProvider search={<SearchForm />} categoryMenu={<CategoryMenu />}>
              {children}
            </HeaderPartsProvider>
            <Toasts />
          </SearchProvider>
        </CartProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
