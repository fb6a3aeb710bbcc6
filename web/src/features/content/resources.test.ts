import { describe, expect, it } from 'vitest';
import { groupByCategory } from './resources-screen';

describe('resources', () => {
  it('are grouped by category in the order given', () => {
    const r = (id: string, category: string) => ({ id, category, title: id, description: '', url: `https://${id}.example` });
    expect(groupByCategory([r('a', '平台'), r('b', '物流'), r('c', '平台')])).toEqual([
      { category: '平台', items: [r('a', '平台'), r('c', '平台')] },
      { category: '物流', items: [r('b', '物流')] },
    ]);
    expect(groupByCategory([])).toEqual([]);
  });
});
