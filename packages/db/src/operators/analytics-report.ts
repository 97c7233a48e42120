import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../create-db';

// What the staff dashboard reads: the first-party analytics events the web app sends,
// and the projects and runs the database already holds. Days are UTC; `from` is included, `to` not.

export interface ReportRange {
  from: Date;
  to: Date;
}

const day = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
// One person across the events they sent signed out and in: the account when known, else the browser.
const who = sql`coalesce(user_id, anonymous_id)`;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Events per day and name, and how many people sent them. */
export function eventsByDay(db: Executor, range: ReportRange, names: readonly string[]) {
  return rows<{ day: string; name: string; events: number; people: number }>(
    db,
    sql`select ${day(sql`occurred_at`)} as day, name, count(*)::int as events, count(distinct ${who})::int as people
        from analytics_events
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}) and occurred_at >= ${range.from} and occurred_at < ${range.to}
        group by 1, 2`,
  );
}

/** Signed-in people who sent any event, per day (`day` null: the whole range), and anonymous visitors. */
export function activePeople(db: Executor, range: ReportRange) {
  return rows<{ day: string | null; people: number; visitors: number }>(
    db,
    sql`select ${day(sql`occurred_at`)} as day,
               count(distinct user_id)::int as people,
               count(distinct anonymous_id) filter (where user_id is null)::int as visitors
        from analytics_events where occurred_at >= ${range.from} and occurred_at < ${range.to}
        group by grouping sets ((1), ())`,
  );
}

/** Projects created per day (deleted ones included: they were created). */
export function projectsByDay(db: Executor, range: ReportRange) {
  return rows<{ day: string; projects: number }>(
    db,
    sql`select ${day(sql`created_at`)} as day, count(*)::int as projects
        from sprouts where created_at >= ${range.from} and created_at < ${range.to} group by 1`,
  );
}

/**
 * The upgrade funnel by person, in order: people who saw a paywall, of them those who started a
 * checkout afterwards, of them those who upgraded after that.
 */
export async function upgradeFunnel(db: Executor, range: ReportRange) {
  const [row] = await rows<{ paywall: number; checkout: number; upgrade: number }>(
    db,
    sql`with e as (
          select ${who} as who, name, occurred_at from analytics_events
          where name in ('Paywall Displayed', 'Checkout Started', 'Upgrade') and occurred_at >= ${range.from} and occurred_at < ${range.to}
        ),
        p as (select who, min(occurred_at) as at from e where name = 'Paywall Displayed' group by who),
        c as (select p.who, min(e.occurred_at) as at from p join e on e.who = p.who and e.name = 'Checkout Started' and e.occurred_at >= p.at group by p.who),
        u as (select c.who from c join e on e.who = c.who and e.name = 'Upgrade' and e.occurred_at >= c.at group by c.who)
        select (select count(*) from p)::int as paywall, (select count(*) from c)::int as checkout, (select count(*) from u)::int as upgrade`,
  );
  return row ?? { paywall: 0, checkout: 0, upgrade: 0 };
}

/**
 * An experiment's variants side by side: the people who saw each (their first exposure decides),
 * and how many of them went on to send a prompt, see a paywall, upgrade or publish. A person's later
 * events count whether they were signed in or not, in the browser that saw the variant.
 */
export function experimentOutcomes(db: Executor, range: ReportRange, experimentId: string) {
  return rows<{ variant: string; people: number; prompted: number; paywalled: number; upgraded: number; published: number }>(
    db,
    sql`with x as (
          select ${who} as who, user_id, anonymous_id, properties->>'variant' as variant, occurred_at
          from analytics_events
          where name = 'Experiment Viewed' and properties->>'experimentId' = ${experimentId}
            and occurred_at >= ${range.from} and occurred_at < ${range.to}
        ),
        first as (select distinct on (who) who, variant, occurred_at as at from x order by who, occurred_at),
        ids as (select distinct who, user_id, anonymous_id from x),
        done as (
          select distinct f.who, e.name from first f
          join ids i on i.who = f.who
          join analytics_events e on (e.anonymous_id = i.anonymous_id or e.user_id = i.user_id)
          where e.name in ('Prompt Sent', 'Paywall Displayed', 'Upgrade', 'Publish') and e.occurred_at >= f.at and e.occurred_at < ${range.to}
        )
        select f.variant, count(distinct f.who)::int as people,
               count(distinct d.who) filter (where d.name = 'Prompt Sent')::int as prompted,
               count(distinct d.who) filter (where d.name = 'Paywall Displayed')::int as paywalled,
               count(distinct d.who) filter (where d.name = 'Upgrade')::int as upgraded,
               count(distinct d.who) filter (where d.name = 'Publish')::int as published
        from first f left join done d on d.who = f.who
        where f.variant is not null
        group by f.variant order by f.variant`,
  );
}

/** Runs per day, and of them those that failed (or were interrupted). */
export function runsByDay(db: Executor, range: ReportRange) {
  return rows<{ day: string; runs: number; failed: number; fixRounds: number }>(
    db,
    sql`select ${day(sql`created_at`)} as day, count(*)::int as runs,
               count(*) filter (where status in ('failed', 'interrupted'))::int as failed,
               coalesce(sum(fix_rounds), 0)::int as "fixRounds"
        from runs where created_at >= ${range.from} and created_at < ${range.to} group by 1`,
  );
}

/** Failed runs by why they failed (the RunFailure kind in error_code; 'interrupted' for a stopped process). */
export function runFailures(db: Executor, range: ReportRange) {
  return rows<{ kind: string; runs: number }>(
    db,
    sql`select case when status = 'interrupted' then 'interrupted' else coalesce(error_code, 'unknown') end as kind, count(*)::int as runs
        from runs where status in ('failed', 'interrupted') and created_at >= ${range.from} and created_at < ${range.to}
        group by 1 order by 2 desc, 1`,
  );
}

/** How many runs needed 0, 1, 2… automatic fix rounds. */
export function fixRoundCounts(db: Executor, range: ReportRange) {
  return rows<{ rounds: number; runs: number }>(
    db,
    sql`select fix_rounds as rounds, count(*)::int as runs from runs
        where created_at >= ${range.from} and created_at < ${range.to} group by 1 order by 1`,
  );
}

/** Tokens by the model that answered (its label; runs without one are 'unknown'); cached input is a part of tokens in. */
export function tokensByModel(db: Executor, range: ReportRange) {
  return rows<{ model: string; runs: number; tokensIn: number; tokensOut: number; cachedIn: number }>(
    db,
    sql`select coalesce(model, 'unknown') as model, count(*)::int as runs,
               coalesce(sum(tokens_in), 0)::float8 as "tokensIn",
               coalesce(sum(tokens_out), 0)::float8 as "tokensOut",
               coalesce(sum(tokens_in_cached), 0)::float8 as "cachedIn"
        from runs where created_at >= ${range.from} and created_at < ${range.to}
        group by 1 order by 3 desc, 1`,
  );
}
