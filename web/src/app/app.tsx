import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { Toaster } from '../components/toast';
import { TooltipProvider } from '../components/tooltip';
import { queryClient, router } from './router';

/** The console: data (TanStack Query), pages (TanStack Router), toasts and tooltips. */
export function App(): ReactElement {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
