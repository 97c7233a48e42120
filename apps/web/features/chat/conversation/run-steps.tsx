'use client';
import type { BehaviourCheckResult, CheckIssue } from '@sprout/core/contract';
import {
  CircleCheck,
  CircleX,
  ChevronRight,
  Database,
  Eye,
  FileText,
  FileWarning,
  FolderTree,
  ListChecks,
  LoaderCircle,
  MessageCircleQuestion,
  Search,
  TriangleAlert,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import { checksSummary } from './checks-summary';
import { fixLabel, typeWarningLabel } from './run-labels';
import type { RunPart } from '../session/run-view';

const SOURCE: Record<CheckIssue['source'], string> = {
  build: 'Build',
  htmlhint: 'HTML',
  jshint: 'JS',
  imports: 'Import',
  apply: 'Edit',
  parser: 'Reply',
  runtime: 'Runtime',
  types: 'Type',
  data: 'Data rules',
  render: 'Render',
  behaviour: 'Check',
  security: 'Security',
};

function issueLocation(i: CheckIssue): string {
  if (!i.file) return '';
  return `${i.file}${i.line ? `:${i.line}${i.column ? `:${i.column}` : ''}` : ''}`;
}

function IssueList({ issues, max = 8 }: { issues: CheckIssue[]; max?: number }) {
  const shown = issues.slice(0, max);
  return (
    <ul className="mt-1.5 grid gap-1.5" data-testid="issue-list">
      {shown.map((i, n) => (
        <li key={n} className="min-w-0 rounded-md bg-muted/60 px-2 py-1.5 text-xs">
          <span className="mr-1.5 rounded bg-background px-1 py-px text-[10px] font-medium tracking-wide text-muted-foreground uppercase">
            {SOURCE[i.source] ?? i.source}
          </span>
          {issueLocation(i) ? <span className="font-mono text-[11px] text-muted-foreground">{issueLocation(i)}</span> : null}
          <p className="mt-0.5 font-mono text-[11px] break-words whitespace-pre-wrap text-foreground/90">{i.message}</p>
        </li>
      ))}
      {issues.length > max ? <li className="text-xs text-muted-foreground">and {issues.length - max} more</li> : null}
    </ul>
  );
}

function Step({
  icon,
  children,
  tone = 'muted',
  testId,
  details,
  status,
}: {
  icon: React.ReactNode;
  children: React.ReactNode;
  tone?: 'muted' | 'warn' | 'ok';
  testId: string;
  details?: React.ReactNode;
  /** Where a step that takes a while is (`running`, `done`), for tests and styles. */
  status?: string;
}) {
  const row = (
    <>
      {icon}
      <span className={cn('min-w-0 flex-1', tone === 'warn' ? 'text-foreground' : 'text-muted-foreground')}>{children}</span>
    </>
  );
  if (!details) {
    return (
      <div data-testid={testId} data-status={status} className="my-1.5 flex items-start gap-2 text-xs leading-5">
        {row}
      </div>
    );
  }
  return (
    <details data-testid={testId} className="group/step my-1.5 text-xs leading-5">
      <summary className="flex cursor-pointer list-none items-start gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        {row}
        <ChevronRight className="mt-0.5 size-3.5 shrink-0 text-muted-foreground transition-transform group-open/step:rotate-90" aria-hidden="true" />
      </summary>
      <div className="pl-6">{details}</div>
    </details>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Each tool a model may call, by the icon of its step. */
const TOOL_ICONS: Record<string, LucideIcon> = {
  read_file: FileText,
  search_files: Search,
  list_files: FolderTree,
  run_checks: ListChecks,
  view_preview: Eye,
  query_data: Database,
  ask_person: MessageCircleQuestion,
};

/** One line per tool step: a spinner while it runs, then its icon and what it found. */
function ToolStep({ part }: { part: Extract<RunPart, { type: 'tool' }> }) {
  const Icon = TOOL_ICONS[part.name] ?? Wrench;
  const running = part.status === 'running';
  return (
    <Step
      testId="run-tool"
      status={part.status}
      icon={
        running ? (
          <LoaderCircle className="mt-0.5 size-3.5 shrink-0 text-primary motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <Icon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        )
      }
    >
      <span className="block truncate" title={part.summary}>
        {part.summary}
        {running ? '…' : ''}
      </span>
    </Step>
  );
}

/** "Tested: adding a plant lists it ✓" (./checks-summary), with each check and, for a failing one, the step that failed and why. */
function BehaviourChecks({ results }: { results: BehaviourCheckResult[] }) {
  const all = results.every((r) => r.ok);
  return (
    <Step
      testId="behaviour-checks"
      tone={all ? 'ok' : 'warn'}
      icon={
        all ? (
          <ListChecks className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
        )
      }
      details={
        <ul className="mt-1 grid gap-1" data-testid="behaviour-check-list">
          {results.map((r) => (
            <li key={r.file} data-ok={r.ok ? 'true' : 'false'} className="flex min-w-0 items-start gap-1.5">
              {r.ok ? (
                <CircleCheck className="mt-0.5 size-3 shrink-0 text-primary" aria-label="passes" />
              ) : (
                <CircleX className="mt-0.5 size-3 shrink-0 text-destructive" aria-label="fails" />
              )}
              <span className="min-w-0 break-words">
                {r.name}
                {r.ok ? null : (
                  <span className="block text-muted-foreground">
                    {r.failedStep ? `Step ${r.failedStep}${r.step ? ` (${r.step})` : ''}: ` : ''}
                    {r.message}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      }
    >
      {checksSummary(results)}
    </Step>
  );
}

/** A check result, a fix round, a tool step or a problem of a reply, in the order they happened (engineer notes only with `details`). */
export function RunStep({
  part,
  active,
  details = false,
}: {
  part: Exclude<RunPart, { type: 'text' } | { type: 'file' }>;
  active: boolean;
  /** The reply's details are open: also what the checks skipped and the advisory type warnings. */
  details?: boolean;
}) {
  if (part.type === 'check') {
    const skipped =
      details && part.typeCheck?.status === 'skipped' ? (
        <span className="text-muted-foreground" title={part.typeCheck.reason ?? undefined}>
          {' '}
          · type check skipped
        </span>
      ) : null;
    // Whether the candidate was opened in a browser on the server; silent when the server does not check.
    const rendered =
      part.render?.status === 'passed' ? (
        <span data-testid="render-passed"> · opened without errors</span>
      ) : details && part.render?.status === 'skipped' && part.render.reason?.startsWith('Chromium') ? (
        <span className="text-muted-foreground" title={part.render.reason}>
          {' '}
          · not opened in a browser
        </span>
      ) : null;
    const step = part.ok ? (
      <Step
        testId="run-check"
        tone="ok"
        icon={<CircleCheck className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />}
        details={
          part.fixes.length ? (
            <ul className="mt-1 list-disc pl-4 text-muted-foreground">
              {part.fixes.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          ) : undefined
        }
      >
        Checks passed{part.round > 0 ? ` after fix round ${part.round}` : ''}
        {part.fixes.length ? ` · ${plural(part.fixes.length, 'automatic fix')}` : ''}
        {rendered}
        {skipped}
      </Step>
    ) : (
      <Step
        testId="run-check"
        tone="warn"
        icon={<TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />}
        details={<IssueList issues={part.issues} />}
      >
        Found {plural(part.issues.length, 'problem')}
        {skipped}
      </Step>
    );
    const types = details ? typeWarningLabel(part) : null;
    const checks = part.behaviour?.length ? <BehaviourChecks results={part.behaviour} /> : null;
    if (!types)
      return checks ? (
        <>
          {step}
          {checks}
        </>
      ) : (
        step
      );
    // Advisory: the preview runs with type errors, so they are a quiet note, not a problem.
    return (
      <>
        {step}
        {checks}
        <Step
          testId="run-type-warnings"
          icon={<FileWarning className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />}
          details={<IssueList issues={part.typeErrors ?? []} />}
        >
          {types}
          {part.typeCheck?.reason ? <span className="text-muted-foreground"> · {part.typeCheck.reason}</span> : null}
        </Step>
      </>
    );
  }
  if (part.type === 'tool') return <ToolStep part={part} />;
  if (part.type === 'fix') {
    const label = fixLabel(part, active);
    return (
      <Step
        testId="run-fix"
        tone="warn"
        icon={
          active ? (
            <LoaderCircle className="mt-0.5 size-3.5 shrink-0 text-primary motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <Wrench className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
          )
        }
        details={part.issues.length ? <IssueList issues={part.issues} /> : undefined}
      >
        {label}
      </Step>
    );
  }
  return (
    <Step testId="run-problem" tone="warn" icon={<TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />}>
      {part.message}
    </Step>
  );
}
