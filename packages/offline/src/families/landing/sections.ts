// The section library: which file and component each section id is, and its content (a pack's
// copy when there is one, else the default copy).

import type { SectionId } from '../../understand/sections';
import { literal } from '../literal';
import { fill, type GeneratedFile } from '../source';
import { aboutContent, featuresContent, heroContent, servicesContent, statsContent, testimonialsContent } from './content-top';
import {
  contactContent,
  ctaContent,
  curriculumContent,
  datesContent,
  faqContent,
  galleryContent,
  menuContent,
  pricingContent,
  signupContent,
  teamContent,
  visitContent,
} from './content-bottom';
import type { Content, LandingCtx, Pack } from './context';

/** Section id → component (hours and location share the Visit section). */
export const COMPONENTS: Record<SectionId, string> = {
  hero: 'Hero',
  about: 'About',
  features: 'Features',
  services: 'Services',
  menu: 'Menu',
  gallery: 'Gallery',
  curriculum: 'Curriculum',
  team: 'Team',
  dates: 'Dates',
  stats: 'Stats',
  testimonials: 'Testimonials',
  pricing: 'Pricing',
  hours: 'Visit',
  location: 'Visit',
  faq: 'Faq',
  contact: 'Contact',
  signup: 'Signup',
  cta: 'CallToAction',
};

/** Page order of the sections. */
export const ORDER: readonly SectionId[] = [
  'hero',
  'stats',
  'features',
  'gallery',
  'services',
  'menu',
  'about',
  'curriculum',
  'team',
  'dates',
  'testimonials',
  'pricing',
  'hours',
  'faq',
  'contact',
  'signup',
  'cta',
];

const DEFAULT_CONTENT: Record<string, (c: LandingCtx) => Content> = {
  Hero: heroContent,
  Features: featuresContent,
  Services: servicesContent,
  About: aboutContent,
  Stats: statsContent,
  Testimonials: testimonialsContent,
  Pricing: pricingContent,
  Faq: faqContent,
  Menu: menuContent,
  Gallery: galleryContent,
  Curriculum: curriculumContent,
  Team: teamContent,
  Dates: datesContent,
  Visit: visitContent,
  Signup: signupContent,
  Contact: contactContent,
  CallToAction: ctaContent,
};

const PACK_KEY: Record<string, string> = {
  Hero: 'hero',
  Features: 'features',
  Services: 'services',
  About: 'about',
  Testimonials: 'testimonials',
  Gallery: 'gallery',
  Curriculum: 'curriculum',
  Team: 'team',
  Signup: 'signup',
  CallToAction: 'cta',
};

function sectionContent(component: string, ctx: LandingCtx, pack: Pack | null): Content {
  const own = pack?.sections[PACK_KEY[component] ?? ''];
  return own ?? DEFAULT_CONTENT[component]!(ctx);
}

export function sectionFile(component: string, ctx: LandingCtx, pack: Pack | null): GeneratedFile {
  return {
    path: `client/src/sections/${component}.tsx`,
    content: fill(`landing/sections/${component}.tsx`, { CONTENT: literal(sectionContent(component, ctx, pack)) }),
  };
}

/** The landing page's App.tsx: header, the sections in order, footer and the booking dialog. */
export function appSource(components: readonly string[]): string {
  const imports = components.map((c) => `import { ${c} } from '@/sections/${c}';`).join('\n');
  const body = components.map((c) => `        <${c} />`).join('\n');
  return `import { BookingDialog } from '@/components/BookingDialog';
import { SiteFooter } from '@/components/SiteFooter';
import { SiteHeader } from '@/components/SiteHeader';
${imports}

// The page is a list of sections (client/src/sections). Reorder, add or remove them here.
export default function App() {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <SiteHeader />
      <main>
${body}
      </main>
      <SiteFooter />
      <BookingDialog />
    </div>
  );
}
`;
}
