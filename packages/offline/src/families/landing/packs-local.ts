// Packs for local businesses: a coach's site, a coffee shop, a wedding photographer (see packs.ts).

import type { Pack } from './context';

export const FITNESS: Pack = {
  variant: 'service',
  test: /\b(?:fitness|personal trainer|strength|gym|coach(?:ing)?)\b/,
  name: 'Peak Form Coaching',
  palette: 'energetic',
  cta: 'Book your free intro call',
  ctaShort: 'Book a call',
  booking: {
    title: 'Book your free intro call',
    description: 'Twenty minutes to talk about your goals and whether we are a good fit. No pressure, no obligation.',
    submit: 'Request my call',
    successTitle: 'Your call is requested!',
    successText: 'Thanks {name}. I will be in touch within 24 hours to pick a time that suits you.',
  },
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true, placeholder: 'Alex Morgan' },
    { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'you@example.com' },
    { name: 'phone', label: 'Phone', type: 'tel', placeholder: '+1 555 010 0199' },
    { name: 'goal', label: 'Your goal', type: 'textarea', placeholder: 'Get stronger, lose weight, run a 10K…' },
  ],
  sections: {
    hero: {
      eyebrow: 'Personal fitness coaching',
      title: 'Stronger every week. Coached every step.',
      subtitle: 'One-to-one training and nutrition coaching built around your body, your schedule and your goals. No fads, just results that last.',
      points: ['Free intro call', 'Plans that fit your week', 'Results in 12 weeks'],
      panel: {
        title: 'Client results',
        rows: [
          { label: 'Average strength gain', value: '+38%' },
          { label: 'Clients coached', value: '420+' },
          { label: 'Average rating', value: '4.9 / 5' },
        ],
      },
      secondary: { label: 'See programmes', href: '#services' },
    },
    services: {
      nav: 'Programmes',
      eyebrow: 'Coaching programmes',
      title: 'Pick the programme that fits your life',
      subtitle: 'Every programme starts with a free call and an assessment, then a plan written just for you.',
      action: 'Book a call',
      items: [
        {
          name: 'Kickstart',
          detail: '4 weeks · online',
          body: 'Build the habits: a simple training plan and weekly check-ins to get you moving.',
          points: ['3 workouts a week in the app', 'Weekly video check-in', 'Starter nutrition guide'],
          price: '$149',
        },
        {
          name: '1:1 Transformation',
          detail: '12 weeks · in person or online',
          body: 'The full programme: coached sessions, nutrition and accountability every day.',
          points: ['2 coached sessions a week', 'Personal nutrition plan', 'Daily messaging support'],
          price: '$890',
        },
        {
          name: 'Strength Club',
          detail: 'Monthly · small group',
          body: 'Train with a small group of 6 and get coaching at a friendlier price.',
          points: ['3 group sessions a week', 'Technique coaching', 'Monthly progress tests'],
          price: '$119/mo',
        },
      ],
    },
    testimonials: {
      eyebrow: 'Client results',
      title: 'Real people, real results',
      subtitle: 'A few of the clients I have coached this year.',
      items: [
        {
          quote: 'I had tried every app and gym plan. Having a coach who adjusted everything to my week is what finally worked.',
          name: 'Jordan Ellis',
          role: '1:1 Transformation',
          result: '-9 kg in 12 weeks',
        },
        {
          quote: 'My back pain is gone and I deadlift more than I ever thought I could. Sessions are tough and fun.',
          name: 'Maria Gonzalez',
          role: 'Strength Club',
          result: '+60 kg deadlift',
        },
        {
          quote: 'The plan fit around night shifts and two kids. I ran my first 10K in May, pain-free.',
          name: 'Sam Whitaker',
          role: 'Kickstart → 1:1',
          result: 'First 10K in 54 min',
        },
      ],
    },
    about: {
      eyebrow: 'Your coach',
      monogram: 'PF',
      title: 'Hi, I’m Alex: certified coach, former physio',
      paragraphs: [
        'For twelve years I have helped busy people get strong without living in the gym. I coach the way I would want to be coached: clear plans, honest feedback, and no shaming.',
        'Every programme adapts to your progress, your injuries and your real life, week by week.',
      ],
      points: ['Certified strength coach', 'Sports physiotherapist', 'Nutrition certified', '420+ clients coached'],
    },
    cta: {
      title: 'Your first step is a free 20-minute call',
      subtitle: 'Tell me where you are and where you want to be. We will leave the call with a plan, whether you join or not.',
    },
  },
};

export const COFFEE: Pack = {
  variant: 'venue',
  test: /\b(?:coffee|caf[eé]|espresso|roaster)\b/,
  name: 'Corner Bean Coffee',
  palette: 'coffee',
  cta: 'Pre-order for pickup',
  ctaShort: 'Order ahead',
  booking: {
    title: 'Pre-order for pickup',
    description: 'Tell us what you would like and when you will pop in. We will have it ready.',
    submit: 'Send my order',
    successTitle: 'Order received!',
    successText: 'Thanks {name}, your order will be ready at the counter at your pickup time.',
    note: 'Pay when you collect.',
  },
  fields: [
    { name: 'name', label: 'Name for the order', type: 'text', required: true, placeholder: 'Alex' },
    { name: 'phone', label: 'Phone', type: 'tel', required: true, placeholder: '+1 555 010 0199' },
    { name: 'time', label: 'Pickup time', type: 'time', required: true },
    { name: 'order', label: 'Your order', type: 'textarea', required: true, placeholder: '1 × Flat white, 1 × Butter croissant' },
  ],
  sections: {
    hero: {
      eyebrow: 'Neighbourhood coffee shop',
      title: 'Good coffee, right around the corner',
      subtitle: 'Small-batch beans roasted down the road, pastries baked every morning, and a table by the window with your name on it.',
      points: ['Open 7 days', 'Order ahead', 'Oat milk free'],
      panel: {
        title: 'Today at Corner Bean',
        rows: [
          { label: 'Beans of the week', value: 'Ethiopia Guji' },
          { label: 'Pickup ready in', value: '~10 min' },
          { label: 'Fresh croissants', value: 'Until 11:00' },
        ],
      },
      secondary: { label: 'See the menu', href: '#menu' },
    },
    about: {
      eyebrow: 'Our story',
      monogram: 'CB',
      title: 'A neighbourhood place since 2016',
      paragraphs: [
        'We opened Corner Bean to be the coffee shop we wanted on our own street: warm, unfussy and serious about coffee.',
        'Our beans come from a roaster two streets away and our bakers start at 5 every morning.',
      ],
      points: ['Locally roasted', 'Baked in-house', 'Dog friendly', 'Free Wi-Fi'],
    },
    cta: { title: 'Skip the queue tomorrow morning', subtitle: 'Pre-order on your way and your coffee will be waiting at the counter.' },
  },
};

export const WEDDING: Pack = {
  variant: 'portfolio',
  test: /\b(?:photograph(?:er|y)|wedding)\b/,
  name: 'Golden Hour Weddings',
  palette: 'rose',
  cta: 'Check my date',
  ctaShort: 'Enquire',
  booking: {
    title: 'Check availability',
    description: 'Tell me about your day. I reply to every enquiry within 24 hours.',
    submit: 'Send enquiry',
    successTitle: 'Enquiry sent!',
    successText: 'Thank you {name}! I will check the date and reply within 24 hours.',
  },
  fields: [
    { name: 'name', label: 'Your names', type: 'text', required: true, placeholder: 'Alex & Sam' },
    { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'you@example.com' },
    { name: 'date', label: 'Wedding date', type: 'date', required: true },
    { name: 'message', label: 'Venue and plans', type: 'textarea', placeholder: 'Where, how many guests, what you are dreaming of…' },
  ],
  sections: {
    hero: {
      eyebrow: 'Wedding photography',
      title: 'Your day, told honestly and beautifully',
      subtitle: 'Relaxed, documentary wedding photography for couples who would rather enjoy their day than pose through it.',
      points: ['Full-day coverage', 'Gallery in 4 weeks', 'Travel anywhere'],
      panel: {
        title: 'Booking 2026–2027',
        rows: [
          { label: 'Weddings photographed', value: '180+' },
          { label: 'Dates left this summer', value: '4' },
          { label: 'Reply within', value: '24 h' },
        ],
      },
      secondary: { label: 'See the portfolio', href: '#gallery' },
    },
    gallery: {
      nav: 'Portfolio',
      eyebrow: 'Portfolio',
      title: 'Recent weddings',
      subtitle: 'A few favourite moments from the last season.',
      items: [
        { title: 'Lakeside vows', caption: 'Lake Como · June', hue: 200 },
        { title: 'First look', caption: 'City hall · April', hue: 340 },
        { title: 'Golden hour', caption: 'Tuscany · September', hue: 32 },
        { title: 'The speeches', caption: 'Barn wedding · May', hue: 20 },
        { title: 'Dance floor', caption: 'Brooklyn loft · October', hue: 265 },
        { title: 'Quiet moment', caption: 'Elopement · March', hue: 150 },
      ],
    },
    services: {
      nav: 'Packages',
      eyebrow: 'Packages',
      title: 'Wedding packages',
      subtitle: 'Every package includes an online gallery, print rights and a pre-wedding call.',
      action: 'Enquire',
      items: [
        {
          name: 'Elopement',
          detail: 'Up to 3 hours',
          body: 'For intimate ceremonies and adventurous couples.',
          points: ['Ceremony and portraits', '150+ edited photos', 'Online gallery'],
          price: '$1,400',
        },
        {
          name: 'Full day',
          detail: 'Up to 10 hours',
          body: 'From getting ready to the first dance, every moment covered.',
          points: ['Two photographers', '600+ edited photos', 'Engagement session'],
          price: '$3,600',
        },
        {
          name: 'Weekend',
          detail: 'Two days',
          body: 'Rehearsal dinner, the big day and a relaxed day-after shoot.',
          points: ['Everything in Full day', 'Day-after session', 'Heirloom album'],
          price: '$5,200',
        },
      ],
    },
    testimonials: {
      eyebrow: 'Kind words',
      title: 'From our couples',
      subtitle: 'Every couple gets the same care, whether it is 10 guests or 200.',
      items: [
        {
          quote: 'We forgot the camera was even there, and then cried looking at the gallery. Every moment is in it.',
          name: 'Hannah & Luis',
          role: 'Married in Tuscany',
          result: null,
        },
        {
          quote: 'Calm, kind and so organised. Our families still talk about how easy the group photos were.',
          name: 'Aisha & Tom',
          role: 'Barn wedding',
          result: null,
        },
        {
          quote: 'The photos feel like us. Honest, warm and full of light. Worth every penny.',
          name: 'Chloe & Dan',
          role: 'City hall elopement',
          result: null,
        },
      ],
    },
    cta: { title: 'Is your date still free?', subtitle: 'Popular dates book up a year ahead. Send an enquiry and I will check straight away.' },
  },
};
