'use client';
import { useEffect, useState, type FormEvent } from 'react';
import { Download, LoaderCircle, RefreshCw } from 'lucide-react';
import { useApi } from '@/lib/api/services';
import { downloadAnalyticsCsv } from '../api';
import { toast } from '@/lib/browser/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { lastDays, PRESETS, rangeProblem, type DateRange } from './range';

/** From and to (UTC days), quick ranges, and the CSV export of the report shown. */
export function RangePicker({ range, onChange, busy }: { range: DateRange; onChange: (range: DateRange) => void; busy: boolean }) {
  const api = useApi();
  const [draft, setDraft] = useState(range);
  const [exporting, setExporting] = useState(false);
  useEffect(() => setDraft({ from: range.from, to: range.to }), [range.from, range.to]);
  const problem = rangeProblem(draft);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!problem) onChange(draft);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const done = await downloadAnalyticsCsv(api, range);
      if ('refused' in done) throw new Error(done.refused);
      toast.success(`Downloading ${done.name}`, { id: 'analytics-export' });
    } catch (err) {
      toast.error(`Could not export the report: ${err instanceof Error ? err.message : 'please try again.'}`, { id: 'analytics-export-error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5" aria-label="Report range">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="report-from">From</Label>
          <Input
            id="report-from"
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            data-testid="report-from"
            className="w-40"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="report-to">To</Label>
          <Input
            id="report-to"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            data-testid="report-to"
            className="w-40"
          />
        </div>
        <Button type="submit" disabled={problem !== null || busy} data-testid="report-apply">
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
          Show
        </Button>
        <Button type="button" variant="outline" className="sm:ml-auto" onClick={() => void exportCsv()} disabled={exporting} data-testid="report-export">
          {exporting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          Export CSV
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Last</span>
        {PRESETS.map((p) => (
          <Button key={p.days} type="button" size="sm" variant="ghost" onClick={() => onChange(lastDays(p.days))} data-testid={`report-last-${p.days}`}>
            {p.label}
          </Button>
        ))}
        {problem ? (
          <span role="alert" className="text-destructive" data-testid="report-range-problem">
            {problem}
          </span>
        ) : null}
      </div>
    </form>
  );
}
