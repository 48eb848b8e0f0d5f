import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as StoreProvider } from 'jotai';
import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { ServicesProvider, type Services } from '../shared/api/services.tsx';
import { CrashScreen } from '../shared/errors/crash-screen.tsx';
import { ErrorBoundary } from '../shared/errors/error-boundary.tsx';
import { I18nProvider } from '../shared/i18n/i18n-provider.tsx';
import { ThemeController } from '../shared/theme/theme-controller.tsx';
import { locationShown, setNavigator } from '../shared/navigation/navigator.ts';
import { AppRoutes } from './router.tsx';
import { SlotsProvider, type Slot } from './slots.tsx';

export interface AppProps {
  services: Services;
  slots: readonly Slot[];
}

export function App({ services, slots }: AppProps) {
  return (
    <ErrorBoundary source="app" fallback={<CrashScreen />}>
      <StoreProvider store={services.store}>
        <QueryClientProvider client={services.queryClient}>
          <ServicesProvider services={services}>
            <I18nProvider>
              <SlotsProvider slots={slots}>
                <ThemeController />
                <BrowserRouter>
                  <NavigatorBridge />
                  <AppRoutes />
                </BrowserRouter>
              </SlotsProvider>
            </I18nProvider>
          </ServicesProvider>
        </QueryClientProvider>
      </StoreProvider>
    </ErrorBoundary>
  );
}

/**
 * Lets code outside React send the member somewhere through the router, and know when the page is
 * on screen (shared/navigation/navigator.ts).
 */
function NavigatorBridge() {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  // Each new location (a new key), also one to the same path.
  useEffect(() => locationShown(pathname), [pathname, key]);
  return null;
}
