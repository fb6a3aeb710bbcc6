/**
 * The storefront's store as the app makes it, for tests and test kits below the app (features,
 * widgets, api), which may not import app/ themselves. Test-only, like everything in testing/.
 */
export { makeStore } from '../app/storefront/store';
