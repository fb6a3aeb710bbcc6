// @vitest-environment node
/**
 * The layer rule of eslint.config.js (README "Layers") fires: a probe file in each layer that
 * imports what its layer may not fails the lint, and one that keeps to its layers passes.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: web });

// the first lint loads the config and typescript-eslint: slow on a busy machine
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  await eslint.lintText('', { filePath: `${web}src/lib/probe.ts` });
}, 120_000);

/** The layer messages for `code` linted as if it were the file `path` (below web/). */
async function breaches(path: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${web}${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').length;
}

describe('layers (eslint)', () => {
  it.each([
    ['src/features/cart/probe.ts', "import { x } from '../orders/order-logic';"],
    ['src/features/cart/probe.ts', "import { x } from '../../app/storefront/store';"],
    ['src/features/cart/probe.ts', "export const m = () => import('../catalog/home-screen');"],
    ['src/features/cart/probe.ts', "import { x } from '../../testing/screen-test-kit';"],
    ['src/widgets/probe.ts', "import { x } from '../features/orders/order-logic';"],
    ['src/widgets/probe.ts', "import type { X } from '../app/storefront/store';"],
    ['src/api/probe.ts', "import { x } from '../widgets/site-path';"],
    ['src/api/probe.ts', "import { x } from '../features/messages/message-api';"],
    ['src/api/probe.ts', "import { x } from '../app/storefront/store';"],
    ['src/state/probe.ts', "import { api } from '../api/api';"],
    ['src/lib/probe.ts', "import { x } from '../state/session-slice';"],
    ['src/lib/probe.ts', "import { x } from '../widgets/site-path';"],
    ['src/app/storefront/probe.ts', "import { x } from '../console/router';"],
    ['src/app/console/probe.ts', "import { x } from '../storefront/store';"],
    ['src/app/console/probe.ts', "import { x } from '../../features/auth/auth-api';"],
    ['src/app/console/probe.ts', "import { x } from '../../testing/screen-test-kit';"],
    ['src/widgets/probe.ts', "import { x } from '../testing/screen-test-kit';"],
    ['src/console-features/desk/probe.ts', "import { x } from '../catalogue/catalogue-api';"],
    ['src/console-features/desk/probe.ts', "export const m = () => import('../warehouse/waves-screen');"],
    ['src/console-features/desk/probe.ts', "import { x } from '../../app/console/hooks';"],
    ['src/console-features/desk/probe.ts', "import { x } from '../../app/storefront/store';"],
    ['src/console-features/desk/probe.ts', "import { x } from '../../features/orders/order-logic';"],
    ['src/console-features/desk/probe.ts', "import { x } from '../../testing/console-test-kit';"],
    ['src/console-features/desk/probe.test.tsx', "import { x } from '../../app/console/router';"],
    ['src/features/cart/probe.ts', "import { x } from '../../console-features/desk/desk-api';"],
    ['src/widgets/probe.ts', "import { x } from '../console-features/desk/desk-api';"],
    ['src/api/probe.ts', "import { x } from '../console-features/catalogue/catalogue-api';"],
    ['src/app/storefront/probe.ts', "import { x } from '../../console-features/desk/home-screen';"],
    ['src/testing/probe.ts', "import { x } from '../console-features/catalogue/catalogue-test-kit';"],
  ])('%s may not: %s', async (path, code) => {
    expect(await breaches(path, code)).toBe(1);
  });

  it.each([
    ['src/features/cart/probe.ts', "import { a } from './cart-logic';\nimport { b } from '../../widgets/site-path';\nimport { c } from '../../state/hooks';\nimport { d } from '../../api/api';\nimport { e } from '../../lib/i18n';"],
    ['src/features/cart/probe.test.ts', "import { a } from '../../testing/screen-test-kit';"],
    ['src/widgets/probe.ts', "import { a } from '../api/api';\nimport { b } from '../state/hooks';"],
    ['src/api/probe.ts', "import { a } from '../state/session-slice';\nimport { b } from '../lib/api-types';"],
    ['src/app/storefront/probe.ts', "import { a } from '../../features/cart/cart-screen';\nimport { b } from '../../widgets/site-path';"],
    ['src/app/console/probe.test.tsx', "import { a } from '../../testing/screen-test-kit';\nimport { b } from '../../api/console-api';"],
    ['src/app/console/probe.ts', "export const m = () => import('../../console-features/desk/home-screen');"],
    ['src/console-features/desk/probe.ts', "import { a } from './desk-api';\nimport { b } from '../../widgets/use-staff';\nimport { c } from '../../state/console-hooks';\nimport { d } from '../../api/console-api';\nimport { e } from '../../lib/i18n';"],
    ['src/console-features/desk/probe.test.tsx', "import { a } from '../../testing/console-test-kit';"],
    ['src/testing/probe.ts', "import { a } from '../app/console/router';\nimport { b } from '../app/storefront/store';"],
  ])('%s may: %s', async (path, code) => {
    expect(await breaches(path, code)).toBe(0);
  });
});
