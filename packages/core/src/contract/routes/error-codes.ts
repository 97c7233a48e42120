// Every error code the API answers with, its HTTP status(es) and what it says when the place that
// raises it has nothing more precise to say. The API can raise only these codes, and a client branches
// on them by this type, never by a string it wrote itself. No zod here: the browser imports it.

interface ErrorEntry {
  status: number | readonly number[];
  message: string;
}

// The statuses stay literal types, so the API's error type can refuse a status its code never has.
const e = <const S extends ErrorEntry['status']>(status: S, message: string) => ({ status, message });

export const ERROR_CODES = {
  // Requests the API cannot read
  invalid_request: e(400, 'The request is not valid.'),
  invalid_json: e(400, 'The request body is not valid JSON.'),
  unsupported_media_type: e(415, 'Send the request body as application/json.'),
  body_too_large: e(413, 'The request body is too large.'),
  bad_request: e(400, 'The request is not valid.'),
  not_found: e(404, 'Not found.'),
  internal: e(500, 'Something went wrong on our side. Please try again.'),
  unavailable: e(503, 'Sprout is temporarily unavailable. Please try again in a moment.'),
  too_many_requests: e(429, 'Too many requests. Please slow down.'),

  // Who is calling
  unauthenticated: e(401, 'Sign in to continue.'),
  invalid_token: e(401, 'Your sign-in token is not valid. Please sign in again.'),
  token_revoked: e(401, 'Your session has ended. Please sign in again.'),
  token_expired: e(401, 'Your session has expired. Please sign in again.'),
  invalid_refresh_token: e(401, 'Your session has ended. Please sign in again.'),
  forbidden: e(403, 'You do not have access to this.'),
  feature_disabled: e(403, 'This feature is not available on your plan.'),
  wrong_origin: e(403, 'This backend answers only its own app.'),
  preview_expired: e(401, 'This preview has expired. Open it again from Sprout.'),

  // Accounts
  invalid_credentials: e(401, 'Incorrect email or password.'),
  email_taken: e(409, 'An account with this email already exists.'),
  too_many_attempts: e(429, 'Too many attempts. Please try again later.'),
  too_many_registrations: e(429, 'Too many new accounts right now. Please try again later.'),
  too_many_emails: e(429, 'We have sent several emails already. Please check your inbox, or try again later.'),
  invalid_reset_token: e(400, 'This reset link is invalid or has expired. Request a new one.'),
  invalid_verification_token: e(400, 'This link is invalid or has expired. Send a new one from Settings.'),
  already_verified: e(409, 'Your email address is already verified.'),
  same_email: e(400, 'This is already your email address.'),
  too_many_tokens: e(409, 'You hold as many access tokens as you may. Revoke one you no longer use.'),
  same_password: e(400, 'Choose a password different from your current one.'),
  wrong_password: e(400, 'Your password is not correct.'),
  unknown_provider: e(404, 'This sign-in provider is not set up here.'),
  invalid_sign_in_code: e(400, 'This sign-in has expired. Please try again.'),

  // Plans and limits
  project_limit_reached: e(402, "You have reached your plan's project limit. Upgrade to create more."),
  message_limit_reached: e(402, 'You have used all your messages. Upgrade to send more.'),
  deployment_limit_reached: e(402, "You have reached your plan's published-app limit. Unpublish another app or upgrade."),
  quota_exceeded: e(403, 'This app has used all of its storage.'),
  too_many_streams: e(429, 'Too many live connections. Close some tabs and try again.'),
  batch_too_large: e(413, 'Send fewer events at a time, or sign in.'),

  // Billing
  billing_unavailable: e([409, 502, 503], 'Payments are not available right now. Nothing was charged. Please try again in a moment.'),
  stripe_unavailable: e(503, 'Could not read the subscription from Stripe. Retry later.'),
  already_on_plan: e(409, 'You are already on this plan.'),
  managed_by_sales: e(409, 'This plan is managed by our sales team. Contact us to change it.'),
  managed_in_store: e(409, 'You subscribed in an app store. Change or cancel your plan there.'),
  no_subscription: e(409, 'You have no subscription to manage. Pick a plan on the pricing page.'),
  no_test_subscription: e(409, 'You have no test-mode subscription to manage.'),
  plan_included: e(409, 'Your plan already includes unlimited projects and messages. There is nothing to buy.'),
  own_plan: e(400, 'You cannot change your own plan. Ask another staff member.'),
  has_paid_subscription: e(409, 'This person pays for their plan. Cancel that subscription first.'),
  checkout_completed: e(409, 'This checkout was already paid.'),
  checkout_expired: e(410, 'This checkout has expired. Start again from the pricing page.'),
  missing_signature: e(400, 'The signature header is missing.'),
  invalid_signature: e(400, 'The signature header does not match this event.'),
  signature_expired: e(400, 'The signature timestamp is too old: the event looks replayed.'),
  not_configured: e(503, 'This is not configured on this server.'),

  // Projects, runs, versions and files
  run_active: e(409, 'A reply is still being written for this project. Wait for it or stop it.'),
  runtime_errors_not_seen: e(422, 'None of these errors happened in this version’s preview, so no repair was started.'),
  invalid_model: e(400, 'The model override cannot be used.'),
  invalid_attachment: e(400, 'An attached image does not exist or is not yours. Upload it again.'),
  attempt_not_found: e(404, 'This reply kept no attempt.'),
  version_not_found: e(404, 'This version does not exist.'),
  version_conflict: e(409, 'The project changed since you opened this file. Reload it and apply your edit again.'),
  plan_not_found: e(404, 'This plan does not exist.'),
  plan_approved: e(409, 'This plan was built already.'),
  element_not_found: e(404, 'This element is no longer in the code (it may have changed): select it again.'),
  visual_edit_refused: e(400, 'This change cannot be made to this element.'),
  not_visual: e(409, 'This version was not made by a visual edit.'),
  version_data_gone: e(409, "This version's test data is no longer kept."),
  nothing_to_remix: e(409, 'This project has no saved version yet.'),
  no_version: e(409, 'This project has no files yet.'),
  invalid_path: e(400, 'This file path cannot be used.'),
  invalid_files: e(400, 'A file of this project is not valid.'),
  invalid_file_path: e(422, 'A file of this project cannot be exported under its name.'),
  path_conflict: e(409, 'Another file has the same name on macOS and Windows. Use another name.'),
  file_too_large: e([400, 413], 'This file is too large.'),
  too_many_files: e(400, 'This project has too many files.'),
  empty_file: e(400, 'Send the file as the request body.'),
  invalid_image: e(400, 'Send the image file itself as the request body.'),
  unsupported_image: e(415, 'Only PNG, JPEG, WebP and GIF images can be uploaded.'),
  file_type: e(415, 'Only images (PNG, JPEG, GIF, WebP), PDF, plain text and CSV files can be uploaded.'),
  invalid_package_json: e(400, "The project's package.json is not valid."),

  // Publishing
  build_failed: e(422, 'The app does not build, so it cannot be published.'),
  publish_blocked: e(422, 'The security check found problems that must be fixed, or accepted with a reason, before publishing.'),
  nothing_to_fix: e(409, 'The security check finds nothing critical to fix in this version.'),
  security_fix_limit_reached: e(429, 'Free security fixes are used up for today. Send a message to fix it instead.'),
  not_published: e(409, 'This project has not been published yet.'),
  invalid_address: e(422, 'This address cannot be used.'),
  address_taken: e(409, 'This address is taken. Choose another.'),
  slug_unavailable: e(503, 'Could not find a free address for this app. Please try again.'),
  invalid_domain: e(422, 'This domain name cannot be used.'),
  domain_taken: e(409, 'This domain is connected to another app.'),
  domain_not_verified: e(409, 'This domain is not connected yet. Create its DNS records and check again.'),
  custom_domain_limit_reached: e(402, 'Your plan does not include more custom domains. Upgrade to connect one.'),
  publish_unavailable: e(503, 'Publishing is taking longer than usual. Check the project again in a minute, or try again.'),

  // A project's remote git repository
  invalid_remote: e(422, 'This repository address or token cannot be used.'),
  remote_failed: e(422, 'Sprout could not reach the remote repository.'),
  no_remote: e(409, 'This project is not connected to a remote repository.'),
  pull_refused: e(422, 'A commit of the remote breaks a rule every version follows, so nothing was pulled.'),
  remote_diverged: e(409, 'The remote and Sprout both have new commits. Nothing was changed.'),

  // Importing a project from a git repository or a zip
  invalid_zip: e(400, 'This file is not a zip archive Sprout can read.'),
  import_too_large: e(413, 'This project is larger than a Sprout project may be.'),
  not_a_project: e(422, 'This does not look like a Vite or React project.'),

  // Apps' own backends
  invalid_collection: e(400, 'Collection names start with a letter and use letters, digits, - and _.'),
  collection_required: e(400, 'Name a collection.'),
  invalid_document: e([400, 413], 'A document must be a JSON object.'),
  invalid_query: e(400, 'This query is not valid.'),
  duplicate: e(409, 'Another entry already has this value.'),
  rules_invalid: e([409, 503], "The app's data rules (sprout.data.json) are not valid."),

  // Apps' server functions and their secrets
  function_not_found: e(404, 'This app has no function by this name.'),
  function_build_failed: e(500, 'This function does not build.'),
  function_error: e(500, 'This function failed.'),
  function_timeout: e(504, 'This function ran too long and was stopped.'),
  function_stopped: e(503, 'This function used too many resources and was stopped.'),
  function_reply_too_large: e(502, "This function's reply is too large."),
  function_request_too_large: e(413, 'This request is too large for a function.'),
  ai_cap_reached: e(429, 'This app has used its AI allowance for this month. Its owner can raise the limit in Sprout.'),
  ai_cap_too_high: e(400, 'The cap is higher than this plan allows.'),
  ai_request_too_large: e(413, 'This AI request is too long. Send fewer or shorter messages.'),
  ai_unavailable: e(503, 'The AI service did not answer. Please try again in a moment.'),
  email_quota_reached: e(429, 'This app has sent as many e-mails today as its plan allows.'),
  email_failed: e(502, 'The e-mail could not be sent: the mail server refused it.'),
  payments_not_set_up: e(503, 'This app cannot take payments yet: its owner has not connected Stripe.'),
  payment_not_refundable: e(409, 'Only a paid order can be refunded.'),
  payment_failed: e(502, 'Stripe did not accept the request. Please try again in a moment.'),
  sign_in_required: e(401, 'Sign in to use this.'),
  too_many_secrets: e(409, 'This project has as many secrets as it may hold.'),

  // Staff tools
  invalid_flag_value: e(400, 'This value does not fit the flag.'),
  invalid_range: e(400, 'This date range is not valid.'),
} as const satisfies Record<string, ErrorEntry>;

/** A code the API may answer with. */
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Codes only the web client makes: the network, not the server, failed (`network`, `timeout`,
 * `aborted`, `offline`), or an answer came that names no code (a proxy's error page, a body cut
 * short): `unreadable`.
 */
export type ClientErrorCode = 'network' | 'timeout' | 'aborted' | 'offline' | 'unreadable';

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** The statuses a code may be answered with. */
export function statusesOf(code: ErrorCode): readonly number[] {
  const s = ERROR_CODES[code].status;
  return typeof s === 'number' ? [s] : s;
}
