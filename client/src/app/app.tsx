import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as StoreProvider } from 'jotai';
import { RouterProvider } from 'react-router/dom';
import type { Slot } from '../boot/boot-context.ts';
import { ServicesProvider, type Services } from '../shared/api/services.tsx';
import { CrashScreen } from '../shared/errors/crash-screen.tsx';
import { ErrorBoundary } from '../shared/errors/error-boundary.tsx';
import { I18nProvider } from '../shared/i18n/i18n-provider.tsx';
import { ThemeController } from '../shared/theme/theme-controller.tsx';
import type { AppRouter } from './router.tsx';
import { SlotsProvider } from './slots.tsx';

export interface AppProps {
  services: Services;
  slots: readonly Slot[];
  router: AppRouter;
}

export function App({ services, slots, router }: AppProps) {
  return (
    <ErrorBoundary source="app" fallback={<CrashScreen />}>
      <StoreProvider store={services.store}>
        <QueryClientProvider client={services.queryClient}>
          <ServicesProvider services={services}>
            <I18nProvider>
              <SlotsProvider slots={slots}>
                <ThemeController />
                <RouterProvider router={router} />
              </SlotsProvider>
            </I18nProvider>
          </ServicesProvider>
        </QueryClientProvider>
      </StoreProvider>
    </ErrorBoundary>
  );
}
