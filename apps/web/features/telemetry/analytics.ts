'use client';
import { sendEvents } from './api';
import { EventQueue, type QueuedEvent } from './event-queue';

export type AnalyticsEvent =
  | 'Page Viewed'
  | 'Prompt Sent'
  | 'Paywall Displayed'
  | 'Upgrade'
  | 'Publish'
  | 'Domain'
  | 'Onboarding'
  | 'Experiment Viewed'
  | 'Checkout Started';

let target: { apiUrl: string; getToken: () => Promise<string | null> } | null = null;
let queue: EventQueue | null = null;

function anonymousId(): string {
  let id = localStorage.getItem('sprout.anonymousId');
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem('sprout.anonymousId', id);
  }
  return id;
}

async function send(events: QueuedEvent[]): Promise<void> {
  // Not started yet: fail, so the queue keeps the events and retries.
  if (!target) throw new Error('analytics not started');
  const token = await target.getToken();
  const res = await sendEvents(target.apiUrl, token, events);
  // A 4xx other than rate limiting will never succeed: drop the batch rather than retry forever.
  if (!res.ok && (res.status >= 500 || res.status === 429)) throw new Error(`events: ${res.status}`);
}

function getQueue(): EventQueue {
  queue ??= new EventQueue(localStorage, send);
  return queue;
}

/** Wires the queue to POST /v1/events; called once by the Telemetry component. */
export function startAnalytics(apiUrl: string, getToken: () => Promise<string | null>): void {
  target = { apiUrl, getToken };
  void getQueue().flush();
}

export function track(name: AnalyticsEvent, properties: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  getQueue().enqueue({
    messageId: crypto.randomUUID(),
    name,
    properties,
    timestamp: new Date().toISOString(),
    anonymousId: anonymousId(),
  });
}
