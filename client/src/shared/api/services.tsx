import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from './http-client.ts';

export type AppStore = ReturnType<typeof createStore>;

/** The long-lived objects the boot sequence creates once (spec §4) and the UI reaches through context. */
export interface Services {
  http: HttpClient;
  queryClient: QueryClient;
  store: AppStore;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

export const useHttp = (): HttpClient => useServices().http;
