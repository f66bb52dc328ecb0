// The upload list of attachment (21) and image (97): upload through `services.upload` with
// progress, download, delete, size/type/count limits, and for images a preview with zoom.
import { useRef, useState } from 'react';
import { Button, Image, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { FieldDefinition, FileRef, Locale } from '../../schemas';
import type { WidgetServices } from '../types';
import { useWidgetT } from '../i18n';
import { checkFile, effectiveRules, type FileKind, type FileProblem } from './fileRules';
import { formatFileSize } from '../format';
import { canDownload, downloadThrough, useFileUrls } from './fileAccess';

export interface UploadListProps {
  id: string;
  kind: FileKind;
  field: FieldDefinition;
  value: FileRef[] | undefined;
  onChange: (value: FileRef[] | undefined) => void;
  services: WidgetServices;
  locale: Locale;
  disabled?: boolean;
  readOnly?: boolean;
  ariaProps?: Record<string, string | boolean | undefined>;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'error';
}

let pendingSeq = 0;

export function UploadList({ id, kind, field, value, onChange, services, locale, disabled, readOnly, ariaProps }: UploadListProps) {
  // a button takes a description, not required/invalid (axe aria-allowed-attr)
  const buttonAria = ariaProps?.['aria-describedby'] ? { 'aria-describedby': String(ariaProps['aria-describedby']) } : {};
  const t = useWidgetT(locale);
  const rules = effectiveRules(kind, field.file);
  const [pending, setPending] = useState<Pending[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const files = value ?? [];
  const current = useRef(files);
  current.current = files;
  const ro = readOnly || field.readonly;
  const canUpload = !!services.upload && !disabled && !ro;

  const describe = (p: FileProblem, name: string) =>
    p.kind === 'size'
      ? t('upload.tooLarge', { name, max: p.maxSizeMb })
      : p.kind === 'type'
        ? t('upload.wrongType', { name, accept: p.accept.join(', ') })
        : t('upload.tooMany', { max: p.maxCount });

  const start = async (file: File) => {
    const p = checkFile(file, rules, current.current.length + pending.length);
    if (p) {
      setProblem(describe(p, file.name));
      return;
    }
    setProblem(null);
    if (!services.upload) return;
    const uid = `pending-${++pendingSeq}`;
    setPending((list) => [...list, { uid, name: file.name, percent: 0, status: 'uploading' }]);
    try {
      const ref = await services.upload(file, (percent) => setPending((list) => list.map((x) => (x.uid === uid ? { ...x, percent } : x))));
      setPending((list) => list.filter((x) => x.uid !== uid));
      const next = [...current.current, ref];
      current.current = next;
      onChange(next);
    } catch {
      setPending((list) => list.map((x) => (x.uid === uid ? { ...x, status: 'error' } : x)));
      setProblem(t('upload.failed', { name: file.name }));
    }
  };

  // images need a URL to draw; other files are fetched only when downloaded
  const inline = useFileUrls(files, services, kind === 'image');
  const urlOf = (ref: FileRef) => (kind === 'image' ? inline[ref.id] : services.downloadUrl?.(ref));
  const download = async (ref: FileRef | undefined) => {
    if (!ref) return;
    try {
      await downloadThrough(services, ref);
    } catch {
      setProblem(t('upload.downloadFailed', { name: ref.name }));
    }
  };
  const fileList: UploadFile[] = [
    ...files.map((f) => ({
      uid: f.id,
      name: `${f.name}`,
      status: 'done' as const,
      size: f.size,
      type: f.type,
      url: urlOf(f),
      thumbUrl: kind === 'image' ? urlOf(f) : undefined,
    })),
    ...pending.map((p) => ({ uid: p.uid, name: p.name, status: p.status === 'error' ? ('error' as const) : ('uploading' as const), percent: p.percent })),
  ];

  const remove = async (file: UploadFile) => {
    if (ro || disabled) return false;
    const ref = files.find((f) => f.id === file.uid);
    if (!ref) {
      setPending((list) => list.filter((x) => x.uid !== file.uid));
      return true;
    }
    try {
      await services.deleteFile?.(ref);
    } catch {
      setProblem(t('upload.deleteFailed', { name: ref.name }));
      return false;
    }
    const next = current.current.filter((f) => f.id !== ref.id);
    current.current = next;
    onChange(next.length ? next : undefined);
    return true;
  };

  const full = files.length + pending.length >= rules.maxCount;
  const hint = t(kind === 'image' ? 'upload.imageHint' : 'upload.hint', {
    max: rules.maxSizeMb,
    count: rules.maxCount,
    accept: rules.accept.length ? rules.accept.join(', ') : t('upload.anyType'),
  });

  return (
    <div id={`${id}-list`} className={`fw-upload fw-upload-${kind}`} data-testid={`upload-${field.key}`}>
      <Upload
        fileList={fileList}
        listType={kind === 'image' ? 'picture-card' : 'text'}
        accept={rules.accept.join(',') || undefined}
        multiple={rules.maxCount > 1}
        disabled={!canUpload}
        beforeUpload={(file) => {
          void start(file);
          return Upload.LIST_IGNORE;
        }}
        onRemove={remove}
        onPreview={(file) => {
          if (kind === 'image' && file.url) setPreview(file.url);
          else void download(files.find((f) => f.id === file.uid));
        }}
        onDownload={(file) => void download(files.find((f) => f.id === file.uid))}
        showUploadList={{ showRemoveIcon: !ro && !disabled, showDownloadIcon: canDownload(services), showPreviewIcon: kind === 'image' }}
        itemRender={(node, file) => (
          <span title={file.size ? `${file.name} (${formatFileSize(file.size)})` : file.name} style={kind === 'image' ? { display: 'contents' } : undefined}>
            {node}
          </span>
        )}
      >
        {ro || full ? null : kind === 'image' ? (
          <button
            id={id}
            type="button"
            disabled={!canUpload}
            style={{ border: 0, background: 'none', cursor: canUpload ? 'pointer' : 'not-allowed' }}
            {...buttonAria}
          >
            <PlusOutlined aria-hidden="true" />
            <div style={{ marginTop: 8 }}>{t('upload.image')}</div>
          </button>
        ) : (
          <Button id={id} icon={<UploadOutlined aria-hidden="true" />} disabled={!canUpload} {...buttonAria}>
            {t('upload.button')}
          </Button>
        )}
      </Upload>
      {!services.upload && !ro ? <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{t('upload.unavailable')}</div> : null}
      {!ro ? <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)', marginTop: 4 }}>{hint}</div> : null}
      {problem ? (
        <div role="alert" data-testid="upload-problem" style={{ fontSize: 12, color: '#cf1322', marginTop: 4 }}>
          {problem}
        </div>
      ) : null}
      {kind === 'image' && preview ? (
        <Image
          style={{ display: 'none' }}
          alt=""
          src={preview}
          preview={{
            open: true,
            src: preview,
            onOpenChange: (open) => {
              if (!open) setPreview(null);
            },
          }}
        />
      ) : null}
    </div>
  );
}
