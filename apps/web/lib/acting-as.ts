/**
 * Set (to "1") while a staff member acts as someone in this browser. It carries no token and grants
 * nothing: it only tells server rendering not to prefetch the staff member's own data into pages
 * the browser then fills as the person (the token stays in the tab's sessionStorage).
 */
export const ACTING_AS_COOKIE = 'sprout-acting-as';
