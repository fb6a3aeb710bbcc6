import type { UploadFile } from 'antd';
import type { ProductColour, SaveProductBody, StaffProductDetail, StaffSku, UploadedPicture } from './catalogue-api';
import { fenToYuan, readYuan } from '../../lib/money';

/** A picture in the form: uploaded (its answer) or already the product's (its URL). */
export type PictureFile = UploadFile<UploadedPicture>;

export const MAX_MAIN_PICTURES = 9;
export const MAX_DETAIL_PICTURES = 20;
export const MAX_OPTIONS = 20;
/** The most one SKU may hold (docs/api.md: stock 0 to 1,000,000). */
export const MAX_STOCK = 1_000_000;

interface SkuDraft {
  /** Yuan as typed; empty: the product's price. */
  price?: string;
  /** Only for a SKU that does not exist yet. */
  stock?: number | null;
}

export interface ProductValues {
  item_no: string;
  title_zh: string;
  title_en?: string;
  category_id: string;
  stall_id: string;
  price: string;
  is_hot?: boolean;
  is_sea?: boolean;
  colours: { name_zh?: string; name_en?: string; picture?: PictureFile[] }[];
  sizes: (string | undefined)[];
  /** By `skuKey(colour, size)`. */
  skus?: Record<string, SkuDraft | undefined>;
  main_pictures: PictureFile[];
  detail_pictures?: PictureFile[];
}

/** The form's name of a colour × size cell. */
const skuKey = (colour: string, size: string) => JSON.stringify([colour, size]);

/** Names as typed, trimmed, empty and repeated ones left out, in order. */
export function optionNames(names: readonly (string | undefined)[] | undefined): string[] {
  const seen = new Set<string>();
  for (const name of names ?? []) {
    const trimmed = name?.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

export const colourNames = (colours: ProductValues['colours'] | undefined) => optionNames((colours ?? []).map((c) => c?.name_zh));

/** Every colour × size, colours first (the grid's rows). */
export function combinations(colours: readonly string[], sizes: readonly string[]): { colour: string; size: string; key: string }[] {
  return colours.flatMap((colour) => sizes.map((size) => ({ colour, size, key: skuKey(colour, size) })));
}

/** The SKU a product already has for a colour × size. */
export const existingSku = (skus: readonly StaffSku[] | undefined, colour: string, size: string) => skus?.find((s) => s.color === colour && s.size === size);

/** A picture's URL once it is uploaded (or already the product's); null while uploading or failed. */
function pictureUrl(file: PictureFile): string | null {
  if (file.status && file.status !== 'done') return null;
  return file.response?.url ?? file.url ?? null;
}

const pictureFile = (url: string, n: number): PictureFile => ({ uid: `saved-${n}-${url}`, name: url.split('/').pop() ?? url, status: 'done', url, thumbUrl: url });

/** Whether any picture of the form is still on its way. */
export function uploading(values: Pick<ProductValues, 'colours' | 'main_pictures' | 'detail_pictures'>): boolean {
  const all = [...(values.main_pictures ?? []), ...(values.detail_pictures ?? []), ...(values.colours ?? []).flatMap((c) => c?.picture ?? [])];
  return all.some((file) => file.status === 'uploading');
}

/** Yuan as typed → '12.30'; null when it is not a positive amount with at most two decimals. */
export function priceOf(text: string | undefined): string | null {
  const reading = readYuan(text);
  return reading.kind === 'ok' && reading.fen > 0 ? fenToYuan(reading.fen) : null;
}

/**
 * The save call's body. A SKU's price is sent only when typed (else the product's applies); stock
 * only counts for a SKU that does not exist yet, so an existing one sends what it has.
 */
export function saveBody(values: ProductValues, existing: StaffProductDetail | undefined): SaveProductBody {
  const colours = (values.colours ?? []).filter((c) => c?.name_zh?.trim());
  const sizes = optionNames(values.sizes);
  const seenColours = new Set<string>();
  const uniqueColours: ProductColour[] = [];
  for (const colour of colours) {
    const name = colour.name_zh!.trim();
    if (seenColours.has(name)) continue;
    seenColours.add(name);
    const picture = (colour.picture ?? []).map(pictureUrl).find((url): url is string => url !== null);
    uniqueColours.push({ name_zh: name, name_en: colour.name_en?.trim() ?? '', ...(picture ? { picture } : {}) });
  }
  const skus = combinations(
    uniqueColours.map((c) => c.name_zh),
    sizes,
  ).map(({ colour, size, key }) => {
    const draft = values.skus?.[key];
    const price = draft?.price?.trim() ? priceOf(draft.price) : null;
    const saved = existingSku(existing?.skus, colour, size);
    return { color: colour, size, ...(price ? { price } : {}), stock: saved ? saved.stock : (draft?.stock ?? 0) };
  });
  const urls = (files: PictureFile[] | undefined) => (files ?? []).map(pictureUrl).filter((url): url is string => url !== null);
  return {
    ...(existing ? { id: existing.id } : {}),
    item_no: values.item_no.trim(),
    title_zh: values.title_zh.trim(),
    title_en: values.title_en?.trim() ?? '',
    category_id: values.category_id,
    stall_id: values.stall_id,
    price: priceOf(values.price) ?? values.price,
    colours: uniqueColours,
    sizes,
    skus,
    main_pictures: urls(values.main_pictures),
    detail_pictures: urls(values.detail_pictures),
    is_hot: Boolean(values.is_hot),
    is_sea: Boolean(values.is_sea),
  };
}

/**
 * The form of a saved product. Colours, sizes and pictures come from the answer when it carries
 * them; otherwise colours and sizes are read from the SKUs (English names unknown) and the
 * pictures start empty (`complete` false).
 */
export function valuesOf(product: StaffProductDetail): { values: ProductValues; complete: boolean } {
  const colours: ProductValues['colours'] = product.colours
    ? product.colours.map((c, n) => ({ name_zh: c.name_zh, name_en: c.name_en, picture: c.picture ? [pictureFile(c.picture, n)] : [] }))
    : optionNames(product.skus.map((s) => s.color)).map((name) => ({ name_zh: name, name_en: '', picture: [] }));
  const sizes = product.sizes ?? optionNames(product.skus.map((s) => s.size));
  const skus: Record<string, SkuDraft> = {};
  for (const sku of product.skus) skus[skuKey(sku.color, sku.size)] = { price: sku.price === product.price ? '' : sku.price };
  return {
    values: {
      item_no: product.item_no,
      title_zh: product.title_zh,
      title_en: product.title_en,
      category_id: product.category_id,
      stall_id: product.stall_id,
      price: product.price,
      is_hot: product.is_hot,
      is_sea: product.is_sea,
      colours,
      sizes,
      skus,
      main_pictures: (product.main_pictures ?? []).map(pictureFile),
      detail_pictures: (product.detail_pictures ?? []).map(pictureFile),
    },
    complete: Boolean(product.colours && product.sizes && product.main_pictures),
  };
}

/** A new product's form: one empty colour and one empty size to fill in. */
export const NEW_PRODUCT: Partial<ProductValues> = { colours: [{ name_zh: '', name_en: '', picture: [] }], sizes: [''], skus: {}, main_pictures: [], detail_pictures: [], is_hot: false, is_sea: false };
