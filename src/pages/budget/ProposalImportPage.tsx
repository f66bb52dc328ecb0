// Budget proposal import (提预算导入): choose the fiscal year and the template (region, channel,
// expense subject or product), download it, fill it in Excel and import it. The server checks
// every row; the errors are listed row by row (row, column, message) and can be downloaded as
// the workbook with an error column. A valid import is a draft proposal: submit it for approval
// here; once approved, its lines show the pools they were loaded into and their balances.
// The file goes up as base64 in a JSON body (a plain file input and fetch, no streamed upload).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Flex, Select, Space, Typography } from 'antd';
import { endpoints, type DataOf } from '../../api/paths';
import { call, download } from '../../api/call';
import { saveBlob } from '../approval/matrix/api';
import { ResponsiveTable } from '../../../runtime/list/ResponsiveTable';

const E = endpoints.budgetProposal;
type Kind = 'quYu' | 'quDao' | 'feiYong' | 'chanPin';
const TEMPLATE = { quYu: E.templateRegion, quDao: E.templateChannel, feiYong: E.templateSubject, chanPin: E.templateProduct } as const;
type Detail = DataOf<typeof E.detail>;
type ImportAnswer = DataOf<typeof E.import>;

/** The bytes of a file as base64 (in chunks: a large workbook would overflow one apply). */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function b64ToBlob(b64: string): Blob {
  const raw = atob(b64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function ProposalImportPage() {
  const { t } = useTranslation('app');
  const [years, setYears] = useState<{ id: string; code: string; name: string }[]>([]);
  const [year, setYear] = useState<string | undefined>();
  const [kind, setKind] = useState<Kind>('quYu');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [detail, setDetail] = useState<Detail | null>(null);

  useEffect(() => {
    call(E.fiscalYears)
      .then((list) => {
        setYears(list);
        const current = list.find((y) => y.code === `FY${new Date().getFullYear()}`) ?? list[list.length - 1];
        setYear((y) => y ?? current?.id);
      })
      .catch((e: unknown) => setFailure(messageOf(e)));
  }, []);

  const kinds = useMemo(() => (['quYu', 'quDao', 'feiYong', 'chanPin'] as const).map((k) => ({ value: k, label: t(`budgetProposal.kind.${k}`) })), [t]);

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (e) {
      setFailure(messageOf(e));
    } finally {
      setBusy(false);
    }
  }, []);

  const onDownload = () =>
    run(async () => {
      if (!year) return;
      const { blob, filename } = await download(TEMPLATE[kind], { caiWuNian: year });
      saveBlob(blob, filename ?? 'template.xlsx');
    });

  const onImport = () =>
    run(async () => {
      if (!year || !file) return;
      setAnswer(null);
      setSubmitted(false);
      setDetail(null);
      const r = await call(E.import, { kind, caiWuNian: year, fileName: file.name, content: await base64Of(file) });
      setAnswer(r);
    });

  const onSubmit = () =>
    run(async () => {
      if (!answer?.id) return;
      const rec = (await call(E.findDataById, { id: answer.id })) as { version: number; data: Record<string, unknown> };
      await call(E.save, { id: answer.id, version: rec.version, data: rec.data, submit: true });
      setSubmitted(true);
    });

  const onRefresh = () =>
    run(async () => {
      if (answer?.id) setDetail(await call(E.detail, { id: answer.id }));
    });

  return (
    <Flex vertical gap={16} data-testid="proposal-import">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('budgetProposal.title')}
      </Typography.Title>
      <Card size="small" title={t('budgetProposal.step1')}>
        <Space wrap>
          <span id="proposal-year-label">{t('budgetProposal.fiscalYear')}</span>
          <Select
            aria-labelledby="proposal-year-label"
            data-testid="proposal-year"
            style={{ width: 160 }}
            value={year}
            onChange={setYear}
            options={years.map((y) => ({ value: y.id, label: y.name }))}
          />
          <span id="proposal-kind-label">{t('budgetProposal.template')}</span>
          <Select
            aria-labelledby="proposal-kind-label"
            data-testid="proposal-kind"
            style={{ width: 180 }}
            value={kind}
            onChange={(k: Kind) => setKind(k)}
            options={kinds}
          />
          <Button data-testid="proposal-download" onClick={() => void onDownload()} disabled={!year || busy}>
            {t('budgetProposal.download')}
          </Button>
        </Space>
      </Card>
      <Card size="small" title={t('budgetProposal.step2')}>
        <Space wrap>
          <label htmlFor="proposal-file">{t('budgetProposal.file')}</label>
          <input
            id="proposal-file"
            data-testid="proposal-file"
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button type="primary" data-testid="proposal-import-button" onClick={() => void onImport()} disabled={!file || !year || busy} loading={busy}>
            {t('budgetProposal.import')}
          </Button>
        </Space>
      </Card>
      {failure && <Alert type="error" showIcon message={failure} data-testid="proposal-failure" />}
      {answer && !answer.ok && (
        <Card size="small" title={t('budgetProposal.errorsTitle', { count: answer.errors.length })} data-testid="proposal-errors">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={t('budgetProposal.errorsHint')} />
            {answer.errorReport && (
              <Button data-testid="proposal-error-report" onClick={() => saveBlob(b64ToBlob(answer.errorReport!), t('budgetProposal.errorReportName'))}>
                {t('budgetProposal.downloadErrors')}
              </Button>
            )}
            <ResponsiveTable
              size="small"
              rowKey={(r) => `${r.row}-${r.column ?? ''}-${r.message}`}
              pagination={false}
              dataSource={answer.errors}
              columns={[
                { title: t('budgetProposal.row'), dataIndex: 'row', width: 80, render: (v: number) => (v === 0 ? '—' : v) },
                { title: t('budgetProposal.column'), dataIndex: 'columnLabel', width: 140 },
                { title: t('budgetProposal.message'), dataIndex: 'message' },
              ]}
            />
          </Space>
        </Card>
      )}
      {answer?.ok && (
        <Card size="small" title={t('budgetProposal.step3')} data-testid="proposal-created">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="success" showIcon message={t('budgetProposal.created', { number: answer.number, count: answer.lineCount, total: answer.total })} />
            <Space>
              <Button type="primary" data-testid="proposal-submit" disabled={submitted || busy} onClick={() => void onSubmit()}>
                {submitted ? t('budgetProposal.submitted') : t('budgetProposal.submit')}
              </Button>
              <Button data-testid="proposal-refresh" disabled={busy} onClick={() => void onRefresh()}>
                {t('budgetProposal.refresh')}
              </Button>
            </Space>
            {detail && (
              <ResponsiveTable
                size="small"
                data-testid="proposal-lines"
                rowKey={(r) => r.lineId ?? `${r.region}-${r.channel}-${r.subject}-${r.product}`}
                pagination={false}
                dataSource={detail.lines}
                columns={[
                  { title: t('budgetProposal.region'), dataIndex: 'region' },
                  { title: t('budgetProposal.channel'), dataIndex: 'channel' },
                  { title: t('budgetProposal.subject'), dataIndex: 'subject' },
                  { title: t('budgetProposal.amount'), dataIndex: 'amount', align: 'right' },
                  { title: t('budgetProposal.pool'), render: (_: unknown, r) => r.pool?.name ?? t('budgetProposal.notLoaded') },
                  { title: t('budgetProposal.available'), align: 'right', render: (_: unknown, r) => r.pool?.available ?? '—' },
                ]}
              />
            )}
          </Space>
        </Card>
      )}
    </Flex>
  );
}

export default ProposalImportPage;
