'use client';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PublicConfig } from '@/lib/public-config';
import { Identity } from './identity';
import { createApiClient, type ApiCall, type ApiClient } from './client';

interface AppServices {
  config: PublicConfig;
  identity: Identity;
  api: ApiClient;
}

const Ctx = createContext<AppServices | null>(null);

export function AppServicesProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const [services] = useState<AppServices>(() => {
    const identity = new Identity(config.apiUrl);
    return { config, identity, api: createApiClient(config, identity) };
  });
  return <Ctx.Provider value={services}>{children}</Ctx.Provider>;
}

export function useAppServices(): AppServices {
  const s = useContext(Ctx);
  if (!s) throw new Error('useAppServices outside AppServicesProvider');
  return s;
}

export const useConfig = () => useAppServices().config;
export const useApi = () => useAppServices().api;

/**
 * A feature's calls (`make`: its call module's factory, one plain function per call) bound to this
 * page's API client; the same object for the page's life.
 */
export function useCalls<C>(make: (call: ApiCall) => C): C {
  const api = useApi();
  return useMemo(() => make(api.call), [api, make]);
}
