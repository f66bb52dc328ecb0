import type { FileRef } from '../../schemas';
import type { WidgetProps } from '../types';
import { UploadList } from '../shared/UploadList';
import { inputAria } from '../shared/aria';

/** Attachment (21): a list of uploaded files (FileRef[]). */
export function Widget(props: WidgetProps<FileRef[]>) {
  return <UploadList kind="attachment" {...props} ariaProps={inputAria(props)} />;
}
