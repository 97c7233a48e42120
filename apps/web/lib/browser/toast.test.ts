import { describe, expect, it, vi } from 'vitest';
import type * as Sonner from 'sonner';
import { arrivedAt, toastOnArrival } from './toast';

describe('toast', () => {
  it('queues toasts until the Toaster has mounted, then shows them in order and later ones at once', async () => {
    // A module of its own: the project's files share one module graph, where another file's page may have mounted the Toaster.
    vi.resetModules();
    const { toast, toasterMounted } = await import('./toast');
    const shown: string[] = [];
    toast.success('first');
    toast.error('second');
    const sonner = {
      toast: Object.assign((m: string) => shown.push(`plain ${m}`), {
        success: (m: string) => shown.push(`success ${m}`),
        error: (m: string) => shown.push(`error ${m}`),
      }),
    };
    toasterMounted(sonner as unknown as typeof Sonner);
    expect(shown).toEqual(['success first', 'error second']);
    toast('third');
    expect(shown).toEqual(['success first', 'error second', 'plain third']);
  });

  it('a toast on arrival waits for its page, is shown once, and other pages do not take it', () => {
    const shown: string[] = [];
    toastOnArrival('/', () => shown.push('deleted'), '/settings');
    arrivedAt('/settings');
    expect(shown).toEqual([]);
    arrivedAt('/');
    arrivedAt('/');
    expect(shown).toEqual(['deleted']);
  });

  it('the newest toast on arrival replaces one still waiting', () => {
    const shown: string[] = [];
    toastOnArrival('/', () => shown.push('old'), '/settings');
    toastOnArrival('/build', () => shown.push('new'), '/settings');
    arrivedAt('/');
    arrivedAt('/build');
    expect(shown).toEqual(['new']);
  });

  it('is shown at once when the page is already the one it waits for', () => {
    const shown: string[] = [];
    toastOnArrival('/admin', () => shown.push('ended'), '/admin');
    expect(shown).toEqual(['ended']);
    arrivedAt('/admin');
    expect(shown).toEqual(['ended']);
  });
});
