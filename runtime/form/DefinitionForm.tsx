// <DefinitionForm>: a thin React layer over the field model of runtime/engine.
//
// Rendering goes through the form renderer of widgets/form (FieldShell and the registry's
// widgets, dispatched by each type's meta) over the engine's field model, in a 24-column CSS
// grid, not through @rjsf/core: rjsf keeps the whole form value in one state and re-renders the form
// tree on every keystroke, while the engine reports exactly which paths changed. Each field
// (and each detail-table cell) here subscribes to its own path, so a keystroke renders the
// field typed into and whatever the rules and formulas changed — the 300-field and 500-row
// targets of issue 5 depend on that. Validation is still the compiled record schema of
// schemas/ (ajv, the same as the server's).
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Alert, Button, Modal, Result, Space, Watermark } from 'antd';
import { FORM_MODES, isEditable, type FormDefinition, type FormMode, type Locale } from '../../schemas';
import type { WidgetServices } from '../../widgets/types';
import {
  createFormModel,
  headerFields,
  isMissingDocumentNumber,
  mapServerErrors,
  prepareValidation,
  recordTitle,
  returnInfo,
  validateModel,
  APPLICANT_EDIT_MODES,
  type ApprovalNodeRef,
  type FormModel,
  type FormRecord,
  type SessionUser,
} from '../engine';
import { useRuntimeT } from '../i18n';
import { FieldRenderer, formGridStyle as gridStyle } from '../../widgets/form/FieldRenderer';
import { FORM_GRID_CLASS } from '../../widgets/form/phoneLayout';
import { LAZY_FROM, LazyMountProvider } from '../../widgets/form/lazy';
import { inputId } from '../../widgets/form/source';
import { FormFieldsContext } from '../../widgets/form/dependencies';
import { fieldSourceOf } from './fieldSource';
import { exportElementToPdf, watermarkText } from './print';

/** What the host saves (docs/api.md record save body). */
export interface SavePayload {
  formCode: string;
  id?: string;
  version?: number;
  title?: string;
  data: Record<string, unknown>;
  submit: boolean;
}

/** Given to the approval actions slot (mode 3). */
export interface ApprovalActionContext {
  model: FormModel;
  /** validates what the node lets the approver edit; errors are placed on the fields */
  validate: () => boolean;
  getValues: () => Record<string, unknown>;
}

export interface DefinitionFormProps {
  definition: FormDefinition;
  mode: FormMode;
  record?: FormRecord | null;
  user: SessionUser;
  node?: ApprovalNodeRef | null;
  services?: WidgetServices;
  locale?: Locale;
  /**
   * Submit (mode 0, 1, 4). Reject with an error carrying `errors: [{ field, message }]` (the
   * app's ApiError does) and the form places them on the fields; its message is shown too.
   */
  onSubmit: (payload: SavePayload) => unknown;
  /** Save a draft (nothing required); without it there is no draft button. */
  onSaveDraft?: (payload: SavePayload) => unknown;
  onCancel?: () => void;
  /** mode 3: the approval actions (approve, return, …) the approval work renders */
  approvalActions?: ReactNode | ((ctx: ApprovalActionContext) => ReactNode);
  /** unsaved-changes guard for the host's router: called whenever "has unsaved changes" flips */
  onDirtyChange?: (dirty: boolean) => void;
  /** the engine's model, once built (tests, benchmarks, the approval panel) */
  onModel?: (model: FormModel) => void;
}

interface ErrorLike {
  message?: string;
  code?: number | null;
  errors?: { field?: string; path?: string; message?: string }[];
  handled?: boolean;
}

function payloadOf(model: FormModel, submit: boolean): SavePayload {
  const r = model.record;
  const title = recordTitle(model);
  return {
    formCode: model.definition.code,
    ...(r?.id ? { id: r.id } : {}),
    ...(r?.version !== undefined ? { version: r.version } : {}),
    ...(title ? { title } : {}),
    data: model.getValues(),
    submit,
  };
}

/** Input types whose Enter is a click (the browser's own): every other input's Enter stays in the field. */
const BUTTON_INPUTS = new Set(['submit', 'button', 'image', 'reset']);

/**
 * Enter in a field must not submit the form (the browser submits a form on Enter in any
 * single-line input — a date range, a number, a text): only the submit button submits. Runs
 * as the event bubbles to the form, after the field's own Enter handling (a picker confirming
 * the typed date, a select choosing its option).
 */
export function preventImplicitSubmit(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const t = e.target as HTMLElement;
  if (t instanceof HTMLInputElement && !BUTTON_INPUTS.has(t.type)) e.preventDefault();
}

function focusFirstError(model: FormModel) {
  const first = model.getErrors()[0];
  if (!first) return;
  const el = document.getElementById(inputId(first.path));
  if (el && typeof el.focus === 'function') el.focus();
}

/**
 * The fields in the grid. A short form has every field in the DOM from the first render; in a
 * long form (LAZY_FROM fields or more) the heavy edit widgets of the fields away from the screen mount
 * when they come near it or take the focus (see lazy.tsx), and the fields after the first
 * screenful join in transitions (useRenderedCount). `data-complete` tells hosts and the
 * benchmark when every field is there.
 */
const headerGridStyle: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '4px 16px', marginBottom: 12 };
const headerTitleStyle: CSSProperties = { fontWeight: 600, fontSize: 15, marginBottom: 8 };
// 65 % black: 7:1 on white (45 % was 3.4:1, below AA)
const headerLabelStyle: CSSProperties = { color: 'rgba(0,0,0,0.65)', marginInlineEnd: 8 };

/** A long form's first render holds this many fields (a phone's screenful and more)… */
export const FIRST_FIELDS = 16;
/** …and each following transition this many more. */
export const MORE_FIELDS = 16;

/**
 * How many of a long form's fields are rendered: the first FIRST_FIELDS at once, the rest in
 * transitions of MORE_FIELDS, which React renders in slices between frames (one 100-field render
 * was one long task of the main thread; the page answers input while the rest arrives).
 */
function useRenderedCount(total: number, progressive: boolean): number {
  const [count, setCount] = useState(() => (progressive ? Math.min(total, FIRST_FIELDS) : total));
  useEffect(() => {
    if (!progressive || count >= total) return;
    startTransition(() => setCount((c) => Math.min(total, c + MORE_FIELDS)));
  }, [count, total, progressive]);
  return progressive ? Math.min(count, total) : total;
}

function FormBody({ model, locale, services, forceView }: { model: FormModel; locale: Locale; services: WidgetServices; forceView?: boolean }) {
  const source = fieldSourceOf(model);
  const long = !forceView && model.fields.length >= LAZY_FROM;
  const count = useRenderedCount(model.fields.length, long);
  const fields = count < model.fields.length ? model.fields.slice(0, count) : model.fields;
  return (
    <LazyMountProvider enabled={long}>
      <FormFieldsContext.Provider value={model.definition.fields}>
        <div
          className={`fw-form-body ${FORM_GRID_CLASS}`}
          data-complete={count >= model.fields.length ? 'true' : 'false'}
          // until every field is in, a screen's height: the action bar below does not move as they join
          style={count < model.fields.length ? { ...gridStyle, minHeight: '100vh' } : gridStyle}
        >
          {fields.map((f) => (
            <FieldRenderer key={f.key} source={source} field={f} locale={locale} services={services} forceView={forceView} />
          ))}
        </div>
      </FormFieldsContext.Provider>
    </LazyMountProvider>
  );
}

/** The system and approval fields: label and text pairs (plain markup, cheap to mount). */
function HeaderGroup({ title, fields }: { title: string; fields: { key: string; label: string; text: string }[] }) {
  return (
    <section aria-label={title}>
      <div style={headerTitleStyle}>{title}</div>
      <dl className="fw-form-header-grid" style={{ ...headerGridStyle, margin: '0 0 12px' }}>
        {fields.map((f) => (
          <div key={f.key} style={{ display: 'flex', minWidth: 0 }}>
            <dt style={headerLabelStyle}>{f.label}</dt>
            <dd style={{ margin: 0 }}>
              <span data-testid={`sys-${f.key}`}>{f.text}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The return history's timeline: only a returned document shows one, so its code loads then. */
const Timeline = lazy(() => import('antd/es/timeline'));

function Header({ model, locale }: { model: FormModel; locale: Locale }) {
  const t = useRuntimeT(locale);
  const fields = headerFields(model);
  const sys = fields.filter((f) => f.group === 'system');
  const appr = fields.filter((f) => f.group === 'approval');
  const ret = returnInfo(model);
  return (
    <div className="fw-form-header" style={{ marginBottom: 16 }}>
      <HeaderGroup title={t('form.systemSection')} fields={sys} />
      {appr.length ? <HeaderGroup title={t('form.approvalSection')} fields={appr} /> : null}
      {ret ? (
        <div data-testid="return-info" style={{ marginTop: 8 }}>
          {ret.reason ? <Alert type="warning" showIcon title={t('form.returnReason')} description={ret.reason} style={{ marginBottom: 8 }} /> : null}
          <div style={{ fontWeight: 500, marginBottom: 8 }}>{t('form.history')}</div>
          {ret.history.length ? (
            <Suspense fallback={null}>
              <Timeline
                items={ret.history.map((h, i) => ({ key: i, content: [h.at, h.nodeName, h.approver, h.action, h.comment].filter(Boolean).join(' · ') }))}
              />
            </Suspense>
          ) : (
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t('form.historyEmpty')}</div>
          )}
        </div>
      ) : null}
    </div>
  );
}

const NO_SERVICES: WidgetServices = {};

export function DefinitionForm(props: DefinitionFormProps) {
  // a long form is built in a transition after the page's first paint, which React renders in
  // slices (building it within the page's first render was one long task of the main thread)
  const ready = useDeferredValue(true, props.definition.fields.length < LAZY_FROM);
  // (a screen's height meanwhile, so what the page shows below the form does not move)
  if (!ready) return <div className="fw-definition-form" data-testid="definition-form-pending" aria-busy="true" style={{ minHeight: '100vh' }} />;
  return <BuiltForm {...props} />;
}

function BuiltForm(props: DefinitionFormProps) {
  const { definition, mode, record = null, user, node = null, locale = 'zh-CN' } = props;
  const t = useRuntimeT(locale);
  const built = useMemo(
    () => {
      try {
        return { model: createFormModel({ definition, mode, user, node, record, locale }) };
      } catch (e) {
        // a definition the engine refuses (an expression outside the vocabulary): published
        // definitions pass validateDefinition, so this is a designer preview or a bad import
        return { error: e instanceof Error ? e.message : String(e) };
      }
    },
    // the session's identity, not the object, decides a rebuild
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [definition, mode, record, node?.id, user.id, locale],
  );
  if ('error' in built) return <Result status="error" title={t('form.definitionError')} subTitle={built.error} data-testid="definition-error" />;
  return <FormWithModel {...props} model={built.model} />;
}

function FormWithModel(props: DefinitionFormProps & { model: FormModel }) {
  const {
    model,
    definition,
    mode,
    user,
    services = NO_SERVICES,
    locale = 'zh-CN',
    onSubmit,
    onSaveDraft,
    onCancel,
    approvalActions,
    onDirtyChange,
    onModel,
  } = props;
  const t = useRuntimeT(locale);
  const [busy, setBusy] = useState<null | 'draft' | 'submit'>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const printRef = useRef<HTMLDivElement>(null);
  const dirtyRef = useRef(false);

  useEffect(() => {
    onModel?.(model);
    dirtyRef.current = false;
  }, [model, onModel]);

  // typing validates what was typed (onFieldChange): the validator is warmed up when a field of
  // the form first takes the focus, not on the first keystroke, and not while the page loads
  // (ajv's first compile is one long task)
  const warmed = useRef<FormModel | null>(null);
  const warmUp = useCallback(() => {
    if (warmed.current === model) return;
    warmed.current = model;
    if (APPLICANT_EDIT_MODES.has(model.mode) || model.mode === FORM_MODES.APPROVE) prepareValidation(model);
  }, [model]);

  // unsaved-changes guard: the browser's beforeunload, and a callback for the host's router
  useEffect(() => {
    const update = () => {
      const d = model.isDirty();
      if (d !== dirtyRef.current) {
        dirtyRef.current = d;
        onDirtyChange?.(d);
      }
    };
    const off = model.onChange(update);
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!model.isDirty()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      off();
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [model, onDirtyChange]);

  const save = useCallback(
    async (submit: boolean) => {
      const handler = submit ? onSubmit : onSaveDraft;
      if (!handler) return;
      setNotice(null);
      setFormErrors([]);
      const result = validateModel(model, { draft: !submit });
      if (!result.valid) {
        setFormErrors([t('form.fixErrors')]);
        focusFirstError(model);
        return;
      }
      setBusy(submit ? 'submit' : 'draft');
      try {
        await handler(payloadOf(model, submit));
        model.markSaved();
        dirtyRef.current = false;
        onDirtyChange?.(false);
        setNotice(submit ? t('form.submitted') : t('form.saved'));
      } catch (e) {
        const err = (e ?? {}) as ErrorLike;
        if (err.handled) return;
        const mapped = mapServerErrors(model, { code: err.code ?? undefined, msg: err.message, errors: err.errors });
        const messages = mapped.fieldErrors.length ? [t('form.fixErrors'), ...mapped.formErrors] : mapped.formErrors;
        setFormErrors(messages.length ? messages : [t('form.saveFailed', { msg: err.message ?? '' })]);
        focusFirstError(model);
      } finally {
        setBusy(null);
      }
    },
    [model, onSubmit, onSaveDraft, onDirtyChange, t],
  );

  const approvalCtx = useMemo<ApprovalActionContext>(
    () => ({ model, validate: () => validateModel(model).valid, getValues: () => model.getValues() }),
    [model],
  );

  if (isMissingDocumentNumber(model)) {
    return (
      <Result
        status="warning"
        title={t('form.noDocumentNumber')}
        data-testid="no-document-number"
        extra={onCancel ? <Button onClick={onCancel}>{t('form.back')}</Button> : null}
      />
    );
  }

  // save/submit only where the lifecycle lets the owner change the document (schemas/lifecycle.ts)
  const edits = APPLICANT_EDIT_MODES.has(mode) && (mode === FORM_MODES.ADD || isEditable(model.record?.shenPiZhuangTai));
  const exportPdf = async () => {
    if (!printRef.current) return;
    setExporting(true);
    try {
      await exportElementToPdf(printRef.current, model.record?.number || definition.code);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="fw-definition-form" data-testid="definition-form" data-mode={mode} onFocus={warmUp}>
      <Header model={model} locale={locale} />
      <form
        noValidate
        onKeyDown={preventImplicitSubmit}
        onSubmit={(e) => {
          e.preventDefault();
          if (edits) void save(true);
        }}
      >
        <FormBody model={model} locale={locale} services={services} />
        {formErrors.length ? (
          <Alert
            type="error"
            showIcon
            data-testid="form-errors"
            title={formErrors[0]}
            description={formErrors.length > 1 ? formErrors.slice(1).join('；') : undefined}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        {notice ? <Alert type="success" showIcon data-testid="form-notice" title={notice} style={{ marginBottom: 12 }} /> : null}
        <div
          className="fw-action-bar"
          data-testid="action-bar"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 10,
            background: '#fff',
            borderTop: '1px solid #f0f0f0',
            padding: '12px 0',
            display: 'flex',
            justifyContent: 'flex-end',
          }}
        >
          <Space wrap>
            {edits && onSaveDraft ? (
              <Button data-testid="save-draft" loading={busy === 'draft'} disabled={busy !== null} onClick={() => void save(false)}>
                {t('form.saveDraft')}
              </Button>
            ) : null}
            {edits ? (
              <Button type="primary" htmlType="submit" data-testid="submit" loading={busy === 'submit'} disabled={busy !== null}>
                {t('form.submit')}
              </Button>
            ) : null}
            {mode === FORM_MODES.APPROVE && approvalActions ? (
              <span data-testid="approval-actions">{typeof approvalActions === 'function' ? approvalActions(approvalCtx) : approvalActions}</span>
            ) : null}
            {!edits ? (
              <Button data-testid="print" onClick={() => setPrinting(true)}>
                {t('form.print')}
              </Button>
            ) : null}
            {onCancel ? (
              <Button data-testid="cancel" onClick={onCancel}>
                {edits ? t('form.cancel') : t('form.back')}
              </Button>
            ) : null}
          </Space>
        </div>
      </form>
      {printing ? (
        <Modal
          open
          onCancel={() => setPrinting(false)}
          width={900}
          title={t('form.print')}
          destroyOnHidden
          footer={
            <Space>
              <Button onClick={() => window.print()} data-testid="print-now">
                {t('form.print')}
              </Button>
              <Button type="primary" loading={exporting} onClick={() => void exportPdf()} data-testid="export-pdf">
                {t('form.exportPdf')}
              </Button>
              <Button onClick={() => setPrinting(false)}>{t('form.closePrint')}</Button>
            </Space>
          }
        >
          <Watermark content={watermarkText(user)} font={{ fontSize: 14, color: 'rgba(0,0,0,0.12)' }}>
            <div
              ref={printRef}
              className="fw-print-view"
              data-testid="print-view"
              data-watermark={watermarkText(user)}
              style={{ background: '#fff', padding: 16 }}
            >
              <h2 style={{ marginTop: 0 }}>{definition.name[locale] || definition.name['zh-CN']}</h2>
              <Header model={model} locale={locale} />
              <FormBody model={model} locale={locale} services={services} forceView />
            </div>
          </Watermark>
        </Modal>
      ) : null}
    </div>
  );
}
