import { TriangleAlert } from 'lucide-react';

/** sprout.data.json does not parse: the app's backend refuses every request until it is fixed. */
export function RulesBanner({ problems }: { problems: readonly string[] }) {
  return (
    <div role="alert" data-testid="rules-problems" className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">Your app’s data rules have a problem</p>
        <p className="text-xs text-muted-foreground">Until sprout.data.json is fixed, your app cannot save or read data. Ask Sprout in the chat to fix it.</p>
        <ul className="list-disc pl-4 text-xs break-words">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
