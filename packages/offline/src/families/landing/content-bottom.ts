// Default copy for the rest of the section library (see content-top.ts).

import type { Content, LandingCtx } from './context';

export function pricingContent(c: LandingCtx): Content {
  const product = c.variant === 'product';
  return {
    eyebrow: 'Pricing',
    title: product ? 'Simple pricing that grows with you' : 'Clear prices, no surprises',
    subtitle: product
      ? 'Start free. Upgrade when you need more. Early waitlist members get 40% off for a year.'
      : 'Pick what suits you today; you can change it anytime.',
    tiers: [
      {
        name: product ? 'Free' : 'Essential',
        price: product ? '$0' : '$49',
        period: product ? 'forever' : 'per visit',
        description: 'Everything you need to get started.',
        features: ['The core features', 'Email support', 'Up to 3 projects'],
        cta: product ? 'Join the waitlist' : 'Choose Essential',
        featured: false,
      },
      {
        name: product ? 'Pro' : 'Plus',
        price: product ? '$8' : '$129',
        period: product ? 'per month' : 'per month',
        description: 'For people who use it every day.',
        features: ['Everything in the first plan', 'Unlimited projects', 'Priority support', 'Advanced insights'],
        cta: product ? 'Get early access' : 'Choose Plus',
        featured: true,
      },
      {
        name: product ? 'Team' : 'Complete',
        price: product ? '$20' : '$299',
        period: product ? 'per user / month' : 'per month',
        description: 'For groups that work together.',
        features: ['Everything in Pro', 'Shared workspaces', 'Admin controls', 'Onboarding call'],
        cta: 'Talk to us',
        featured: false,
      },
    ],
  };
}

export function faqContent(c: LandingCtx): Content {
  const items: Record<LandingCtx['variant'], { q: string; a: string }[]> = {
    service: [
      {
        q: 'What happens on the first call?',
        a: 'We talk about where you are, where you want to be and whether we are a good fit. It is free and there is no obligation.',
      },
      { q: 'How soon can I start?', a: 'Usually within a week. Pick a time that suits you and we will take it from there.' },
      { q: 'Can I cancel or pause?', a: 'Yes. Plans are month to month and you can pause whenever life gets busy.' },
      { q: 'Do you work online?', a: 'Yes: sessions can be in person or by video, whichever suits you better.' },
    ],
    product: [
      { q: 'When does it launch?', a: 'The beta opens to the waitlist first, in small groups. Join now to be among the first.' },
      { q: 'Is there a free plan?', a: 'Yes, the free plan stays free. Paid plans add more projects, people and insights.' },
      { q: 'Can I import my data?', a: 'You can import from a spreadsheet or the most common tools in a couple of clicks.' },
      { q: 'What about privacy?', a: 'Your data is yours: encrypted, never sold, and you can export or delete it anytime.' },
    ],
    venue: [
      { q: 'Can I order ahead?', a: 'Yes: send a pre-order with your pickup time and it will be ready when you arrive.' },
      { q: 'Do you have vegan options?', a: 'Plenty. Oat and soy milk are free, and the menu marks vegan dishes.' },
      { q: 'Is there seating?', a: 'Yes, inside and a few tables outside when the weather is kind.' },
      { q: 'Do you take cards?', a: 'Cards, phones and cash are all welcome.' },
    ],
    course: [
      { q: 'Do I need experience?', a: 'No. The first module starts from the basics; curiosity is the only requirement.' },
      { q: 'What should I bring?', a: 'A laptop and a charger. Everything else is provided, including lunch.' },
      { q: 'Is there a certificate?', a: 'Yes, everyone who completes the final project receives one.' },
      { q: 'Can I get a refund?', a: 'Full refund up to 14 days before the start date, no questions asked.' },
    ],
    portfolio: [
      { q: 'How far ahead should I book?', a: 'Popular dates go 9 to 12 months ahead, but it is always worth asking.' },
      { q: 'Do you travel?', a: 'Yes, anywhere. Travel within 50 km is included.' },
      { q: 'When do we get the photos?', a: 'A preview within a week and the full gallery within four weeks.' },
      { q: 'Can we meet first?', a: 'Of course: a short call or coffee to get to know each other is the best start.' },
    ],
  };
  return { eyebrow: 'FAQ', title: 'Questions, answered', items: items[c.variant] };
}

export function menuContent(): Content {
  return {
    eyebrow: 'Menu',
    title: 'Today’s menu',
    subtitle: 'Tap + on anything to add it to a pickup order.',
    categories: [
      {
        name: 'Coffee',
        items: [
          { name: 'Espresso', description: 'Single-origin, rotating weekly', price: '$3.00' },
          { name: 'Flat white', description: 'Double shot, silky milk', price: '$4.20' },
          { name: 'Oat latte', description: 'With house oat milk', price: '$4.60' },
          { name: 'Cold brew', description: 'Steeped for 18 hours', price: '$4.50' },
        ],
      },
      {
        name: 'Food',
        items: [
          { name: 'Butter croissant', description: 'Baked every morning', price: '$3.40' },
          { name: 'Banana bread', description: 'With salted butter', price: '$3.80' },
          { name: 'Avocado toast', description: 'Sourdough, chilli, lime', price: '$9.50' },
          { name: 'Granola bowl', description: 'Yoghurt, berries, honey', price: '$7.80' },
        ],
      },
    ],
  };
}

export function galleryContent(c: LandingCtx): Content {
  const titles = ['First light', 'Quiet details', 'The big day', 'Candid', 'Golden hour', 'After dark'];
  return {
    nav: 'Work',
    eyebrow: 'Selected work',
    title: 'A few favourites',
    subtitle: `Recent work by ${c.name}.`,
    items: titles.map((title, i) => ({
      title,
      caption: ['Portrait', 'Detail', 'Event', 'Documentary', 'Outdoor', 'Evening'][i],
      hue: [28, 340, 200, 150, 40, 260][i],
    })),
  };
}

export function curriculumContent(): Content {
  return {
    eyebrow: 'Curriculum',
    title: 'What you will learn',
    subtitle: 'Four modules, each ending with something you built yourself.',
    modules: [
      { label: 'Module 1', title: 'Foundations', topics: ['Core concepts', 'Tools and setup', 'First project'] },
      { label: 'Module 2', title: 'Building blocks', topics: ['Patterns', 'Practice exercises', 'Code review'] },
      { label: 'Module 3', title: 'Real-world project', topics: ['Planning', 'Team work', 'Feedback'] },
      { label: 'Module 4', title: 'Show and next steps', topics: ['Demo day', 'Portfolio', 'Career advice'] },
    ],
  };
}

export function teamContent(c: LandingCtx): Content {
  const course = c.variant === 'course';
  return {
    nav: course ? 'Instructors' : 'Team',
    eyebrow: course ? 'Instructors' : 'Team',
    title: course ? 'Learn from people who do this every day' : 'The people behind it',
    subtitle: course ? 'Working professionals who love to teach.' : `Meet the team at ${c.name}.`,
    people: [
      { name: 'Ada Nguyen', role: course ? 'Lead instructor' : 'Founder', bio: 'Ten years in the field and still excited about every new project.' },
      { name: 'Tom Becker', role: course ? 'Instructor' : 'Operations', bio: 'Makes sure everything runs on time, every time.' },
      { name: 'Lina Okoro', role: course ? 'Mentor' : 'Client care', bio: 'The friendly voice you hear when you get in touch.' },
    ],
  };
}

export function datesContent(): Content {
  return {
    eyebrow: 'Upcoming dates',
    title: 'Pick your weekend',
    subtitle: 'Small groups of 12 so everyone gets attention. Seats go fast.',
    action: 'Reserve',
    items: [
      { title: 'Weekend cohort', detail: 'Sat & Sun, 9:30–17:00', weeksFromNow: 1, days: 2, seats: 3 },
      { title: 'Weekend cohort', detail: 'Sat & Sun, 9:30–17:00', weeksFromNow: 4, days: 2, seats: 8 },
      { title: 'Intensive cohort', detail: 'Two weekends in a row', weeksFromNow: 8, days: 9, seats: 12 },
    ],
  };
}

export function visitContent(c: LandingCtx): Content {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  return {
    eyebrow: 'Visit us',
    title: 'Come and say hello',
    subtitle: `${c.name} is around the corner. Order ahead and skip the queue.`,
    address: '24 Market Street, Springfield',
    hours: days.map((day, i) => ({ day, time: i < 5 ? '7:00 – 18:00' : i === 5 ? '8:00 – 17:00' : '9:00 – 15:00' })),
  };
}

export function signupContent(c: LandingCtx): Content {
  return {
    title: `Be first to try ${c.name}`,
    subtitle: 'Join the waitlist and get early access plus 40% off your first year.',
    button: 'Join the waitlist',
    note: 'No spam. One email when your invite is ready.',
  };
}

export function contactContent(c: LandingCtx): Content {
  return { eyebrow: 'Contact', title: 'Get in touch', subtitle: `Tell ${c.name} a little about what you need and you will hear back within a day.` };
}

export function ctaContent(c: LandingCtx): Content {
  const byVariant: Record<LandingCtx['variant'], Content> = {
    service: { title: 'Ready when you are', subtitle: 'Book a free call: twenty minutes to see if we are a good fit. No pressure, no obligation.' },
    product: { title: `Get ${c.name} before everyone else`, subtitle: 'Early members shape what we build next, and pay less for it.' },
    venue: { title: 'Skip the queue', subtitle: 'Order ahead and it will be waiting for you, fresh and hot.' },
    course: { title: 'Your next weekend could change your career', subtitle: 'Seats are limited to keep groups small. Reserve yours today.' },
    portfolio: { title: 'Tell me about your day', subtitle: 'Dates fill up early. Send an enquiry and I will reply within a day.' },
  };
  return byVariant[c.variant];
}
