import { useCallback, useEffect, useRef, useState } from 'react';
import { Empty, Spin, TreeSelect } from 'antd';
import { FIELD_TYPES, type PickerValue } from '../../schemas';
import type { PickerRow, WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { pickerSource, type PickerFieldValue } from '../shared/pickerWidget';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../shared/RemotePicker';
import { placeholderOf } from '../shared/text';
import { useWidgetT } from '../i18n';
import { SHEET_CLASSNAMES } from '../form/phoneLayout';

interface Node {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}
const toNode = (r: PickerRow, parent: string): Node => ({ id: r.id, pId: r.parentId ?? parent, value: r.id, title: r.name, isLeaf: r.isLeaf ?? false });
const TREE_PAGE_SIZE = 200;

/**
 * Department (7): a tree picker. Levels load as they are expanded (`params.parentId`, '' for
 * the roots); typing searches the whole tree and lists the matches flat.
 */
export function Widget(props: WidgetProps<PickerFieldValue>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale, services } = props;
  const t = useWidgetT(locale);
  const src = pickerSource(FIELD_TYPES.DEPARTMENT, field);
  const [nodes, setNodes] = useState<Node[]>([]);
  const [matches, setMatches] = useState<Node[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const loaded = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = services.search;
  const ro = readOnly || field.readonly;

  const loadLevel = useCallback(
    async (parentId: string) => {
      if (!search || loaded.current.has(parentId)) return;
      loaded.current.add(parentId);
      setLoading(true);
      try {
        const page = await search({ endpoint: src.endpoint, params: { ...src.params, parentId }, keyword: '', page: 1, pageSize: TREE_PAGE_SIZE });
        setNodes((prev) => [...prev, ...page.rows.filter((r) => !prev.some((p) => p.id === r.id)).map((r) => toNode(r, parentId))]);
      } catch {
        loaded.current.delete(parentId);
      } finally {
        setLoading(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search, src.endpoint, JSON.stringify(src.params)],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (text: string) => {
    setKeyword(text);
    clearTimeout(timer.current);
    if (!text.trim()) {
      setMatches(null);
      return;
    }
    timer.current = setTimeout(async () => {
      if (!search) return;
      setLoading(true);
      try {
        const page = await search({ endpoint: src.endpoint, params: src.params, keyword: text.trim(), page: 1, pageSize: PICKER_PAGE_SIZE });
        setMatches(page.rows.map((r) => ({ ...toNode(r, ''), pId: '', isLeaf: true })));
      } catch {
        setMatches([]);
      } finally {
        setLoading(false);
      }
    }, PICKER_DEBOUNCE_MS);
  };

  const selected: PickerValue[] = value ? (Array.isArray(value) ? value : [value]) : [];
  const shown = matches ?? nodes;
  const treeData = [
    ...shown,
    ...selected.filter((s) => !shown.some((n) => n.id === s.id)).map((s) => ({ id: s.id, pId: '', value: s.id, title: s.name, isLeaf: true })),
  ];
  const nameOf = (vid: string) =>
    nodes.find((n) => n.id === vid)?.title ?? matches?.find((n) => n.id === vid)?.title ?? selected.find((s) => s.id === vid)?.name ?? vid;

  return (
    <TreeSelect
      id={id}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: '' }}
      treeData={treeData}
      loadData={matches ? undefined : async (node) => loadLevel(String(node.value))}
      onOpenChange={(open) => {
        if (open && !ro) void loadLevel('');
      }}
      open={ro ? false : undefined}
      value={src.multiple ? selected.map((s) => s.id) : selected[0]?.id}
      multiple={src.multiple}
      treeCheckable={false}
      onChange={(v: string | string[] | undefined) => {
        if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) onChange(undefined);
        else if (Array.isArray(v)) onChange(v.map((x) => ({ id: x, name: nameOf(x) })));
        else onChange({ id: v, name: nameOf(v) });
        setMatches(null);
        setKeyword('');
      }}
      onBlur={onBlur}
      disabled={disabled}
      allowClear={!ro}
      showSearch={ro ? false : { onSearch, filterTreeNode: false, searchValue: keyword }}
      placeholder={placeholderOf(field, locale) ?? t('picker.placeholder')}
      notFoundContent={
        !search ? (
          <div role="status">{t('picker.unavailable')}</div>
        ) : loading ? (
          <div role="status" style={{ textAlign: 'center', padding: 8 }}>
            <Spin size="small" /> {t('picker.loading')}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('picker.noMatch', { keyword }) : t('picker.empty')} />
        )
      }
      style={{ width: '100%' }}
      classNames={SHEET_CLASSNAMES}
      {...inputAria(props)}
    />
  );
}
