import { expect } from 'vitest';
import type { Sprout } from '@sprout/core/contract';
import { createAppUser, getSproutForOwner, insertAppDocument, type Dataset, type SproutRow } from '@sprout/db';
import type { Session, TestApp } from '../testing';

// The Data panel's tests put documents and app users straight into the database: the app-origin
// routes that add them are tested on their own.

const RULES = JSON.stringify({
  collections: {
    bookings: {
      create: 'anyone',
      read: 'nobody',
      update: 'nobody',
      delete: 'nobody',
      fields: { name: { type: 'string', required: true, maxLength: 100 }, slot: { type: 'string', required: true } },
      unique: ['slot'],
    },
    tasks: { create: 'signed-in', read: 'signed-in', update: 'signed-in', delete: 'creator' },
  },
});

/** A project whose current version has `rules` as its sprout.data.json (none when null). */
export async function projectWithRules(t: TestApp, owner: Session, rules: string | null = RULES, displayName = 'Booking app'): Promise<Sprout> {
  const files = [{ name: 'client/src/App.tsx', content: 'export default function App() { return null; }\n' }];
  if (rules !== null) files.push({ name: 'sprout.data.json', content: rules });
  const res = await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName, files } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Sprout;
}

export async function sproutRow(t: TestApp, owner: Session, id: string): Promise<SproutRow> {
  const row = await getSproutForOwner(t.db.db, id, owner.user.id);
  if (!row) throw new Error('no such project');
  return row;
}

const quota = { documents: 1_000, storageBytes: 10_000_000 };

export async function addDocument(t: TestApp, sproutId: string, dataset: Dataset, collection: string, data: Record<string, unknown>, unique: string[] = []) {
  const r = await insertAppDocument(t.db.db, { sproutId, dataset }, { collection, data, createdBy: 'visitor:v1', unique, quota });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

export async function addAppUser(t: TestApp, sproutId: string, dataset: Dataset, email: string) {
  const r = await createAppUser(t.db.db, { sproutId, dataset }, { email, passwordHash: 'x', maxUsers: 100 });
  if (!r.ok) throw new Error(r.reason);
  return r.user;
}
