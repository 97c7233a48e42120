// Client portals for the template prompts' subjects: a design freelancer, an accounting firm, a law
// practice, a web studio; and a generic one. Dates are days from today.

import type { FieldSpec } from '../../understand/fields';

type Tab = 'overview' | 'files' | 'messages' | 'invoices' | 'requests';

export interface PortalPack {
  test: RegExp;
  portal: {
    firm: string;
    client: string;
    clientCompany: string;
    workLabel: string;
    timelineLabel: string;
    filesLabel: string;
    uploadLabel: string;
    uploadHint: string;
    messagesHint: string;
    requestsLabel: string;
    requestsHint: string;
  };
  tabs: Tab[];
  projects: { name: string; status: string; progress: number; next: string; due: number; milestones: { title: string; due: number; done: boolean }[] }[];
  files: { id: string; name: string; size: number; by: string; days: number; status: string; action: string; project: string }[];
  messages: { from: 'firm' | 'client'; author: string; text: string; days: number }[];
  invoices: { id: string; title: string; amount: number; status: string; days: number }[];
  requestFields: FieldSpec[];
}

const COMMON = { requestsLabel: 'Requests', requestsHint: 'Ask for a change or something new.', timelineLabel: 'What is due next' };
const REQUEST: FieldSpec[] = [
  { name: 'title', label: 'What do you need?', type: 'text', required: true, placeholder: 'Change the hero image' },
  { name: 'details', label: 'Details', type: 'textarea', placeholder: 'Links, references, deadlines…' },
];

const DESIGNER: PortalPack = {
  test: /\b(?:design(?:er|ers)?|drafts?|freelanc\w*|illustrat\w*|branding)\b/,
  portal: {
    ...COMMON,
    firm: 'Studio Mara',
    client: 'Jordan',
    clientCompany: 'Bloom & Co',
    workLabel: 'Projects',
    filesLabel: 'Files',
    uploadLabel: 'Upload a file',
    uploadHint: 'Drafts to review and anything you want to share.',
    messagesHint: 'Questions and decisions, in one thread.',
  },
  tabs: ['overview', 'files', 'messages', 'requests'],
  projects: [
    {
      name: 'Brand identity',
      status: 'Awaiting feedback',
      progress: 65,
      next: 'Logo direction v2 review',
      due: 2,
      milestones: [
        { title: 'Moodboard approved', due: -12, done: true },
        { title: 'Logo direction v2 review', due: 2, done: false },
        { title: 'Final logo files', due: 12, done: false },
      ],
    },
    {
      name: 'Website design',
      status: 'In progress',
      progress: 30,
      next: 'Homepage draft',
      due: 6,
      milestones: [
        { title: 'Sitemap signed off', due: -5, done: true },
        { title: 'Homepage draft', due: 6, done: false },
        { title: 'Inner pages', due: 20, done: false },
      ],
    },
  ],
  files: [
    {
      id: 'f1',
      name: 'Logo direction v2.pdf',
      size: 2_400_000,
      by: 'Studio Mara',
      days: -1,
      status: 'Awaiting feedback',
      action: 'feedback',
      project: 'Brand identity',
    },
    { id: 'f2', name: 'Moodboard final.pdf', size: 5_100_000, by: 'Studio Mara', days: -12, status: 'Approved', action: '', project: 'Brand identity' },
    { id: 'f3', name: 'Sitemap.pdf', size: 640_000, by: 'Studio Mara', days: -6, status: 'Approved', action: '', project: 'Website design' },
    { id: 'f4', name: 'Brand brief.docx', size: 120_000, by: 'Jordan', days: -20, status: 'Received', action: '', project: 'Brand identity' },
  ],
  messages: [
    { from: 'firm', author: 'Mara', text: 'Hi Jordan! Logo direction v2 is up in Files. I pushed the rounder letterforms you liked.', days: -1 },
    { from: 'client', author: 'Jordan', text: 'Thanks Mara, looking at it with the team this afternoon.', days: -1 },
    { from: 'firm', author: 'Mara', text: 'Perfect. Leave comments right on the file if that is easier.', days: 0 },
  ],
  invoices: [],
  requestFields: REQUEST,
};

const ACCOUNTING: PortalPack = {
  test: /\b(?:accounting|accountants?|tax(?:es)?|receipts?|bookkeep\w*|engagement letters?)\b/,
  portal: {
    ...COMMON,
    firm: 'Ledger & Lane',
    client: 'Sam',
    clientCompany: 'Sam Whitaker',
    workLabel: 'Returns',
    timelineLabel: 'Your tax return, step by step',
    filesLabel: 'Documents',
    uploadLabel: 'Upload a receipt',
    uploadHint: 'Upload receipts and statements; sign letters here.',
    messagesHint: 'Ask your accountant anything.',
  },
  tabs: ['overview', 'files', 'messages', 'invoices'],
  projects: [
    {
      name: '2025 tax return',
      status: 'In preparation',
      progress: 55,
      next: 'Review your draft return',
      due: 9,
      milestones: [
        { title: 'Sign engagement letter', due: 2, done: false },
        { title: 'Receipts received', due: -6, done: true },
        { title: 'Draft return ready', due: 9, done: false },
        { title: 'Return filed', due: 18, done: false },
      ],
    },
    {
      name: 'Quarterly VAT',
      status: 'Filed',
      progress: 100,
      next: 'Next quarter starts',
      due: 40,
      milestones: [{ title: 'Q3 VAT filed', due: -15, done: true }],
    },
  ],
  files: [
    {
      id: 'f1',
      name: 'Engagement letter 2025.pdf',
      size: 180_000,
      by: 'Ledger & Lane',
      days: -3,
      status: 'Needs signature',
      action: 'sign',
      project: '2025 tax return',
    },
    { id: 'f2', name: 'Receipts March.zip', size: 3_200_000, by: 'Sam', days: -6, status: 'Received', action: '', project: '2025 tax return' },
    { id: 'f3', name: 'Bank statement Q4.pdf', size: 420_000, by: 'Sam', days: -9, status: 'Received', action: '', project: '2025 tax return' },
    { id: 'f4', name: 'Q3 VAT return.pdf', size: 210_000, by: 'Ledger & Lane', days: -15, status: 'Filed', action: '', project: 'Quarterly VAT' },
  ],
  messages: [
    {
      from: 'firm',
      author: 'Priya (Ledger & Lane)',
      text: 'Hi Sam, we have your March receipts, thank you. Could you sign the engagement letter when you have a minute?',
      days: -2,
    },
    { from: 'client', author: 'Sam', text: 'Will do today. Do you also need the mortgage statement?', days: -1 },
    { from: 'firm', author: 'Priya (Ledger & Lane)', text: 'Yes please, just upload it under Documents.', days: -1 },
  ],
  invoices: [
    { id: 'INV-2031', title: '2025 tax return (deposit)', amount: 450, status: 'Open', days: 10 },
    { id: 'INV-1988', title: 'Q3 VAT return', amount: 180, status: 'Paid', days: -20 },
  ],
  requestFields: REQUEST,
};

const LAW: PortalPack = {
  test: /\b(?:law|legal|lawyers?|attorneys?|solicitors?|cases?|court)\b/,
  portal: {
    ...COMMON,
    firm: 'Hart & Cole Law',
    client: 'Elena',
    clientCompany: 'Elena Rossi',
    workLabel: 'Cases',
    timelineLabel: 'Upcoming court dates and deadlines',
    filesLabel: 'Documents',
    uploadLabel: 'Share a document',
    uploadHint: 'Documents shared for your cases.',
    messagesHint: 'A secure thread with your legal team.',
  },
  tabs: ['overview', 'files', 'messages', 'invoices'],
  projects: [
    {
      name: 'Rossi v. Northwind Ltd',
      status: 'Hearing scheduled',
      progress: 60,
      next: 'Preliminary hearing',
      due: 14,
      milestones: [
        { title: 'Claim filed', due: -40, done: true },
        { title: 'Witness statements due', due: 5, done: false },
        { title: 'Preliminary hearing', due: 14, done: false },
        { title: 'Trial window opens', due: 75, done: false },
      ],
    },
    {
      name: 'Lease review',
      status: 'Awaiting your input',
      progress: 40,
      next: 'Your comments on the draft',
      due: 3,
      milestones: [{ title: 'Lease comments due', due: 3, done: false }],
    },
  ],
  files: [
    {
      id: 'f1',
      name: 'Witness statement draft.pdf',
      size: 310_000,
      by: 'Hart & Cole Law',
      days: -2,
      status: 'Awaiting feedback',
      action: 'feedback',
      project: 'Rossi v. Northwind Ltd',
    },
    {
      id: 'f2',
      name: 'Retainer agreement.pdf',
      size: 150_000,
      by: 'Hart & Cole Law',
      days: -30,
      status: 'Signed',
      action: '',
      project: 'Rossi v. Northwind Ltd',
    },
    {
      id: 'f3',
      name: 'Lease draft v3.pdf',
      size: 520_000,
      by: 'Hart & Cole Law',
      days: -4,
      status: 'Awaiting feedback',
      action: 'feedback',
      project: 'Lease review',
    },
  ],
  messages: [
    {
      from: 'firm',
      author: 'Daniel Hart',
      text: 'Elena, the preliminary hearing is confirmed. I have shared a draft witness statement: please read it carefully and comment.',
      days: -2,
    },
    { from: 'client', author: 'Elena', text: 'Thank you. I will go through it tonight. Should I bring anything to the hearing?', days: -1 },
    { from: 'firm', author: 'Daniel Hart', text: 'Just photo ID. We will meet 30 minutes before at the court entrance.', days: 0 },
  ],
  invoices: [{ id: 'HC-0412', title: 'Hearing preparation', amount: 1800, status: 'Open', days: 14 }],
  requestFields: REQUEST,
};

const WEB_STUDIO: PortalPack = {
  test: /\b(?:web(?:site)? (?:development|dev|studio|agency)|developers?|studio|timeline|invoices?|request changes|change requests?)\b/,
  portal: {
    ...COMMON,
    firm: 'Pixel Forge',
    client: 'Marcus',
    clientCompany: 'Harbor Café',
    workLabel: 'Projects',
    timelineLabel: 'Project timeline',
    filesLabel: 'Files',
    uploadLabel: 'Upload a file',
    uploadHint: 'Designs, copy and assets for your site.',
    messagesHint: 'Talk to the team building your site.',
    requestsLabel: 'Change requests',
    requestsHint: 'Ask for a change to your site; we reply within two working days.',
  },
  tabs: ['overview', 'files', 'messages', 'invoices', 'requests'],
  projects: [
    {
      name: 'Harbor Café website',
      status: 'In development',
      progress: 70,
      next: 'Staging review',
      due: 4,
      milestones: [
        { title: 'Discovery', due: -35, done: true },
        { title: 'Design approved', due: -14, done: true },
        { title: 'Staging review', due: 4, done: false },
        { title: 'Launch', due: 18, done: false },
      ],
    },
    {
      name: 'Online ordering',
      status: 'Planned',
      progress: 10,
      next: 'Kick-off call',
      due: 25,
      milestones: [{ title: 'Kick-off call', due: 25, done: false }],
    },
  ],
  files: [
    { id: 'f1', name: 'Homepage design.fig', size: 8_400_000, by: 'Pixel Forge', days: -14, status: 'Approved', action: '', project: 'Harbor Café website' },
    { id: 'f2', name: 'Menu copy.docx', size: 90_000, by: 'Marcus', days: -9, status: 'Received', action: '', project: 'Harbor Café website' },
    {
      id: 'f3',
      name: 'Staging checklist.pdf',
      size: 200_000,
      by: 'Pixel Forge',
      days: -1,
      status: 'Awaiting feedback',
      action: 'feedback',
      project: 'Harbor Café website',
    },
  ],
  messages: [
    { from: 'firm', author: 'Ravi (Pixel Forge)', text: 'Staging is live! Have a click around and send any changes through Change requests.', days: -1 },
    { from: 'client', author: 'Marcus', text: 'Looks great. Can the opening hours be bigger on mobile?', days: 0 },
  ],
  invoices: [
    { id: 'PF-108', title: 'Milestone 2: design', amount: 3200, status: 'Paid', days: -14 },
    { id: 'PF-121', title: 'Milestone 3: development', amount: 4800, status: 'Open', days: 7 },
  ],
  requestFields: [
    { name: 'title', label: 'What should change?', type: 'text', required: true, placeholder: 'Make the opening hours bigger on mobile' },
    { name: 'page', label: 'Page', type: 'text', placeholder: 'Homepage' },
    { name: 'details', label: 'Details', type: 'textarea', placeholder: 'Screenshots, links, wording…' },
  ],
};

export const GENERIC_PORTAL: PortalPack = { ...DESIGNER, test: /.*/, portal: { ...DESIGNER.portal, firm: 'Your Studio' } };

export const PORTAL_PACKS: readonly PortalPack[] = [ACCOUNTING, LAW, DESIGNER, WEB_STUDIO];
