// The dry-run panel: the applicant (whose department, leaders and picks the strategies read) and
// values for the bound form's fields (those the process reads first, typed by field type; an
// amount as a decimal string; a master-data field such as the dealer a searchable select of real
// records — name shown, the record's id sent, as the form's pickers store it); it saves the draft, runs processInstance/dryRun on this process's
// draft, then shows the steps — each node with its resolved approvers (names) and why — while
// the canvas highlights the path.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Form, Input, InputNumber, List, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import type { Locale } from '../../schemas/constants';
import type { ProcessDefinition } from '../../schemas/process/model';
import { translate } from '../../schemas/locales';
import type { DryRunResult } from '../../schemas/process/dryRun';
import type { DirectoryUser, DryRunAnswer, LookupRow, LookupSource, ProcessDesignerApi, ProcessFormField } from './api';
import { DECIMAL_PATTERN, dryRunData, dryRunFields, fieldsReadBy, inputKind } from './dryRunFields';
import { useProcessT } from './i18n';

export interface DryRunPanelProps {
  api: ProcessDesignerApi;
  definition: ProcessDefinition;
  formCode: string | null;
  locale: Locale;
  /** the steps of the last run (null: none), for the canvas's highlight */
  onResult: (result: DryRunResult | null) => void;
  onClose: () => void;
  /** the process whose draft runs (absent: the form's bound, published process) */
  processCode?: string;
  /** saves the draft first (false: not saved, do not run) */
  beforeRun?: () => Promise<boolean>;
}

const userLabel = (u: DirectoryUser) => `${u.name} (${u.username})${u.deptName ? ` · ${u.deptName}` : ''}`;

/** One user by login or name (the applicant the dry-run runs as); empty: the caller. */
function ApplicantSelect({
  api,
  value,
  onChange,
  label,
  placeholder,
}: {
  api: ProcessDesignerApi;
  value: DirectoryUser | null;
  onChange: (u: DirectoryUser | null) => void;
  label: string;
  placeholder: string;
}) {
  const [found, setFound] = useState<DirectoryUser[]>([]);
  const [searching, setSearching] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const search = (keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    const my = ++seq.current;
    setSearching(true);
    timer.current = setTimeout(() => {
      api
        .searchUsers(keyword)
        .then((rows) => my === seq.current && setFound(rows))
        .catch(() => my === seq.current && setFound([]))
        .finally(() => my === seq.current && setSearching(false));
    }, 250);
  };
  const options = [...(value && !found.some((u) => u.id === value.id) ? [value] : []), ...found];
  return (
    <Select
      id="process-dryrun-applicant"
      data-testid="process-dryrun-applicant"
      aria-label={label}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      placeholder={placeholder}
      loading={searching}
      value={value?.id}
      onOpenChange={(open) => open && found.length === 0 && search('')}
      onChange={(id?: string) => onChange(options.find((u) => u.id === id) ?? null)}
      options={options.map((u) => ({ value: u.id, label: userLabel(u), disabled: !u.active }))}
      style={{ width: '100%' }}
    />
  );
}

/**
 * Records of a field's source (a dealer, an outlet …) searched by name as the admin types; the
 * value is the picked records (several when the field holds several).
 */
function LookupSelect({
  api,
  source,
  id,
  value,
  onChange,
  label,
  placeholder,
  emptyText,
  failedText,
}: {
  api: ProcessDesignerApi;
  source: LookupSource;
  id: string;
  value: LookupRow[];
  onChange: (rows: LookupRow[]) => void;
  label: string;
  placeholder: string;
  emptyText: string;
  failedText: string;
}) {
  const [found, setFound] = useState<LookupRow[]>([]);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const search = (keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    const my = ++seq.current;
    setSearching(true);
    setAsked(true);
    timer.current = setTimeout(() => {
      api
        .lookup(source, keyword.trim())
        .then((rows) => {
          if (my !== seq.current) return;
          setFound(rows);
          setFailed(false);
        })
        .catch(() => {
          if (my !== seq.current) return;
          setFound([]);
          setFailed(true);
        })
        .finally(() => my === seq.current && setSearching(false));
    }, 250);
  };
  const options = [...value.filter((r) => !found.some((f) => f.id === r.id)), ...found];
  const pick = (ids: string[]) => onChange(ids.map((x) => options.find((r) => r.id === x)).filter((r): r is LookupRow => !!r));
  return (
    <Select<string | string[]>
      id={id}
      data-testid={id}
      aria-label={label}
      mode={source.multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      placeholder={placeholder}
      loading={searching}
      value={source.multiple ? value.map((r) => r.id) : value[0]?.id}
      onOpenChange={(open) => open && !asked && search('')}
      onChange={(v) => pick(v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])}
      notFoundContent={searching ? <Spin size="small" /> : failed ? <span role="alert">{failedText}</span> : emptyText}
      options={options.map((r) => ({ value: r.id, label: r.name }))}
      style={{ width: '100%' }}
    />
  );
}

export function DryRunPanel({ api, definition, formCode, locale, onResult, onClose, processCode, beforeRun }: DryRunPanelProps) {
  const t = useProcessT(locale);
  const [fields, setFields] = useState<ProcessFormField[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [all, setAll] = useState(false);
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [applicant, setApplicant] = useState<DirectoryUser | null>(null);

  useEffect(() => {
    if (!formCode) return;
    let live = true;
    api
      .formFields(formCode)
      .then((f) => live && setFields(f))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [api, formCode]);

  const read = useMemo(() => fieldsReadBy(definition), [definition]);
  const shown = useMemo(() => (fields ? dryRunFields(fields, read, all || read.length === 0) : []), [fields, read, all]);

  if (!formCode)
    return (
      <section data-testid="process-dryrun" aria-label={t('dryRun.title')}>
        <Empty description={t('dryRun.unbound')} />
      </section>
    );

  const run = async () => {
    if (!fields) return;
    const { data, invalid: bad } = dryRunData(fields, values);
    setInvalid(bad);
    if (bad.length) return;
    setRunning(true);
    setError(null);
    try {
      if (beforeRun && !(await beforeRun())) return;
      const a = await api.dryRun(formCode, data, undefined, {
        ...(applicant ? { applicantId: applicant.id } : {}),
        ...(processCode ? { processCode } : {}),
      });
      setAnswer(a);
      onResult(a.result);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      onResult(null);
    } finally {
      setRunning(false);
    }
  };

  const label = (f: ProcessFormField) => f.label[locale] || f.label['zh-CN'] || f.key;
  const reason = (r: DryRunResult['steps'][number]['reason']) => (r ? translate(locale, 'schemas', r.key, r.params) : '');
  const result = answer?.result ?? null;

  return (
    <section data-testid="process-dryrun" aria-label={t('dryRun.title')}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('dryRun.title')}
        </Typography.Title>
        <Button size="small" onClick={onClose} data-testid="process-dryrun-close">
          {t('toolbar.close')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('dryRun.hint')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {fields === null && !error ? <Spin /> : null}
      {fields ? (
        <Form layout="vertical" size="small" onFinish={() => void run()}>
          <Form.Item label={t('dryRun.applicant')} htmlFor="process-dryrun-applicant" help={t('dryRun.applicantHint')}>
            <ApplicantSelect api={api} value={applicant} onChange={setApplicant} label={t('dryRun.applicant')} placeholder={t('dryRun.applicantPlaceholder')} />
          </Form.Item>
          {shown.length === 0 ? <Typography.Paragraph type="secondary">{t('dryRun.noFields')}</Typography.Paragraph> : null}
          {shown.map((f) => {
            const kind = inputKind(f);
            const id = `process-dryrun-${f.path}`;
            const bad = invalid.includes(f.path);
            const common = { id, 'data-testid': id };
            const set = (v: unknown) => setValues((prev) => ({ ...prev, [f.path]: v }));
            return (
              <Form.Item
                key={f.path}
                label={label(f)}
                htmlFor={id}
                validateStatus={bad ? 'error' : undefined}
                help={bad ? t(kind === 'decimal' ? 'dryRun.badDecimal' : 'dryRun.badInteger') : read.includes(f.path) ? t('dryRun.readByProcess') : undefined}
              >
                {kind === 'integer' ? (
                  <InputNumber
                    {...common}
                    precision={0}
                    style={{ width: '100%' }}
                    value={values[f.path] as number | undefined}
                    onChange={(v) => set(v ?? undefined)}
                  />
                ) : kind === 'decimal' ? (
                  <Input
                    {...common}
                    inputMode="decimal"
                    value={(values[f.path] as string | undefined) ?? ''}
                    onChange={(e) => set(e.target.value)}
                    status={bad || (values[f.path] && !DECIMAL_PATTERN.test(String(values[f.path]).trim())) ? 'error' : undefined}
                  />
                ) : kind === 'boolean' ? (
                  <Switch id={id} data-testid={id} checked={values[f.path] === true} onChange={set} />
                ) : kind === 'lookup' && f.dataSource ? (
                  <LookupSelect
                    api={api}
                    source={f.dataSource}
                    id={id}
                    value={(values[f.path] as LookupRow[] | undefined) ?? []}
                    onChange={set}
                    label={label(f)}
                    placeholder={t('dryRun.lookupPlaceholder')}
                    emptyText={t('dryRun.lookupEmpty')}
                    failedText={t('dryRun.lookupFailed')}
                  />
                ) : kind === 'select' ? (
                  <Select
                    {...common}
                    allowClear
                    value={values[f.path] as string | undefined}
                    onChange={set}
                    options={(f.options ?? []).map((o) => ({ value: o.value as string, label: o.label[locale] || o.label['zh-CN'] }))}
                  />
                ) : (
                  <Input {...common} value={(values[f.path] as string | undefined) ?? ''} onChange={(e) => set(e.target.value)} />
                )}
              </Form.Item>
            );
          })}
          {read.length > 0 ? (
            <Form.Item>
              <Switch size="small" checked={all} onChange={setAll} aria-label={t('dryRun.allFields')} data-testid="process-dryrun-all" />{' '}
              {t('dryRun.allFields')}
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={running} data-testid="process-dryrun-run">
            {t('dryRun.run')}
          </Button>
        </Form>
      ) : null}
      {answer && !answer.result ? (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('dryRun.noProcess')} data-testid="process-dryrun-none" />
      ) : null}
      {answer?.result ? (
        <div style={{ marginTop: 12 }} data-testid="process-dryrun-result" aria-live="polite">
          {answer.processCode && answer.processCode !== definition.code ? (
            <Alert type="warning" showIcon title={t('dryRun.otherProcess', { code: answer.processCode, version: answer.processVersion ?? '' })} />
          ) : (
            <Typography.Paragraph type="secondary" data-testid="process-dryrun-ran">
              {answer.processVersion === null ? t('dryRun.ranDraft') : t('dryRun.ranVersion', { version: answer.processVersion })}
            </Typography.Paragraph>
          )}
          {result?.error ? <Alert type="error" showIcon title={translate(locale, 'server', result.error.code, result.error.params)} /> : null}
          <List
            size="small"
            dataSource={result?.steps ?? []}
            renderItem={(s, i) => (
              <List.Item key={`${s.nodeId}-${i}`} data-testid={`process-dryrun-step-${s.nodeId}`}>
                <Space orientation="vertical" size={0}>
                  <Space>
                    <Typography.Text strong>{s.name[locale] || s.name['zh-CN']}</Typography.Text>
                    <Tag>{t(`dryRun.outcome.${s.outcome}`)}</Tag>
                  </Space>
                  {s.approvers.length ? (
                    <Typography.Text data-testid={`process-dryrun-approvers-${s.nodeId}`}>
                      {t('dryRun.approvers', { names: s.approvers.map((id, k) => answer.names[id] ?? s.approverNames[k] ?? id).join(t('versions.separator')) })}
                    </Typography.Text>
                  ) : null}
                  {s.reason ? <Typography.Text type="secondary">{reason(s.reason)}</Typography.Text> : null}
                  {s.condition ? (
                    <Typography.Text type="secondary">
                      {t(s.condition.matched ? 'dryRun.conditionMatched' : 'dryRun.conditionDefault', { label: s.condition.label ?? '' })}
                    </Typography.Text>
                  ) : null}
                </Space>
              </List.Item>
            )}
          />
          <Typography.Text strong data-testid="process-dryrun-end">
            {t(`dryRun.end.${result?.end ?? 'approved'}`)}
          </Typography.Text>
        </div>
      ) : null}
    </section>
  );
}
