// 关联单据: the document chain on the form page of an expense document (application,
// settlement, write-off, payment) — the application's money (申请 / 占用 / 结案 / 释放 / 已核销 /
// 核销中 / 已支付 / 可核销余额 / 可支付余额), every linked document with its status and amount and
// a link to open it, and what each detail line holds in its budget pool. The server computes
// everything (POST /emp/api/v2/feiYong/danJu/lianLu); this only shows it.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Spin, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChainDocument, ChainLine, DocumentChain } from '../../../schemas/api';
import type { Locale } from '../../../schemas/constants';
import { ApiError } from '../../api/client';
import { STATUS_TAG_STYLES, amountText, documentPath, statusTag, summaryItems } from './chainModel';
import { ResponsiveTable } from '../../../runtime/list/ResponsiveTable';

export type ChainLoader = (id: string) => Promise<DocumentChain>;

type State = { phase: 'loading' } | { phase: 'ok'; chain: DocumentChain } | { phase: 'error'; msg: string } | { phase: 'handled' };

export interface DocumentChainPanelProps {
  /** the document whose chain to show */
  recordId: string;
  locale: Locale;
  load: ChainLoader;
  /** bumped by the page after a save or an approval step: the chain is read again */
  reloadKey?: number;
}

/** Loads the chain and shows it (loading, error with retry, empty, the chain). */
export function DocumentChainPanel({ recordId, locale, load, reloadKey = 0 }: DocumentChainPanelProps) {
  const { t } = useTranslation('app');
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [retry, setRetry] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ phase: 'loading' });
    load(recordId)
      .then((chain) => live && setState({ phase: 'ok', chain }))
      .catch((e: unknown) => {
        if (!live) return;
        setState(e instanceof ApiError && e.handled ? { phase: 'handled' } : { phase: 'error', msg: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [recordId, load, reloadKey, retry]);
  const again = useCallback(() => setRetry((n) => n + 1), []);

  if (state.phase === 'handled') return null;
  return (
    <Card size="small" title={t('expense.chain.title')} data-testid="expense-chain-panel" style={{ marginTop: 16 }}>
      {state.phase === 'loading' ? (
        <div style={{ padding: 24, textAlign: 'center' }} data-testid="expense-chain-loading">
          <Spin description={t('expense.chain.loading')}>
            <div style={{ minHeight: 32 }} />
          </Spin>
        </div>
      ) : state.phase === 'error' ? (
        <Alert
          type="error"
          showIcon
          data-testid="expense-chain-error"
          title={t('expense.chain.loadFailed', { msg: state.msg })}
          action={
            <Button size="small" onClick={again}>
              {t('expense.chain.retry')}
            </Button>
          }
        />
      ) : (
        <DocumentChainView chain={state.chain} locale={locale} />
      )}
    </Card>
  );
}

/** The chain itself: the money summary, the documents, the pool lines (no loading of its own). */
export function DocumentChainView({ chain, locale }: { chain: DocumentChain; locale: Locale }) {
  const { t } = useTranslation('app');
  const others = chain.documents.filter((d) => !d.current);
  if (!chain.application && others.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('expense.chain.empty')} data-testid="expense-chain-empty" />;
  }
  const columns: ColumnsType<ChainDocument> = [
    {
      key: 'number',
      title: t('expense.chain.document'),
      render: (_, d) => {
        const label = d.number || d.id;
        if (d.current) return <Typography.Text strong>{`${label}（${t('expense.chain.current')}）`}</Typography.Text>;
        return d.readable ? (
          <Link to={documentPath(d)} data-testid={`expense-chain-open-${d.id}`}>
            {label}
          </Link>
        ) : (
          <Typography.Text title={t('expense.chain.noAccess')}>{label}</Typography.Text>
        );
      },
    },
    { key: 'kind', title: t('expense.chain.kind'), render: (_, d) => t(`expense.kind.${d.kind}`) },
    {
      key: 'status',
      title: t('expense.chain.status'),
      render: (_, d) => {
        const s = statusTag(d.status, locale);
        return (
          <Tag style={STATUS_TAG_STYLES[s.color] ?? STATUS_TAG_STYLES.default} data-status-color={s.color} data-testid={`expense-chain-status-${d.id}`}>
            {s.text}
          </Tag>
        );
      },
    },
    {
      key: 'amount',
      title: t('expense.chain.amount'),
      align: 'right',
      render: (_, d) => <span data-testid={`expense-chain-amount-${d.id}`}>{amountText(d.amount)}</span>,
    },
    { key: 'date', title: t('expense.chain.date'), render: (_, d) => d.rowCreateDate.slice(0, 10) },
  ];
  const lineColumns: ColumnsType<ChainLine> = [
    { key: 'pool', title: t('expense.lines.pool'), render: (_, l) => (l.poolName ? `${l.poolName}${l.poolCode ? ` (${l.poolCode})` : ''}` : l.poolId) },
    {
      key: 'line',
      title: t('expense.lines.line'),
      render: (_, l) =>
        l.lineNo != null
          ? [t('expense.lines.lineNo', { n: l.lineNo }), l.lineLabel].filter(Boolean).join(' · ')
          : l.lineId
            ? t('expense.lines.removed')
            : t('expense.lines.header'),
    },
    { key: 'occupied', title: t('expense.lines.occupied'), align: 'right', render: (_, l) => amountText(l.occupied) },
    { key: 'consumed', title: t('expense.lines.consumed'), align: 'right', render: (_, l) => amountText(l.consumed) },
  ];
  return (
    <div data-testid="expense-chain">
      {chain.application ? (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 3, lg: 5 }}
          title={t('expense.summary.title')}
          data-testid="expense-chain-summary"
          items={summaryItems(chain.application).map((s) => ({
            key: s.key,
            label: t(`expense.summary.${s.key}`),
            children: (
              <Typography.Text strong={s.balance} data-testid={`expense-summary-${s.key}`}>
                {s.value}
              </Typography.Text>
            ),
          }))}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <ResponsiveTable<ChainDocument>
        size="small"
        rowKey="id"
        pagination={false}
        columns={columns}
        dataSource={chain.documents}
        data-testid="expense-chain-documents"
        onRow={(d) => ({ 'data-testid': `expense-chain-row-${d.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      {chain.lines.length ? (
        <>
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 8 }}>
            {t('expense.lines.title')}
          </Typography.Paragraph>
          <ResponsiveTable<ChainLine>
            size="small"
            rowKey={(l) => `${l.poolId}-${l.lineId ?? ''}`}
            pagination={false}
            columns={lineColumns}
            dataSource={chain.lines}
            data-testid="expense-chain-lines"
          />
        </>
      ) : null}
    </div>
  );
}
