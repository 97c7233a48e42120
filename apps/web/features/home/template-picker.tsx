import { ArrowRight, Briefcase, PanelsTopLeft, Smartphone, UsersRound, Wrench, type LucideIcon } from 'lucide-react';
import { TEMPLATE_CATEGORIES, composeTemplatePrompt, type TemplateCategoryId } from '@sprout/core';
import { TabSet } from '@/ui/tab-set';
import { FillPromptButton } from './fill-prompt-button';

const ICONS: Record<TemplateCategoryId, LucideIcon> = {
  'b2b app': Briefcase,
  'client portal': UsersRound,
  'consumer app': Smartphone,
  'internal tool': Wrench,
  'landing page': PanelsTopLeft,
};

/**
 * Prompt templates: five categories, each with For/That pairs. Picking one writes
 * 'Build me {label} for {For} that {That}' into the prompt box, ready to edit or send.
 * Rendered on the server; only the tab switching and the buttons' clicks run in the browser.
 */
export function TemplatePicker() {
  return (
    <TabSet
      label="Template categories"
      className="flex flex-col items-center gap-6"
      listClassName="flex max-w-full flex-wrap justify-center gap-1.5 rounded-2xl border bg-muted/60 p-1.5"
      tabClassName="inline-flex h-9 items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
      panelClassName="w-full outline-none"
      tabs={TEMPLATE_CATEGORIES.map((category, index) => {
        const Icon = ICONS[category.id];
        return {
          id: category.id,
          testId: `template-category-${index}`,
          title: (
            <>
              <Icon className="size-4" aria-hidden="true" />
              {category.title}
            </>
          ),
          panel: (
            <ul className="grid gap-3 sm:grid-cols-2">
              {category.templates.map((template, i) => {
                const prompt = composeTemplatePrompt(category.label, template.for, template.that);
                return (
                  <li key={template.for}>
                    <FillPromptButton
                      prompt={prompt}
                      data-testid={`template-${i}`}
                      aria-label={`Use template: ${prompt}`}
                      className="group flex h-full w-full flex-col gap-2 rounded-xl border bg-card p-4 text-left shadow-xs transition-[border-color,box-shadow,transform] outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 motion-reduce:hover:translate-y-0"
                    >
                      <span className="text-xs font-medium tracking-wide text-primary uppercase">Build me {category.label}</span>
                      <span className="font-semibold">For {template.for}</span>
                      <span className="text-sm text-muted-foreground">that {template.that}</span>
                      <span className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-medium text-primary opacity-80 transition-opacity group-hover:opacity-100">
                        Use this template
                        <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                      </span>
                    </FillPromptButton>
                  </li>
                );
              })}
            </ul>
          ),
        };
      })}
    />
  );
}
