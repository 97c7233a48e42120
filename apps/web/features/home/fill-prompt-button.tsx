'use client';
import type { ComponentProps } from 'react';
import { usePromptDraft } from '@/features/projects';

/**
 * A button that writes `prompt` into the page's prompt box (and focuses it). Its label may be
 * server-rendered: the home page's chips and templates ship their texts as HTML, not JavaScript.
 */
export function FillPromptButton({ prompt, ...props }: Omit<ComponentProps<'button'>, 'onClick' | 'type'> & { prompt: string }) {
  const draft = usePromptDraft();
  return <button type="button" onClick={() => draft?.fill(prompt)} {...props} />;
}
