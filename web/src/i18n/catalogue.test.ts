import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

const dir = join(process.cwd(), 'src', 'i18n');
const zh = JSON.parse(readFileSync(join(dir, 'zh_CN.json'), 'utf8')) as Record<string, unknown>;
const en = JSON.parse(readFileSync(join(dir, 'en_US.json'), 'utf8')) as Record<string, unknown>;

function sourceFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function argumentsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((e) => ('value' in e && e.type !== TYPE.literal && typeof e.value === 'string' ? [e.value] : [])).sort();
}

describe('message catalogues', () => {
  it('zh_CN and en_US have the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('keys are flat dot keys and no value is empty', () => {
    for (const catalogue of [zh, en]) {
      for (const [key, value] of Object.entries(catalogue)) {
        expect(key).toMatch(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/);
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
      }
    }
  });

  it('every message parses and both languages take the same arguments', () => {
    for (const key of Object.keys(zh)) {
      expect(argumentsOf(parse(en[key] as string)), key).toEqual(argumentsOf(parse(zh[key] as string)));
    }
  });

  it('every key the code uses exists', () => {
    const used = new Set<string>();
    const pattern = /(?:id: |t\(|labelKey = |PageTitle id=)['"]([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)['"]|'((?:validation|error|auth|route|version|copy|upload|profile|pagination)\.[A-Za-z0-9_.]+)'/g;
    for (const file of sourceFiles(join(dir, '..'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) used.add((match[1] ?? match[2])!);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !(key in zh) && !/\.(jpg|png)$/.test(key));
    expect(missing).toEqual([]);
  });

  it('carries the spec section 8 messages', () => {
    expect(en['error.http.401']).toBe('Unauthorized, please log in');
    expect(en['error.http.403']).toBe('Access denied');
    expect(en['error.http.404']).toBe('Request error, resource not found');
    expect(en['error.http.500']).toBe('Server error');
    expect(en['error.http.504']).toBe('Server response timeout');
    expect(en['error.http.other']).toBe('Request error');
    expect(en['error.network']).toBe('Failed to connect to the server');
    expect(en['auth.loginPrompt.title']).toBe('Login prompt');
    expect(en['auth.loginPrompt.content']).toBe('Not logged in or login expired, please log in again');
    expect(en['copy.success']).toBe('Copy succeeded!');
    expect(en['copy.empty']).toBe('No content');
    expect(en['pagination.total']).toBe('{total} items');
    expect(en['pagination.itemsPerPage']).toBe('items/page');
    expect(en['version.refresh']).toBe('Click to refresh');
    for (const key of ['notFound.message', 'error.shopNotFound', 'error.exportFailed', 'error.compressFailed', 'upload.failed', 'upload.noImage', 'error.unknownStatus']) {
      expect(zh[key], key).toBeTruthy();
    }
  });
});
