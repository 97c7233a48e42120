// Default copy for the top half of a landing page, written from the subject and the kind of page.
// Subject packs (packs.ts) replace it for subjects Sprout knows well.

import { titleCase } from '../../understand/text';
import type { Content, LandingCtx } from './context';

const a = (s: string) => (/^[aeiou]/i.test(s) ? `an ${s}` : `a ${s}`);

export function heroContent(c: LandingCtx): Content {
  const byVariant: Record<LandingCtx['variant'], Content> = {
    service: {
      eyebrow: titleCase(c.subject),
      title: 'Personal, professional and built around you',
      subtitle: `${c.name} gives you ${a(c.subject)} who listens first, plans with you and stays with you until it works.`,
      points: ['Free first call', 'Flexible times', 'No long contracts'],
      panel: {
        title: 'Why people choose us',
        rows: [
          { label: 'Average rating', value: '4.9 / 5' },
          { label: 'Happy clients', value: '300+' },
          { label: 'Reply within', value: '24 h' },
        ],
      },
    },
    product: {
      eyebrow: 'Launching soon',
      title: c.purpose ? `${c.name}: ${c.purpose.charAt(0).toLowerCase()}${c.purpose.slice(1)}` : `${c.name} makes the hard part simple`,
      subtitle: `Everything you need for your ${c.subject.replace(/\blaunch\b/i, '').trim()}, without the clutter. Join the waitlist for early access.`,
      points: ['Free during beta', 'Set up in minutes', 'Cancel anytime'],
      panel: {
        title: 'Early access',
        rows: [
          { label: 'On the waitlist', value: '2,400+' },
          { label: 'Beta opens', value: 'Soon' },
          { label: 'Price for early users', value: '-40%' },
        ],
      },
    },
    venue: {
      eyebrow: titleCase(c.subject),
      title: 'Made fresh, served with a smile',
      subtitle: `${c.name} is your ${c.subject}: come in, sit down, or order ahead and pick it up on your way.`,
      points: ['Order ahead', 'Seasonal menu', 'Friendly faces'],
      panel: {
        title: 'Open today',
        rows: [
          { label: 'Hours', value: '7:00 – 18:00' },
          { label: 'Pickup ready in', value: '10 min' },
          { label: 'Rating', value: '4.8 / 5' },
        ],
      },
    },
    course: {
      eyebrow: titleCase(c.subject),
      title: 'Learn by doing, with people who do it for a living',
      subtitle: `${c.name} is a hands-on ${c.subject}: small groups, real projects and instructors who answer every question.`,
      points: ['Small groups', 'Real projects', 'Certificate'],
      panel: {
        title: 'Next cohort',
        rows: [
          { label: 'Starts', value: 'In 2 weeks' },
          { label: 'Seats left', value: '6' },
          { label: 'Graduates', value: '1,200+' },
        ],
      },
    },
    portfolio: {
      eyebrow: titleCase(c.subject),
      title: 'Moments worth keeping, made with care',
      subtitle: `${c.name}: honest, unhurried work from ${a(c.subject)} who cares about the details you'll remember.`,
      points: ['Personal approach', 'Fast delivery', 'Fully insured'],
      panel: {
        title: 'In numbers',
        rows: [
          { label: 'Projects delivered', value: '250+' },
          { label: 'Years of experience', value: '12' },
          { label: 'Reply within', value: '24 h' },
        ],
      },
    },
  };
  const secondary = { service: '#services', product: '#features', venue: '#menu', course: '#curriculum', portfolio: '#gallery' }[c.variant];
  const secondaryLabel = {
    service: 'See what I offer',
    product: 'See features',
    venue: 'See the menu',
    course: 'See the curriculum',
    portfolio: 'See the work',
  }[c.variant];
  return { ...byVariant[c.variant], secondary: { label: secondaryLabel, href: secondary } };
}

export function featuresContent(c: LandingCtx): Content {
  const all = [
    { icon: 'zap', title: 'Fast from day one', body: 'Set up in minutes and see results the same day, with no training needed.' },
    { icon: 'layers', title: 'Everything in one place', body: 'Stop switching between tools: your work, notes and plans live together.' },
    { icon: 'users', title: 'Made for teams', body: 'Share with the people you work with and stay on the same page.' },
    { icon: 'bell', title: 'Smart reminders', body: 'Gentle nudges at the right time, so nothing slips through the cracks.' },
    { icon: 'chart', title: 'Clear progress', body: 'See what moved this week at a glance, without building a report.' },
    { icon: 'lock', title: 'Private by default', body: 'Your data stays yours. Export it or delete it whenever you like.' },
  ];
  return {
    eyebrow: 'Features',
    title: `Why ${c.name}`,
    subtitle: `The ${c.featureCount === 3 ? 'three things' : 'things'} that make ${c.name} worth switching to.`,
    items: all.slice(0, c.featureCount),
  };
}

export function servicesContent(c: LandingCtx): Content {
  return {
    nav: 'Services',
    eyebrow: 'Services',
    title: 'Ways we can work together',
    subtitle: 'Start small or go all in. Every option begins with a free conversation.',
    action: 'Book',
    items: [
      {
        name: 'Starter',
        detail: 'One session',
        body: `A focused first session with ${a(c.subject)} to find your starting point.`,
        points: ['60-minute session', 'Written summary', 'Next-step plan'],
        price: '$90',
      },
      {
        name: 'Signature',
        detail: 'Most chosen · 6 weeks',
        body: 'Regular sessions and support in between, for steady progress.',
        points: ['Weekly sessions', 'Message support', 'Progress reviews'],
        price: '$480',
      },
      {
        name: 'Premium',
        detail: '3 months',
        body: 'The full programme with priority access and everything included.',
        points: ['Unlimited sessions', 'Priority replies', 'Tailored materials'],
        price: '$1,200',
      },
    ],
  };
}

export function aboutContent(c: LandingCtx): Content {
  return {
    eyebrow: 'About',
    monogram: c.name
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase(),
    title: `Hi, this is ${c.name}`,
    paragraphs: [
      `We started ${c.name} because ${a(c.subject)} should be easy to find, easy to talk to and easy to trust.`,
      'Every client gets the same thing: honest advice, a clear plan and someone who follows up.',
    ],
    points: ['Independent and local', 'Clear, fair prices', 'Years of experience', 'Happy to answer questions'],
  };
}

export function statsContent(): Content {
  return {
    items: [
      { value: '300+', label: 'Happy clients' },
      { value: '4.9', label: 'Average rating' },
      { value: '12', label: 'Years of experience' },
      { value: '24 h', label: 'To hear back' },
    ],
  };
}

export function testimonialsContent(c: LandingCtx): Content {
  return {
    eyebrow: 'Testimonials',
    title: 'What people say',
    subtitle: `A few words from people who chose ${c.name}.`,
    items: [
      {
        quote: 'Clear, friendly and genuinely helpful from the very first conversation. I wish I had done this sooner.',
        name: 'Priya Shah',
        role: 'Client since 2023',
        result: null,
      },
      { quote: 'Everything was explained in plain words and the result was better than I hoped for.', name: 'Marcus Lee', role: 'Client', result: null },
      {
        quote: 'Reliable, on time and great value. I have already recommended them to three friends.',
        name: 'Elena Rossi',
        role: 'Returning client',
        result: null,
      },
    ],
  };
}
