// The check cookie's name and the preview host's answer when a candidate's build is gone, shared by
// the checks (checks/) and the preview host: a module of its own, because the checks are created by
// the services and so must not import anything that imports them.

/**
 * The server's render check (checks/render-check.ts) loads a run's candidate version, which is not in
 * the database yet, on the project's preview origin. It carries a `check` preview token in this cookie:
 * signed in-process with the API's keys for one owner, one project and one candidate version, valid
 * 60 s, and never returned by any route. The checker adds it to the requests it answers through the
 * API itself, so the token never reaches the page (nor any other host).
 */
export const CHECK_COOKIE = 'sprout_render_check';

/** Said by the preview host when the candidate's build is no longer in memory: the check is skipped. */
export const CHECK_BUILD_GONE = 'The version to check is no longer in the preview build cache.';
