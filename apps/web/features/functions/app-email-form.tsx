'use client';
import { MAX_SENDER_NAME } from '@sprout/core';
import type { AppEmailSettings } from '@sprout/core/contract';
import { useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { type EmailField, type EmailProblems, emailProblems } from './app-email';
import { useSaveAppEmail } from './queries';

const UNEDITED: Record<EmailField, string | null> = { senderName: null, replyTo: null };

/**
 * The name the app's mail goes under and where replies to it go. Refusals are the API's (one rule
 * for the form and for the server), each shown by the field it is about.
 */
export function AppEmailForm({ sproutId, settings, projectName }: { sproutId: string; settings: AppEmailSettings; projectName: string }) {
  const save = useSaveAppEmail(sproutId);
  // What the person typed; null shows the saved value, so a save or a refetch puts it in the field.
  const [draft, setDraft] = useState(UNEDITED);
  const [problems, setProblems] = useState<EmailProblems>({});
  const senderField = useRef<HTMLInputElement>(null);
  const replyField = useRef<HTMLInputElement>(null);
  const shown = { senderName: draft.senderName ?? settings.senderName ?? '', replyTo: draft.replyTo ?? settings.replyTo ?? '' };

  const edit = (field: EmailField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    // The other field's refusal stands: it is still what the server would say about it.
    setProblems(({ [field]: _fixed, form: _form, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblems({});
    save.mutate(
      { senderName: shown.senderName.trim() || null, replyTo: shown.replyTo.trim() || null },
      {
        onSuccess: () => setDraft(UNEDITED),
        onError: (err) => {
          const found = emailProblems(err);
          setProblems(found);
          // The alert is read out where it is; the focus goes to where the fix is typed.
          (found.senderName ? senderField : found.replyTo ? replyField : null)?.current?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="E-mail settings" data-testid="app-email-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <EmailInput
          ref={senderField}
          id="app-email-sender-name"
          label="Sender"
          error={problems.senderName}
          hint={
            <>
              Mail goes out as{' '}
              <span className="break-words text-foreground">
                {shown.senderName.trim() || projectName} &lt;{settings.fromAddress}&gt;
              </span>
              .
            </>
          }
          value={shown.senderName}
          onChange={(e) => edit('senderName', e.target.value)}
          placeholder="The project’s name"
          maxLength={MAX_SENDER_NAME}
          autoComplete="off"
        />
        <EmailInput
          ref={replyField}
          id="app-email-reply-to"
          label="Reply-to address"
          error={problems.replyTo}
          hint="Where replies go. Empty: nowhere, since Sprout’s address reads no mail."
          value={shown.replyTo}
          onChange={(e) => edit('replyTo', e.target.value)}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          placeholder="you@example.com"
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
        {problems.form ? (
          <p role="alert" className="min-w-0 flex-1 text-sm text-destructive" data-testid="app-email-form-error">
            {problems.form}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function EmailInput({ id, label, error, hint, ...input }: { id: string; label: string; error?: string; hint: ReactNode } & ComponentProps<typeof Input>) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error !== undefined} aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`} {...input} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
