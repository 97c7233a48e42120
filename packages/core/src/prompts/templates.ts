export type PromptTemplate = { for: string; that: string };

export type TemplateCategory = {
  id: TemplateCategoryId;
  /** Tab or menu text. */
  title: string;
  /** The phrase after 'Build me', article included. */
  label: string;
  templates: readonly PromptTemplate[];
};

export const TEMPLATE_CATEGORY_IDS = ['b2b app', 'client portal', 'consumer app', 'internal tool', 'landing page'] as const;
export type TemplateCategoryId = (typeof TEMPLATE_CATEGORY_IDS)[number];

export const TEMPLATE_CATEGORIES: readonly TemplateCategory[] = [
  {
    id: 'b2b app',
    title: 'B2B app',
    label: 'a B2B app',
    templates: [
      { for: 'small marketing agencies', that: 'tracks client retainers, logged hours and monthly invoices in one dashboard' },
      { for: 'wholesale suppliers', that: 'lets retail buyers browse the catalogue, see their negotiated prices and place repeat orders' },
      { for: 'HR teams at growing startups', that: 'runs new-hire onboarding with checklists, document uploads and progress per employee' },
      { for: 'field service companies', that: 'schedules technicians, assigns jobs on a map and collects signed work orders' },
    ],
  },
  {
    id: 'client portal',
    title: 'Client portal',
    label: 'a client portal',
    templates: [
      { for: 'freelance designers', that: 'shares project files, collects feedback on each draft and shows what is due next' },
      { for: 'an accounting firm', that: 'lets clients upload receipts, sign engagement letters and follow the status of their tax return' },
      { for: 'a law practice', that: 'gives each client a secure message thread, shared documents and upcoming court dates per case' },
      { for: 'a web development studio', that: 'shows each client their project timeline, open invoices and a form to request changes' },
    ],
  },
  {
    id: 'consumer app',
    title: 'Consumer app',
    label: 'a consumer app',
    templates: [
      { for: 'home cooks', that: 'turns what is in the fridge into recipe ideas and a weekly shopping list' },
      { for: 'people saving for a trip', that: 'sets a savings goal, logs deposits and shows progress with a countdown to departure' },
      { for: 'new runners', that: 'builds a couch-to-5K plan, logs each run and celebrates weekly streaks' },
      { for: 'plant owners', that: 'reminds them when to water each plant and keeps a photo journal of its growth' },
    ],
  },
  {
    id: 'internal tool',
    title: 'Internal tool',
    label: 'an internal tool',
    templates: [
      { for: 'a customer support team', that: 'triages incoming tickets by priority and shows response times per agent' },
      { for: 'an operations team', that: 'tracks office equipment, who has each item and when it is due back' },
      { for: 'a sales team', that: 'moves deals through pipeline stages and forecasts revenue for the quarter' },
      { for: 'a content team', that: 'plans blog posts on an editorial calendar with owners, drafts and publish dates' },
    ],
  },
  {
    id: 'landing page',
    title: 'Landing page',
    label: 'a landing page',
    templates: [
      { for: 'a productivity app launch', that: 'explains the three core features, shows pricing tiers and collects waitlist emails' },
      { for: 'a neighbourhood coffee shop', that: 'shows the menu, opening hours, a map and a form to pre-order for pickup' },
      { for: 'a wedding photographer', that: 'showcases a portfolio gallery, client testimonials and a booking enquiry form' },
      { for: 'a weekend coding bootcamp', that: 'presents the curriculum, instructor bios, upcoming dates and a sign-up button' },
    ],
  },
];

/**
 * The template's prompt: 'Build me {label} for {For} that {That}'. Parts are trimmed so text typed into the For
 * and That fields with stray spaces does not produce double spaces; nothing else is changed.
 */
export function composeTemplatePrompt(label: string, forPart: string, thatPart: string): string {
  return `Build me ${label.trim()} for ${forPart.trim()} that ${thatPart.trim()}`;
}

export type QuickStartChip = { id: string; title: string; prompt: string };

export const QUICK_START_CHIPS: readonly QuickStartChip[] = [
  {
    id: 'agency-project-manager',
    title: 'Agency project manager',
    prompt:
      'Build a project manager for a creative agency with a Trello-style kanban board. Columns for To do, In progress, In review and Done hold task cards that can be moved with drag and drop between columns and reordered within a column, and each card shows the task title, client, assignee and due date. Keep the design minimalist: plenty of white space, a neutral palette and clean typography.',
  },
  {
    id: 'appointment-scheduler',
    title: 'Appointment scheduler',
    prompt:
      'Build a mobile-optimised appointment scheduler. Visitors pick a date on a calendar, choose one of the free time slots for that day, then enter their name, email and phone number to confirm the booking and see a confirmation with the appointment details. Use an earthy palette of terracotta, sage green, sand and warm browns.',
  },
  {
    id: 'fitness-coach-website',
    title: 'Fitness coach website',
    prompt:
      'Build a landing page for a personal fitness coach with a dark UI. Include a bold hero section, an overview of the coaching programmes and a testimonials section with client names and their results. Add a clear call to action, repeated down the page, inviting visitors to book an initial call.',
  },
  {
    id: 'image-compressor',
    title: 'Image compressor',
    prompt:
      'Build an image compressor. Users upload an image, set a target file size (for example 200 KB), and the app compresses the image in the browser to that size, showing the original and compressed sizes side by side. A download button saves the compressed image. Use an off-white background with dark green accents and a flat layout with no cards.',
  },
];
