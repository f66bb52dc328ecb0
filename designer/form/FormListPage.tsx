// The form list (/web/system/peiZhi/biaoDanList): every definition with its status, version,
// form type, last editor and date; create, copy, import/export JSON and delete (the server
// refuses while records exist; its message is shown).
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { FORM_TYPES, PAGINATION, type FormDefinition } from '../../schemas';
import type { DefinitionSummary, DesignerApi } from '../api';
import { copyDefinition } from '../core';
import { textOf, useDesignerT } from './i18n';

export const DESIGNER_PATH = '/web/system/peiZhi/biaoDan/build';

export interface FormListPageProps {
  api: DesignerApi;
  /** open the designer (without a code: create a new form); defaults to loading DESIGNER_PATH */
  onOpen?: (code?: string) => void;
  /** open a published form as its end users see it (the host's engine route); without it no "open" link */
  onOpenAsUser?: (code: string) => void;
}

const errMsg = (e: unknown) => (e instanceof Error ? e.message : String(e));

function download(name: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function FormListPage({ api, onOpen, onOpenAsUser }: FormListPageProps) {
  const { t, locale } = useDesignerT();
  const { message } = App.useApp();
  const [rows, setRows] = useState<DefinitionSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState<number>(PAGINATION.defaultPage);
  const [limit, setLimit] = useState<number>(PAGINATION.defaultPageSize);
  const [keyword, setKeyword] = useState('');
  const [formType, setFormType] = useState<number | undefined>();
  const [loading, setLoading] = useState(false);
  const [copying, setCopying] = useState<DefinitionSummary | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [copyForm] = Form.useForm<{ code: string; name: string }>();

  const open = useCallback(
    (code?: string) => {
      if (onOpen) onOpen(code);
      else window.location.assign(code ? `${DESIGNER_PATH}?code=${encodeURIComponent(code)}` : DESIGNER_PATH);
    },
    [onOpen],
  );

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const res = await api.list({ page, limit, keyword: keyword || undefined, formType });
      setRows(res.rows);
      setTotal(res.totalRecord);
    } catch (e) {
      void message.error(errMsg(e));
    } finally {
      setLoading(false);
    }
  }, [api, page, limit, keyword, formType, message]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const onImport = async (file: File) => {
    try {
      const def = JSON.parse(await file.text()) as FormDefinition;
      const res = await api.importDefinition(def);
      void message.success(t('list.imported', { code: res.code }));
      await reload();
    } catch (e) {
      void message.error(e instanceof SyntaxError ? t('list.badFile') : errMsg(e));
    }
  };

  const onCopy = async (v: { code: string; name: string }) => {
    if (!copying) return;
    try {
      const init = await api.load(copying.code);
      const src = init.draft ?? init.published;
      if (!src) throw new Error(t('load.notFound', { code: copying.code }));
      await api.saveDraft(copyDefinition(src, v.code, { 'zh-CN': v.name }), 0);
      void message.success(t('list.copied', { code: v.code }));
      setCopying(null);
      await reload();
    } catch (e) {
      void message.error(errMsg(e));
    }
  };

  const formTypeName = (code: number) => Object.values(FORM_TYPES).find((ft) => ft.code === code)?.name[locale] ?? String(code);

  return (
    <div data-testid="form-list-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          onSearch={(v) => {
            setPage(1);
            setKeyword(v.trim());
          }}
          style={{ width: 220 }}
          data-testid="form-list-search"
        />
        <Select
          allowClear
          placeholder={t('form.formType')}
          aria-label={t('form.formType')}
          style={{ width: 180 }}
          value={formType}
          onChange={(v?: number) => {
            setPage(1);
            setFormType(v);
          }}
          options={Object.values(FORM_TYPES).map((ft) => ({ value: ft.code, label: ft.name[locale] }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open()} data-testid="form-create">
          {t('list.create')}
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} data-testid="form-import">
          {t('list.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="form-import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void onImport(f);
          }}
        />
      </Space>
      <Table<DefinitionSummary>
        rowKey="code"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: limit,
          total,
          pageSizeOptions: PAGINATION.pageSizes.map(String),
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          { title: t('form.name'), key: 'name', render: (_, r) => <Typography.Link onClick={() => open(r.code)}>{textOf(r.name, locale)}</Typography.Link> },
          { title: t('form.code'), dataIndex: 'code' },
          { title: t('form.formType'), key: 'formType', render: (_, r) => formTypeName(r.formType) },
          {
            title: t('list.status'),
            key: 'status',
            render: (_, r) => (
              <Tag color={r.status === 'published' ? 'green' : 'gold'} data-testid={`status-${r.code}`}>
                {t(`list.statuses.${r.status}`)}
              </Tag>
            ),
          },
          { title: t('list.version'), dataIndex: 'version' },
          { title: t('list.lastEditor'), dataIndex: 'rowModUser' },
          { title: t('list.lastDate'), dataIndex: 'rowModDate' },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => open(r.code)} data-testid={`edit-${r.code}`}>
                  {t('list.design')}
                </Button>
                {onOpenAsUser && r.version > 0 && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onOpenAsUser(r.code)}
                    data-testid={`open-${r.code}`}
                    aria-label={t('list.openTitle', { name: textOf(r.name, locale) })}
                  >
                    {t('list.open')}
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    copyForm.setFieldsValue({ code: `${r.code}_copy`.slice(0, 64), name: `${textOf(r.name, 'zh-CN')}${t('list.copySuffix')}` });
                    setCopying(r);
                  }}
                >
                  {t('list.copy')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    api.exportDefinition(r.code).then(
                      (d) => download(`${r.code}.json`, d),
                      (e: unknown) => void message.error(errMsg(e)),
                    )
                  }
                >
                  {t('list.export')}
                </Button>
                <Popconfirm
                  title={t('list.deleteConfirm', { name: textOf(r.name, locale) })}
                  okText={t('toolbar.delete')}
                  okButtonProps={{ 'data-testid': `delete-confirm-${r.code}` } as Record<string, string>}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    api.delete(r.code).then(
                      () => {
                        void message.success(t('list.deleted'));
                        return reload();
                      },
                      (e: unknown) => void message.error(errMsg(e)),
                    )
                  }
                >
                  <Button type="link" size="small" danger data-testid={`delete-${r.code}`}>
                    {t('toolbar.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={copying !== null}
        title={t('list.copyTitle')}
        okText={t('list.copy')}
        cancelText={t('common.cancel')}
        onCancel={() => setCopying(null)}
        onOk={() => copyForm.submit()}
        destroyOnHidden
      >
        <Form form={copyForm} layout="vertical" onFinish={(v) => void onCopy(v)}>
          <Form.Item
            name="code"
            label={t('form.code')}
            rules={[
              { required: true, message: t('create.codeRequired') },
              { pattern: /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/, message: t('create.codePattern') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('form.name')} rules={[{ required: true, message: t('create.nameRequired') }, { max: 200 }]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default FormListPage;
