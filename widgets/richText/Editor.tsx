// The TipTap editor behind the rich-text widget (Widget.tsx loads this module on first use).
import { useEffect } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined, UndoOutlined, RedoOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FIELD_TYPES } from '../../schemas';
import type { WidgetProps } from '../types';
import { labelId } from '../shared/aria';
import { useWidgetT } from '../i18n';
import { isEmptyRichText, sanitizeRichText } from './sanitize';

/** Rich text (65): a TipTap editor; the value is sanitized HTML. */
export function RichTextEditor(props: WidgetProps<string>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale, error } = props;
  const t = useWidgetT(locale);
  const ro = !!(readOnly || field.readonly || disabled);
  const max = field.length ?? FIELD_TYPES.RICH_TEXT.defaultLength;
  const describedBy = [field.help ? `${id}-help` : null, error ? `${id}-error` : null, `${id}-count`].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] } })],
    content: sanitizeRichText(value ?? ''),
    editable: !ro,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId(id),
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(props.required ? { 'aria-required': 'true' } : {}),
        ...(ro ? { 'aria-readonly': 'true' } : {}),
        class: 'fw-richtext-content',
        style: 'min-height: 120px; padding: 8px 11px; outline: none;',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(isEmptyRichText(html) ? undefined : sanitizeRichText(html));
    },
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    editor?.setEditable(!ro);
  }, [editor, ro]);

  // follow the value when it changes from outside (not from typing)
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const incoming = sanitizeRichText(value ?? '');
    if (incoming !== editor.getHTML() && !(isEmptyRichText(incoming) && isEmptyRichText(editor.getHTML())))
      editor.commands.setContent(incoming, { emitUpdate: false });
  }, [editor, value]);

  const length = value?.length ?? 0;
  return (
    <div className="fw-richtext" style={{ border: `1px solid ${error ? '#ff4d4f' : '#d9d9d9'}`, borderRadius: 6, background: ro ? '#fafafa' : '#fff' }}>
      {ro ? null : <Toolbar editor={editor} t={t} />}
      <EditorContent editor={editor} />
      <div id={`${id}-count`} style={{ textAlign: 'end', fontSize: 12, padding: '0 8px 4px', color: length > max ? '#cf1322' : 'rgba(0,0,0,0.65)' }}>
        {t('richText.count', { count: length, max })}
      </div>
    </div>
  );
}

function Toolbar({ editor, t }: { editor: Editor | null; t: (k: string) => string }) {
  if (!editor) return null;
  const item = (key: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(`richText.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`richText.${key}`)}
        aria-pressed={active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div role="toolbar" aria-label={t('richText.toolbar')} style={{ borderBottom: '1px solid #f0f0f0', padding: 4 }}>
      <Space size={2} wrap>
        {item('bold', <BoldOutlined />, editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
        {item('italic', <ItalicOutlined />, editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run())}
        {item('bulletList', <UnorderedListOutlined />, editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run())}
        {item('orderedList', <OrderedListOutlined />, editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run())}
        {item('undo', <UndoOutlined />, false, () => editor.chain().focus().undo().run())}
        {item('redo', <RedoOutlined />, false, () => editor.chain().focus().redo().run())}
      </Space>
    </div>
  );
}
