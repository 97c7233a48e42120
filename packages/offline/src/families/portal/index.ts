// Client portal: a login-less demo portal with the client's projects (progress, timeline, what is
// due), shared files (upload, feedback, signing), a message thread, invoices and change requests.

import { portalChecks } from '../../checks/family-checks';
import { joinList, normalise } from '../../understand/text';
import type { AppSpec } from '../../understand/understand';
import { baseFiles, configFile, FIELD_TYPE_IMPORT, honouredLook, lookFor } from '../common';
import { exportConst } from '../literal';
import { currencyOf } from '../records/index';
import { sourceFiles } from '../source';
import type { GeneratedApp } from '../types';
import { GENERIC_PORTAL, PORTAL_PACKS } from './packs';

const TAB_NAMES: Record<string, string> = {
  overview: 'overview',
  files: 'shared files',
  messages: 'messages',
  invoices: 'invoices',
  requests: 'change requests',
};

export function generatePortal(spec: AppSpec): GeneratedApp {
  const text = normalise(`${spec.subject.subject ?? ''} ${spec.subject.purpose ?? ''} ${spec.prompt}`);
  const found = PORTAL_PACKS.find((p) => p.test.test(text));
  const pack = found ?? GENERIC_PORTAL;
  const firm = spec.name ?? pack.portal.firm;
  const requestFields = spec.fields.length >= 2 ? spec.fields : pack.requestFields;
  const tabs = spec.fields.length >= 2 && !pack.tabs.includes('requests') ? [...pack.tabs, 'requests' as const] : pack.tabs;
  const look = lookFor(spec, 'calm');
  const body = [
    exportConst('app', { name: firm }),
    exportConst('portal', { ...pack.portal, firm }),
    exportConst('tabs', tabs),
    exportConst('currency', currencyOf(spec.prompt)),
    exportConst('projects', pack.projects),
    '/** Demo content; dates are days from today. */',
    exportConst('files', pack.files, '{ id: string; name: string; size: number; by: string; days: number; status: string; action: string; project: string }[]'),
    exportConst('messages', pack.messages, "{ from: 'firm' | 'client'; author: string; text: string; days: number }[]"),
    exportConst('invoices', pack.invoices, '{ id: string; title: string; amount: number; status: string; days: number }[]'),
    exportConst('requestFields', requestFields, 'Field[]'),
  ].join('\n');
  const work = pack.portal.workLabel.toLowerCase();
  return {
    name: firm,
    files: [
      ...portalChecks(),
      ...baseFiles({ title: `${firm} · Client portal`, description: `The client portal of ${firm}.`, look, parts: ['storage', 'fields'] }),
      configFile('portal', null, 'Firm and client names, which tabs to show, and the demo projects, files, messages and invoices.', body, [FIELD_TYPE_IMPORT]),
      ...sourceFiles('portal', [
        'App.tsx',
        'portal/store.ts',
        'portal/Nav.tsx',
        'portal/Badge.tsx',
        'portal/Overview.tsx',
        'portal/Files.tsx',
        'portal/Messages.tsx',
        'portal/Invoices.tsx',
        'portal/Requests.tsx',
      ]),
    ],
    kind: 'a client portal',
    summary: `Built the ${firm} client portal`,
    built: [
      `A client portal for ${firm} with ${joinList(tabs.map((t) => TAB_NAMES[t]!))}; no login, opened as the demo client ${pack.portal.client}.`,
      `An overview of the client's ${work} with progress, a timeline and what needs their attention.`,
      `Files: upload, ${pack.files.some((f) => f.action === 'sign') ? 'sign documents by typing a name, ' : ''}leave feedback on drafts.`,
      'Everything the client does (uploads, comments, messages, requests) is saved in the browser.',
    ],
    honoured: [
      ...(found
        ? [
            `Tailored to ${spec.subject.subject ?? 'your subject'}: ${work}, ${pack.portal.filesLabel.toLowerCase()} and ${pack.portal.timelineLabel.toLowerCase()}.`,
          ]
        : []),
      honouredLook(look),
    ],
    unsupported: ['real client accounts (this is a login-less demo portal)', 'storing uploaded files on a server (uploads are listed, not kept)'],
  };
}
