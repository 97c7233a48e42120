// Packs for a course and a product launch (see packs.ts).

import type { Pack } from './context';

export const BOOTCAMP: Pack = {
  variant: 'course',
  test: /\b(?:bootcamp|coding|code school|programming)\b/,
  name: 'Weekend Code Camp',
  palette: 'indigo',
  cta: 'Sign up for a weekend',
  ctaShort: 'Sign up',
  booking: {
    title: 'Sign up for a weekend',
    description: 'Reserve your seat. You can pay later; we will confirm by email.',
    submit: 'Reserve my seat',
    successTitle: 'Your seat is reserved!',
    successText: 'Welcome aboard, {name}. Details for your weekend are on their way.',
  },
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true, placeholder: 'Alex Morgan' },
    { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'you@example.com' },
    { name: 'message', label: 'Which weekend?', type: 'textarea', placeholder: 'The date you would like, and anything we should know' },
  ],
  sections: {
    hero: {
      eyebrow: 'Weekend coding bootcamp',
      title: 'Go from zero to your first web app in one weekend',
      subtitle: 'Two intense, friendly days of HTML, CSS, JavaScript and React, taught by working engineers. Leave with a live project and a plan.',
      points: ['No experience needed', '12 people per group', 'Lunch included'],
      panel: {
        title: 'Next weekend',
        rows: [
          { label: 'Starts', value: 'This Saturday' },
          { label: 'Seats left', value: '3' },
          { label: 'Graduates', value: '1,200+' },
        ],
      },
      secondary: { label: 'See the curriculum', href: '#curriculum' },
    },
    curriculum: {
      eyebrow: 'Curriculum',
      title: 'Two days, four modules',
      subtitle: 'Every module ends with something you built and can show.',
      modules: [
        { label: 'Saturday morning', title: 'How the web works', topics: ['HTML structure', 'CSS layout', 'Your first page'] },
        { label: 'Saturday afternoon', title: 'JavaScript essentials', topics: ['Variables and functions', 'The DOM', 'Events'] },
        { label: 'Sunday morning', title: 'Building with React', topics: ['Components', 'State', 'Forms'] },
        { label: 'Sunday afternoon', title: 'Ship it', topics: ['Deploying', 'Demo time', 'What to learn next'] },
      ],
    },
    team: {
      nav: 'Instructors',
      eyebrow: 'Instructors',
      title: 'Taught by engineers who ship for a living',
      subtitle: 'Every instructor works in the industry and teaches because they love it.',
      people: [
        {
          name: 'Ada Nguyen',
          role: 'Lead instructor · Frontend engineer',
          bio: 'Builds design systems at a fintech by day. Has taught 40 weekends and counting.',
        },
        {
          name: 'Ravi Patel',
          role: 'Instructor · Full-stack developer',
          bio: 'Ten years of shipping web apps; explains the hard parts with bad jokes and good diagrams.',
        },
        { name: 'Sofia Berg', role: 'Mentor · Career coach', bio: 'Former bootcamp grad turned tech lead. Helps you plan what comes after the weekend.' },
      ],
    },
    cta: { title: 'Spend one weekend, gain a new skill', subtitle: 'Groups are capped at 12 so everyone gets help. Reserve your seat today.' },
  },
};

export const PRODUCTIVITY: Pack = {
  variant: 'product',
  test: /\b(?:productivity|focus|to-?do|task|planner)\b/,
  name: 'Focusly',
  palette: 'indigo',
  cta: 'Join the waitlist',
  ctaShort: 'Get early access',
  booking: {
    title: 'Join the waitlist',
    description: 'Get early access to Focusly and 40% off your first year.',
    submit: 'Join the waitlist',
    successTitle: 'You are on the list!',
    successText: 'Thanks {name}. We will email you as soon as your invite is ready.',
  },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'Alex Morgan' },
    { name: 'email', label: 'Work email', type: 'email', required: true, placeholder: 'you@company.com' },
  ],
  sections: {
    hero: {
      eyebrow: 'Launching this spring',
      title: 'Plan less. Finish more.',
      subtitle: 'Focusly turns your tasks, calendar and notes into one calm daily plan, so you always know the next thing to do.',
      points: ['Free during beta', 'Works with your calendar', 'iOS, Android, web'],
      panel: {
        title: 'Your day with Focusly',
        rows: [
          { label: 'Deep work booked', value: '3 h 30 m' },
          { label: 'Tasks planned', value: '7 of 7' },
          { label: 'Meetings moved', value: '2' },
        ],
      },
      secondary: { label: 'See features', href: '#features' },
    },
    features: {
      eyebrow: 'Features',
      title: 'Three ideas that change your day',
      subtitle: 'Focusly does a few things and does them properly.',
      items: [
        { icon: 'calendar', title: 'Auto-planned days', body: 'Your tasks are placed into free time on your calendar, and re-planned when meetings move.' },
        { icon: 'timer', title: 'Focus sessions', body: 'One tap starts a distraction-free session with a timer, silenced notifications and a clear goal.' },
        { icon: 'chart', title: 'Weekly review', body: 'Every Friday, a two-minute review shows what you finished and what to carry over.' },
        { icon: 'bell', title: 'Gentle nudges', body: 'Reminders at the right moment, never a flood of notifications.' },
        { icon: 'users', title: 'Shared projects', body: 'Plan with your team without another chat app.' },
        { icon: 'lock', title: 'Private by design', body: 'Your plans are encrypted and never sold.' },
      ],
    },
    signup: {
      title: 'Get early access to Focusly',
      subtitle: 'Join the waitlist today: beta invites go out in small groups, and early members get 40% off for a year.',
      button: 'Join the waitlist',
      note: 'No spam. One email when your invite is ready.',
      startCount: 2417,
    },
  },
};
