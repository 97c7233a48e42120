'use client';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { PublicConfig } from '../public-config';
import { Identity } from './identity';
import { createApiClient, type ApiClient } from './api';

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
