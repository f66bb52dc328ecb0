// A settings page (route entry `singleton`): the form has one record. Without `?id=` the page
// opens the last changed valid record in modify — the one the server reads (server/modules/
// expense/settings.ts) — or, when there is none yet, adds it from the definition's defaults. A save
// keeps the record a draft (the owner can always change it again; a submitted record would be
// locked by the lifecycle) and takes effect at once; the page then shows the saved record.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App as AntApp, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import type { FormDefinition } from '../../schemas/definition';
import { FORM_MODES } from '../../schemas/typeCodes';
import { endpoints } from '../api/paths';
import { DefinitionForm, type SavePayload } from '../../runtime/form/DefinitionForm';
import type { FormRecord } from '../../runtime/engine';
import { api, ApiError } from '../api/client';
import { endpointUrl } from '../api/call';
import { services } from '../api/services';
import { createWidgetServices } from '../api/widgetServices';
import { sessionUser } from '../session/sessionUser';
import { localText } from '../layout/menu';
import { usePageTitle } from '../layout/pageTitle';

/** The calls a singleton page makes (the records API; tests give their own). */
export interface SingletonServices {
  /** the id of the last changed valid record of the form, or null */
  newestId(formCode: string): Promise<string | null>;
  get(formCode: string, id: string): Promise<{ record: FormRecord; definitionVersion?: number }>;
  definition(code: string, version: number): Promise<FormDefinition>;
  save(payload: SavePayload): Promise<{ id: string; version: number }>;
}

export const singletonServices: SingletonServices = {
  async newestId(formCode) {
    // the last changed valid record, as the server reads it (deleted records are not listed)
    const r = await api.post<{ rows: { id: string }[] }>(endpointUrl(endpoints.records.list), {
      formCode,
      page: 1,
      limit: 10,
      sort: 'rowModDate',
      order: 'desc',
    });
    return r.rows[0]?.id ?? null;
  },
  get: (formCode, id) => api.post(endpointUrl(endpoints.records.get), { formCode, id }),
  definition: (code, version) => services.definition(code, version) as Promise<FormDefinition>,
  save: (payload) => api.post(endpointUrl(endpoints.records.save), { ...payload, submit: false }, { json: true }),
};

type Loaded =
  { phase: 'loading' } | { phase: 'ok'; definition: FormDefinition; record: FormRecord | null } | { phase: 'error'; msg: string } | { phase: 'handled' };

const widgetServices = createWidgetServices();

export interface SingletonPageProps {
  definition: FormDefinition;
  /** an explicit `?id=`: that record instead of the newest */
  id?: string | null;
  services?: SingletonServices;
}

export function SingletonPage({ definition, id = null, services: svc = singletonServices }: SingletonPageProps) {
  const { t, i18n } = useTranslation('app');
  const locale = i18n.language as Locale;
  const { message } = AntApp.useApp();
  const user = useMemo(() => sessionUser(), []);
  const [reloadKey, setReloadKey] = useState(0);
  const [state, setState] = useState<Loaded>({ phase: 'loading' });
  usePageTitle(localText(definition.name, locale));

  useEffect(() => {
    let live = true;
    const load = async (): Promise<Loaded> => {
      const recordId = id ?? (await svc.newestId(definition.code));
      if (!recordId) return { phase: 'ok', definition, record: null };
      const r = await svc.get(definition.code, recordId);
      const v = r.definitionVersion ?? r.record.definitionVersion;
      const def = v && v !== definition.version ? await svc.definition(definition.code, v) : definition;
      return { phase: 'ok', definition: def, record: r.record };
    };
    setState({ phase: 'loading' });
    load()
      .then((s) => live && setState(s))
      .catch((e: unknown) => {
        if (!live) return;
        setState(e instanceof ApiError && e.handled ? { phase: 'handled' } : { phase: 'error', msg: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [definition, id, svc, reloadKey]);

  const save = useCallback(
    async (payload: SavePayload) => {
      await svc.save({ ...payload, submit: false });
      void message.success(t('generic.saved'));
      setReloadKey((k) => k + 1);
    },
    [svc, message, t],
  );

  const record = state.phase === 'ok' ? state.record : null;
  const mode = record ? FORM_MODES.MODIFY : FORM_MODES.ADD;
  return (
    <div data-testid="definition-page" data-form-code={definition.code} data-kind="form" data-mode={mode} data-singleton="1">
      <Typography.Title level={4}>{localText(definition.name, locale)}</Typography.Title>
      {state.phase === 'error' ? <Result status="error" title={t('generic.loadFailed', { msg: state.msg })} data-testid="generic-error" /> : null}
      {state.phase === 'ok' ? (
        <>
          <Alert
            type={record ? 'info' : 'warning'}
            showIcon
            data-testid="singleton-hint"
            title={record ? t('settings.hint') : t('settings.firstTime')}
            style={{ marginBottom: 12 }}
          />
          <DefinitionForm
            key={`${record?.id ?? 'new'}-${record?.version ?? 0}-${reloadKey}`}
            definition={state.definition}
            mode={mode}
            record={record}
            user={user}
            locale={locale}
            services={widgetServices}
            onSubmit={save}
          />
        </>
      ) : null}
    </div>
  );
}
