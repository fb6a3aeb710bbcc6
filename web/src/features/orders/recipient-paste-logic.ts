/**
 * A recipient pasted as sellers copy it out of a platform (manual entry takes the
 * recipient "pasted or typed"): '张三 13800001111 广东省广州市白云区三元里大道1号',
 * '收件人：李四，电话：139-0000-1111，地址：浙江省 杭州市 西湖区 文三路 5 号', or the same on several
 * lines. Recognises the mobile number, the name, province → city → district by the names of the
 * division data the region picker uses (address/area, walked one level at a time), and leaves the
 * rest as the detailed address. What is not recognised stays empty for the seller to fill in.
 * Plain shapes; the divisions come through a loader, so lib stays the bottom layer.
 */
import type { AreaLoader, Division } from '../../lib/address';

/** What a paste gave: '' (or no region names) where nothing was recognised. */
export interface RecognisedRecipient {
  recipient: string;
  /** 11 digits, then '-' and the extension when a privacy number had one ('13800001111-1234'). */
  phone: string;
  /** Province, city, district names as far as recognised (0 to 3), as the region picker takes them. */
  region: string[];
  detail: string;
}

/** The parts a seller is told to complete: `region` when no province was recognised, else the levels missing. */
export type PastePart = 'recipient' | 'phone' | 'region' | 'city' | 'district' | 'detail';

/** The phone and what is left once the phone, labels and postcodes are taken out, in pieces. */
export interface PasteSplit {
  phone: string;
  /** Pieces between line breaks, commas, semicolons and the like, trimmed, in order; none empty. */
  pieces: string[];
}

const PHONE_LABELS = ['手机号码', '手机号', '手机', '联系电话', '联系方式', '电话号码', '电话', 'mobile', 'phone', 'tel'];

/**
 * A mainland mobile: 1, then 3-9, then 9 digits, with at most two spaces or dashes between
 * digits, not inside a longer run of digits; an optional +86 in front, an optional phone label
 * ('电话 13800001111') before it and an optional extension of 3 to 6 digits after it ('转1234', '-1234').
 */
const MOBILE = new RegExp(
  `(?:(?<![A-Za-z])(?:${PHONE_LABELS.join('|')})\\s*:?\\s*)?(?<!\\d)(?:\\+?86[ -]{0,2})?(1[ -]{0,2}[3-9](?:[ -]{0,2}\\d){9})(?!\\d)(?:(?:\\s*(?:转|ext\\.?)\\s*|-)(\\d{3,6})(?!\\d))?`,
  'i',
);

/** A number the platform masked ('138****1111'): not a phone, and not part of the address either. */
const MASKED_MOBILE = /1\d{2}\*{4}\d{4}/g;

const POSTCODE = /(?:邮政编码|邮编|post\s*code|zip\s*code|zip)\s*:?\s*\d{6}(?!\d)/gi;

/** Labels in front of a value, longest first so '收件人姓名' goes whole. */
const LABELS_ZH = [
  '收件人姓名',
  '收货人姓名',
  '收件人',
  '收货人',
  '联系人',
  '姓名',
  '名字',
  '手机号码',
  '手机号',
  '手机',
  '联系电话',
  '联系方式',
  '电话号码',
  '电话',
  '收货地址',
  '收件地址',
  '详细地址',
  '所在地区',
  '所在地址',
  '地址',
  '地区',
  '邮政编码',
  '邮编',
];
const LABELS_EN = ['recipient', 'consignee', 'name', 'telephone', 'mobile', 'phone', 'tel', 'address'];

/** A label in brackets ('[收货地址]', '【收件人】'). */
const LABEL_IN_BRACKETS = new RegExp(`[\\[【(]\\s*(?:${LABELS_ZH.join('|')}|${LABELS_EN.join('|')})\\s*[\\]】)]\\s*:?`, 'gi');
/** A label followed by a colon, wherever it is ('收件人：', 'Name:'). */
const LABEL_WITH_COLON = new RegExp(`(?:${LABELS_ZH.join('|')}|(?<![A-Za-z])(?:${LABELS_EN.join('|')}))\\s*:`, 'gi');
/** A Chinese label without a colon at the start of a piece ('收件人张三'). */
const LABEL_AT_START = new RegExp(`(?<=^|[\\s,;|、。])(?:${LABELS_ZH.join('|')})`, 'gm');

const PIECE_BREAK = /[\n,;|、。]+/;

/** Full-width letters, digits and punctuation as ASCII, every dash as '-', line breaks as '\n'. */
function normalizePaste(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63]/g, '-')
    .replace(/[^\S\n]+/g, ' ');
}

/** The first mobile number in `text` (digits only, '-' and the extension if any), or ''. */
export function findMobile(text: string): string {
  const match = MOBILE.exec(normalizePaste(text));
  if (!match) return '';
  const digits = match[1]!.replace(/\D/g, '');
  return match[2] ? `${digits}-${match[2]}` : digits;
}

const trimPiece = (piece: string) => piece.replace(/^[\s:-]+|[\s:-]+$/g, '');

/**
 * Takes the first mobile number (with its label), masked numbers, postcodes and labels out of a
 * paste and cuts the rest into pieces at line breaks, commas, semicolons, '|', '、' and '。' (a
 * label or the phone also ends a piece). A piece of six digits only, and six digits ending the
 * text after a space, are postcodes and dropped.
 */
export function splitPaste(text: string): PasteSplit {
  let rest = normalizePaste(text);
  let phone = '';
  const match = MOBILE.exec(rest);
  if (match) {
    const digits = match[1]!.replace(/\D/g, '');
    phone = match[2] ? `${digits}-${match[2]}` : digits;
    rest = `${rest.slice(0, match.index)}\n${rest.slice(match.index + match[0].length)}`;
  }
  rest = rest
    .replace(MASKED_MOBILE, '\n')
    .replace(POSTCODE, '\n')
    .replace(LABEL_IN_BRACKETS, '\n')
    .replace(LABEL_WITH_COLON, '\n').replace(LABEL_AT_START, '\n');
  const pieces = rest
    .split(PIECE_BREAK)
    .map(trimPiece)
    .filter((piece) => piece !== '' && !/^\d{6}$/.test(piece));
  const last = pieces.length - 1;
  if (last >= 0) pieces[last] = pieces[last]!.replace(/\s+\d{6}$/, '');
  return { phone, pieces };
}

/** Ends of address words (号, 路, 小区's 区…): a piece ending so is not a name. */
const ADDRESS_END = /[省市区县旗盟州镇乡村街路道巷弄号楼栋幢室层苑园院厦场站柜]$/;
const HAN_NAME = /^[\u4e00-\u9fff]{2,6}$/;
const HAN_NAME_WITH_DOT = /^[\u4e00-\u9fff]+(?:[·•][\u4e00-\u9fff]+)+$/;
const LATIN_NAME = /^[A-Za-z][A-Za-z .'-]{1,29}$/;

/** A piece that can be a name: 2-6 Chinese characters (more with '·'), or a Latin name; no digits, no address ending. */
export function isNameLike(piece: string): boolean {
  const text = piece.trim();
  if (ADDRESS_END.test(text)) return false;
  return HAN_NAME.test(text) || (HAN_NAME_WITH_DOT.test(text) && text.length <= 20) || LATIN_NAME.test(text);
}

/** A name at the end of an address after a space ('… 三元里大道1号 张三'): 2-4 Chinese characters. */
const isTrailingName = (token: string) => /^[\u4e00-\u9fff]{2,4}$/.test(token) && !ADDRESS_END.test(token);

/** A province's names: '广东省' and '广东'; '广西壮族自治区' and '广西'; '上海市' and '上海'. */
export function provinceAliases(name: string): string[] {
  const short = name.replace(/(?:特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区|省|市)$/, '');
  return short !== name && short.length >= 2 ? [name, short] : [name];
}

const ETHNIC_PREFECTURE = /^(.+?)(?:(?:朝鲜|土家|布依|哈尼|景颇|傈僳|蒙古|柯尔克孜|哈萨克|苗|藏|羌|彝|侗|壮|傣|白|回)族?)+自治州$/;

/** A city's names: '广州市' and '广州'; '阿里地区' and '阿里'; '延边朝鲜族自治州', '延边州' and '延边'. */
export function cityAliases(name: string): string[] {
  const prefecture = ETHNIC_PREFECTURE.exec(name);
  if (prefecture) return [name, `${prefecture[1]}州`, prefecture[1]!];
  const short = name.replace(/(?:市|地区|盟)$/, '');
  return short !== name && short.length >= 2 ? [name, short] : [name];
}

/** Districts are matched by their whole name only: short ones ('白云') are too often a street's start. */
const districtNames = (name: string) => [name];

/** The city level of municipalities ('市辖区', '县') and of county-level cities under a province: never written in an address. */
export const isPlaceholderCity = (name: string): boolean => /^(?:市辖区|县|.*直辖县级行政区划)$/.test(name);

/** A short name followed by a road word is a street ('北京路', '广州大道'), not the division. */
const ROAD_AFTER = /^[东西南北中]?(?:路|街|大道|大街|巷|弄)/;

interface Found {
  division: Division;
  /** How many characters of the text the name took. */
  length: number;
  /** Matched by a short name. */
  short: boolean;
}

/** The division whose name (longest first) `text` starts with; a short name before a road word does not count. */
function matchStart(text: string, divisions: readonly Division[], namesOf: (name: string) => string[]): Found | null {
  let best: Found | null = null;
  for (const division of divisions) {
    for (const name of namesOf(division.name)) {
      if (!text.startsWith(name) || (best && best.length >= name.length)) continue;
      const short = name !== division.name;
      if (short && ROAD_AFTER.test(text.slice(name.length))) continue;
      best = { division, length: name.length, short };
    }
  }
  return best;
}

/** Where the province is written: piece, first and past-the-end character, and whether by its short name. */
export interface ProvinceSpot {
  province: Division;
  piece: number;
  start: number;
  end: number;
  short: boolean;
}

const isHan = (char: string | undefined) => char !== undefined && /[\u4e00-\u9fff]/.test(char);

/**
 * The province of a paste: a whole name ('广东省') anywhere beats a short one ('广东') that starts a
 * word, which beats a short one inside a word ('张三广东…'); then the earliest. A province written
 * twice in a row ('上海 上海市') is taken from the first.
 */
export function locateProvince(pieces: readonly string[], provinces: readonly Division[]): ProvinceSpot | null {
  let best: ProvinceSpot | null = null;
  let bestRank = 0;
  const spots: ProvinceSpot[] = [];
  for (const [index, piece] of pieces.entries()) {
    for (const province of provinces) {
      for (const name of provinceAliases(province.name)) {
        for (let at = piece.indexOf(name); at >= 0; at = piece.indexOf(name, at + 1)) {
          const short = name !== province.name;
          if (short && ROAD_AFTER.test(piece.slice(at + name.length))) continue;
          const spot: ProvinceSpot = { province, piece: index, start: at, end: at + name.length, short };
          spots.push(spot);
          const rank = short ? (isHan(piece[at - 1]) ? 1 : 2) : 3;
          const earlier = !best || index < best.piece || (index === best.piece && (at < best.start || (at === best.start && spot.end > best.end)));
          if (rank > bestRank || (rank === bestRank && earlier)) {
            best = spot;
            bestRank = rank;
          }
        }
      }
    }
  }
  if (!best) return null;
  const found = { ...best };
  const piece = pieces[found.piece]!;
  for (let before = earlierSpot(spots, found, piece); before; before = earlierSpot(spots, found, piece)) found.start = before.start;
  return found;
}

/** The same province written just before `spot` with only blanks between ('上海 上海市'). */
const earlierSpot = (spots: readonly ProvinceSpot[], spot: ProvinceSpot, piece: string) =>
  spots.find((s) => s.piece === spot.piece && s.province.id === spot.province.id && s.start < spot.start && piece.slice(s.end, spot.start).trim() === '');

const skipSeparators = (text: string) => text.replace(/^[\s\-:/.,]+/, '');

/** Region names found from the province on, the text after them, and whether a level below the province was named. */
interface RegionWalk {
  region: string[];
  rest: string;
  namedBelow: boolean;
}

/**
 * Province → city → district from `address` (the text from the province on, pieces joined by
 * '\n'): the province's cities are asked for, the city (whole or short name) must come next,
 * then its districts are asked for and the district (whole name) must come next. Municipalities
 * ('上海市', city level '市辖区') and county-level cities directly under a province (湖北省 仙桃市)
 * are looked for among the districts of the province's placeholder cities. Three calls for most
 * pastes (the provinces, the cities, the districts; answers are cached), one more for 重庆市's
 * second placeholder.
 */
async function walkRegion(spot: ProvinceSpot, address: string, load: AreaLoader): Promise<RegionWalk> {
  const province = spot.province;
  const fromProvince = address;
  let rest = skipSeparators(address.slice(spot.end - spot.start));
  const cities = await load(province.id);
  const real = cities.filter((c) => !isPlaceholderCity(c.name));
  const placeholders = cities.filter((c) => isPlaceholderCity(c.name));

  let city = matchStart(rest, real, cityAliases);
  if (!city) {
    // written again: '北京市北京市东城区' (but '吉林省吉林市' is the city, tried above)
    for (let again = matchStart(rest, [province], provinceAliases); again; again = matchStart(rest, [province], provinceAliases)) {
      rest = skipSeparators(rest.slice(again.length));
    }
    city = matchStart(rest, real, cityAliases);
  }
  if (!city && spot.short) {
    // '吉林市船营区': the short province name was the start of the city's
    const overlapping = matchStart(fromProvince, real, cityAliases);
    if (overlapping) {
      city = overlapping;
      rest = fromProvince;
    }
  }
  if (city) {
    rest = skipSeparators(rest.slice(city.length));
    const districts = await load(city.division.id);
    const district = matchStart(rest, districts, districtNames);
    if (district) return { region: [province.name, city.division.name, district.division.name], rest: rest.slice(district.length), namedBelow: true };
    return { region: [province.name, city.division.name], rest, namedBelow: true };
  }

  for (const placeholder of placeholders) {
    const after = placeholder.name.length > 1 && rest.startsWith(placeholder.name) ? skipSeparators(rest.slice(placeholder.name.length)) : rest;
    const district = matchStart(after, await load(placeholder.id), districtNames);
    if (district) return { region: [province.name, placeholder.name, district.division.name], rest: after.slice(district.length), namedBelow: true };
  }
  // a municipality with one city level: the picker can open on its districts
  if (real.length === 0 && placeholders.length === 1) return { region: [province.name, placeholders[0]!.name], rest, namedBelow: false };
  return { region: [province.name], rest, namedBelow: false };
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

/** '李四收': the name without the 'receives'. */
const withoutReceives = (name: string) => /^(.{2,}?)收$/.exec(name)?.[1] ?? name;

/**
 * The name and the detailed address from the pieces before the address and the text after the
 * region: the first piece before the address that can be a name; else a last piece after it that
 * can ('…1号，张三'), else a short name ending the address after a space ('…1号 张三'). Whatever
 * else is left becomes the detail, the address's own text first.
 */
export function composeRecipient(before: readonly string[], rest: string): { recipient: string; detail: string } {
  const leading = before.map(tidy).filter((p) => p !== '');
  const nameAt = leading.findIndex(isNameLike);
  let recipient = nameAt >= 0 ? leading[nameAt]! : '';
  const others = leading.filter((_, i) => i !== nameAt);
  const pieces = [...rest.split('\n').map(tidy).filter((p) => p !== ''), ...others];
  if (!recipient && pieces.length >= 2 && isNameLike(pieces[pieces.length - 1]!)) recipient = pieces.pop()!;
  if (!recipient && pieces.length >= 1) {
    const tokens = pieces[pieces.length - 1]!.split(' ');
    if (tokens.length >= 2 && isTrailingName(tokens[tokens.length - 1]!)) {
      recipient = tokens.pop()!;
      pieces[pieces.length - 1] = tokens.join(' ');
    }
  }
  return { recipient: withoutReceives(recipient), detail: tidy(pieces.join(' ')) };
}

/**
 * Recognises a pasted recipient: the mobile number, the province found among the provinces
 * (`load('')`), then city and district walked from it (see `walkRegion`), the name, and the rest
 * as the detail. A province found only by its short name counts only when a city or district
 * follows it. When the divisions cannot be loaded the region is left out and the address text
 * stays in the detail. Never throws for what the text holds.
 */
export async function recogniseRecipient(text: string, load: AreaLoader): Promise<RecognisedRecipient> {
  const { phone, pieces } = splitPaste(text);
  if (pieces.length === 0) return { recipient: '', phone, region: [], detail: '' };
  const provinces = await load('').catch(() => [] as readonly Division[]);
  const spot = locateProvince(pieces, provinces);
  if (spot) {
    const piece = pieces[spot.piece]!;
    const address = [piece.slice(spot.start), ...pieces.slice(spot.piece + 1)].join('\n');
    const walk = await walkRegion(spot, address, load).catch(() => null);
    if (walk && (!spot.short || walk.namedBelow)) {
      const before = [...pieces.slice(0, spot.piece), piece.slice(0, spot.start)];
      return { phone, region: walk.region, ...composeRecipient(before, walk.rest) };
    }
  }
  return { phone, region: [], ...composeRecipient(pieces, '') };
}

/** What the seller still has to fill in after a paste. */
export function missingParts(found: RecognisedRecipient): PastePart[] {
  const parts: PastePart[] = [];
  if (!found.recipient) parts.push('recipient');
  if (!found.phone) parts.push('phone');
  if (found.region.length === 0) parts.push('region');
  else {
    if (found.region.length < 2) parts.push('city');
    if (found.region.length < 3) parts.push('district');
  }
  if (!found.detail) parts.push('detail');
  return parts;
}
