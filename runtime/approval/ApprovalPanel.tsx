// Mode 3: the actions the caller's task allows (approve, reject, return to a chosen node,
// transfer, delegate, add-sign), each in a dialog with what it needs: a comment (required for
// reject and return, and to approve where the node says so) with attachments, a handwritten
// signature where required, the approvers of the following pick nodes, the return target, the
// users. Approve first validates the fields the node lets the approver edit (DefinitionForm's
// approval slot) and sends the changed ones. Server errors show in the dialog.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Alert, App as AntApp, Button, Input, Modal, Radio, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, RollbackOutlined, SwapOutlined, UserAddOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { FieldDefinition, FileRef, Locale } from '../../schemas';
import { TC } from '../../schemas';
import type { WidgetServices } from '../../widgets/types';
import { UploadList } from '../../widgets/shared/UploadList';
import type { ApprovalActionContext } from '../form/DefinitionForm';
import {
  ADD_SIGN_POSITIONS,
  COMMENT_MAX,
  EMPTY_INPUT,
  actionRequest,
  approverEdits,
  commentRequired,
  offeredActions,
  panelProblems,
  signatureRequired,
  takesAttachments,
  type PanelAction,
  type PanelInput,
  type PanelProblem,
} from './panelLogic';
import { SignaturePad } from './SignaturePad';
import { UserPicker } from './UserPicker';
import { useApprovalT } from './i18n';
import { actionError, sendAction, type ActAnswer, type ApprovalServices, type InstanceDetail } from './services';
import './approval.css';

export interface ApprovalPanelProps {
  detail: InstanceDetail;
  locale: Locale;
  services: ApprovalServices;
  /** attachments' upload */
  widgetServices?: WidgetServices;
  /** the form's approval slot: validate the fields the node opens and read the values */
  form?: Pick<ApprovalActionContext, 'validate' | 'getValues'>;
  /** the record's stored values (only changed fields are sent) */
  storedData?: Record<string, unknown>;
  /** after a successful action (the host goes back) */
  onDone?: (action: PanelAction, answer: ActAnswer) => void;
}

const ICONS: Record<PanelAction, ReactNode> = {
  approve: <CheckOutlined />,
  reject: <CloseOutlined />,
  return: <RollbackOutlined />,
  transfer: <SwapOutlined />,
  delegate: <UserSwitchOutlined />,
  addSign: <UserAddOutlined />,
};

const ATTACHMENT_FIELD = (label: string): FieldDefinition => ({ key: 'approvalAttachments', type: TC.ATTACHMENT, label: { 'zh-CN': label } });

export function ApprovalPanel({ detail, locale, services, widgetServices, form, storedData, onDone }: ApprovalPanelProps) {
  const t = useApprovalT(locale);
  const { message } = AntApp.useApp();
  const actions = offeredActions(detail);
  const [open, setOpen] = useState<PanelAction | null>(null);
  const [data, setData] = useState<Record<string, unknown> | undefined>(undefined);

  if (!detail.myTask || actions.length === 0) return null;

  const start = (action: PanelAction) => {
    if (action === 'approve' && form) {
      if (!form.validate()) {
        void message.error(t('panel.fixFormFirst'));
        return;
      }
      setData(approverEdits(form.getValues(), storedData, detail.fieldPermissions));
    } else setData(undefined);
    setOpen(action);
  };

  return (
    <>
      <Space wrap data-testid="approval-panel">
        {actions.map((a) => (
          <Button
            key={a}
            type={a === 'approve' ? 'primary' : 'default'}
            danger={a === 'reject'}
            icon={ICONS[a]}
            onClick={() => start(a)}
            data-testid={`approval-action-${a}`}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
      </Space>
      {open ? (
        <ActionDialog
          key={open}
          action={open}
          detail={detail}
          locale={locale}
          services={services}
          widgetServices={widgetServices}
          data={data}
          onClose={() => setOpen(null)}
          onDone={(answer) => {
            setOpen(null);
            void message.success(t(`panel.done.${open}`));
            onDone?.(open, answer);
          }}
        />
      ) : null}
    </>
  );
}

interface DialogProps {
  action: PanelAction;
  detail: InstanceDetail;
  locale: Locale;
  services: ApprovalServices;
  widgetServices?: WidgetServices;
  data?: Record<string, unknown>;
  onClose: () => void;
  onDone: (answer: ActAnswer) => void;
}

/** One action's dialog: its inputs, the check before sending, the server's answer. */
export function ActionDialog({ action, detail, locale, services, widgetServices, data, onClose, onDone }: DialogProps) {
  const t = useApprovalT(locale);
  const { modal } = AntApp.useApp();
  const uid = useId();
  const rules = detail.nodeRules;
  const [input, setInput] = useState<PanelInput>(() => ({
    ...EMPTY_INPUT,
    data,
    returnTo: detail.returnTargets.length === 1 ? detail.returnTargets[0].id : null,
  }));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; fields: string[] } | null>(null);
  const problems = useMemo(() => panelProblems(action, input, rules), [action, input, rules]);
  const shown = (p: PanelProblem) => tried && problems.includes(p);
  const set = (patch: Partial<PanelInput>) => setInput((x) => ({ ...x, ...patch }));
  const taskId = detail.myTask?.id ?? '';
  const exclude = useMemo(() => [detail.myTask?.assigneeId ?? '', ...detail.tasks.filter((x) => x.status === 'pending').map((x) => x.assigneeId)], [detail]);
  const editedCount = data ? Object.keys(data).length : 0;

  const send = async () => {
    setBusy(true);
    setServerError(null);
    try {
      const req = actionRequest(action, taskId, input);
      const answer = await sendAction(services, req);
      onDone(answer);
    } catch (e) {
      const err = actionError(e);
      if (!err.handled) setServerError({ message: err.message, fields: err.fieldErrors.map((f) => (f.field ? `${f.field}：${f.message}` : f.message)) });
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    setTried(true);
    if (problems.length) return;
    if (action === 'reject') {
      modal.confirm({
        title: t('panel.rejectConfirmTitle'),
        content: t('panel.rejectConfirmText'),
        okText: t('panel.rejectConfirmOk'),
        okButtonProps: { danger: true, 'data-testid': 'reject-confirm-ok' } as never,
        cancelText: t('panel.cancel'),
        onOk: send,
      });
      return;
    }
    void send();
  };

  const commentId = `${uid}-comment`;
  const needComment = commentRequired(action, rules);
  const errorText = (p: PanelProblem) => t(`panel.problem.${p}`, { max: COMMENT_MAX });

  return (
    <Modal
      open
      title={t(`panel.title.${action}`)}
      onCancel={busy ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={600}
      data-testid={`approval-dialog-${action}`}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy} data-testid="approval-dialog-cancel">
            {t('panel.cancel')}
          </Button>
          <Button type="primary" danger={action === 'reject'} loading={busy} onClick={submit} data-testid="approval-dialog-submit">
            {t(`panel.submit.${action}`)}
          </Button>
        </Space>
      }
    >
      <div className="fw-approval-dialog" data-testid={`approval-dialog-body-${action}`}>
        {action === 'reject' ? <Alert type="warning" showIcon title={t('panel.rejectWarning')} style={{ marginBottom: 12 }} /> : null}
        {action === 'approve' && editedCount > 0 ? (
          <Alert type="info" showIcon title={t('panel.editedFields', { count: editedCount })} style={{ marginBottom: 12 }} data-testid="approval-edited" />
        ) : null}

        {action === 'return' ? (
          <Field label={t('panel.returnTo')} required error={shown('returnTargetRequired') ? errorText('returnTargetRequired') : undefined} id={`${uid}-to`}>
            <Radio.Group
              id={`${uid}-to`}
              value={input.returnTo}
              onChange={(e) => set({ returnTo: String(e.target.value) })}
              data-testid="return-targets"
              aria-labelledby={`${uid}-to-label`}
            >
              <Space orientation="vertical">
                {detail.returnTargets.map((x) => (
                  <Radio key={x.id} value={x.id} data-testid={`return-target-${x.id}`}>
                    {x.name}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Field>
        ) : null}

        {action === 'transfer' || action === 'delegate' ? (
          <Field label={t(`panel.toUser.${action}`)} required error={shown('userRequired') ? errorText('userRequired') : undefined} id={`${uid}-user`}>
            <UserPicker
              id={`${uid}-user`}
              services={services}
              locale={locale}
              value={input.toUser}
              onChange={(id) => set({ toUser: id })}
              exclude={exclude}
              status={shown('userRequired') ? 'error' : undefined}
              data-testid="approval-user-picker"
            />
          </Field>
        ) : null}

        {action === 'addSign' ? (
          <>
            <Field label={t('panel.addSignPosition')} id={`${uid}-pos`}>
              <Radio.Group
                value={input.addSignPosition}
                onChange={(e) => set({ addSignPosition: e.target.value as PanelInput['addSignPosition'] })}
                aria-labelledby={`${uid}-pos-label`}
                data-testid="add-sign-position"
              >
                {ADD_SIGN_POSITIONS.map((p) => (
                  <Radio key={p} value={p} data-testid={`add-sign-${p}`}>
                    {t(`panel.position.${p}`)}
                  </Radio>
                ))}
              </Radio.Group>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
                {t(`panel.positionHelp.${input.addSignPosition}`)}
              </Typography.Paragraph>
            </Field>
            <Field label={t('panel.addSignUsers')} required error={shown('usersRequired') ? errorText('usersRequired') : undefined} id={`${uid}-users`}>
              <UserPicker
                id={`${uid}-users`}
                multiple
                services={services}
                locale={locale}
                value={input.addSignUsers}
                onChange={(ids) => set({ addSignUsers: ids })}
                exclude={exclude}
                status={shown('usersRequired') ? 'error' : undefined}
                data-testid="approval-users-picker"
              />
            </Field>
          </>
        ) : null}

        {action === 'approve' && rules?.picks.length
          ? rules.picks.map((p) => (
              <Field key={p.id} label={t('panel.pickFor', { node: p.name })} id={`${uid}-pick-${p.id}`} help={t('panel.pickHelp')}>
                <UserPicker
                  id={`${uid}-pick-${p.id}`}
                  multiple
                  services={services}
                  locale={locale}
                  value={input.picks[p.id] ?? []}
                  onChange={(ids) => set({ picks: { ...input.picks, [p.id]: ids } })}
                  data-testid={`approval-pick-${p.id}`}
                />
              </Field>
            ))
          : null}

        <Field
          label={t('panel.comment')}
          required={needComment}
          id={commentId}
          error={shown('commentRequired') ? errorText('commentRequired') : shown('commentTooLong') ? errorText('commentTooLong') : undefined}
        >
          <Input.TextArea
            id={commentId}
            value={input.comment}
            onChange={(e) => set({ comment: e.target.value })}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={COMMENT_MAX}
            showCount
            placeholder={needComment ? t('panel.commentRequiredPlaceholder') : t('panel.commentPlaceholder')}
            status={shown('commentRequired') || shown('commentTooLong') ? 'error' : undefined}
            aria-required={needComment || undefined}
            aria-invalid={shown('commentRequired') || shown('commentTooLong') || undefined}
            aria-describedby={`${commentId}-error`}
            data-testid="approval-comment"
          />
        </Field>

        {takesAttachments(action) && widgetServices?.upload ? (
          <Field label={t('panel.attachments')} id={`${uid}-files`}>
            <UploadList
              id={`${uid}-files`}
              kind="attachment"
              field={ATTACHMENT_FIELD(t('panel.attachments'))}
              value={input.attachments}
              onChange={(files: FileRef[] | undefined) => set({ attachments: files ?? [] })}
              services={widgetServices}
              locale={locale}
              disabled={busy}
            />
          </Field>
        ) : null}

        {signatureRequired(action, rules) ? (
          <Field label={t('signature.label')} required id={`${uid}-sign`}>
            <SignaturePad
              id={`${uid}-sign`}
              locale={locale}
              value={input.signature}
              onChange={(signature) => set({ signature })}
              required
              error={shown('signatureRequired') ? errorText('signatureRequired') : undefined}
            />
          </Field>
        ) : null}

        {serverError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={serverError.message}
            description={serverError.fields.length ? serverError.fields.join('；') : undefined}
            data-testid="approval-error"
            style={{ marginTop: 12 }}
          />
        ) : null}
      </div>
    </Modal>
  );
}

function Field({
  label,
  required,
  error,
  help,
  id,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string;
  help?: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className="fw-approval-field">
      <label htmlFor={id} id={`${id}-label`} className="fw-approval-label">
        {required ? (
          <span className="fw-approval-required" aria-hidden="true">
            *
          </span>
        ) : null}
        {label}
      </label>
      {children}
      {help ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {help}
        </Typography.Text>
      ) : null}
      <div id={`${id}-error`} role={error ? 'alert' : undefined} className="fw-approval-error">
        {error ?? ''}
      </div>
    </div>
  );
}
