// The published versions of a process, and "compare": the diff of two versions (or of a
// version and the working draft) — nodes and edges added, removed and changed with the
// properties that changed (designer/core/process/diff.ts).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, List, Select, Space, Spin, Typography } from 'antd';
import type { Locale } from '../../schemas/constants';
import type { ProcessDefinition } from '../../schemas/process/model';
import { diffProcess, type ProcessDiff } from '../core/process/diff';
import type { ProcessDesignerApi, ProcessVersionInfo } from './api';
import { nodeText } from './canvasContext';
import { useProcessT, type ProcessT } from './i18n';

export interface VersionsPanelProps {
  api: ProcessDesignerApi;
  code: string;
  locale: Locale;
  /** the working copy (compared as "draft") */
  draft: ProcessDefinition;
  /** bump to reload (after a publish) */
  refresh: number;
}

const DRAFT = 0;

export function VersionsPanel({ api, code, locale, draft, refresh }: VersionsPanelProps) {
  const t = useProcessT(locale);
  const [versions, setVersions] = useState<ProcessVersionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number>(DRAFT);
  const [diff, setDiff] = useState<{ diff: ProcessDiff; before: ProcessDefinition; after: ProcessDefinition } | null>(null);
  const [comparing, setComparing] = useState(false);

  useEffect(() => {
    let live = true;
    setError(null);
    api
      .versions(code)
      .then((v) => {
        if (!live) return;
        setVersions(v);
        setLeft((cur) => cur ?? v[0]?.version ?? null);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [api, code, refresh]);

  const options = useMemo(
    () => [
      { value: DRAFT, label: t('versions.draft') },
      ...(versions ?? []).map((v) => ({ value: v.version, label: t('versions.version', { version: v.version }) })),
    ],
    [versions, t],
  );

  const compare = async () => {
    if (left === null) return;
    setComparing(true);
    setError(null);
    try {
      const load = (v: number) => (v === DRAFT ? Promise.resolve(draft) : api.version(code, v));
      const [before, after] = await Promise.all([load(left), load(right)]);
      setDiff({ diff: diffProcess(before, after), before, after });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setComparing(false);
    }
  };

  if (versions === null && !error) return <Spin data-testid="process-versions-loading" />;
  return (
    <section data-testid="process-versions" aria-label={t('versions.title')}>
      <Typography.Title level={5}>{t('versions.title')}</Typography.Title>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {versions && versions.length === 0 ? (
        <Empty description={t('versions.none')} />
      ) : (
        <List
          size="small"
          dataSource={versions ?? []}
          renderItem={(v) => (
            <List.Item key={v.version} data-testid={`process-version-${v.version}`}>
              <Typography.Text strong>{t('versions.version', { version: v.version })}</Typography.Text>
              <Typography.Text type="secondary">
                {t('versions.publishedBy', { at: v.publishedAt.replace('T', ' ').slice(0, 19), by: v.publishedBy })}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      {versions && versions.length > 0 ? (
        <Space wrap style={{ marginTop: 8 }}>
          <Select
            aria-label={t('versions.compareFrom')}
            data-testid="process-compare-left"
            value={left ?? undefined}
            options={options}
            onChange={setLeft}
            style={{ width: 120 }}
          />
          <span aria-hidden="true">→</span>
          <Select
            aria-label={t('versions.compareTo')}
            data-testid="process-compare-right"
            value={right}
            options={options}
            onChange={setRight}
            style={{ width: 120 }}
          />
          <Button onClick={() => void compare()} loading={comparing} data-testid="process-compare" disabled={left === null}>
            {t('versions.compare')}
          </Button>
        </Space>
      ) : null}
      {diff ? <DiffList diff={diff.diff} before={diff.before} after={diff.after} locale={locale} t={t} /> : null}
    </section>
  );
}

function DiffList({ diff, before, after, locale, t }: { diff: ProcessDiff; before: ProcessDefinition; after: ProcessDefinition; locale: Locale; t: ProcessT }) {
  if (diff.same) return <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('versions.same')} data-testid="process-diff-same" />;
  const name = (def: ProcessDefinition, id: string) =>
    nodeText(
      def.nodes.find((n) => n.id === id),
      locale,
    ) || id;
  const rows: { key: string; cls: string; text: string }[] = [];
  for (const p of diff.process)
    rows.push({ key: `p-${p}`, cls: 'fw-pd-diff-changed', text: t('versions.processChanged', { property: t(`versions.property.${p}`) }) });
  for (const n of diff.nodes.added)
    rows.push({ key: `na-${n.id}`, cls: 'fw-pd-diff-added', text: t('versions.nodeAdded', { name: nodeText(n, locale), type: t(`nodes.type.${n.type}`) }) });
  for (const n of diff.nodes.removed)
    rows.push({
      key: `nr-${n.id}`,
      cls: 'fw-pd-diff-removed',
      text: t('versions.nodeRemoved', { name: nodeText(n, locale), type: t(`nodes.type.${n.type}`) }),
    });
  for (const c of diff.nodes.changed)
    rows.push({
      key: `nc-${c.id}`,
      cls: 'fw-pd-diff-changed',
      text: t('versions.nodeChanged', {
        name: nodeText(c.after, locale),
        properties: c.properties.map((p) => t(`versions.property.${p}`)).join(t('versions.separator')),
      }),
    });
  for (const e of diff.edges.added)
    rows.push({ key: `ea-${e.id}`, cls: 'fw-pd-diff-added', text: t('versions.edgeAdded', { from: name(after, e.source), to: name(after, e.target) }) });
  for (const e of diff.edges.removed)
    rows.push({ key: `er-${e.id}`, cls: 'fw-pd-diff-removed', text: t('versions.edgeRemoved', { from: name(before, e.source), to: name(before, e.target) }) });
  for (const c of diff.edges.changed)
    rows.push({
      key: `ec-${c.id}`,
      cls: 'fw-pd-diff-changed',
      text: t('versions.edgeChanged', {
        from: name(after, c.after.source),
        to: name(after, c.after.target),
        properties: c.properties.map((p) => t(`versions.property.${p}`)).join(t('versions.separator')),
      }),
    });
  return (
    <List
      style={{ marginTop: 8 }}
      size="small"
      data-testid="process-diff"
      header={<Typography.Text strong>{t('versions.diffTitle', { count: rows.length })}</Typography.Text>}
      dataSource={rows}
      renderItem={(r) => (
        <List.Item key={r.key} className={r.cls}>
          {r.text}
        </List.Item>
      )}
    />
  );
}
