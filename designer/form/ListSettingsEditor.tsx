// List settings (sheZhiLieBiao): which columns, in which order, filters, default sort and page
// size — with a live preview of the list on sample rows.
import { useCallback } from 'react';
import { Button, Checkbox, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  APPROVAL_FIELDS,
  FILTER_OPS,
  PAGINATION,
  SYSTEM_FIELDS,
  TC,
  holdsValue,
  type FilterOp,
  type FormDefinition,
  type ListSettings,
  type Locale,
} from '../../schemas';
import { addListColumn, getField, moveListColumn, removeListColumn, setDefaultSort, setListColumn, setListFilters, setPageSize } from '../core';
import { textOf, useDesignerT } from './i18n';
import { DefinitionList, type ListPage, type ListQuery, type ListRow } from '../../runtime';
import { PREVIEW_USER, sampleRecord } from './PreviewPane';
import { sampleData } from './sampleData';
import { useDefinition, useDesignerStore } from './useDesigner';

const LIST_SYSTEM_KEYS = [
  'number',
  'title',
  'rowCreateId',
  'rowCreateBuMenId',
  'rowCreateDate',
  'rowModUser',
  'rowModDate',
  'stateName',
  'shenPiZhuangTai',
  'shenPiRen',
] as const;

/** The label of a list key: a definition field, or a system / approval field. */
export function listKeyLabel(def: FormDefinition, key: string, locale: Locale): string {
  const f = getField(def, key);
  if (f) return textOf(f.label, locale);
  const sys =
    (SYSTEM_FIELDS as Record<string, { name: Record<Locale, string> }>)[key] ?? (APPROVAL_FIELDS as Record<string, { name: Record<Locale, string> }>)[key];
  return sys ? sys.name[locale] : key;
}

export function listableKeys(def: FormDefinition): string[] {
  return [...LIST_SYSTEM_KEYS, ...def.fields.filter((f) => holdsValue(f.type) && f.type !== TC.SUB_FORM).map((f) => f.key)];
}

function ListPreview({ def, list }: { def: FormDefinition; list: ListSettings }) {
  const { locale } = useDesignerT();
  const fetchPage = useCallback(
    async (q: ListQuery): Promise<ListPage> => {
      const rows: ListRow[] = [0, 1, 2].map((i) => ({
        ...sampleRecord(def),
        id: `100000000000000000${i + 1}`,
        number: `FW20261122000${i + 1}`,
        title: `${textOf(def.name, locale)}-${i + 1}`,
        rowCreateName: ['张伟', '李娜', '王强'][i],
        data: sampleData(def, i),
        rowClick: 0,
      }));
      return { pageSize: q.limit, currentPage: q.page, totalRecord: rows.length, rows: rows.slice(0, q.limit) };
    },
    [def, locale],
  );
  return (
    <div data-testid="list-preview">
      <DefinitionList definition={def} settings={list} fetchPage={fetchPage} user={PREVIEW_USER} locale={locale} reloadKey={list} />
    </div>
  );
}

export function ListSettingsEditor() {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const def = useDefinition();
  const list: ListSettings = def.list ?? { columns: [] };
  const keys = listableKeys(def);
  const chosen = new Set(list.columns.map((c) => c.key));
  const filterOf = (key: string) => list.filters?.find((f) => f.key === key)?.op;
  const setFilter = (key: string, op: FilterOp | undefined) => {
    const rest = (list.filters ?? []).filter((f) => f.key !== key);
    store.dispatch(setListFilters(op ? [...rest, { key, op }] : rest));
  };
  return (
    <div data-testid="list-settings" style={{ display: 'grid', gridTemplateColumns: '220px minmax(0, 1fr)', gap: 16 }}>
      <section aria-label={t('list.available')}>
        <Typography.Title level={5}>{t('list.available')}</Typography.Title>
        <Space direction="vertical" size={2}>
          {keys.map((k) => (
            <Checkbox
              key={k}
              data-testid={`list-col-${k}`}
              checked={chosen.has(k)}
              onChange={(e) => store.dispatch(e.target.checked ? addListColumn(k) : removeListColumn(k))}
            >
              {listKeyLabel(def, k, locale)}
            </Checkbox>
          ))}
        </Space>
      </section>
      <section aria-label={t('list.columns')}>
        <Typography.Title level={5}>{t('list.columns')}</Typography.Title>
        <table className="fw-designer-matrix" style={{ marginBottom: 12 }}>
          <thead>
            <tr>
              <th>{t('list.column')}</th>
              <th>{t('list.order')}</th>
              <th>{t('list.width')}</th>
              <th>{t('list.sortable')}</th>
              <th>{t('list.filter')}</th>
            </tr>
          </thead>
          <tbody>
            {list.columns.map((c, i) => (
              <tr key={c.key} data-testid={`list-row-${c.key}`}>
                <td>{listKeyLabel(def, c.key, locale)}</td>
                <td>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('list.up')}
                    disabled={i === 0}
                    onClick={() => store.dispatch(moveListColumn(c.key, i - 1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('list.down')}
                    disabled={i === list.columns.length - 1}
                    onClick={() => store.dispatch(moveListColumn(c.key, i + 1))}
                  />
                </td>
                <td>
                  <InputNumber
                    size="small"
                    min={40}
                    max={1000}
                    precision={0}
                    aria-label={t('list.width')}
                    value={c.width ?? null}
                    onChange={(v) => store.dispatch(setListColumn(c.key, { width: typeof v === 'number' && v >= 40 ? v : undefined }))}
                  />
                </td>
                <td>
                  <Switch
                    size="small"
                    aria-label={t('list.sortable')}
                    checked={!!c.sortable}
                    onChange={(v) => store.dispatch(setListColumn(c.key, { sortable: v || undefined }))}
                  />
                </td>
                <td>
                  <Select
                    size="small"
                    allowClear
                    style={{ width: 110 }}
                    aria-label={t('list.filter')}
                    value={filterOf(c.key)}
                    onChange={(op?: FilterOp) => setFilter(c.key, op)}
                    options={FILTER_OPS.map((o) => ({ value: o, label: t(`list.ops.${o}`) }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{t('list.defaultSort')}</span>
          <Select
            size="small"
            allowClear
            style={{ width: 180 }}
            aria-label={t('list.defaultSort')}
            value={list.defaultSort?.key}
            onChange={(key?: string) => store.dispatch(setDefaultSort(key ? { key, order: list.defaultSort?.order ?? 'desc' } : undefined))}
            options={list.columns.map((c) => ({ value: c.key, label: listKeyLabel(def, c.key, locale) }))}
          />
          <Select
            size="small"
            style={{ width: 100 }}
            aria-label={t('list.sortOrder')}
            disabled={!list.defaultSort}
            value={list.defaultSort?.order ?? 'desc'}
            onChange={(order: 'asc' | 'desc') => list.defaultSort && store.dispatch(setDefaultSort({ ...list.defaultSort, order }))}
            options={[
              { value: 'asc', label: t('list.asc') },
              { value: 'desc', label: t('list.desc') },
            ]}
          />
          <span>{t('list.pageSize')}</span>
          <Select
            size="small"
            style={{ width: 90 }}
            aria-label={t('list.pageSize')}
            value={list.pageSize ?? PAGINATION.defaultPageSize}
            onChange={(v: 10 | 20 | 30 | 50) => store.dispatch(setPageSize(v))}
            options={PAGINATION.pageSizes.map((n) => ({ value: n, label: String(n) }))}
          />
        </Space>
        <Typography.Title level={5}>{t('list.preview')}</Typography.Title>
        <ListPreview def={def} list={list} />
      </section>
    </div>
  );
}
