import type { RemixCardData } from '@/lib/server/remix-card';
import { ProjectAvatar } from '@/features/projects';

/**
 * "Sign up to remix Team Standup Board", with the project's picture (or its initial on a tinted
 * tile while it has none): what a signed-out visitor of a share link is about to copy, on the
 * sign-up and sign-in pages, rendered on the server with them.
 */
export function RemixCard({ card, action }: { card: RemixCardData; action: 'Sign up' | 'Sign in' }) {
  return (
    // On a phone, a small picture beside the words keeps the form in view; from 640 px it stands above them.
    <span className="flex w-full items-center gap-3 text-left sm:flex-col sm:items-stretch" data-testid="remix-card" data-project-id={card.id}>
      <span className="block w-28 shrink-0 overflow-hidden rounded-lg border bg-muted sm:w-full">
        {card.pictureUrl ? (
          // A plain <img>: the picture comes from the API's origin, at its own size, and is small.
          <img
            src={card.pictureUrl}
            alt={`Picture of ${card.displayName}`}
            className="aspect-[16/10] w-full object-cover object-top"
            data-testid="remix-card-picture"
          />
        ) : (
          <span
            role="img"
            aria-label={`${card.displayName} has no picture yet`}
            className="flex aspect-[16/10] w-full items-center justify-center bg-gradient-to-br from-primary/10 via-muted to-primary/5"
            data-testid="remix-card-placeholder"
          >
            <ProjectAvatar name={card.displayName} seed={card.id} className="size-9 text-base shadow-sm sm:size-14 sm:text-2xl" />
          </span>
        )}
      </span>
      <span className="grid min-w-0 gap-1">
        <span className="text-base text-foreground">
          {action} to remix{' '}
          <strong className="font-semibold break-words" data-testid="remix-card-name">
            {card.displayName}
          </strong>
        </span>
        <span className="text-xs text-muted-foreground">You get your own copy to change however you like; the original stays as it is.</span>
      </span>
    </span>
  );
}
