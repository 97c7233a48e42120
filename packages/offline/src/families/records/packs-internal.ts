// Internal tools for the template prompts' subjects (support, equipment, sales, content), plus the
// generic records used when the subject is unknown.

import { rows, type RecordsPack } from './pack';

const AGENTS = ['Maya Chen', 'Leo Park', 'Sam Rivera', 'Ivy Okafor'];

const TICKETS: RecordsPack = {
  test: /\b(?:tickets?|support|help ?desk|triag\w*)\b/,
  name: 'Support Triage',
  entity: { singular: 'Ticket', plural: 'Tickets' },
  fields: [
    { name: 'subject', label: 'Subject', type: 'text', required: true, placeholder: 'Cannot reset password' },
    { name: 'customer', label: 'Customer', type: 'text', placeholder: 'jordan@example.com' },
    { name: 'priority', label: 'Priority', type: 'select', options: ['Low', 'Normal', 'High', 'Urgent'] },
    { name: 'status', label: 'Status', type: 'select', options: ['New', 'Open', 'Pending', 'Solved'] },
    { name: 'agent', label: 'Agent', type: 'select', options: ['Unassigned', ...AGENTS] },
    { name: 'response', label: 'First response (min)', type: 'number' },
    { name: 'created', label: 'Created', type: 'date' },
  ],
  display: { columns: ['subject', 'customer', 'priority', 'status', 'agent', 'response', 'created'], title: 'subject', status: 'status' },
  stats: [
    { label: 'Open tickets', kind: 'count', where: { field: 'status', notIn: ['Solved'] } },
    { label: 'Urgent', kind: 'count', where: { field: 'priority', in: ['Urgent'] } },
    { label: 'Avg first response', kind: 'avg', field: 'response', hint: 'minutes' },
    { label: 'Solved', kind: 'count', where: { field: 'status', in: ['Solved'] } },
  ],
  group: { label: 'Average first response per agent', by: 'agent', kind: 'avg', field: 'response', unit: 'min' },
  seed: rows(
    ['subject', 'customer', 'priority', 'status', 'agent', 'response', 'created'],
    [
      ['Cannot reset password', 'jordan@example.com', 'Urgent', 'Open', AGENTS[0]!, 4, 0],
      ['Invoice shows wrong VAT', 'finance@northwind.io', 'High', 'Pending', AGENTS[1]!, 22, -1],
      ['Export to CSV is empty', 'ops@bloom.co', 'Normal', 'New', 'Unassigned', 0, 0],
      ['App crashes on upload', 'sam@kite.coffee', 'Urgent', 'Open', AGENTS[2]!, 9, 0],
      ['How do I add a teammate?', 'lee@harbor.law', 'Low', 'Solved', AGENTS[3]!, 35, -3],
      ['Dark mode request', 'ivy@orbit.dev', 'Low', 'Solved', AGENTS[0]!, 48, -6],
      ['Two-factor code not arriving', 'elena@vela.health', 'High', 'Open', AGENTS[1]!, 12, -1],
      ['Cancel my subscription', 'tom@pine.studio', 'Normal', 'Pending', AGENTS[2]!, 18, -2],
    ],
  ),
};

const EQUIPMENT: RecordsPack = {
  test: /\b(?:equipment|assets?|laptops?|devices?|inventory|due back|check(?:ed)?[- ]?out)\b/,
  name: 'Equipment Tracker',
  entity: { singular: 'Item', plural: 'Equipment' },
  fields: [
    { name: 'item', label: 'Item', type: 'text', required: true, placeholder: 'MacBook Pro 14"' },
    { name: 'tag', label: 'Asset tag', type: 'text', placeholder: 'IT-0042' },
    { name: 'holder', label: 'Who has it', type: 'text', placeholder: 'Nobody' },
    { name: 'status', label: 'Status', type: 'select', options: ['Available', 'Checked out', 'In repair', 'Retired'] },
    { name: 'out', label: 'Checked out', type: 'date' },
    { name: 'due', label: 'Due back', type: 'date' },
  ],
  display: { columns: ['item', 'tag', 'holder', 'status', 'out', 'due'], title: 'item', status: 'status' },
  stats: [
    { label: 'Checked out', kind: 'count', where: { field: 'status', in: ['Checked out'] } },
    { label: 'Overdue', kind: 'overdue', field: 'due', where: { field: 'status', in: ['Checked out'] } },
    { label: 'Available', kind: 'count', where: { field: 'status', in: ['Available'] } },
    { label: 'In repair', kind: 'count', where: { field: 'status', in: ['In repair'] } },
  ],
  group: { label: 'Items per status', by: 'status', kind: 'count' },
  seed: rows(
    ['item', 'tag', 'holder', 'status', 'out', 'due'],
    [
      ['MacBook Pro 14"', 'IT-0042', 'Maya Chen', 'Checked out', -20, 10],
      ['Dell monitor 27"', 'IT-0107', 'Leo Park', 'Checked out', -40, -2],
      ['Projector', 'AV-0003', 'Sam Rivera', 'Checked out', -3, 1],
      ['iPad Air', 'IT-0088', '', 'Available', '', ''],
      ['Standing desk', 'FN-0012', 'Ivy Okafor', 'Checked out', -90, 30],
      ['Conference speaker', 'AV-0011', '', 'In repair', '', ''],
      ['ThinkPad X1', 'IT-0051', '', 'Available', '', ''],
      ['Camera kit', 'AV-0020', 'Leo Park', 'Checked out', -10, -1],
    ],
  ),
};

const DEALS: RecordsPack = {
  test: /\b(?:deals?|pipeline|sales|forecast\w*|crm|leads?)\b/,
  name: 'Pipeline',
  entity: { singular: 'Deal', plural: 'Deals' },
  fields: [
    { name: 'deal', label: 'Deal', type: 'text', required: true, placeholder: 'Annual plan' },
    { name: 'company', label: 'Company', type: 'text', placeholder: 'Northwind' },
    { name: 'stage', label: 'Stage', type: 'select', options: ['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'] },
    { name: 'value', label: 'Value', type: 'number', format: 'currency', required: true },
    { name: 'probability', label: 'Probability', type: 'number', format: 'percent' },
    { name: 'owner', label: 'Owner', type: 'select', options: AGENTS },
    { name: 'close', label: 'Expected close', type: 'date' },
  ],
  display: { columns: ['deal', 'company', 'stage', 'value', 'probability', 'owner', 'close'], title: 'deal', status: 'stage' },
  stats: [
    { label: 'Open pipeline', kind: 'sum', field: 'value', where: { field: 'stage', notIn: ['Won', 'Lost'] }, format: 'currency' },
    {
      label: 'Quarter forecast',
      kind: 'weighted',
      field: 'value',
      by: 'probability',
      where: { field: 'stage', notIn: ['Lost'] },
      format: 'currency',
      hint: 'value × probability',
    },
    { label: 'Won', kind: 'sum', field: 'value', where: { field: 'stage', in: ['Won'] }, format: 'currency' },
    { label: 'Open deals', kind: 'count', where: { field: 'stage', notIn: ['Won', 'Lost'] } },
  ],
  group: { label: 'Pipeline value per stage', by: 'stage', kind: 'sum', field: 'value', format: 'currency' },
  seed: rows(
    ['deal', 'company', 'stage', 'value', 'probability', 'owner', 'close'],
    [
      ['Annual plan', 'Northwind', 'Negotiation', 48000, 70, AGENTS[0]!, 12],
      ['Team rollout', 'Bloom & Co', 'Proposal', 22000, 40, AGENTS[1]!, 25],
      ['Pilot', 'Atlas Outdoor', 'Qualified', 9000, 25, AGENTS[2]!, 40],
      ['Expansion', 'Vela Health', 'Won', 36000, 100, AGENTS[3]!, -8],
      ['Starter', 'Kite Coffee', 'Lead', 4000, 10, AGENTS[0]!, 60],
      ['Enterprise', 'Orbit Labs', 'Proposal', 120000, 35, AGENTS[1]!, 45],
      ['Renewal', 'Harbor Legal', 'Negotiation', 18000, 80, AGENTS[2]!, 6],
      ['Add-on seats', 'Pine Studio', 'Lost', 6000, 0, AGENTS[3]!, -15],
    ],
  ),
};

const CONTENT: RecordsPack = {
  test: /\b(?:content|editorial|blog posts?|posts?|articles?|publish\w*)\b/,
  name: 'Editorial Calendar',
  entity: { singular: 'Post', plural: 'Posts' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, placeholder: '10 tips for…' },
    { name: 'owner', label: 'Owner', type: 'select', options: AGENTS },
    { name: 'status', label: 'Status', type: 'select', options: ['Idea', 'Drafting', 'In review', 'Scheduled', 'Published'] },
    { name: 'channel', label: 'Channel', type: 'select', options: ['Blog', 'Newsletter', 'LinkedIn', 'Instagram'] },
    { name: 'publish', label: 'Publish date', type: 'date' },
    { name: 'draft', label: 'Draft link', type: 'url', placeholder: 'https://docs.example.com/…' },
  ],
  display: { columns: ['title', 'owner', 'status', 'channel', 'publish'], title: 'title', status: 'status' },
  stats: [
    { label: 'Ideas', kind: 'count', where: { field: 'status', in: ['Idea'] } },
    { label: 'In progress', kind: 'count', where: { field: 'status', in: ['Drafting', 'In review'] } },
    { label: 'Scheduled', kind: 'count', where: { field: 'status', in: ['Scheduled'] } },
    { label: 'Published', kind: 'count', where: { field: 'status', in: ['Published'] } },
  ],
  group: { label: 'Posts per owner', by: 'owner', kind: 'count' },
  seed: rows(
    ['title', 'owner', 'status', 'channel', 'publish'],
    [
      ['Spring product roundup', AGENTS[0]!, 'Scheduled', 'Blog', 3],
      ['How we work remotely', AGENTS[1]!, 'In review', 'Blog', 7],
      ['Customer story: Northwind', AGENTS[2]!, 'Drafting', 'Blog', 12],
      ['Monthly newsletter', AGENTS[3]!, 'Drafting', 'Newsletter', 5],
      ['Launch teaser', AGENTS[0]!, 'Idea', 'Instagram', 20],
      ['Hiring post', AGENTS[1]!, 'Published', 'LinkedIn', -4],
      ['Year in review', AGENTS[2]!, 'Published', 'Blog', -10],
      ['Behind the scenes', AGENTS[3]!, 'Idea', 'Instagram', 26],
    ],
  ),
};

/** When the subject is unknown: clients for a B2B app, generic requests for an internal tool. */
export const GENERIC_B2B: RecordsPack = {
  test: /.*/,
  name: 'Client Dashboard',
  entity: { singular: 'Client', plural: 'Clients' },
  fields: [
    { name: 'name', label: 'Client', type: 'text', required: true, placeholder: 'Northwind' },
    { name: 'contact', label: 'Contact email', type: 'email', placeholder: 'hello@northwind.io' },
    { name: 'owner', label: 'Owner', type: 'select', options: AGENTS },
    { name: 'status', label: 'Status', type: 'select', options: ['Lead', 'Active', 'Paused', 'Churned'] },
    { name: 'value', label: 'Monthly value', type: 'number', format: 'currency' },
    { name: 'renewal', label: 'Renewal', type: 'date' },
  ],
  display: { columns: ['name', 'contact', 'owner', 'status', 'value', 'renewal'], title: 'name', status: 'status' },
  stats: [
    { label: 'Monthly revenue', kind: 'sum', field: 'value', where: { field: 'status', in: ['Active'] }, format: 'currency' },
    { label: 'Active clients', kind: 'count', where: { field: 'status', in: ['Active'] } },
    { label: 'Leads', kind: 'count', where: { field: 'status', in: ['Lead'] } },
    { label: 'Renewals due', kind: 'overdue', field: 'renewal' },
  ],
  group: { label: 'Revenue per owner', by: 'owner', kind: 'sum', field: 'value', format: 'currency' },
  seed: rows(
    ['name', 'contact', 'owner', 'status', 'value', 'renewal'],
    [
      ['Northwind', 'hello@northwind.io', AGENTS[0]!, 'Active', 4200, 40],
      ['Bloom & Co', 'team@bloom.co', AGENTS[1]!, 'Active', 1800, 12],
      ['Atlas Outdoor', 'ops@atlas.com', AGENTS[2]!, 'Lead', 0, 90],
      ['Kite Coffee', 'sam@kite.coffee', AGENTS[3]!, 'Paused', 900, -5],
      ['Vela Health', 'it@vela.health', AGENTS[0]!, 'Active', 6100, 120],
      ['Orbit Labs', 'cto@orbit.dev', AGENTS[1]!, 'Lead', 0, 60],
    ],
  ),
};

export const GENERIC_INTERNAL: RecordsPack = {
  ...GENERIC_B2B,
  name: 'Admin',
  entity: { singular: 'Request', plural: 'Requests' },
  fields: [
    { name: 'title', label: 'Request', type: 'text', required: true, placeholder: 'New laptop for Alex' },
    { name: 'requester', label: 'Requested by', type: 'text' },
    { name: 'priority', label: 'Priority', type: 'select', options: ['Low', 'Normal', 'High', 'Urgent'] },
    { name: 'status', label: 'Status', type: 'select', options: ['New', 'In progress', 'Waiting', 'Done'] },
    { name: 'owner', label: 'Owner', type: 'select', options: ['Unassigned', ...AGENTS] },
    { name: 'due', label: 'Due', type: 'date' },
  ],
  display: { columns: ['title', 'requester', 'priority', 'status', 'owner', 'due'], title: 'title', status: 'status' },
  stats: [
    { label: 'Open', kind: 'count', where: { field: 'status', notIn: ['Done'] } },
    { label: 'Urgent', kind: 'count', where: { field: 'priority', in: ['Urgent'] } },
    { label: 'Overdue', kind: 'overdue', field: 'due', where: { field: 'status', notIn: ['Done'] } },
    { label: 'Done', kind: 'count', where: { field: 'status', in: ['Done'] } },
  ],
  group: { label: 'Requests per owner', by: 'owner', kind: 'count' },
  seed: rows(
    ['title', 'requester', 'priority', 'status', 'owner', 'due'],
    [
      ['New laptop for Alex', 'Alex Morgan', 'High', 'In progress', AGENTS[0]!, 2],
      ['Update the travel policy', 'Finance', 'Normal', 'New', 'Unassigned', 10],
      ['Fix the office printer', 'Front desk', 'Urgent', 'Waiting', AGENTS[1]!, -1],
      ['Order team T-shirts', 'Marketing', 'Low', 'Done', AGENTS[2]!, -7],
      ['Renew the domain', 'IT', 'High', 'New', AGENTS[3]!, 4],
      ['Book the offsite venue', 'People', 'Normal', 'In progress', AGENTS[0]!, 21],
    ],
  ),
};

export const INTERNAL_PACKS: readonly RecordsPack[] = [TICKETS, EQUIPMENT, DEALS, CONTENT];
