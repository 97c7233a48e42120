// B2B dashboards for the template prompts' subjects (agencies, wholesale, HR onboarding, field service).

import { rows, type RecordsPack } from './pack';

const PEOPLE = ['Maya Chen', 'Leo Park', 'Sam Rivera', 'Ivy Okafor'];

const RETAINERS: RecordsPack = {
  test: /\b(?:retainers?|agenc(?:y|ies)|logged hours|billable)\b/,
  name: 'Retainer Desk',
  entity: { singular: 'Retainer', plural: 'Retainers' },
  fields: [
    { name: 'client', label: 'Client', type: 'text', required: true, placeholder: 'Northwind' },
    { name: 'manager', label: 'Account manager', type: 'select', options: PEOPLE },
    { name: 'fee', label: 'Monthly fee', type: 'number', format: 'currency', required: true },
    { name: 'hoursIncluded', label: 'Hours included', type: 'number' },
    { name: 'hoursLogged', label: 'Hours logged', type: 'number' },
    { name: 'invoice', label: 'Invoice', type: 'select', options: ['Draft', 'Sent', 'Paid', 'Overdue'] },
    { name: 'due', label: 'Invoice due', type: 'date' },
  ],
  display: { columns: ['client', 'manager', 'fee', 'hoursLogged', 'hoursIncluded', 'invoice', 'due'], title: 'client', status: 'invoice' },
  stats: [
    { label: 'Monthly retainers', kind: 'sum', field: 'fee', format: 'currency' },
    { label: 'Hours logged', kind: 'sum', field: 'hoursLogged', hint: 'this month' },
    { label: 'Unpaid invoices', kind: 'count', where: { field: 'invoice', in: ['Sent', 'Overdue'] } },
    { label: 'Overdue', kind: 'count', where: { field: 'invoice', in: ['Overdue'] } },
  ],
  group: { label: 'Hours logged per manager', by: 'manager', kind: 'sum', field: 'hoursLogged', unit: 'h' },
  seed: rows(
    ['client', 'manager', 'fee', 'hoursIncluded', 'hoursLogged', 'invoice', 'due'],
    [
      ['Northwind', PEOPLE[0]!, 4500, 40, 36, 'Paid', -12],
      ['Bloom & Co', PEOPLE[1]!, 2800, 24, 27, 'Sent', 6],
      ['Atlas Outdoor', PEOPLE[2]!, 6200, 60, 41, 'Draft', 14],
      ['Kite Coffee', PEOPLE[0]!, 1500, 12, 12, 'Overdue', -4],
      ['Harbor Legal', PEOPLE[3]!, 3900, 32, 18, 'Sent', 9],
      ['Pine Studio', PEOPLE[1]!, 2200, 16, 15, 'Paid', -20],
      ['Vela Health', PEOPLE[2]!, 5400, 48, 52, 'Sent', 3],
      ['Orbit Labs', PEOPLE[3]!, 3100, 24, 9, 'Draft', 21],
    ],
  ),
};

const WHOLESALE: RecordsPack = {
  test: /\b(?:wholesale|suppliers?|retail buyers?|catalog(?:ue)?|repeat orders?|distributors?)\b/,
  name: 'Trade Orders',
  entity: { singular: 'Order', plural: 'Orders' },
  fields: [
    { name: 'retailer', label: 'Retailer', type: 'text', required: true, placeholder: 'Corner Market' },
    {
      name: 'product',
      label: 'Product',
      type: 'select',
      options: ['Arabica beans 1 kg', 'Oat milk 12×1 L', 'Paper cups 1000', 'Ceramic mugs 24', 'Cold brew 6×1 L'],
    },
    { name: 'quantity', label: 'Quantity', type: 'number', required: true },
    { name: 'price', label: 'Negotiated unit price', type: 'number', format: 'currency' },
    { name: 'total', label: 'Order total', type: 'number', format: 'currency' },
    { name: 'status', label: 'Status', type: 'select', options: ['Draft', 'Placed', 'Shipped', 'Delivered'] },
    { name: 'date', label: 'Order date', type: 'date' },
  ],
  display: { columns: ['retailer', 'product', 'quantity', 'price', 'total', 'status', 'date'], title: 'retailer', status: 'status' },
  stats: [
    { label: 'Revenue', kind: 'sum', field: 'total', format: 'currency' },
    { label: 'Open orders', kind: 'count', where: { field: 'status', in: ['Draft', 'Placed'] } },
    { label: 'Retail buyers', kind: 'distinct', field: 'retailer' },
    { label: 'Delivered', kind: 'count', where: { field: 'status', in: ['Delivered'] } },
  ],
  group: { label: 'Revenue per buyer', by: 'retailer', kind: 'sum', field: 'total', format: 'currency' },
  seed: rows(
    ['retailer', 'product', 'quantity', 'price', 'total', 'status', 'date'],
    [
      ['Corner Market', 'Arabica beans 1 kg', 40, 18, 720, 'Placed', -1],
      ['Green Grocer', 'Oat milk 12×1 L', 25, 21, 525, 'Shipped', -3],
      ['Daily Deli', 'Paper cups 1000', 12, 34, 408, 'Delivered', -9],
      ['Corner Market', 'Cold brew 6×1 L', 18, 27, 486, 'Delivered', -14],
      ['Harbor Café', 'Ceramic mugs 24', 4, 96, 384, 'Draft', 0],
      ['Green Grocer', 'Arabica beans 1 kg', 30, 19, 570, 'Placed', -2],
      ['Sunrise Bakery', 'Oat milk 12×1 L', 10, 22, 220, 'Shipped', -4],
      ['Daily Deli', 'Arabica beans 1 kg', 20, 18.5, 370, 'Delivered', -21],
    ],
  ),
  unsupported: ['a shop front for buyers to browse and order by themselves (orders are recorded here by your team; "Duplicate" repeats an order)'],
};

const ONBOARDING: RecordsPack = {
  test: /\b(?:onboarding|new[- ]hires?|hr teams?|employees?|people ops)\b/,
  name: 'Onboarding Hub',
  entity: { singular: 'New hire', plural: 'New hires' },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'Alex Morgan' },
    { name: 'role', label: 'Role', type: 'text', placeholder: 'Product designer' },
    { name: 'manager', label: 'Manager', type: 'select', options: PEOPLE },
    { name: 'start', label: 'Start date', type: 'date', required: true },
    { name: 'progress', label: 'Checklist', type: 'number', format: 'percent' },
    { name: 'documents', label: 'Documents', type: 'select', options: ['Missing', 'Partial', 'Complete'] },
    { name: 'status', label: 'Status', type: 'select', options: ['Not started', 'In progress', 'Complete'] },
  ],
  display: { columns: ['name', 'role', 'manager', 'start', 'progress', 'documents', 'status'], title: 'name', status: 'status' },
  stats: [
    { label: 'Onboarding now', kind: 'count', where: { field: 'status', in: ['In progress'] } },
    { label: 'Average checklist', kind: 'avg', field: 'progress', format: 'percent' },
    { label: 'Documents missing', kind: 'count', where: { field: 'documents', in: ['Missing', 'Partial'] } },
    { label: 'Completed', kind: 'count', where: { field: 'status', in: ['Complete'] } },
  ],
  group: { label: 'New hires per manager', by: 'manager', kind: 'count' },
  seed: rows(
    ['name', 'role', 'manager', 'start', 'progress', 'documents', 'status'],
    [
      ['Jordan Ellis', 'Product designer', PEOPLE[0]!, 7, 0, 'Missing', 'Not started'],
      ['Priya Shah', 'Backend engineer', PEOPLE[1]!, -3, 45, 'Partial', 'In progress'],
      ['Marcus Lee', 'Account executive', PEOPLE[2]!, -10, 80, 'Complete', 'In progress'],
      ['Elena Rossi', 'Data analyst', PEOPLE[3]!, -30, 100, 'Complete', 'Complete'],
      ['Tom Becker', 'Support lead', PEOPLE[0]!, 14, 10, 'Partial', 'Not started'],
      ['Aisha Khan', 'Frontend engineer', PEOPLE[1]!, -1, 25, 'Partial', 'In progress'],
    ],
  ),
  unsupported: ['storing uploaded documents (each hire has a document status instead)'],
};

const FIELD_SERVICE: RecordsPack = {
  test: /\b(?:field service|technicians?|work orders?|jobs?|dispatch)\b/,
  name: 'Dispatch Board',
  entity: { singular: 'Job', plural: 'Jobs' },
  fields: [
    { name: 'customer', label: 'Customer', type: 'text', required: true, placeholder: 'Lakeside Dental' },
    { name: 'address', label: 'Address', type: 'text', placeholder: '12 High Street' },
    { name: 'technician', label: 'Technician', type: 'select', options: ['Unassigned', ...PEOPLE] },
    { name: 'date', label: 'Scheduled', type: 'date', required: true },
    { name: 'status', label: 'Status', type: 'select', options: ['Scheduled', 'En route', 'On site', 'Completed'] },
    { name: 'signed', label: 'Work order', type: 'select', options: ['Not signed', 'Signed'] },
    { name: 'notes', label: 'Notes', type: 'textarea' },
  ],
  display: { columns: ['customer', 'address', 'technician', 'date', 'status', 'signed'], title: 'customer', status: 'status' },
  stats: [
    { label: 'Scheduled', kind: 'count', where: { field: 'status', in: ['Scheduled'] } },
    { label: 'In the field', kind: 'count', where: { field: 'status', in: ['En route', 'On site'] } },
    { label: 'Unassigned', kind: 'count', where: { field: 'technician', in: ['Unassigned'] } },
    { label: 'Signed work orders', kind: 'count', where: { field: 'signed', in: ['Signed'] } },
  ],
  group: { label: 'Jobs per technician', by: 'technician', kind: 'count' },
  seed: rows(
    ['customer', 'address', 'technician', 'date', 'status', 'signed'],
    [
      ['Lakeside Dental', '12 Harbor Rd', PEOPLE[0]!, 0, 'On site', 'Not signed'],
      ['Green Grocer', '4 Elm St', PEOPLE[1]!, 0, 'En route', 'Not signed'],
      ['Pine Apartments', '88 Pine Ave', 'Unassigned', 1, 'Scheduled', 'Not signed'],
      ['City Gym', '2 Station Sq', PEOPLE[2]!, -1, 'Completed', 'Signed'],
      ['Harbor Café', '9 Quay St', PEOPLE[3]!, 2, 'Scheduled', 'Not signed'],
      ['Vela Clinic', '31 Oak Lane', PEOPLE[0]!, -2, 'Completed', 'Signed'],
      ['Northwind Office', '140 Main St', 'Unassigned', 3, 'Scheduled', 'Not signed'],
    ],
  ),
  unsupported: ['a live map of jobs (each job lists its address instead)', 'collecting handwritten signatures (a work order is marked signed)'],
};

export const B2B_PACKS: readonly RecordsPack[] = [RETAINERS, WHOLESALE, ONBOARDING, FIELD_SERVICE];
