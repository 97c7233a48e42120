/** How long a published page's title and description may be (what search results and link previews show whole). */
export const SITE_TITLE_MAX = 70;
export const SITE_DESCRIPTION_MAX = 200;
/** The largest social image and favicon a person may upload. */
export const SOCIAL_IMAGE_MAX_BYTES = 1024 * 1024;
export const FAVICON_MAX_BYTES = 100 * 1024;
