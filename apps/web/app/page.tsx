import { PromptBox, RecentProjects } from '@/features/projects';
import { HomeRoot, Hero, QuickStartChips, TemplatePicker, HowItWorks, MobileAppsSection } from '@/features/home';

// The home page keeps the site's default title, 'AI App Builder & Vibe Coding Platform'.
export default function HomePage() {
  return (
    <HomeRoot>
      <Hero>
        <PromptBox autoFocus source="home" />
        <QuickStartChips className="mt-6" />
      </Hero>

      <RecentProjects />

      <section aria-labelledby="templates-heading" className="mx-auto w-full max-w-5xl px-4 py-12 sm:py-16">
        <div className="mb-8 text-center">
          <p className="text-sm font-medium text-primary">Templates</p>
          <h2 id="templates-heading" className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">
            Start from a proven shape
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
            Pick what you are making and who it is for. We write the first prompt; you make it yours.
          </p>
        </div>
        <TemplatePicker />
      </section>

      <div className="border-y bg-muted/30">
        <HowItWorks />
      </div>

      <div className="pt-16 sm:pt-24">
        <MobileAppsSection />
      </div>
    </HomeRoot>
  );
}
