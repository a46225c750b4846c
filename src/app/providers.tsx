import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { createQueryClient, persistOptions } from '../lib/query/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [options] = useState(persistOptions);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={options}>
      {children}
    </PersistQueryClientProvider>
  );
}
