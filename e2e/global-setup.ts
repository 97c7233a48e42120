import type { TestProject } from 'vitest/node';
import { startProduct } from '@sprout/testkit';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
  }
}

/** One product instance for the whole browser suite (starting Next and the API costs seconds). */
export default async function setup(project: TestProject) {
  const product = await startProduct();
  project.provide('webUrl', product.webUrl);
  project.provide('apiUrl', product.apiUrl);
  return () => product.stop();
}
