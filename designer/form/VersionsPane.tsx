// Published versions of the form and the diff between any version and the draft (or another version).
import { useEffect, useState } from 'react';
import { Alert, Select, Space, Table, Typography } from 'antd';
import type { FormDefinition } from '../../schemas';
import type { DefinitionVersionInfo, DesignerApi } from '../api';
import { diffDefinitions } from '../core';
import { DiffView } from './DiffView';
import { useDesignerT } from './i18n';
import { useDefinition } from './useDesigner';

const DRAFT = -1;

export function VersionsPane({ api }: { api: DesignerApi }) {
  const { t } = useDesignerT();
  const draft = useDefinition();
  const [versions, setVersions] = useState<DefinitionVersionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number>(DRAFT);
  const [defs, setDefs] = useState<Record<number, FormDefinition>>({});

  useEffect(() => {
    let live = true;
    api.versions(draft.code).then(
      (v) => {
        if (!live) return;
        setVersions(v);
        if (v.length) setFrom(Math.max(...v.map((x) => x.version)));
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, draft.code]);

  useEffect(() => {
    let live = true;
    for (const v of [from, to]) {
      if (v === null || v === DRAFT || defs[v]) continue;
      api.getVersion(draft.code, v).then(
        (d) => live && setDefs((prev) => ({ ...prev, [v]: d })),
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    }
    return () => {
      live = false;
    };
  }, [api, draft.code, from, to, defs]);

  const a = from === null ? null : from === DRAFT ? draft : defs[from];
  const b = to === DRAFT ? draft : defs[to];
  const options = [
    { value: DRAFT, label: t('versions.draft') },
    ...(versions ?? []).map((v) => ({ value: v.version, label: t('versions.version', { v: v.version }) })),
  ];
  return (
    <div data-testid="versions-pane">
      {error && <Alert type="error" showIcon title={error} />}
      <Table<DefinitionVersionInfo>
        size="small"
        rowKey="version"
        loading={versions === null && !error}
        dataSource={versions ?? []}
        pagination={false}
        columns={[
          { title: t('versions.versionCol'), dataIndex: 'version' },
          { title: t('versions.publishedAt'), dataIndex: 'publishedAt' },
          { title: t('versions.publishedBy'), dataIndex: 'publishedBy' },
        ]}
      />
      <Space style={{ margin: '12px 0' }}>
        <Typography.Text>{t('versions.compare')}</Typography.Text>
        <Select size="small" style={{ width: 140 }} aria-label={t('versions.from')} value={from ?? undefined} onChange={setFrom} options={options} />
        <span>→</span>
        <Select size="small" style={{ width: 140 }} aria-label={t('versions.to')} value={to} onChange={setTo} options={options} />
      </Space>
      {a && b ? (
        <DiffView diff={diffDefinitions(a, b)} from={a} to={b} />
      ) : versions?.length === 0 ? (
        <Typography.Text type="secondary">{t('versions.none')}</Typography.Text>
      ) : null}
    </div>
  );
}
