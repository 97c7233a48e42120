// Client portals for the template prompts' subjects: a design freelancer, an accounting firm, a law
// practice, a web studio (as data in packs.json); and a generic one. Dates are days from today.

import type { FieldSpec } from '../../understand/fields';
import data from './packs.json' with { type: 'json' };

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

type StoredPack = Omit<PortalPack, 'test'> & { test: string };
const stored = data as unknown as Record<'accounting' | 'law' | 'designer' | 'webStudio', StoredPack>;
const compile = (p: StoredPack): PortalPack => ({ ...p, test: new RegExp(p.test) });
const DESIGNER = compile(stored.designer);

export const GENERIC_PORTAL: PortalPack = { ...DESIGNER, test: /.*/, portal: { ...DESIGNER.portal, firm: 'Your Studio' } };

export const PORTAL_PACKS: readonly PortalPack[] = [compile(stored.accounting), compile(stored.law), DESIGNER, compile(stored.webStudio)];
