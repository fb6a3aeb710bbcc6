import { readZip, writeZip } from './zip';

/**
 * Just enough of .xlsx for the Excel specs (no spreadsheet library is installed): reading every
 * sheet's cells as text (shared strings, inline strings, numbers) and filling data rows into a
 * downloaded template as inline strings, written back as a real (stored) zip.
 */

export interface Sheet {
  name: string;
  /** Rows in sheet order, each cell's text at its column (missing cells are ''). */
  rows: string[][];
}

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    if (lower === 'amp') return '&';
    return String.fromCodePoint(lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10));
  });

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text of the `<t>` runs inside an element (a shared string or an inline string). */
const runs = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)].map((m) => unescapeXml(m[1] ?? '')).join('');

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** 'C7' → 2 (the column index). */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  return [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

const columnName = (index: number): string => (index < 26 ? '' : columnName(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26));

function text(entries: Map<string, Buffer>, name: string): string {
  const entry = entries.get(name);
  if (!entry) throw new Error(`xlsx: ${name} missing`);
  return entry.toString('utf8');
}

/** Every sheet of a workbook, in workbook order, with each cell as text. */
export function readWorkbook(data: Buffer): Sheet[] {
  const entries = readZip(data, 'xlsx');
  const shared = entries.has('xl/sharedStrings.xml') ? [...text(entries, 'xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => runs(m[1]!)) : [];
  const targets = new Map(
    [...text(entries, 'xl/_rels/workbook.xml.rels').matchAll(/<Relationship\s[^>]*>/g)].map((m) => [attribute(m[0], 'Id')!, attribute(m[0], 'Target')!]),
  );
  return [...text(entries, 'xl/workbook.xml').matchAll(/<sheet\s[^>]*>/g)].map((m) => {
    const target = targets.get(attribute(m[0], 'r:id') ?? '') ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const rows = [...text(entries, path).matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)].map((row) => {
      const cells: string[] = [];
      let next = 0;
      for (const cell of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const tag = `<c${cell[1]}>`;
        const reference = attribute(tag, 'r');
        const column = reference ? columnIndex(reference) : next;
        const body = cell[2] ?? '';
        const value = unescapeXml(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
        const type = attribute(tag, 't');
        while (cells.length < column) cells.push('');
        cells[column] = type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? runs(body) : value;
        next = column + 1;
      }
      return cells;
    });
    return { name: unescapeXml(attribute(m[0], 'name') ?? ''), rows };
  });
}

/** One data row as the sheet XML of row `r`, every cell an inline string. */
function rowXml(r: number, values: readonly string[]): string {
  const cells = values.map((value, i) => `<c r="${columnName(i)}${r}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`);
  return `<row r="${r}">${cells.join('')}</row>`;
}

/**
 * The template with `rows` written under its header row on the first sheet (as a seller fills it
 * in), every other part kept as it came: a workbook the server reads like any other.
 */
export function fillTemplate(template: Buffer, rows: readonly (readonly string[])[]): Buffer {
  const entries = readZip(template, 'template');
  const name = 'xl/worksheets/sheet1.xml';
  const sheet = text(entries, name);
  const width = Math.max(...rows.map((row) => row.length));
  const filled = sheet
    .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:${columnName(width - 1)}${rows.length + 1}"/>`)
    .replace('</sheetData>', `${rows.map((row, i) => rowXml(i + 2, row)).join('')}</sheetData>`);
  if (filled === sheet) throw new Error('template: no sheetData to fill');
  entries.set(name, Buffer.from(filled, 'utf8'));
  return writeZip(entries);
}
