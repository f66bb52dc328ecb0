// "Update an employee across the matrices" (juZhen/edit/updateEmp): pick the user who leaves
// and the one who takes over; before anything changes the dialog counts the cells that name the
// first (every matrix is read) and asks to confirm with that count.
import { useState } from 'react';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { MatrixApi } from './api';
import { LookupSelect } from './LookupSelect';
import { countReplacements } from './model';
import { useNames } from './useNames';

export interface ReplaceUserModalProps {
  api: MatrixApi;
  open: boolean;
  onClose: () => void;
  /** after a replacement that changed something */
  onDone: () => void;
}

type Step =
  { kind: 'pick' } | { kind: 'counting' } | { kind: 'confirm'; matrices: number; cells: number } | { kind: 'saving'; matrices: number; cells: number };

export function ReplaceUserModal({ api, open, onClose, onDone }: ReplaceUserModalProps) {
  const { t } = useTranslation('approval');
  const { message } = App.useApp();
  const names = useNames(api);
  const [from, setFrom] = useState<string[]>([]);
  const [to, setTo] = useState<string[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const reset = () => {
    setFrom([]);
    setTo([]);
    setStep({ kind: 'pick' });
    setError(null);
    setTried(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const search = (activeOnly: boolean) => async (kw: string) => {
    const rows = await api.searchUsers(kw);
    names.learnUsers(rows);
    return rows.map((u) => ({
      value: u.id,
      label: u.name,
      hint: [u.username, u.deptName, u.postName, u.active ? null : t('directory.inactive')].filter(Boolean).join(' · '),
      disabled: activeOnly && !u.active,
    }));
  };
  const label = (id: string) => {
    const u = names.user(id);
    return u ? `${u.name} (${u.username})` : undefined;
  };

  const fromId = from[0];
  const toId = to[0];
  const same = !!fromId && fromId === toId;

  const onOk = async () => {
    setError(null);
    if (step.kind === 'pick') {
      setTried(true);
      if (!fromId || !toId || same) return;
      setStep({ kind: 'counting' });
      try {
        const count = countReplacements(await api.loadAll(), fromId);
        setStep({ kind: 'confirm', ...count });
      } catch (e) {
        setStep({ kind: 'pick' });
        if (!(e instanceof ApiError && e.handled)) setError(e instanceof Error ? e.message : String(e));
      }
      return;
    }
    if (step.kind === 'confirm') {
      if (step.cells === 0) return close();
      setStep({ kind: 'saving', matrices: step.matrices, cells: step.cells });
      try {
        const r = await api.replaceUser(fromId, toId);
        void message.success(t('matrix.replace.done', { cells: r.cells, matrices: r.matrices }));
        reset();
        onDone();
        onClose();
      } catch (e) {
        setStep({ kind: 'confirm', matrices: step.matrices, cells: step.cells });
        if (e instanceof ApiError && e.handled) return;
        const fields = e instanceof ApiError ? e.errors.map((f) => f.message) : [];
        setError([e instanceof Error ? e.message : String(e), ...fields].join(' '));
      }
    }
  };

  const confirming = step.kind === 'confirm' || step.kind === 'saving';
  return (
    <Modal
      open={open}
      title={t('matrix.replace.title')}
      onCancel={close}
      onOk={() => void onOk()}
      okText={confirming ? (step.cells ? t('matrix.replace.confirm') : t('matrix.replace.close')) : t('matrix.replace.next')}
      cancelText={t('matrix.cancel')}
      okButtonProps={{
        loading: step.kind === 'counting' || step.kind === 'saving',
        danger: confirming && step.cells > 0,
        ...({ 'data-testid': 'matrix-replace-ok' } as Record<string, string>),
      }}
      destroyOnHidden
      data-testid="matrix-replace-modal"
    >
      <Typography.Paragraph type="secondary">{t('matrix.replace.help')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('matrix.replace.from')}
          required
          validateStatus={tried && !fromId ? 'error' : undefined}
          help={tried && !fromId ? t('matrix.replace.required') : undefined}
        >
          <LookupSelect
            value={from}
            onChange={(v) => {
              setFrom(v);
              setStep({ kind: 'pick' });
            }}
            search={search(false)}
            labelOf={label}
            ariaLabel={t('matrix.replace.from')}
            disabled={confirming}
            testId="matrix-replace-from"
          />
        </Form.Item>
        <Form.Item
          label={t('matrix.replace.to')}
          required
          validateStatus={tried && (!toId || same) ? 'error' : undefined}
          help={tried && !toId ? t('matrix.replace.required') : same ? t('matrix.replace.same') : undefined}
        >
          <LookupSelect
            value={to}
            onChange={(v) => {
              setTo(v);
              setStep({ kind: 'pick' });
            }}
            search={search(true)}
            labelOf={label}
            ariaLabel={t('matrix.replace.to')}
            disabled={confirming}
            testId="matrix-replace-to"
          />
        </Form.Item>
      </Form>
      {confirming ? (
        <Alert
          type={step.cells ? 'warning' : 'info'}
          showIcon
          data-testid="matrix-replace-count"
          title={
            step.cells
              ? t('matrix.replace.willChange', { cells: step.cells, matrices: step.matrices, from: label(fromId) ?? fromId, to: label(toId) ?? toId })
              : t('matrix.replace.nothing', { from: label(fromId) ?? fromId })
          }
        />
      ) : null}
      {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} data-testid="matrix-replace-error" /> : null}
    </Modal>
  );
}
