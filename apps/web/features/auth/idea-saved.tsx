import { Lightbulb } from 'lucide-react';
import { clampPrompt, isBlankPrompt } from '@sprout/core';

/** The prompt a signed-out person sent from the home page, carried by the sign-in and sign-up pages. */
export function ideaOf(search: Record<string, string | string[] | undefined>): string | null {
  const raw = search.prompt;
  const prompt = typeof raw === 'string' ? raw : Array.isArray(raw) ? (raw[0] ?? '') : '';
  return isBlankPrompt(prompt) ? null : clampPrompt(prompt);
}

/** "Your idea is saved — create an account to build it", with the idea itself, so nobody wonders where it went. */
export function IdeaSaved({ idea, action }: { idea: string; action: string }) {
  return (
    <span className="grid gap-3" data-testid="idea-saved">
      <span className="font-medium text-foreground">Your idea is saved — {action}</span>
      <span className="flex items-start gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-left text-xs leading-relaxed">
        <Lightbulb className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
        <span className="line-clamp-3 break-words whitespace-pre-wrap" data-testid="idea-text">
          {idea}
        </span>
      </span>
    </span>
  );
}
