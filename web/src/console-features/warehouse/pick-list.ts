import type { WaveLine } from './warehouse-api';

/** The lines bought at one stall, with where the stall is. */
export interface StallBlock {
  key: string;
  market_name: string;
  floor: string;
  stall_id: string;
  stall_name: string;
  stall_number: string;
  /** The first stall shown of its market (the screen heads each market once). */
  firstOfMarket: boolean;
  lines: WaveLine[];
  quantity: number;
}

/**
 * The pick list as the warehouse walks it: market → floor → stall, each stall's lines by item
 * number → colour → size (the server's order, kept; a stall met again later joins its block).
 */
export function stallBlocks(lines: readonly WaveLine[]): StallBlock[] {
  const blocks = new Map<string, StallBlock>();
  for (const line of lines) {
    const key = `${line.market_name}\u0000${line.floor}\u0000${line.stall_id}`;
    let block = blocks.get(key);
    if (!block) {
      block = {
        key,
        market_name: line.market_name,
        floor: line.floor,
        stall_id: line.stall_id,
        stall_name: line.stall_name,
        stall_number: line.stall_number,
        firstOfMarket: false,
        lines: [],
        quantity: 0,
      };
      blocks.set(key, block);
    }
    block.lines.push(line);
    block.quantity += line.quantity;
  }
  const list = [...blocks.values()];
  list.forEach((block, index) => {
    block.firstOfMarket = index === 0 || list[index - 1]!.market_name !== block.market_name;
  });
  return list;
}

/**
 * How many table rows each line's item number spans: the first line of a run of one item number
 * spans the run, the others 0 (merged into it).
 */
export function itemSpans(lines: readonly WaveLine[]): number[] {
  const spans = lines.map(() => 0);
  let start = 0;
  for (let i = 1; i <= lines.length; i += 1) {
    if (i === lines.length || lines[i]!.item_no !== lines[start]!.item_no) {
      spans[start] = i - start;
      start = i;
    }
  }
  return spans;
}

/** Lines not marked yet (closing counts them as got). */
export const unmarkedCount = (lines: readonly WaveLine[]) => lines.filter((line) => line.missed === null).length;
