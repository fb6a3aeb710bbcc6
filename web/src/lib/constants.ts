/** Business and interface constants of spec section 9. */

/** Every API call gives up after this many milliseconds. */
export const REQUEST_TIMEOUT_MS = 100_000;

/** Uploaded images: longer side at most this many pixels. */
export const IMAGE_MAX_SIDE = 800;

/** Password length bounds. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;

/** Progress bar shown on every navigation (nprogress settings; no spinner). */
export const PROGRESS_SETTINGS = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
} as const;

/** Toasts: 3000 ms, 16 px from the top, info unless told otherwise. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export type ToastType = 'success' | 'info' | 'warning' | 'error';
export const TOAST_DEFAULT_TYPE: ToastType = 'info';

/** Badges show at most 99, then "99+". */
export const BADGE_MAX = 99;

/** Text areas start with two rows. */
export const TEXTAREA_ROWS = 2;

/** SMS code resend countdown when the server does not say. */
export const SMS_COOLDOWN_S = 60;

/** How often the app asks whether a newer build was deployed. */
export const VERSION_POLL_MS = 5 * 60_000;
