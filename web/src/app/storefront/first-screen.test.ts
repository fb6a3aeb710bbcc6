import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '../..');

/** The modules a file imports statically (`import … from`, `import '…'`, `export … from`), not `import()`. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    found.push(match[1]);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      if (/\.(tsx?|css|json)$/.test(candidate)) return candidate;
    }
  }
  return null;
}

/** Every package the file reaches through static imports, with the path that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, path: string[]) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier);
        if (next) walk(next, [...path, next.slice(src.length + 1)]);
      } else if (!reached.has(specifier)) {
        reached.set(specifier, path);
      }
    }
  };
  walk(resolve(src, entry), [entry]);
  return reached;
}

// The router loads these without Ant Design's provider (lazyScreen's `antd: false`, see
// lib/antd-scope.tsx): an Ant Design component among them would show without the theme and
// locale, and the provider would weigh on the first screen's budget (`npm run size`).
const FIRST_SCREENS = ['features/auth/login-screen.tsx', 'app/storefront/site-layout.tsx', 'features/catalog/home-screen.tsx'];

describe('first screens', () => {
  it.each(FIRST_SCREENS)('%s imports no Ant Design module statically', (entry) => {
    const antd = [...packagesReached(entry)].filter(([name]) => /^(antd|@ant-design\/|@rc-component\/)/.test(name));
    expect(antd.map(([name, path]) => `${name} via ${path.join(' → ')}`)).toEqual([]);
  });
});
