import { Cascader } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLazyAreaChildrenQuery } from '../api/address-book-api';
import { loadRegionChain, toRegionOptions, withChildren, type RegionOption } from '../lib/address';
import { useAppSelector } from '../state/hooks';
import { selectLanguage } from '../state/session-slice';

/**
 * The region picker's options: the provinces when `open` (and, for a saved region, the cities and
 * districts down its names), then each level when its parent is chosen. Used by the address
 * dialog and by checkout's typed address.
 */
function useRegionOptions(open: boolean, saved: readonly string[] | null) {
  const [trigger] = useLazyAreaChildrenQuery();
  const [options, setOptions] = useState<RegionOption[]>([]);
  const english = useAppSelector(selectLanguage) === 'en_US';
  const load = useCallback((pid: string) => trigger({ pid }, true).unwrap(), [trigger]);
  const savedKey = saved ? saved.join('\u0000') : '';

  useEffect(() => {
    if (!open) return;
    let alive = true;
    const names = savedKey ? savedKey.split('\u0000') : [];
    const ready =
      names.length > 0
        ? loadRegionChain(names, load, english).then((chain) => chain.options)
        : load('').then((areas) => toRegionOptions(areas, 0, english));
    ready
      .then((next) => {
        if (alive) setOptions(next);
      })
      .catch(() => undefined); // the base query has shown why
    return () => {
      alive = false;
    };
  }, [open, savedKey, load, english]);

  const loadData = useCallback(
    (selected: RegionOption[]) => {
      const target = selected[selected.length - 1];
      if (!target || target.isLeaf || target.children) return;
      const path = selected.map((o) => o.value);
      load(target.code)
        .then((areas) => setOptions((current) => withChildren(current, path, toRegionOptions(areas, path.length, english))))
        .catch(() => undefined);
    },
    [load, english],
  );

  return { options, loadData };
}

/**
 * Province → city → district (antd Cascader) whose value is the three names the calls take; each
 * level is asked for from address/area when its parent is chosen. `value`/`onChange` come from a
 * Form.Item.
 */
export function RegionPicker({
  open = true,
  saved = null,
  value,
  onChange,
  placeholder,
  popupClassName,
  className,
  id,
}: {
  /** Load the provinces (a closed dialog loads nothing). */
  open?: boolean;
  /** A saved region to open on. */
  saved?: readonly string[] | null;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder: string;
  popupClassName: string;
  className?: string;
  id?: string;
}) {
  const { options, loadData } = useRegionOptions(open, saved);
  return (
    <Cascader<RegionOption>
      id={id}
      className={className}
      options={options}
      loadData={loadData}
      value={value}
      onChange={(next) => onChange?.((next ?? []) as string[])}
      placeholder={placeholder}
      classNames={{ popup: { root: popupClassName } }}
    />
  );
}
