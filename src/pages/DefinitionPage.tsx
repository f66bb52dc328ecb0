// Renders a published definition. Until the runtime's DefinitionForm / DefinitionList are
// available, the definition's fields are listed read-only.
import { Alert, Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import type { FieldDefinition, FormDefinition } from '../../schemas/definition';
import { FORM_MODE_NAMES, isTypeCode, typeInfo, type FormMode } from '../../schemas/typeCodes';
import type { RouteEntry } from '../routes/routeTable';
import { localText } from '../layout/menu';

export interface DefinitionPageProps {
  entry: RouteEntry;
  definition: FormDefinition;
  mode: FormMode;
  params: URLSearchParams;
}

export function DefinitionPage({ entry, definition, mode }: DefinitionPageProps) {
  const { t, i18n } = useTranslation('app');
  const locale = i18n.language as Locale;
  return (
    <div data-testid="definition-page" data-form-code={definition.code} data-kind={entry.kind} data-mode={mode}>
      <Typography.Title level={4}>{localText(definition.name, locale)}</Typography.Title>
      <Descriptions size="small" column={{ xs: 1, lg: 3 }}>
        <Descriptions.Item label={t('generic.versionLabel')}>{definition.version}</Descriptions.Item>
        <Descriptions.Item label={t('generic.mode')}>{FORM_MODE_NAMES[mode][locale] ?? FORM_MODE_NAMES[mode]['zh-CN']}</Descriptions.Item>
      </Descriptions>
      <Alert type="info" showIcon title={t('generic.rendererPending')} style={{ margin: '12px 0' }} />
      <Table<FieldDefinition>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={definition.fields}
        columns={[
          { title: t('generic.field'), key: 'label', render: (_, f) => localText(f.label, locale) },
          { title: t('generic.key'), dataIndex: 'key' },
          { title: t('generic.type'), key: 'type', render: (_, f) => (isTypeCode(f.type) ? typeInfo(f.type).name[locale] : f.type) },
          { title: t('generic.requiredCol'), key: 'required', render: (_, f) => (f.required ? <Tag color="red">{t('generic.yes')}</Tag> : t('generic.no')) },
        ]}
      />
    </div>
  );
}
