import pg from 'pg';
import { createDb } from './create-db';
import { migrationsHash } from './test-snapshot';

// On PostgreSQL a test database is a copy of a migrated template (CREATE DATABASE … TEMPLATE): the
// migrations run once per server and set of migrations, not once per test file.

// Serialises making the template when several test processes start against one server at once.
const TEMPLATE_LOCK_ID = 727_002;

/** The template database's name for the current migrations. */
export const templateName = () => `sprout_template_${migrationsHash()}`;

const withDatabase = (databaseUrl: string, name: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Makes the migrated template on the server of `databaseUrl` unless it is there, and returns its name. */
async function ensureTemplate(databaseUrl: string): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    if (await exists(admin, name)) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      if (await exists(admin, name)) return name;
      // Built under another name and renamed when whole: a run killed half-way leaves no template
      // that looks ready.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const handle = await createDb({ databaseUrl: withDatabase(databaseUrl, building), poolSize: 1 });
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  } finally {
    await admin.end();
  }
}

async function exists(admin: pg.Client, name: string): Promise<boolean> {
  const res = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return res.rowCount === 1;
}

/** A new database `name` on the server of `databaseUrl`, copied from the migrated template; returns its URL. */
export async function createFromTemplate(databaseUrl: string, name: string): Promise<string> {
  const template = await ensureTemplate(databaseUrl);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return withDatabase(databaseUrl, name);
}

/** Drops database `name` on the server of `databaseUrl`, closing what is still connected to it. */
export async function dropDatabase(databaseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
