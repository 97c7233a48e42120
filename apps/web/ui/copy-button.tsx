'use client';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/browser/toast';
import { Check, Copy } from 'lucide-react';
import { Button } from './button';
import { cn } from '@/lib/cn';

/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export function CopyButton({ text, label, testId, className }: { text: string; label: string; testId?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1800);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      className={cn('shrink-0', className)}
      aria-label={copied ? 'Copied' : label}
      data-testid={testId}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          toast.success('Link copied');
        } else {
          toast.error('Could not copy. Select the link and copy it yourself.');
        }
      }}
    >
      {copied ? <Check className="text-primary" /> : <Copy />}
    </Button>
  );
}
